"""Coins spent at the end to feed (Root Cellar, Tithe Barn), chosen with the feeding for the highest total.

With a Root Cellar each coin feeds every feedable building of one row or column of the player's choice
(one coin a line, however many Root Cellars); with a Tithe Barn more feedable buildings anywhere cost a
coin per 2 (rounded up; a Barrett Castle is one building). A coin kept scores its worth (1, or 2 with a
built Estival Festival), so the best total weighs what feeding gains against the coins it costs.

Choices are compared by what they make (feeding_worths.py), the rules' points less a constant. Most towns
need no search (settled()). With lines alone to buy, the sets of the fewest lines paying every card (then of
one line more, and so on) are tried first: the first that makes the most any set can is the answer, when no
smaller set can make as much (cellar_lines.fewest_first). Otherwise every set of lines the coins buy is tried,
the lines that can add most first, each set with what the Tithe Barn's pairs and the free feeding (Greenhouse
groups, Farms) add to it (pairs(): feeding.search, the pairs added to the Farms' capacity); a branch is dropped
when even the most its lines can add cannot beat the best so far. What the lines chosen make is kept up to
date line by line, in bit masks over the squares nothing fixed feeds (needy_cards.Cards).
Here are the plans and the walks; the lines themselves are in cellar_lines.py, and the town's squares,
lines and bounds are set up for the walks in spending_bounds.py.
"""

from .capacity import NOTHING_FARMED
from .capacity import walk_capacity
from .cellar_lines import every_line
from .cellar_lines import fewest_feeding_all
from .cellar_lines import fewest_first
from .cellar_lines import fewest_lines
from .cellar_lines import most_with_more_lines
from .feeding import greenhouse_options
from .feeding import search
from .feeding_worths import EVALUATIONS
from .feeding_worths import HALVES
from .feeding_worths import gains
from .feeding_worths import made
from .spending_bounds import TITHE_PAIR
from .spending_bounds import Lines
from .town import NAMES
from .town import bits
from .town import of_bits


class _Spending(Lines):
    """One town's search: each set of lines its coins buy, with Tithe Barn pairs and what else feeds.

    The best choice's plan is (lines, coins on Tithe Barn pairs); extra is what the coins it keeps score.
    """

    __slots__ = ()

    # The plans that need no search.

    def settled(self) -> bool:
        """Choose the plan of a town that feeds only with coins, when no search is needed; return whether it did.

        When every square left to feed is worth a coin or more, a coin that feeds one more square never
        loses. With a Tithe Barn alone, the coins then buy pairs until every square is fed or the chest is
        empty, and only which squares remains to choose. With Root Cellars alone, if the coins can buy lines
        feeding every square, the fewest such lines are best: any other lines leave squares unfed, and
        feeding those would take no more coins than squares (one line each).
        """
        feeding = self.feeding
        unfed = self.squares
        if (not unfed or feeding.farms or feeding.greenhouses or (feeding.cellars and feeding.barns)
                or min(self.worth_of) < self.coin):
            return False
        if feeding.barns:
            pairs = min(self.coins, (len(unfed) + 1) // TITHE_PAIR)
            self.extra = self.coin * (self.coins - pairs)
            self.plan = ((), pairs)
            search(self.town, [[]], feeding.fixed, feeding.feedable, TITHE_PAIR * pairs, self)
            return True
        # Every square left is worth a coin or more, so each can gain.
        chosen = fewest_feeding_all(every_line(set(feeding.feedable), {self.squares[p]: p for p in range(len(unfed))}))
        if len(chosen) > self.coins:
            return False
        fed = set(feeding.fixed)
        for line in chosen:
            fed.update(line[1])
        self.extra = self.coin * (self.coins - len(chosen))
        self.plan = (chosen, 0)
        self.consider(fed, [], ())
        return True

    # Every set of lines.

    def walk(self, k: int, room: int, fed: int, made_so_far: int, got: int, once: int, twice: int,
             chosen: int) -> None:
        """Try the lines chosen (bits of `chosen`, feeding the places `fed`), then each set adding lines[k:].

        made_so_far, got, once, twice: what the lines chosen make (needy_cards.Cards, as the Farms' walk). With
        nothing else to choose (no Farm, Greenhouse or Tithe Barn), walk_lines walks the same sets faster.
        """
        cards = self.cards
        paid = made_so_far + cards.paid_one[got] + cards.paid_two[twice] + self.coin * room
        # The most these lines can make, in halves, with what Farms, Greenhouses and pairs can add.
        halves = HALVES * paid + cards.paid_two[once & ~twice] + self._more(room, fed)
        if self.best is None or self.best[0] < self.base + halves // HALVES:
            self.pairs(chosen, room)
        # A set of one line more spends a coin more: it makes at most `full` less them all.
        if not room or self.best[0] >= self.full - self.coin * (self.coins - room + 1):
            return
        singles, pairs, doubles, worth_of, best_lines = cards.singles, cards.pairs, cards.doubles, self.worth_of, \
            self.best_lines
        lines = len(self.lines)
        for n in range(k, lines):
            # A branch whose lines can add less than `beat` (in halves) cannot beat the best so far.
            beat = HALVES * (self.best[0] - self.base + 1) - halves
            # The lines are in the order of what they can add, so the most `room` of lines[n:] add is their first.
            if best_lines[n + room] - best_lines[n] < beat:
                return
            more = fed
            gained = made_so_far
            got_now = got
            once_now = once
            twice_now = twice
            for p in self.line_places[n]:
                if not more >> p & 1:
                    more |= 1 << p
                    gained += worth_of[p]
                    got_now |= singles[p]
                    twice_now |= once_now & pairs[p] | doubles[p]
                    once_now |= pairs[p] | doubles[p]
            if more != fed:
                self.walk(n + 1, room - 1, more, gained, got_now, once_now, twice_now, chosen | 1 << n)

    def walk_lines(self) -> None:
        """Walk every set of lines the coins buy as walk() does, when the lines feed what they feed and nothing
        else is chosen: the same sets in the same order, the same bounds, kept in local names (under MicroPython
        an attribute costs as much as a whole step)."""
        cards = self.cards
        singles, pairs, doubles, paid_one, paid_two = cards.singles, cards.pairs, cards.doubles, cards.paid_one, \
            cards.paid_two
        worth_of, best_lines, reach, line_places = self.worth_of, self.best_lines, self.reach, self.line_places
        lines, coin, base, full = len(self.lines), self.coin, self.base, self.full
        coin_halves = HALVES * coin
        # What each line adds to a choice none of whose squares it feeds (line_adds, worked out in line_up).
        line_masks, line_worths, line_singles, line_once, line_twice = self.line_adds
        # The best total so far (at first less than the first set's, no line and every coin kept), the lines (bits)
        # that make it, and how many sets were scored.
        best = [base + coin * self.coins - 1, 0, 0]
        coins = self.coins
        # By start n, the cards missing two that one line of lines[n:] brings both Cottages to (as bits).
        completes = [0] * (lines + 1)
        for n in range(lines - 1, -1, -1):
            completes[n] = completes[n + 1] | line_twice[n]
        # The fewest lines paying every card, and the least fewer leave unpaid (fewest_lines): first the sets of that
        # many lines or more, whose first that makes the most any set can ends the search (fewest_first).
        paying_all = fewest_lines(cards, line_singles, line_once, line_twice)
        found = fewest_first(self, paying_all[0], base + coin * coins)
        if found is not None:
            self.best = (found[0], [], NOTHING_FARMED, (self._chosen(found[1]), 0))
            return
        # By the coins left (room), the most a set of more lines than those bought can make (most_with_more_lines):
        # one number per room, read before each line a step adds, as a line added before may have raised the best.
        short = most_with_more_lines(paying_all, full, coin, coins)

        def walk(k, room, fed, made_so_far, got, once, twice, chosen):
            paid = made_so_far + paid_one[got] + paid_two[twice] + coin * room
            best[2] += 1
            top = best[0]
            if base + paid > top:
                top = best[0] = base + paid
                best[1] = chosen
            # A walk is never called without a coin to spend (room): the last coin's lines are scored in its loop.
            if top >= full:
                return
            halves = HALVES * paid + paid_two[once & ~twice]
            for n in range(k, lines):
                if short[room] <= best[0]:
                    return
                # A branch whose lines can add less than `beat` (in halves) cannot beat the best so far.
                beat = HALVES * (best[0] - base + 1) - halves
                # The lines come in the order of what they can add: the most `room` of lines[n:] add their first.
                first = best_lines[n]
                if best_lines[n + room] - first < beat:
                    return
                # Nor can j of lines[n:] add more than the cards they reach, each once, and their squares' worths,
                # less j coins, j at least the fewest of them whose most add `beat`.
                reach_one, reach_two, worths = reach[n]
                cap = HALVES * (paid_one[reach_one & ~got] + paid_two[reach_two & ~once]) + \
                    paid_two[reach_two & once & ~twice]
                for bit, value in worths:
                    # A square fed already adds nothing (a bool counts as 0 or 1).
                    cap += HALVES * value * (not fed & bit)
                j = 1
                while best_lines[n + j] - first < beat:
                    j += 1
                if j == 1 and cap - HALVES * paid_two[reach_two & ~once & ~completes[n]] - coin_halves < beat:
                    # One line pays a card missing two that is not half paid only if it brings both Cottages: bounded
                    # so, no set of one line beats the best, and a larger one costs a coin more (none is left after
                    # the last coin).
                    j = 2
                if j > room or cap - coin_halves * j < beat:
                    return
                if not fed & line_masks[n]:
                    # None of its squares fed yet: the line adds what it adds alone.
                    more = fed | line_masks[n]
                    gained = made_so_far + line_worths[n]
                    got_now = got | line_singles[n]
                    once_now = once | line_once[n]
                    twice_now = twice | once & line_once[n] | line_twice[n]
                else:
                    # The line's squares added one by one, as walk() adds them: written out here, not called, since
                    # a call per set scored costs more under MicroPython than the set (tests/bench/fortune_feeding.py).
                    more = fed
                    gained = made_so_far
                    got_now = got
                    once_now = once
                    twice_now = twice
                    for p in line_places[n]:
                        if not more >> p & 1:
                            more |= 1 << p
                            gained += worth_of[p]
                            got_now |= singles[p]
                            twice_now |= once_now & pairs[p] | doubles[p]
                            once_now |= pairs[p] | doubles[p]
                    if more == fed:
                        continue
                if room > 1:
                    walk(n + 1, room - 1, more, gained, got_now, once_now, twice_now, chosen | 1 << n)
                    continue
                # The last coin's line: the set is scored here, as walk() would score it (no coin left to keep).
                best[2] += 1
                paid = base + gained + paid_one[got_now] + paid_two[twice_now]
                if paid > best[0]:
                    best[0] = paid
                    best[1] = chosen | 1 << n

        walk(0, self.coins, 0, 0, 0, 0, 0, 0)
        # walk() names itself: let go of it, or it and what it reads wait for the garbage collector (a cycle).
        walk = None
        EVALUATIONS[0] += best[2]
        self.best = (best[0], [], NOTHING_FARMED, (self._chosen(best[1]), 0))

    def _chosen(self, chosen: int) -> tuple:
        """Return the lines of the bits of `chosen`."""
        return tuple(of_bits(self.lines, chosen))

    def pairs(self, chosen: int, room: int) -> None:
        """Search the lines chosen with each number of coins spent on Tithe Barn pairs, the most first."""
        feeding = self.feeding
        lines = self._chosen(chosen)
        fed = set(feeding.fixed)
        for line in lines:
            fed.update(line[1])
        unfed = [i for i in feeding.feedable if i not in fed]
        most = min(room, (max(0, len(unfed) - self.free) + 1) // TITHE_PAIR) if feeding.barns else 0
        made_now = made(self.top, fed)
        gain = gains(self.top, fed, unfed)
        each = sorted(gain.values(), reverse=True)
        if feeding.greenhouses:
            options = greenhouse_options(self.town.squares, feeding.greenhouses, frozenset(fed), self.groups)
            # The most squares the Greenhouses can feed: their largest groups' unfed squares.
            reach = sorted([sum(1 for i in group if i in unfed) for group in self.groups], reverse=True)
            reach = sum(reach[:len(feeding.greenhouses)])
            key = None
        else:
            # Without a Greenhouse there is one pick, of nothing, and every plan walks these unfed squares: their bits
            # are worked out once.
            options, reach, key = [[]], 0, bits(unfed)
        for pairs in range(most, -1, -1):
            kept = room - pairs
            capacity = self.free + TITHE_PAIR * pairs
            if self.best is not None and made_now + sum(each[:capacity + reach]) // HALVES + self.coin * kept <= self.best[0]:
                continue
            self.extra = self.coin * kept
            self.plan = (lines, pairs)
            if feeding.greenhouses:
                search(self.town, options, fed, feeding.feedable, capacity, self)
            else:
                # The walk's neighbours are ordered by what they can add: worked out above for these unfed squares.
                walk_capacity(self.town, self, fed, unfed, capacity, options[0], key, gain)


def choose_spending(town, feeding) -> tuple:
    """Return (Greenhouse groups, Farm-fed squares, lines' feedable squares, Tithe Barn's paid squares).

    Sets town.spending to what the coins bought: {"lines", "paid", "spent", "left"}, lines named "1".."4"
    (rows) and "a".."d" (columns), paid squares by name.
    """
    found = _Spending(town, feeding)
    if found.settled():
        pass
    elif not feeding.cellars:
        # No line to buy: the walk would only search its first set, no line, its bound unread (nothing found
        # yet to beat), so the squares' cards and bounds are not worked out.
        found.lines = []
        found.pairs(0, found.coins)
    else:
        found.line_up()
        if found.more:
            found.walk(0, found.coins, 0, 0, 0, 0, 0, 0)
        else:
            found.walk_lines()
    found.done()
    _, picked, farmed, (chosen, pairs) = found.best
    spent = len(chosen) + pairs
    town.spending = {"lines": [line[0] for line in chosen], "paid": [NAMES[i] for i in farmed[found.free:]],
                     "spent": spent, "left": town.coins - spent}
    return picked, farmed[:found.free], [line[1] for line in chosen], farmed[found.free:]
