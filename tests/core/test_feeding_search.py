"""The feeding search that skips choices that cannot win gives exactly the full search's answer."""

import random

import pytest

from support.feeding_towns import REDS
from support.feeding_towns import WORST
from support.feeding_towns import feeding_towns
from support.feeding_towns import mixed_town
from support.feeding_towns import same_as_full_search
from support.feeding_towns import town_from_rows
from webscore.scoring.board import TownView
from webscore.scoring.cards import BUILDINGS

# 20,000 more run in tests/bench/feeding_equal.py; these keep the suite quick.
RANDOM_TOWNS = 4000


def test_the_same_feeding_as_the_full_search_on_random_towns():
    searched = 0
    for town in feeding_towns(20261130, RANDOM_TOWNS):
        _, old_count, _ = same_as_full_search(town)
        searched += old_count > 1
    # The towns are crowded enough that a good share of them has a real choice to make.
    assert searched > RANDOM_TOWNS // 20


def test_the_worst_town_of_the_full_search_takes_two_scorings():
    fed, old_count, new_count = same_as_full_search(town_from_rows(*WORST))
    # One scoring with everything fed sets the bound; the first choice with eight fed reaches it.
    assert (old_count, new_count) == (1013, 2)
    assert sorted(fed) == [1, 3, 4, 5, 6, 7, 8, 10]


def test_a_town_with_one_choice_is_not_scored_to_choose_it():
    # Five Cottages and a Temple: the Orchard (a3) feeds its row and column, the Farm (b2) the two
    # Cottages left, so there is nothing to compare.
    town = town_from_rows("cottage temple cottage .", "cottage farm cottage .", "orchard . . .", "cottage . . .")
    fed, old_count, new_count = same_as_full_search(town)
    assert (old_count, new_count) == (1, 0)
    assert fed == {0: [8], 2: [5], 4: [8], 6: [5], 12: [8]}


def test_a_town_whose_farm_cannot_feed_all_still_compares_its_choices():
    town = town_from_rows("cottage temple cottage cottage", "cottage farm cottage .", ". . . .", ". . . .")
    fed, _, new_count = same_as_full_search(town)
    assert new_count >= 1
    # The Temple's two neighbours (a1, c1) and two of the others are fed; one Cottage is left out.
    assert len(fed) == 4 and {0, 2} <= set(fed)


def test_mixed_feeders_feed_as_the_full_search_does():
    # Every red feeder in one town (no game deals them so, but the search must not care), or a single one.
    rng = random.Random(912)
    skipped = compared = 0
    for n in range(3000):
        feeders = tuple(rng.sample(REDS, rng.randint(1, 4))) if n % 3 else (rng.choice(REDS),)
        squares = mixed_town(rng, feeders)
        town = TownView(squares, sorted({card for card in squares if card in BUILDINGS}))
        _, _, count = same_as_full_search(town)
        skipped += count == 0
        compared += count > 1
    # Both ways are walked many times: the one-choice shortcut, and a real comparison of choices.
    assert skipped > 1000 and compared > 100


@pytest.mark.parametrize("rows, expected", [
    # No feeder at all: Temples and Chapels score on nothing fed.
    (("cottage temple cottage chapel", "cottage cottage . .", ". . . .", ". . . ."), {}),
    # A Granary and an Orchard only.
    (("cottage granary cottage .", "cottage . . orchard", "temple cottage . cottage", ". . . ."),
     {0: [1], 2: [1], 4: [1, 7], 11: [7]}),
    # Two Greenhouses, two groups (one with the Castle): one way to pick, and nothing left for the Farm.
    (("greenhouse cottage . greenhouse", ". cottage . .", ". . cottage cottage", "farm . barrett-castle cottage"),
     {1: [0], 5: [0], 10: [3], 11: [3], 14: [3], 15: [3]}),
    # Exactly as many unfed Cottages as two Farms feed, a Temple between them.
    (("farm cottage temple cottage", "cottage cottage cottage cottage", "cottage farm . .",
      "grand-mausoleum-of-the-rodina . . ."),
     {1: [0], 3: [0], 4: [0], 5: [0], 6: [9], 7: [9], 8: [9]}),
])
def test_towns_with_one_choice_are_fed_without_a_scoring(rows, expected):
    fed, _, count = same_as_full_search(town_from_rows(*rows))
    assert (fed, count) == (expected, 0)


def test_one_greenhouse_between_two_groups_still_compares_them():
    # The Temple's group beats the lone Cottage's: a choice, so scored.
    town = town_from_rows("greenhouse . . cottage", ". . . .", "cottage temple . .", "cottage . . .")
    fed, _, count = same_as_full_search(town)
    assert count >= 1
    assert fed == {8: [0], 12: [0]}
