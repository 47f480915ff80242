"""Every way a town can feed and spend its coins, tried one by one: what the core's choice must never lose to.

The ways are built up as {fed squares: fewest coins spent}: the fixed feeders' squares, then any set of
lines (a coin each, with a Root Cellar), any distinct groups for the Greenhouses, any squares up to the
Farms' capacity, and any squares more at a coin per 2 (with a Tithe Barn). Each is worth the points the
cards' own rules give the squares that care about feeding, plus the coins kept at their worth.
"""

from webscore.scoring.cellar_lines import LINES
from webscore.scoring.feeding import FARM_CAPACITY
from webscore.scoring.feeding import FEED_DEPENDENT
from webscore.scoring.feeding import Feeding
from webscore.scoring.feeding import is_feedable
from webscore.scoring.monuments import CARD_RULES
from webscore.scoring.monuments import coin_worth
from webscore.scoring.town import combinations
from webscore.scoring.town import groups


def _subsets(items: tuple, most: int):
    """Yield every subset of items of at most `most` of them."""
    for size in range(min(most, len(items)) + 1):
        yield from combinations(items, size)


def _widened(ways: dict, choices) -> dict:
    """Return the ways after one more kind of feeding: choices(fed, spent) yields (more squares, coins)."""
    found = {}
    for fed, spent in ways.items():
        for more, coins in choices(fed, spent):
            wider = fed | frozenset(more)
            if wider not in found or spent + coins < found[wider]:
                found[wider] = spent + coins
    return found


def all_ways(town) -> dict:
    """Return {fed squares: fewest coins spent} for every way the town can be fed."""
    feeding = Feeding(town.squares)
    coins = town.coins or 0
    feedable = tuple(feeding.feedable)
    ways = {feeding.fixed: 0}
    if feeding.cellars and coins:
        lines = tuple(tuple(i for i in line if is_feedable(town.squares[i])) for _, line in LINES)
        ways = _widened(ways, lambda fed, spent: (
            (tuple(i for line in chosen for i in line), len(chosen)) for chosen in _subsets(lines, coins - spent)))
    found = tuple(groups(town.squares, is_feedable))
    ways = _widened(ways, lambda fed, spent: (
        (tuple(i for group in chosen for i in group), 0) for chosen in _subsets(found, len(feeding.greenhouses))))
    ways = _widened(ways, lambda fed, spent: (
        (chosen, 0) for chosen in _subsets(feedable, FARM_CAPACITY * len(feeding.farms))))
    if feeding.barns and coins:
        ways = _widened(ways, lambda fed, spent: (
            (chosen, (len(chosen) + 1) // 2) for chosen in _subsets(feedable, 2 * (coins - spent))))
    return ways


def worth_of(town, fed, spent: int) -> int:
    """Return the points of the squares that care about feeding for a fed set, plus the coins kept."""
    kept = town.fed
    town.fed = frozenset(fed)
    made = sum(CARD_RULES[town.squares[i]](town, i)[0] for i in range(16) if town.squares[i] in FEED_DEPENDENT)
    town.fed = kept
    return made + coin_worth(town) * ((town.coins or 0) - spent)


def best_of_all_ways(town) -> int:
    """Return the most any way of feeding and spending makes (see worth_of)."""
    return max(worth_of(town, fed, spent) for fed, spent in all_ways(town).items())
