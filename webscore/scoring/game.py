"""A whole game's result: every town scored, the places with the official tie-breaks, the solo rank."""

from .board import TownView
from .cards import COINS
from .cards import COLOURS
from .cards import EMPTY
from .cards import PAD_COLUMNS
from .cards import cottages_in
from .feeding import FEEDERS
from .feeding import choose_feeding
from .monuments import CARD_RULES
from .monuments import coin_worth
from .town import INDEX_OF
from .town import NAMES
from .town import SQUARES

MASTER_BUILDER = "master-builder"
TOWN_HALL = "town-hall"
SOLO = "solo"
MODES = (MASTER_BUILDER, TOWN_HALL, SOLO)

CATHEDRAL = "cathedral-of-caterina"
TREE_POINTS = 2

# Solo rank titles by the lowest total that earns them, best first.
SOLO_RANKS = (
    (38, "master-architect"),
    (32, "town-planner"),
    (25, "engineer"),
    (18, "carpenter"),
    (10, "builders-apprentice"),
)
SOLO_LOWEST_RANK = "aspiring-architect"

TIE_TURNS = "master-builder-turns"
TIE_EMPTY = "empty-squares"
TIE_COTTAGES = "cottages"
TIE_SHARED = "shared"

def flat_town(rows: list) -> tuple:
    """Return a game file's 4 rows of 4 as 16 squares in reading order."""
    squares = []
    for row in rows:
        squares.extend(row)
    return tuple(squares)


def tree_grows(town) -> bool:
    """Tell whether the Tiny Trees seed grows: its square is the only one of the town without a building."""
    return town.seed is not None and town.squares[town.seed] is None and town.squares.count(None) == 1


def _empty_points(town, i, grows: bool) -> tuple:
    """Return an empty square's (points, reason, n); grows: whether the town's seed grows (tree_grows)."""
    if grows and i == town.seed:
        # A tree is not an empty square: it costs nothing, with or without the Cathedral of Caterina.
        return TREE_POINTS, "tree", 0
    if town.monument == CATHEDRAL:
        return 0, "empty-cathedral", 0
    return -1, "empty", 0


def _feeds(fed_by: dict) -> dict:
    """Return {feeder square: how many squares it feeds}.

    A square's feeders are sorted: one fed twice by a feeder, as by two lines of Root Cellar coins, names it
    twice in a row, and counts once.
    """
    feeds = {}
    for feeders in fed_by.values():
        last = None
        for feeder in feeders:
            if feeder != last:
                feeds[feeder] = feeds.get(feeder, 0) + 1
                last = feeder
    return feeds


def score_town(town) -> dict:
    """Score one town view: choose the feeding, then every square's points by its card's rule."""
    fed_by = choose_feeding(town)
    feeds = _feeds(fed_by)
    grows = tree_grows(town)
    by_colour = dict.fromkeys(PAD_COLUMNS, 0)
    board = town.squares
    squares = []
    for i in SQUARES:
        card = board[i]
        if card is None:
            points, reason, n = _empty_points(town, i, grows)
            by_colour[EMPTY] += points
        else:
            points, reason, n = CARD_RULES[card](town, i)
            if card in FEEDERS:
                n = feeds.get(i, 0)
            by_colour[COLOURS[card]] += points
        squares.append({"square": NAMES[i], "card": card, "points": points, "reason": reason, "n": n})
    scored = {
        "by_colour": by_colour,
        "squares": squares,
        "fed": [NAMES[i] for i in sorted(fed_by)],
        "fed_by": {NAMES[i]: [NAMES[f] for f in fed_by[i]] for i in fed_by},
        "empty": board.count(None) - (1 if grows else 0),
        "cottages": cottages_in(board),
    }
    if town.coins is not None:
        # A game played with coins: the chest's coins are a line of the pad, after what feeding spent.
        spent = town.spending or {"lines": [], "paid": [], "spent": 0, "left": town.coins}
        by_colour[COINS] = coin_worth(town) * spent["left"]
        scored["coins"] = spent
    scored["total"] = sum(by_colour.values())
    return scored


def solo_rank(total: int) -> str:
    """Return the solo rank title's id for a total."""
    for lowest, title in SOLO_RANKS:
        if total >= lowest:
            return title
    return SOLO_LOWEST_RANK


# The official tie-breaks in order: the fact each reads, and whether less of it places higher.
TIE_BREAKS = ((TIE_TURNS, "master_builder_turns", True), (TIE_EMPTY, "empty", True),
              (TIE_COTTAGES, "cottages", False))


def rank(mode: str, standings: list) -> list:
    """Return {"place", "decided_by", "needs"} per player from totals and the tie facts known.

    standings: per player {"total", "master_builder_turns", "empty", "cottages"}, a fact None when not
    known. Players level on total are split by each tie-break in turn (turns only in Master Builder
    games); where a fact a tie needs is missing, those players share the place and "needs" names it
    rather than a later tie-break deciding in its stead. decided_by is the last tie-break that placed
    the player, TIE_SHARED when one still shares the place, None when no one else has the same total.
    """
    breaks = [rule for rule in TIE_BREAKS if mode == MASTER_BUILDER or rule[0] != TIE_TURNS]
    placed = [{"place": 0, "decided_by": None, "needs": None} for _ in standings]

    def settle(members: list, depth: int, place: int):
        if len(members) == 1:
            placed[members[0]]["place"] = place
            return
        if depth == len(breaks) or any(standings[m][breaks[depth][1]] is None for m in members):
            for m in members:
                placed[m].update(place=place, decided_by=TIE_SHARED,
                                 needs=breaks[depth][0] if depth < len(breaks) else None)
            return
        name, fact, fewer_wins = breaks[depth]
        values = sorted({standings[m][fact] for m in members}, reverse=not fewer_wins)
        for value in values:
            level = [m for m in members if standings[m][fact] == value]
            for m in level:
                placed[m]["decided_by"] = name
            settle(level, depth + 1, place + sum(1 for m in members if m not in level
                                                  and values.index(standings[m][fact]) < values.index(value)))

    # The totals from the highest: those on one total place after every player on a higher one.
    ahead = 0
    for total in sorted({standing["total"] for standing in standings}, reverse=True):
        members = [p for p in range(len(standings)) if standings[p]["total"] == total]
        settle(members, 0, 1 + ahead)
        ahead += len(members)
    # settle() names itself: let go of it, or it and what it reads wait for the garbage collector (a cycle).
    settle = None
    return placed


# The cards whose points read the town of the player on your right: its Feast Halls, its coins.
RIGHT_READERS = ("feast-hall", "schoolhouse")


def town_view(game: dict, p: int, right_at_most: bool = False) -> TownView:
    """Build the view of player p's town that the rules read.

    right_at_most: the town on the right read as holding more Feast Halls than any town can, and as many coins as
    the largest chest of the game holds (while it is not known), so that what reads it (RIGHT_READERS) makes the
    least it can: a Schoolhouse's owner with a full chest has at least as many, whatever that town holds
    (expansions.fullest_chest: 5 coins where a Fortune monument adds a fifth place, else 4).
    """
    players = game["players"]
    player = players[p]
    right_feast_halls = None
    if len(players) > 1:
        # Seating is clockwise, so the player on your right is the one listed before you; a
        # one-player Master Builder or Town Hall game has no one there, as in Solo.
        right = flat_town(players[p - 1]["town"])
        right_feast_halls = len(right) if right_at_most else right.count("feast-hall")
    stored = {INDEX_OF[name]: load for name, load in (player.get("stored") or {}).items()}
    # Games of the base game carry no coins, no seed: absent is without.
    coins = player.get("coins") if game.get("coins") else None
    right_coins = None
    if game.get("coins") and len(players) > 1:
        if right_at_most:
            # Imported here: expansions reads this module's modes.
            from .expansions import fullest_chest

            right_coins = fullest_chest(game)
        else:
            right_coins = players[p - 1].get("coins")
    # A seed not put down ("none") grows no tree, as one not known yet.
    seed = INDEX_OF.get(player.get("seed")) if game.get("tiny_trees") and type(player.get("seed")) is str else None
    return TownView(
        flat_town(player["town"]),
        game["buildings"],
        stored=stored,
        shrine_buildings=player.get("shrine_buildings"),
        completed_before=player.get("completed_before"),
        right_feast_halls=right_feast_halls,
        coins=coins,
        right_coins=right_coins,
        hollow_hill_swaps=player.get("hollow_hill_swaps"),
        seed=seed,
    )


def game_standings(game: dict, scored: list) -> list:
    """Return what rank() reads of each player of a game, from their towns as scored."""
    return [{"total": town["total"], "master_builder_turns": player.get("master_builder_turns"),
             "empty": town["empty"], "cottages": town["cottages"]} for player, town in zip(game["players"], scored)]


def tie_sides(mode: str, standings: list, places: list) -> list:
    """Return per player {"won_on", "lost_on"} (each only if any): the tie-break that placed them before the nearest
    player of the same total placed after them, and the one that placed the nearest before them after that player.

    Two players of the same total in different places were split by the first tie-break whose fact they differ on
    (rank() splits a level by each in turn): in a three-way tie the middle player may lose on one and win on another.
    """
    breaks = [rule for rule in TIE_BREAKS if mode == MASTER_BUILDER or rule[0] != TIE_TURNS]

    def split_by(a: int, b: int):
        return next((name for name, fact, _ in breaks if standings[a][fact] != standings[b][fact]), None)

    sides = []
    for p, standing in enumerate(standings):
        level = [q for q in range(len(standings)) if standings[q]["total"] == standing["total"]]
        ahead = [q for q in level if places[q] < places[p]]
        behind = [q for q in level if places[q] > places[p]]
        side = {}
        if behind:
            side["won_on"] = split_by(p, min(behind, key=lambda q: places[q]))
        if ahead:
            side["lost_on"] = split_by(max(ahead, key=lambda q: places[q]), p)
        sides.append(side)
    return sides


def score_valid_game(game: dict) -> dict:
    """Score a game file already checked by validate.problems()."""
    players = game["players"]
    scored = [score_town(town_view(game, p)) for p in range(len(players))]
    standings = game_standings(game, scored)
    results = []
    for p, placing in enumerate(rank(game["mode"], standings)):
        result = {"name": players[p]["name"], "place": placing["place"], "decided_by": placing["decided_by"],
                  "needs_turns": placing["needs"] == TIE_TURNS}
        result.update(scored[p])
        if game["mode"] == SOLO:
            result["solo_rank"] = solo_rank(result["total"])
        results.append(result)
    return {"mode": game["mode"], "players": results}
