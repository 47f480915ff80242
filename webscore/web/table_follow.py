"""Following a table without Flask: "nothing new" answered before the app is entered.

Every phone at a table asks every 3 seconds whether the table changed, and nearly every answer is
304. Flask's request machinery (context, session, hooks) was four fifths of such an answer's cost, so
a phone that names the table's current revision in If-None-Match is answered here, with the same
headers as the view's 304 (tables.state). Anything else (a change, a table gone, another address, a
weak or listed tag) goes on to the view, with the record already read (one read per follow).
"""

import re

from .i18n import LANGUAGES
from .security import HEADERS
from .tables_store import ID_LENGTH
from .tables_store import open_store

STATE = re.compile(r"/({})/t/([A-Za-z0-9_-]{{{},{}}})/state".format("|".join(LANGUAGES), ID_LENGTH.start, ID_LENGTH.stop - 1))


READ = "marquoir.table_read"


def etag(revision: int, lang: str) -> str:
    """Return the entity tag of a table's state at a revision, in a language."""
    return "{}-{}".format(revision, lang)


def unchanged(tag: str) -> dict:
    """Return the headers of a 304 to a phone following a table, its quoted tag given."""
    return {"ETag": tag, "Cache-Control": "no-cache"}


class FollowShortcut:
    """WSGI middleware answering an unchanged table's follow with 304."""

    def __init__(self, app, wsgi_app):
        self.app = app
        self.wsgi_app = wsgi_app

    def __call__(self, environ, start_response):
        tag = environ.get("HTTP_IF_NONE_MATCH")
        if tag and environ.get("REQUEST_METHOD") == "GET" and not environ.get("QUERY_STRING"):
            found = STATE.fullmatch(environ.get("PATH_INFO", ""))
            if found:
                record = open_store(self.app).get(found[2])
                if record is not None and tag == '"{}"'.format(etag(record["revision"], found[1])):
                    start_response("304 NOT MODIFIED", [*unchanged(tag).items(), *HEADERS.items()])
                    return []
                # The view answers with this very record rather than reading the table again.
                environ[READ] = (found[2], record)
        return self.wsgi_app(environ, start_response)


def record_read(environ: dict, table_id: str):
    """Return the record of a table the shortcut read for this request, or None if it read none."""
    read = environ.get(READ)
    return read[1] if read and read[0] == table_id and read[1] is not None else None


def init_app(app) -> None:
    """Put the shortcut in front of the app."""
    app.wsgi_app = FollowShortcut(app, app.wsgi_app)
