"""The game file's keys for the expansions: coins, Tiny Trees, Hollow Hill's swaps; what Solo and Town Hall leave out."""

import pytest

from support.towns import game
from support.towns import player
from support.towns import town
from webscore.scoring import score
from webscore.scoring.validate import problems

EMPTY = ". . . ."


def codes(played) -> list:
    return [(p["code"], p["player"], p["value"]) for p in problems(played)]


def two(first: dict, coins=False, tiny_trees=False) -> dict:
    """Return a Master Builder game of `first` and Bo's empty town, with his coins (0) and seed (a1) as the game needs."""
    rival = player(town(EMPTY, EMPTY, EMPTY, EMPTY), name="Bo")
    if coins:
        rival["coins"] = 0
    if tiny_trees:
        rival["seed"] = "a1"
    return game(first, rival, coins=coins, tiny_trees=tiny_trees)


def test_a_town_not_entered_yet_is_not_asked_for_its_coins_or_seed():
    # A game just set up: every town empty, no coins or seed known yet; the first building asks for both.
    played = game(player(town(EMPTY, EMPTY, EMPTY, EMPTY)), player(town(EMPTY, EMPTY, EMPTY, EMPTY), name="Bo"),
                  coins=True, tiny_trees=True)
    assert problems(played) == []
    played["players"][0]["town"][0][0] = "cottage"
    assert codes(played) == [("coins-missing", 0, None), ("seed-missing", 0, None)]
    # Given for an empty town, they are checked as given.
    played["players"][1].update(coins=9, seed="z9")
    assert codes(played)[2:] == [("coins-out-of-range", 1, 9), ("seed-out-of-range", 1, "z9")]


def test_a_coins_game_is_valid_and_scored():
    played = two(player(town("cottage . . .", EMPTY, EMPTY, EMPTY), coins=4), coins=True)
    assert problems(played) == []
    assert score(played)["players"][0]["coins"]["left"] == 4


@pytest.mark.parametrize("coins, monument, expected", [
    (None, None, [("coins-missing", 0, None)]),
    (5, None, [("coins-out-of-range", 0, 5)]),
    (-1, None, [("coins-out-of-range", 0, -1)]),
    ("3", None, [("coins-out-of-range", 0, None)]),
    (True, None, [("coins-out-of-range", 0, None)]),
    # A fifth place in the chest, with each of the four monuments that add one, built.
    (5, "caterinas-grotto", []),
    (5, "estival-festival", []),
    (5, "the-petal-promenade", []),
    (5, "shrine-of-the-windseed", []),
    (6, "estival-festival", [("coins-out-of-range", 0, 6)]),
    # Chosen but not built: no fifth place.
    (5, "hollow-hill*", [("coins-out-of-range", 0, 5)]),
])
def test_the_coins_in_the_chest(coins, monument, expected):
    rows = ["cottage . . .", EMPTY, EMPTY, EMPTY]
    if monument and not monument.endswith("*"):
        rows[3] = ". . . " + monument
    ana = player(town(*rows), coins=coins)
    if monument and monument.endswith("*"):
        ana["monument"] = monument[:-1]
    assert codes(two(ana, coins=True)) == expected


def test_coins_in_a_game_without_them_are_named():
    played = two(player(town("cottage . . .", EMPTY, EMPTY, EMPTY), coins=2))
    assert codes(played) == [("coins-not-needed", 0, None)]


@pytest.mark.parametrize("value", ["yes", None, 1, 0])
def test_the_expansions_are_on_or_off(value):
    played = two(player(town("cottage . . .", EMPTY, EMPTY, EMPTY)))
    played["coins"] = value
    played["tiny_trees"] = value
    assert codes(played)[:2] == [("flag-not-true-or-false", None, "coins"), ("flag-not-true-or-false", None, "tiny_trees")]


def test_a_game_without_the_expansions_may_say_so():
    played = two(player(town("cottage . . .", EMPTY, EMPTY, EMPTY)))
    played.update(coins=False, tiny_trees=False)
    assert problems(played) == []


@pytest.mark.parametrize("seed, expected", [
    ("c3", []),
    # A player who put no seed down says so: the town is complete.
    ("none", []),
    (None, [("seed-missing", 0, None)]),
    ("None", [("seed-out-of-range", 0, "None")]),
    ("e5", [("seed-out-of-range", 0, "e5")]),
    (3, [("seed-out-of-range", 0, None)]),
])
def test_the_seed(seed, expected):
    played = two(player(town("cottage . . .", EMPTY, EMPTY, EMPTY), seed=seed), tiny_trees=True)
    assert codes(played) == expected


def test_a_seed_in_a_game_without_tiny_trees_is_named():
    assert codes(two(player(town("cottage . . .", EMPTY, EMPTY, EMPTY), seed="a1"))) == [("seed-not-needed", 0, None)]


@pytest.mark.parametrize("built, swaps, expected", [
    (True, 2, []),
    (True, None, [("hollow_hill_swaps-missing", 0, None)]),
    (True, 100, [("hollow_hill_swaps-out-of-range", 0, 100)]),
    (True, -1, [("hollow_hill_swaps-out-of-range", 0, -1)]),
    # Its owner may give them before it is built, as the Starloom's owner gives their place.
    (False, 2, []),
    (False, None, []),
])
def test_hollow_hills_swaps(built, swaps, expected):
    rows = ["hollow-hill . . ." if built else EMPTY, EMPTY, EMPTY, EMPTY]
    ana = player(town(*rows), hollow_hill_swaps=swaps)
    ana["monument"] = "hollow-hill"
    assert codes(two(ana)) == expected


def test_swaps_for_another_monument_are_named():
    ana = player(town("fort-ironweed . . .", EMPTY, EMPTY, EMPTY), hollow_hill_swaps=1)
    assert codes(two(ana)) == [("hollow_hill_swaps-not-needed", 0, None)]


def test_town_hall_leaves_the_oddity_shop_out():
    played = two(player(town("oddity-shop . . .", EMPTY, EMPTY, EMPTY)))
    played["mode"] = "town-hall"
    assert codes(played) == [("not-in-town-hall", None, "oddity-shop")]
    played["mode"] = "master-builder"
    assert problems(played) == []


@pytest.mark.parametrize("card", ["oddity-shop", "schoolhouse"])
def test_solo_leaves_fortunes_buildings_out(card):
    played = game(player(town(card + " . . .", EMPTY, EMPTY, EMPTY)), mode="solo")
    assert codes(played) == [("not-in-solo", None, card)]


def test_solo_leaves_the_southern_semaphore_out():
    played = game(player(town("southern-semaphore . . .", EMPTY, EMPTY, EMPTY)), mode="solo")
    assert codes(played) == [("not-in-solo", 0, "southern-semaphore")]


def test_every_fortune_card_is_known():
    played = two(player(town("root-cellar statue cathedral schoolhouse", "jeweler museum the-prism-forge .",
                             EMPTY, EMPTY)))
    assert problems(played) == []
