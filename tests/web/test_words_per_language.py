"""A request's kept words follow Babel's language when it changes mid-request (force_locale, refresh)."""

import re

from flask import g
from flask_babel import force_locale
from flask_babel import refresh

from support import examples
from webscore.languages import DEFAULT
from webscore.languages import LANGUAGES
from webscore.languages import TRANSLATED
from webscore.scoring import score
from webscore.web.i18n import translating
from webscore.web.results.picture import words_of
from webscore.web.results.preview import mode_line

RULEBOOK = examples.load("rulebook-28")
FOUR = examples.load("four-players")
# The rulebook's town is a solo game without monuments whose player is an Engineer.
SOLO_LINES = {"en": "Solo · Without monuments · Engineer", "fr": "Solo · Sans monuments · Ingénieur",
              "hu": "Egyszemélyes · Emlékművek nélkül · Mérnök"}
FOUR_LINES = {"en": "Master Builder", "fr": "Maître d’œuvre", "hu": "Főépítész"}


def test_words_follow_force_locale_and_come_back_after_it(app):
    result = score(RULEBOOK)
    with app.test_request_context("/en/", headers={"Accept-Language": "en"}):
        g.lang = "en"
        assert translating.current_words().locale == "en"
        assert mode_line(RULEBOOK, result) == SOLO_LINES["en"]
        with force_locale("fr"):
            assert translating.current_words().locale == "fr"
            assert mode_line(RULEBOOK, result) == SOLO_LINES["fr"]
            assert mode_line(FOUR, score(FOUR)) == FOUR_LINES["fr"]
            with force_locale("hu"):
                assert translating.current_words().locale == "hu"
                assert mode_line(RULEBOOK, result) == SOLO_LINES["hu"]
            assert mode_line(RULEBOOK, result) == SOLO_LINES["fr"]
        assert translating.current_words().locale == "en"
        assert mode_line(RULEBOOK, result) == SOLO_LINES["en"]
        assert mode_line(FOUR, score(FOUR)) == FOUR_LINES["en"]


def test_words_follow_a_language_refreshed_within_the_request(app):
    result = score(RULEBOOK)
    with app.test_request_context("/hu/", headers={"Accept-Language": "en"}):
        assert translating.current_words().locale == "en"
        assert mode_line(RULEBOOK, result) == SOLO_LINES["en"]
        # What the error pages do once the address names the language.
        g.lang = "hu"
        refresh()
        assert translating.current_words().locale == "hu"
        assert mode_line(RULEBOOK, result) == SOLO_LINES["hu"]
        assert translating.page_words()["_"]("Without monuments") == "Emlékművek nélkül"


def test_a_label_kept_in_one_language_is_never_given_in_another(app):
    result = score(RULEBOOK)
    # A translation, the default, the other translations, then back to the first two.
    for lang in (*TRANSLATED[:1], DEFAULT, *TRANSLATED[1:], *TRANSLATED[:1], DEFAULT):
        with app.test_request_context("/{}/".format(lang)):
            g.lang = lang
            assert mode_line(RULEBOOK, result) == SOLO_LINES[lang]
            assert mode_line(FOUR, score(FOUR)) == FOUR_LINES[lang]


def test_link_previews_of_one_code_in_turn_each_speak_their_page_language(client):
    # Each in turn, then the default again and the others the other way round.
    for lang in (*LANGUAGES, DEFAULT, *reversed(TRANSLATED)):
        page = client.get("/{}/r/{}".format(lang, examples.RULEBOOK_CODE), headers={"Accept-Language": "en"})
        assert page.status_code == 200
        described = re.findall(r'<meta property="og:description" content="([^"]*)"', page.text)
        unit = {"en": " points", "fr": "\u00a0points", "hu": "\u00a0pont"}[lang]
        assert described == [SOLO_LINES[lang] + " — 1. Rulebook, 28" + unit]


def test_a_picture_drawn_under_force_locale_takes_the_words_of_that_language(app):
    result = score(RULEBOOK)
    drawn = {}
    for lang in LANGUAGES:
        with app.test_request_context("/{}/".format(lang)):
            g.lang = lang
            drawn[lang] = words_of(RULEBOOK, result)
    assert drawn["hu"]["mode"] == SOLO_LINES["hu"] and drawn["fr"]["mode"] == SOLO_LINES["fr"]
    with app.test_request_context("/en/"):
        g.lang = "en"
        assert words_of(RULEBOOK, result) == drawn["en"]
        for lang in reversed(TRANSLATED):
            with force_locale(lang):
                assert words_of(RULEBOOK, result) == drawn[lang]
        assert words_of(RULEBOOK, result) == drawn["en"]
