"""The feeding and spending searches choose as they did before they were rewritten for MicroPython's costs.

support.search_before is the code as it was; over seeded random towns crowded with what makes feeding and
spending a choice (Cottages and the needy cards beside them, Root Cellars, Tithe Barns, Farms, Greenhouses,
the Grand Mausoleum, the Estival Festival, coins), both give the same fed squares and feeders, the same coins
spent, and the same scored town.
"""

import random
from unittest import mock

import pytest

from support.feeding_towns import mixed_town as temple_town
from support.search_before import feeding as before
from webscore.scoring import capacity
from webscore.scoring import capacity_bounds
from webscore.scoring import feeding
from webscore.scoring.board import TownView
from webscore.scoring.feeding_worths import EVALUATIONS
from webscore.scoring.game import score_town
from webscore.scoring.town import NAMES

CROWD = ["cottage"] * 8 + ["temple", "temple", "parsonage", "parsonage", "schoolhouse", "schoolhouse", "schoolhouse",
                           "chapel", "well", None, "abbey", "barrett-castle", "eraflage-vineyard",
                           "grand-mausoleum-of-the-rodina", "estival-festival", "theater", "tavern"]
FEEDERS = ("root-cellar", "tithe-barn", "farm", "greenhouse", "granary", "orchard")
NEEDY = ["cottage"] * 6 + ["schoolhouse"] * 3 + ["temple", "temple", "parsonage", None, "barrett-castle",
                                                 "eraflage-vineyard"]
MONUMENTS = ("grand-mausoleum-of-the-rodina", "estival-festival", "barrett-castle")
CROWDED = ["cottage"] * 8 + ["temple"] * 3 + ["schoolhouse"] * 3 + ["parsonage"] * 2 + [
    "barrett-castle", None, "grand-mausoleum-of-the-rodina"]
TOWNS = 1500


def mixed_town(rng: random.Random) -> tuple:
    """Return (squares, coins, the right neighbour's coins) of a town of every kind of card."""
    crowd = CROWD + list(rng.sample(FEEDERS, rng.choice((1, 1, 2, 3)))) * rng.randint(1, 3)
    if rng.random() < 0.5:
        crowd += ["cottage"] * 6 + ["schoolhouse", "temple", "parsonage"] * rng.randint(0, 3)
    coins = rng.choice((None, 0, 1, 2, 3, 4, 5))
    right = rng.choice((None, 0, 1, 2, 3, 4, 5)) if coins is not None else None
    return [rng.choice(crowd) for _ in range(16)], coins, right


def needy_town(rng: random.Random) -> tuple:
    """Return (squares, coins, the right neighbour's coins) of a town of Cottages and needy cards, Fortune's feeders."""
    feeders = rng.sample(["root-cellar", "tithe-barn", "farm", "greenhouse"], rng.choice((1, 1, 1, 2)))
    squares = [rng.choice(NEEDY + feeders) for _ in range(16)]
    for _ in range(rng.choice((0, 1, 1, 2))):
        squares[rng.randrange(16)] = rng.choice(MONUMENTS)
    return squares, rng.choice((1, 2, 3, 4, 5)), rng.choice((0, 0, 1, 2, 3, 4, 5))


def crowded_town(rng: random.Random) -> tuple:
    """Return (squares, coins, the right neighbour's coins) of a town of Cottages crowded beside Temples, Schoolhouses
    and Parsonages, a Farm or a Tithe Barn (1 to 5 coins), or both, choosing among many of them."""
    squares = [rng.choice(CROWDED) for _ in range(16)]
    feeders = rng.choice((("farm",), ("tithe-barn",), ("farm", "tithe-barn")))
    for feeder in feeders:
        squares[rng.randrange(16)] = feeder
    if "tithe-barn" not in feeders:
        return squares, None, None
    return squares, rng.randint(1, 5), rng.randint(0, 5)


def fed(choose, squares: list, coins, right) -> tuple:
    """Return (the feeding chosen, the fed squares, the coins' spending) of a fresh town view."""
    town = TownView(squares, sorted({card for card in squares if card}), coins=coins, right_coins=right)
    return choose(town), sorted(town.fed), town.spending


@pytest.mark.parametrize("seed", [20261205, 20261206])
def test_the_searches_choose_as_before(seed):
    rng = random.Random(seed)
    for n in range(TOWNS):
        squares, coins, right = needy_town(rng) if n % 2 else mixed_town(rng)
        assert fed(feeding.choose_feeding, squares, coins, right) == fed(before.choose_feeding, squares, coins, right), \
            (squares, coins, right)


def test_a_town_scores_as_the_search_before_feeds_it():
    rng = random.Random(20261207)
    for _ in range(300):
        squares, coins, right = needy_town(rng)
        scored = score_town(TownView(squares, sorted({card for card in squares if card}), coins=coins, right_coins=right))
        again = TownView(squares, sorted({card for card in squares if card}), coins=coins, right_coins=right)
        fed_by = before.choose_feeding(again)
        assert scored["fed"] == [NAMES[i] for i in sorted(fed_by)]
        assert scored["coins"] == (again.spending or {"lines": [], "paid": [], "spent": 0, "left": coins})


def test_scoring_every_choice_of_few_neighbours_chooses_as_the_bounded_walk():
    # A walk with few choices scores them all at once (capacity._Walk.every, lanes.py), and a walk with room for every
    # neighbour scores that one choice (whole()); walked one by one with its bounds and the neighbours each does as much
    # as (take(), AT_ONCE_CHOICES 0, whole() passed to take()), the same choice is kept, ties included: in Fortune's
    # order (needy towns) and the base game's (Farms among Temples and Chapels).
    rng = random.Random(20261208)
    scored = {(most_first, kind): 0 for most_first in (True, False) for kind in ("every", "whole")}
    every, whole = capacity._Walk.every, capacity._Walk.whole

    def counted_every(walk, size, made):
        scored[walk.most_first, "every"] += 1
        every(walk, size, made)

    def counted_whole(walk, made):
        scored[walk.most_first, "whole"] += 1
        whole(walk, made)

    def bounded_whole(walk, made):
        walk.take(len(walk.worth), made)

    for n in range(2400):
        if not n % 3:
            squares, coins, right = needy_town(rng)
        else:
            squares, coins, right = temple_town(rng, ("farm",) * rng.randint(1, 2)), None, None
        with mock.patch.object(capacity._Walk, "every", counted_every), \
                mock.patch.object(capacity._Walk, "whole", counted_whole):
            found = fed(feeding.choose_feeding, squares, coins, right)
        with mock.patch.object(capacity, "AT_ONCE_CHOICES", 0), mock.patch.object(capacity._Walk, "whole", bounded_whole):
            assert found == fed(feeding.choose_feeding, squares, coins, right), (squares, coins, right)
    assert min(scored.values()) > 40, scored


def test_a_walk_whose_first_choice_pays_every_card_chooses_as_before():
    # A walk of every choice (capacity._Walk.every) scores its first choice alone, and when that pays every card and
    # feeds the best squares (Neighbours.all_paid) scores no other. Among Cottages crowded beside needy cards it chooses
    # as the search before did, ties included, and in some towns it scores fewer choices than the same search without
    # that stop.
    rng = random.Random(20261210)
    spared = 0
    for _ in range(2000):
        squares, coins, right = crowded_town(rng)
        start = EVALUATIONS[0]
        found = fed(feeding.choose_feeding, squares, coins, right)
        scored = EVALUATIONS[0] - start
        assert found == fed(before.choose_feeding, squares, coins, right), (squares, coins, right)
        start = EVALUATIONS[0]
        with mock.patch.object(capacity_bounds.Neighbours, "all_paid", return_value=10 ** 6):
            fed(feeding.choose_feeding, squares, coins, right)
        spared += scored < EVALUATIONS[0] - start
    assert spared >= 60, spared
