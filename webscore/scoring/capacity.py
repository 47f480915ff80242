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
With few choices of neighbours (EVERY_CHOICE), it scores each choice instead (_Walk.every), in the same
order, keeping the same first best: under MicroPython the bounds cost more than the choices they spare.
"""

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
    key = 0
    for i in unfed:
        key |= 1 << i
    known = judge.walks.get(key)
    if known is None:
        side = judge.needy_side()
        near = tuple([i for i in unfed if side >> i & 1])
        others = [i for i in unfed if not side >> i & 1]
        if len({squares[i] for i in others}) > 1:
            # The most valuable first, ties in reading order (a Castle is worth more than a Cottage to every card):
            # (-worth, square) as one number, sorted without a key.
            keys = [-worth[squares[i]] * PLACE_KEY + i for i in others]
            keys.sort()
            others = [k % PLACE_KEY for k in keys]
        # A tuple, sliced without copying it into a new tuple item by item.
        others = tuple(others)
        walk = _Walk(judge, fed, unfed, near, capacity, picked)
        judge.walks[key] = (near, others, walk)
    else:
        near, others, walk = known
        walk = _Walk(judge, fed, unfed, near, capacity, picked, walk)
    # A smaller choice among the neighbours leaves capacity unused only when the others run out, and then
    # the next larger choice feeds a superset, found earlier and never worse.
    for size in range(min(capacity, len(near)), max(0, capacity - len(others)) - 1, -1):
        if walk.settled():
            return
        rest = walk.rest = others[:capacity - size]
        rest_made = 0
        for i in rest:
            rest_made += worth[squares[i]]
        if walk.below(size, rest_made):
            continue
        if size:
            walk.take(size, rest_made)
        else:
            EVALUATIONS[0] += 1
            walk.offer(rest_made, 0)


# Up to this many choices of neighbours, a walk scores every choice (_Walk.every): under MicroPython its bounds
# and the neighbours each does as much as cost more than the choices they spare (tests/bench/fortune_feeding.py).
EVERY_CHOICE = 70


def _choices(count: int, size: int) -> int:
    """Return how many choices of `size` there are among `count`."""
    found = 1
    for k in range(size):
        found = found * (count - k) // (k + 1)
    return found


# More than the squares of a town: a square's place and what it adds sort as one number.
PLACE_KEY = 32
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
        """Return the most the cards can make when `slots` of the squares are fed, by the cards no square serves
        twice.

        Cards are taken, those needing most squares and having fewest first, as long as no square beside one is
        beside another taken: each of them is paid only by squares of its own, one (a card missing one, or two
        beside a Barrett Castle) or two, so those it pays hold at most `slots` squares between them. The others
        are counted whole. Exact as a bound: any `slots` squares pay at most that.
        """
        ones, twos, others = self._apart()
        return others + _shared_out(ones, twos, slots)

    def _apart(self) -> tuple:
        """Return apart()'s (points of the cards taken missing one, those missing two, the others' points summed)."""
        masks, points = self.masks, self.points
        # Those needing two first, then those with fewest squares.
        keys = sorted(self.keys)
        taken, ones, twos, others = 0, [], [], 0
        for key in keys:
            k = key % CARD_KEY
            if taken & masks[k]:
                others += points[k]
            else:
                taken |= masks[k]
                (twos if key < CARD_KEY * CARD_KEY else ones).append(points[k])
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
        worth = self.worth = [worths[i] for i in near]
        cards = self.cards = Cards(judge.top, fed, near)
        singles, pairs, doubles, paid_one, paid_two = cards.singles, cards.pairs, cards.doubles, cards.paid_one, \
            cards.paid_two
        # As Cards.most, in local names.
        most = []
        for p in range(len(near)):
            most.append(HALVES * (worth[p] + paid_one[singles[p]] + paid_two[doubles[p]]) + paid_two[pairs[p]])
        self.most_first = not judge.in_order
        if self.most_first:
            # The neighbours that can add most first: the best choice is found sooner, and fewer are walked.
            # (-what one adds, its place) as one number, sorted without a key.
            count = len(near)
            keys = [0] * count
            for p in range(count):
                keys[p] = -most[p] * PLACE_KEY + p
            keys.sort()
            for p in range(count):
                keys[p] %= PLACE_KEY
            self.near, self.worth, most = cards.reorder(keys, near, worth, most)
        made_fed = cards.paid
        for i in fed:
            if i in worths:
                made_fed += worths[i]
        self.made_fed = made_fed
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

    def settled(self) -> bool:
        """Tell whether the best choice already reaches the most any choice of the pick can make.

        That is the worths of its best squares and the cards as far as its best squares' Cottages go
        round (Cards.reachable): worked out only once, when a choice has to beat another. A best choice that makes
        as much as those squares and every card they can pay (Cards.payable), as most do, needs no sharing out:
        most is then that sum, which it reaches as well.
        """
        judge = self.judge
        if judge.best is None:
            return False
        if self.most is None:
            worths = judge.top.worths
            squares_most = self.base + sum(sorted([worths[i] for i in self.unfed], reverse=True)[:self.capacity])
            if judge.best[0] >= squares_most + self.cards.payable:
                # The best pays every card the neighbours can pay: a looser bound than reachable()'s, reached already,
                # so the walk stops as it would have, without sharing out the Cottages.
                self.most = squares_most + self.cards.payable
            else:
                self.most = squares_most + self.cards.reachable(self.capacity)
        return judge.best[0] >= self.most

    def below(self, size: int, made: int) -> bool:
        """Tell whether no choice of `size` neighbours, the others' squares making `made`, can beat the best.

        Such a choice makes at most its neighbours' `size` largest worths and what the cards can make with `size`
        squares fed (Cards.reachable): a size whose most is no more than the best is not walked. Worked out for a
        size the best choice has to beat, when the next larger size found one (the first size is walked as is).

        Nor is a size walked when more than `size` neighbours are each worth as much as the others' last square
        (rest, the least worth of them): each choice leaves one of them out, and taking it in that square's stead
        feeds a choice of the next larger size, walked already, that makes no less (feeding more never lowers).
        """
        judge = self.judge
        if judge.best is None:
            return False
        if self.rest:
            least = judge.top.worths[self.rest[-1]]
            count = 0
            for worth in self.worth:
                if worth >= least:
                    count += 1
            if count > size:
                return True
        largest = sorted(self.worth, reverse=True)
        most = self.base + made + self.cards.reachable(size)
        for worth in largest[:size]:
            most += worth
        return most <= judge.best[0]

    def take(self, size: int, made: int) -> None:
        """Walk the choices of `size` neighbours in lexicographic order, the others' squares making `made`.

        The walk keeps what the choice so far makes (see the module) and `banned`, the places (as bits) of
        neighbours a neighbour left out before them does as much as; it runs in local names, as under
        MicroPython an attribute costs as much as a whole step.
        """
        if _choices(len(self.worth), size) <= EVERY_CHOICE:
            self.every(size, made)
            return
        walk, judge, worth, dominated, base = self, self.judge, self.worth, self.dominated, self.base
        cards = self.cards
        singles, pairs, doubles, paid_one, paid_two = cards.singles, cards.pairs, cards.doubles, cards.paid_one, \
            cards.paid_two
        count, most_first, most_of = len(worth), self.most_first, self.most_of
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
            if walk.most is not None and best[0] >= walk.most:
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
                        if walk.most is not None and best[0] >= walk.most:
                            return
                        beat = None
                    found = dominated[q]
                    banned |= walk._dominated(q) if found is None else found

        take(0, size, 0, made, 0, 0, 0, 0)
        # take() names itself: let go of it, or it and the walk it reads wait for the garbage collector (a cycle).
        take = None
        EVALUATIONS[0] += scored[0]

    def every(self, size: int, made: int) -> None:
        """Score every choice of `size` neighbours in lexicographic order, the others' squares making `made`, and keep
        the first that makes the most, if it beats the best so far: the choice take() finds, without its bounds.

        In the base game's order each better choice is kept at once, and the walk stops when the best reaches the
        most any choice can make (settled(), as take() stops); in Fortune's order the best is kept at the end, the
        most any choice can make not worked out (the neighbours that add most come first: it is seldom reached).
        """
        walk, judge, worth, base, settle = self, self.judge, self.worth, self.base, not self.most_first
        cards = self.cards
        singles, pairs, doubles, paid_one, paid_two = cards.singles, cards.pairs, cards.doubles, cards.paid_one, \
            cards.paid_two
        count = len(worth)
        # The total a choice must beat (at first, with no best yet, less than any choice makes: its cards make
        # nothing less, its squares' worths no less than all the negative ones), how many choices were scored, and
        # the best choice found (bits; -1: none).
        lowest = base + made - 1
        for value in worth:
            lowest -= abs(value)
        found = [lowest if judge.best is None else judge.best[0], 0, -1]

        def choose(p, left, made, got, once, twice, chosen):
            # Each choice of `left` more neighbours from near[p:], after `chosen`, the last one scored in the loop;
            # return whether the best reached the most any choice can make.
            if left > 2:
                for q in range(p, count - left + 1):
                    if choose(q + 1, left - 1, made + worth[q], got | singles[q], once | pairs[q] | doubles[q],
                              twice | once & pairs[q] | doubles[q], chosen | 1 << q):
                        return True
                return False
            if left == 2:
                # The last two neighbours in two loops, the last one's as below: a call per next-to-last neighbour
                # costs more under MicroPython than the choices it scores.
                for q in range(p, count - 1):
                    made_q, got_q, once_q = made + worth[q], got | singles[q], once | pairs[q] | doubles[q]
                    twice_q, chosen_q = twice | once & pairs[q] | doubles[q], chosen | 1 << q
                    best = found[0]
                    for r in range(q + 1, count):
                        total = made_q + worth[r] + paid_one[got_q | singles[r]] + \
                            paid_two[twice_q | once_q & pairs[r] | doubles[r]]
                        if total > best:
                            best = found[0] = total
                            found[2] = chosen_q | 1 << r
                            if settle:
                                walk.keep(total, found[2])
                                if walk.settled():
                                    found[1] += r - q
                                    return True
                    found[1] += count - q - 1
                return False
            best = found[0]
            for q in range(p, count):
                total = made + worth[q] + paid_one[got | singles[q]] + paid_two[twice | once & pairs[q] | doubles[q]]
                if total > best:
                    best = found[0] = total
                    found[2] = chosen | 1 << q
                    if settle:
                        walk.keep(total, found[2])
                        if walk.settled():
                            found[1] += q + 1 - p
                            return True
            found[1] += count - p
            return False

        choose(0, size, base + made, 0, 0, 0, 0)
        # choose() names itself: let go of it, as of take() above.
        choose = None
        EVALUATIONS[0] += found[1]
        if found[2] >= 0 and not settle:
            self.keep(found[0], found[2])

    def offer(self, made: int, chosen: int) -> None:
        """Keep the choice of the neighbours `chosen` (as bits) if what it makes beats the best so far."""
        total = self.base + made
        if self.judge.best is None or total > self.judge.best[0]:
            self.keep(total, chosen)
            self.settled()

    def keep(self, total: int, chosen: int) -> None:
        """Make the choice of the neighbours `chosen` (as bits), making `total`, the judge's best."""
        judge = self.judge
        farmed = [self.near[q] for q in range(len(self.near)) if chosen >> q & 1] + list(self.rest)
        judge.best = (total, self.picked, tuple(sorted(farmed)), judge.plan)


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
