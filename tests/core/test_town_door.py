"""The live score's door: one town scored alone gives exactly that player's points in the whole game."""

import json

import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings

from support import examples
from support.strategies import games
from support.towns import game
from support.towns import player
from support.towns import town
from webscore.scoring import score_json
from webscore.scoring import score_town_json

PLACING = ("name", "place", "decided_by", "needs_turns", "solo_rank")


def whole_game_town(text: str, n: int) -> dict:
    """Return player n's part of the whole game's result, without what only places decide."""
    scored = json.loads(score_json(text))["result"]["players"][n]
    return {key: value for key, value in scored.items() if key not in PLACING}


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_each_town_alone_scores_as_in_the_whole_game(game_file):
    text = json.dumps(game_file)
    for n in range(len(game_file["players"])):
        assert json.loads(score_town_json(text, n)) == {"town": whole_game_town(text, n)}


def test_a_feast_hall_still_reads_the_town_on_its_right():
    left = player(town("feast-hall feast-hall . .", ". . . .", ". . . .", ". . . ."), name="Ana")
    right = player(town("feast-hall . . .", ". . . .", ". . . .", ". . . ."), name="Bo")
    text = json.dumps(game(left, right))
    # Bo's right is Ana (two Feast Halls): Bo's one scores 2; Ana's right is Bo (one): Ana's score 3 each.
    assert json.loads(score_town_json(text, 1))["town"]["by_colour"]["green"] == 2
    assert json.loads(score_town_json(text, 0))["town"]["by_colour"]["green"] == 6


def test_the_whole_game_is_checked_as_score_json_checks_it():
    broken = examples.load("four-players")
    broken["players"][2]["town"][0][0] = "castle-in-the-air"
    text = json.dumps(broken)
    assert json.loads(score_town_json(text, 0)) == {"problems": json.loads(score_json(text))["problems"]}
    assert json.loads(score_town_json("{oops", 0))["problems"][0]["code"] == "not-json"


def test_a_player_who_is_not_there():
    text = json.dumps(examples.load("rulebook-28"))
    assert json.loads(score_town_json(text, 1)) == {"no_player": 1}


def test_under_micropython_too(micropython_core):
    text = json.dumps(examples.load("four-players"))
    for n in range(4):
        assert micropython_core.score_town_json(text, n) == json.loads(score_town_json(text, n))
