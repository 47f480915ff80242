"""What each piece of speed machinery buys: python tests/bench/machinery.py

Each piece is measured in one process, with it and without it, on the request it is for: the app's WSGI
callable is called directly (no server, no network), N requests in a row, and the CPU time per request
(time.process_time) is set against the floor measured in the same run (the one-route Flask app of
floor_app.py, called the same way). Repeated, min / median / max. The pieces:

- the kept-page shortcut (KeptPages): a result page seen again, before Flask vs. through Flask's handling;
- the follow shortcut (FollowShortcut): a table's state asked again, before Flask vs. through Flask;
- fits_before_flask: the shortcuts' check of host and limits on the raw environ vs. through a werkzeug
  Request, on a result page seen again;
- the session (the app's is Flask's signed cookie): a request Flask answers for a visitor without a session
  cookie (a table's state, a town step), vs. a session whose signer is made only when a cookie comes
  (SessionOnDemand, removed since: it bought nothing measurable);
- result frames: a result page drawn for the first time, filled in its frame vs. drawn whole by Jinja.
"""

import itertools
import pathlib
import statistics
import sys
import tempfile
import time
from unittest import mock

from flask.sessions import SecureCookieSessionInterface
from werkzeug.test import EnvironBuilder
from werkzeug.wrappers import Request

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "bench"))

import floor_app  # noqa: E402

from support import examples  # noqa: E402
from support.apps import new_app  # noqa: E402
from support.tables import empty_setup  # noqa: E402
from webscore.scoring import encode  # noqa: E402
from webscore.web.http import page_cache  # noqa: E402
from webscore.web.http import security  # noqa: E402
from webscore.web.results import frames  # noqa: E402
from webscore.web.tables import follow  # noqa: E402
from webscore.web.tables.store import open_store  # noqa: E402

REQUESTS = 400
REPEATS = 3
HEADERS = {"Accept-Encoding": "br, gzip", "User-Agent": "Mozilla/5.0 (Linux; Android 10) bench"}


def environ(path: str) -> dict:
    return EnvironBuilder(path=path, base_url="http://marquoir.test", headers=HEADERS).get_environ()


def cpu_us(wsgi_app, paths) -> float:
    """Return the CPU microseconds per request of answering these paths in turn, REQUESTS times in all."""
    environs = [environ(path) for path in paths]

    def start_response(status, headers, exc_info=None):
        return None

    for one in environs:
        b"".join(wsgi_app(dict(one), start_response))
    started = time.process_time()
    for one in itertools.islice(itertools.cycle(environs), REQUESTS):
        body = wsgi_app(dict(one), start_response)
        b"".join(body)
        getattr(body, "close", lambda: None)()
    return (time.process_time() - started) / REQUESTS * 1e6


def inner(app, kind):
    """Return the WSGI layer of a kind among an app's (each shortcut keeps the layer it wraps as wsgi_app)."""
    layer = app.wsgi_app
    while not isinstance(layer, kind):
        layer = layer.wsgi_app if isinstance(layer, (page_cache.KeptPages, follow.FollowShortcut)) else layer.app
    return layer


def fits_through_request(environ_, config) -> bool:
    """fits_before_flask as a werkzeug Request would check it: what the shortcuts would pay without it."""
    request = Request(environ_)
    request.trusted_hosts = config["TRUSTED_HOSTS"]
    try:
        host = request.host
    except Exception:
        return False
    fields = list(request.headers.values())
    return (security.names_a_site(host) and len(request.query_string) <= config["MAX_QUERY_LENGTH"]
            and security.path_fits(environ_, config) and security.headers_fit(fields, config))


def spread(values: list) -> str:
    return "{:.0f} / {:.0f} / {:.0f}".format(min(values), statistics.median(values), max(values))


def ratio(values: list, floors: list) -> str:
    found = [value / floor for value, floor in zip(values, floors)]
    return "{:.2f} / {:.2f} / {:.2f}×".format(min(found), statistics.median(found), max(found))


def main() -> None:
    folder = tempfile.mkdtemp()
    app = new_app(TESTING=False, TABLES_DATABASE=folder + "/tables.sqlite3", SERVER_NAME="marquoir.test")
    result = "/en/r/" + examples.FOUR_PLAYERS_CODE
    with app.app_context():
        tied = examples.tied_game()
        table = open_store(app).create(encode(empty_setup(tied)), len(tied["players"]))
    state = "/en/t/{}/state".format(table)
    step = "/en/g/{}/2".format(examples.FOUR_PLAYERS_CODE)
    four = examples.load("four-players")
    firsts = []
    for n in itertools.count():
        four["players"][0]["name"] = "Bench{}".format(n)
        firsts.append("/fr/r/" + encode(four))
        if len(firsts) == REQUESTS + 8:
            break
    kept_pages = inner(app, page_cache.KeptPages)
    follow_shortcut = inner(app, follow.FollowShortcut)

    def first_draws(whole: bool) -> float:
        # Each page once: drawn afresh (never kept), in its frame or whole.
        pages = firsts[:]
        with mock.patch.object(page_cache, "page", lambda key, render, app=None: page_cache.KeptPage(render())):
            if whole:
                with mock.patch.object(frames, "framed", lambda key, code, parts, draw: draw(parts)):
                    return cpu_us(app.wsgi_app, pages)
            return cpu_us(app.wsgi_app, pages)

    pieces = {
        "kept page, before Flask": lambda: cpu_us(app.wsgi_app, [result]),
        "kept page, through Flask": lambda: cpu_us(kept_pages.wsgi_app, [result]),
        "kept page, before Flask, limits read through a Request": lambda: with_patch(
            security, "fits_before_flask", fits_through_request, lambda: cpu_us(app.wsgi_app, [result])),
        "table state, before Flask": lambda: cpu_us(app.wsgi_app, [state]),
        "table state, through Flask": lambda: cpu_us(follow_shortcut.wsgi_app, [state]),
        "table state through Flask, the app's session": lambda: cpu_us(follow_shortcut.wsgi_app, [state]),
        "table state through Flask, a session opened only with a cookie": lambda: with_session(
            app, lambda: cpu_us(follow_shortcut.wsgi_app, [state])),
        "town step, the app's session": lambda: cpu_us(app.wsgi_app, [step]),
        "town step, a session opened only with a cookie": lambda: with_session(
            app, lambda: cpu_us(app.wsgi_app, [step])),
        "result first drawn, in its frame": lambda: first_draws(False),
        "result first drawn, whole": lambda: first_draws(True),
    }
    # Each figure beside the floor measured just before it: the host's load drifts within seconds.
    figures = {name: [] for name in pieces}
    floors = {name: [] for name in pieces}
    for _ in range(REPEATS):
        for name, measure in pieces.items():
            floors[name].append(cpu_us(floor_app.app.wsgi_app, ["/"]))
            figures[name].append(measure())
    every_floor = [floor for values in floors.values() for floor in values]
    print("floor (floor_app.py, one route): {} µs CPU per request (min / median / max of {})".format(
        spread(every_floor), len(every_floor)))
    for name, values in figures.items():
        print("{}: {} µs CPU per request (min / median / max of {}), {} the floor's".format(
            name, spread(values), REPEATS, ratio(values, floors[name])))
    # The session's own share, too small for the figures above to show: its opening alone, for a visitor
    # without a cookie.
    with app.test_request_context(state) as context:
        for name, sessions in (("the app's session", app.session_interface),
                               ("a session opened only with a cookie", SessionOnlyWithCookie())):
            found = []
            for _ in range(REPEATS):
                started = time.process_time()
                for _ in range(20000):
                    sessions.open_session(app, context.request)
                found.append((time.process_time() - started) / 20000 * 1e6)
            print("opening {}: {:.1f} / {:.1f} / {:.1f} µs CPU".format(name, min(found), statistics.median(found),
                                                                       max(found)))


def with_patch(module, name, value, measure):
    with mock.patch.object(module, name, value):
        return measure()


class SessionOnlyWithCookie(SecureCookieSessionInterface):
    """Flask's session, its signer made only for a request that brings a session cookie."""

    def open_session(self, app, request):
        if app.secret_key and not request.cookies.get(self.get_cookie_name(app)):
            return self.session_class()
        return super().open_session(app, request)


def with_session(app, measure):
    kept = app.session_interface
    app.session_interface = SessionOnlyWithCookie()
    try:
        return measure()
    finally:
        app.session_interface = kept


if __name__ == "__main__":
    main()
