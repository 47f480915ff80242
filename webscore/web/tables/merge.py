"""Who may change a town at the table, and what a phone's change does to it beyond the town itself.

webscore.flow.sync_merge applies one operation to one town; here the table's rules around it: a town belongs to
the phone that took it (by its key), another phone takes it over or reopens it, a town taken in from a link stays
its own phone's, and a hand-in that would end the game while a town has no square asks first. The save route
(saves.py) and the take-in form (take.py) both merge through merge(); no Flask here, only the store's change.
"""

import hashlib
import hmac

from ...flow import sync_merge
from .towns import empty_towns
from .towns import key_tag
from .towns import owners
from .towns import sync_town
from .towns import was_held_by
from .towns import with_event
from .towns import with_owner
from .towns import with_town

# A town changed by a phone that is not its own (the one that took it): a take-over, a reopening, a take-in.
OWNED = "owned"
# A hand-in that would end the game while a town has no square: the phone asks first.
EMPTY = "empty"
TAKEN_IN = "taken-in"
# The hand-in that ended a game while towns had no square (asked first: EMPTY).
ENDED_EMPTY = "ended-empty"


def key_hash(key: str) -> str:
    """Return the hash a table keeps of a phone's key (its client id where it sent none): owners and limits read it."""
    return hashlib.sha256(key.encode()).hexdigest()


def merge(setup: dict, n: int, client: str, ops: list, now: float, mine: str, remember: bool = True, take=False,
          end=False):
    """Return the change (for a store) that merges a phone's operations into player n's town, in order.

    Its answer is the last operation's, or the first that was not applied; {"outcome": "finished"} for a
    table whose scores are shown (an operation applied before is still acknowledged).

    A town belongs to the phone that took it: the first whose operation was applied, by its key (a secret the
    phone keeps; without one, its client id), of which mine is the hash (key_hash). Another phone changes it only
    by taking it over (take), and a take-over or a reopening by another phone is named on every phone (the table's
    events). remember=False is a town taken in from a link (the take form, open to the table by design): the town
    stays its own phone's. A hand-in that would end the game while a town has no square is refused unless the phone
    says so (end).
    """
    def change(record):
        before = town = sync_town(record, setup, n)
        if all(record["done"]) and ops[0]["seq"] > sync_merge.last_seq(town, client):
            return record, {"outcome": "finished", "seq": ops[0]["seq"]}
        owner = owners(record)[n - 1]
        # A town taken in from a link (the take form) is named on every phone as a take-over is.
        event = _by_another_phone(owner, mine, take, ops, town) if remember else TAKEN_IN
        if event == OWNED:
            return record, {"outcome": OWNED, "seq": ops[0]["seq"],
                            "was_yours": was_held_by(record, n, mine, sync_merge.last_seq(town, client) > 0)}
        town, answer = _applied(town, client, ops, setup, n, remember, key_tag(mine), key_tag(_holder(owner, mine, event)))
        applied = answer["outcome"] == sync_merge.APPLIED
        ends_empty = applied and _ends_with_empty_towns(record, setup, n, before, town, answer)
        if ends_empty and not end:
            return record, ends_empty
        changed = record if town is before else with_town(record, setup, n, town, now)
        if remember and applied and (owner is None or event == "taken-over"):
            changed = with_owner(changed, n, mine, now)
        # A take-in that changed nothing (the same link taken in twice) is named once.
        if event == "taken-over" and applied or event == TAKEN_IN and town["version"] != before["version"] \
                or event == "reopened" and town is not before:
            changed = with_event(changed, n, event, now)
        # A game ended while towns had no square, as the phone was told and said: every phone says so.
        if ends_empty:
            changed = with_event(changed, n, ENDED_EMPTY, now)
        return changed, answer
    return change


def _by_another_phone(owner, mine: str, take: bool, ops: list, town: dict):
    """Return what a phone that does not own a town does to it: "taken-over", "reopened", or OWNED (refused);
    None from its own phone, or for a town no phone took yet."""
    if owner is None or hmac.compare_digest(owner, mine):
        return None
    if take:
        return "taken-over"
    if all("reopen" in op for op in ops) and town["done"]:
        return "reopened"
    return OWNED


def _holder(owner, mine: str, event) -> str:
    """Return the hash of the key that holds a town once a phone's operations are applied: the phone's own when it
    takes the town (the first to, or taking it over), else its owner's. The slots of its phones are kept (sync_merge.apply)."""
    return mine if owner is None or event == "taken-over" else owner


def _applied(town: dict, client: str, ops: list, setup: dict, n: int, remember: bool, key: str, holder: str) -> tuple:
    """Return the town with a phone's operations applied in order, up to the first not applied, and its answer."""
    answer = None
    for op in ops:
        town, answer = sync_merge.apply(town, client, op, setup, n, remember, key, holder)
        if answer["outcome"] != sync_merge.APPLIED:
            break
    return town, answer


def _ends_with_empty_towns(record: dict, setup: dict, n: int, before: dict, town: dict, answer: dict):
    """Return the refusal of a hand-in that would end the game while a town has no square (EMPTY), or None."""
    if not town["done"] or before["done"]:
        return None
    empty = empty_towns(record, setup, n, town)
    if empty and all(done or i == n - 1 for i, done in enumerate(record["done"])):
        return {"outcome": EMPTY, "seq": answer["seq"], "empty": empty}
    return None

