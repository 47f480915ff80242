"""The feeding search that skips choices that cannot win gives exactly the full search's answer."""

from support.feeding_towns import WORST
from support.feeding_towns import feeding_towns
from support.feeding_towns import same_as_full_search
from support.feeding_towns import town_from_rows

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
