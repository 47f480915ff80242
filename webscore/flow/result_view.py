"""What a result page shows, in the order it shows it: the server's template and the browser's offline
page both draw from view(), so the ranking, the tie notes and each square's reason are decided once."""

from ..scoring.cards import COINS
from ..scoring.cards import PAD_COLUMNS
from ..scoring.cards import colour_of
from ..scoring.expansions import expansions_used
from ..scoring.game import MASTER_BUILDER
from ..scoring.town import INDEX_OF

ROOT_CELLAR = "root-cellar"
TITHE_BARN = "tithe-barn"
ROWS = "1234"


def _line_of(square: str, lines: list):
    """Return ("row" or "column", its name) of the first line bought with a coin that holds the square."""
    for line in lines:
        if line in ROWS and square[1] == line or line not in ROWS and square[0] == line:
            return ("row" if line in ROWS else "column"), line
    return None


def _feeder(feeder: str, square: dict, result: dict) -> dict:
    """Return who feeds a square, and what it cost when coins paid for it (a Root Cellar's line, a Tithe Barn's pair)."""
    card = result["squares"][INDEX_OF[feeder]]["card"]
    found = {"card": card, "square": feeder}
    spent = result.get(COINS)
    if spent and card == ROOT_CELLAR:
        line = _line_of(square["square"], spent["lines"])
        if line:
            found["line"] = line
    elif spent and card == TITHE_BARN and square["square"] in spent["paid"]:
        found["paid"] = True
    return found


def _square(square: dict, result: dict) -> dict:
    card = square["card"]
    name = square["square"]
    # The fed squares are those with feeders.
    fed_by = result["fed_by"].get(name)
    return {
        "square": name,
        "card": card,
        "colour": colour_of(card) if card else "empty",
        "points": square["points"],
        "reason": square["reason"],
        "n": square["n"],
        "fed": fed_by is not None,
        # Who feeds this building, by card and square, in the order the core found them.
        "fed_by": [_feeder(f, square, result) for f in fed_by] if fed_by else None,
    }


def _coins(result: dict) -> dict:
    """Return a town's coins at the end: spent on feeding, left in the chest, and what those left score."""
    spent = result[COINS]
    return {"spent": spent["spent"], "left": spent["left"], "points": result["by_colour"][COINS],
            "worth": result["by_colour"][COINS] // spent["left"] if spent["left"] else 0}


def _tree(result: dict):
    """Return the square a tree grew on, and its points, or None."""
    for square in result["squares"]:
        if square["reason"] == "tree":
            return square["square"], square["points"]
    return None


def _player(p: int, result: dict, columns: tuple) -> dict:
    tree = _tree(result)
    return {
        "index": p,
        "step": p + 1,
        "name": result["name"],
        "place": result["place"],
        "total": result["total"],
        "decided_by": result["decided_by"],
        "needs_turns": result["needs_turns"],
        "solo_rank": result.get("solo_rank"),
        "by_colour": [result["by_colour"][column] for column in columns],
        "squares": [_square(square, result) for square in result["squares"]],
        "empties": result["empty"],
        # The pad's row of empty squares holds the tree's points too; the town's lines say them apart.
        "empty_points": result["by_colour"]["empty"] - (tree[1] if tree else 0),
        "tree": {"square": tree[0], "points": tree[1]} if tree else None,
        "coins": _coins(result) if COINS in result else None,
    }


def ranking(result: dict) -> list:
    """Return the players' indexes by place, seating order among equals, as every result lists them."""
    return sorted(range(len(result["players"])), key=lambda p: (result["players"][p]["place"], p))


def view(game: dict, result: dict) -> dict:
    """Return the result page's content for a valid game and its core result."""
    # A game played with coins has their row on the pad, after the empty squares.
    columns = PAD_COLUMNS + (COINS,) if game.get(COINS) else PAD_COLUMNS
    players = [_player(p, r, columns) for p, r in enumerate(result["players"])]
    order = ranking(result)
    return {
        "mode": game["mode"],
        "cavern": game["cavern"],
        "monuments": game["monuments"],
        "expansions": expansions_used(game),
        "columns": list(columns),
        "ranking": order,
        "players": players,
        # The players whose turns as Master Builder would break their tie: only they are asked.
        "asks_turns": [p for p in order if players[p]["needs_turns"]] if game["mode"] == MASTER_BUILDER else [],
    }
