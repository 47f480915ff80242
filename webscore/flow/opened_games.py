"""A game's code as the browser's doors open it: the game, or why it does not open; the code the live score asks
about on every tap, opened once; and the town step a request names, its game and player.

Apart from the doors (flow/__init__.py): four of them open a code the same way (town_json, live_json,
result_json, turns_json), and the code opened last is kept here between taps, in the core's worker.
"""

from ..scoring import CodeError
from ..scoring import InvalidGame
from ..scoring import game_from_code


def game_of(code: str) -> dict:
    """Return the game a code opens ({"game"}), or why it does not open ({"damaged": the code's problem})."""
    try:
        return {"game": game_from_code(code)}
    except CodeError as error:
        return {"damaged": error.reason}
    except InvalidGame:
        return {"damaged": "malformed"}


# The code a town step asked about last, opened: the live score asks again with the same code on every tap.
# A game opened is only read, never changed, by the steps that take it.
_last_opened = {}


def _game_of_again(code: str) -> dict:
    if code not in _last_opened:
        _last_opened.clear()
        _last_opened[code] = game_of(code)
    return _last_opened[code]


def town_of(request: dict) -> dict:
    """Return the game of a town step's request and its player n ({"game", "n"}), or the answer for a request that
    names no step: {"damaged"} for a code that does not open, {"no_player"} for a player the game does not have."""
    opened = _game_of_again(str(request.get("code") or ""))
    n = request.get("n")
    if "game" not in opened:
        return opened
    if type(n) is not int or not 1 <= n <= len(opened["game"]["players"]):
        # A game without this player: no page, as the server says (404).
        return {"no_player": True}
    return {"game": opened["game"], "n": n}
