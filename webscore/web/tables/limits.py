"""What one client may do at the tables: tables opened per hour, saves per minute, tables kept at once.

Each counts per client address as webscore.web.http.clients.client_key groups it (an IPv6 /64 is one client), in
the table store itself, so that every worker and instance counts together.
"""

from flask import request

from ..http.clients import client_key


def client() -> str:
    """Return what the current request's limits count under."""
    return client_key(request.remote_addr or "unknown")


def limited(store, kind: str, limit: int, window: int) -> bool:
    """Count the request under kind for its client; say whether that makes it past limit in this window."""
    return store.hit("{}:{}".format(kind, client()), window) > limit


def init_app(app) -> None:
    """Set the limits a deployment did not set."""
    app.config.setdefault("TABLES_PER_HOUR", 30)
    # Every phone of a table on one Wi-Fi shares an address: six fast tappers stay within this.
    app.config.setdefault("TABLE_SAVES_PER_MINUTE", 600)
