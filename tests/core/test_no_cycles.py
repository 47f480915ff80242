"""Scoring leaves nothing to the garbage collector: what a search builds is freed as soon as the game is scored.

A nested function that calls itself (a walk of the Farms' choices, the lines coins buy, the tie-breaks) and a walk
that holds the judge that holds it are cycles: every object they read stayed until the collector ran, and under a
busy worker the collector's passes over them were a twentieth of a result page's first draw.
"""

import random

from support import examples
from support.cycles import garbage_of
from support.fortune_games import fortune_game
from webscore.scoring import score


def test_scoring_games_of_every_kind_leaves_no_cycle():
    games = [examples.load(name) for name in examples.NAMES] + [fortune_game(random.Random(seed)) for seed in range(40)]
    games.append(examples.tied_game(turns=(3, 3, 2)))
    # Among them: Farms walked with Temples, coins spent on Root Cellar lines and Tithe Barn pairs, ties broken.
    assert any(game.get("coins") for game in games) and any(len(game["players"]) > 2 for game in games)
    assert garbage_of(lambda: [score(game) for game in games]) == []


def test_the_check_sees_a_cycle_there_is():
    def walk():
        def step(n):
            return n and step(n - 1)
        step(3)

    found = garbage_of(walk, __name__)
    assert any(getattr(item, "__qualname__", "") == "test_the_check_sees_a_cycle_there_is.<locals>.walk.<locals>.step"
               for item in found)
