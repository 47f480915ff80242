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
With few choices of neighbours (AT_ONCE_CHOICES), every choice is scored at once instead (_Walk.every: each choice a
bit of a few numbers, its total added up bit-sliced), and the first of the best in the same order is kept: under
MicroPython that costs less than the walk's bounds alone. With room for every neighbour there is one choice, scored
at once (_Walk.whole).
The neighbours and those bounds are set up in capacity_bounds.py, once for a set of unfed squares whatever the
capacity (_walk_of), the cards' masks in needy_cards.py.
"""

from .capacity_bounds import Neighbours
from .capacity_bounds import most_first
from .feeding_worths import EVALUATIONS
from .feeding_worths import HALVES
from .feeding_worths import made
from .lanes import added_up
from .lanes import best_lanes
from .lanes import card_lanes
from .lanes import choice_lanes
from .lanes import first_lane
from .town import CHOICES
from .town import bits


def walk_capacity(town, judge, fed: set, unfed: list, capacity: int, picked: list, key=None, gain=None) -> None:
    """Offer the judge the Farms' choices of `capacity` of the unfed squares that might beat its best.

    key: the unfed squares as bits (town.bits), and gain: what each can add, in halves (feeding_worths.gains), when
    already worked out for these unfed squares (a Tithe Barn's plans walk the same ones).
    """
    if len(unfed) <= capacity:
        judge.consider(fed.union(unfed), picked, tuple(unfed))
        return
    if not capacity:
        # Nothing to choose (Greenhouses without Farms, a Tithe Barn's plan of no pairs): the pick is scored as
        # the walk would score it, counted only when it beats the best so far, with no walk to set up.
        total = made(judge.top, fed) + judge.extra
        if judge.best is None or total > judge.best[0]:
            EVALUATIONS[0] += 1
            judge.best = (total, picked, NOTHING_FARMED, judge.plan)
        return
    squares = town.squares
    worth = judge.worth()
    near, others, walk = _walk_of(judge, squares, fed, unfed, capacity, picked, key, gain)
    # No choice makes more than every card paid and the best squares fed: a best that makes as much ends the walk.
    most = walk.all_paid()
    # A smaller choice among the neighbours leaves capacity unused only when the others run out, and then
    # the next larger choice feeds a superset, found earlier and never worse.
    for size in range(min(capacity, len(near)), max(0, capacity - len(others)) - 1, -1):
        if judge.best is not None and judge.best[0] >= most:
            return
        rest = walk.rest = others[:capacity - size]
        rest_made = 0
        for i in rest:
            rest_made += worth[squares[i]]
        if walk.below(size, rest_made):
            continue
        if not size:
            EVALUATIONS[0] += 1
            walk.offer(rest_made, 0)
        elif size == len(near):
            walk.whole(rest_made)
        else:
            walk.take(size, rest_made)


def _walk_of(judge, squares: tuple, fed: set, unfed: list, capacity: int, picked: list, key, gain) -> tuple:
    """Return (the neighbours of needy cards among the unfed squares, the others in the walk's order, the walk of them
    for this capacity), set up once for these unfed squares: a Tithe Barn's plans of more or fewer pairs walk the same
    neighbours and cards. key, gain: as walk_capacity takes them (None when not worked out)."""
    if key is None:
        key = bits(unfed)
    known = judge.walks.get(key)
    if known is not None:
        known[2].again(capacity, picked)
        return known
    side = judge.needy_side()
    near = tuple([i for i in unfed if side >> i & 1])
    others = [i for i in unfed if not side >> i & 1]
    if len({squares[i] for i in others}) > 1:
        # The most valuable first, ties in reading order, as the unfed squares come (a Castle is worth more than a
        # Cottage to every card).
        worth = judge.worth()
        others = [others[p] for p in most_first([worth[squares[i]] for i in others])]
    # A tuple, sliced without copying it into a new tuple item by item.
    known = (near, tuple(others), _Walk(judge, fed, unfed, near, capacity, picked, gain))
    judge.walks[key] = known
    return known


# The squares a choice feeds by Farms (and the Tithe Barn) as the judge keeps them, (neighbours, others, the
# neighbours chosen as bits) (feeding.Judge), when it feeds none.
NOTHING_FARMED = ((), (), 0)
# Up to this many choices of neighbours (the 126 choices of 4 among 9), every choice is scored at once (_Walk.every):
# under MicroPython that costs less than a walk of them with its bounds (tests/bench/fortune_feeding.py).
AT_ONCE_CHOICES = 130


class _Walk(Neighbours):
    """The walk of one Greenhouse pick's Farm choices among its neighbours (capacity_bounds.Neighbours)."""

    __slots__ = ()

    def take(self, size: int, made: int) -> None:
        """Walk the choices of `size` neighbours in lexicographic order, the others' squares making `made`.

        The walk keeps what the choice so far makes (see the module) and `banned`, the places (as bits) of
        neighbours a neighbour left out before them does as much as; it runs in local names, as under
        MicroPython an attribute costs as much as a whole step.
        """
        if CHOICES[len(self.worth)][size] <= AT_ONCE_CHOICES:
            self.every(size, made)
            return
        walk, judge, worth, dominated, base = self, self.judge, self.worth, self.dominated, self.base
        cards = self.cards
        singles, pairs, doubles, paid_one, paid_two = cards.singles, cards.pairs, cards.doubles, cards.paid_one, \
            cards.paid_two
        count, most_first, most_of = len(worth), self.most_first, self.most_of
        # No choice makes more than every card paid (all_paid): a best that makes as much ends the walk.
        most = self.all_paid()
        scored = [0]

        def needed(best, made, got, once, twice):
            # What a choice made so far must still add to beat the best (in halves, as Cards.halves counts it).
            return HALVES * (best[0] - base - made + 1) - HALVES * (paid_one[got] + paid_two[twice]) - \
                paid_two[once & ~twice]

        def last(p, banned, made, got, once, twice, chosen):
            # Score each choice of one more neighbour from near[p:], keeping any that beats the best so far.
            best = judge.best
            beat = None if best is None else needed(best, made, got, once, twice)
            made += base
            for q in range(p, count):
                if banned >> q & 1:
                    continue
                # A neighbour that can add less than `beat` cannot beat the best; those after it add no more when they
                # come the most first.
                if beat is not None and most_of[q] < beat:
                    if most_first:
                        return
                    continue
                scored[0] += 1
                total = made + worth[q] + paid_one[got | singles[q]] + paid_two[twice | once & pairs[q] | doubles[q]]
                if best is None or total > best[0]:
                    walk.offer(total - base, chosen | 1 << q)
                    best = judge.best
                    beat = needed(best, made - base, got, once, twice)
                found = dominated[q]
                banned |= walk._dominated(q) if found is None else found

        def take(p, slots, banned, made, got, once, twice, chosen):
            # Walk the choices of `slots` more neighbours from near[p:], after `chosen`.
            best = judge.best
            if best is not None and best[0] >= most:
                return
            if slots == 1:
                last(p, banned, made, got, once, twice, chosen)
                return
            beat = None
            for q in range(p, count - slots + 1):
                if best is not None:
                    if beat is None:
                        if walk.reach is None:
                            walk._bounds()
                        reach, best_of = walk.reach, walk.best_of
                        beat = needed(best, made, got, once, twice)
                    # A branch whose squares can add less than `beat` (in halves) cannot beat the best so far: the
                    # most `slots` of near[q:] add, by their squares, and (for more than the last two) by their cards
                    # counted once.
                    if (best_of[q + slots] - best_of[q] if most_first else best_of[q][slots]) < beat:
                        return
                    if slots > 2:
                        one, two, worths = reach[q]
                        if HALVES * (worths[slots] + paid_one[one & ~got] + paid_two[two & ~once]) + \
                                paid_two[two & once & ~twice] < beat:
                            return
                if not banned >> q & 1:
                    if slots == 2:
                        # The last neighbour: chosen by last() at once (take() would only pass it on).
                        last(q + 1, banned, made + worth[q], got | singles[q], once | pairs[q] | doubles[q],
                             twice | once & pairs[q] | doubles[q], chosen | 1 << q)
                    else:
                        take(q + 1, slots - 1, banned, made + worth[q], got | singles[q], once | pairs[q] | doubles[q],
                             twice | once & pairs[q] | doubles[q], chosen | 1 << q)
                    if judge.best is not best:
                        best = judge.best
                        if best[0] >= most:
                            return
                        beat = None
                    found = dominated[q]
                    banned |= walk._dominated(q) if found is None else found

        take(0, size, 0, made, 0, 0, 0, 0)
        # take() names itself: let go of it, or it and the walk it reads wait for the garbage collector (a cycle).
        take = None
        EVALUATIONS[0] += scored[0]

    def whole(self, made: int) -> None:
        """Score the one choice of every neighbour, the others' squares making `made`, and keep it if it beats the best
        so far: a Tithe Barn's plan of the most pairs, or Farms with room for every neighbour, have nothing to walk."""
        self.first_only(len(self.worth), made)

    def first_only(self, size: int, made: int) -> None:
        """Score only the first choice of `size` neighbours (the first `size`), the others' squares making `made`, and
        keep it if it beats the best so far."""
        EVALUATIONS[0] += 1
        self.offer(made + self.first(size), (1 << size) - 1)

    def every(self, size: int, made: int) -> None:
        """Score every choice of `size` neighbours at once, the others' squares making `made`, and keep the first in
        lexicographic order that makes the most, if it beats the best so far: the choice take() would find.

        Each choice is a lane (lanes.py). What a lane makes is its squares' worths and the cards they pay: every lane
        holds `size` squares, so each makes size * least (the least worth) and what its squares are worth above that
        (most often only a Barrett Castle or a Vineyard among Cottages is worth more), and each card's points where it
        is paid. First the first choice (the first `size` neighbours) is scored alone: if it makes as much as every card
        paid and the best squares fed (all_paid), no choice makes more, and it comes first.
        """
        if self.base + made + self.first(size) >= self.all_paid():
            self.first_only(size, made)
            return
        judge = self.judge
        members, lanes, chosen_by_lane = choice_lanes(len(self.worth), size)
        least, above, values = self.lane_values()
        # The lanes holding each square worth more than the least (most often none), then those paying each card.
        holding = [members[p] for p in above] if above else []
        cards = self.cards
        card_lanes(members, cards.singles_at, cards.pairs_at, cards.doubles_at, holding)
        most, lanes = best_lanes(added_up(holding, values), lanes)
        EVALUATIONS[0] += len(chosen_by_lane)
        total = self.base + made + size * least + most
        if judge.best is None or total > judge.best[0]:
            self.keep(total, chosen_by_lane[first_lane(lanes)])

    def offer(self, made: int, chosen: int) -> None:
        """Keep the choice of the neighbours `chosen` (as bits) if what it makes beats the best so far."""
        total = self.base + made
        if self.judge.best is None or total > self.judge.best[0]:
            self.keep(total, chosen)

    def keep(self, total: int, chosen: int) -> None:
        """Make the choice of the neighbours `chosen` (as bits), making `total`, the judge's best (its squares listed
        when the search is over: Judge.done)."""
        judge = self.judge
        judge.best = (total, self.picked, (self.near, self.rest, chosen), judge.plan)
