"""What a long Accept-Language costs a page that reads it: python tests/bench/accept_language.py

The bare root (/, a redirect to the reader's language) is asked with an ordinary Accept-Language and with one of
700 tags (4,900 bytes, under the app's limit of a header field), and the floor (floor_app.py's one route) is
measured beside each. The app's WSGI callable is called directly (no server, no network), REQUESTS requests in a
row; each figure is CPU time per request (time.process_time), repeated, min / median / max.
"""

import pathlib
import statistics
import sys
import tempfile
import time

from werkzeug.test import EnvironBuilder

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "bench"))

import floor_app  # noqa: E402

from support.apps import new_app  # noqa: E402

REQUESTS = 400
REPEATS = 5
TAGS = ",".join("x{}{};q=0.5".format(chr(97 + n % 26), chr(97 + n // 26 % 26)) for n in range(700))
HEADERS = {"ordinary": "hu-HU,hu;q=0.9,en;q=0.8", "700 tags": "hu-HU," + TAGS}


def cpu_us(wsgi_app, accept_language: str) -> float:
    """Return the CPU microseconds per request of asking / with this Accept-Language, REQUESTS times."""
    environ = EnvironBuilder(path="/", base_url="http://marquoir.test",
                             headers={"Accept-Language": accept_language}).get_environ()

    def start_response(status, headers, exc_info=None):
        return None

    b"".join(wsgi_app(dict(environ), start_response))
    started = time.process_time()
    for _ in range(REQUESTS):
        body = wsgi_app(dict(environ), start_response)
        b"".join(body)
        getattr(body, "close", lambda: None)()
    return (time.process_time() - started) / REQUESTS * 1e6


def spread(values: list, form: str = "{:.0f}") -> str:
    return " / ".join(form.format(value) for value in (min(values), statistics.median(values), max(values)))


def main() -> None:
    app = new_app(TESTING=False, SERVER_NAME="marquoir.test", TABLES_DATABASE=tempfile.mkdtemp() + "/tables.sqlite3")
    figures = {name: [] for name in HEADERS}
    floors = []
    for _ in range(REPEATS):
        # Each figure beside the floor measured just before it: the host's load drifts within seconds.
        for name, header in HEADERS.items():
            floors.append(cpu_us(floor_app.app.wsgi_app, header))
            figures[name].append((cpu_us(app.wsgi_app, header), floors[-1]))
    print("floor (floor_app.py, one route): {} µs CPU per request (min / median / max of {})".format(
        spread(floors), len(floors)))
    for name, pairs in figures.items():
        print("/ with an Accept-Language of {}: {} µs CPU per request, {} the floor's (min / median / max of {})".format(
            name, spread([value for value, _ in pairs]), spread([value / floor for value, floor in pairs], "{:.1f}×"),
            REPEATS))


if __name__ == "__main__":
    main()
