"""The needy cards a choice of squares can still pay, as bit masks over those squares.

A needy card (one that needs fed Cottages beside it: feeding_worths.py) missing one Cottage or two is marked
on each square that can bring it a Cottage (Cards: by whether it is missing one, missing two, or is brought two
at once by a Barrett Castle); what a choice of squares makes is read, by the unions of its squares' masks,
from sums listed by mask. Both searches score by these: the Farms' choices among the neighbours of needy cards
(capacity.py) and the lines a Root Cellar's coins buy (spending.py), each reading the masks in local names in its
own loops.
"""

from .feeding_worths import HALVES

# Up to this many cards the sums of every mask are listed at once (256 of them); beyond, worked out as asked.
LISTED_CARDS = 8


def _sums(points: list):
    """Return the sum of points[k] over the bits k of every mask, by mask (a list, or a _Sums beyond 8 cards)."""
    if len(points) > LISTED_CARDS:
        return _Sums(points)
    sums = [0]
    for value in points:
        sums += [total + value for total in sums]
    return sums


class _Sums:
    """The sums of points over the bits of a mask, each worked out when first asked for, for many cards."""

    __slots__ = ("points", "known")

    def __init__(self, points: list):
        self.points = points
        self.known = {}

    def __getitem__(self, mask: int) -> int:
        if mask not in self.known:
            total = 0
            for k in range(len(self.points)):
                if mask >> k & 1:
                    total += self.points[k]
            self.known[mask] = total
        return self.known[mask]


class Cards:
    """The needy cards still unpaid once `fed` is fed, as bit masks over the squares `near` that can pay them.

    For each square (by place p in near): singles[p] the cards missing one Cottage it pays, pairs[p] the
    cards missing two it brings one to, doubles[p] those it brings two (a Barrett Castle). one and two hold
    the points of those cards by bit, paid_one and paid_two the points of a mask of them; paid is what the
    cards `fed` pays already make, payable what the others make all told. A card the squares near cannot pay is
    left out.
    """

    __slots__ = ("singles", "pairs", "doubles", "one", "two", "paid_one", "paid_two", "paid", "payable", "singles_at",
                 "pairs_at", "doubles_at")

    def __init__(self, top, fed, near: tuple):
        count = len(near)
        singles, pairs, doubles = self.singles, self.pairs, self.doubles = [0] * count, [0] * count, [0] * count
        one, two = self.one, self.two = [], []
        # The same marks by card: the places of the squares that pay each card missing one, and of those that bring one
        # Cottage to each card missing two, or both (for the choices scored at once: lanes.card_lanes).
        singles_at, pairs_at, doubles_at = self.singles_at, self.pairs_at, self.doubles_at = [], [], []
        paid = payable = 0
        place = {}
        for p in range(count):
            place[near[p]] = p
        for need, points_when_fed, beside in top.needy.values():
            have = could = 0
            for j, cottages in beside:
                if j in fed:
                    have += cottages
                elif j in place:
                    could += cottages
            if have >= need:
                paid += points_when_fed
                continue
            missing = need - have
            if have + could < need:
                continue
            payable += points_when_fed
            # Number the card missing 1 or 2 Cottages and mark it on the squares beside it (by their place).
            if missing == 1:
                bit = 1 << len(one)
                one.append(points_when_fed)
                at = []
                singles_at.append(at)
            else:
                bit = 1 << len(two)
                two.append(points_when_fed)
                at, both = [], []
                pairs_at.append(at)
                doubles_at.append(both)
            for j, cottages in beside:
                if j in place:
                    p = place[j]
                    if missing == 1:
                        singles[p] |= bit
                        at.append(p)
                    elif cottages >= 2:
                        doubles[p] |= bit
                        both.append(p)
                    else:
                        pairs[p] |= bit
                        at.append(p)
        self.paid = paid
        self.payable = payable
        self.paid_one, self.paid_two = _sums(one), _sums(two)

    def reorder(self, order: list, near: tuple, worth: list, most: list) -> tuple:
        """Put the squares in this order (by their places); return near, worth and most (by place) in that order
        too, (near as a tuple, worth, most).

        One loop for all six, where six comprehensions cost more under MicroPython; the cards' places (singles_at,
        pairs_at, doubles_at) are moved where they go.
        """
        count = len(order)
        singles, pairs, doubles = self.singles, self.pairs, self.doubles
        new_singles, new_pairs, new_doubles = [0] * count, [0] * count, [0] * count
        new_near, new_worth, new_most = [0] * count, [0] * count, [0] * count
        # Where each place goes.
        moved = [0] * count
        for k in range(count):
            p = order[k]
            moved[p] = k
            new_singles[k] = singles[p]
            new_pairs[k] = pairs[p]
            new_doubles[k] = doubles[p]
            new_near[k] = near[p]
            new_worth[k] = worth[p]
            new_most[k] = most[p]
        self.singles, self.pairs, self.doubles = new_singles, new_pairs, new_doubles
        for places in self.singles_at + self.pairs_at + self.doubles_at:
            for n in range(len(places)):
                places[n] = moved[places[n]]
        return tuple(new_near), new_worth, new_most

    def most(self, p: int, worth: int) -> int:
        """Return the most square p (worth `worth`) can add, in halves: its worth and its shares of its cards."""
        return HALVES * (worth + self.paid_one[self.singles[p]] + self.paid_two[self.doubles[p]]) + \
            self.paid_two[self.pairs[p]]

    def halves(self, made: int, got: int, once: int, twice: int) -> int:
        """Return what a choice makes, in halves, a card missing two counted half when it has one of them."""
        return HALVES * (made + self.paid_one[got] + self.paid_two[twice]) + self.paid_two[once & ~twice]
