"""Marquoir's scoring core: pure Python that runs unchanged under CPython and MicroPython.

score(game) takes a game file (a dict, described in the README) and returns its result, or raises InvalidGame
with every problem found. Standard library only; integers only; no formatting of text for people.
"""

from .code import CodeError
from .code import decode
from .code import encode
from .game import score_town
from .game import score_valid_game
from .game import town_view
from .validate import problems


class InvalidGame(ValueError):
    """A game file that cannot be scored; .problems lists why."""

    def __init__(self, found: list):
        super().__init__("invalid game: {} problem(s)".format(len(found)))
        self.problems = found


def score(game) -> dict:
    """Validate a game file and return its result."""
    found = problems(game)
    if found:
        raise InvalidGame(found)
    return score_valid_game(game)


def game_from_code(code: str) -> dict:
    """Return the valid game file of a game code; raise CodeError or InvalidGame."""
    game = decode(code)
    found = problems(game)
    if found:
        raise InvalidGame(found)
    return game


def _read_json(text: str):
    """Return the value of a door's JSON text; raise ValueError for text that is no JSON the interpreter can read."""
    import json

    try:
        return json.loads(text)
    except RuntimeError:
        # Nesting deeper than the interpreter recurses (RecursionError in CPython): every door answers it as it answers
        # broken JSON, not with an exception its caller never expects.
        raise ValueError("nested too deeply") from None


def score_json(text: str) -> str:
    """Score a game file given as JSON text; return {"result", "code"} or {"problems"} as JSON.

    This is the door the browser uses: JavaScript and MicroPython exchange JSON strings only.
    """
    import json

    try:
        game = _read_json(text)
    except ValueError:
        return json.dumps({"problems": [{"code": "not-json", "player": None, "square": None, "value": None}]})
    found = problems(game)
    if found:
        return json.dumps({"problems": found})
    return json.dumps({"result": score_valid_game(game), "code": encode(game)})


def score_town_json(text: str, n: int) -> str:
    """Score player n's town (from 0) of a game file given as JSON; return {"town"} or {"problems"} as JSON.

    The live score's door: while one town is edited the others stand still, so only that town is
    scored, with exactly the points score_json gives it (its Feast Halls still read the town on its
    right). Places need every town and are not given; the whole game is checked as score_json checks it.
    """
    import json

    try:
        game = _read_json(text)
    except ValueError:
        return json.dumps({"problems": [{"code": "not-json", "player": None, "square": None, "value": None}]})
    found = problems(game)
    if found:
        return json.dumps({"problems": found})
    if not 0 <= n < len(game["players"]):
        return json.dumps({"no_player": n})
    return json.dumps({"town": score_town(town_view(game, n))})


def score_code_json(code: str) -> str:
    """Score a game code; return {"result", "game"} or {"problems"} (or {"damaged": reason}) as JSON."""
    import json

    try:
        game = game_from_code(code)
    except CodeError as error:
        return json.dumps({"damaged": error.reason})
    except InvalidGame as error:
        return json.dumps({"problems": error.problems})
    return json.dumps({"result": score_valid_game(game), "game": game})


def table_json(text: str) -> str:
    """Replay a table helper from JSON {"kind", ...}; return {"state"} or {"error"} as JSON.

    A Master Builder record's answer also gives the record less its last event ("undone"), broken or not.
    """
    import json

    from . import table

    answer = {}
    try:
        request = _read_json(text)
        kind = request["kind"]
        if kind == "town-hall":
            answer["state"] = table.town_hall(int(request["seed"]), request["rounds"])
        elif kind == "solo":
            answer["state"] = table.solo_deck(int(request["seed"]), request["taken"])
        elif kind == "master-builder":
            answer["undone"] = table.without_last_event(request["events"])
            answer["state"] = table.master_builder(request["monuments"], request["first"],
                                                   table.parse_events(request["events"]))
        else:
            answer["error"] = "kind"
    except table.TableError as error:
        answer["error"] = error.reason
    except (ValueError, KeyError, TypeError):
        answer["error"] = "request"
    return json.dumps(answer)


def pad_json(text: str) -> str:
    """Total and place a quick score pad given as JSON; return {"result"} or {"problems"} as JSON."""
    import json

    from .pad import pad_problems
    from .pad import pad_result

    try:
        pad = _read_json(text)
    except ValueError:
        pad = None
    found = pad_problems(pad)
    if found:
        return json.dumps({"problems": found})
    return json.dumps({"result": pad_result(pad)})


def pad_fields_json(text: str) -> str:
    """Read a quick score pad from its address, JSON [[key, value], …]; return pad_from_fields() as JSON."""
    import json

    from .pad import pad_from_fields

    try:
        pairs = _read_json(text)
    except ValueError:
        pairs = None
    if type(pairs) is not list or not all(type(pair) is list and len(pair) == 2 and type(pair[0]) is str
                                          and type(pair[1]) is str for pair in pairs):
        return json.dumps({"mode": None, "count": 0, "result": None,
                           "problems": [{"code": "not-json", "player": None, "square": None, "value": None,
                                         "field": None}]})
    return json.dumps(pad_from_fields(pairs))
