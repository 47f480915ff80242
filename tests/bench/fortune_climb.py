"""The heaviest Fortune towns a climb finds: python tests/bench/fortune_climb.py RED [--restarts N] [--steps N] [--seed N]

RED is the town's red feeder: root-cellar, tithe-barn, farm or greenhouse (one red building a game). Each restart
draws a valid town of it among Cottages, Temples, Parsonages, Schoolhouses, Chapels and a monument (4 coins, 5 with
a monument that adds a place to the chest), then changes one square at a time, keeping a change when one live
scoring of the town (score_town_json, beside an empty rival where Solo refuses its cards: support.towns.game) runs as
many CPython bytecodes or more: the work, counted with sys.settrace, whatever the machine's load (run it with
PYTHONHASHSEED=0 for the same count every run). Printed: each restart's town when it is the heaviest so far, as the
rows and coins of tests/bench/fortune_feeding.py's TOWNS, which holds the heaviest found so, timed there under
MicroPython. A town the bench does not hold may be heavier than all it holds: climb again after changing the search.
"""

import argparse
import json
import pathlib
import random
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from support.towns import game  # noqa: E402
from support.towns import player  # noqa: E402
from support.towns import town  # noqa: E402
from webscore.scoring import score_town_json  # noqa: E402
from webscore.scoring.cards import BIG_CHEST_MONUMENTS  # noqa: E402
from webscore.scoring.validate import problems  # noqa: E402

REDS = ("root-cellar", "tithe-barn", "farm", "greenhouse")
# The cards around the feeder: Cottages most often, and the cards whose points depend on the squares fed.
CARDS = ("cottage", "cottage", "cottage", "temple", "schoolhouse", "parsonage", "chapel", ".")
# The monuments that change what feeding is worth (a Cottage fed worth no more, a Castle of two Cottages, coins worth
# two, a Vineyard fed), and none.
MONUMENTS = ("grand-mausoleum-of-the-rodina", "barrett-castle", "estival-festival", "eraflage-vineyard", None)


class Counter:
    """Counts the bytecodes CPython runs while it is set."""

    def __init__(self):
        self.count = 0

    def trace(self, frame, event, arg):
        frame.f_trace_opcodes = True
        if event == "opcode":
            self.count += 1
        return self.trace


def chest(squares: list) -> int:
    """Return the coins the town's player holds: a full chest, 5 places with a monument that adds one, else 4."""
    return 5 if any(card in BIG_CHEST_MONUMENTS for card in squares) else 4


def rows_of(squares: list) -> tuple:
    """Return the town's four rows, as support.towns.town and the bench's TOWNS take them."""
    return tuple(" ".join(squares[r * 4:(r + 1) * 4]) for r in range(4))


def weight(squares: list, counter: Counter) -> int:
    """Return the bytecodes one live scoring of the town runs, or -1 when it is no valid game."""
    played = game(player(town(*rows_of(squares)), coins=chest(squares)), coins=True)
    if problems(played):
        return -1
    text = json.dumps(played)
    # Once untimed, so that what is read once a process (imports, tables) is not counted.
    score_town_json(text, 0)
    counter.count = 0
    sys.settrace(counter.trace)
    try:
        score_town_json(text, 0)
    finally:
        sys.settrace(None)
    return counter.count


def climb(red: str, rng: random.Random, steps: int, counter: Counter) -> tuple:
    """Return (bytecodes, squares) of the town a climb from a random valid town of this red feeder ends on."""
    squares = [rng.choice(CARDS) for _ in range(16)]
    squares[rng.randrange(16)] = red
    monument = rng.choice(MONUMENTS)
    if monument:
        squares[rng.randrange(16)] = monument
    heaviest = weight(squares, counter)
    for _ in range(steps):
        changed = list(squares)
        changed[rng.randrange(16)] = rng.choice(CARDS + MONUMENTS[:-1])
        if red not in changed or sum(1 for card in changed if card in MONUMENTS) > 1:
            continue
        found = weight(changed, counter)
        if found >= heaviest:
            squares, heaviest = changed, found
    return heaviest, squares


def main() -> None:
    """Print the heaviest town of each restart that beats the ones before it."""
    parser = argparse.ArgumentParser()
    parser.add_argument("red", choices=REDS)
    parser.add_argument("--restarts", type=int, default=40)
    parser.add_argument("--steps", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    counter = Counter()
    heaviest = 0
    for _ in range(options.restarts):
        found, squares = climb(options.red, rng, options.steps, counter)
        if found > heaviest:
            heaviest = found
            print("{}: {} coins, {} bytecodes".format(rows_of(squares), chest(squares), found), flush=True)


if __name__ == "__main__":
    main()
