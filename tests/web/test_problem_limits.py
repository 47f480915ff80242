"""The limits a problem's words say are the core's own (issue 49): each lives once, as a constant, and the messages
in every language show its value, never a number typed into the words."""

import re

import pytest
from flask_babel import force_locale

from support.cases import base_game
from webscore.flow.text import problem_text
from webscore.scoring import pad
from webscore.scoring.cards import BIG_CHEST
from webscore.scoring.cards import CHEST
from webscore.scoring.cards import MAX_BANKS
from webscore.scoring.cards import MAX_STORED
from webscore.scoring.expansions import MAX_SWAPS
from webscore.scoring.names import MAX_NAME
from webscore.scoring.validate import MAX_PLAYERS
from webscore.scoring.validate import MAX_TURNS
from webscore.scoring.validate import problems
from webscore.web.i18n.problems import MESSAGES
from webscore.web.i18n.words import page_words_of_browser

# The texts the core's limits give today, in each language: a constant changed changes them, and nothing else does.
LIMITS = {
    "en": {"name-too-long": "Keep names to {} characters.".format(MAX_NAME),
           "player-count": "A game has 1 to {} players.".format(MAX_PLAYERS),
           "too-many-banks": "A town holds at most {} Banks.".format(MAX_BANKS),
           "stored-over-3": "A Warehouse stores at most {} resources.".format(MAX_STORED),
           "stored-not-a-count": "Enter how many resources are stored, from 0 to {}.".format(MAX_STORED),
           "master_builder_turns-out-of-range": "Enter a number of turns from 0 to {}.".format(MAX_TURNS),
           "coins-out-of-range": "A chest holds 0 to {} coins, or {} with a monument that adds a place.".format(
               CHEST, BIG_CHEST),
           "hollow_hill_swaps-out-of-range": "Count from 0 to {}.".format(MAX_SWAPS)},
    "fr": {"name-too-long": "Un nom compte au plus {}\u00a0caractères.".format(MAX_NAME),
           "player-count": "Une partie se joue de 1\u00a0à {}\u00a0joueurs.".format(MAX_PLAYERS),
           "too-many-banks": "Une bourgade compte au plus {}\u00a0banques.".format(MAX_BANKS),
           "stored-over-3": "Un entrepôt stocke au plus {}\u00a0ressources.".format(MAX_STORED),
           "stored-not-a-count": "Indiquez combien de ressources sont stockées, de 0\u00a0à {}.".format(MAX_STORED),
           "master_builder_turns-out-of-range": "Indiquez un nombre de tours entre 0\u00a0et {}.".format(MAX_TURNS),
           "coins-out-of-range": "Un coffre contient de 0\u00a0à {}\u00a0pièces, ou {}\u00a0avec un monument qui y "
                                 "ajoute une place.".format(CHEST, BIG_CHEST),
           "hollow_hill_swaps-out-of-range": "Indiquez un nombre entre 0\u00a0et {}.".format(MAX_SWAPS)},
    "hu": {"name-too-long": "A név legfeljebb {}\u00a0karakter lehet.".format(MAX_NAME),
           "player-count": "Egy játszmában 1–{}\u00a0játékos vehet részt.".format(MAX_PLAYERS),
           "too-many-banks": "Egy városban legfeljebb {}\u00a0bank állhat.".format(MAX_BANKS),
           "stored-over-3": "Egy raktár legfeljebb {}\u00a0nyersanyagot tárol.".format(MAX_STORED),
           "stored-not-a-count": "Add meg, hány nyersanyag van rajta tárolva (0–{}).".format(MAX_STORED),
           "master_builder_turns-out-of-range": "Adj meg 0\u00a0és {}\u00a0közötti körszámot.".format(MAX_TURNS),
           "coins-out-of-range": "Egy ládában 0–{}\u00a0érme fér el, vagy {}, ha egy emlékmű még egy helyet ad "
                                 "hozzá.".format(CHEST, BIG_CHEST),
           "hollow_hill_swaps-out-of-range": "Adj meg egy számot 0\u00a0és {}\u00a0között.".format(MAX_SWAPS)},
}


def test_the_limits_are_the_ones_the_messages_said():
    assert (MAX_NAME, MAX_PLAYERS, MAX_BANKS, MAX_STORED, MAX_TURNS, CHEST, BIG_CHEST, MAX_SWAPS) == \
        (24, 6, 5, 3, 999, 4, 5, 99)


@pytest.mark.parametrize("lang", sorted(LIMITS))
def test_a_limit_is_worded_with_the_cores_value(app, lang):
    with app.test_request_context("/{}/".format(lang)), force_locale(lang):
        words = page_words_of_browser()
        for code, text in LIMITS[lang].items():
            assert str(MESSAGES[code]) == text, code
            assert problem_text(words, {"code": code, "value": None}) == text, code


def test_no_message_types_a_limit_in():
    # 0 and 1 are where counts start; a1 to d4 name squares, {"b4": 2} is a sample of a game file.
    for code, message in MESSAGES.items():
        msgid = message._args[0]
        typed = set(re.findall(r"\d+", re.sub(r'\b[a-d][1-4]\b|\{[^{}]*\}', "", msgid))) - {"0", "1"}
        assert not typed, (code, msgid)


def test_the_turns_limit_is_the_one_the_core_keeps():
    game = base_game()
    game["players"][0]["master_builder_turns"] = MAX_TURNS
    assert problems(game) == []
    game["players"][0]["master_builder_turns"] = MAX_TURNS + 1
    assert [found["code"] for found in problems(game)] == ["master_builder_turns-out-of-range"]
    assert pad.RANGES["master_builder_turns"] == (0, MAX_TURNS)
