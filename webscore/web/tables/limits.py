"""What one client may do at the tables: tables opened per hour, tables kept at once, saves per minute.

Tables count per client address as webscore.web.http.clients.client_key groups it (an IPv6 /64 is one client).
Saves count per phone (the id it sends), per town, per table and, coarsely, per address: the phones of a table
share their Wi-Fi's address, so one runaway phone is stopped alone and a table's others go on, and one town's
saves cannot use up its table's. All count in the
table store itself, so that every worker and instance counts together.
"""

import hmac

from flask import current_app
from flask import request
from flask_babel import gettext as _

from ..http.clients import client_key
from .store import Limited
from .towns import first_owners


def client() -> str:
    """Return what the current request's limits count under."""
    return client_key(request.remote_addr or "unknown")


def limited(store, kind: str, limit: int, window: int) -> bool:
    """Count the request under kind for its client; say whether that makes it past limit in this window."""
    return store.hit("{}:{}".format(kind, client()), window) > limit


# A save past a limit is refused with these words, by the limit's kind (the first part of its key).
PHONE, TOWN, TABLE, ADDRESS = "save-phone", "save-town", "save-table", "save"


def too_many(kind: str) -> str:
    """Return what a save refused past a limit says: whose saves were too many (save_limits)."""
    if kind == PHONE:
        return _("Too many saves from this phone. Please wait a little.")
    if kind == TOWN:
        return _("Too many saves to this town. Please wait a little.")
    if kind == TABLE:
        return _("Too many saves at this table. Please wait a little.")
    return _("Too many saves from this network. Please wait a little.")


def save_limits(table_id: str, phone: str, n: int, key_hash: str) -> list:
    """Return the limits a save of town n counts against (protocol.Limit), by a phone (its client id) holding it by a
    key (its hash): the phone's at this table and its address's, on every save; then the town's and the table's.

    The town's and the table's count only the saves that change the table: saves refused unwritten (another phone's
    town, a stale number, anything sent by whoever has the link) counted too, and 1,200 of them in a minute from one
    address and new client ids stopped every phone of the table (429) for the rest of it. A town's limit keeps its
    saves from using up the table's: one town's phone, changing it under as many client ids as it likes, used up
    the table's 1,200 and stopped every other player's saves. The town's first phone counts apart from the others:
    a client with only the link, taking the town over from a new id at each save, used up the town's saves, and its
    phone could not take it back (429). The table's limit is its towns' together, both counts, at the most players.
    """
    config = current_app.config

    def town(record: dict) -> str:
        first = first_owners(record)[n - 1]
        return _town(table_id, n, first is None or hmac.compare_digest(first, key_hash))

    return [("{}:{}:{}".format(PHONE, table_id, phone), 60, config["TABLE_SAVES_PER_PHONE"]),
            ("{}:{}".format(ADDRESS, client()), 60, config["TABLE_SAVES_PER_MINUTE"]),
            (town, 60, config["TABLE_SAVES_PER_TOWN"], True),
            ("{}:{}".format(TABLE, table_id), 60, config["TABLE_SAVES_PER_TABLE"], True)]


def take_in_limits(table_id: str, n: int) -> list:
    """Return the limits a take-in of town n (from its link, the take form) counts against: the town's, as one of its
    other phones (a take-in is not its first phone), and the table's, both only when it changes the table (its
    address's is counted before, as a save's).

    Counted at its address's only, a client with only the link and many addresses (an IPv6 /56 is 256 of them) took
    a town in again and again past the town's and the table's limits, each take-in a write of the table: in Redis,
    the other phones' saves, read under watch, were refused as many times as they were tried (503).
    """
    config = current_app.config
    return [(_town(table_id, n, False), 60, config["TABLE_SAVES_PER_TOWN"], True),
            ("{}:{}".format(TABLE, table_id), 60, config["TABLE_SAVES_PER_TABLE"], True)]


def _town(table_id: str, n: int, by_first: bool) -> str:
    """Return the key of town n's limit: its first phone's, or its other phones' together."""
    return "{}:{}:{}{}".format(TOWN, table_id, n, "" if by_first else ":others")


def open_table(store, setup: str, count: int):
    """Open a table for the client and return its id, or None past its limits (opened this hour, kept at once)."""
    config = current_app.config
    if limited(store, "create", config["TABLES_PER_HOUR"], 3600):
        return None
    try:
        return store.create(setup, count, (client(), config["TABLES_KEPT_PER_ADDRESS"]))
    except Limited:
        return None


def init_app(app) -> None:
    """Set the limits a deployment did not set."""
    app.config.setdefault("TABLES_PER_HOUR", 30)
    # A full table is about 55 KB (24 phones remembered per town, tests/web/test_readme_figures.py): one address keeps
    # at most about 11 MB, however long it keeps its tables alive.
    app.config.setdefault("TABLES_KEPT_PER_ADDRESS", 200)
    # A save a tap: a phone tapping four times a second all minute stays within its own limit, three times a second
    # within its town's (its first phone's, or the other phones' together); a table's limit is its towns' together
    # at the most players a game has (6 × 2 × 200), so towns at their limits, even all taken by one client with the
    # link, never stop another town's saves. Every table of a café's Wi-Fi shares an address: its ceiling is for
    # abuse only.
    app.config.setdefault("TABLE_SAVES_PER_PHONE", 240)
    app.config.setdefault("TABLE_SAVES_PER_TOWN", 200)
    app.config.setdefault("TABLE_SAVES_PER_TABLE", 2400)
    app.config.setdefault("TABLE_SAVES_PER_MINUTE", 3000)
