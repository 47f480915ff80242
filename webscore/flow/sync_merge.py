"""The server's merge of a phone's operation into a table's town: conflicts, hand-ins, reopenings, the phones kept.

It stands apart from the town's shape (sync.py) and from the phone's outbox (sync_outbox.py): only the server
merges, it alone reads a town against the game (what a square may hold, what keeps a town from being handed in),
and the phone never calls it.

A town remembers at most MAX_SEEN phones (a slot each), and at most MAX_PER_KEY of them by one key: a phone
that takes a new client id for each save (its outbox made anew) is refused past them (TOO_MANY_PHONES),
and stops only itself. When every slot is taken and a new phone's operation is applied, the slots of the
phones that do not hold the town's key once it is applied are dropped: their operations are refused
anyway (the town is another phone's) until they take it over, which is asked on purpose and merged over
the versions they name. So no phone, holding the key or not, fills a town's slots and locks the others
out of it; the phones of the key that holds it are never forgotten (an operation of theirs sent again
is still the one applied), and the others only once the slots are full.

Merging: a field set over version b conflicts only when another phone changed it after b to another
value; two phones that changed different fields both keep their work, and the same value twice is no
conflict. "done" is idempotent, and a handed-in town takes no change until it is reopened; a reopening
changes nothing when another phone handed the town in after the version it names (the player never saw
that hand-in). marks["done"] says when, and by whom, the town was last handed in.
"""

from ..scoring.expansions import is_seed
from ..scoring.validate import problems
from .sync import form_fields
from .sync import unseen
from .town_facts import SEED
from .town_fields import offered
from .town_fields import read
from .town_fields import read_checked

# Phones remembered per town (seen): its own phone, a few that took it over or reopened it. Past them, those
# not holding the town are forgotten (see the module's docstring).
MAX_SEEN = 24
# Phones remembered per town under one key: a phone keeps one key per town and makes a new client id only with a
# new outbox. Well under MAX_SEEN, so the phones of the key holding a town leave room for the others.
MAX_PER_KEY = 8

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
    return not any(unseen(c) for c in value)


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
    """Return player n's town (from 1) as a town's fields give it, read and checked once (town_fields.read_checked):
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
