"""Town geometry: a 4×4 board of 16 squares, indexed 0..15 in reading order.

Square names follow the game file: letter = column (a = left), digit = row (1 = top).
"""

SIZE = 4
SQUARES = tuple(range(SIZE * SIZE))
COLUMN_LETTERS = "abcd"


def square_name(index: int) -> str:
    """Return the name ("a1".."d4") of a square index."""
    return COLUMN_LETTERS[index % SIZE] + str(index // SIZE + 1)


NAMES = tuple(square_name(i) for i in SQUARES)
INDEX_OF = {NAMES[i]: i for i in SQUARES}


def _neighbours(index: int, steps: tuple) -> tuple:
    row, col = divmod(index, SIZE)
    found = []
    for d_row, d_col in steps:
        r, c = row + d_row, col + d_col
        if 0 <= r < SIZE and 0 <= c < SIZE:
            found.append(r * SIZE + c)
    return tuple(sorted(found))


_SIDE_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))
_ALL_STEPS = _SIDE_STEPS + ((-1, -1), (-1, 1), (1, -1), (1, 1))

# Adjacent: sharing a side. Surrounding: the up-to-8 squares around, diagonals included.
ADJACENT = tuple(_neighbours(i, _SIDE_STEPS) for i in SQUARES)
SURROUNDING = tuple(_neighbours(i, _ALL_STEPS) for i in SQUARES)
# The same as bit masks over the squares.
ADJACENT_BITS = tuple(sum(1 << j for j in ADJACENT[i]) for i in SQUARES)
CORNERS = frozenset((0, 3, 12, 15))
CENTRE = frozenset((5, 6, 9, 10))


def row_of(index: int) -> tuple:
    """Return the other squares of a square's row."""
    start = index - index % SIZE
    return tuple(i for i in range(start, start + SIZE) if i != index)


def column_of(index: int) -> tuple:
    """Return the other squares of a square's column."""
    return tuple(i for i in range(index % SIZE, SIZE * SIZE, SIZE) if i != index)


# The other squares of each square's row and column together (the row's first), as the Theater, the Inn, the
# Orchard and the Eraflage Vineyard read them.
LINES = tuple(row_of(i) + column_of(i) for i in SQUARES)


def groups(squares: tuple, belongs) -> list:
    """Return the orthogonally connected groups of squares whose card passes belongs(card).

    Each group is a sorted tuple of indexes; groups are listed by their first square.
    """
    seen = set()
    found = []
    for start in SQUARES:
        if start in seen or not belongs(squares[start]):
            continue
        group = []
        pending = [start]
        seen.add(start)
        while pending:
            index = pending.pop()
            group.append(index)
            for other in ADJACENT[index]:
                if other not in seen and belongs(squares[other]):
                    seen.add(other)
                    pending.append(other)
        found.append(tuple(sorted(group)))
    return found


def bits(squares) -> int:
    """Return these squares as one number, a bit per square."""
    found = 0
    for i in squares:
        found |= 1 << i
    return found


def of_bits(items, chosen: int) -> list:
    """Return the items whose places are the bits set in `chosen`, in their order (bits' inverse, for any items)."""
    return [items[n] for n in range(len(items)) if chosen >> n & 1]


def combinations(items: tuple, size: int):
    """Yield every choice of `size` items, in lexicographic order (itertools has none on MicroPython)."""
    count = len(items)
    if size > count or size < 0:
        return
    chosen = list(range(size))
    while True:
        yield tuple(items[i] for i in chosen)
        position = size - 1
        while position >= 0 and chosen[position] == position + count - size:
            position -= 1
        if position < 0:
            return
        chosen[position] += 1
        for later in range(position + 1, size):
            chosen[later] = chosen[later - 1] + 1


def _choice_counts(most: int) -> list:
    """Return Pascal's triangle to `most` rows: [count][size] is how many choices of `size` there are among `count`."""
    rows = [[1]]
    for count in range(1, most + 1):
        last = rows[-1]
        rows.append([1] + [last[k] + last[k + 1] for k in range(count - 1)] + [1])
    return rows


# How many choices of a size there are among so many squares (never more than a town's): read by the walks of the
# Farms' choices, not worked out, once a size walked.
CHOICES = _choice_counts(16)
