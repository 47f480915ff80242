"""Benchmark the scoring core: python bench/core.py

Prints, in a stable format for comparing versions: complete 4-player games scored per second under
CPython and under MicroPython (Node), and the slowest feeding choice found among seeded random towns.
"""

import json
import pathlib
import random
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from webscore.scoring import score  # noqa: E402
from webscore.scoring.cards import CARD_COLOURS  # noqa: E402
from webscore.scoring.cards import cards_of_colour  # noqa: E402

SEED = 20261129
GAMES = 200
FEEDING_TOWNS = 3000


def random_game(rng: random.Random, players: int) -> dict:
    """Return a 4-player Master Builder game of full towns, one card per colour, no monuments."""
    buildings = ["cottage"] + [rng.choice(cards_of_colour(colour)) for colour in CARD_COLOURS]
    towns = []
    for p in range(players):
        squares = [rng.choice(buildings + [None]) for _ in range(16)]
        while squares.count("bank") > 5:
            squares[squares.index("bank")] = None
        town = [squares[r * 4:r * 4 + 4] for r in range(4)]
        stored = {"abcd"[i % 4] + str(i // 4 + 1): rng.randint(0, 3)
                  for i in range(16) if squares[i] == "warehouse"}
        towns.append({"name": "P" + str(p), "monument": None, "town": town, "stored": stored,
                      "master_builder_turns": rng.randint(2, 6)})
    return {"mode": "master-builder", "monuments": False, "cavern": False, "buildings": buildings,
            "players": towns}


def feeding_town(rng: random.Random) -> dict:
    """Return a one-player game crowded with Cottages, Temples and feeders: the costly choices."""
    red = rng.choice(("farm", "greenhouse"))
    buildings = ["cottage", red, "well", "temple", "tavern", "theater", "factory"]
    weights = ["cottage"] * 6 + ["temple"] * 3 + [red] * 2 + [None]
    squares = [rng.choice(weights) for _ in range(16)]
    return {"mode": "master-builder", "monuments": False, "cavern": False, "buildings": buildings,
            "players": [{"name": "P", "monument": None, "town": [squares[r * 4:r * 4 + 4] for r in range(4)]}]}


def cpython_seconds(game: dict, rounds: int) -> float:
    started = time.perf_counter()
    for _ in range(rounds):
        score(game)
    return (time.perf_counter() - started) / rounds


def micropython_ms(games: list, rounds: int) -> dict:
    with tempfile.NamedTemporaryFile("w", suffix=".json") as handle:
        json.dump(games, handle)
        handle.flush()
        done = subprocess.run(["node", str(ROOT / "tests" / "bench" / "core_micropython.mjs"), handle.name, str(rounds)],
                              capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def main() -> None:
    """Print the core's figures, one `name: value` line each."""
    rng = random.Random(SEED)
    games = [random_game(rng, 4) for _ in range(GAMES)]
    cpython_total = sum(cpython_seconds(game, 5) for game in games)
    micro = micropython_ms(games, 1)
    print("core.cpython.games_per_second: {:.0f}".format(GAMES / cpython_total))
    print("core.micropython.games_per_second: {:.0f}".format(GAMES / (sum(micro["per_game_ms"]) / 1000)))
    print("core.micropython.startup_ms: {:.0f}".format(micro["startup_ms"]))

    towns = [feeding_town(rng) for _ in range(FEEDING_TOWNS)]
    timed = sorted(((cpython_seconds(town, 1), n) for n, town in enumerate(towns)), reverse=True)[:5]
    slowest = [towns[n] for _, n in timed]
    cpython_ms = [cpython_seconds(town, 20) * 1000 for town in slowest]
    micro_ms = micropython_ms(slowest, 5)["per_game_ms"]
    worst = max(range(len(slowest)), key=lambda n: micro_ms[n])
    print("feeding.slowest.cpython_ms: {:.2f}".format(max(cpython_ms)))
    print("feeding.slowest.micropython_ms: {:.2f}".format(micro_ms[worst]))
    print("feeding.slowest.town: {}".format(json.dumps(slowest[worst]["players"][0]["town"])))


if __name__ == "__main__":
    main()
