"""The neighbours a walk of the Farms' choices chooses among, set up once, and the bounds the walk prunes by.

The walk (capacity.py) chooses among the unfed squares beside needy cards. Here those neighbours are set up
for one set of unfed squares (Neighbours): their worths and cards (needy_cards.Cards), in Fortune's order
the ones that can add most first; and the bounds are worked out: the most so many of them can add (best_of,
reach), the later neighbours each does as much as (dominated), and whether a size of choice, or the whole
walk, can still beat the best (below, all_paid). They stand apart from the walk's loops in capacity.py: each
is worked out once a walk or once a size, where the loops run once a choice.
"""

from .feeding_worths import HALVES
from .needy_cards import Cards

# More than the squares of a town: a square's place and what it adds sort as one number.
PLACE_KEY = 32


class Neighbours:
    """One Greenhouse pick's neighbours of needy cards (by place p in `near`), their cards, and the bounds a walk of
    the Farms' choices among them prunes by (capacity._Walk).

    best_of[p][r] is the most r neighbours from near[p:] can add, in halves (when they come the most first,
    best_of[p + r] - best_of[p], best_of summing what near[:p] can add); reach[p] what they can add at
    most as cards counted once: (the cards missing one Cottage they pay, those missing two they bring one to,
    as bits; [the most r neighbours' worths add, for each r]); dominated[q] the later neighbours (as bits) that
    neighbour q does at least as much as, card by card. They are worked out when first needed: a walk
    settled by its first choice needs none.
    """

    __slots__ = ("judge", "unfed", "capacity", "near", "picked", "worth", "cards", "most_of", "most_first", "best_of",
                 "reach", "dominated", "made_fed", "base", "rest", "paid_all", "largest",
                 "sorted_most", "firsts", "lane_adds")

    def __init__(self, judge, fed: set, unfed: list, near: tuple, capacity: int, picked: list, gain=None):
        """Set up the walk of these neighbours (near) of the unfed squares for this capacity: in Fortune's order the
        ones that can add most first, by `gain` ({unfed square: what it can add, in halves}) when it has been worked
        out for these unfed squares (spending.pairs: feeding_worths.gains), else by their cards (_mark)."""
        self.judge = judge
        self.unfed = unfed
        # The unfed squares' worths, the largest first (all_paid), worked out when first needed.
        self.largest = None
        self.most_first = not judge.in_order
        if gain is not None and self.most_first:
            # What each can add is known already for these unfed squares (spending.pairs: gains(), as Cards.most counts
            # it): the neighbours are put in order before their cards are marked, not marked and then reordered.
            worths = judge.top.worths
            values = [gain[i] for i in near]
            ordered, most_of, worth = [], [], []
            for p in most_first(values):
                i = near[p]
                ordered.append(i)
                most_of.append(values[p])
                worth.append(worths[i])
            near = self.near = tuple(ordered)
            self.most_of, self.worth = most_of, worth
            self.cards = Cards(judge.top, fed, near)
        else:
            self._mark(near, fed)
        made_fed = self.cards.paid
        worths = judge.top.worths
        for i in fed:
            if i in worths:
                made_fed += worths[i]
        self.made_fed = made_fed
        self.best_of = None
        self.dominated = [None] * len(near)
        self.sorted_most = None
        self.firsts = None
        self.lane_adds = None
        self.again(capacity, picked)

    def _mark(self, near: tuple, fed: set) -> None:
        """Set near, worth, cards and most_of: the neighbours' cards marked, then (in Fortune's order) the neighbours
        that can add most put first, their cards with them."""
        self.near = near
        worths = self.judge.top.worths
        worth = self.worth = [worths[i] for i in near]
        cards = self.cards = Cards(self.judge.top, fed, near)
        singles, pairs, doubles, paid_one, paid_two = cards.singles, cards.pairs, cards.doubles, cards.paid_one, \
            cards.paid_two
        # As Cards.most, in local names.
        most = []
        for p in range(len(near)):
            most.append(HALVES * (worth[p] + paid_one[singles[p]] + paid_two[doubles[p]]) + paid_two[pairs[p]])
        if self.most_first:
            # The neighbours that can add most first: the best choice is found sooner, and fewer are walked.
            self.near, self.worth, most = cards.reorder(most_first(most), near, worth, most)
        self.most_of = most

    def again(self, capacity: int, picked: list) -> None:
        """Get ready to walk the same neighbours for this capacity (a Tithe Barn's plans of more or fewer pairs): what
        depends on the capacity is worked out again, their cards and what does not depend on it are kept as they are.

        Under MicroPython a walk set up anew costs the building of its attributes, one by one, more than the walk of a
        plan that a bound settles.
        """
        self.capacity = capacity
        self.picked = picked
        self.reach = None
        self.rest = ()
        self.paid_all = None
        if self.best_of is not None and not self.most_first:
            # Running sums of the neighbours the most first hold for any capacity; a table by start does not.
            self.best_of = None
        self.base = self.made_fed + self.judge.extra

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
            self.running_most()
        else:
            self.best_of = best_sums(self.most_of, self.capacity)
        self.reach = self._reach()

    def running_most(self) -> list:
        """Return best_of in Fortune's order: the running sums of what each can add (the neighbours come in the order
        of what they add: the most r of near[p:] add their first r). Worked out once, and kept for every capacity
        these neighbours are walked for (again())."""
        if self.best_of is None:
            running = [0]
            total = 0
            for most in self.most_of:
                total += most
                running.append(total)
            self.best_of = running
        return self.best_of

    def _reach(self) -> list:
        """Return reach (see the class): for each start p, what near[p:] can add, their cards counted once."""
        cards = self.cards
        # The most r of all the neighbours' worths add (not only near[p:]'s: found once, it bounds them all).
        capacity = self.capacity
        largest = sorted([max(0, worth) for worth in self.worth], reverse=True)
        # Running sums of the largest first (best_sums' first row, without the rows it would work out for nothing).
        worths = [0]
        for worth in largest[:capacity]:
            worths.append(worths[-1] + worth)
        worths += [worths[-1]] * (capacity + 1 - len(worths))
        reach = [(0, 0, worths)]
        one = two = 0
        for p in range(len(self.near) - 1, -1, -1):
            one |= cards.singles[p]
            two |= cards.pairs[p] | cards.doubles[p]
            reach.append((one, two, worths))
        reach.reverse()
        return reach

    def first(self, size: int) -> int:
        """Return what the first `size` neighbours make: their worths and the cards they pay. Worked out for every size
        once for these neighbours (a Tithe Barn's plans ask for more or fewer)."""
        if self.firsts is None:
            cards, worth = self.cards, self.worth
            singles, pairs, doubles, paid_one, paid_two = cards.singles, cards.pairs, cards.doubles, cards.paid_one, \
                cards.paid_two
            made = got = once = twice = 0
            firsts = self.firsts = [0]
            for p in range(len(worth)):
                made += worth[p]
                got |= singles[p]
                twice |= once & pairs[p] | doubles[p]
                once |= pairs[p] | doubles[p]
                firsts.append(made + paid_one[got] + paid_two[twice])
        return self.firsts[size]

    def lane_values(self) -> tuple:
        """Return what every choice scored at once adds up (capacity._Walk.every): (the least worth of the neighbours,
        which each choice of `size` counts `size` times; the places of those worth more; what each of those adds above
        the least, then the points of each card: Cards.one and Cards.two). Worked out once for these neighbours,
        whatever the size of the choices."""
        if self.lane_adds is None:
            worth = self.worth
            least = min(worth)
            places, values = [], []
            for p in range(len(worth)):
                if worth[p] != least:
                    places.append(p)
                    values.append(worth[p] - least)
            self.lane_adds = (least, places, values + self.cards.one + self.cards.two)
        return self.lane_adds

    def all_paid(self) -> int:
        """Return the most a choice of the pick can make with every card the neighbours can pay paid: the worths of its
        best squares and those cards (Cards.payable). No choice makes more. Worked out once a capacity (again() lets
        go of it); the unfed squares' worths, sorted, once for every capacity (largest)."""
        if self.paid_all is None:
            largest = self.largest
            if largest is None:
                # The unfed squares' worths, the largest first: the same for every capacity.
                worths = self.judge.top.worths
                largest = self.largest = sorted([worths[i] for i in self.unfed], reverse=True)
            self.paid_all = self.base + sum(largest[:self.capacity]) + self.cards.payable
        return self.paid_all

    def below(self, size: int, made: int) -> bool:
        """Tell whether no choice of `size` neighbours, the others' squares making `made`, can beat the best.

        Such a choice adds at most what its neighbours can each add (most_of: a square's worth and its share of the
        cards beside it, in halves), so at most what the `size` that can add most do. Nor is a size walked when more
        than `size` neighbours are each worth as much as the others' last square (rest, the least worth of them): each
        choice leaves one of them out, and taking it in that square's stead feeds a choice of the next larger size,
        walked already, that makes no less (feeding more never lowers).
        """
        judge = self.judge
        if judge.best is None:
            return False
        if self.base + made + self.largest_most()[size] // HALVES <= judge.best[0]:
            return True
        if self.rest:
            least = judge.top.worths[self.rest[-1]]
            count = 0
            for worth in self.worth:
                if worth >= least:
                    count += 1
            return count > size
        return False

    def largest_most(self) -> list:
        """Return, for each r, the most r neighbours can add, in halves: the running sums of most_of, the largest first
        (in Fortune's order they come so: running_most)."""
        if self.most_first:
            return self.running_most()
        if self.sorted_most is None:
            running = [0]
            for most in sorted(self.most_of, reverse=True):
                running.append(running[-1] + most)
            self.sorted_most = running
        return self.sorted_most


def most_first(values: list) -> list:
    """Return the places of these values, the largest first, ties in their places' order: (-value, place) as one
    number, sorted without a key."""
    keys = [-values[p] * PLACE_KEY + p for p in range(len(values))]
    keys.sort()
    return [key % PLACE_KEY for key in keys]


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
