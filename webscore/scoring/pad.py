"""The quick score pad: points a table wrote on paper, totalled and placed by the same ranking as a game."""

from .cards import PAD_COLUMNS
from .game import MODES
from .game import SOLO
from .game import rank
from .game import solo_rank
from .validate import MAX_NAME
from .validate import MAX_PLAYERS
from .validate import problem

TIE_FACTS = ("master_builder_turns", "empty", "cottages")
LIMIT = 999


def _number(value, low: int) -> bool:
    return type(value) is int and low <= value <= LIMIT


def pad_problems(pad) -> list:
    """Return what is wrong with a pad: {"mode", "players": [{"name", "points": {column: n}, facts…}]}."""
    if type(pad) is not dict or pad.get("mode") not in MODES:
        return [problem("unknown-mode")]
    players = pad.get("players")
    if type(players) is not list or not 1 <= len(players) <= MAX_PLAYERS:
        return [problem("player-count")]
    if pad["mode"] == SOLO and len(players) != 1:
        return [problem("solo-needs-one-player")]
    found = []
    for p in range(len(players)):
        row = players[p]
        if type(row) is not dict:
            found.append(problem("player-not-a-record", p))
            continue
        name = row.get("name")
        if type(name) is not str or not name.strip():
            found.append(problem("name-missing", p))
        elif len(name) > MAX_NAME:
            found.append(problem("name-too-long", p))
        points = row.get("points")
        if type(points) is not dict:
            found.append(problem("points-not-a-number", p))
            continue
        for column in PAD_COLUMNS:
            if column in points and not _number(points[column], -LIMIT):
                found.append(problem("points-not-a-number", p, value=column))
        for fact in TIE_FACTS:
            if row.get(fact) is not None and not _number(row[fact], 0):
                found.append(problem("points-not-a-number", p, value=fact))
    return found


def pad_result(pad: dict) -> dict:
    """Return each player's total, place, deciding tie-break, the fact a tie still needs, and solo rank."""
    players = pad["players"]
    totals = [sum(row["points"].get(column, 0) for column in PAD_COLUMNS) for row in players]
    standings = [{"total": totals[p], "master_builder_turns": players[p].get("master_builder_turns"),
                  "empty": players[p].get("empty"), "cottages": players[p].get("cottages")}
                 for p in range(len(players))]
    results = []
    for p, placing in enumerate(rank(pad["mode"], standings)):
        result = {"name": players[p]["name"], "total": totals[p]}
        result.update(placing)
        if pad["mode"] == SOLO:
            result["solo_rank"] = solo_rank(totals[p])
        results.append(result)
    return {"mode": pad["mode"], "players": results}
