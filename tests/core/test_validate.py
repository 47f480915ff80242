"""Game-file validation: every mistake named with its player, square and problem."""

import copy

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from support import examples
from support.cases import MISTAKES as CASES
from support.cases import base_game
from support.cases import broken
from support.cases import set_square
from webscore.scoring import InvalidGame
from webscore.scoring import score
from webscore.scoring import validate
from webscore.scoring.validate import problems


def codes(game) -> list:
    return [(p["code"], p["player"], p["square"]) for p in problems(game)]


def test_base_game_is_valid():
    assert problems(base_game()) == []
    assert score(base_game())["players"][0]["name"] == "Ana"


def test_rulebook_file_is_valid():
    assert problems(examples.load("rulebook-28")) == []


@pytest.mark.parametrize("change, expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_each_mistake_is_named(change, expected):
    assert codes(broken(change)) == expected


def test_more_than_five_banks():
    game = base_game()
    game["buildings"][-1] = "bank"
    game["players"][1]["town"] = [["shrine-of-the-elder-tree", "bank", "bank", "bank"],
                                  ["bank", "bank", "bank", None], [None] * 4, [None] * 4]
    game["players"][1]["shrine_buildings"] = 1
    game["players"][0]["town"][1][3] = None
    del game["players"][0]["stored"]
    assert codes(game) == [("too-many-banks", 1, None)]


def test_solo_leaves_out_its_cards():
    game = base_game()
    game.update(mode="solo", players=[game["players"][1]])
    game["buildings"][-1] = "bank"
    game["players"][0]["monument"] = "fort-ironweed"
    game["players"][0]["town"][0][0] = None
    game["players"][0]["shrine_buildings"] = None
    assert codes(game) == [("not-in-solo", None, None), ("not-in-solo", 0, None)]


@pytest.mark.parametrize("value", [None, 3, "game", [1, 2], {"players": "x"}, {"players": [None]}])
def test_any_json_value_is_answered_with_problems(value):
    found = problems(value)
    assert found
    assert all(set(p) == {"code", "player", "square", "value"} for p in found)


def test_score_refuses_an_invalid_game_with_its_problems():
    game = broken(set_square(0, "c1", "bakery"))
    with pytest.raises(InvalidGame) as raised:
        score(game)
    assert [p["code"] for p in raised.value.problems] == ["building-not-in-game"]


def test_validation_does_not_change_the_game():
    game = base_game()
    before = copy.deepcopy(game)
    score(game)
    assert game == before


def test_unknown_keys_come_sorted_before_the_other_problems():
    broken = examples.load("four-players")
    broken.update({"zz": 1, "aa": 2, 3: 0, "mode": "x"})
    broken["buildings"] = ["cottage", "farm", "granary", "well", "chapel", "temple", "tavern"]
    broken["players"][1]["Name"] = "x"
    assert [(p["code"], p["player"], p["value"]) for p in problems(broken)] == [
        ("unknown-key", None, "3"), ("unknown-key", None, "aa"), ("unknown-key", None, "zz"),
        ("unknown-mode", None, "x"), ("one-per-colour", None, "red"), ("one-per-colour", None, "orange"),
        ("one-per-colour", None, "yellow"), ("one-per-colour", None, "navy")]


def test_building_problems_in_their_order():
    broken = examples.load("four-players")
    broken["buildings"] = ["well", "well", "farm", "chapel", "tavern", "theater", "factory", "bank"]
    assert [(p["code"], p["value"]) for p in problems(broken)] == [
        ("no-cottage", None), ("one-per-colour", "grey"), ("one-per-colour", "navy"), ("building-twice", None)]
    broken["buildings"] = ["cottage", "farm", "nope", "well", 5]
    assert [(p["code"], p["value"]) for p in problems(broken)][:1] == [("buildings-not-a-list", None)]
    broken["buildings"] = ["cottage", "farm", "nope", "well", "Cottage"]
    assert [(p["code"], p["value"]) for p in problems(broken)] == [
        ("unknown-building", "nope"), ("unknown-building", "Cottage")]


def test_a_players_unknown_keys_come_sorted_before_its_squares():
    broken = examples.load("four-players")
    broken["players"][1].update({"zeta": 1, "Alpha": 2, "name ": 3})
    broken["players"][3]["town"][0][0] = "nope"
    assert [(p["code"], p["player"], p["square"], p["value"]) for p in problems(broken)] == [
        ("unknown-key", 1, None, "Alpha"), ("unknown-key", 1, None, "name "), ("unknown-key", 1, None, "zeta"),
        ("unknown-card", 3, "a1", "nope")]


# What a town's squares may hold in a game file, most of them the game's buildings (base_game's, a Bank for the last)
# or empty, a few anything else: other buildings, monuments, unknown words and values that cannot be hashed.
GAMES_SQUARES = [None, "cottage", "farm", "well", "bank"]
OTHER_SQUARES = ["bakery", "fort-ironweed", "the-starloom", "castle", 3, [1], {"a": 1}]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(GAMES_SQUARES), min_size=16, max_size=16),
       st.lists(st.tuples(st.integers(0, 15), st.sampled_from(OTHER_SQUARES)), max_size=2),
       st.sampled_from([None, "the-starloom", "fort-ironweed", "bakery", "cottage", "nope", ["x"]]))
def test_a_town_read_at_once_has_the_problems_it_has_read_square_by_square(squares, others, monument):
    # _check_town reads a plain town (the game's buildings, empty squares, the player's monument once) at once: the
    # problems must be those the square-by-square reading finds, whatever the squares and the monument hold.
    for i, value in others:
        squares[i] = value
    game = base_game()
    game["buildings"][-1] = "bank"
    player = {"monument": monument}
    found = validate._check_town(game, player, 0, squares)
    try:
        validate._plain_town, kept = (lambda *_: False), validate._plain_town
        assert found == validate._check_town(game, player, 0, squares)
    finally:
        validate._plain_town = kept
