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
line by line, in bit masks over the squares nothing fixed feeds (capacity.Cards).
"""

from webscore.scoring.monuments import coin_worth
from webscore.scoring.town import COLUMN_LETTERS
from webscore.scoring.town import NAMES
from webscore.scoring.town import SIZE
from webscore.scoring.town import groups

from .capacity import Cards
from .feeding import FARM_CAPACITY
from .feeding import FEEDABLE
from .feeding import Judge
from .feeding import greenhouse_options
from .feeding import is_feedable
from .feeding import search
from .feeding_worths import EVALUATIONS
from .feeding_worths import HALVES
from .feeding_worths import gains
from .feeding_worths import made

TITHE_PAIR = 2
# How many bits each mask of 4 bits (rows or columns) has.
BITS = (0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4)

# Rows "1".."4", then columns "a".."d": the lines a Root Cellar's coins feed.
LINES = tuple((str(r + 1), tuple(range(r * SIZE, (r + 1) * SIZE))) for r in range(SIZE)) + tuple(
    (COLUMN_LETTERS[c], tuple(range(c, SIZE * SIZE, SIZE))) for c in range(SIZE))


def _lines(squares: tuple, places: dict) -> list:
    """Return (name, feedable squares, places of those that can gain, as a bit mask) of every line.

    places: {square that can gain: its place}.
    """
    found = []
    for name, line in LINES:
        feedable = []
        mask = 0
        for i in line:
            if squares[i] in FEEDABLE:
                feedable.append(i)
                if i in places:
                    mask |= 1 << places[i]
        found.append((name, tuple(feedable), mask))
    return found


def _useful(lines: list) -> list:
    """Return the lines worth a coin: not those feeding no square that can gain, nor those whose squares
    that can gain another line feeds too (of two lines feeding the same, the first is kept)."""
    useful = []
    for n in range(len(lines)):
        mask = lines[n][2]
        if not mask:
            continue
        for m in range(len(lines)):
            if m != n and not mask & ~lines[m][2] and (m < n or mask != lines[m][2]):
                break
        else:
            useful.append(lines[n])
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


class _Spending(Judge):
    """One town's search: its coins, the squares nothing fixed feeds (by place p), the lines worth a coin.

    The best choice's plan is (lines, coins on Tithe Barn pairs); extra is what the coins it keeps score.
    most[p] is the most square p can add, in halves (capacity.Cards); best_lines[k] what lines[:k] can
    add beyond their coins, in halves (the most r of lines[k:] add best_lines[k + r] - best_lines[k]).
    """

    __slots__ = ("town", "feeding", "coins", "coin", "groups", "free", "squares", "cards", "worth_of", "most",
                 "place", "places", "lines", "line_places", "best_lines", "base", "more", "full", "reach")

    def __init__(self, town, feeding):
        super().__init__(town, feeding)
        self.in_order = False
        self.town = town
        self.feeding = feeding
        self.coins = town.coins
        self.coin = coin_worth(town)
        self.groups = groups(town.squares, is_feedable) if feeding.greenhouses else []
        self.free = FARM_CAPACITY * len(feeding.farms)
        self.squares = tuple(i for i in feeding.feedable if i not in feeding.fixed)
        self.worth_of = [self.top.worths[i] for i in self.squares]
        self.more = bool(feeding.barns or feeding.farms or feeding.greenhouses)

    def line_up(self) -> None:
        """Get ready to try every set of lines: the squares' cards, the lines worth a coin (those that can add
        most first), and the most each set of lines, and what else feeds, can add."""
        feeding = self.feeding
        self.cards = Cards(self.top, feeding.fixed, self.squares)
        self.most = [self.cards.most(p, self.worth_of[p]) for p in range(len(self.squares))]
        self.base = sum(self.top.worths[i] for i in feeding.fixed if i in self.top.worths) + self.cards.paid
        self.place = {self.squares[p]: p for p in range(len(self.squares))}
        # Only squares that can gain make a line worth a coin.
        self.places = {self.squares[p]: p for p in range(len(self.squares)) if self.most[p]}
        self.lines, self.line_places, self.best_lines, self.reach = [], [], [], []
        # The most any choice can reach: every square fed, every coin kept.
        self.full = self.top.others + sum(made_when_fed for _, made_when_fed, _ in self.top.needy.values()) + \
            self.coin * self.coins
        if not feeding.cellars:
            return
        places = self.places
        useful = _useful(_lines(self.town.squares, places))
        adds = [sum(self.most[places[i]] for i in line[1] if i in places) for line in useful]
        order = sorted(range(len(useful)), key=lambda n: (-adds[n], n))
        self.lines = [useful[n] for n in order]
        self.line_places = [[places[i] for i in line[1] if i in places] for line in self.lines]
        # What lines[:n] can add beyond their coins, for each n: what the most r of lines[n:] add is
        # best_lines[n + r] - best_lines[n], as they come in the order of what they add.
        self.best_lines = [0]
        for n in order:
            self.best_lines.append(self.best_lines[-1] + max(0, adds[n] - HALVES * self.coin))
        self.reach = self._reach()

    def _reach(self) -> list:
        """Return, for each start k, what lines[k:] can reach: (the cards missing one Cottage that their squares
        pay, those missing two that their squares bring Cottages to, as bits; ((bit of a place, its worth), ...)
        of their places worth more than nothing)."""
        cards = self.cards
        reach = [(0, 0, ())]
        singles, twos, worths, seen = 0, 0, [], 0
        for k in range(len(self.lines) - 1, -1, -1):
            for p in self.line_places[k]:
                if not seen >> p & 1:
                    seen |= 1 << p
                    singles |= cards.singles[p]
                    twos |= cards.pairs[p] | cards.doubles[p]
                    if self.worth_of[p] > 0:
                        worths.append((1 << p, self.worth_of[p]))
            reach.append((singles, twos, tuple(worths)))
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
        chosen = _fewest_feeding_all(_lines(self.town.squares, {self.squares[p]: p for p in range(len(unfed))}))
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

        made_so_far, got, once, twice: what the lines chosen make (capacity.Cards, as the Farms' walk).
        """
        cards = self.cards
        paid = made_so_far + cards.paid_one[got] + cards.paid_two[twice] + self.coin * room
        # The most these lines can make, in halves, with what Farms, Greenhouses and pairs can add.
        halves = HALVES * paid + cards.paid_two[once & ~twice]
        if self.more:
            halves += self._more(room, fed)
            if self.best is None or self.best[0] < self.base + halves // HALVES:
                self.pairs(chosen, room)
        else:
            # Nothing else to choose: the lines feed what they feed.
            EVALUATIONS[0] += 1
            if self.best is None or self.base + paid > self.best[0]:
                self.best = (self.base + paid, [], (), (self._chosen(chosen), 0))
        if not room or self.best[0] >= self.full:
            return
        singles, pairs, doubles, worth_of, best_lines = cards.singles, cards.pairs, cards.doubles, self.worth_of, \
            self.best_lines
        paid_one, paid_two, reach, coin, lines = cards.paid_one, cards.paid_two, self.reach, HALVES * self.coin, \
            len(self.lines)
        for n in range(k, lines):
            # A branch whose lines can add less than `beat` (in halves) cannot beat the best so far.
            beat = HALVES * (self.best[0] - self.base + 1) - halves
            # The lines are in the order of what they can add, so the most `room` of lines[n:] add is their first.
            if best_lines[n + room if n + room < lines else lines] - best_lines[n] < beat:
                return
            if not self.more:
                # Nor can j of lines[n:] add more than the cards they reach, each once, and their squares' worths,
                # less j coins, j at least the fewest of them whose most add `beat`.
                reach_one, reach_two, worths = reach[n]
                cap = HALVES * (paid_one[reach_one & ~got] + paid_two[reach_two & ~once]) + \
                    paid_two[reach_two & once & ~twice]
                for bit, value in worths:
                    if not fed & bit:
                        cap += HALVES * value
                j = 1
                while best_lines[n + j if n + j < lines else lines] - best_lines[n] < beat:
                    j += 1
                if cap - coin * j < beat:
                    return
            more, gained, got_now, once_now, twice_now = fed, made_so_far, got, once, twice
            for p in self.line_places[n]:
                if not more >> p & 1:
                    more |= 1 << p
                    gained += worth_of[p]
                    got_now |= singles[p]
                    twice_now |= once_now & pairs[p] | doubles[p]
                    once_now |= pairs[p] | doubles[p]
            if more != fed:
                self.walk(n + 1, room - 1, more, gained, got_now, once_now, twice_now, chosen | 1 << n)

    def _chosen(self, chosen: int) -> tuple:
        """Return the lines of the bits of `chosen`."""
        return tuple(self.lines[n] for n in range(len(self.lines)) if chosen >> n & 1)

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
    if not found.settled():
        found.line_up()
        found.walk(0, found.coins, 0, 0, 0, 0, 0, 0)
    _, picked, farmed, (chosen, pairs) = found.best
    spent = len(chosen) + pairs
    town.spending = {"lines": [line[0] for line in chosen], "paid": [NAMES[i] for i in farmed[found.free:]],
                     "spent": spent, "left": town.coins - spent}
    return picked, farmed[:found.free], [line[1] for line in chosen], farmed[found.free:]
