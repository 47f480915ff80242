"""Rendered pages kept whole, with their compressed bodies, for pages that are pure functions of their address.

A result page depends on its language, its game code and the app's version only, a town step opened
without answers in its address on those and the player's number, and the blank setup form on its
language and the version, so once drawn such a page is kept (in the app's cache, cache.py: the
oldest first out past PAGE_CACHE_SIZE per worker) with its brotli and gzip bodies and an ETag, and sent
again without drawing or compressing. Nothing per visitor is kept: the app stays stateless.

A page seen again is sent before Flask's request handling starts (KeptPages): that handling (context,
session, URL matching, hooks) was most of such an answer's cost. The answer is built by the same
functions as the view's (encoded_response, the security headers). A result page
seen for the first time is drawn there too, in a request context of its own (URL matching and
before-request checks, no after-request hooks, no session: see draw_before_flask), then sent as a kept page.
Anything else (not a plain GET, neither kept nor of a kind drawn there, or whose drawing fails) goes
on to Flask.

A kept page is the same for every reader, so it sets no cookie: HTTP caches in front (a CDN, a proxy)
store no answer that has one. The page itself keeps its language for / and shared links (register.js).
"""

import collections
import re
import sys

from flask import Response
from flask import g
from flask import request
from werkzeug.exceptions import HTTPException
from werkzeug.wrappers import Request

from .. import i18n
from . import security
from .assets import IMMUTABLE
from .assets import encode_all
from .assets import encoded_answer
from .assets import encoded_response
from .assets import entity_tag
from .cache import cache

# The pages the same for every reader, one row each, by kind: its endpoint, its address after /<lang>/ (path), how
# long others may keep it (caching), whether the service worker stores it for offline use (offline: offline/views.py),
# whether its address also comes without a language, opened in the reader's language (bare: pages/views.py, /pad).
# Each is kept once drawn and sent again before Flask. A result and a town step never change meaning (the game is
# in the address, and a town step's unsaved answers are in its query, which such a page never has); the others are
# revalidated, so a new version of the app shows at once.
Page = collections.namedtuple("Page", "endpoint path caching offline bare")
PAGES = {"result": Page("results.show", r"r/([A-Za-z0-9_-]+)", IMMUTABLE, offline=False, bare=False),
         "town": Page("town.step", r"g/([A-Za-z0-9_-]+)/([0-9]+)", IMMUTABLE, offline=False, bare=False),
         "home": Page("pages.home", "", "no-cache", offline=True, bare=False),
         "setup": Page("setup.new_game", "new", "no-cache", offline=True, bare=True),
         "rules": Page("pages.rules", "rules", "no-cache", offline=True, bare=True),
         "play": Page("pages.play", "play", "no-cache", offline=True, bare=True),
         "pad": Page("pages.pad", "pad", "no-cache", offline=True, bare=True),
         "games": Page("pages.games", "games", "no-cache", offline=True, bare=True)}
# Each under /<lang>/: the language is the first group of its address.
KINDS = {kind: (re.compile(r"/({})/{}".format("|".join(i18n.LANGUAGES), page.path)), page.caching)
         for kind, page in PAGES.items()}
# The endpoints the service worker stores, and the addresses that come without a language (by their endpoint).
OFFLINE = tuple(page.endpoint for page in PAGES.values() if page.offline)
BARE = {page.path: page.endpoint for page in PAGES.values() if page.bare}


class KeptPage:
    """One rendered page: its bodies by encoding and its entity tag."""

    __slots__ = ("bodies", "etag")

    def __init__(self, page):
        """Keep a page drawn as text, or as bytes with their entity tag already found (results/frames.Filled)."""
        if isinstance(page, str):
            body = page.encode("utf-8")
            self.etag = entity_tag(body)
        else:
            body, self.etag = page.body, page.etag
        self.bodies = encode_all(body)


def key(environ: dict, kind: str, *parts) -> tuple:
    """Return the key of a page: its kind, what it shows, and the host and root its links name."""
    # An empty Host header (refused) is not a missing one (the server's name stands for it).
    host = environ["HTTP_HOST"] if "HTTP_HOST" in environ else "{}:{}".format(environ.get("SERVER_NAME"),
                                                                             environ.get("SERVER_PORT"))
    return (kind, *parts, environ.get("wsgi.url_scheme"), host, environ.get("SCRIPT_NAME", ""))


def page(key, render, app=None) -> KeptPage:
    """Return the kept page of a key (the current app's by default), drawing it with render() the first time."""
    return cache(app)["pages"].get(key, lambda: KeptPage(render()))


def send(kept: KeptPage, kind: str) -> Response:
    """Answer with a kept page in the best encoding the client takes, or 304 when it has this version."""
    g.same_for_all = True
    return encoded_response(kept.bodies, kept.etag, "text/html", KINDS[kind][1])


def language_page(kind: str, draw) -> Response:
    """Answer with a page that depends on its language only: kept the first time draw() makes it.

    With a query the page is drawn for its visitor alone: its language links keep the query.
    """
    if request.args:
        return draw()
    return send(page(key(request.environ, kind, i18n.current_language()), draw), kind)


class KeptPages:
    """WSGI middleware sending kept pages, and drawing the kinds draw_before_flask names, without Flask's response handling."""

    def __init__(self, app, wsgi_app):
        self.app = app
        self.wsgi_app = wsgi_app
        # Kinds of page drawn here the first time too: {kind: (endpoint, draw(code) -> html)}.
        self.drawers = {}

    def __call__(self, environ, start_response):
        found = self.found(environ) if environ.get("REQUEST_METHOD") == "GET" and not environ.get("QUERY_STRING") else None
        if found is None:
            return self.wsgi_app(environ, start_response)
        kind, kept = found
        # Not put in the environ (werkzeug.request): it would hold the environ that holds it, a cycle only the garbage
        # collector frees.
        asked = Request(environ, populate_request=False)
        # The view's answer (send() and the security headers), built without a Response object:
        # werkzeug's header handling was most of the remaining cost.
        status, headers, body = encoded_answer(kept.bodies, kept.etag, KINDS[kind][1], asked)
        if status == 304:
            start_response("304 NOT MODIFIED", [*headers, *security.HEADERS.items()])
            return []
        headers += [("Content-Type", "text/html; charset=utf-8"), ("Content-Length", str(len(body)))]
        start_response("200 OK", [*headers, *security.HEADERS.items()])
        return [body]

    def found(self, environ: dict):
        """Return (kind, kept page) for a page answered here, else None for Flask.

        A page of a kind drawn here (draw_before_flask) and not kept yet is drawn first, in a request
        context of its own: Flask matches the address and runs its url value preprocessors and
        before-request checks as for the view, and the view's own drawing makes the page. Its answer is
        then a kept page's, which is the view's. What does not match the view, or is refused, or raises (a
        damaged code) is left to Flask, which answers it as the view does.
        """
        path = environ.get("PATH_INFO", "")
        for kind, (address, _) in KINDS.items():
            match = address.fullmatch(path)
            if match is None:
                continue
            # The path was accepted as decoded, but its percent-encoded spelling may be too long, or the
            # headers too many: what the app refuses is left to the app's refusal.
            if not security.fits_before_flask(environ, self.app.config):
                return None
            # The host and the path were accepted when the page was drawn under this very key.
            kept = cache(self.app)["pages"].peek(key(environ, kind, *match.groups()))
            if kept is not None:
                return kind, kept
            return self._draw(environ, kind, match[1], match[2]) if kind in self.drawers else None
        return None

    def _draw(self, environ: dict, kind: str, lang: str, part: str):
        endpoint, draw = self.drawers[kind]
        # Drawn without the reader's session (security.SESSIONLESS): a page the same for every reader reads none.
        environ[security.SESSIONLESS] = True
        try:
            with self.app.request_context(environ):
                if request.routing_exception is not None or request.endpoint != endpoint:
                    return None
                try:
                    if self.app.preprocess_request() is not None:
                        return None
                    kept = page(key(environ, kind, lang, part), lambda: draw(part), self.app)
                except (HTTPException, ValueError):
                    # A refusal, or a damaged code or game: Flask meets it again and answers with the app's page.
                    return None
                except Exception:
                    # A fault of ours: logged here; Flask meets it again and answers with the app's error page.
                    self.app.log_exception(sys.exc_info())
                    return None
        finally:
            # Flask, meeting the request again, opens the session as for any other, and makes its own request: the
            # one drawn with, which werkzeug put in the environ that it holds, is let go (a cycle otherwise).
            del environ[security.SESSIONLESS]
            environ.pop("werkzeug.request", None)
        return kind, kept


def draw_before_flask(app, kind: str, endpoint: str, draw) -> None:
    """Have a kind of page (its address has the language, then one more part) drawn before Flask the first time too."""
    shortcut = app.extensions["marquoir.kept_pages"]
    shortcut.drawers[kind] = (endpoint, draw)


def init_app(app) -> None:
    """Put the shortcut in front of the app."""
    app.wsgi_app = app.extensions["marquoir.kept_pages"] = KeptPages(app, app.wsgi_app)
