"""Fortune's feeding and coin spending against the rulebook town: python tests/bench/fortune_feeding.py

Each town is scored through the live score's door (score_town_json), under MicroPython (Node, the core's
bundle and runtime as the browser starts them: CPU time, tests/bench/fortune_feeding.mjs) and under CPython; each
run scores every town in runs of scorings, one run a round, ROUNDS rounds after a warm-up, each round in its own
order, and is repeated. Under MicroPython a run's scorings are each their own call, as each tap's, so every town
pays for the collections of the runtime's heap that its own allocations call for (one per COLLECT_AFTER bytes,
static/js/core-worker.mjs), as a phone scoring one town tap after tap does. Printed: how many feeding choices one
scoring of each town scores (feeding_worths.EVALUATIONS) and the bytes it allocates under MicroPython (the work,
whatever the machine's load), then min/median/max over the repeats of each town's median milliseconds per scoring,
of each town's ratio to the rulebook town of the same run, and of each run's worst ratio (its slowest Fortune
town's). Then the same ratios like for like: the door checks every player of the game, and Solo refuses the
Schoolhouse, so a Schoolhouse's town is scored beside an empty rival (support.towns.game) and pays for checking it
(about 0.08 ms), which the rulebook town's Solo game does not; each town of two players is set against the rulebook
town beside the same rival (BESIDE_RIVAL), each Solo town against the rulebook town as it is.
Medians, not means: the machine's pauses fell on one town or another (a scoring now and then took 3 to 6 times
its usual time) and moved the worst ratio by as much as 0.1 from one run to the next.
Runs, not scorings timed alone after a collection: a collection costs about 0.25 ms (a sweep of the runtime's whole
heap), and whether a scoring timed alone passed the threshold and paid one came down to a few bytes: the rulebook
town took 0.58 ms or 0.81 ms as its index crossed into Python as an argument or not.

The towns are valid games, each the worst of its kind found (one red building a game, so Root Cellars,
the Tithe Barn, Farms and a Greenhouse never share a town; 4 coins at most, 5 with the Estival Festival,
Caterina's Grotto, the Petal Promenade or the Shrine of the Windseed, a player's one monument): lines bought
with 5 coins (Estival Festival), lines and pairs that only pay for Temples and Schoolhouses (the Grand
Mausoleum makes an unfed Cottage worth as much as a fed one), Farms choosing among the neighbours of Temples
and Schoolhouses, and 3 Greenhouses choosing among the groups. The town of every feeder at once (2 Root Cellars, a
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
from webscore.scoring.feeding_worths import EVALUATIONS  # noqa: E402

ROUNDS = 20
REPEATS = 5

# name: (rows, coins) of a valid game's first player (Solo, or beside an empty rival: support.towns.game).
# Each the town of its kind that makes the feeding score the most choices (feeding_worths.EVALUATIONS, printed),
# found by climbing from random valid towns (Cottages, a red building, Temples or Parsonages, Schoolhouses, a
# monument; 4 coins, 5 with the Estival Festival): with the Grand Mausoleum a Cottage fed gains nothing, so
# lines and pairs are bought for the Schoolhouses and Temples only, and every set of them is close.
TOWNS = {
    "root-cellar-estival": (("cottage estival-festival schoolhouse cottage", "root-cellar root-cellar cottage schoolhouse",
                             "cottage cottage cottage cottage", "schoolhouse cottage cottage cottage"), 5),
    # The most choices before the lines' bound counted each card once (146, now 7).
    "root-cellar-mausoleum": (("cottage cottage root-cellar cottage", "cottage schoolhouse cottage schoolhouse",
                               "cottage root-cellar schoolhouse cottage",
                               "schoolhouse cottage cottage grand-mausoleum-of-the-rodina"), 4),
    # The most choices since (139 before, now 55).
    "root-cellar-temple": (("cottage schoolhouse cottage temple", "cottage cottage grand-mausoleum-of-the-rodina cottage",
                            "schoolhouse cottage schoolhouse cottage", "cottage schoolhouse cottage root-cellar"), 4),
    # The most choices before the Farms' walk bounded cards counted once (25, now 21).
    "tithe-barn": (("schoolhouse schoolhouse cottage schoolhouse", "cottage cottage grand-mausoleum-of-the-rodina cottage",
                    "cottage schoolhouse cottage temple", "schoolhouse cottage . tithe-barn"), 4),
    # The most choices since (25 before, 25 now): with 2 pairs, 4 Cottages cannot pay every Schoolhouse and the Temple,
    # which only trying them shows.
    "tithe-barn-pairs": (("schoolhouse schoolhouse cottage cottage", "cottage cottage grand-mausoleum-of-the-rodina cottage",
                          "cottage schoolhouse cottage temple", "schoolhouse cottage schoolhouse tithe-barn"), 4),
    "farm-schoolhouses": (("cottage farm eraflage-vineyard schoolhouse", "cottage schoolhouse cottage cottage",
                           "temple cottage temple temple", "cottage schoolhouse cottage cottage"), None),
    "greenhouse": (("cottage . cottage schoolhouse", "greenhouse greenhouse greenhouse cottage",
                    "eraflage-vineyard parsonage parsonage schoolhouse", "schoolhouse cottage . schoolhouse"), None),
    # Climbed again (Barrett Castle and the Eraflage Vineyard among the monuments, 1 to 5 coins): heavier than the
    # towns above under MicroPython, before and since the Cards' bound by cards apart. 4 Temples and 2 Schoolhouses
    # whose lines each pay a Temple's half: 4 lines pay every card, and no 3 do (71 and 60 choices; 34 and 19 since
    # the walk counts the fewest lines paying every card: two Temples no line reaches both of need two lines each).
    "root-cellar-four-lines": (("temple cottage cottage schoolhouse", "cottage grand-mausoleum-of-the-rodina temple cottage",
                                "schoolhouse cottage root-cellar cottage", "cottage schoolhouse cottage temple"), 4),
    "root-cellar-temples": (("cottage temple grand-mausoleum-of-the-rodina cottage", "schoolhouse cottage cottage schoolhouse",
                             "root-cellar cottage temple cottage", "cottage temple cottage temple"), 4),
    # 2 pairs among 8 Cottages beside 6 Temples and a Schoolhouse (50 choices; 47 since the last pick is bounded too).
    "tithe-barn-temples": (("cottage cottage temple cottage", "temple temple tithe-barn temple",
                            "cottage cottage temple cottage", "schoolhouse cottage temple barrett-castle"), 2),
    # A Farm's 4 among Cottages beside 6 Temples, a Barrett Castle among them (74 choices; 25 since the last pick is
    # bounded too, the time hardly moved: the walk's inner steps, not its scored choices, cost most under MicroPython).
    "farm-barrett": (("cottage temple cottage cottage", "cottage temple cottage temple",
                      "cottage temple temple barrett-castle", "cottage cottage farm cottage"), None),
    # Climbed for bytecodes (tests/bench/fortune_climb.py), each heavier than every town above when found. 3 lines pay
    # its 2 Schoolhouses and 3 Temples where the cards no line serves twice count 2 (26,039 bytecodes, 30 sets walked).
    "root-cellar-three-lines": (("cottage temple cottage cottage", "schoolhouse cottage root-cellar cottage",
                                 "grand-mausoleum-of-the-rodina cottage temple temple",
                                 "cottage schoolhouse cottage cottage"), 4),
    # 2 pairs pay 4 Schoolhouses and 2 Temples: 100 choices of squares scored (28,879 bytecodes).
    "tithe-barn-mausoleum": (("grand-mausoleum-of-the-rodina cottage cottage temple", "cottage temple cottage cottage",
                              "cottage cottage schoolhouse cottage", "tithe-barn schoolhouse cottage cottage"), 4),
    # 3 pairs: the plan of 2 cannot pay every card, which only its 70 choices show (24,401 bytecodes).
    "tithe-barn-three-pairs": (("schoolhouse cottage cottage grand-mausoleum-of-the-rodina", "cottage cottage temple cottage",
                                "temple cottage temple cottage", "tithe-barn schoolhouse cottage cottage"), 4),
    # A Farm's 4 among 8 Cottages beside Schoolhouses and Parsonages, or 3 and the Eraflage Vineyard (23,889 bytecodes).
    "farm-parsonages": (("cottage eraflage-vineyard cottage schoolhouse", "cottage cottage parsonage schoolhouse",
                         "parsonage farm cottage cottage", "cottage cottage schoolhouse cottage"), None),
    # The same among Temples and Schoolhouses (22,800 bytecodes, climbed after the walk's bounds of few choices).
    "farm-vineyard": (("schoolhouse temple cottage eraflage-vineyard", "cottage cottage schoolhouse cottage",
                       "cottage temple cottage temple", "farm schoolhouse cottage cottage"), None),
    # Climbed once more, after those bounds and the lines' and pairs' shortcuts: the Vineyard is worth more than any
    # Cottage, so the choices of 4 Cottages are walked before the better ones of 3 and the Vineyard (24,359); and a
    # Tithe Barn's pairs among too many Cottages to score each choice, whose walk's bounds cost most (23,253).
    "farm-vineyard-first": (("eraflage-vineyard cottage cottage schoolhouse", "cottage temple cottage cottage",
                             "cottage cottage schoolhouse cottage", "cottage farm cottage temple"), None),
    "tithe-barn-schoolhouses": (("schoolhouse tithe-barn temple cottage",
                                 "cottage grand-mausoleum-of-the-rodina cottage cottage",
                                 "schoolhouse cottage cottage schoolhouse", "cottage cottage schoolhouse cottage"), 4),
    # And once more, after the walk of up to 126 choices: a Farm's 4 among Cottages and a Barrett Castle beside Temples
    # and Schoolhouses (23,981), and a Tithe Barn's pairs beside Schoolhouses and Temples (22,026).
    "farm-castle": (("cottage barrett-castle cottage cottage", "temple cottage cottage schoolhouse",
                     "cottage schoolhouse cottage cottage", "cottage farm temple cottage"), None),
    "tithe-barn-temple-row": (("schoolhouse cottage cottage cottage", "cottage cottage schoolhouse cottage",
                               "cottage schoolhouse tithe-barn grand-mausoleum-of-the-rodina",
                               "temple cottage temple cottage"), 4),
    # Climbed again after a Tithe Barn's plans shared one walk and the walk of every choice stopped at what the cards
    # can share out (bytecodes as the climb counts them, with a chest of 4 coins). A Farm's 4 among 9 Cottages beside
    # 2 Temples and 3 Schoolhouses, or 3 and the Eraflage Vineyard: no bound passes over many of the 126 choices of 4,
    # nor of the 84 of 3, and each walk scores 64 (27,411 bytecodes); 4 among 9 Cottages beside 2 Temples and 2
    # Schoolhouses, or 3 and a Barrett Castle: 90 choices of 4 scored, then 2 of 3 (24,337); and 4 lines, the rows,
    # paying 4 Temples and a Schoolhouse where the Grand Mausoleum makes a Cottage fed worth no more (24,035).
    "farm-vineyard-temples": (("cottage cottage schoolhouse farm", "temple cottage cottage cottage",
                               "cottage schoolhouse cottage schoolhouse", "temple cottage eraflage-vineyard cottage"),
                              None),
    "farm-castle-corner": (("cottage temple cottage barrett-castle", "schoolhouse cottage cottage farm",
                            "cottage cottage schoolhouse cottage", "temple cottage cottage cottage"), None),
    "root-cellar-four-rows": (("cottage temple root-cellar cottage", "grand-mausoleum-of-the-rodina cottage cottage temple",
                               "cottage temple cottage .", "temple cottage schoolhouse cottage"), 4),
}

# Found by counting the choices scored among 3,000 seeded random towns of these feeders (one Farm: two
# feed every square of the town for nothing, and the coins are kept).
EVERY_FEEDER = ("cottage eraflage-vineyard temple cottage", "cottage root-cellar cottage root-cellar",
                "farm cottage greenhouse tithe-barn", "cottage temple cottage cottage")


# The rulebook town's game (Solo) played by two, beside the empty rival support.towns.game seats beside a Fortune town
# that Solo refuses: the door checks every player of a game, and a Schoolhouse's town pays for checking that rival.
BESIDE_RIVAL = "rulebook-beside-a-rival"


def rulebook_beside_a_rival() -> dict:
    """Return the rulebook town's game in Master Builder, beside an empty rival."""
    played = examples.load("rulebook-28")
    played["mode"] = "master-builder"
    played["players"].append({"name": "Rival", "monument": None, "town": [[None] * 4 for _ in range(4)]})
    return played


def games() -> list:
    """Return [name, game file] of the rulebook town (Solo, then beside a rival) and each Fortune town."""
    found = [["rulebook", examples.load("rulebook-28")], [BESIDE_RIVAL, rulebook_beside_a_rival()]]
    for name, (rows, coins) in TOWNS.items():
        facts = {} if coins is None else {"coins": coins}
        found.append([name, game(player(town(*rows), **facts), coins=coins is not None)])
    for name, played in found:
        assert "town" in json.loads(score_town_json(json.dumps(played), 0)), name
    return found


def micropython_runs(mode: str, items: list) -> list:
    """Return per repeat {"ms": the CPU milliseconds of each item, "bytes": what each allocates} under MicroPython
    (see fortune_feeding.mjs)."""
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
    """Return per repeat the median CPU milliseconds of one live scoring of each game, under CPython."""
    texts = [json.dumps(entry[1]) for entry in played]
    runs = []
    for _ in range(REPEATS):
        run = []
        for text in texts:
            used = []
            for _ in range(ROUNDS):
                start = time.process_time()
                score_town_json(text, 0)
                used.append((time.process_time() - start) * 1000)
            run.append(statistics.median(used))
        runs.append(run)
    return runs


def spread(values: list, form: str = "{:.2f}") -> str:
    """Return min/median/max of a list of figures."""
    return "/".join(form.format(v) for v in (min(values), statistics.median(values), max(values)))


def allocations(kind: str, names: list, runs: list) -> None:
    """Print the bytes one scoring of each item allocates under MicroPython (the same every run)."""
    for n, name in enumerate(names):
        print("fortune.{}.{}.bytes: {}".format(kind, name, runs[0]["bytes"][n]))


def report(kind: str, names: list, runs: list, seats=None) -> None:
    """Print each town's milliseconds and its ratio to the first town (the rulebook's), min/median/max, then the
    worst ratio of each run (the slowest town against the rulebook town of the same run).

    seats: by name, how many players each town's game seats; the rulebook town beside a rival (BESIDE_RIVAL) is then
    timed too, and each town is also set against the rulebook town in a game of as many players ("like for like").
    """
    fortune = [n for n in range(1, len(names)) if names[n] != BESIDE_RIVAL]
    for n, name in enumerate(names):
        print("fortune.{}.{}.ms min/median/max: {}".format(kind, name, spread([run[n] for run in runs])))
        if n:
            print("fortune.{}.{}.vs_rulebook min/median/max: {}".format(
                kind, name, spread([run[n] / run[0] for run in runs])))
    if len(fortune) > 1:
        print("fortune.{}.worst.vs_rulebook min/median/max: {}".format(
            kind, spread([max(run[n] for n in fortune) / run[0] for run in runs])))
    if seats is None:
        return
    beside = names.index(BESIDE_RIVAL)

    def alike(run: list, n: int) -> float:
        return run[n] / run[0 if seats[names[n]] == 1 else beside]

    for n in fortune:
        print("fortune.{}.{}.vs_rulebook_like_for_like min/median/max: {}".format(
            kind, names[n], spread([alike(run, n) for run in runs])))
    print("fortune.{}.worst.vs_rulebook_like_for_like min/median/max: {}".format(
        kind, spread([max(alike(run, n) for n in fortune) for run in runs])))


def evaluations(played: list) -> None:
    """Print how many feeding choices one scoring of each game scores (the work, whatever the machine)."""
    for name, entry in played:
        before = EVALUATIONS[0]
        score_town_json(json.dumps(entry), 0)
        print("fortune.evaluations.{}: {}".format(name, EVALUATIONS[0] - before))


def main() -> None:
    """Print the figures, one `name: value` line each."""
    played = games()
    names = [entry[0] for entry in played]
    evaluations(played)
    runs = micropython_runs("door", [[entry[1], 0] for entry in played])
    allocations("micropython", names, runs)
    seats = {name: len(entry["players"]) for name, entry in played}
    report("micropython", names, [run["ms"] for run in runs], seats)
    report("cpython", names, cpython_runs(played), seats)
    rulebook = [" ".join(card or "." for card in row) for row in played[0][1]["players"][0]["town"]]
    runs = micropython_runs("feeding", [[rulebook, None], [list(EVERY_FEEDER), 5]])
    allocations("micropython_feeding", ["rulebook", "every-feeder"], runs)
    report("micropython_feeding", ["rulebook", "every-feeder"], [run["ms"] for run in runs])


if __name__ == "__main__":
    main()
