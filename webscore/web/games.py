"""Reading a game code in a view: a damaged code becomes a friendly 400 page, never a 500."""

from flask import abort
from flask import g

from ..scoring import CodeError
from ..scoring import InvalidGame
from ..scoring import game_from_code


def load_game(code: str) -> dict:
    """Return the valid game of a code, or stop the request with a 400 that says what is wrong."""
    try:
        return game_from_code(code)
    except CodeError as error:
        g.code_problem = error.reason
    except InvalidGame:
        g.code_problem = "malformed"
    abort(400)
