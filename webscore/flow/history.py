"""The games a phone kept ("Your games"): the JSON text it keeps them as, read back, and an export file, read in.

A kept game is {"code", "when"} (milliseconds since 1970, when it was finished on the phone) and, once read,
its summary (history_summary.py). This module holds what a kept game is and the limits of the store and of an
import; what the statistics make of the games is history_stats.py's, the plays' CSV history_csv.py's. Pure Python,
run by the server (CPython) for tests and by the phone (MicroPython).
"""

import json

from .history_summary import is_name
from .history_summary import is_summary

DAY = 24 * 60 * 60 * 1000
# The most games a phone keeps (static/js/recent.mjs lets the oldest go, reading this figure from the browser's
# catalogue, words.catalogue.max_games) and an import takes: a file of more is refused whole.
MAX_GAMES = 5000
# An export file's head, before its games and merges: the phone writes it as it stands (static/js/games.mjs, from the
# browser's catalogue, words.catalogue.export), and imported() takes a file whose app and kind are these. Version 1
# is the only layout written so far: a file is read whatever version it names.
EXPORT = {"app": "marquoir", "kind": "games", "version": 1}
# The times a game can have been finished at: from 2000 to 2200 (a time outside is no date a phone can write).
EARLIEST = 946_684_800_000
LATEST = 7_258_118_400_000


def kept(text) -> list:
    """Return the games a phone keeps, from the JSON text it keeps them as: what is not a game is left out, and
    a summary that is not one is read again (a damaged store reads as the games it still holds, or none)."""
    try:
        games = json.loads(text) if type(text) is str else []
    except ValueError:
        return []
    if type(games) is not list:
        return []
    read = []
    for game in games:
        if type(game) is dict and _is_game(game):
            if "summary" in game and game["summary"] is not None and not is_summary(game["summary"]):
                del game["summary"]
            read.append(game)
    return read


def _is_game(game: dict) -> bool:
    return type(game.get("code")) is str and 0 < len(game["code"]) <= 4000 and type(game.get("when")) is int \
        and EARLIEST <= game["when"] < LATEST


def kept_merges(merged) -> dict:
    """Return the names counted as others, those that are names the setup takes (kept before imports checked them)."""
    if type(merged) is not dict:
        return {}
    return {name: other for name, other in merged.items() if is_name(name) and is_name(other)}


def imported(data) -> tuple:
    """Read an export file's content (already parsed JSON): return (games, merged) or (None, problem code).

    A file is ours when its head says EXPORT's app and kind. It is taken whole or not at all: each game needs a
    code (text) and a time (a whole number of milliseconds, from 2000 to 2200).
    """
    if type(data) is not dict or any(data.get(key) != EXPORT[key] for key in ("app", "kind")):
        return None, "not-an-export"
    games = data.get("games")
    merged = data.get("merged", {})
    if type(games) is not list or type(merged) is not dict:
        return None, "damaged-export"
    if len(games) > MAX_GAMES:
        return None, "too-many-games"
    read = []
    for game in games:
        if type(game) is not dict or not _is_game(game):
            return None, "damaged-export"
        read.append({"code": game["code"], "when": game["when"]})
    if not all(is_name(name) and is_name(other) for name, other in merged.items()):
        return None, "damaged-export"
    return read, merged


def not_kept(kept: list, more: list) -> list:
    """Return the games of more that are not kept yet, each once (the same code is the same game)."""
    codes = {game["code"] for game in kept}
    added = []
    for game in more:
        if game["code"] not in codes:
            codes.add(game["code"])
            added.append(game)
    return added
