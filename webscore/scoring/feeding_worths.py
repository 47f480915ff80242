"""Feeding choices compared by their worths: what a fed set makes, measured once from the cards' rules.

Feeding a square gains its worth, the same for every square of a card: its own points fed less unfed,
and one per Chapel per Cottage it counts as. The cards that need fed Cottages next to them (Temple,
Parsonage, Schoolhouse: needy cards) are the only ones whose points depend on which other squares are
fed. So a fed set scores, by the rules, a constant plus the worths of its squares and the points of the
needy cards it pays for: the searches compare choices by that sum (made), measured once from the rules
with every square fed (ceiling), and the town is then scored by the rules themselves.

The searches bound what a branch can still add by its squares' gains (gains()): each its worth and a
share of the needy cards beside it.
"""

from .buildings import FED_COTTAGES_NEEDED
from .cards import BARRETT_CASTLE
from .cards import COTTAGE
from .cards import ERAFLAGE_VINEYARD
from .cards import cottage_count
from .monuments import CARD_RULES
from .monuments import VINEYARD_FED
from .town import ADJACENT

# Gains are counted in halves: a needy card's points split over the 1 or 2 Cottages it still misses.
HALVES = 2
# What feeding gains a card whose rule, fed or not, takes off the same points (the Vineyard's per building type):
# its points fed, without reading the rule twice (it counts as no Cottage, so no Chapel counts it).
FED_GAINS = {ERAFLAGE_VINEYARD: VINEYARD_FED}
# How many feeding choices have been scored in this process (a ceiling counts as one, every square fed):
# the benchmark counts them, never times them.
EVALUATIONS = [0]


def card_worths(town, dependent: list, squares) -> dict:
    """Return {card: what feeding one of its squares gains} for the cards on these feedable squares.

    That is its own points fed less unfed, and one per Chapel per Cottage it counts as.
    """
    # A loop, not a sum over a generator: under MicroPython the generator costs more than the count.
    chapels = 0
    for i in dependent:
        if town.squares[i] == "chapel":
            chapels += 1
    worths = {}
    kept = town.fed
    for i in squares:
        card = town.squares[i]
        if card in worths:
            continue
        if card in FED_GAINS:
            worths[card] = FED_GAINS[card]
            continue
        rule = CARD_RULES[card]
        town.fed = frozenset((i,))
        fed = rule(town, i)[0]
        town.fed = frozenset()
        worths[card] = fed - rule(town, i)[0] + chapels * cottage_count(card)
    town.fed = kept
    return worths


class Ceiling:
    """Every feedable square fed: each square's worth (and each card's), their sum, and what each needy card makes."""

    __slots__ = ("worths", "by_card", "others", "needy")

    def __init__(self, worths: dict, by_card: dict, needy: dict):
        self.worths = worths
        self.by_card = by_card
        self.others = sum(worths.values())
        # {square of a needy card: (the Cottages it needs, its points once it has them,
        #  ((square next to it, the Cottages that square counts as), ...))}
        self.needy = needy


def ceiling(town, dependent: list, feedable: list) -> Ceiling:
    """Return the ceiling of a town: its squares' worths and its needy cards, every feedable square fed.

    A needy card's points once paid are the same on every square (its rule reads only how many fed
    Cottages are beside it), so its rule is read once per card, on a square where every square fed pays it.
    """
    EVALUATIONS[0] += 1
    squares = town.squares
    by_card = card_worths(town, dependent, feedable)
    kept = town.fed
    town.fed = frozenset(feedable)
    paid = {}
    needy = {}
    for t in dependent:
        card = squares[t]
        if card not in FED_COTTAGES_NEEDED:
            continue
        beside = []
        could = 0
        for j in ADJACENT[t]:
            # As cottage_count, without a call (nor a dict's method: under MicroPython each costs more).
            beside_card = squares[j]
            if beside_card == COTTAGE:
                beside.append((j, 1))
                could += 1
            elif beside_card == BARRETT_CASTLE:
                beside.append((j, 2))
                could += 2
        # A card that Cottages beside it cannot pay never scores: no bound needs to reckon with it.
        if could >= FED_COTTAGES_NEEDED[card]:
            if card not in paid:
                paid[card] = CARD_RULES[card](town, t)[0]
            needy[t] = (FED_COTTAGES_NEEDED[card], paid[card], beside)
    town.fed = kept
    return Ceiling({i: by_card[squares[i]] for i in feedable}, by_card, needy)


def made(top: Ceiling, fed) -> int:
    """Return what a fed set makes: its squares' worths and the points of the needy cards it pays for."""
    worths = top.worths
    total = 0
    for i in fed:
        if i in worths:
            total += worths[i]
    return total + needy_points(top.needy, fed)


def gains(top: Ceiling, fed, unfed) -> dict:
    """Return {unfed square: the most feeding it can add, in halves of a point}.

    A square adds its worth, and a share of each needy card beside it that feeding the unfed squares can
    still pay: its points split over the Cottages it misses (a Barrett Castle brings 2 of them). Whatever
    squares are fed, what they add is at most the sum of their gains.
    """
    worths = top.worths
    gain = {i: HALVES * worths[i] for i in unfed}
    for need, points_when_fed, beside in top.needy.values():
        have = could = 0
        for j, cottages in beside:
            if j in fed:
                have += cottages
            elif j in gain:
                could += cottages
        missing = need - have
        if 0 < missing <= could:
            for j, cottages in beside:
                if j in gain:
                    gain[j] += HALVES * points_when_fed * min(cottages, missing) // missing
    return gain


def needy_points(needy: dict, fed) -> int:
    """Return what the needy cards make for a fed set."""
    made = 0
    for need, points_when_fed, beside in needy.values():
        have = 0
        for j, cottages in beside:
            if j in fed:
                have += cottages
        if have >= need:
            made += points_when_fed
    return made
