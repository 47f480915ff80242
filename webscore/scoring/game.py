"""A whole game's result: every town scored, the places with the official tie-breaks, the solo rank."""

from .buildings import RULES as BUILDING_RULES
from .cards import EMPTY
from .cards import PAD_COLUMNS
from .cards import colour_of
from .cards import cottage_count
from .feeding import choose_feeding
from .monuments import RULES as MONUMENT_RULES
from .town import INDEX_OF
from .town import NAMES
from .town import SQUARES
from .view import TownView

MASTER_BUILDER = "master-builder"
TOWN_HALL = "town-hall"
SOLO = "solo"
MODES = (MASTER_BUILDER, TOWN_HALL, SOLO)

CATHEDRAL = "cathedral-of-caterina"

# Solo rank titles by the lowest total that earns them, best first.
SOLO_RANKS = (
    (38, "master-architect"),
    (32, "town-planner"),
    (25, "engineer"),
    (18, "carpenter"),
    (10, "builders-apprentice"),
)
SOLO_LOWEST_RANK = "aspiring-architect"

TIE_TOTAL = "total"
TIE_TURNS = "master-builder-turns"
TIE_EMPTY = "empty-squares"
TIE_COTTAGES = "cottages"
TIE_SHARED = "shared"


def flat_town(rows: list) -> tuple:
    """Return a game file's 4 rows of 4 as 16 squares in reading order."""
    return tuple(card for row in rows for card in row)


def _square_points(town, i):
    card = town.squares[i]
    if card is None:
        if town.monument == CATHEDRAL:
            return 0, "empty-cathedral", 0
        return -1, "empty", 0
    if card in BUILDING_RULES:
        return BUILDING_RULES[card](town, i)
    return MONUMENT_RULES[card](town, i)


def score_town(town) -> dict:
    """Score one town view: choose the feeding, then every square's points by its card's rule."""
    fed_by = choose_feeding(town)
    by_colour = {column: 0 for column in PAD_COLUMNS}
    squares = []
    for i in SQUARES:
        card = town.squares[i]
        points, reason, n = _square_points(town, i)
        if card in ("farm", "granary", "greenhouse", "orchard"):
            n = sum(1 for feeders in fed_by.values() if i in feeders)
        by_colour[EMPTY if card is None else colour_of(card)] += points
        squares.append({"square": NAMES[i], "card": card, "points": points, "reason": reason, "n": n})
    return {
        "total": sum(by_colour[column] for column in PAD_COLUMNS),
        "by_colour": by_colour,
        "squares": squares,
        "fed": [NAMES[i] for i in sorted(fed_by)],
        "fed_by": {NAMES[i]: [NAMES[f] for f in fed_by[i]] for i in fed_by},
        "empty": sum(1 for card in town.squares if card is None),
        "cottages": sum(cottage_count(card) for card in town.squares),
    }


def solo_rank(total: int) -> str:
    """Return the solo rank title's id for a total."""
    for lowest, title in SOLO_RANKS:
        if total >= lowest:
            return title
    return SOLO_LOWEST_RANK


def _tie_keys(game: dict, scored: list) -> list:
    """Return per player the (criterion, value) pairs compared in order, lower value placing higher.

    Turns as Master Builder count only in that mode, and only among players level on total who all
    have them entered; otherwise that tie-break is passed over rather than guessed.
    """
    players = game["players"]
    keys = []
    for p in range(len(players)):
        level = [q for q in range(len(players)) if scored[q]["total"] == scored[p]["total"]]
        known = all(players[q].get("master_builder_turns") is not None for q in level)
        turns = players[p].get("master_builder_turns") if known else None
        keys.append([
            (TIE_TOTAL, -scored[p]["total"]),
            (TIE_TURNS, turns if game["mode"] == MASTER_BUILDER and turns is not None else 0),
            (TIE_EMPTY, scored[p]["empty"]),
            (TIE_COTTAGES, -scored[p]["cottages"]),
        ])
    return keys


def _deciding(keys: list, other: list) -> str:
    """Return the first criterion on which two players differ, or TIE_SHARED."""
    for (criterion, value), (_, other_value) in zip(keys, other):
        if value != other_value:
            return criterion
    return TIE_SHARED


def rank(keys_by_player: list) -> list:
    """Return (place, decided_by) per player: places share when every criterion is level.

    decided_by names the deepest criterion that separated the player from those with the same total,
    None when no one else has the same total, or TIE_SHARED when someone is level on everything.
    """
    values = [tuple(value for _, value in keys) for keys in keys_by_player]
    placed = []
    for p in range(len(values)):
        place = 1 + sum(1 for other in values if other < values[p])
        criteria = [name for name, _ in keys_by_player[p]] + [TIE_SHARED]
        deepest = -1
        for q in range(len(values)):
            if q != p and values[q][0] == values[p][0]:
                deepest = max(deepest, criteria.index(_deciding(keys_by_player[p], keys_by_player[q])))
        placed.append((place, criteria[deepest] if deepest >= 0 else None))
    return placed


def _needs_turns(game: dict, scored: list, p: int) -> bool:
    """Return whether player p is level on total with someone and a count of turns is missing."""
    if game["mode"] != MASTER_BUILDER:
        return False
    players = game["players"]
    level = [q for q in range(len(players)) if scored[q]["total"] == scored[p]["total"]]
    return len(level) > 1 and any(players[q].get("master_builder_turns") is None for q in level)


def town_view(game: dict, p: int) -> TownView:
    """Build the view of player p's town that the rules read."""
    players = game["players"]
    player = players[p]
    right_feast_halls = None
    if len(players) > 1:
        # Seating is clockwise, so the player on your right is the one listed before you; a
        # one-player Master Builder or Town Hall game has no one there, as in Solo.
        right = flat_town(players[p - 1]["town"])
        right_feast_halls = sum(1 for card in right if card == "feast-hall")
    stored = {INDEX_OF[name]: load for name, load in (player.get("stored") or {}).items()}
    return TownView(
        flat_town(player["town"]),
        game["buildings"],
        stored=stored,
        shrine_buildings=player.get("shrine_buildings"),
        completed_before=player.get("completed_before"),
        right_feast_halls=right_feast_halls,
    )


def score_valid_game(game: dict) -> dict:
    """Score a game file already checked by validate.problems()."""
    players = game["players"]
    scored = [score_town(town_view(game, p)) for p in range(len(players))]
    results = []
    for p, (place, decided_by) in enumerate(rank(_tie_keys(game, scored))):
        result = {"name": players[p]["name"], "place": place, "decided_by": decided_by,
                  "needs_turns": _needs_turns(game, scored, p)}
        result.update(scored[p])
        if game["mode"] == SOLO:
            result["solo_rank"] = solo_rank(result["total"])
        results.append(result)
    return {"mode": game["mode"], "players": results}
