"""Every id the core and the flow give (reasons, problems, ranks, tie-breaks) has words in every language."""

import pathlib
import re

import pytest
from flask import g
from flask_babel import force_locale

from webscore.flow import result_town_pieces
from webscore.flow.text import problem_text
from webscore.languages import LANGUAGES
from webscore.scoring.game import SOLO_LOWEST_RANK
from webscore.scoring.game import SOLO_RANKS
from webscore.scoring.game import TIE_BREAKS
from webscore.scoring.game import TIE_SHARED
from webscore.web.i18n import labels
from webscore.web.i18n.problems import MESSAGES
from webscore.web.i18n.ui_words import ui_words
from webscore.web.i18n.words import page_words_of_browser

PACKAGE = pathlib.Path(__file__).resolve().parents[2] / "webscore"


def _source(*folders) -> str:
    return "\n".join(path.read_text() for folder in folders for path in sorted((PACKAGE / folder).glob("*.py")))


def reason_codes() -> set:
    """The reasons the rules return: `return points, "reason", n` in the card rules and the game."""
    rules = "\n".join((PACKAGE / "scoring" / name).read_text() for name in ("buildings.py", "monuments.py", "game.py"))
    return set(re.findall(r'return [^,\n]+, "([a-z-]+)", ', rules))


def problem_codes(source=None) -> set:
    """The problems the core's validation and the flow name: problem("code", …) and problem(key + "-…")."""
    source = source or _source("scoring", "flow").replace((PACKAGE / "scoring" / "pad.py").read_text(), "")
    codes = set(re.findall(r'problem\("([a-z_-]+)"', source))
    suffixes = set(re.findall(r'problem\((?:key|fact) \+ "(-[a-z-]+)"', source))
    facts = ("master_builder_turns", "shrine_buildings", "completed_before", "coins", "hollow_hill_swaps")
    return codes | {fact + suffix for fact in facts for suffix in suffixes}


def test_the_code_lists_are_found():
    assert {"fed", "unfed", "empty", "largest-group"} <= reason_codes()
    assert {"name-missing", "stored-not-a-count", "master_builder_turns-not-a-number",
            "completed_before-missing"} <= problem_codes()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_has_words(app, lang):
    with app.test_request_context("/{}/".format(lang)), force_locale(lang):
        g.lang = lang
        words = page_words_of_browser()
        for code in sorted(reason_codes()):
            # "fed" and its kin agree with the card they describe: a Cottage's words stand for them all here.
            text = result_town_pieces.reason(words, {"card": "cottage", "reason": code, "n": 2, "fed_by": None})
            assert text and "%(" not in text, code


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_problem_has_words(app, lang):
    with app.test_request_context("/{}/".format(lang)), force_locale(lang):
        words = page_words_of_browser()
        generic = problem_text(words, {"code": "no-such-code"})
        for code in sorted(problem_codes() - {"not-in-solo"}):
            assert code in MESSAGES, code
            assert problem_text(words, {"code": code, "value": None}) != generic, code
        assert "inn" not in problem_text(words, {"code": "not-in-solo", "value": "inn"}).lower() or lang == "en"


# A problem the words do not know (a core newer than its words) reads as a game that cannot be read, on the server
# and in the browser alike; a card left out of Solo that is no card of the game says so, its id never shown.
UNKNOWN_PROBLEM = {"en": "This game cannot be read.", "fr": "Impossible de lire cette partie.",
                   "hu": "Ezt a játszmát nem lehet beolvasni."}
UNKNOWN_CARD = {"en": "This is not a card of the game.", "fr": "Ce n’est pas une carte du jeu.",
                "hu": "Ez nem a játszma egyik kártyája."}
NOT_IN_SOLO = {"en": "Inn is not used in a solo game.", "fr": "La carte Auberge n’est pas utilisée en solo.",
               "hu": "Egyszemélyes játszmában ez a kártya nem szerepel: Fogadó."}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_problem_without_words_reads_as_a_game_that_cannot_be_read(app, lang):
    with app.test_request_context("/{}/".format(lang)), force_locale(lang):
        words = page_words_of_browser()
        assert problem_text(words, {"code": "no-such-code", "value": "x"}) == UNKNOWN_PROBLEM[lang]
        assert problem_text(words, {"code": "no-such-code"}) == UNKNOWN_PROBLEM[lang]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_card_left_out_of_solo_is_named_and_an_unknown_one_is_not(app, lang):
    with app.test_request_context("/{}/".format(lang)), force_locale(lang):
        words = page_words_of_browser()
        assert problem_text(words, {"code": "not-in-solo", "value": "inn"}) == NOT_IN_SOLO[lang]
        for value in ("no-such-card", None, ["inn"]):
            assert problem_text(words, {"code": "not-in-solo", "value": value}) == UNKNOWN_CARD[lang]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_problem_of_the_quick_score_pad_has_words(app, lang):
    with app.test_request_context("/{}/pad".format(lang)), force_locale(lang):
        pad_words = ui_words()["pad_problems"]
        for code in sorted(problem_codes((PACKAGE / "scoring" / "pad.py").read_text())):
            assert code in pad_words or code in MESSAGES, code


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rank_and_tie_break_has_words(app, lang):
    with app.test_request_context("/{}/".format(lang)), force_locale(lang):
        for rank in [title for _, title in SOLO_RANKS] + [SOLO_LOWEST_RANK]:
            assert str(labels.SOLO_RANKS[rank]), rank
        for tie in [rule[0] for rule in TIE_BREAKS] + [TIE_SHARED]:
            assert str(labels.TIE_BREAKS[tie]), tie
