"""The faster feeding search against the full one on 20,000 random towns: python tests/bench/feeding_equal.py

Prints how many towns were compared, how many differed (must be 0), and the feeding choices scored by
each search in total and at most for one town: counted, not timed.
"""

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from support import feeding_before  # noqa: E402
from support.feeding_towns import feeding_towns  # noqa: E402
from webscore.scoring import feeding  # noqa: E402

SEED = 20261201
TOWNS = 20000


def compare(seed: int, count: int) -> dict:
    """Return the comparison's figures over `count` towns drawn from `seed`."""
    figures = {"towns": count, "different": 0, "before_total": 0, "before_most": 0, "now_total": 0, "now_most": 0}
    for town in feeding_towns(seed, count):
        counts = []
        answers = []
        for choose, counter in ((feeding_before.choose_feeding, feeding_before.EVALUATIONS),
                                (feeding.choose_feeding, feeding.EVALUATIONS)):
            start = counter[0]
            answers.append((choose(town), town.fed))
            counts.append(counter[0] - start)
        figures["different"] += answers[0] != answers[1]
        for name, n in (("before", counts[0]), ("now", counts[1])):
            figures[name + "_total"] += n
            figures[name + "_most"] = max(figures[name + "_most"], n)
    return figures


def main() -> None:
    """Print the comparison, one `name: value` line each."""
    figures = compare(SEED, TOWNS)
    for name, value in figures.items():
        print("feeding.equal.{}: {}".format(name, value))
    if figures["different"]:
        sys.exit(1)


if __name__ == "__main__":
    main()
