"""The live score's cost: the worst town found by counting feeding evaluations, against the rulebook town.

    python tests/bench/live.py

The worst town is the one whose feeding takes the most scorings among seeded random crowded towns
(counted, never timed), and the issue's worst town of the full search is measured too. Each is scored
through the live score's door under MicroPython (Node), in CPU time, against the rulebook's 28-point
town in the same process; repeated, with min/median/max of the ratio.
"""

import json
import pathlib
import statistics
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from support import examples  # noqa: E402
from support.feeding_towns import WORST  # noqa: E402
from support.feeding_towns import feeding_towns  # noqa: E402
from support.towns import game  # noqa: E402
from support.towns import player  # noqa: E402
from support.towns import town  # noqa: E402
from webscore.scoring import feeding  # noqa: E402

SEED = 20261129
SEARCHED = 20000
ROUNDS = 40
REPEATS = 3


def evaluations(view) -> int:
    """Return how many feeding choices the core scores for a town."""
    before = feeding.EVALUATIONS[0]
    feeding.choose_feeding(view)
    return feeding.EVALUATIONS[0] - before


def worst_found() -> tuple:
    """Return (evaluations, rows) of the costliest town among the seeded random ones."""
    best = (-1, None)
    for view in feeding_towns(SEED, SEARCHED):
        count = evaluations(view)
        if count > best[0]:
            best = (count, view.squares)
    count, squares = best
    rows = [" ".join(card or "." for card in squares[r * 4:r * 4 + 4]) for r in range(4)]
    return count, rows


def micropython_ms(towns: list) -> list:
    """Return the CPU milliseconds of one live scoring of each [game, n] under MicroPython."""
    from support.core_bundle import bundle_file

    with tempfile.NamedTemporaryFile("w", suffix=".json") as handle, bundle_file() as core:
        json.dump(towns, handle)
        handle.flush()
        done = subprocess.run(["node", str(ROOT / "tests" / "bench" / "live_micropython.mjs"), handle.name,
                               str(ROUNDS), core.name], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def measure() -> dict:
    """Return the live-score figures: evaluations counted, CPU ms and ratios over the repeats."""
    from support.feeding_towns import town_from_rows

    found_count, found_rows = worst_found()
    named_count = evaluations(town_from_rows(*WORST))
    towns = [[examples.load("rulebook-28"), 0], [game(player(town(*WORST))), 0], [game(player(town(*found_rows))), 0]]
    runs = [micropython_ms(towns) for _ in range(REPEATS)]
    return {
        "named_evaluations": named_count,
        "found_evaluations": found_count,
        "found_town": " / ".join(found_rows),
        "rulebook_ms": [run[0] for run in runs],
        "named_ms": [run[1] for run in runs],
        "found_ms": [run[2] for run in runs],
        "named_ratio": [run[1] / run[0] for run in runs],
        "found_ratio": [run[2] / run[0] for run in runs],
    }


def spread(values: list, form: str = "{:.2f}") -> str:
    """Return min/median/max of a list of figures."""
    return "/".join(form.format(v) for v in (min(values), statistics.median(values), max(values)))


def main() -> None:
    """Print the live-score figures, one `name: value` line each."""
    figures = measure()
    print("live.worst_named.evaluations: {}".format(figures["named_evaluations"]))
    print("live.worst_found.evaluations: {}".format(figures["found_evaluations"]))
    print("live.worst_found.town: {}".format(figures["found_town"]))
    for name in ("rulebook", "named", "found"):
        print("live.{}.micropython_cpu_ms min/median/max: {}".format(name, spread(figures[name + "_ms"])))
    for name in ("named", "found"):
        print("live.{}_vs_rulebook min/median/max: {}".format(name, spread(figures[name + "_ratio"])))


if __name__ == "__main__":
    main()
