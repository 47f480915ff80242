"""Game-file validation: every mistake reported with its player, square and a problem code.

A game file's shape, its keys (GAME_KEYS, PLAYER_KEYS) and their types, is webscore.shapes.Game and Player: TypedDicts
for CPython's checkers and tests, never imported here (MicroPython, which runs the core, has no typing).

A problem is a dict {"code", "player", "square", "value"}: player is the index in seating order (or
None for the game itself), square a name like "b4" (or None), value the offending value where it helps.
The web layer words the codes for people; nothing here is guessed or fixed silently.
"""

from .cards import ALL_BUILDINGS
from .cards import ALL_MONUMENTS
from .cards import CARD_COLOURS
from .cards import COTTAGE
from .cards import MAX_BANKS
from .cards import MAX_STORED
from .cards import SOLO_EXCLUDED
from .cards import WAREHOUSE
from .cards import colour_of
from .expansions import EXPANSION_FLAGS
from .expansions import EXPANSION_PLAYER_KEYS
from .expansions import expansion_problems
from .expansions import flag_problems
from .expansions import town_hall_problems
from .game import MASTER_BUILDER
from .game import MODES
from .game import SOLO
from .game import TOWN_HALL
from .names import check_name
from .problem import check_count
from .problem import is_int
from .problem import problem
from .town import INDEX_OF
from .town import NAMES
from .town import SIZE

GAME_KEYS = ("mode", "monuments", "cavern", "buildings", "players") + EXPANSION_FLAGS
PLAYER_KEYS = ("name", "monument", "town", "master_builder_turns", "stored", "shrine_buildings",
               "completed_before") + EXPANSION_PLAYER_KEYS
# The same as sets, which a record's keys are looked up in.
GAME_KEY_SET = frozenset(GAME_KEYS)
PLAYER_KEY_SET = frozenset(PLAYER_KEYS)
MAX_PLAYERS = 6
# The most turns a player can have held the hammer in Master Builder, as a form and a code take them.
MAX_TURNS = 999
# The monuments whose points need a fact the town cannot show, and the game-file key of that fact.
MONUMENT_FACTS = {"shrine-of-the-elder-tree": "shrine_buildings", "the-starloom": "completed_before"}


def _unknown_keys(record: dict, allowed: frozenset, player=None) -> list:
    """Return a problem for each key of a record that is not allowed, sorted by key."""
    return [problem("unknown-key", player, value=key) for key in sorted(str(k) for k in record if str(k) not in allowed)]


def _check_buildings(game: dict) -> list:
    buildings = game.get("buildings")
    if type(buildings) is not list or not all(type(card) is str for card in buildings):
        return [problem("buildings-not-a-list")]
    found = [problem("unknown-building", value=card) for card in buildings if card not in ALL_BUILDINGS]
    if found:
        return found
    if COTTAGE not in buildings:
        found.append(problem("no-cottage"))
    colours = [colour_of(card) for card in buildings]
    for colour in CARD_COLOURS:
        if colours.count(colour) != 1:
            found.append(problem("one-per-colour", value=colour))
    if len(buildings) != len(set(buildings)):
        found.append(problem("building-twice"))
    return found


def _town_squares(player: dict):
    """Return a player's town as its 16 squares in reading order, or None when it is not 4 rows of 4."""
    town = player.get("town")
    if type(town) is not list or len(town) != SIZE:
        return None
    squares = []
    for row in town:
        if type(row) is not list or len(row) != SIZE:
            return None
        squares.extend(row)
    return squares


def _plain_town(squares: list, buildings: list, monument) -> bool:
    """Tell whether a town holds only the game's buildings, empty squares and its player's monument once at most, as
    nearly every town does: no square of it to report, found without reading it square by square (a town or a
    monument that holds what cannot be hashed is read square by square)."""
    try:
        allowed = set(buildings)
        allowed.add(None)
        if monument in ALL_MONUMENTS:
            if squares.count(monument) > 1:
                return False
            allowed.add(monument)
        return allowed.issuperset(squares)
    except TypeError:
        return False


def _check_squares(found: list, p: int, squares: list, buildings: list, monument) -> None:
    """Add to found a problem for each square that holds no building of the game and is not its player's one monument."""
    own_squares = 0
    for i in range(SIZE * SIZE):
        card = squares[i]
        # Most squares are empty or hold one of the game's buildings: nothing to report.
        if card is None or type(card) is str and card in buildings:
            continue
        if type(card) is not str or (card not in ALL_BUILDINGS and card not in ALL_MONUMENTS):
            found.append(problem("unknown-card", p, NAMES[i], card if type(card) is str else None))
        elif card in ALL_BUILDINGS:
            found.append(problem("building-not-in-game", p, NAMES[i], card))
        elif card != monument:
            found.append(problem("not-players-monument", p, NAMES[i], card))
        else:
            own_squares += 1
            if own_squares > 1:
                found.append(problem("second-monument", p, NAMES[i], card))


def _check_town(game: dict, player: dict, p: int, squares: list) -> list:
    found = []
    monument = player.get("monument")
    buildings = game["buildings"]
    if not _plain_town(squares, buildings, monument):
        _check_squares(found, p, squares, buildings, monument)
    banks = squares.count("bank")
    if banks > MAX_BANKS:
        found.append(problem("too-many-banks", p, value=banks))
    return found


def _check_stored(player: dict, p: int, squares: list) -> list:
    stored = player.get("stored")
    if stored is None:
        return []
    if type(stored) is not dict:
        return [problem("stored-not-a-map", p)]
    found = []
    for key in sorted(stored, key=str):
        name, load = str(key), stored[key]
        if name not in INDEX_OF or squares[INDEX_OF[name]] != WAREHOUSE:
            found.append(problem("stored-not-on-warehouse", p, name if name in INDEX_OF else None, name))
        elif not is_int(load) or load < 0:
            found.append(problem("stored-not-a-count", p, name, load if is_int(load) else None))
        elif load > MAX_STORED:
            found.append(problem("stored-over-3", p, name, load))
    return found


def _claimed_monument(player):
    """Return the monument a player's record names when it is a monument, else None."""
    monument = player.get("monument") if type(player) is dict else None
    return monument if type(monument) is str and monument in ALL_MONUMENTS else None


def _check_monument(game: dict, monument, p: int) -> list:
    """Check a player's monument: none, or one this game plays with."""
    if monument is None:
        return []
    if type(monument) is not str or monument not in ALL_MONUMENTS:
        return [problem("unknown-monument", p, value=monument if type(monument) is str else None)]
    if game.get("monuments") is False:
        return [problem("monuments-off", p, value=monument)]
    if game.get("mode") == SOLO and monument in SOLO_EXCLUDED:
        return [problem("not-in-solo", p, value=monument)]
    return []


def _check_turns(game: dict, player: dict, p: int) -> list:
    """Check a player's turns as Master Builder, if given: a count, in a mode where the hammer passes."""
    if player.get("master_builder_turns") is None:
        return []
    turns_allowed = game.get("mode") not in (TOWN_HALL, SOLO)
    return check_count(player, p, "master_builder_turns", 0, MAX_TURNS, turns_allowed)


def _standing_monument(monument, squares: list):
    """Return the monument standing in a town: the player's own if it stands there, else the first one found."""
    if monument is not None and monument in squares:
        return monument
    return next((card for card in squares if type(card) is str and card in ALL_MONUMENTS), None)


def _check_monument_facts(game: dict, player: dict, p: int, squares: list, monument, standing) -> list:
    """Check the facts a monument's points need (Shrine's buildings, Starloom's place): given when needed, only then.

    monument: the one the player claims (_claimed_monument); standing: the one standing in the town
    (_standing_monument).
    """
    # The facts a monument needs follow what stands in the town, even if the monument field is wrong.
    needed = MONUMENT_FACTS.get(standing)
    buildings = len(squares) - squares.count(None)
    found = check_count(player, p, "shrine_buildings", 1, buildings, needed == "shrine_buildings")
    # The table tracker learns the order towns completed before the Starloom is entered, so its owner
    # may carry that count already.
    starloom_owner = MONUMENT_FACTS.get(monument) == "completed_before" and player.get("completed_before") is not None
    found.extend(check_count(player, p, "completed_before", 0, len(game["players"]) - 1,
                              needed == "completed_before" or starloom_owner))
    return found


def _check_player(game: dict, player, p: int, claimed) -> list:
    """Check a player's record; claimed: the monument it names (_claimed_monument)."""
    if type(player) is not dict:
        return [problem("player-not-a-record", p)]
    found = _unknown_keys(player, PLAYER_KEY_SET, p)
    found.extend(check_name(player.get("name"), p))
    found.extend(_check_monument(game, player.get("monument"), p))
    squares = _town_squares(player)
    if squares is None:
        found.append(problem("town-not-4x4", p))
        return found
    found.extend(_check_town(game, player, p, squares))
    found.extend(_check_stored(player, p, squares))
    found.extend(_check_turns(game, player, p))
    standing = _standing_monument(claimed, squares)
    found.extend(_check_monument_facts(game, player, p, squares, claimed, standing))
    found.extend(expansion_problems(game, player, p, squares, standing))
    return found


def _check_mode(game: dict) -> list:
    """Check that the game names one of the modes."""
    if game.get("mode") not in MODES:
        return [problem("unknown-mode", value=game.get("mode") if type(game.get("mode")) is str else None)]
    return []


def _check_flags(game: dict) -> list:
    """Check that the options a game turns on or off are true or false."""
    return [problem("flag-not-true-or-false", value=flag) for flag in ("monuments", "cavern")
            if type(game.get(flag)) is not bool] + flag_problems(game)


def left_out_problems(game: dict) -> list:
    """Check that a game plays none of the buildings its mode leaves out (Solo's, Town Hall's Oddity Shop), read from
    its mode and buildings alone: the setup asks it of the cards chosen before a whole game can be checked."""
    if game.get("mode") != SOLO:
        return town_hall_problems(game)
    return [problem("not-in-solo", value=card) for card in game["buildings"] if card in SOLO_EXCLUDED]


def _check_seats(game: dict, count: int) -> list:
    """Check the number of players against the mode: Solo is one player's game, the others are not."""
    if game.get("mode") == SOLO and count != 1:
        return [problem("solo-needs-one-player", value=count)]
    if game.get("mode") in (MASTER_BUILDER, TOWN_HALL) and count == 1:
        # One player plays Solo: there is no Master Builder to pass the hammer to, no Mayor's table.
        return [problem("one-player-plays-solo", value=game["mode"])]
    return []


def _check_taken(claimed: list, p: int) -> list:
    """Check that no player before p owns p's monument: there is one card of each. claimed: each player's
    _claimed_monument()."""
    monument = claimed[p]
    if monument is not None and monument in claimed[:p]:
        return [problem("monument-taken", p, value=monument)]
    return []


def player_count_problems(players) -> list:
    """Return the problem of a game's players that are no list, or fewer or more than a game has (MAX_PLAYERS): the
    setup's too (webscore.flow.new_game), whatever it is asked to do."""
    if type(players) is not list or not 1 <= len(players) <= MAX_PLAYERS:
        return [problem("player-count")]
    return []


def problems(game) -> list:
    """Return every problem of a game file; an empty list means it can be scored."""
    if type(game) is not dict:
        return [problem("game-not-a-record")]
    found = _unknown_keys(game, GAME_KEY_SET)
    found.extend(_check_mode(game))
    found.extend(_check_flags(game))
    building_problems = _check_buildings(game)
    found.extend(building_problems)
    if not building_problems:
        found.extend(left_out_problems(game))
    players = game.get("players")
    counted = player_count_problems(players)
    if counted:
        found.extend(counted)
        return found
    found.extend(_check_seats(game, len(players)))
    if building_problems:
        # Towns are checked against the game's buildings, so they wait until those are right.
        return found
    claimed = [_claimed_monument(player) for player in players]
    for p in range(len(players)):
        found.extend(_check_player(game, players[p], p, claimed[p]))
        found.extend(_check_taken(claimed, p))
    return found
