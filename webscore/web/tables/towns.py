"""A table's towns in the app's own code format: one town as a code, the whole game, what phones are told."""

from urllib.parse import parse_qs
from urllib.parse import urlsplit

from flask import url_for
from flask_babel import gettext as _

from ...flow import sync
from ...flow import sync_merge
from ...flow import table_view
from ...flow.town_fields import fields_of
from ...scoring import CodeError
from ...scoring import InvalidGame
from ...scoring import decode
from ...scoring import encode
from ...scoring import game_from_code
from ..i18n.table_words import handover_button


def _identity(game: dict) -> tuple:
    """Return what a town code must share with its table: everything but the towns and their facts."""
    return (game["mode"], game["monuments"], game["cavern"], tuple(game["buildings"]),
            tuple((p["name"], p["monument"]) for p in game["players"]))


def town_code(setup: dict, player: dict, n: int) -> str:
    """Return the code that carries one player's town: the setup with only that town filled in."""
    players = [player if i == n else p for i, p in enumerate(setup["players"])]
    return encode(dict(setup, players=players))


def read_town(setup: dict, code: str, n=None) -> dict:
    """Return {player index: player} for the town a code brings to this table; raise ValueError.

    With n, the code is player n's own save and only that town is read. Without, it is a town handed over:
    it must bring one town alone, every other player as the setup has them, or a result code (or any code
    carrying several towns) would hand them all in at once.
    """
    try:
        game = game_from_code(code)
    except (CodeError, InvalidGame):
        raise ValueError(_("This is not a town of Marquoir.")) from None
    if _identity(game) != _identity(setup):
        raise ValueError(_("This town belongs to another game."))
    if n is not None:
        return {n: game["players"][n]}
    brought = [i for i, player in enumerate(game["players"]) if player != setup["players"][i]]
    if len(brought) != 1:
        raise ValueError(_('This link does not bring one town alone. On the phone without network, tap '
                           '"%(button)s" and paste the link it shows.', button=handover_button()))
    return {brought[0]: game["players"][brought[0]]}


def sync_towns(record: dict, setup: dict) -> list:
    """Return each player's town as the sync keeps it (webscore.flow.sync), for a record of any age.

    A table no town has changed yet (a record has `sync` from its first change on), or a record written before
    the sync kept fields, is read from its town codes, at their versions.
    """
    if "sync" in record:
        return record["sync"]
    towns = []
    for i, code in enumerate(record["towns"]):
        player = decode(code)["players"][i] if code else setup["players"][i]
        towns.append(sync.town_from_fields(fields_of(player), record["versions"][i], record["done"][i]))
    return towns


def sync_town(record: dict, setup: dict, n: int) -> dict:
    """Return player n's town (from 1) as the sync keeps it (sync_towns)."""
    return sync_towns(record, setup)[n - 1]


def with_town(record: dict, setup: dict, n: int, town: dict, now: float) -> dict:
    """Return the record with player n's town (from 1) as the sync now keeps it, its code and flags in step."""
    i = n - 1
    towns = list(sync_towns(record, setup))
    moved = town["version"] != towns[i]["version"]
    towns[i] = town
    changed = dict(record, sync=towns)
    if moved:
        codes, versions, done = list(record["towns"]), list(record["versions"]), list(record["done"])
        # Only a town the core takes has a code: the table's game and its totals are read from the codes.
        game, found = sync_merge.checked(setup, n, town["fields"])
        codes[i] = None if found else town_code(setup, game["players"][i], i)
        versions[i] = town["version"]
        done[i] = town["done"]
        changed.update(towns=codes, versions=versions, done=done, changed=now, revision=record["revision"] + 1)
    return changed


# Events kept per table, for every phone to say (a take-over or a reopening by another phone): the last MAX_EVENTS,
# and the last of each kind for each town, so that no town's is pushed out by others made between two follows.
MAX_EVENTS = 6


def owners(record: dict) -> list:
    """Return, per town, the hash of the key of the phone it belongs to, None for a town no phone took yet."""
    return record.get("owners") or [None] * len(record["towns"])


def first_owners(record: dict) -> list:
    """Return, per town, the hash of the key of the first phone it belonged to, None for a town no phone took yet
    (a table kept before they were noted: the phones it belongs to)."""
    return record.get("first_owners") or owners(record)


# The phones a town belonged to before the one it belongs to now, kept per town by their keys' tags: the last few
# are enough to tell a phone its town was taken from it, and a link passed around cannot grow a table without end.
FORMER_OWNERS_KEPT = 4


def key_tag(key_hash: str) -> str:
    """Return what a town notes of a key's hash beside each phone it remembers (sync's keys) and of its former
    owners: enough to tell keys apart, a quarter of the hash."""
    return key_hash[:16]


def was_held_by(record: dict, n: int, key_hash: str, sent_before: bool) -> bool:
    """Tell whether player n's town (from 1) belonged to the phone whose key has this hash before another took it
    over. A table kept before former owners were noted can only tell whether the phone had an operation applied to
    the town (sent_before), which a phone that only opened it again had too."""
    former = record.get("former_owners")
    return sent_before if former is None else key_tag(key_hash) in former[n - 1]


def with_owner(record: dict, n: int, key_hash: str, now: float) -> dict:
    """Return the record with player n's town (from 1) belonging to the phone whose key has this hash (its first
    phone, when no phone took it before); the phone it belonged to before becomes one of its former owners."""
    found, first = list(owners(record)), list(first_owners(record))
    if found[n - 1] == key_hash:
        return record
    former = [list(kept) for kept in record.get("former_owners") or [[] for _ in found]]
    if found[n - 1] is not None:
        tag = key_tag(found[n - 1])
        former[n - 1] = [kept for kept in former[n - 1] if kept != tag][-(FORMER_OWNERS_KEPT - 1):] + [tag]
    found[n - 1] = key_hash
    if first[n - 1] is None:
        first[n - 1] = key_hash
    return dict(record, owners=found, first_owners=first, former_owners=former, changed=now)


def with_event(record: dict, n: int, kind: str, now: float) -> dict:
    """Return the record with an event of player n's town (from 1) for every phone to say, as a new revision."""
    revision = record["revision"] + 1
    events = (record.get("events") or []) + [{"player": n - 1, "kind": kind, "revision": revision, "at": now}]
    last = {(event["player"], event["kind"]): event["revision"] for event in events}
    kept = [event for at, event in enumerate(events)
            if at >= len(events) - MAX_EVENTS or last[event["player"], event["kind"]] == event["revision"]]
    return dict(record, events=kept, revision=revision, changed=now)


def empty_towns(record: dict, setup: dict, n: int, town: dict) -> list:
    """Return the players (from 0) whose town has no square, player n's (from 1) being `town`."""
    towns = list(sync_towns(record, setup))
    towns[n - 1] = town
    return [i for i, kept in enumerate(towns) if not any(field.startswith("square_") for field in kept["fields"])]


def table_state(record: dict, lang: str, setup: dict) -> dict:
    """Return what a phone following the table is told: the flow's view of it (table_view.table_view), drawn with
    the address of its result once it is finished."""
    state = table_view.table_view(record, setup)
    if state["result"] is not None:
        state["result"] = url_for("results.show", lang=lang, code=state["result"])
    return state


def code_in(text: str) -> str:
    """Return the game code in a pasted link or code (…/t/<id>/take?town=<code>, …/g/<code>/1, or the code)."""
    parts = urlsplit(text.strip())
    query = parse_qs(parts.query).get("town")
    if query:
        return query[0]
    pieces = [piece for piece in parts.path.split("/") if piece]
    for marker in ("g", "r"):
        if marker in pieces[:-1]:
            return pieces[pieces.index(marker) + 1]
    return pieces[-1] if pieces else ""
