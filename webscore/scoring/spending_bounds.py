"""A town's coins and what they can buy, set up for the search of spending.py, with the most a set of lines can add.

Before any set of lines is tried, the squares nothing fixed feeds are numbered and their cards marked
(needy_cards.Cards), the lines worth a coin put in the order of what they can add, and what each adds worked
out once (Lines.line_up); the bounds read during the walk come from these: what the most r lines can add
(best_lines), what lines[k:] can reach (reach), what Farms, Greenhouses and Tithe Barn pairs can add
(_more). They stand apart from the walk's loops (spending._Spending): each is worked out once a town, or
once a set of lines, where the loops run once a line.
"""

from .cellar_lines import LINE_KEY
from .cellar_lines import LINES
from .cellar_lines import useful_lines
from .feeding import FARM_CAPACITY
from .feeding import Judge
from .feeding import is_feedable
from .feeding_worths import HALVES
from .monuments import coin_worth
from .needy_cards import Cards
from .town import groups

TITHE_PAIR = 2


class Lines(Judge):
    """One town's coins, the squares nothing fixed feeds (by place p), and the lines worth a coin, as the search
    of its spending (spending._Spending) reads them.

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
        cards = self.cards = Cards(top, feeding.fixed, squares)
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
        # Every line (as every_line gives it) with, in one pass over its squares, the places of those that can gain, what
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
        useful = useful_lines(every)
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
