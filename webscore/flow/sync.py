"""A town at a table as every side keeps it, and the operations that change it: written once, read by both sides.

The server merges operations into a table's towns (sync_merge.py); the phone, under MicroPython, keeps them in its
outbox (sync_outbox.py). What both must agree on stands here: a town's fields and their limits, what a phone is told
of a town, and the shape of an operation as sent.

A town as the table keeps it (the town form's fields as text; a field not there is ""), webscore.shapes.SyncTown
(a TypedDict for CPython's checkers and tests; MicroPython, which runs this module, has no typing to import):
    {"fields": {field: value}, "marks": {field: [version, client]}, "seen": {client: seq},
     "sums": {client: digest}, "keys": {client: key}, "version": int, "done": bool}
marks say at which version, and from which phone, each field last changed; seen holds the last
operation each phone had applied, sums what it said, and keys the key the phone held the town by: an
operation sent twice (its answer lost) is applied once, and one numbered at or below that is refused
(stale, or the same number with other content), never acknowledged.

An operation comes from one phone's outbox (its client id) and is numbered there (seq, from 1, in order),
webscore.shapes.Operation (SetOperation, DoneOperation or ReopenOperation):
    {"seq": 3, "set": {"square_a1": ["cottage", 2], ...}}  each field with the version it was edited over
    {"seq": 4, "done": true}                                hand the town in
    {"seq": 5, "reopen": 4}                                 change a handed-in town again, on purpose,
                                                            as the phone saw it at version 4
    {"seq": 6, "set": {}}                                   a change of nothing: a phone with nothing waiting
                                                            sends it to take a town over (take_over)
"""

from ..scoring.cards import ALL_BUILDINGS
from ..scoring.cards import ALL_MONUMENTS
from ..scoring.expansions import EXPANSION_PLAYER_KEYS
from ..scoring.names import is_hidden
from ..scoring.town import NAMES
from .town_fields import FACTS

FIELDS = tuple(["square_" + name for name in NAMES] + ["stored_" + name for name in NAMES] + list(FACTS) + ["monument"])
_FIELD_SET = set(FIELDS)
# A card id, a Warehouse's load or a fact as typed: a form field longer than this is none of ours. The longest card
# id (the Grand Mausoleum of the Rodina's, 29 characters) sets it: at 24, a player holding that monument or the
# Archive of the Second Age could never place it at a table.
MAX_VALUE = max([24] + [len(card) for card in list(ALL_BUILDINGS) + list(ALL_MONUMENTS)])
MAX_CLIENT = 40
MAX_NUMBER = 2 ** 31
_CLIENT_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"


def empty_setup(game: dict) -> dict:
    """Return the setup a table opens with: the game with every town empty and no facts (the expansions' left out)."""
    return dict(game, players=[dict({key: value for key, value in player.items() if key not in EXPANSION_PLAYER_KEYS},
                                    town=[[None] * 4 for _ in range(4)], stored={}, master_builder_turns=None,
                                    shrine_buildings=None, completed_before=None) for player in game["players"]])


def town_from_fields(fields: dict, version: int, done: bool) -> dict:
    """Return a town holding these fields (those not blank), as of a version, with no phone's marks."""
    return {"fields": {key: value for key, value in fields.items() if key in _FIELD_SET and value},
            "marks": {}, "seen": {}, "sums": {}, "keys": {}, "version": version, "done": bool(done)}


def form_fields(fields: dict) -> dict:
    """Return every field of a town's form from the fields a table keeps: "" where it keeps none."""
    return {field: fields.get(field, "") for field in FIELDS}


# The client id of a town taken in from a link (the table's take form) starts with this: its phone sent it none.
TAKE_IN = "take-"


def public(town: dict) -> dict:
    """Return what a phone is told of a town: its fields, version and whether it is handed in, and "taken_in": true
    when that hand-in was a take-in from the town's link on another phone (the client id itself is never told)."""
    told = {"fields": dict(town["fields"]), "version": town["version"], "done": town["done"]}
    handed = town["marks"].get("done")
    if town["done"] and handed and handed[1].startswith(TAKE_IN):
        told["taken_in"] = True
    return told


def unseen(char: str) -> bool:
    """Tell whether a character is not shown as itself, by the rule a player's name is held to (names.check_name):
    a control character (C0, DEL and C1), or one names.is_hidden names (format characters such as zero-width and
    bidi marks, separators, lone surrogates). No keypad types one."""
    code = ord(char)
    return code < 0x20 or 0x7F <= code <= 0x9F or is_hidden(char)


# What a phone sends, as the server reads it before merging it (sync_merge.apply()).

def _is_number(value) -> bool:
    return type(value) is int and 0 <= value < MAX_NUMBER


def read_client(value) -> str:
    """Return a phone's client id as sent, or raise ValueError. A take-in's (TAKE_IN) is the table's own: no phone's."""
    if type(value) is not str or not 8 <= len(value) <= MAX_CLIENT or any(c not in _CLIENT_CHARS for c in value) \
            or value.startswith(TAKE_IN):
        raise ValueError("client")
    return value


def _read_done(done) -> bool:
    """Return a hand-in as sent (it is only ever true), or raise ValueError."""
    if done is not True:
        raise ValueError("done")
    return True


def _read_reopen(version) -> int:
    """Return the version a reopening names, or raise ValueError."""
    if not _is_number(version):
        raise ValueError("reopen")
    return version


def _read_change(field: str, change) -> list:
    """Return one field's change as sent, [value, version it was edited over], or raise ValueError naming the field."""
    if field not in _FIELD_SET or type(change) is not list or len(change) != 2:
        raise ValueError(field)
    value, base = change
    if type(value) is not str or len(value) > MAX_VALUE or not _is_number(base):
        raise ValueError(field)
    return [value, base]


def _read_set(changes) -> dict:
    """Return the fields a set operation changes, {field: [value, base]}, or raise ValueError. None is a change of
    nothing, which a phone sends to take a town over when nothing of its own waits (take_over)."""
    if type(changes) is not dict:
        raise ValueError("set")
    return {field: _read_change(field, change) for field, change in changes.items()}


def read_op(op) -> dict:
    """Return an operation as sent by a phone, checked for shape only; raise ValueError."""
    if type(op) is not dict or not _is_number(op.get("seq")) or op["seq"] < 1:
        raise ValueError("seq")
    kinds = [kind for kind in ("set", "done", "reopen") if kind in op]
    if len(kinds) != 1 or len(op) != 2:
        raise ValueError("kind")
    if kinds[0] == "done":
        return {"seq": op["seq"], "done": _read_done(op["done"])}
    if kinds[0] == "reopen":
        return {"seq": op["seq"], "reopen": _read_reopen(op["reopen"])}
    return {"seq": op["seq"], "set": _read_set(op["set"])}

