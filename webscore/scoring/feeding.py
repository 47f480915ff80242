"""Which squares are fed: the fixed feeders, then the owner's choices that give the highest total.

Granaries and Orchards feed fixed squares. Farms (4 each, anywhere) and Greenhouses (one connected group
each) leave a choice, and the scorer takes the one that gives the highest total. Feeding more never
lowers a score, so a Greenhouse takes a whole group and Farms use all their capacity; what is left to
choose is only which buildings, and that matters for Temples (they need 2 fed neighbours) and for the
different worth of a Cottage and a Barrett Castle.

The search skips what cannot win. No choice can beat feeding every feedable square, less what the
squares left out are worth by themselves, with only as many Temples scoring as the fed Cottages next to
them can reach. The Farms' choices are walked in the full search's order, a branch at a time, and a
branch (or a whole Greenhouse pick) whose bound is no better than the best so far is dropped. Farms
always feed as many squares as they can, since feeding more never lowers a score. The answer is the
one the full search gives: the first choice found with the highest total.
"""

from .buildings import RULES as BUILDING_RULES
from .buildings import TEMPLE_NEEDS
from .buildings import TEMPLE_POINTS
from .cards import BARRETT_CASTLE
from .cards import COTTAGE
from .cards import cottage_count
from .monuments import RULES as MONUMENT_RULES
from .town import ADJACENT
from .town import SQUARES
from .town import SURROUNDING
from .town import column_of
from .town import combinations
from .town import groups
from .town import row_of

# Barrett Castle is feedable, so it also joins a Greenhouse's connected group of Cottages.
FEEDABLE = (COTTAGE, BARRETT_CASTLE)
FARM_CAPACITY = 4
# The cards whose points depend on which squares are fed.
FEED_DEPENDENT = (COTTAGE, BARRETT_CASTLE, "chapel", "temple")
# How many feeding choices have been scored in this process: the benchmark counts them, never times them.
EVALUATIONS = [0]


def is_feedable(card) -> bool:
    """Return whether a card can be fed."""
    return card in FEEDABLE


def _rule(card):
    if card in BUILDING_RULES:
        return BUILDING_RULES[card]
    return MONUMENT_RULES[card]


def _points(town, dependent: list) -> int:
    """Return the points of the cards that care about feeding (on `dependent`) for the town's fed set."""
    EVALUATIONS[0] += 1
    return sum(_rule(town.squares[i])(town, i)[0] for i in dependent)


def _own_worths(town, dependent: list) -> dict:
    """Return {feedable square: the least it loses unfed}: its own points, and one per Chapel per Cottage."""
    chapels = sum(1 for i in dependent if town.squares[i] == "chapel")
    worths = {}
    for i in dependent:
        card = town.squares[i]
        if not is_feedable(card):
            continue
        rule = _rule(card)
        town.fed = frozenset((i,))
        fed = rule(town, i)[0]
        town.fed = frozenset()
        # A fed Barrett Castle counts as 2 Cottages for a Chapel; Temples can only lose more.
        worths[i] = fed - rule(town, i)[0] + chapels * cottage_count(card)
    return worths


def _bound(town, dependent: list, feedable: list, fed: set, left_out: tuple, undecided: tuple, slots: int,
           ceiling: list) -> int:
    """Return the most a choice can score that feeds `fed`, not `left_out`, and `slots` of `undecided`.

    ceiling keeps, once worked out, [{square: own worth}, points of all but the Temples with every
    feedable square fed, the Temples' points then]. Each square left out loses at least its own worth;
    the Temples score at most for as many as the fed Cottages next to them can reach.
    """
    if not ceiling:
        ceiling.append(_own_worths(town, dependent))
        town.fed = frozenset(feedable)
        ceiling.append(_points(town, [i for i in dependent if town.squares[i] != "temple"]))
        ceiling.append(sum(_rule("temple")(town, i)[0] for i in dependent if town.squares[i] == "temple"))
    worths, others, temples = ceiling
    lost = sum(worths[i] for i in left_out) + sum(sorted(worths[i] for i in undecided)[:len(undecided) - slots])
    return others - lost + min(temples, TEMPLE_POINTS * _temples_reachable(town, fed, undecided, slots))


def _temples_reachable(town, grown: set, unfed: list, capacity: int) -> int:
    """Return an upper bound on the Temples fed enough when `capacity` of the unfed squares are fed too."""
    squares = town.squares
    enough = 0
    short = {}
    for t in SQUARES:
        if squares[t] != "temple":
            continue
        have = sum(cottage_count(squares[j]) for j in ADJACENT[t] if j in grown)
        if have >= TEMPLE_NEEDS:
            enough += 1
        elif have + sum(cottage_count(squares[j]) for j in ADJACENT[t] if j in unfed) >= TEMPLE_NEEDS:
            short[t] = TEMPLE_NEEDS - have
    # What the fed squares can bring: each its Cottages once per short Temple beside it, the best ones taken.
    gifts = sorted((cottage_count(squares[j]) * sum(1 for t in ADJACENT[j] if t in short) for j in unfed),
                   reverse=True)
    supply = sum(gifts[:capacity])
    for need in sorted(short.values()):
        if need > supply:
            break
        supply -= need
        enough += 1
    return enough


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
    if not greenhouses:
        # The one way to pick nothing: the town's groups need not be found.
        return [[]]
    useful = [g for g in groups(squares, is_feedable) if not all(i in fed for i in g)]
    picks = min(len(greenhouses), len(useful))
    return [list(chosen) for chosen in combinations(tuple(useful), picks)]


def _farm_options(town, unfed: list, capacity: int, beaten):
    """Yield the sets of squares the Farms could feed, in the full search's order, but none that cannot win.

    Only squares next to a Temple interact; every other square adds its own worth, so for each
    choice among the Temple neighbours the rest of the capacity goes to the most valuable others.
    beaten(fed, left_out, undecided, slots) says when no completion of a partial choice can win.
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
    # A smaller choice among the Temple neighbours leaves capacity unused only when the others run out,
    # and then the next larger choice feeds a superset, found earlier and never worse.
    for size in range(min(capacity, len(near)), max(0, capacity - len(others)) - 1, -1):
        rest = tuple(others[:capacity - size])
        yield from _choices(near, size, 0, (), tuple(others[capacity - size:]), rest, beaten)


def _choices(near: tuple, size: int, start: int, chosen: tuple, left_out: tuple, rest: tuple, beaten):
    """Yield chosen + `size - len(chosen)` of near[start:] (with rest) in lexicographic order, pruned by beaten."""
    slots = size - len(chosen)
    if beaten(chosen + rest, left_out, near[start:], slots):
        return
    if slots == 0:
        yield tuple(sorted(chosen + rest))
        return
    for i in range(start, len(near) - slots + 1):
        yield from _choices(near, size, i + 1, chosen + (near[i],), left_out + near[start:i], rest, beaten)


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
    greenhouses, farms, dependent, feedable = [], [], [], []
    for i in SQUARES:
        card = squares[i]
        if card == "greenhouse":
            greenhouses.append(i)
        elif card == "farm":
            farms.append(i)
        elif card in FEED_DEPENDENT:
            dependent.append(i)
            if is_feedable(card):
                feedable.append(i)
    capacity = FARM_CAPACITY * len(farms)
    options = _greenhouse_options(squares, greenhouses, fixed)
    picked, farmed = (_only_choice(options, fixed, feedable, capacity)
                      or _best_choice(town, options, fixed, dependent, feedable, capacity))
    for greenhouse, group in zip(greenhouses, picked):
        for i in group:
            fed_by.setdefault(i, []).append(greenhouse)
    for n in range(len(farmed)):
        fed_by.setdefault(farmed[n], []).append(farms[n // FARM_CAPACITY])
    town.fed = frozenset(fed_by)
    return {i: sorted(fed_by[i]) for i in fed_by}


def _grown(fixed: frozenset, picked: list) -> set:
    """Return the squares fed by Granaries, Orchards and these Greenhouse groups."""
    grown = set(fixed)
    for group in picked:
        grown.update(group)
    return grown


def _only_choice(options: list, fixed: frozenset, feedable: list, capacity: int):
    """Return (Greenhouse groups, Farm-fed squares) when there is one choice only, else None.

    That is when the Greenhouses have one way to pick and the Farms feed all that is left, or there
    are no Farms: with nothing to compare it with, the choice is not scored.
    """
    if len(options) != 1:
        return None
    grown = _grown(fixed, options[0])
    unfed = [i for i in feedable if i not in grown]
    if capacity and len(unfed) > capacity:
        return None
    return options[0], tuple(unfed[:capacity])


def _best_choice(town, options: list, fixed: frozenset, dependent: list, feedable: list, capacity: int) -> tuple:
    """Return (Greenhouse groups, Farm-fed squares): the first choice found with the highest total."""
    ceiling = []
    # The best choice so far, in a list so that the search's pruning reads it as it improves.
    best = [None]
    for picked in options:
        grown = _grown(fixed, picked)
        unfed = [i for i in feedable if i not in grown]

        pick_bound = []

        def beaten(fed, left_out, undecided, slots, grown=grown, unfed=unfed, pick_bound=pick_bound):
            # A bound costs about a scoring of its own: worked out only once a choice has to beat another,
            # the whole pick's first (it holds for every choice of it), a branch's own only inside a branch.
            if best[0] is None:
                return False
            if not pick_bound:
                pick_bound.append(_bound(town, dependent, feedable, grown, (), tuple(unfed), capacity, ceiling))
            if best[0][0] >= pick_bound[0]:
                return True
            return slots > 0 and best[0][0] >= _bound(town, dependent, feedable, grown.union(fed), left_out,
                                                      undecided, slots, ceiling)

        for farmed in _farm_options(town, unfed, capacity, beaten):
            town.fed = frozenset(grown) | frozenset(farmed)
            points = _points(town, dependent)
            if best[0] is None or points > best[0][0]:
                best[0] = (points, picked, farmed)
    return best[0][1], best[0][2]
