"""A kept game's summary: what the statistics read of a finished game's result, or of a quick pad's, once.

A summary is kept on the phone beside its game's code, so a thousand games are scored once, not at every look. It
stands apart from the store of kept games (history.py) and from the figures drawn from them (history_stats.py): only
a summary scores a game, so what a summary keeps, and the check that a kept one still has that shape, change here
alone, with SUMMARY_LAYOUT raised. A quick pad finished on the phone is kept the same way, its code the pad's query
after PAD ("pad?mode=…&n0=Ana…"): it has its players' points by colour, places and ties, but no buildings.
"""

from ..scoring import CodeError
from ..scoring import InvalidGame
from ..scoring import game_from_code
from ..scoring import score_valid_game
from ..scoring.cards import ALL_BUILDINGS
from ..scoring.cards import ALL_MONUMENTS
from ..scoring.cards import COINS
from ..scoring.cards import PAD_COLUMNS
from ..scoring.game import MODES
from ..scoring.game import SOLO_LOWEST_RANK
from ..scoring.game import SOLO_RANKS
from ..scoring.game import TIE_BREAKS
from ..scoring.game import TIE_SHARED
from ..scoring.game import game_standings
from ..scoring.game import tie_sides
from ..scoring.names import check_name
from ..scoring.pad import pad_from_fields
from ..scoring.pad import pad_standings
from ..scoring.pad import row_points

# A summary's points by column: the score pad's, then the coins (0 in a game without them), so a player's
# columns add up to their total.
COLUMNS = PAD_COLUMNS + (COINS,)
# A quick pad's code: its query after this. No game code holds a "?", so the two never meet.
PAD = "pad?"
TIE_NAMES = [tie for tie, _, _ in TIE_BREAKS] + [TIE_SHARED]
SOLO_TITLES = [title for _, title in SOLO_RANKS] + [SOLO_LOWEST_RANK]
# The layout of a kept summary. Raise it when summary() or pad_summary() keeps something new or keeps it otherwise
# (a new figure of the statistics page that needs more of a result): every phone then reads its games again from
# their codes, once, and keeps the new summaries. Layout 1's summaries hold no number (they were kept before there
# was one); from layout 2 on, "layout" holds it. Layout 2: the tie-breaks each player won and lost on (won_on,
# lost_on), which a three-way tie's middle player has both of.
SUMMARY_LAYOUT = 2


def is_summary(summary) -> bool:
    """Tell whether a kept summary has the shape summary() gives it now, in the current layout."""
    if type(summary) is not dict or summary.get("layout", 1) != SUMMARY_LAYOUT or summary.get("mode") not in MODES \
            or type(summary.get("buildings")) is not list or type(summary.get("players")) is not list \
            or not summary["players"]:
        return False
    buildings = summary["buildings"]
    return all(type(card) is str and card in ALL_BUILDINGS for card in buildings) and \
        all(_is_player(player, len(buildings)) for player in summary["players"])


def _is_player(player, buildings: int) -> bool:
    """Tell whether a summary's player has its shape: name, total, place, points by colour, what each building made."""
    if type(player) is not dict or type(player.get("name")) is not str or type(player.get("total")) is not int \
            or type(player.get("place")) is not int:
        return False
    by_colour, built = player.get("by_colour"), player.get("built")
    if type(by_colour) is not list or len(by_colour) != len(COLUMNS) or type(built) is not list \
            or len(built) != buildings or any(type(points) is not int for points in by_colour):
        return False
    if any(type(pair) is not list or len(pair) != 2 or type(pair[0]) is not int or type(pair[1]) is not int
           for pair in built):
        return False
    return _has_its_optional_keys(player)


def _has_its_optional_keys(player: dict) -> bool:
    """Tell whether a summary's player has its tie-break, solo title, monument and coins of their kinds, if any."""
    if "coins" in player and (type(player["coins"]) is not int or player["coins"] < 0):
        return False
    return all(key not in player or player[key] in names
               for key, names in (("decided_by", TIE_NAMES), ("won_on", TIE_NAMES), ("lost_on", TIE_NAMES),
                                  ("solo_rank", SOLO_TITLES), ("monument", ALL_MONUMENTS)))


def summary(game: dict) -> dict:
    """Return what the statistics read of a valid game: its mode, buildings and each player's result.

    Kept on the phone for every game, so it is short: what a player built is [copies, points] per building of
    the game, in the game's order; a tie-break, a solo title or a monument only where there is one, and the
    coins left in the chest at the end only in a game played with coins.
    """
    result = score_valid_game(game)
    sides = _sides(game["mode"], game_standings(game, result["players"]), result["players"])
    players = []
    for player, scored, side in zip(game["players"], result["players"], sides):
        built = [[0, 0] for _ in game["buildings"]]
        for square in scored["squares"]:
            if square["card"] in game["buildings"]:
                counted = built[game["buildings"].index(square["card"])]
                counted[0] += 1
                counted[1] += square["points"]
        kept = {"name": player["name"], "total": scored["total"], "place": scored["place"],
                "by_colour": [scored["by_colour"].get(column, 0) for column in COLUMNS], "built": built}
        for key, value in (("decided_by", scored["decided_by"]), ("solo_rank", scored.get("solo_rank")),
                           ("monument", player.get("monument"))):
            if value:
                kept[key] = value
        kept.update(side)
        if "coins" in scored:
            kept["coins"] = scored["coins"]["left"]
        players.append(kept)
    return _laid_out({"mode": game["mode"], "buildings": list(game["buildings"]), "players": players})


def _sides(mode: str, standings: list, placed: list) -> list:
    """Return the tie-breaks each player won and lost on (scoring.game.tie_sides), from their places."""
    return tie_sides(mode, standings, [player["place"] for player in placed])


def _laid_out(summary: dict) -> dict:
    """Return a summary with its layout's number, which layout 1 does not hold (SUMMARY_LAYOUT)."""
    if SUMMARY_LAYOUT != 1:
        summary["layout"] = SUMMARY_LAYOUT
    return summary


def summary_of(code: str):
    """Return the summary of a game's code, or None when the code does not open (damaged, or a game unfinished)."""
    if code.startswith(PAD):
        pairs = query_pairs(code[len(PAD):])
        return None if pairs is None else pad_summary(pairs)
    try:
        return summary(game_from_code(code))
    except (CodeError, InvalidGame):
        return None


def pad_summary(pairs: list):
    """Return what the statistics read of a quick pad (its address's (key, value) pairs), or None while it is not
    finished: a field wrong, a player unnamed (or named as the setup would refuse), a tie waiting for a fact.

    Its by_colour are the pad's rows, the empty squares as the points they cost, so they add up to the total.
    """
    read = pad_from_fields(pairs)
    if read["problems"] or read["result"] is None:
        return None
    sides = _sides(read["mode"], pad_standings(read["players"]), read["result"]["players"])
    players = []
    for row, scored, side in zip(read["players"], read["result"]["players"], sides):
        if not is_name(scored["name"]) or scored["needs"]:
            return None
        points = row_points(row)
        by_colour = [points.get(column, 0) for column in COLUMNS]
        kept = {"name": scored["name"], "total": scored["total"], "place": scored["place"], "by_colour": by_colour,
                "built": []}
        for key in ("decided_by", "solo_rank"):
            if scored.get(key):
                kept[key] = scored[key]
        kept.update(side)
        players.append(kept)
    return _laid_out({"mode": read["mode"], "buildings": [], "players": players})


def query_pairs(query: str):
    """Return the (key, value) pairs of a query string as a browser reads them ("+" a space, %XX a byte of UTF-8),
    or None when its bytes are not UTF-8."""
    pairs = []
    for part in query.split("&"):
        if part:
            key_value = part.split("=", 1)
            key, value = _unquoted(key_value[0]), _unquoted(key_value[1] if len(key_value) > 1 else "")
            if key is None or value is None:
                return None
            pairs.append((key, value))
    return pairs


def _unquoted(text: str):
    data = text.replace("+", " ").encode("utf-8")
    out = bytearray()
    at = 0
    while at < len(data):
        hexa = data[at + 1:at + 3]
        if data[at] == 37 and len(hexa) == 2 and all(byte in b"0123456789abcdefABCDEF" for byte in hexa):
            out.append(int(hexa, 16))
            at += 3
        else:
            out.append(data[at])
            at += 1
    try:
        return bytes(out).decode("utf-8")
    except UnicodeError:
        return None


def is_name(name) -> bool:
    """Tell whether a merge's name is one the setup takes (the same checks as a name typed there)."""
    return not check_name(name, None)
