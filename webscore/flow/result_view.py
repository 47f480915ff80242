"""What a result page shows, in the order it shows it: the server's template and the browser's offline
page both draw from view(), so the ranking, the tie notes and each square's reason are decided once."""

from ..scoring.cards import COINS
from ..scoring.cards import COLOURS
from ..scoring.cards import PAD_COLUMNS
from ..scoring.expansions import expansions_used
from ..scoring.game import MASTER_BUILDER
from ..scoring.game import TIE_COTTAGES
from ..scoring.game import TIE_EMPTY
from ..scoring.game import TIE_TURNS
from ..scoring.game import TOWN_HALL
from ..scoring.game import rank
from ..scoring.town import INDEX_OF

ROOT_CELLAR = "root-cellar"
TITHE_BARN = "tithe-barn"
ROWS = "1234"


def _lines_of(square: str, lines: list) -> list:
    """Return ("row" or "column", its name) of each line bought with a coin that holds the square, in order."""
    return [("row" if line in ROWS else "column", line) for line in lines
            if line in ROWS and square[1] == line or line not in ROWS and square[0] == line]


def _feeders(fed_by: list, name: str, result: dict, spent) -> list:
    """Return who feeds a square, and what it cost when coins paid for it (spent: the town's coins, or None): a Root
    Cellar is named once for each line bought that holds the square (its row and its column, each its own coin), a
    Tithe Barn's pair is paid."""
    lines = _lines_of(name, spent["lines"]) if spent else []
    found = []
    for feeder in fed_by:
        card = result["squares"][INDEX_OF[feeder]]["card"]
        named = {"card": card, "square": feeder}
        if card == ROOT_CELLAR and lines:
            named["line"] = lines.pop(0)
        elif spent and card == TITHE_BARN and name in spent["paid"]:
            named["paid"] = True
        found.append(named)
    return found


def _squares(result: dict) -> tuple:
    """Return a town's squares as the page shows them, and the square a tree grew on with its points (or None)."""
    # Looked up once for the town's 16 squares.
    fed_by_of = result["fed_by"]
    spent = result.get(COINS)
    squares = []
    tree = None
    for square in result["squares"]:
        card = square["card"]
        name = square["square"]
        # The fed squares are those with feeders.
        fed_by = fed_by_of.get(name)
        if card:
            colour = COLOURS[card]
        else:
            colour = "empty"
            # A tree grows on a square left empty.
            if square["reason"] == "tree":
                tree = name, square["points"]
        squares.append({
            "square": name,
            "card": card,
            "colour": colour,
            "points": square["points"],
            "reason": square["reason"],
            "n": square["n"],
            "fed": fed_by is not None,
            # Who feeds this building, by card and square, in the order the core found them.
            "fed_by": _feeders(fed_by, name, result, spent) if fed_by else None,
        })
    return squares, tree


def _coins(result: dict) -> dict:
    """Return a town's coins at the end: spent on feeding, left in the chest, and what those left score."""
    spent = result[COINS]
    return {"spent": spent["spent"], "left": spent["left"], "points": result["by_colour"][COINS],
            "worth": result["by_colour"][COINS] // spent["left"] if spent["left"] else 0}


def _tie_values(result: dict, turns) -> dict:
    """Return the facts a tie-break reads of a player, by tie-break: the numbers a tie decided says."""
    return {TIE_TURNS: turns, TIE_EMPTY: result["empty"], TIE_COTTAGES: result["cottages"]}


def _seed_left(result: dict, seed, tree):
    """Return a seed that did not grow into a tree, {"square", "why"}: "built" over, or "empties" (another square
    is empty too); None when it grew or no seed was put down ("none")."""
    if seed not in INDEX_OF or tree:
        return None
    card = next(square["card"] for square in result["squares"] if square["square"] == seed)
    return {"square": seed, "why": "built" if card else "empties"}


def _player(p: int, result: dict, columns: tuple, turns, seed=None) -> dict:
    squares, tree = _squares(result)
    by_colour = result["by_colour"]
    return {
        "index": p,
        "step": p + 1,
        "name": result["name"],
        "place": result["place"],
        "total": result["total"],
        "decided_by": result["decided_by"],
        # The number the tie-break that placed the player read (their empty squares, …), None for a shared place.
        "tie_value": _tie_values(result, turns).get(result["decided_by"]),
        "turns": turns,
        "needs_turns": result["needs_turns"],
        "solo_rank": result.get("solo_rank"),
        # A town not entered in a game with coins has none given: its coins row is 0.
        "by_colour": [by_colour.get(column, 0) for column in columns],
        "squares": squares,
        "empties": result["empty"],
        # The pad's row of empty squares holds the tree's points too; the town's lines say them apart.
        "empty_points": by_colour["empty"] - (tree[1] if tree else 0),
        "tree": {"square": tree[0], "points": tree[1]} if tree else None,
        "seed": _seed_left(result, seed, tree),
        "coins": _coins(result) if COINS in result else None,
    }


def ranking(result: dict) -> list:
    """Return the players' indexes by place, seating order among equals, as every result lists them."""
    return sorted(range(len(result["players"])), key=lambda p: (result["players"][p]["place"], p))


# How a result's winner line reads: a solo game's score, one winner, or a first place shared.
SOLO_LINE, WINS_LINE, SHARED_LINE = "solo", "wins", "shared"


def winner_line(players: list, order: list) -> tuple:
    """Return how the winner line says a result, the one choice of the page's line, its picture's and its link
    preview's: (SOLO_LINE, WINS_LINE or SHARED_LINE, the indexes of the players placed first, in order)."""
    first = [p for p in order if players[p]["place"] == 1]
    if len(players) == 1:
        return SOLO_LINE, first
    return (WINS_LINE if len(first) == 1 else SHARED_LINE), first


def view(game: dict, result: dict) -> dict:
    """Return the result page's content for a valid game and its core result."""
    # A game played with coins has their row on the pad, after the empty squares.
    columns = PAD_COLUMNS + (COINS,) if game.get(COINS) else PAD_COLUMNS
    seeds = [player.get("seed") if game.get("tiny_trees") else None for player in game["players"]]
    players = [_player(p, r, columns, game["players"][p].get("master_builder_turns"), seeds[p])
               for p, r in enumerate(result["players"])]
    order = ranking(result)
    mb = game["mode"] == MASTER_BUILDER
    return {
        "mode": game["mode"],
        "cavern": game["cavern"],
        "monuments": game["monuments"],
        "expansions": expansions_used(game),
        "columns": list(columns),
        "ranking": order,
        "players": players,
        # The players level on total with another, whose turns as Master Builder break (or would break) the tie:
        # only they are asked, and still once the tie is broken, so a table can correct what it gave.
        "asks_turns": [p for p in order if players[p]["decided_by"] is not None] if mb else [],
        "equal_turns": _equal_turns(result, order) if mb else None,
    }


def _equal_turns(result: dict, order: list):
    """Return who would win a first place tied for want of turns, were the turns equal: {"winners", "shared"}.

    The tie-breaks after the turns decide then (fewer empty squares, more Cottages): a table that did not count
    turns sees who wins without them. None when no first place waits for turns.
    """
    players = result["players"]
    tied = [p for p in order if players[p]["place"] == 1 and players[p]["needs_turns"]]
    if len(tied) < 2:
        return None
    standings = [{"total": players[p]["total"], "master_builder_turns": None, "empty": players[p]["empty"],
                  "cottages": players[p]["cottages"]} for p in tied]
    placed = rank(TOWN_HALL, standings)
    winners = [tied[n] for n in range(len(tied)) if placed[n]["place"] == 1]
    return {"winners": winners, "shared": len(winners) > 1}
