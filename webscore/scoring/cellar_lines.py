"""The lines a Root Cellar's coins feed: which are worth a coin, and the fewest that feed or pay everything.

With a Root Cellar each coin feeds every feedable building of one row or column (LINES). What is here
reads only the lines and the cards they reach, never a search's state: which lines are worth a coin at all
(useful_lines), the fewest lines feeding every square that can gain (fewest_feeding_all, for a town that
needs no search), and the fewest that can pay every card with the most a set of more lines can then make
(fewest_lines, most_with_more_lines: a bound of the lines' walk in spending.py), and the first set of that many
lines that makes the most any set can (fewest_first, tried before the walk).
"""

from .feeding_worths import EVALUATIONS
from .town import COLUMN_LETTERS
from .town import SIZE

# How many bits each mask of 4 bits (rows or columns) has.
BITS = (0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4)

# Rows "1".."4", then columns "a".."d": the lines a Root Cellar's coins feed.
LINES = tuple((str(r + 1), tuple(range(r * SIZE, (r + 1) * SIZE))) for r in range(SIZE)) + tuple(
    (COLUMN_LETTERS[c], tuple(range(c, SIZE * SIZE, SIZE))) for c in range(SIZE))
# More than the number of lines: a line's number and what it adds sort as one number.
LINE_KEY = 16


def every_line(feedable, places: dict) -> list:
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


def useful_lines(lines: list) -> list:
    """Return the numbers of the lines worth a coin: not those feeding no square that can gain, nor those whose squares
    that can gain another line feeds too (of two lines feeding the same, the first is kept).

    lines: every line, rows then columns (every_line). Two rows, or two columns, share no square, and a row and a
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


def fewest_feeding_all(lines: list):
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


def fewest_lines(cards, line_singles: list, line_once: list, line_twice: list) -> tuple:
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


def most_with_more_lines(short: tuple, full: int, coin: int, coins: int) -> list:
    """Return, by the coins left, the most a set of more lines than those bought can make (or -1 if none can be
    bought): `full` less a coin a line, and less the least a set of fewer lines than pay every card leaves unpaid
    (short: fewest_lines)."""
    fewest, lost = short
    found = []
    for left in range(coins + 1):
        spent = coins - left
        most = full - coin * (spent if spent > fewest else fewest) if fewest <= coins else -1
        if spent < fewest and full - coin * spent - lost > most:
            most = full - coin * spent - lost
        found.append(most)
    return found


def fewest_first(search, fewest: int, best: int):
    """Return (total, bits of its lines) of the first set of the fewest lines paying every card and feeding every square
    worth feeding, in the order of the lines' walk (spending.py), when it is the walk's answer; else None.

    search: the town's lines, set up for the walk (spending_bounds.Lines.line_up); fewest: the fewest lines that can pay
    every card (fewest_lines); best: the total of the set the walk scores first, no line (every coin kept).

    The sets of `fewest` lines are tried, then those of one line more, and so on. A set of `size` lines or more makes
    at most `full` less a coin a line, so the first set of `size` lines that makes that much beats every larger set.
    Every smaller set (one line at least) leaves something unpaid or unfed, its least (`least`) at least, and makes
    less when `least` is more than the coins of `size` - 1 lines: the set found is then the best, and the first of the
    best in the walk's order, which the walk would keep. A card missing one that no line left reaches ends a branch,
    and a last line is scored only when it pays every card left.
    """
    coin, coins, count = search.coin, search.coins, len(search.lines)
    cards = search.cards
    worth_of = search.worth_of
    # The least a set that does not make `full` (less its coins) leaves: a card unpaid, or a square worth feeding unfed.
    least = min(cards.one + cards.two + [worth for worth in worth_of if worth > 0] or [0])
    if fewest <= 0 or least <= 0:
        return None
    singles, pairs, doubles, paid_one, paid_two = cards.singles, cards.pairs, cards.doubles, cards.paid_one, \
        cards.paid_two
    line_places = search.line_places
    line_masks, line_worths, line_singles, line_once, line_twice = search.line_adds
    # The cards missing one that lines[n:] reach, by n.
    reach_one = [entry[0] for entry in search.reach]
    every_one = (1 << len(cards.one)) - 1
    every_two = (1 << len(cards.two)) - 1
    # What the last line must bring: `full` less the coins and what the base already makes.
    wanted = search.full - coin * coins - search.base

    def first(k, left, fed, gained, got, once, twice, chosen):
        # Each line in turn, and after it the sets of the lines after it: the walk's order. The cards missing one not
        # paid yet (lines[n:] must reach them all), and those missing two not paid yet (for the last line).
        unpaid = every_one & ~got
        short = every_two & ~twice
        for n in range(k, count - left + 1):
            if unpaid & ~reach_one[n]:
                return None
            # The last line must pay every card left (what it brings to those missing two, counted as if none of its
            # squares were fed: never less than it brings).
            if left == 1 and (unpaid & ~line_singles[n] or short & ~(once & line_once[n] | line_twice[n])):
                continue
            if not fed & line_masks[n]:
                more = fed | line_masks[n]
                gained_now = gained + line_worths[n]
                got_now = got | line_singles[n]
                once_now = once | line_once[n]
                twice_now = twice | once & line_once[n] | line_twice[n]
            else:
                # Square by square, as the walk adds a line (spending.walk_lines), and written out here for the same
                # reason: under MicroPython a call per line costs more than the line.
                more, gained_now, got_now, once_now, twice_now = fed, gained, got, once, twice
                for p in line_places[n]:
                    if not more >> p & 1:
                        more |= 1 << p
                        gained_now += worth_of[p]
                        got_now |= singles[p]
                        twice_now |= once_now & pairs[p] | doubles[p]
                        once_now |= pairs[p] | doubles[p]
            if left > 1:
                found = first(n + 1, left - 1, more, gained_now, got_now, once_now, twice_now, chosen | 1 << n)
                if found is not None:
                    return found
            else:
                scored[0] += 1
                if gained_now + paid_one[got_now] + paid_two[twice_now] == wanted:
                    return chosen | 1 << n
        return None

    # How many sets were scored: those the last line completes.
    scored = [0]
    found = None
    for size in range(fewest, min(coins, count) + 1):
        target = search.full - coin * size
        if target <= best or least <= coin * (size - 1):
            break
        found = first(0, size, 0, 0, 0, 0, 0, 0)
        if found is not None:
            found = (target, found)
            break
    # first() names itself: let go of it (a cycle).
    first = None
    EVALUATIONS[0] += scored[0]
    return found
