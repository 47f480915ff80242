"""A followed table answered before Flask (table_follow) exactly as the view answers, whatever the phone sends.

Against SQLite and Redis alike (the table_config fixture). The view is reached by the layer under the shortcut.
"""

import json
import re

import pytest
from werkzeug.test import EnvironBuilder
from werkzeug.test import run_wsgi_app

from support import examples
from support.apps import new_app
from support.tables import empty_setup
from webscore.scoring import encode
from webscore.web.http.cache import cache
from webscore.web.tables.follow import FollowShortcut
from webscore.web.tables.store import open_store

SETUP = encode(empty_setup(examples.load("four-players")))
CROWDED = {"X-Field-{}".format(n): "1" for n in range(70)}


def follow(wsgi_app, path: str, host="localhost", headers=None) -> tuple:
    """Return (status, sorted headers, body) of a GET straight to a WSGI app (any Host, even one out of range)."""
    environ = EnvironBuilder(path=path, headers=headers or {}).get_environ()
    environ["HTTP_HOST"] = host
    body, status, found = run_wsgi_app(wsgi_app, environ, buffered=True)
    # A refusal page sets the language cookie, whose expiry date is the second it was set.
    return status, sorted((name, re.sub(r"Expires=[^;]+; ", "", value)) for name, value in found.items()), b"".join(body)


def opened(config) -> tuple:
    """Return the shortcut, the app under it (the view) and the address of the state of a table just opened."""
    app = new_app(**config)
    with app.app_context():
        table = open_store(app).create(SETUP, 4)
    shortcut = app.wsgi_app
    while not isinstance(shortcut, FollowShortcut):
        shortcut = shortcut.app
    return shortcut, shortcut.wsgi_app, "/hu/t/{}/state".format(table)


# If-None-Match as RFC 9110 reads it (webscore.web.http.conditional): the current tag in any spelling the grammar
# allows, or "*", is a 304; the shortcut and the view give the same bytes and headers (the view's 304 once
# said "Vary: Accept-Encoding", flask_compress's, for a state never compressed).
@pytest.mark.parametrize("named", ['"0-hu"', 'W/"0-hu"', "*", ' * ', '"1-hu", W/"0-hu"', ',, "0-hu" ,'])
def test_a_tag_that_matches_the_state_is_a_304_before_the_app_too(table_config, named):
    shortcut, view, address = opened(table_config)
    viewed = follow(view, address, headers={"If-None-Match": named})
    assert viewed[0] == "304 NOT MODIFIED"
    assert follow(shortcut, address, headers={"If-None-Match": named}) == viewed


# A field the grammar does not allow names nothing (a star with a weak prefix or inside a list, a tag without
# its quotes): the state is sent whole, by the shortcut and the view alike, as for another table's tag.
@pytest.mark.parametrize("named", ["W/*", '"1-hu", *', "0-hu", "W/0-hu", '"0-hu" "1-hu"', '"0-hu', '"1-hu"', ""])
def test_a_tag_that_names_nothing_gets_the_state_before_the_app_too(table_config, named):
    shortcut, view, address = opened(table_config)
    viewed = follow(view, address, headers={"If-None-Match": named})
    assert viewed[0] == "200 OK"
    assert json.loads(viewed[2])["players"][0]["status"] == "not-started"
    assert follow(shortcut, address, headers={"If-None-Match": named}) == viewed


# The shortcut must not answer a follow the app refuses (a host not among TRUSTED_HOSTS, a Host that names no
# site, too many header fields) with the table's state.
@pytest.mark.parametrize(("host", "headers", "status"), [
    ("evil.example", {}, "400 BAD REQUEST"),
    ("localhost:99999", {}, "400 BAD REQUEST"),
    ("", {}, "400 BAD REQUEST"),
    ("localhost", CROWDED, "431 REQUEST HEADER FIELDS TOO LARGE"),
    ("localhost", {"X-Long": "x" * 9000}, "431 REQUEST HEADER FIELDS TOO LARGE"),
])
def test_a_follow_the_app_refuses_is_refused_before_the_app_too(table_config, host, headers, status):
    shortcut, view, address = opened(dict(table_config, TRUSTED_HOSTS=["localhost"]))
    viewed = follow(view, address, host, headers=headers)
    assert viewed[0] == status
    assert follow(shortcut, address, host, headers=headers) == viewed
    named = dict(headers, **{"If-None-Match": '"0-hu"'})
    assert follow(shortcut, address, host, headers=named) == follow(view, address, host, headers=named)


class ClearedMeanwhile(dict):
    """A worker's kept states, cleared by another of its threads (past the limit) right after each write."""

    def __setitem__(self, key, value):
        super().__setitem__(key, value)
        self.clear()


# A state is kept, then read back from the kept states, which another thread of a threaded server may have
# cleared in between: that must not be a KeyError (a 500).
def test_states_cleared_by_another_thread_meanwhile_still_answer(table_config, monkeypatch):
    shortcut, view, address = opened(table_config)
    monkeypatch.setattr(cache(shortcut.app)["table_states"], "values", ClearedMeanwhile())
    monkeypatch.setattr(cache(shortcut.app)["table_setups"], "values", ClearedMeanwhile())
    first = follow(shortcut, address)
    assert first[0] == "200 OK"
    assert json.loads(first[2])["players"][1] == {"name": "Bernadet", "status": "not-started", "total": None,
                                                   "least": False, "version": 0}
    assert follow(view, address) == first
