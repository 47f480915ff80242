"""Which unfed squares the Farms feed (4 each, anywhere), a Tithe Barn's paid pairs added to their capacity.

Only squares next to a needy card (one that needs fed Cottages beside it: feeding_worths.py) interact;
every other square adds its own worth, so for each choice among those neighbours the rest of the
capacity goes to the most valuable others. The choices are walked in the full search's order: the most
neighbours first, then in lexicographic order, a choice kept only when it beats the best so far, so
among equal choices the first found stays. That order keeps the base game's answers as they always were;
a town with Fortune's cards that feeding reckons with (Parsonage, Schoolhouse, Eraflage Vineyard) or coins
to spend walks the neighbours that can add most first, which finds the best choice sooner.

The walk keeps what the choice so far makes in a few bit masks: the cards missing one Cottage that are
paid (got), those missing two that have one (once) or both (twice). It skips a branch when even its best
squares cannot beat the best choice, each square counted at its worth and its share of the cards beside
it (a card missing two counts half for each; half paid, it counts half already), and it leaves out a
neighbour when one left out before it does as much for every card: an equal or better choice came first.
"""

from webscore.scoring.buildings import FED_COTTAGES_NEEDED
from webscore.scoring.town import ADJACENT
from webscore.scoring.town import SQUARES

from .feeding_worths import EVALUATIONS
from .feeding_worths import HALVES
from .feeding_worths import made


def walk_capacity(town, judge, fed: set, unfed: list, capacity: int, picked: list) -> None:
    """Offer the judge the Farms' choices of `capacity` of the unfed squares that might beat its best."""
    if len(unfed) <= capacity:
        judge.consider(fed.union(unfed), picked, tuple(unfed))
        return
    if not capacity:
        # Nothing to choose (Greenhouses without Farms, a Tithe Barn's plan of no pairs): the pick is scored as
        # the walk would score it, counted only when it beats the best so far, with no walk to set up.
        total = made(judge.top, fed) + judge.extra
        if judge.best is None or total > judge.best[0]:
            EVALUATIONS[0] += 1
            judge.best = (total, picked, (), judge.plan)
        return
    squares = town.squares
    worth = judge.worth()
    # The same unfed squares (a Tithe Barn's plans of more or fewer pairs) walk the same neighbours and cards.
    known = judge.walks.get(tuple(unfed))
    if known is None:
        needy_side = set()
        for i in SQUARES:
            if squares[i] in FED_COTTAGES_NEEDED:
                needy_side.update(j for j in ADJACENT[i] if j in unfed)
        near = tuple(i for i in unfed if i in needy_side)
        others = [i for i in unfed if i not in needy_side]
        if len({squares[i] for i in others}) > 1:
            # The most valuable first, ties in reading order (a Castle is worth more than a Cottage to every card).
            others.sort(key=lambda i: (-worth[squares[i]], i))
        walk = _Walk(judge, fed, unfed, near, capacity, picked)
        judge.walks[tuple(unfed)] = (near, others, walk)
    else:
        near, others, walk = known
        walk = _Walk(judge, fed, unfed, near, capacity, picked, walk)
    # A smaller choice among the neighbours leaves capacity unused only when the others run out, and then
    # the next larger choice feeds a superset, found earlier and never worse.
    for size in range(min(capacity, len(near)), max(0, capacity - len(others)) - 1, -1):
        if walk.settled():
            return
        walk.rest = tuple(others[:capacity - size])
        rest_made = sum(worth[squares[i]] for i in walk.rest)
        if size:
            walk.take(0, size, 0, rest_made, 0, 0, 0, 0)
        else:
            EVALUATIONS[0] += 1
            walk.offer(rest_made, 0)


# Up to this many cards the sums of every mask are listed at once (256 of them); beyond, worked out as asked.
LISTED_CARDS = 8


def _sums(points: list):
    """Return the sum of points[k] over the bits k of every mask, by mask (a list, or a _Sums beyond 8 cards)."""
    if len(points) > LISTED_CARDS:
        return _Sums(points)
    sums = [0]
    for value in points:
        sums = sums + [total + value for total in sums]
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
    cards `fed` pays already make. A card the squares near cannot pay is left out.
    """

    __slots__ = ("singles", "pairs", "doubles", "brings", "one", "two", "paid_one", "paid_two", "paid")

    def __init__(self, top, fed, near: tuple):
        self.singles, self.pairs, self.doubles = [0] * len(near), [0] * len(near), [0] * len(near)
        # How many Cottages each square brings to the cards beside it, all told.
        self.brings = [0] * len(near)
        self.one, self.two = [], []
        self.paid = 0
        place = {near[p]: p for p in range(len(near))}
        for need, points_when_fed, beside in top.needy.values():
            have = could = 0
            for j, cottages in beside:
                if j in fed:
                    have += cottages
                elif j in place:
                    could += cottages
            if have >= need:
                self.paid += points_when_fed
            elif have + could >= need:
                self._mark(need - have, points_when_fed, beside, place)
        self.paid_one, self.paid_two = _sums(self.one), _sums(self.two)

    def _mark(self, missing: int, points_when_fed: int, beside: tuple, place: dict) -> None:
        """Number a card missing 1 or 2 Cottages and mark it on the squares beside it (by their place)."""
        if missing == 1:
            bit = 1 << len(self.one)
            self.one.append(points_when_fed)
        else:
            bit = 1 << len(self.two)
            self.two.append(points_when_fed)
        for j, cottages in beside:
            if j in place:
                p = place[j]
                if missing == 1:
                    self.singles[p] |= bit
                elif cottages >= 2:
                    self.doubles[p] |= bit
                else:
                    self.pairs[p] |= bit
                self.brings[p] += min(cottages, missing)

    def reorder(self, order: list) -> None:
        """Put the squares in this order (by their places)."""
        self.singles = [self.singles[p] for p in order]
        self.pairs = [self.pairs[p] for p in order]
        self.doubles = [self.doubles[p] for p in order]
        self.brings = [self.brings[p] for p in order]

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
        Castle); the best squares' Cottages are shared out as if any could go to any card.
        """
        supply = sum(sorted(self.brings, reverse=True)[:slots])
        ones = sorted(self.one, reverse=True)
        twos = sorted(self.two, reverse=True)
        best = 0
        for pairs in range(min(len(twos), supply // 2) + 1):
            best = max(best, sum(twos[:pairs]) + sum(ones[:supply - 2 * pairs]))
        return best


class _Walk:
    """The walk of one Greenhouse pick's Farm choices: the neighbours (by place p in `near`) and their cards.

    best_of[p][r] is the most r neighbours from near[p:] can add, in halves (when they come the most first,
    best_of[p + r] - best_of[p], best_of summing what near[:p] can add); reach[p] what they can add at
    most as cards counted once: (the cards missing one Cottage they pay, those missing two they bring one to,
    as bits; [the most r neighbours' worths add, for each r]); dominated[q] the later neighbours (as bits) that
    neighbour q does at least as much as, card by card. They are worked out when first needed: a walk
    settled by its first choice needs none.
    """

    __slots__ = ("judge", "unfed", "capacity", "near", "picked", "worth", "cards", "most_of", "most_first", "best_of",
                 "reach", "dominated", "made_fed", "base", "rest", "most")

    def __init__(self, judge, fed: set, unfed: list, near: tuple, capacity: int, picked: list, same=None):
        """Set up the walk; `same`: a walk of the same unfed squares for another capacity, whose neighbours, cards
        and what does not depend on the capacity are taken as they are."""
        self.judge = judge
        self.unfed = unfed
        self.capacity = capacity
        self.picked = picked
        self.reach = None
        self.rest = ()
        self.most = None
        if same is not None:
            self.near, self.worth, self.cards, self.most_of, self.most_first = \
                same.near, same.worth, same.cards, same.most_of, same.most_first
            self.made_fed, self.dominated = same.made_fed, same.dominated
            self.base = self.made_fed + judge.extra
            # Running sums of the neighbours the most first hold for any capacity; a table by start does not.
            self.best_of = same.best_of if self.most_first else None
            return
        self.near = near
        worths = judge.top.worths
        self.worth = [worths[i] for i in near]
        self.cards = Cards(judge.top, fed, near)
        most = [self.cards.most(p, self.worth[p]) for p in range(len(near))]
        self.most_first = not judge.in_order
        if self.most_first:
            # The neighbours that can add most first: the best choice is found sooner, and fewer are walked.
            order = sorted(range(len(near)), key=lambda p: (-most[p], p))
            self.near = tuple(near[p] for p in order)
            self.worth = [self.worth[p] for p in order]
            most = [most[p] for p in order]
            self.cards.reorder(order)
        self.made_fed = sum(worths[i] for i in fed if i in worths) + self.cards.paid
        self.base = self.made_fed + judge.extra
        self.most_of = most
        self.best_of = None
        self.dominated = [None] * len(near)

    def _dominated(self, q: int) -> int:
        """Return the later neighbours (as bits) that neighbour q does at least as much as, card by card."""
        if self.dominated[q] is not None:
            return self.dominated[q]
        singles, pairs, doubles, worth = self.cards.singles, self.cards.pairs, self.cards.doubles, self.worth
        brings = pairs[q] | doubles[q]
        found = 0
        for r in range(q + 1, len(self.near)):
            if (worth[q] >= worth[r] and not singles[r] & ~singles[q] and not doubles[r] & ~doubles[q]
                    and not pairs[r] & ~brings):
                found |= 1 << r
        self.dominated[q] = found
        return found

    def _bounds(self) -> None:
        """Work out best_of and reach (see the class)."""
        if self.best_of is not None:
            pass
        elif self.most_first:
            # The neighbours come in the order of what they add: the most r of near[p:] add their first r.
            self.best_of = [0]
            for most in self.most_of:
                self.best_of.append(self.best_of[-1] + most)
        else:
            self.best_of = best_sums(self.most_of, self.capacity)
        self.reach = self._reach()

    def _reach(self) -> list:
        """Return reach (see the class): for each start p, what near[p:] can add, their cards counted once."""
        cards = self.cards
        # The most r of all the neighbours' worths add (not only near[p:]'s: found once, it bounds them all).
        worths = best_sums(sorted([max(0, worth) for worth in self.worth], reverse=True)[:self.capacity], self.capacity)[0]
        reach = [(0, 0, worths)]
        one = two = 0
        for p in range(len(self.near) - 1, -1, -1):
            one |= cards.singles[p]
            two |= cards.pairs[p] | cards.doubles[p]
            reach.append((one, two, worths))
        reach.reverse()
        return reach

    def settled(self) -> bool:
        """Tell whether the best choice already reaches the most any choice of the pick can make.

        That is the worths of its best squares and the cards as far as its best squares' Cottages go
        round (Cards.reachable): worked out only once, when a choice has to beat another.
        """
        judge = self.judge
        if judge.best is None:
            return False
        if self.most is None:
            worths = judge.top.worths
            best = sum(sorted((worths[i] for i in self.unfed), reverse=True)[:self.capacity])
            self.most = self.base + best + self.cards.reachable(self.capacity)
        return judge.best[0] >= self.most

    def take(self, p: int, slots: int, banned: int, made: int, got: int, once: int, twice: int, chosen: int) -> None:
        """Walk the choices of `slots` more neighbours from near[p:] in lexicographic order, after `chosen`.

        made, got, once, twice: what the choice so far makes (see the module). banned: the places (as bits)
        of neighbours a neighbour left out before them does as much as.
        """
        judge, cards, near = self.judge, self.cards, self.near
        if self.most is not None and judge.best[0] >= self.most:
            return
        if slots == 1:
            self.last(p, banned, made, got, once, twice, chosen)
            return
        halves = None
        for q in range(p, len(near) - slots + 1):
            if judge.best is not None:
                if halves is None:
                    if self.reach is None:
                        self._bounds()
                    halves = cards.halves(made, got, once, twice)
                # A branch whose squares can add less than `beat` (in halves) cannot beat the best so far: the most
                # `slots` of near[q:] add, by their squares, and by their cards counted once.
                beat = HALVES * (judge.best[0] - self.base + 1) - halves
                if self.most_first:
                    most = self.best_of[q + slots] - self.best_of[q]
                else:
                    most = self.best_of[q][slots]
                if most < beat:
                    return
                one, two, worths = self.reach[q]
                if HALVES * (worths[slots] + cards.paid_one[one & ~got] + cards.paid_two[two & ~once]) + \
                        cards.paid_two[two & once & ~twice] < beat:
                    return
            if not banned >> q & 1:
                self.take(q + 1, slots - 1, banned, made + self.worth[q], got | cards.singles[q],
                          once | cards.pairs[q] | cards.doubles[q], twice | once & cards.pairs[q] | cards.doubles[q],
                          chosen | 1 << q)
                if self.most is not None and judge.best[0] >= self.most:
                    return
                banned |= self._dominated(q)

    def last(self, p: int, banned: int, made: int, got: int, once: int, twice: int, chosen: int) -> None:
        """Score each choice of one more neighbour from near[p:], keeping any that beats the best so far."""
        judge, cards = self.judge, self.cards
        paid_one, paid_two, singles, pairs, doubles = cards.paid_one, cards.paid_two, cards.singles, cards.pairs, cards.doubles
        for q in range(p, len(self.near)):
            if not banned >> q & 1:
                EVALUATIONS[0] += 1
                total = self.base + made + self.worth[q] + paid_one[got | singles[q]] + \
                    paid_two[twice | once & pairs[q] | doubles[q]]
                if judge.best is None or total > judge.best[0]:
                    self.offer(total - self.base, chosen | 1 << q)
                banned |= self._dominated(q)

    def offer(self, made: int, chosen: int) -> None:
        """Keep the choice of the neighbours `chosen` (as bits) if what it makes beats the best so far."""
        judge = self.judge
        total = self.base + made
        if judge.best is None or total > judge.best[0]:
            farmed = [self.near[q] for q in range(len(self.near)) if chosen >> q & 1] + list(self.rest)
            judge.best = (total, self.picked, tuple(sorted(farmed)), judge.plan)
            self.settled()


def best_sums(values: list, most: int) -> list:
    """Return, for each start p, [the sum of the r largest of values[p:] for r in 0..most]."""
    sums = [None] * (len(values) + 1)
    # The `most` largest of values[p:], largest first, kept as p goes down.
    largest = []
    for p in range(len(values), -1, -1):
        if p < len(values):
            value = values[p]
            n = len(largest)
            while n and largest[n - 1] < value:
                n -= 1
            if n < most:
                largest.insert(n, value)
                if len(largest) > most:
                    largest.pop()
        row = [0]
        for value in largest:
            row.append(row[-1] + value)
        sums[p] = row + [row[-1]] * (most + 1 - len(row))
    return sums
