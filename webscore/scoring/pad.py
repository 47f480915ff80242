"""The quick score pad: points a table wrote on paper, totalled and placed by the same ranking as a game.

As on the paper pad, each player gives the points of each building colour and of the monument, then the
number of empty squares: that number costs a point each (nothing with Cathedral of Caterina) and is the
same number the empty-squares tie-break reads, so it is asked once. With Tiny Trees, a box says the seed grew
into a tree (+2): it grows only on the town's one square without a building, so no square is then empty.
"""

from .cards import BLUE
from .cards import COINS
from .cards import EMPTY
from .cards import GREEN
from .cards import GREY
from .cards import MONUMENT
from .cards import NAVY
from .cards import ORANGE
from .cards import RED
from .cards import YELLOW
from .digits import ascii_digits
from .expansions import FORTUNE
from .expansions import TINY_TREES
from .game import MASTER_BUILDER
from .game import MODES
from .game import SOLO
from .game import TIE_COTTAGES
from .game import TIE_EMPTY
from .game import TIE_TURNS
from .game import TREE_POINTS
from .game import rank
from .game import solo_rank
from .names import MAX_NAME
from .names import check_name
from .validate import MAX_PLAYERS
from .validate import MAX_TURNS
from .validate import problem

# Coins are a row of their own for tables playing Fortune: blank, as every row, counts 0.
POINT_COLUMNS = (BLUE, RED, GREY, ORANGE, GREEN, YELLOW, NAVY, MONUMENT, COINS)
SQUARES = 16
# What one town of 16 squares can score in each column, by the cards' rules (buildings.py, monuments.py). Where the exact bound
# is hard to reach it is generous, never tighter than a real town (tests/core/test_pad.py scores random towns).
RANGES = {
    BLUE: (0, 48),        # 3 per Cottage, fed or (Grand Mausoleum) unfed
    RED: (0, 0),          # every red building scores 0 (Fortune's Root Cellar and Tithe Barn too)
    GREY: (0, 32),        # a Fountain beside another on every square; Wells share 24 sides
    ORANGE: (0, 96),      # Cloisters: 4 on corners count for 16; 8 Cathedrals 7 apart, then Chapels × fed Cottages
    GREEN: (-5, 64),      # five Almshouses −5; Schoolhouses 4 beside fed Cottages, Feast Halls 3 stay under
    YELLOW: (0, 96),      # a Theater sees at most 6 types
    NAVY: (-48, 64),      # Warehouses holding 3 on every square; no navy building scores over 4
    MONUMENT: (-191, 16),  # Hollow Hill: 7 − 2 per swap, up to 99 swaps; Silva Forum: 1 + a group of 15
    COINS: (0, 10),       # 5 coins kept, 2 each with the Estival Festival
    EMPTY: (0, SQUARES),
    "master_builder_turns": (0, MAX_TURNS),
    "cottages": (0, SQUARES + 1),  # Barrett Castle counts 2 Cottages
}
# The address of a pad: "mode", then per player i a key of these prefixes followed by i.
NAME = "n"
TURNS = "t"
COTTAGES = "c"
CATHEDRAL = "cathedral"
TREE = "tree"
PREFIXES = (NAME, TURNS, COTTAGES, CATHEDRAL, TREE, EMPTY) + POINT_COLUMNS
# The field a tie still needing a fact asks for.
NEEDED_FIELD = {TIE_TURNS: TURNS, TIE_COTTAGES: COTTAGES}
# A pad opened with no player yet shows two rows, the smallest game but Solo.
FIRST_ROWS = 2
DIGITS = "0123456789"
MINUS = ("-", "\u2212")
PLAYER_KEYS = ("name", "points", EMPTY, CATHEDRAL, TREE, "master_builder_turns", "cottages")


def _in_range(value, key: str) -> bool:
    low, high = RANGES[key]
    return type(value) is int and low <= value <= high


def _range_problem(value, key: str, p: int) -> list:
    if value is None or _in_range(value, key):
        return []
    if type(value) is not int:
        return [problem("points-not-a-number", p, value=key)]
    if RANGES[key] == (0, 0):
        return [problem("red-scores-nothing", p, value=key)]
    return [problem("points-out-of-range", p, value=key)]


def _player_problems(row, p: int) -> list:
    if type(row) is not dict:
        return [problem("player-not-a-record", p)]
    found = [problem("unknown-field", p, value=key) for key in sorted(str(k) for k in row) if key not in PLAYER_KEYS]
    name = row.get("name")
    if type(name) is not str:
        found.append(problem("name-missing", p))
    elif len(name) > MAX_NAME:
        found.append(problem("name-too-long", p))
    elif name.strip():
        # A name is checked as the setup checks it (a blank one is drawn as "Player 2", by the
        # flow's text.player_label): nothing hidden in it.
        found.extend(check_name(name, p))
    for box in (CATHEDRAL, TREE):
        if row.get(box) not in (None, True, False):
            found.append(problem("unknown-field", p, value=box))
    if row.get(TREE) is True and type(row.get(EMPTY)) is int and row[EMPTY] > 0:
        found.append(problem("tree-not-alone", p, value=EMPTY))
    points = row.get("points")
    if type(points) is not dict:
        return found + [problem("points-not-a-number", p)]
    found.extend(problem("unknown-field", p, value=str(column)) for column in sorted(str(k) for k in points)
                 if column not in POINT_COLUMNS)
    for column in POINT_COLUMNS:
        found.extend(_range_problem(points.get(column), column, p))
    for fact in (EMPTY, "master_builder_turns", "cottages"):
        found.extend(_range_problem(row.get(fact), fact, p))
    return found


def pad_problems(pad) -> list:
    """Return what is wrong with a pad: {"mode", "players": [{"name", "points": {column: n}, "empty", …}]}."""
    if type(pad) is not dict or pad.get("mode") not in MODES:
        return [problem("unknown-mode")]
    players = pad.get("players")
    if type(players) is not list or not 1 <= len(players) <= MAX_PLAYERS:
        return [problem("player-count")]
    found = []
    if pad["mode"] == SOLO and len(players) != 1:
        found.append(problem("solo-needs-one-player"))
    if pad["mode"] != SOLO and len(players) == 1:
        found.append(problem("one-player-plays-solo"))
    for p in range(len(players)):
        found.extend(_player_problems(players[p], p))
    return found


def row_points(row: dict) -> dict:
    """Return a player's points by row of the pad: each column's, and on the empty squares' row what they cost
    (nothing with Cathedral of Caterina) with a tree's +2, as a result's pad holds them."""
    points = {column: row["points"].get(column) or 0 for column in POINT_COLUMNS}
    paid = 0 if row.get(CATHEDRAL) else row.get(EMPTY) or 0
    points[EMPTY] = (TREE_POINTS if row.get(TREE) is True else 0) - paid
    return points


def _total(row: dict) -> int:
    return sum(row_points(row).values())


def pad_standings(players: list) -> list:
    """Return what rank() reads of each row of a pad."""
    return [{"total": _total(row), "master_builder_turns": row.get("master_builder_turns"),
             "empty": row.get(EMPTY) or 0, "cottages": row.get("cottages")} for row in players]


def pad_result(pad: dict) -> dict:
    """Return each player's total, place, deciding tie-break and the number it read, the fact a tie still needs, and
    solo rank."""
    players = pad["players"]
    standings = pad_standings(players)
    results = []
    for p, placing in enumerate(rank(pad["mode"], standings)):
        result = {"name": players[p]["name"], "total": standings[p]["total"]}
        result.update(placing)
        result["needs_field"] = NEEDED_FIELD.get(placing["needs"])
        # The number the tie-break that placed the player read, said on each tied row as a result says it.
        result["tie_value"] = {TIE_TURNS: standings[p]["master_builder_turns"], TIE_EMPTY: standings[p]["empty"],
                               TIE_COTTAGES: standings[p]["cottages"]}.get(placing["decided_by"])
        if pad["mode"] == SOLO:
            result["solo_rank"] = solo_rank(standings[p]["total"])
        results.append(result)
    return {"mode": pad["mode"], "players": results}


def pad_expansions(rows: list) -> list:
    """Return the expansions a pad's rows (pad_from_fields' players) show were played: Fortune where a coins cell is
    filled in (0 too, a chest kept empty), Tiny Trees where a seed grew into a tree."""
    used = []
    if any(COINS in row["points"] for row in rows):
        used.append(FORTUNE)
    if any(row[TREE] is True for row in rows):
        used.append(TINY_TREES)
    return used


def whole_number(text: str):
    """Return the integer a field holds (decimal digits of any script, an optional sign), None if blank, or the text if
    not one."""
    value = ascii_digits(text.strip())
    if value == "":
        return None
    negative = value[0] in MINUS
    digits = value[1:] if negative or value[0] == "+" else value
    if not digits or any(char not in DIGITS for char in digits):
        return text
    # A longer number is a number still, past every field's range (and never read whole).
    magnitude = int(digits) if len(digits) <= 4 else 10 ** 4
    return -magnitude if negative else magnitude


def _split_key(key: str):
    """Return (prefix, player index) of a pad field's key, or None when it names no field of the pad."""
    at = len(key)
    while at > 0 and key[at - 1] in DIGITS:
        at -= 1
    prefix = key[:at]
    index = key[at:]
    if prefix not in PREFIXES or not index or str(int(index)) != index:
        return None
    return prefix, int(index)


def _field_of(found: dict, prefix_of: dict) -> dict:
    """Name the address field a problem of the pad concerns (None for the pad as a whole)."""
    key = found["value"]
    if found["code"] in ("solo-needs-one-player", "one-player-plays-solo", "unknown-mode"):
        found["field"] = "mode"
    elif found["player"] is None or found["code"] == "unknown-field":
        found["field"] = None
    elif found["code"].startswith("name-"):
        found["field"] = NAME + str(found["player"])
    else:
        found["field"] = prefix_of.get(key, key) + str(found["player"])
    return found


def pad_from_fields(pairs: list) -> dict:
    """Read a pad from its address's (key, value) pairs; return {"mode", "count", "problems", "result", "players"}
    (players: each row as read, pad_problems' shape).

    Every key must name a field of the pad: a misspelled or unknown one, a repeated one or one past the
    sixth player is refused with a problem, never dropped. Each problem names its field, if it has one.
    """
    found = []
    seen = []
    mode = MASTER_BUILDER
    cells = {}
    for key, value in pairs:
        if key in seen:
            found.append(problem("repeated-field", value=key))
            continue
        seen.append(key)
        if key == "mode":
            mode = value
            continue
        split = _split_key(key)
        if split is None:
            found.append(problem("unknown-field", value=key))
        elif split[1] >= MAX_PLAYERS:
            found.append(problem("player-count", value=key))
        else:
            cells[split] = value
    count = max([index + 1 for _, index in cells] or [FIRST_ROWS])
    players = []
    for p in range(count):
        name = cells.get((NAME, p), "")
        # A name of spaces is blank, as at the setup: drawn as the row's label ("Player 2"), never as nothing.
        row = {"name": name if name.strip() else "", "points": {}}
        for column in POINT_COLUMNS:
            number = whole_number(cells.get((column, p), ""))
            if number is not None:
                row["points"][column] = number
        for prefix, fact in ((EMPTY, EMPTY), (TURNS, "master_builder_turns"), (COTTAGES, "cottages")):
            row[fact] = whole_number(cells.get((prefix, p), ""))
        for box in (CATHEDRAL, TREE):
            ticked = cells.get((box, p), "")
            if ticked not in ("", "1"):
                found.append(problem("unknown-field", value=box + str(p)))
            row[box] = ticked == "1"
        players.append(row)
    pad = {"mode": mode, "players": players}
    checked = pad_problems(pad)
    prefix_of = {"master_builder_turns": TURNS, "cottages": COTTAGES}
    found = [_field_of(item, prefix_of) for item in found + checked]
    result = None if found else pad_result(pad)
    return {"mode": mode, "count": count, "problems": found, "result": result, "players": players}
