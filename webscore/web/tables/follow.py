"""Following a table without Flask: a table's state answered before the app is entered.

Every phone at a table asks every 3 seconds whether the table changed. Flask's request machinery
(context, session, hooks) was most of such an answer's cost, and a table changes every few seconds
while its towns are entered, so both answers are given here: 304 to a phone that names the table's
current revision in If-None-Match, and the state itself (the same bytes and headers as the view's) while
the game is not finished. Anything else (a finished table, whose state links to its result; a table
gone; another address) goes on to the view, with the record already read (one read per follow).
"""

import json
import re

from ...scoring import decode
from ..http import conditional
from ..http import security
from ..http.cache import cache
from ..http.security import HEADERS
from ..i18n import LANGUAGES
from .store import ID_LENGTH
from .store import Unavailable
from .store import find
from .store import open_store
from .towns import table_state

STATE = re.compile(r"/({})/t/([A-Za-z0-9_-]{{{},{}}})/state".format("|".join(LANGUAGES), ID_LENGTH.start, ID_LENGTH.stop - 1))


READ = "marquoir.table_read"


def etag(revision: int, lang: str) -> str:
    """Return the entity tag of a table's state at a revision, in a language."""
    return "{}-{}".format(revision, lang)


def unchanged(tag: str) -> dict:
    """Return the headers of a 304 to a phone following a table, its quoted tag given."""
    return {"ETag": tag, "Cache-Control": "no-cache"}


def state_headers(body: bytes, tag: str) -> list:
    """Return the headers of a table's state, its quoted tag given (never compressed: a few hundred bytes)."""
    return [("Content-Type", "application/json"), ("Content-Length", str(len(body))), *unchanged(tag).items()]


def setup_of(app, table_id: str, record=None):
    """Return a table's setup game, or None when there is no such table.

    Read once per worker; a save then needs no read of its own before the store's (which still finds
    a table that expired since).
    """
    setups = cache(app)["table_setups"]
    if setups.peek(table_id) is None:
        if record is None:
            record = find(open_store(app), table_id)
        if record is None:
            return None
    return setups.get(table_id, lambda: decode(record["setup"]))


def state_body(app, record: dict, lang: str, table_id: str, root: str = "") -> bytes:
    """Return what a phone following the table is told, as the JSON sent (table_view.table_view, drawn by
    towns.table_state).

    Kept by all that shapes it: the table's revision, the language, and the root the app answers under
    (a finished table's state links to its result).
    """
    def draw():
        state = table_state(record, lang, setup_of(app, table_id, record))
        return (json.dumps(state, sort_keys=True, separators=(",", ":")) + "\n").encode()

    return cache(app)["table_states"].get((table_id, record["revision"], lang, root), draw)


class FollowShortcut:
    """WSGI middleware answering a phone that follows an unfinished table."""

    def __init__(self, app, wsgi_app):
        self.app = app
        self.wsgi_app = wsgi_app

    def __call__(self, environ, start_response):
        if environ.get("REQUEST_METHOD") == "GET" and not environ.get("QUERY_STRING"):
            found = STATE.fullmatch(environ.get("PATH_INFO", ""))
            # A follow the app refuses (its host, its headers) is left to the app's refusal.
            if found and security.fits_before_flask(environ, self.app.config):
                lang, table_id = found.groups()
                try:
                    record = open_store(self.app).get(table_id)
                except Unavailable as error:
                    # The view says, in the reader's language, to wait a moment, without asking the store again: a
                    # store that answers nothing would hold the request twice as long (record_read raises it).
                    environ[READ] = (table_id, error)
                    return self.wsgi_app(environ, start_response)
                if record is not None:
                    current = etag(record["revision"], lang)
                    tag = '"{}"'.format(current)
                    # Read as the view reads it: the shortcut and the view agree on every field.
                    if conditional.names_current(conditional.from_environ(environ), current):
                        start_response("304 NOT MODIFIED", [*unchanged(tag).items(), *HEADERS.items()])
                        return []
                    # A finished table's state names its result's address, which is Flask's to build.
                    if not all(record["done"]):
                        body = state_body(self.app, record, lang, table_id, environ.get("SCRIPT_NAME", ""))
                        start_response("200 OK", [*state_headers(body, tag), *HEADERS.items()])
                        return [body]
                # The view answers with this very record rather than reading the table again.
                environ[READ] = (table_id, record)
        return self.wsgi_app(environ, start_response)


def record_read(environ: dict, table_id: str):
    """Return the record of a table the shortcut read for this request, or None if it read none; raise the store's
    Unavailable when the shortcut found it out of reach."""
    read = environ.get(READ)
    if read and read[0] == table_id and isinstance(read[1], Unavailable):
        raise read[1]
    return read[1] if read and read[0] == table_id and read[1] is not None else None


def init_app(app) -> None:
    """Put the shortcut in front of the app."""
    app.wsgi_app = FollowShortcut(app, app.wsgi_app)
