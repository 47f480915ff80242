"""The needy cards a choice of squares can still pay, as bit masks over those squares, and the most they can make.

A needy card (one that needs fed Cottages beside it: feeding_worths.py) missing one Cottage or two is marked
on each square that can bring it a Cottage (Cards: by whether it is missing one, missing two, or is brought two
at once by a Barrett Castle); what a choice of squares makes is read, by the unions of its squares' masks,
from sums listed by mask. Cards.reachable and Cards.apart bound what any choice of so many squares can make.
Both walks score and prune by these: the Farms' choices among the neighbours of needy cards (capacity.py) and
the lines a Root Cellar's coins buy (spending.py), each reading the masks in local names in its own loops.
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
    left out. bounds: whether what reachable() and apart() read (brings, keys, masks, points) is worked out too (the
    lines' walk reads none of it).
    """

    __slots__ = ("singles", "pairs", "doubles", "brings", "one", "two", "paid_one", "paid_two", "paid", "payable", "keys",
                 "masks", "points", "reached")

    def __init__(self, top, fed, near: tuple, bounds=True):
        count = len(near)
        singles, pairs, doubles = self.singles, self.pairs, self.doubles = [0] * count, [0] * count, [0] * count
        # How many Cottages each square brings to the cards beside it, all told.
        brings = self.brings = [0] * count
        one, two = self.one, self.two = [], []
        # Each card's (squares it needs, squares beside it, its number) as one number, its squares (as bits) and its
        # points, by its number: for apart().
        keys, masks, points = self.keys, self.masks, self.points = [], [], []
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
            else:
                bit = 1 << len(two)
                two.append(points_when_fed)
            mask = count = 0
            needs = missing
            for j, cottages in beside:
                if j in place:
                    p = place[j]
                    if missing == 1:
                        singles[p] |= bit
                    elif cottages >= 2:
                        doubles[p] |= bit
                        needs = 1
                    else:
                        pairs[p] |= bit
                    if bounds:
                        brings[p] += cottages if cottages < missing else missing
                        mask |= 1 << j
                        count += 1
            if not bounds:
                continue
            keys.append(((2 - needs) * CARD_KEY + count) * CARD_KEY + len(masks))
            masks.append(mask)
            points.append(points_when_fed)
        self.paid = paid
        self.payable = payable
        self.paid_one, self.paid_two = _sums(one), _sums(two)
        # reachable()'s running sums (worked out when first asked for) and its answers, by the squares fed.
        self.reached = None

    def reorder(self, order: list, near: tuple, worth: list, most: list) -> tuple:
        """Put the squares in this order (by their places); return near, worth and most (by place) in that order
        too, (near as a tuple, worth, most).

        One loop for all seven, where seven comprehensions cost more under MicroPython.
        """
        count = len(order)
        singles, pairs, doubles, brings = self.singles, self.pairs, self.doubles, self.brings
        new_singles, new_pairs, new_doubles, new_brings = [0] * count, [0] * count, [0] * count, [0] * count
        new_near, new_worth, new_most = [0] * count, [0] * count, [0] * count
        for k in range(count):
            p = order[k]
            new_singles[k] = singles[p]
            new_pairs[k] = pairs[p]
            new_doubles[k] = doubles[p]
            new_brings[k] = brings[p]
            new_near[k] = near[p]
            new_worth[k] = worth[p]
            new_most[k] = most[p]
        self.singles, self.pairs, self.doubles, self.brings = new_singles, new_pairs, new_doubles, new_brings
        return tuple(new_near), new_worth, new_most

    def most(self, p: int, worth: int) -> int:
        """Return the most square p (worth `worth`) can add, in halves: its worth and its shares of its cards."""
        return HALVES * (worth + self.paid_one[self.singles[p]] + self.paid_two[self.doubles[p]]) + \
            self.paid_two[self.pairs[p]]

    def halves(self, made: int, got: int, once: int, twice: int) -> int:
        """Return what a choice makes, in halves, a card missing two counted half when it has one of them."""
        return HALVES * (made + self.paid_one[got] + self.paid_two[twice]) + self.paid_two[once & ~twice]

    def reachable(self, slots: int) -> int:
        """Return the most the cards can make when `slots` of the squares are fed.

        Each square brings one Cottage to each card beside it (two to a card missing two, for a Barrett
        Castle); the best squares' Cottages are shared out as if any could go to any card. The least of that
        and apart(slots). What does not depend on `slots` (the sorted Cottages and points, the cards apart) is
        worked out once, and each answer kept: a Tithe Barn's plans of more or fewer pairs ask again.
        """
        reached = self.reached
        if reached is None:
            ones, twos, others = self._apart()
            reached = self.reached = (_running(sorted(self.brings, reverse=True)), _running(sorted(self.one, reverse=True)),
                                      _running(sorted(self.two, reverse=True)), others,
                                      _running(sorted(ones, reverse=True)), _running(sorted(twos, reverse=True)), {})
        brings, one, two, others, ones, twos, known = reached
        if slots in known:
            return known[slots]
        supply = brings[slots if slots < len(brings) else -1]
        found = _shared_sums(one, two, supply)
        apart = others + _shared_sums(ones, twos, slots)
        if apart < found:
            found = apart
        known[slots] = found
        return found

    def apart(self, slots: int) -> int:
        """Return the most the cards can make when `slots` of the squares are fed, by the squares each card needs
        of its own.

        Cards are taken in turn, those needing most squares and having fewest first. A card that shares no square
        with the cards taken before needs squares of its own to be paid: one (a card missing one, or two beside a
        Barrett Castle) or two; a card needing two squares that shares exactly one with them needs one of its own at
        least. A card's squares of its own are those no card taken before it has, so no square is two cards' own,
        and the cards paid need at most `slots` of them between them. The others (a card needing one square that
        shares any, or needing two that shares two or more) are counted whole. A bound, not always reached: any
        `slots` squares pay at most that.
        """
        ones, twos, others = self._apart()
        return others + _shared_out(ones, twos, slots)

    def _apart(self) -> tuple:
        """Return apart()'s (points of the cards taken needing one square of their own, those needing two, the
        others' points summed)."""
        masks, points = self.masks, self.points
        # Those needing two first, then those with fewest squares.
        keys = sorted(self.keys)
        taken, ones, twos, others = 0, [], [], 0
        for key in keys:
            k = key % CARD_KEY
            common = taken & masks[k]
            if not common:
                taken |= masks[k]
                (twos if key < CARD_KEY * CARD_KEY else ones).append(points[k])
            elif key < CARD_KEY * CARD_KEY and not common & (common - 1):
                # A card needing two squares that shares exactly one with the cards taken before: one of its own at
                # least.
                taken |= masks[k]
                ones.append(points[k])
            else:
                others += points[k]
        return ones, twos, others


def _running(values: list) -> list:
    """Return the running sums of values: [0, values[0], values[0] + values[1], ...]."""
    sums = [0]
    total = 0
    for value in values:
        total += value
        sums.append(total)
    return sums


def _shared_sums(ones: list, twos: list, supply: int) -> int:
    """Return _shared_out's answer from the running sums of its points, each sorted the largest first."""
    best = 0
    last = len(ones) - 1
    for pairs in range(min(len(twos) - 1, supply // 2) + 1):
        left = supply - 2 * pairs
        total = twos[pairs] + ones[left if left < last else last]
        if total > best:
            best = total
    return best


# More than the needy cards of a town or the squares beside one: a card's number and counts sort as one number.
CARD_KEY = 32


def _shared_out(ones: list, twos: list, supply: int) -> int:
    """Return the most cards missing one (points `ones`) and two (`twos`) make with `supply` Cottages to share."""
    ones = sorted(ones, reverse=True)
    twos = sorted(twos, reverse=True)
    best = 0
    for pairs in range(min(len(twos), supply // 2) + 1):
        best = max(best, sum(twos[:pairs]) + sum(ones[:supply - 2 * pairs]))
    return best
