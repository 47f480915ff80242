"""A town step's running total: what the town scores as its fields stand, and what it waits for before it scores.

Asked on every tap by the live score (flow.live_town) and drawn by a town step and a table's town (grid_view), it
stands apart from saving a town (town_step.py): it never refuses, it only says what stands now, and never takes a
point back while the town on the right is not entered (scored_live).
"""

from ..scoring.game import MASTER_BUILDER
from ..scoring.game import RIGHT_READERS
from ..scoring.game import score_town
from ..scoring.game import town_view
from .town_facts import asked_fact
from .town_facts import expansion_facts
from .town_fields import as_entered
from .town_fields import field_of
from .town_fields import fields_of
from .town_fields import offered
from .town_fields import read_checked


def saved_totals(game: dict) -> list:
    """Return each player's total where their town has a building, else None (not entered yet): what the
    players' buttons of a town step say, so a town saved shows it is, however few its buildings (the least it
    makes while the town on its right is not entered: scored_live)."""
    return _totals(_saved_scores(game))[0]


def _totals(saved: list) -> tuple:
    """Return the totals of the towns scored (None for one not entered) and, for each, whether it is the least the town
    makes until the town on its right is entered (scored_live's "until")."""
    return ([None if scored is None else scored["total"] for scored in saved],
            [scored is not None and "until" in scored for scored in saved])


def _saved_scores(game: dict) -> list:
    """Return each player's town scored as scored_live scores it where it has a building, else None."""
    return [scored_live(game, p) if any(card for row in player["town"] for card in row) else None
            for p, player in enumerate(game["players"])]


def step_numbers(game: dict, n: int, fields: dict, town=None) -> tuple:
    """Return (saved_totals(game), which of them are the least their town makes until the town on its right is entered,
    player n's town as the fields have it, as flow.live_town answers), each town scored once: a step opened as it was
    saved scores its own town for both. town, where given, is the fields read and checked already (read_checked)."""
    saved = _saved_scores(game)
    changed, waiting = live(game, n, fields, town)
    if not changed:
        shown = {"waiting": waiting}
    elif saved[n - 1] is not None and fields_of(changed["players"][n - 1]) == fields_of(game["players"][n - 1]):
        # The fields as saved: only town n changes with them, and its form (fields_of) reads as the saved one's.
        shown = saved[n - 1]
    else:
        shown = scored_live(changed, n - 1)
    totals, least = _totals(saved)
    return totals, least, shown


def grid_view(game: dict, n: int, fields: dict, scored: dict) -> dict:
    """Return what player n's town shows as town_pieces.town_grid draws it, besides its words and messages: the
    cards its squares offer ("offered"), the fact it asks ("fact": town_facts.asked_fact), whether it asks the
    Master Builder's turns ("asks_turns"), the expansions' facts ("expansion_facts"), its fields ("fields") and its
    numbers ("scored": as flow.live_town answers). Player n is as the fields choose their monument (as_entered).

    A town step (flow.step_view) and a table's town draw their town from it."""
    player = as_entered(game, n, fields)
    return {"offered": offered(game, player), "fact": asked_fact(player), "asks_turns": game["mode"] == MASTER_BUILDER,
            "expansion_facts": expansion_facts(game), "fields": fields, "scored": scored}


def live(game: dict, n: int, fields: dict, town=None):
    """Return (the game as the fields stand, []) for a running total, or (None, what it waits for).

    What it waits for are the fields whose answers are missing or wrong (a monument's fact, a Warehouse's
    load), in the order "Next player" would name them, None standing for a problem of the whole town. town, where
    given, is the fields read and checked already (read_checked).
    """
    changed, misread, core = town or read_checked(game, n, fields)
    found = misread + core
    if not found:
        return changed, []
    waiting = []
    for item in found:
        field = field_of(item)
        if field not in waiting:
            waiting.append(field)
    return None, waiting


def scored_live(game: dict, p: int, handed_in=None) -> dict:
    """Score player p's town as the fields made it (live) for a running total that never takes a point back.

    While the town on the right is not entered, what it will hold is not known: a Feast Hall or a Schoolhouse is
    scored as if that town held the most it can (more Feast Halls than any town, the fullest chest of the game: a
    Schoolhouse beside a full chest of its own still makes its 2 more), the least it can make, and "until" names that
    player where that least is below the total beside an empty town. Their points can only rise once the town is
    entered. At a table, handed_in says of each town whether it is handed in: the town on the right is known once it
    is, with a building or none, and "handed_in" says that "until" waits for that. Elsewhere a town is entered once it
    has a building.
    """
    scored = score_town(town_view(game, p))
    players = game["players"]
    right = players[p - 1]
    known = handed_in[p - 1] if handed_in is not None else any(card for row in right["town"] for card in row)
    if len(players) < 2 or known or not any(card in RIGHT_READERS for row in players[p]["town"] for card in row):
        return scored
    scored_least = score_town(town_view(game, p, right_at_most=True))
    if scored_least["total"] == scored["total"]:
        return scored
    scored_least["until"] = right["name"]
    if handed_in is not None:
        scored_least["handed_in"] = True
    return scored_least
