"""A table's page as one view: what a phone following a table is told of it, made here and drawn by the web layer
(the table's page with table_pieces.table_players, the state its phones follow as JSON).

A table as it is kept (webscore.web.tables.store): its setup's code ("setup"), each town's code once the core took
it ("towns", None before), its version ("versions") and whether it is handed in ("done"), the table's revision and
its events ({"player", "kind", "revision", "at"}).
"""

from ..scoring import decode
from ..scoring import encode
from ..scoring import score_valid_game
from .town_live import scored_live


def table_game(record: dict, handed_in: bool = False) -> dict:
    """Return the game of a table: its setup with every town the core took so far (each town's code, or None), or
    with those handed in alone (handed_in), a town still being entered left empty."""
    # Every code a table keeps was checked when it was saved, so reading it again needs no checks.
    game = decode(record["setup"])
    players = list(game["players"])
    for i, code in enumerate(record["towns"]):
        if code and (record["done"][i] or not handed_in):
            players[i] = decode(code)["players"][i]
    return dict(game, players=players)


def finished_code(record: dict):
    """Return the code of a table's game once every town is handed in, else None (what a save's answer links to)."""
    return encode(table_game(record)) if all(record["done"]) else None


def status(record: dict, i: int) -> str:
    """Return where player i's town (from 0) stands: handed in ("done"), being entered, or not started."""
    if record["done"][i]:
        return "done"
    return "entering" if record["versions"][i] else "not-started"


def table_view(record: dict, setup: dict) -> dict:
    """Return what a phone following the table is told: its revision, whether it is finished, the finished game's
    code ("result", None until then: the web layer makes it the result's address), the code of the game of the towns
    handed in ("score_code": table_game; the setup's until one is), its events, and each player's name, status,
    version and total once their town is handed in, and whether that total is the least the town makes ("least":
    while the town on its right is not handed in, scored_live).

    The towns being entered stay on the server: a phone following the table draws names, statuses and
    totals, and scores its own town beside those handed in (score_code), so a table that changes every
    second costs a small answer and, until a town is handed in, no decoding.
    """
    totals = {}
    least = set()
    finished = all(record["done"])
    result = None
    score_code = record["setup"]
    if any(record["done"]):
        # The towns handed in alone: a town being entered on the right is not yet what it will be.
        game = table_game(record, handed_in=True)
        scored = score_valid_game(game)["players"]
        # A town whose right neighbour has not handed theirs in is scored as its step scores it beside a town not
        # begun (scored_live): a Feast Hall or a Schoolhouse makes the least it can, so the total only rises once that
        # town comes in.
        for i in range(len(scored)):
            if record["done"][i]:
                live = scored[i] if record["done"][i - 1] else scored_live(game, i)
                totals[i] = live["total"]
                if "until" in live:
                    least.add(i)
        score_code = encode(game)
        if finished:
            result = score_code
    return {"revision": record["revision"], "finished": finished, "result": result, "score_code": score_code,
            "events": [{key: event[key] for key in ("player", "kind", "revision")} for event in record.get("events", [])],
            "players": [{"name": p["name"], "status": status(record, i), "version": record["versions"][i],
                         "total": totals.get(i), "least": i in least}
                        for i, p in enumerate(setup["players"])]}
