"""Coins spent at the end to feed (Root Cellar, Tithe Barn), chosen with the feeding for the highest total.

With a Root Cellar each coin feeds every feedable building of one row or column of the player's choice
(one coin a line, however many Root Cellars); with a Tithe Barn more feedable buildings anywhere cost a
coin per 2 (rounded up; a Barrett Castle is one building). A coin kept scores its worth (1, or 2 with a
built Estival Festival), so the best total weighs what feeding gains against the coins it costs.

Choices are compared by what they make (feeding_worths.py), the rules' points less a constant. Most towns
need no search (settled()). Otherwise every set of lines the coins buy is tried, the lines that can add
most first, each set with what the Tithe Barn's pairs and the free feeding (Greenhouse groups, Farms)
add to it (pairs(): feeding.search, the pairs added to the Farms' capacity); a branch is dropped when even
the most its lines can add cannot beat the best so far. What the lines chosen make is kept up to date
line by line, in bit masks over the squares nothing fixed feeds (needy_cards.Cards).
"""

from .feeding import FARM_CAPACITY
from .feeding import Judge
from .feeding import greenhouse_options
from .feeding import is_feedable
from .feeding import search
from .feeding_worths import EVALUATIONS
from .feeding_worths import HALVES
from .feeding_worths import gains
from .feeding_worths import made
from .monuments import coin_worth
from .needy_cards import Cards
from .town import COLUMN_LETTERS
from .town import NAMES
from .town import SIZE
from .town import groups

TITHE_PAIR = 2
# How many bits each mask of 4 bits (rows or columns) has.
BITS = (0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4)

# Rows "1".."4", then columns "a".."d": the lines a Root Cellar's coins feed.
LINES = tuple((str(r + 1), tuple(range(r * SIZE, (r + 1) * SIZE))) for r in range(SIZE)) + tuple(
    (COLUMN_LETTERS[c], tuple(range(c, SIZE * SIZE, SIZE))) for c in range(SIZE))
# More than the number of lines: a line's number and what it adds sort as one number.
LINE_KEY = 16


def _lines(feedable, places: dict) -> list:
    """Return (name, feedable squares, places of those that can gain, as a bit mask) of every line.

    feedable: the town's feedable squares (a set); places: {square that can gain: its place}.
    """
    found = []
    for name, line in LINES:
        fed = []
        mask = 0
        for i in line:
            if i in feedable:
                fed.append(i)
                if i in places:
                    mask |= 1 << places[i]
        found.append((name, tuple(fed), mask))
    return found


def _useful(lines: list) -> list:
    """Return the numbers of the lines worth a coin: not those feeding no square that can gain, nor those whose squares
    that can gain another line feeds too (of two lines feeding the same, the first is kept).

    lines: every line, rows then columns (_lines). Two rows, or two columns, share no square, and a row and a
    column share one: a line's squares that can gain are another's only when it has one, and then the other is
    the crossing line. A column of one is left for its row, which comes first; a row of one is left only for a
    column with more.
    """
    useful = []
    columns = [line[2] for line in lines[SIZE:]]
    for n in range(len(lines)):
        mask = lines[n][2]
        # No square, or more than one.
        if not mask & (mask - 1):
            if not mask or n >= SIZE:
                continue
            crossing = 0
            for other in columns:
                if other & mask:
                    crossing = other
            if crossing != mask:
                continue
        useful.append(n)
    return useful


def _fewest_feeding_all(lines: list):
    """Return the first of the fewest lines feeding every square that can gain (rows first), as (rows, columns).

    Choosing the rows leaves to the columns the squares of the other rows: each set of rows is tried.
    """
    rows, columns = lines[:SIZE], lines[SIZE:]
    # The columns (as bits) holding squares that can gain, row by row.
    needs = [sum(1 << c for c in range(SIZE) if row[2] & columns[c][2]) for row in rows]
    best = None
    for chosen in range(1 << SIZE):
        wanted = 0
        for r in range(SIZE):
            if not chosen >> r & 1:
                wanted |= needs[r]
        count = BITS[chosen] + BITS[wanted]
        if best is None or count < best[0]:
            best = (count, chosen, wanted)
    _, chosen, wanted = best
    return tuple(rows[r] for r in range(SIZE) if chosen >> r & 1) + tuple(
        columns[c] for c in range(SIZE) if wanted >> c & 1)


# How many sets of lines the walk scores before it works out the fewest lines paying every card (_fewest_lines).
SHORT_AFTER = 6


def _fewest_lines(cards, line_singles: list, line_once: list, line_twice: list) -> tuple:
    """Return (the fewest lines that can pay every card, at least; the fewest points a set of fewer lines leaves
    unpaid), for lines bringing (by bits of cards.one) line_singles and (of cards.two) line_once, line_twice.

    A card missing one Cottage needs a line reaching it; one missing two needs two lines reaching it, or one line
    bringing both. Cards no line reaches twice are taken, those needing most and reached by fewest lines first: no
    line serves two of them, so a set paying them all holds at least the lines they need added up, and a set of
    fewer leaves one of them unpaid. A card the lines cannot pay at all is left out (a lower bound stays one).
    """
    found = []
    count = len(line_singles)
    for k in range(len(cards.one)):
        reach = 0
        for n in range(count):
            if line_singles[n] >> k & 1:
                reach |= 1 << n
        found.append((1, reach, cards.one[k]))
    for k in range(len(cards.two)):
        reach = need = 0
        for n in range(count):
            if line_once[n] >> k & 1:
                reach |= 1 << n
                need = 1 if need == 1 or line_twice[n] >> k & 1 else 2
        found.append((need, reach, cards.two[k]))
    # (needing two first, then by how many lines reach them) as one number, sorted without a key.
    keys = []
    for index in range(len(found)):
        need, reach, _ = found[index]
        lines = BITS[reach & 15] + BITS[reach >> 4 & 15]
        if need and lines >= need:
            keys.append(((2 - need) * LINE_KEY + lines) * CARD_INDEX + index)
    keys.sort()
    used = fewest = 0
    lost = None
    for key in keys:
        need, reach, points = found[key % CARD_INDEX]
        if not used & reach:
            used |= reach
            fewest += need
            lost = points if lost is None or points < lost else lost
    return fewest, lost or 0


# More than the needy cards of a town: a card's index and its key sort as one number.
CARD_INDEX = 64


def _most_with_more_lines(short: tuple, full: int, coin: int, coins: int) -> list:
    """Return, by the coins left, the most a set of more lines than those bought can make (or -1 if none can be
    bought): `full` less a coin a line, and less the least a set of fewer lines than pay every card leaves unpaid
    (short: _fewest_lines)."""
    fewest, lost = short
    found = []
    for left in range(coins + 1):
        spent = coins - left
        most = full - coin * (spent if spent > fewest else fewest) if fewest <= coins else -1
        if spent < fewest and full - coin * spent - lost > most:
            most = full - coin * spent - lost
        found.append(most)
    return found


class _Spending(Judge):
    """One town's search: its coins, the squares nothing fixed feeds (by place p), the lines worth a coin.

    The best choice's plan is (lines, coins on Tithe Barn pairs); extra is what the coins it keeps score.
    most[p] is the most square p can add, in halves (needy_cards.Cards); best_lines[k] what lines[:k] can
    add beyond their coins, in halves (the most r of lines[k:] add best_lines[k + r] - best_lines[k]).
    """

    __slots__ = ("town", "feeding", "coins", "coin", "groups", "free", "squares", "cards", "worth_of", "most",
                 "place", "places", "lines", "line_places", "best_lines", "base", "more", "full", "reach", "line_adds")

    def __init__(self, town, feeding):
        super().__init__(town, feeding)
        self.in_order = False
        self.town = town
        self.feeding = feeding
        self.coins = town.coins
        self.coin = coin_worth(town)
        self.groups = groups(town.squares, is_feedable) if feeding.greenhouses else []
        self.free = FARM_CAPACITY * len(feeding.farms)
        # In local names: under MicroPython a comprehension reads an attribute again for each square.
        fixed, worths = feeding.fixed, self.top.worths
        squares = self.squares = tuple([i for i in feeding.feedable if i not in fixed])
        self.worth_of = [worths[i] for i in squares]
        self.more = bool(feeding.barns or feeding.farms or feeding.greenhouses)

    def line_up(self) -> None:
        """Get ready to try every set of lines: the squares' cards, the lines worth a coin (those that can add
        most first), and the most each set of lines, and what else feeds, can add."""
        feeding, top, squares, worth_of = self.feeding, self.top, self.squares, self.worth_of
        # The walks read no bound of Cards.reachable: what it reads is not worked out.
        cards = self.cards = Cards(top, feeding.fixed, squares, False)
        singles, pairs, doubles, paid_one, paid_two = cards.singles, cards.pairs, cards.doubles, cards.paid_one, \
            cards.paid_two
        # As Cards.most, in local names.
        most, place, places = [], {}, {}
        for p in range(len(squares)):
            value = HALVES * (worth_of[p] + paid_one[singles[p]] + paid_two[doubles[p]]) + paid_two[pairs[p]]
            most.append(value)
            place[squares[p]] = p
            # Only squares that can gain make a line worth a coin.
            if value:
                places[squares[p]] = p
        self.most, self.place, self.places = most, place, places
        worths = top.worths
        base = cards.paid
        for i in feeding.fixed:
            if i in worths:
                base += worths[i]
        self.base = base
        self.lines, self.line_places, self.best_lines, self.reach = [], [], [], []
        self.line_adds = ([], [], [], [], [])
        # The most any choice can reach: every square fed, every coin kept.
        full = top.others + self.coin * self.coins
        for needy in top.needy.values():
            full += needy[1]
        self.full = full
        if not feeding.cellars:
            return
        # Every line (as _lines gives it) with, in one pass over its squares, the places of those that can gain, what
        # they add (as Cards.most), and what the line adds to a choice none of whose squares it feeds, as the walk
        # adds it square by square (line_adds: its places as bits, their worths, the cards missing one they pay,
        # those missing two they bring one Cottage to (once) and two (twice, of themselves)).
        feedable = set(feeding.feedable)
        every, line_places, line_adds, keys = [], [], [], []
        for name, line in LINES:
            fed, found = [], []
            mask = adds = worths = got = once = twice = 0
            for i in line:
                if i in feedable:
                    fed.append(i)
                    if i in places:
                        p = places[i]
                        found.append(p)
                        mask |= 1 << p
                        adds += most[p]
                        worths += worth_of[p]
                        got |= singles[p]
                        twice |= once & pairs[p] | doubles[p]
                        once |= pairs[p] | doubles[p]
            every.append((name, tuple(fed), mask))
            line_places.append(found)
            line_adds.append((mask, worths, got, once, twice))
            keys.append(adds)
        useful = _useful(every)
        # (-what a line adds, its number) as one number, sorted without a key: the lines that add most first.
        for k in range(len(useful)):
            n = useful[k]
            useful[k] = -keys[n] * LINE_KEY + n
        keys = useful
        keys.sort()
        line_masks, line_worths, line_singles, line_once, line_twice = self.line_adds
        lines, places_of = self.lines, self.line_places
        for key in keys:
            n = key % LINE_KEY
            lines.append(every[n])
            places_of.append(line_places[n])
            mask, worths, got, once, twice = line_adds[n]
            line_masks.append(mask)
            line_worths.append(worths)
            line_singles.append(got)
            line_once.append(once)
            line_twice.append(twice)
        # What lines[:n] can add beyond their coins, for each n: what the most r of lines[n:] add is
        # best_lines[n + r] - best_lines[n], as they come in the order of what they add.
        best_lines = self.best_lines = [0]
        total, coin = 0, HALVES * self.coin
        for key in keys:
            adds = -(key // LINE_KEY)
            if adds > coin:
                total += adds - coin
            best_lines.append(total)
        # Past the last line nothing more is added: best_lines[n + r] is read for any r up to the coins, unchecked.
        best_lines.extend([total] * self.coins)
        self.reach = self._reach()

    def _reach(self) -> list:
        """Return, for each start k, what lines[k:] can reach: (the cards missing one Cottage that their squares
        pay, those missing two that their squares bring Cottages to, as bits; ((bit of a place, its worth), ...)
        of their places worth more than nothing), from what each line adds (line_adds)."""
        line_masks, _, line_singles, line_once, _ = self.line_adds
        worth_of = self.worth_of
        # The places worth more than nothing (as bits): with none (a Grand Mausoleum's Cottages), no line's places
        # are read.
        positive = 0
        for p in range(len(worth_of)):
            if worth_of[p] > 0:
                positive |= 1 << p
        reach = [(0, 0, ())]
        singles, twos, worths, seen, kept = 0, 0, [], 0, ()
        for k in range(len(self.lines) - 1, -1, -1):
            singles |= line_singles[k]
            twos |= line_once[k]
            new = line_masks[k] & positive & ~seen
            if new:
                seen |= new
                for p in self.line_places[k]:
                    if new >> p & 1:
                        worths.append((1 << p, worth_of[p]))
                # A new tuple only when the line brings new places worth more than nothing.
                kept = tuple(worths)
            reach.append((singles, twos, kept))
        reach.reverse()
        return reach

    def _more(self, room: int, fed: int) -> int:
        """Return the most that Farms, Greenhouses and `room` coins of Tithe Barn pairs can add to the places
        `fed` (bits), in halves: their best squares."""
        place = self.place
        # The Greenhouses' groups hold at most their unfed squares, the largest groups taken.
        reach = sorted([sum(1 for i in group if i in place and not fed >> place[i] & 1) for group in self.groups],
                       reverse=True)
        slots = self.free + sum(reach[:len(self.feeding.greenhouses)]) + (TITHE_PAIR * room if self.feeding.barns else 0)
        return sum(sorted([self.most[p] for p in range(len(self.most)) if not fed >> p & 1], reverse=True)[:slots])

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
        chosen = _fewest_feeding_all(_lines(set(feeding.feedable), {self.squares[p]: p for p in range(len(unfed))}))
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
        if not room or self.best[0] >= self.full:
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
        # By the coins left (room), the most a set of more lines than those bought can make (_most_with_more_lines,
        # from the fewest lines paying every card: _fewest_lines), worked out once the walk has scored a few sets
        # (most towns need no more; till then `full`, and no number for no coin left): one number per room, read
        # before each line a step adds, as a line added before may have raised the best.
        short = [None] + [full] * coins

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
            if best[2] >= SHORT_AFTER and short[0] is None:
                short[:] = _most_with_more_lines(_fewest_lines(cards, line_singles, line_once, line_twice), full, coin,
                                                 coins)
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
        self.best = (best[0], [], (), (self._chosen(best[1]), 0))

    def _chosen(self, chosen: int) -> tuple:
        """Return the lines of the bits of `chosen`."""
        return tuple([self.lines[n] for n in range(len(self.lines)) if chosen >> n & 1])

    def pairs(self, chosen: int, room: int) -> None:
        """Search the lines chosen with each number of coins spent on Tithe Barn pairs, the most first."""
        feeding = self.feeding
        lines = self._chosen(chosen)
        fed = set(feeding.fixed)
        for line in lines:
            fed.update(line[1])
        unfed = [i for i in feeding.feedable if i not in fed]
        most = min(room, (max(0, len(unfed) - self.free) + 1) // TITHE_PAIR) if feeding.barns else 0
        options = greenhouse_options(self.town.squares, feeding.greenhouses, frozenset(fed), self.groups)
        made_now = made(self.top, fed)
        each = sorted(gains(self.top, fed, unfed).values(), reverse=True)
        reach = sorted([sum(1 for i in group if i in unfed) for group in self.groups], reverse=True)
        reach = sum(reach[:len(feeding.greenhouses)])
        for pairs in range(most, -1, -1):
            kept = room - pairs
            capacity = self.free + TITHE_PAIR * pairs
            if self.best is not None and made_now + sum(each[:capacity + reach]) // HALVES + self.coin * kept <= self.best[0]:
                continue
            self.extra = self.coin * kept
            self.plan = (lines, pairs)
            search(self.town, options, fed, feeding.feedable, capacity, self)


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
