"""What a result page shows, in the order it shows it: the server's template and the browser's offline
page both draw from view(), so the ranking, the tie notes and each square's reason are decided once."""

from ..scoring.cards import PAD_COLUMNS
from ..scoring.cards import colour_of
from ..scoring.game import MASTER_BUILDER
from ..scoring.town import INDEX_OF


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
        "fed_by": [{"card": result["squares"][INDEX_OF[f]]["card"], "square": f} for f in fed_by] if fed_by else None,
    }


def _player(p: int, result: dict) -> dict:
    return {
        "index": p,
        "step": p + 1,
        "name": result["name"],
        "place": result["place"],
        "total": result["total"],
        "decided_by": result["decided_by"],
        "needs_turns": result["needs_turns"],
        "solo_rank": result.get("solo_rank"),
        "by_colour": [result["by_colour"][column] for column in PAD_COLUMNS],
        "squares": [_square(square, result) for square in result["squares"]],
        "empties": result["empty"],
        "empty_points": result["by_colour"]["empty"],
    }


def ranking(result: dict) -> list:
    """Return the players' indexes by place, seating order among equals, as every result lists them."""
    return sorted(range(len(result["players"])), key=lambda p: (result["players"][p]["place"], p))


def view(game: dict, result: dict) -> dict:
    """Return the result page's content for a valid game and its core result."""
    players = [_player(p, r) for p, r in enumerate(result["players"])]
    order = ranking(result)
    return {
        "mode": game["mode"],
        "cavern": game["cavern"],
        "monuments": game["monuments"],
        "columns": list(PAD_COLUMNS),
        "ranking": order,
        "players": players,
        # The players whose turns as Master Builder would break their tie: only they are asked.
        "asks_turns": [p for p in order if players[p]["needs_turns"]] if game["mode"] == MASTER_BUILDER else [],
    }
