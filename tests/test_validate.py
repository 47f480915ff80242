"""Game-file validation: every mistake named with its player, square and problem."""

import copy
import json
import pathlib

import pytest

from webscore.scoring import InvalidGame
from webscore.scoring import score
from webscore.scoring.validate import problems

GAMES = pathlib.Path(__file__).parent / "games"


def base_game() -> dict:
    """Return a valid two-player game to break in one place per test."""
    return {
        "mode": "master-builder",
        "monuments": True,
        "cavern": False,
        "buildings": ["cottage", "farm", "well", "chapel", "tavern", "theater", "warehouse"],
        "players": [
            {"name": "Ana", "monument": "the-starloom",
             "town": [["cottage", "farm", None, "well"], ["cottage", "chapel", "tavern", "warehouse"],
                      [None, None, "theater", "the-starloom"], ["tavern", "cottage", "well", None]],
             "master_builder_turns": 4, "stored": {"d2": 2}, "completed_before": 0},
            {"name": "Bo", "monument": "shrine-of-the-elder-tree",
             "town": [["shrine-of-the-elder-tree", None, None, None], [None] * 4, [None] * 4, [None] * 4],
             "shrine_buildings": 1},
        ],
    }


def codes(game) -> list:
    return [(p["code"], p["player"], p["square"]) for p in problems(game)]


def test_base_game_is_valid():
    assert problems(base_game()) == []
    assert score(base_game())["players"][0]["name"] == "Ana"


def test_rulebook_file_is_valid():
    assert problems(json.loads((GAMES / "rulebook-28.json").read_text())) == []


def broken(change) -> dict:
    game = base_game()
    change(game)
    return game


def _set_square(player, square, card):
    def change(game):
        game["players"][player]["town"][int(square[1]) - 1]["abcd".index(square[0])] = card
    return change


CASES = [
    ("unknown id on a square", _set_square(0, "c1", "castle"), [("unknown-card", 0, "c1")]),
    ("building not in this game", _set_square(0, "c1", "bakery"), [("building-not-in-game", 0, "c1")]),
    ("someone else's monument", _set_square(0, "c1", "fort-ironweed"), [("not-players-monument", 0, "c1")]),
    ("two monument squares", _set_square(0, "c1", "the-starloom"), [("second-monument", 0, "d3")]),
    ("more than 3 stored", lambda g: g["players"][0]["stored"].update(d2=4), [("stored-over-3", 0, "d2")]),
    ("stored as text", lambda g: g["players"][0]["stored"].update(d2="2"), [("stored-not-a-count", 0, "d2")]),
    ("stored as true", lambda g: g["players"][0]["stored"].update(d2=True), [("stored-not-a-count", 0, "d2")]),
    ("stored off a warehouse", lambda g: g["players"][0]["stored"].update(a1=1),
     [("stored-not-on-warehouse", 0, "a1")]),
    ("stored on no square", lambda g: g["players"][0]["stored"].update(z9=1),
     [("stored-not-on-warehouse", 0, None)]),
    ("town of 3 rows", lambda g: g["players"][1]["town"].pop(), [("town-not-4x4", 1, None)]),
    ("row of 5", lambda g: g["players"][1]["town"][0].append(None), [("town-not-4x4", 1, None)]),
    ("shrine count missing", lambda g: g["players"][1].pop("shrine_buildings"),
     [("shrine_buildings-missing", 1, None)]),
    ("shrine count above the town", lambda g: g["players"][1].update(shrine_buildings=2),
     [("shrine_buildings-out-of-range", 1, None)]),
    ("shrine count without a shrine", lambda g: g["players"][0].update(shrine_buildings=3),
     [("shrine_buildings-not-needed", 0, None)]),
    ("starloom count missing", lambda g: g["players"][0].pop("completed_before"),
     [("completed_before-missing", 0, None)]),
    ("starloom count past the other players", lambda g: g["players"][0].update(completed_before=2),
     [("completed_before-out-of-range", 0, None)]),
    ("negative turns", lambda g: g["players"][0].update(master_builder_turns=-1),
     [("master_builder_turns-out-of-range", 0, None)]),
    ("turns in town hall", lambda g: g.update(mode="town-hall"), [("master_builder_turns-not-needed", 0, None)]),
    ("unknown mode", lambda g: g.update(mode="coop"), [("unknown-mode", None, None)]),
    ("unknown key", lambda g: g.update(colour="blue"), [("unknown-key", None, None)]),
    ("unknown player key", lambda g: g["players"][1].update(score=3), [("unknown-key", 1, None)]),
    ("flag not a boolean", lambda g: g.update(cavern="no"), [("flag-not-true-or-false", None, None)]),
    ("no cottage", lambda g: g["buildings"].__setitem__(0, "shed"),
     [("no-cottage", None, None), ("one-per-colour", None, None)]),
    ("two of a colour", lambda g: g["buildings"].__setitem__(1, "bakery"),
     [("one-per-colour", None, None), ("one-per-colour", None, None)]),
    ("unknown building", lambda g: g["buildings"].__setitem__(1, "castle"), [("unknown-building", None, None)]),
    ("no players", lambda g: g.update(players=[]), [("player-count", None, None)]),
    ("seven players", lambda g: g.update(players=g["players"] * 3 + [g["players"][0]]), [("player-count", None, None)]),
    ("solo with two players", lambda g: (g.update(mode="solo"), [p.pop("master_builder_turns", None)
                                                                  for p in g["players"]]),
     [("solo-needs-one-player", None, None)]),
    ("empty name", lambda g: g["players"][1].update(name="  "), [("name-missing", 1, None)]),
    ("long name", lambda g: g["players"][1].update(name="x" * 25), [("name-too-long", 1, None)]),
    ("same monument twice", lambda g: g["players"][1].update(monument="the-starloom", town=[[None] * 4] * 4,
                                                             shrine_buildings=None),
     [("monument-taken", 1, None)]),
    ("monument in a game without", lambda g: g.update(monuments=False),
     [("monuments-off", 0, None), ("monuments-off", 1, None)]),
    ("unknown monument", lambda g: g["players"][1].update(monument="eiffel"),
     [("unknown-monument", 1, None), ("not-players-monument", 1, "a1")]),
    ("game not an object", lambda g: g.clear(), [("unknown-mode", None, None), ("flag-not-true-or-false", None, None),
                                                 ("flag-not-true-or-false", None, None),
                                                 ("buildings-not-a-list", None, None), ("player-count", None, None)]),
]


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
    game = broken(_set_square(0, "c1", "bakery"))
    with pytest.raises(InvalidGame) as raised:
        score(game)
    assert [p["code"] for p in raised.value.problems] == ["building-not-in-game"]


def test_validation_does_not_change_the_game():
    game = base_game()
    before = copy.deepcopy(game)
    score(game)
    assert game == before
