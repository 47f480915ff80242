"""Which squares are fed: the fixed feeders, then the owner's choices that give the highest total.

Granaries, Orchards and Tithe Barns feed fixed squares. Farms (4 each, anywhere) and Greenhouses (one
connected group each) leave a choice, and the scorer takes the one that gives the highest total. Feeding
more never lowers a score, so a Greenhouse takes a whole group and Farms use all their capacity; what is
left to choose is only which buildings, and that matters for the cards that need fed Cottages next to
them (Temple, Parsonage, Schoolhouse) and for the different worth of a Cottage, a Barrett Castle and an
Eraflage Vineyard. Coins spent at the end (Root Cellar, Tithe Barn) are chosen with it: spending.py.

The search skips what cannot win (feeding_worths.py). The Farms' choices are walked in the full search's
order, a branch at a time, and a branch (or a whole Greenhouse pick) whose bound is no better than the
best so far is dropped. The answer is the one the full search gives: the first choice found with the
highest total.
"""

from .buildings import FED_COTTAGES_NEEDED
from .capacity import walk_capacity
from .cards import BARRETT_CASTLE
from .cards import COTTAGE
from .cards import ERAFLAGE_VINEYARD
from .feeding_worths import EVALUATIONS
from .feeding_worths import ceiling
from .feeding_worths import made
from .town import ADJACENT
from .town import ADJACENT_BITS
from .town import LINES
from .town import SQUARES
from .town import SURROUNDING
from .town import combinations
from .town import groups
from .town import of_bits

# Barrett Castle and the Eraflage Vineyard are fed like Cottages, so they join a Greenhouse's groups too.
FEEDABLE = (COTTAGE, BARRETT_CASTLE, ERAFLAGE_VINEYARD)
FARM_CAPACITY = 4
FEEDERS = frozenset(("farm", "granary", "greenhouse", "orchard", "root-cellar", "tithe-barn"))
# The cards whose points depend on which squares are fed.
FEED_DEPENDENT = FEEDABLE + ("chapel",) + tuple(sorted(FED_COTTAGES_NEEDED))
# Those of them Fortune brings.
FORTUNES_FEEDING = (ERAFLAGE_VINEYARD, "parsonage", "schoolhouse")
# The squares a Granary, an Orchard or a Tithe Barn reaches, in reading order, by its square: it feeds the
# feedable ones among them.
FIXED_REACH = {"granary": SURROUNDING, "orchard": tuple(tuple(sorted(line)) for line in LINES), "tithe-barn": ADJACENT}

# What the feeding reads of each card it reads (Feeding): a fixed feeder, a Greenhouse, a Farm, a Root Cellar, a card
# whose points depend on the squares fed, or one of those that is fed itself.
FIXED, GREENHOUSE, FARM, CELLAR, DEPENDENT, FED = range(6)
ROLES = dict.fromkeys(FIXED_REACH, FIXED)
ROLES.update({"greenhouse": GREENHOUSE, "farm": FARM, "root-cellar": CELLAR})
ROLES.update({card: FED if card in FEEDABLE else DEPENDENT for card in FEED_DEPENDENT})


def is_feedable(card) -> bool:
    """Return whether a card can be fed."""
    return card in FEEDABLE


def greenhouse_options(squares: tuple, greenhouses: list, fed: frozenset, found=None) -> list:
    """Return the ways the Greenhouses can pick distinct groups not already fed, as lists of groups.

    found: the town's groups of feedable squares, when already found.
    """
    if not greenhouses:
        # The one way to pick nothing: the town's groups need not be found.
        return [[]]
    if found is None:
        found = groups(squares, is_feedable)
    useful = [g for g in found if not all(i in fed for i in g)]
    picks = min(len(greenhouses), len(useful))
    return [list(chosen) for chosen in combinations(tuple(useful), picks)]


class Feeding:
    """A town's feeders and feedable squares, as the search reads them."""

    __slots__ = ("fixed_by", "fixed", "greenhouses", "farms", "dependent", "feedable", "cellars", "barns")

    def __init__(self, squares: tuple):
        """Read the town's squares in one pass, each list in reading order.

        fixed_by: {fed square: its fixed feeders}, its squares in the order the feeders (in reading order) reach them.
        """
        fixed_by = self.fixed_by = {}
        self.greenhouses, self.farms, self.dependent, self.feedable, self.cellars, self.barns = [], [], [], [], [], []
        # Each square's card looked up once among those the feeding reads (ROLES): most squares hold none of them.
        lists = (None, self.greenhouses, self.farms, self.cellars, self.dependent, self.dependent)
        for i in SQUARES:
            card = squares[i]
            role = ROLES.get(card)
            if role is None:
                continue
            if role == FIXED:
                for j in FIXED_REACH[card][i]:
                    if squares[j] in FEEDABLE:
                        fixed_by.setdefault(j, []).append(i)
                if card == "tithe-barn":
                    self.barns.append(i)
                continue
            lists[role].append(i)
            if role == FED:
                self.feedable.append(i)
        self.fixed = frozenset(fixed_by)


def choose_feeding(town) -> dict:
    """Return {fed square: sorted feeder squares} for the feeding that gives the highest total.

    Sets town.fed to the chosen squares, and town.spending to the coins spent on feeding when the town
    could spend some. Among equally good choices the first found is kept, so every interpreter gives
    the same answer.
    """
    feeding = Feeding(town.squares)
    capacity = FARM_CAPACITY * len(feeding.farms)
    town.spending = None
    lines, paid = (), ()
    if town.coins and (feeding.cellars or feeding.barns):
        picked, farmed, lines, paid = choose_spending(town, feeding)
    else:
        options = greenhouse_options(town.squares, feeding.greenhouses, feeding.fixed)
        picked, farmed = (_only_choice(options, feeding.fixed, feeding.feedable, capacity)
                          or _best_choice(town, options, feeding, capacity))
    fed_by = {i: list(feeders) for i, feeders in feeding.fixed_by.items()}
    for greenhouse, group in zip(feeding.greenhouses, picked):
        for i in group:
            fed_by.setdefault(i, []).append(greenhouse)
    for n in range(len(farmed)):
        fed_by.setdefault(farmed[n], []).append(feeding.farms[n // FARM_CAPACITY])
    for line in lines:
        for i in line:
            # The power is the player's, whatever the number of Root Cellars: the first one is named.
            fed_by.setdefault(i, []).append(feeding.cellars[0])
    for i in paid:
        fed_by.setdefault(i, []).append(feeding.barns[0])
    town.fed = frozenset(fed_by)
    return {i: sorted(fed_by[i]) for i in fed_by}


def grown(fixed: frozenset, picked: list) -> set:
    """Return the fixed squares and these Greenhouse groups."""
    found = set(fixed)
    for group in picked:
        found.update(group)
    return found


def _only_choice(options: list, fixed: frozenset, feedable: list, capacity: int):
    """Return (Greenhouse groups, Farm-fed squares) when there is one choice only, else None.

    That is when the Greenhouses have one way to pick and the Farms feed all that is left, or there
    are no Farms: with nothing to compare it with, the choice is not scored.
    """
    if len(options) != 1:
        return None
    fed = grown(fixed, options[0])
    unfed = [i for i in feedable if i not in fed]
    if capacity and len(unfed) > capacity:
        return None
    return options[0], tuple(unfed[:capacity])


def search(town, options: list, fixed, feedable: list, capacity: int, judge) -> None:
    """Offer the judge every Greenhouse pick, and each pick's Farm choices that might beat its best, in order."""
    for picked in options:
        fed = grown(fixed, picked)
        walk_capacity(town, judge, fed, [i for i in feedable if i not in fed], capacity, picked)


class Judge:
    """Compares feeding choices by what they make (feeding_worths.made), keeping the first best one found.

    extra is added to what every choice of the plan being searched makes (the coins it keeps), and plan
    names that plan, kept with the best choice. walks: what the Farms' walks of the same unfed squares share
    (capacity._walk_of). in_order: whether the Farms' choices are walked in the full
    search's order (capacity.py), as for every town the base game can hold.
    """

    __slots__ = ("top", "best", "extra", "plan", "in_order", "walks", "side", "board", "dependent")

    def __init__(self, town, feeding):
        self.top = ceiling(town, feeding.dependent, feeding.feedable)
        # A loop, not any() over a generator: under MicroPython the generator costs more than the test.
        squares = town.squares
        in_order = True
        for i in feeding.dependent:
            if squares[i] in FORTUNES_FEEDING:
                in_order = False
                break
        self.in_order = in_order
        # (total, Greenhouse groups, squares fed by Farms (and the Tithe Barn), plan), those squares as (neighbours,
        # others, chosen): the neighbours of needy cards whose bits are set in chosen, and the others fed, all of them.
        # A search may keep a better choice many times: the squares are listed in order once, when it is over (done()).
        self.best = None
        self.extra = 0
        self.plan = None
        # {unfed squares (as bits): (their neighbours of needy cards, the others in order, a walk of them)}: capacity.py
        self.walks = {}
        self.side = None
        self.board = town.squares
        self.dependent = feeding.dependent

    def needy_side(self) -> int:
        """Return the squares (as bits) next to a card that needs fed Cottages beside it, found once."""
        if self.side is None:
            side = 0
            squares = self.board
            for i in self.dependent:
                if squares[i] in FED_COTTAGES_NEEDED:
                    side |= ADJACENT_BITS[i]
            self.side = side
        return self.side

    def worth(self) -> dict:
        """Return {card: worth} of the feedable cards."""
        return self.top.by_card

    def done(self) -> None:
        """End the search: list the best choice's squares fed by Farms (and the Tithe Barn) in order, and let go of the
        walks kept for the search (each holds the judge, a cycle that would keep both, and all they read, until the
        garbage collector found them)."""
        self.walks = None
        total, picked, (near, others, chosen), plan = self.best
        farmed = of_bits(near, chosen) + list(others)
        farmed.sort()
        self.best = (total, picked, tuple(farmed), plan)

    def consider(self, fed, picked: list, farmed: tuple) -> None:
        """Score a choice of the plan being searched, `farmed` the squares Farms (and the Tithe Barn) feed; keep it if it
        beats the best so far."""
        EVALUATIONS[0] += 1
        total = made(self.top, fed) + self.extra
        if self.best is None or total > self.best[0]:
            self.best = (total, picked, ((), farmed, 0), self.plan)


def _best_choice(town, options: list, feeding: Feeding, capacity: int) -> tuple:
    """Return (Greenhouse groups, Farm-fed squares): the first choice found with the highest total."""
    judge = Judge(town, feeding)
    search(town, options, feeding.fixed, feeding.feedable, capacity, judge)
    judge.done()
    return judge.best[1], judge.best[2]


# Imported last: spending.py reads this module's search, Judge and feeders, defined above by now (the package imports
# this module first, through game.py). Imported in choose_feeding instead, it cost each town with coins to spend about
# 12 µs under MicroPython, 2 % of its feeding.
from .spending import choose_spending  # noqa: E402
