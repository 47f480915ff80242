"""Template words are kept per language: a language settled late in a request never poisons the store."""

from flask import g
from flask_babel import get_locale

from webscore.web.i18n import translating


def test_a_word_translated_before_the_language_was_known_is_kept_for_that_language_only(app, client):
    with app.test_request_context("/fr/nowhere", headers={"Accept-Language": "en"}):
        assert str(get_locale()) == "en"
        g.lang = "fr"
        assert translating.template_gettext("Back to Marquoir") == "Back to Marquoir"
    page = client.get("/fr/r/AAAA")
    assert page.status_code == 400
    assert "Back to Marquoir" not in page.text


def test_an_error_page_speaks_the_language_of_its_address(client):
    for lang, title in (("fr", "Page introuvable"), ("hu", "Az oldal nem található")):
        page = client.get("/{}/nowhere/at/all".format(lang), headers={"Accept-Language": "en"})
        assert page.status_code == 404
        assert title in page.text, lang
