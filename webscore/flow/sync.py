"""A town at a table kept in step across phones: operations, how the server merges them, the phone's outbox.

Written once, run by both sides: the server merges each operation into the table with apply(); the phone
(under MicroPython) keeps its outbox with edit(), hand_in(), reopen(), acknowledged(), refreshed() and
resolve(). JavaScript stores the outbox and carries its head to the server, one request at a time.

A town as the table keeps it (the town form's fields as text; a field not there is ""), webscore.shapes.SyncTown
(a TypedDict for CPython's checkers and tests; MicroPython, which runs this module, has no typing to import):
    {"fields": {field: value}, "marks": {field: [version, client]}, "seen": {client: seq},
     "sums": {client: digest}, "keys": {client: key}, "version": int, "done": bool}
marks say at which version, and from which phone, each field last changed; seen holds the last
operation each phone had applied, sums what it said, and keys the key the phone held the town by: an
operation sent twice (its answer lost) is applied once, and one numbered at or below that is refused
(stale, or the same number with other content), never acknowledged.

A town remembers at most MAX_SEEN phones (a slot each), and at most MAX_PER_KEY of them by one key: a phone
that takes a new client id for each save (its outbox made anew) is refused past them (TOO_MANY_PHONES),
and stops only itself. When every slot is taken and a new phone's operation is applied, the slots of the
phones that do not hold the town's key once it is applied are dropped: their operations are refused
anyway (the town is another phone's) until they take it over, which is asked on purpose and merged over
the versions they name. So no phone, holding the key or not, fills a town's slots and locks the others
out of it; the phones of the key that holds it are never forgotten (an operation of theirs sent again
is still the one applied), and the others only once the slots are full.

An operation comes from one phone's outbox (its client id) and is numbered there (seq, from 1, in order),
webscore.shapes.Operation (SetOperation, DoneOperation or ReopenOperation):
    {"seq": 3, "set": {"square_a1": ["cottage", 2], ...}}  each field with the version it was edited over
    {"seq": 4, "done": true}                                hand the town in
    {"seq": 5, "reopen": 4}                                 change a handed-in town again, on purpose,
                                                            as the phone saw it at version 4
    {"seq": 6, "set": {}}                                   a change of nothing: a phone with nothing waiting
                                                            sends it to take a town over (take_over)

Merging: a field set over version b conflicts only when another phone changed it after b to another
value; two phones that changed different fields both keep their work, and the same value twice is no
conflict. "done" is idempotent, and a handed-in town takes no change until it is reopened; a reopening
changes nothing when another phone handed the town in after the version it names (the player never saw
that hand-in). marks["done"] says when, and by whom, the town was last handed in.

An operation once sent may have been applied even when its answer never came: the outbox notes the
highest number it sent ("sent") and never changes an operation at or below it.
"""

from ..scoring.cards import ALL_BUILDINGS
from ..scoring.cards import ALL_MONUMENTS
from ..scoring.expansions import EXPANSION_PLAYER_KEYS
from ..scoring.expansions import is_seed
from ..scoring.town import NAMES
from ..scoring.validate import problems
from .town_facts import SEED
from .town_step import FACTS
from .town_step import offered
from .town_step import read
from .town_step import read_checked

FIELDS = tuple(["square_" + name for name in NAMES] + ["stored_" + name for name in NAMES] + list(FACTS) + ["monument"])
_FIELD_SET = set(FIELDS)
# A card id, a Warehouse's load or a fact as typed: a form field longer than this is none of ours. The longest card
# id (the Grand Mausoleum of the Rodina's, 29 characters) sets it: at 24, a player holding that monument or the
# Archive of the Second Age could never place it at a table.
MAX_VALUE = max([24] + [len(card) for card in list(ALL_BUILDINGS) + list(ALL_MONUMENTS)])
MAX_CLIENT = 40
MAX_NUMBER = 2 ** 31
# Phones remembered per town (seen): its own phone, a few that took it over or reopened it. Past them, those
# not holding the town are forgotten (see the module's docstring).
MAX_SEEN = 24
# Phones remembered per town under one key: a phone keeps one key per town and makes a new client id only with a
# new outbox. Well under MAX_SEEN, so the phones of the key holding a town leave room for the others.
MAX_PER_KEY = 8
_CLIENT_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"

APPLIED = "applied"
CONFLICT = "conflict"
HANDED_IN = "handed-in"
PROBLEMS = "problems"
INVALID = "invalid"
# Refused as not applied: a number below the last applied from that phone, the last one with other content,
# a version the town never had, one phone too many.
STALE = "stale"
REUSED = "reused"
VERSION = "version"
TOO_MANY_PHONES = "phones"
# A table's town form has no monument field: the setup chose it, and no phone changes it.
FIXED = ("monument",)


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


# The server's side.

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


def _allowed(game: dict, n: int, field: str, value: str) -> bool:
    """Tell whether a field of player n's town (from 1) may hold a value a phone could send.

    A square holds what the town step offers (the game's buildings, the player's own monument), the seed a square's
    name (tapped on the board); a load or a number fact holds any text a box can be typed with ("٣", "abc", "1 0",
    "²"), but no control or direction character, which no keypad types. The core names what is still wrong with a
    town when it is handed in, in the box's own words: one odd number never costs the squares sent with it, nor
    keeps what was typed from coming back to the box.
    """
    if value == "":
        return True
    if field.startswith("square_"):
        return value in offered(game, game["players"][n - 1])
    if field == SEED:
        return is_seed(value)
    return not any(_unseen(ord(c)) for c in value)


def _unseen(code: int) -> bool:
    """Tell whether a character is a control or a direction mark (C0, DEL and C1; zero-width and bidi marks)."""
    return (code < 0x20 or 0x7F <= code <= 0x9F or 0x200B <= code <= 0x200F or 0x202A <= code <= 0x202E
            or 0x2060 <= code <= 0x206F or code == 0xFEFF)


def _copy(town: dict) -> dict:
    return {"fields": dict(town["fields"]), "marks": dict(town["marks"]), "seen": dict(town["seen"]),
            "sums": dict(town.get("sums", {})), "keys": dict(town.get("keys", {})), "version": town["version"],
            "done": town["done"]}


def game_with(game: dict, n: int, fields: dict):
    """Return (the game with player n's town (from 1) as a town's fields give it, the fields it could not take).

    A field not among a town's fields is blank: a monument taken off is no monument.
    """
    return read(game, n, form_fields(fields))


def town_read(game: dict, n: int, fields: dict) -> tuple:
    """Return player n's town (from 1) as a town's fields give it, read and checked once (town_step.read_checked):
    its first item is game_with()'s game, and a table's town draws its grid from it without reading them again."""
    return read_checked(game, n, form_fields(fields))


def checked(game: dict, n: int, fields: dict):
    """Return (the game with player n's town (from 1) as these fields give it, what keeps that town from being handed in)."""
    changed, found = game_with(game, n, fields)
    return changed, found + [item for item in problems(changed) if item["player"] == n - 1]


def _changed_since(town: dict, field: str, base: int, client: str) -> bool:
    """Tell whether another phone changed a field after the version a change of it was made over."""
    mark = town["marks"].get(field)
    return mark is not None and mark[0] > base and mark[1] != client


def _write_fields(changed: dict, changes: dict, client: str) -> None:
    """Write a phone's changes into a town as one new version, each field marked as that phone's."""
    changed["version"] += 1
    for field, value in changes.items():
        if value:
            changed["fields"][field] = value
        else:
            changed["fields"].pop(field, None)
        changed["marks"][field] = [changed["version"], client]


def _merge_set(town: dict, changed: dict, client: str, op: dict, game: dict, n: int):
    """Merge a set operation into changed (a copy of town); return the answer that refuses it, or None."""
    seq = op["seq"]
    changes = {}
    clashes = {}
    for field, (value, base) in op["set"].items():
        if base > town["version"]:
            return {"outcome": VERSION, "seq": seq, "version": base}
        if town["fields"].get(field, "") == value:
            continue
        if field in FIXED or not _allowed(game, n, field, value):
            return {"outcome": INVALID, "seq": seq}
        if _changed_since(town, field, base, client):
            clashes[field] = [town["fields"].get(field, ""), value]
        changes[field] = value
    if clashes:
        return {"outcome": CONFLICT, "seq": seq, "conflict": clashes}
    if changes and town["done"]:
        return {"outcome": HANDED_IN, "seq": seq}
    if changes:
        _write_fields(changed, changes, client)
    return None


def _merge_hand_in(town: dict, changed: dict, client: str, op: dict, game: dict, n: int):
    """Hand changed (a copy of town) in, unless it already is; return the answer that refuses it, or None."""
    if town["done"]:
        return None
    found = checked(game, n, town["fields"])[1]
    if found:
        return {"outcome": PROBLEMS, "seq": op["seq"], "problems": found}
    changed["done"] = True
    changed["version"] += 1
    changed["marks"]["done"] = [changed["version"], client]
    return None


def _merge_reopen(town: dict, changed: dict, client: str, op: dict):
    """Open changed (a copy of town) for changes again, if it is handed in and the phone saw that hand-in;
    return the answer that refuses it, or None.

    The version named is checked against the town's own: no phone saw a version the town never had.
    """
    if op["reopen"] > town["version"]:
        return {"outcome": VERSION, "seq": op["seq"], "version": op["reopen"]}
    if not town["done"]:
        return None
    handed = town["marks"].get("done")
    # A hand-in from another phone that this phone had not seen stands: reopening it is no one's choice.
    if handed is None or handed[0] <= op["reopen"] or handed[1] == client:
        changed["done"] = False
        changed["version"] += 1
        return None
    return {"outcome": HANDED_IN, "seq": op["seq"]}


def digest(op: dict) -> str:
    """Return a short fingerprint of what an operation says (its number aside): the same operation sent again has it."""
    # Only the server calls it (apply()); the phone's MicroPython never imports these.
    import hashlib
    import json

    said = {key: value for key, value in op.items() if key != "seq"}
    return hashlib.sha256(json.dumps(said, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:16]


def last_seq(town: dict, client: str) -> int:
    """Return the number of the last operation applied from a phone to a town, 0 for none."""
    return town["seen"].get(client, 0)


def _repeated(town: dict, client: str, op: dict):
    """Return the answer to an operation numbered at or below the last applied from its phone, or None for a new one.

    The last one sent again with the same content (its answer was lost) is acknowledged, as it was applied; any
    other is refused: it was not applied now, and the phone must not take it as saved.
    """
    seq, last = op["seq"], last_seq(town, client)
    if seq > last:
        return None
    if seq < last:
        return {"outcome": STALE, "seq": seq, "last": last}
    said = town.get("sums", {}).get(client)
    if said is not None and said != digest(op):
        return {"outcome": REUSED, "seq": seq, "last": last}
    return {"outcome": APPLIED, "seq": seq}


def _by_key(town: dict, key: str) -> int:
    """Return how many phones a town remembers under a key."""
    keys = town.get("keys", {})
    return sum(1 for client in town["seen"] if keys.get(client) == key)


def _forget_others(town: dict, holder: str) -> None:
    """Drop the slots of the phones that do not hold the town by the key `holder` (a phone kept before keys were
    noted holds it by none)."""
    keys = town.get("keys", {})
    for client in [client for client in town["seen"] if keys.get(client) != holder]:
        for kept in (town["seen"], town.get("sums", {}), keys):
            kept.pop(client, None)


def _remember(town: dict, client: str, op: dict, key: str, holder: str) -> None:
    """Note op as the last operation applied from client (seen, what it said in sums, its key in keys).

    A new phone past MAX_SEEN first drops the slots of the phones not holding the town (module docstring).
    """
    if client not in town["seen"] and len(town["seen"]) >= MAX_SEEN:
        _forget_others(town, holder)
    town["seen"][client] = op["seq"]
    town.setdefault("sums", {})[client] = digest(op)
    town.setdefault("keys", {})[client] = key


def apply(town: dict, client: str, op: dict, game: dict, n: int, remember: bool = True, key=None, holder=None):
    """Merge one operation of a phone into player n's town (from 1) of a game; return (town, answer).

    The answer is {"outcome", "seq"} and, for a conflict, {"conflict": {field: [theirs, mine]}}, or for
    a town that cannot be handed in, {"problems": [...]}; only APPLIED means the operation is applied (now or
    before, sent again with the same content). The town returned is new only when it changed.
    remember=False leaves the operation out of `seen`: a hand-over is taken in once, never sent again.
    key is what the phone holds the town by (its client id when not given), holder the key that holds the town
    once the operation is applied (key when not given): a new phone past MAX_PER_KEY of its key is refused.
    """
    seq = op["seq"]
    answer = {"outcome": APPLIED, "seq": seq}
    repeated = _repeated(town, client, op)
    if repeated is not None:
        return town, repeated
    key = client if key is None else key
    if remember and client not in town["seen"] and _by_key(town, key) >= MAX_PER_KEY:
        return town, {"outcome": TOO_MANY_PHONES, "seq": seq}
    changed = _copy(town)
    if "set" in op:
        refused = _merge_set(town, changed, client, op, game, n)
    elif "done" in op:
        refused = _merge_hand_in(town, changed, client, op, game, n)
    else:
        refused = _merge_reopen(town, changed, client, op)
    if refused is not None:
        return town, refused
    if remember:
        _remember(changed, client, op, key, key if holder is None else holder)
    elif changed == town:
        # A hand-over taken in again as it is: no change, so no write of the table.
        return town, answer
    return changed, answer


# The phone's side: an outbox is {"client", "next": seq to give, "ops": [...], "known": public town}.

def new_outbox(client: str, known: dict) -> dict:
    """Return an empty outbox of a phone for a town it last saw as `known` (public())."""
    return {"client": client, "next": 1, "ops": [], "known": known}


def expected(outbox: dict) -> dict:
    """Return the town the phone shows: the known one with every operation not yet acknowledged applied."""
    fields = dict(outbox["known"]["fields"])
    done = outbox["known"]["done"]
    for op in outbox["ops"]:
        if "set" in op:
            for field, (value, _) in op["set"].items():
                fields[field] = value
        else:
            done = "done" in op
    return {"fields": {key: value for key, value in fields.items() if value}, "done": done}


def waiting(outbox: dict) -> int:
    """Return how many changes wait to be sent: each field set, each hand-in and each reopening."""
    return sum(len(op["set"]) if "set" in op else 1 for op in outbox["ops"])


def _tail(outbox: dict):
    """Return the last operation when it was never sent (so it may still change), else None."""
    if outbox["ops"] and outbox["ops"][-1]["seq"] > outbox.get("sent", 0):
        return outbox["ops"][-1]
    return None


def _append(outbox: dict, op: dict) -> dict:
    op["seq"] = outbox["next"]
    return dict(outbox, next=outbox["next"] + 1, ops=outbox["ops"] + [op])


def sending(outbox: dict, seq: int) -> dict:
    """Return the outbox noting that operation seq is sent: from now on it may have been applied, so it stays as it is."""
    return dict(outbox, sent=max(seq, outbox.get("sent", 0)))


def _waiting_base(outbox: dict, field: str):
    """Return the version a field still waiting to be sent was first changed over, or None."""
    for op in outbox["ops"]:
        if field in op.get("set", {}):
            return op["set"][field][1]
    return None


def edit(outbox: dict, fields: dict) -> dict:
    """Return the outbox with what the form now holds (fields) and the phone did not show before.

    Each changed field is set over the version the phone knows, or, for a field whose change still waits,
    over the version that change was made over: another phone's change meanwhile was never shown in its
    place. A change joins the last operation when that one was never sent, so an outbox holds a few
    operations however many taps were made. A town the phone shows handed in takes no change: the player
    reopens it first (reopen()), on purpose.
    """
    if expected(outbox)["done"]:
        return outbox
    shown = expected(outbox)["fields"]
    version = outbox["known"]["version"]
    changes = {}
    for field in FIELDS:
        # A field the form does not have (the monument, on a table's town) is not the form's to change.
        if field not in fields:
            continue
        # A control or direction mark pasted into a box is dropped here: the table would refuse the whole change.
        value = "".join(c for c in str(fields[field] or "") if not _unseen(ord(c)))[:MAX_VALUE]
        if value != shown.get(field, ""):
            base = _waiting_base(outbox, field)
            changes[field] = [value, version if base is None else base]
    if not changes:
        return outbox
    tail = _tail(outbox)
    if tail is not None and "set" in tail:
        merged = dict(tail["set"])
        merged.update(changes)
        return dict(outbox, ops=outbox["ops"][:-1] + [{"seq": tail["seq"], "set": merged}])
    return _append(outbox, {"set": changes})


def take_over(outbox: dict) -> dict:
    """Return the outbox with something to send that takes the town over: what waits already, or else a change of
    nothing, which the table applies (the town then is this phone's) without changing a field."""
    if outbox["ops"]:
        return outbox
    return _append(outbox, {"set": {}})


def hand_in(outbox: dict) -> dict:
    """Return the outbox with the town handed in (after every change before it)."""
    if expected(outbox)["done"]:
        return outbox
    tail = _tail(outbox)
    if tail is not None and "reopen" in tail:
        # A reopening never sent is taken back; what the town is without it decides what remains to do.
        return hand_in(dict(outbox, ops=outbox["ops"][:-1]))
    return _append(outbox, {"done": True})


def reopen(outbox: dict) -> dict:
    """Return the outbox with a handed-in town opened for changes again, as the phone knows it now."""
    if not expected(outbox)["done"]:
        return outbox
    tail = _tail(outbox)
    if tail is not None and "done" in tail:
        # A hand-in never sent is taken back; the town may still be handed in by another phone.
        return reopen(dict(outbox, ops=outbox["ops"][:-1]))
    return _append(outbox, {"reopen": outbox["known"]["version"]})


def acknowledged(outbox: dict, seq: int, town: dict) -> dict:
    """Return the outbox once the server applied operation seq and holds town (public())."""
    ops = [op for op in outbox["ops"] if op["seq"] > seq]
    # An answer that crossed a newer one on the way keeps the newer town.
    known = town if town["version"] >= outbox["known"]["version"] else outbox["known"]
    return dict(outbox, ops=ops, known=known)


def refreshed(outbox: dict, town: dict) -> dict:
    """Return the outbox once the phone learns the server's town (public()); an older town changes nothing."""
    if town["version"] < outbox["known"]["version"]:
        return outbox
    return dict(outbox, known=town)


def shown_changes(before: dict, after: dict) -> list:
    """Return what the phone shows differently in outbox `after` than in `before`: fields, and "done".

    Between an outbox and itself after an answer or a refresh, these are another phone's changes that
    none of this phone's waiting operations covers.
    """
    was, now = expected(before), expected(after)
    changed = [field for field in FIELDS if was["fields"].get(field, "") != now["fields"].get(field, "")]
    if was["done"] != now["done"]:
        changed.append("done")
    return changed


def _renumbered(outbox: dict, ops: list) -> dict:
    """Return the outbox with these operations (none of them applied yet) numbered anew from its next seq."""
    seq = outbox["next"]
    numbered = []
    for op in ops:
        op = dict(op, seq=seq)
        numbered.append(op)
        seq += 1
    return dict(outbox, ops=numbered, next=seq)


def resolve(outbox: dict, choices: dict) -> dict:
    """Return the outbox after the player chose, field by field, between theirs and mine after a conflict.

    choices: {field: "mine" or "theirs"}. Mine is set again over the version the phone now knows (it has
    shown theirs); theirs drops the field from every waiting operation. Call it after refreshed() with the
    server's town, while no operation is on its way.
    """
    version = outbox["known"]["version"]
    ops = []
    for op in outbox["ops"]:
        if "set" not in op:
            ops.append(op)
            continue
        kept = {}
        for field, (value, base) in op["set"].items():
            choice = choices.get(field)
            if choice == "theirs":
                continue
            kept[field] = [value, version if choice == "mine" else base]
        if kept:
            ops.append({"seq": op["seq"], "set": kept})
    return _renumbered(outbox, ops)


def reopened_first(outbox: dict) -> dict:
    """Return the outbox with the town reopened before its waiting changes (they met a handed-in town).

    Call it after refreshed() with the server's town: the hand-in it reopens is the one the phone showed.
    """
    reopening = {"reopen": outbox["known"]["version"]}
    return _renumbered(outbox, [reopening] + [op for op in outbox["ops"] if "reopen" not in op])


def dropped_changes(outbox: dict) -> dict:
    """Return the outbox without its waiting changes of fields (the player keeps the handed-in town)."""
    return _renumbered(outbox, [op for op in outbox["ops"] if "set" not in op])


def dropped_head(outbox: dict) -> dict:
    """Return the outbox without its first operation (one the server cannot take, such as a refused hand-in)."""
    return dict(outbox, ops=outbox["ops"][1:])
