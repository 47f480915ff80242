"""Wordings checked one by one: a town's status and elision in French, the code errors, Hungarian words, counted words."""

import re

import pytest

from support import examples
from support.apps import new_app
from support.tables import Clock
from support.tables import empty_setup
from support.tables import town_code
from support.tables import town_op
from webscore.languages import LANGUAGES
from webscore.scoring import CodeError
from webscore.scoring import decode
from webscore.scoring import encode
from webscore.web.i18n import grammar

GAME = examples.load("four-players")
SETUP = encode(empty_setup(GAME))
JSON_CALL = {"X-Requested-With": "marquoir"}
CUT = {"en": "This link looks cut off. Copy the whole link and open it again.",
       "fr": "Ce lien semble coupé. Copiez le lien complet et ouvrez-le à nouveau.",
       "hu": "Ez a link csonkának tűnik. Másold ki a teljes linket, és nyisd meg újra."}
DAMAGED = {"en": "This link has been changed or damaged: its check does not match.",
           "fr": "Ce lien a été modifié ou abîmé\u00a0: sa clé de contrôle ne correspond pas.",
           "hu": "Ez a link módosult vagy megsérült: az ellenőrzőösszege nem egyezik."}


@pytest.fixture
def phone(tmp_path):
    return new_app(TABLES_CLOCK=Clock(), TABLES_DATABASE=str(tmp_path / "tables.sqlite3")).test_client()


def open_table(phone) -> str:
    """Open a table for the four-player setup; return its id."""
    page = phone.get("/fr/t/new?code=" + SETUP)
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page.text).group(1)
    answer = phone.post("/fr/t/new", data={"code": SETUP, "csrf_token": csrf})
    assert answer.status_code == 303
    return answer.location.rsplit("/", 1)[1]


def test_a_handed_in_town_is_terminee_in_french_while_the_button_stays_termine(phone):
    table = open_table(phone)
    for op in (town_op(GAME, 0), {"seq": 2, "done": True}):
        answer = phone.post("/fr/t/{}/1".format(table), json={"client": "phone-one-a", "op": op}, headers=JSON_CALL)
        assert answer.status_code == 200
    page = phone.get("/fr/t/" + table)
    assert page.status_code == 200
    assert re.findall(r'<span class="table-status">([^<]+)</span>', page.text) == [
        "Terminée", "Pas commencée", "Pas commencée", "Pas commencée"]
    assert '"done": "Termin\\u00e9e"' in page.text
    hungarian = phone.get("/hu/t/" + table)
    assert re.findall(r'<span class="table-status">([^<]+)</span>', hungarian.text)[0] == "Kész"
    # Its status and its total are one line, joined by the language's template, not two fragments side by side; the
    # total is the least Annabell's Feast Halls make until Dominika, on her right, hands her town in.
    said = '<span class="table-said"><span class="table-status">{}</span> · {} <span class="table-total">36\u00a0{}</span></span>'
    assert said.format("Terminée", "au moins", "points") in page.text
    assert said.format("Kész", "legalább", "pont") in hungarian.text
    town = phone.get("/fr/t/{}/2".format(table))
    assert town.status_code == 200
    assert '<button type="button" class="primary" data-action="done">Terminé</button>' in town.text


def test_a_town_heading_needs_no_elision_in_french(phone):
    # "Bourgade de Annabell" would want "d’Annabell": the French wording puts the name after a colon.
    page = phone.get("/fr/g/{}/1".format(encode(GAME)))
    assert page.status_code == 200
    assert "<title>Bourgade\u00a0: Annabell · Marquoir</title>" in page.text
    assert "<h1>Bourgade\u00a0: <bdi>Annabell</bdi></h1>" in page.text
    assert "de Annabell" not in page.text
    table = open_table(phone)
    town = phone.get("/fr/t/{}/1".format(table))
    assert town.status_code == 200
    assert "<h1>Bourgade\u00a0: <bdi>Annabell</bdi></h1>" in town.text


def test_the_question_before_scoring_empty_towns_needs_no_elision_in_french(phone):
    page = phone.get("/fr/g/{}/4/save".format(SETUP))
    assert page.status_code == 200
    assert ("<p>Bourgades vides ou à peine commencées\u00a0: Annabell, Bernadet, Csongork et Dominika."
            " Voir les scores quand même\u202f?</p>") in page.text


def message(page) -> str:
    return re.search(r"<main[^>]*>.*?<p[^>]*>([^<]+)</p>", page.text, re.S).group(1)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("missing", [1, 2, 3, 4, 10, 20, 37])
def test_a_code_cut_short_says_it_looks_cut_off(phone, lang, missing):
    page = phone.get("/{}/r/{}".format(lang, examples.RULEBOOK_CODE[:-missing]))
    assert page.status_code == 400
    assert message(page) == CUT[lang]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("code", ["AAAA", "hello", "AAAAAAAAAAAAAAAA", "zzzzzzzzzzzzz",
                                  examples.RULEBOOK_CODE[:5] + "Z" + examples.RULEBOOK_CODE[6:],
                                  examples.RULEBOOK_CODE + "AAAA"])
def test_a_garbage_or_changed_code_says_it_is_damaged(phone, lang, code):
    for path in ("/{}/r/{}".format(lang, code), "/{}/t/new?code={}".format(lang, code)):
        page = phone.get(path)
        assert page.status_code == 400
        assert message(page) == DAMAGED[lang]


def test_every_cut_of_every_example_reads_as_cut():
    for name in ("four-players", "rulebook-28"):
        code = encode(examples.load(name))
        for end in range(len(code)):
            with pytest.raises(CodeError) as refused:
                decode(code[:end])
            assert refused.value.reason == "truncated", code[:end]


def test_the_hungarian_table_pages_say_link_and_tap_one_way(phone):
    table = open_table(phone)
    pages = {"table": phone.get("/hu/t/" + table), "town": phone.get("/hu/t/{}/1".format(table)),
             "take": phone.get("/hu/t/{}/take".format(table), query_string={"town": town_code(GAME, 0)}),
             "results": phone.get("/hu/r/" + examples.RULEBOOK_CODE)}
    for page in pages.values():
        assert page.status_code == 200
        assert "hivatkoz" not in page.text.lower()
        assert "érint" not in page.text
    assert "Koppints a nevedre, és vidd be a városodat." in pages["table"].text
    assert "Ha kész, koppints a „Kész” gombra;" in pages["town"].text
    assert '<button type="button" data-action="reopen">Újbóli módosítás</button>' in pages["town"].text
    assert ("<p>Ez a link ennek a játékosnak a városát tartalmazza:</p>\n"
            "  <ul><li><bdi>Annabell</bdi></li></ul>") in pages["take"].text
    assert "Link megosztása" in pages["results"].text


# The browser picks a counted message's form by CLDR category; English once had only "other" ("1 points").
@pytest.mark.parametrize(("lang", "forms"), [
    ("en", {"one": "%(num)d change waiting to be sent.", "other": "%(num)d changes waiting to be sent."}),
    ("fr", {"one": "%(num)d\u00a0modification en attente d’envoi.", "many": "%(num)d\u00a0modifications en attente d’envoi.",
            "other": "%(num)d\u00a0modifications en attente d’envoi."}),
    ("hu", {"one": "%(num)d\u00a0módosítás elküldésre vár.", "other": "%(num)d\u00a0módosítás elküldésre vár."}),
])
def test_counted_words_for_the_browser_have_every_plural_form_of_the_language(lang, forms):
    app = new_app()
    with app.test_request_context("/{}/".format(lang)):
        app.preprocess_request()
        assert grammar.plural_forms("%(num)d change waiting to be sent.", "%(num)d changes waiting to be sent.") == forms
