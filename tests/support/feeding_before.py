"""The feeding choice as it was before the search skipped choices that cannot win, kept frozen.

Only the equality tests and the benchmark read it: the core's faster search must give exactly this
answer (the same fed squares, the same feeders) on every town.
"""

from webscore.scoring.buildings import RULES as BUILDING_RULES
from webscore.scoring.cards import BARRETT_CASTLE
from webscore.scoring.cards import COTTAGE
from webscore.scoring.monuments import RULES as MONUMENT_RULES
from webscore.scoring.town import ADJACENT
from webscore.scoring.town import SQUARES
from webscore.scoring.town import SURROUNDING
from webscore.scoring.town import column_of
from webscore.scoring.town import combinations
from webscore.scoring.town import groups
from webscore.scoring.town import row_of

# Barrett Castle is feedable, so it also joins a Greenhouse's connected group of Cottages.
FEEDABLE = (COTTAGE, BARRETT_CASTLE)
FARM_CAPACITY = 4
# The cards whose points depend on which squares are fed.
FEED_DEPENDENT = (COTTAGE, BARRETT_CASTLE, "chapel", "temple")
# How many feeding choices were scored, for the benchmark to compare with the core's count.
EVALUATIONS = [0]


def is_feedable(card) -> bool:
    """Return whether a card can be fed."""
    return card in FEEDABLE


def _rule(card):
    if card in BUILDING_RULES:
        return BUILDING_RULES[card]
    return MONUMENT_RULES[card]


def feed_dependent_points(town) -> int:
    """Return the points of the cards that care about feeding, for the town's current fed set."""
    return sum(_rule(town.squares[i])(town, i)[0] for i in SQUARES
               if town.squares[i] in FEED_DEPENDENT)


def _fixed_feeds(squares: tuple) -> dict:
    """Return {feeder square: fed squares} for Granaries and Orchards."""
    feeds = {}
    for i in SQUARES:
        if squares[i] == "granary":
            reach = SURROUNDING[i]
        elif squares[i] == "orchard":
            reach = row_of(i) + column_of(i)
        else:
            continue
        feeds[i] = tuple(sorted(j for j in reach if is_feedable(squares[j])))
    return feeds


def _greenhouse_options(squares: tuple, greenhouses: list, fed: frozenset) -> list:
    """Return the ways the Greenhouses can pick distinct groups not already fed, as lists of groups."""
    useful = [g for g in groups(squares, is_feedable) if not all(i in fed for i in g)]
    picks = min(len(greenhouses), len(useful))
    return [list(chosen) for chosen in combinations(tuple(useful), picks)]


def _farm_options(town, unfed: list, capacity: int):
    """Yield the sets of squares the Farms could feed, enough of them to contain the best one.

    Only squares next to a Temple interact; every other square adds its own worth, so for each
    choice among the Temple neighbours the rest of the capacity goes to the most valuable others.
    """
    if len(unfed) <= capacity:
        yield tuple(unfed)
        return
    temple_side = set()
    for i in SQUARES:
        if town.squares[i] == "temple":
            temple_side.update(j for j in ADJACENT[i] if j in unfed)
    near = tuple(i for i in unfed if i in temple_side)
    others = [i for i in unfed if i not in temple_side]
    # A Castle is worth more than a Cottage to every card; ties keep reading order.
    others.sort(key=lambda i: (0 if town.squares[i] == BARRETT_CASTLE else 1, i))
    for size in range(min(capacity, len(near)), -1, -1):
        rest = others[:capacity - size]
        for chosen in combinations(near, size):
            yield tuple(sorted(chosen + tuple(rest)))


def choose_feeding(town) -> dict:
    """Return {fed square: sorted feeder squares} for the feeding that gives the highest total.

    Sets town.fed to the chosen squares. Among equally good choices the first found is kept, so
    every interpreter gives the same answer.
    """
    squares = town.squares
    fed_by = {}
    for feeder, reach in _fixed_feeds(squares).items():
        for i in reach:
            fed_by.setdefault(i, []).append(feeder)
    fixed = frozenset(fed_by)
    greenhouses = [i for i in SQUARES if squares[i] == "greenhouse"]
    farms = [i for i in SQUARES if squares[i] == "farm"]
    capacity = FARM_CAPACITY * len(farms)
    best = None
    for picked in _greenhouse_options(squares, greenhouses, fixed):
        grown = set(fixed)
        for group in picked:
            grown.update(group)
        unfed = [i for i in SQUARES if is_feedable(squares[i]) and i not in grown]
        for farmed in _farm_options(town, unfed, capacity):
            town.fed = frozenset(grown) | frozenset(farmed)
            points = feed_dependent_points(town)
            EVALUATIONS[0] += 1
            if best is None or points > best[0]:
                best = (points, picked, farmed)
    _, picked, farmed = best
    for greenhouse, group in zip(greenhouses, picked):
        for i in group:
            fed_by.setdefault(i, []).append(greenhouse)
    for n in range(len(farmed)):
        fed_by.setdefault(farmed[n], []).append(farms[n // FARM_CAPACITY])
    town.fed = frozenset(fed_by)
    return {i: sorted(fed_by[i]) for i in fed_by}
