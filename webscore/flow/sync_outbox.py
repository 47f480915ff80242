"""The phone's outbox of a town at a table: its changes as numbered operations, until the server applied them.

Run by the phone under MicroPython (its JavaScript stores the outbox and carries its head to the server, one
request at a time); it stands apart from the server's merge (sync_merge.py), which the phone never runs, and
shares only a town's fields and their limits (sync.py).

An outbox is {"client", "next": seq to give, "ops": [...], "known": public town (sync.public())}.
An operation once sent may have been applied even when its answer never came: the outbox notes the
highest number it sent ("sent") and never changes an operation at or below it.
"""

from .sync import FIELDS
from .sync import MAX_VALUE
from .sync import unseen


def new_outbox(client: str, known: dict) -> dict:
    """Return an empty outbox of a phone for a town it last saw as `known` (sync.public())."""
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
        value = "".join(c for c in str(fields[field] or "") if not unseen(c))[:MAX_VALUE]
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
    """Return the outbox once the server applied operation seq and holds town (sync.public())."""
    ops = [op for op in outbox["ops"] if op["seq"] > seq]
    # An answer that crossed a newer one on the way keeps the newer town.
    known = town if town["version"] >= outbox["known"]["version"] else outbox["known"]
    return dict(outbox, ops=ops, known=known)


def refreshed(outbox: dict, town: dict) -> dict:
    """Return the outbox once the phone learns the server's town (sync.public()); an older town changes nothing."""
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
