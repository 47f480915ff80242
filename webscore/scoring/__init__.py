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


def score_json(text: str) -> str:
    """Score a game file given as JSON text; return {"result": ...} or {"problems": [...]} as JSON.

    This is the door the browser uses: JavaScript and MicroPython exchange JSON strings only.
    """
    import json

    try:
        game = json.loads(text)
    except ValueError:
        return json.dumps({"problems": [{"code": "not-json", "player": None, "square": None, "value": None}]})
    found = problems(game)
    if found:
        return json.dumps({"problems": found})
    return json.dumps({"result": score_valid_game(game)})
