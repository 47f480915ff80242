"""Fortune's feeding and coin spending against the rulebook town: python tests/bench/fortune_feeding.py

Each town is scored through the live score's door (score_town_json), under MicroPython (Node, the core's
bundle as the browser runs it: CPU time, tests/bench/fortune_feeding.mjs) and under CPython; each run
scores every town in turn, ROUNDS rounds after a warm-up, and is repeated. Printed: min/median/max over the
repeats of the milliseconds per scoring and of each town's ratio to the rulebook town of the same run.

The towns are valid games, each the worst of its kind found (one red building a game, so Root Cellars,
the Tithe Barn, Farms and a Greenhouse never share a town): lines bought with 5 coins (Estival Festival),
lines that only pay for Temples and Schoolhouses (Grand Mausoleum), Tithe Barn pairs, and Farms choosing
among the neighbours of Temples and Schoolhouses. The town of every feeder at once (2 Root Cellars, a
Tithe Barn, a Farm, a Greenhouse, the Eraflage Vineyard and 5 coins) is no game, so it is timed on the
feeding alone (feeding.choose_feeding on its town view), beside the rulebook town's feeding.
"""

import json
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from support import examples  # noqa: E402
from support.towns import game  # noqa: E402
from support.towns import player  # noqa: E402
from support.towns import town  # noqa: E402
from webscore.scoring import score_town_json  # noqa: E402

ROUNDS = 40
REPEATS = 5

# name: (rows, coins) of a valid game's first player (Solo, or beside an empty rival: support.towns.game).
TOWNS = {
    "root-cellar-estival": (("cottage estival-festival schoolhouse cottage", "root-cellar root-cellar cottage schoolhouse",
                             "cottage cottage cottage cottage", "schoolhouse cottage cottage cottage"), 5),
    "root-cellar-mausoleum": (("temple cottage temple cottage", "cottage cottage cottage cottage",
                               "cottage schoolhouse cottage cottage",
                               "root-cellar grand-mausoleum-of-the-rodina cottage temple"), 3),
    "tithe-barn": (("cottage cottage cottage temple", "barrett-castle schoolhouse cottage cottage",
                    "cottage cottage cottage cottage", "cottage schoolhouse schoolhouse tithe-barn"), 2),
    "farm-schoolhouses": (("temple cottage cottage temple", "cottage cottage farm cottage",
                           "cottage temple cottage temple", "barrett-castle schoolhouse cottage cottage"), None),
}

# Found by counting the choices scored among 3,000 seeded random towns of these feeders (one Farm: two
# feed every square of the town for nothing, and the coins are kept).
EVERY_FEEDER = ("cottage eraflage-vineyard temple cottage", "cottage root-cellar cottage root-cellar",
                "farm cottage greenhouse tithe-barn", "cottage temple cottage cottage")


def games() -> list:
    """Return [name, game file] of the rulebook town and each Fortune town."""
    found = [["rulebook", examples.load("rulebook-28")]]
    for name, (rows, coins) in TOWNS.items():
        facts = {} if coins is None else {"coins": coins}
        found.append([name, game(player(town(*rows), **facts), coins=coins is not None)])
    for name, played in found:
        assert "town" in json.loads(score_town_json(json.dumps(played), 0)), name
    return found


def micropython_runs(mode: str, items: list) -> list:
    """Return per repeat the CPU milliseconds of each item under MicroPython (see fortune_feeding.mjs)."""
    from support.core_bundle import bundle_file

    with tempfile.NamedTemporaryFile("w", suffix=".json") as handle, bundle_file() as core:
        json.dump(items, handle)
        handle.flush()
        runs = []
        for _ in range(REPEATS):
            done = subprocess.run(["node", str(ROOT / "tests" / "bench" / "fortune_feeding.mjs"), core.name,
                                   str(ROUNDS), mode, handle.name], capture_output=True, text=True, check=True)
            runs.append(json.loads(done.stdout))
    return runs


def cpython_runs(played: list) -> list:
    """Return per repeat the CPU milliseconds of one live scoring of each game, under CPython."""
    texts = [json.dumps(entry[1]) for entry in played]
    runs = []
    for _ in range(REPEATS):
        run = []
        for text in texts:
            start = time.process_time()
            for _ in range(ROUNDS):
                score_town_json(text, 0)
            run.append((time.process_time() - start) * 1000 / ROUNDS)
        runs.append(run)
    return runs


def spread(values: list, form: str = "{:.2f}") -> str:
    """Return min/median/max of a list of figures."""
    return "/".join(form.format(v) for v in (min(values), statistics.median(values), max(values)))


def report(kind: str, names: list, runs: list) -> None:
    """Print each town's milliseconds and its ratio to the first town (the rulebook's), min/median/max."""
    for n, name in enumerate(names):
        print("fortune.{}.{}.ms min/median/max: {}".format(kind, name, spread([run[n] for run in runs])))
        if n:
            print("fortune.{}.{}.vs_rulebook min/median/max: {}".format(
                kind, name, spread([run[n] / run[0] for run in runs])))


def main() -> None:
    """Print the figures, one `name: value` line each."""
    played = games()
    names = [entry[0] for entry in played]
    report("micropython", names, micropython_runs("door", [[entry[1], 0] for entry in played]))
    report("cpython", names, cpython_runs(played))
    rulebook = [" ".join(card or "." for card in row) for row in played[0][1]["players"][0]["town"]]
    report("micropython_feeding", ["rulebook", "every-feeder"],
           micropython_runs("feeding", [[rulebook, None], [list(EVERY_FEEDER), 5]]))


if __name__ == "__main__":
    main()
