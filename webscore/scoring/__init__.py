"""Marquoir's scoring core: pure Python that runs unchanged under CPython and MicroPython.

score(game) takes a game file (a dict, see DESIGN.md) and returns its result, or raises InvalidGame
with every problem found. Standard library only; integers only; no formatting of text for people.
"""

from .game import score_valid_game
from .validate import problems


class InvalidGame(ValueError):
    """A game file that cannot be scored; .problems lists why."""

    def __init__(self, found: list):
        ValueError.__init__(self, "invalid game: {} problem(s)".format(len(found)))
        self.problems = found


def score(game) -> dict:
    """Validate a game file and return its result."""
    found = problems(game)
    if found:
        raise InvalidGame(found)
    return score_valid_game(game)
