"""Floor pages for tests/bench/first_visit.py, served by the very gunicorn that serves the app.

A floor is what a page could not beat: the same bytes with nothing of the app's own work. The pages are
files in a temporary folder, served under /floor/ by a tiny WSGI module written beside them that hands
every other address to `webscore:create_app()`, so floors and app share one server, one port and one
origin. The floor files are compressed as the app compresses its pages (brotli at its quick quality, assets.QUICK) and sent
with "Content-Encoding: br" to a browser that takes it, so a floor's page costs the same bytes on the
wire as the page it stands for. They are sent with the app's security headers (its Content-Security-Policy,
Cross-Origin-Opener-Policy and the rest, webscore/web/http/security.py HEADERS), as the page they stand for is:
the browser's work for those is the page's as served, not the app's scripts' (the opener policy alone costs a
warm visit some 40 ms of this machine's throttled time, the content policy some 20). A floor whose name starts
with "bare-" is sent without them, to show that cost. Werkzeug's SharedDataMiddleware would serve them too, but
only as they are, uncompressed.
"""

import contextlib
import html
import pathlib
import re
import tempfile

import brotli

from support.servers import procfile_gunicorn
from webscore.web.http.assets import QUICK

MODULE = "first_visit_floor_app"
PREFIX = "/floor/"

WSGI = '''"""Marquoir with floor pages beside it: files of {folder} under {prefix}, the app for the rest."""

import mimetypes
import pathlib

import webscore
from webscore.web.http.security import HEADERS

FOLDER = pathlib.Path({folder!r})
PREFIX = {prefix!r}
site = webscore.create_app()


def app(environ, start_response):
    path = environ.get("PATH_INFO", "")
    if not path.startswith(PREFIX):
        return site(environ, start_response)
    name = path[len(PREFIX):]
    file = FOLDER / name
    if not name or "/" in name or name.startswith(".") or not file.is_file():
        start_response("404 Not Found", [("Content-Type", "text/plain"), ("Content-Length", "9")])
        return [b"not found"]
    headers = [("Content-Type", mimetypes.guess_type(name)[0] or "application/octet-stream"),
               ("Cache-Control", "max-age=3600"), ("Vary", "Accept-Encoding")]
    if not name.startswith("bare-"):
        headers += list(HEADERS.items())
    packed = file.with_name(file.name + ".br")
    if packed.is_file() and "br" in environ.get("HTTP_ACCEPT_ENCODING", ""):
        file = packed
        headers.append(("Content-Encoding", "br"))
    body = file.read_bytes()
    headers.append(("Content-Length", str(len(body))))
    start_response("200 OK", headers)
    return [body]
'''

SCRIPTS = re.compile(r"<script\b[^>]*>.*?</script\s*>", re.S | re.I)
LINK = re.compile(r"<link\b[^>]*>", re.I)
REL = re.compile(r"""\brel\s*=\s*["']?([^"'\s>]+)""", re.I)
# What a static floor drops: everything that runs, and what the page loads for its scripts.
PRELOADS = ("modulepreload", "preload")
STYLESHEET = ("stylesheet",)
# What the "fetched at once" floor drops besides: every link that would fetch something of its own.
EVERY_LINK = ("stylesheet", "modulepreload", "preload", "icon", "apple-touch-icon", "manifest", "prefetch")


class Floors:
    """The floor folder of a running server: write pages into it, have them at base + PREFIX + name."""

    def __init__(self, folder: pathlib.Path, base: str):
        self.folder = folder
        self.base = base

    def write(self, name: str, page: str) -> str:
        """Write a floor page (and its brotli copy, as the app compresses pages); return its address."""
        body = page.encode()
        (self.folder / name).write_bytes(body)
        (self.folder / (name + ".br")).write_bytes(brotli.compress(body, quality=QUICK))
        return self.base + PREFIX + name


@contextlib.contextmanager
def serve(log=None):
    """Run gunicorn as the Procfile does, for the app with the floor folder beside it; yield (base, Floors)."""
    with tempfile.TemporaryDirectory(prefix="marquoir-first-visit-") as folder:
        path = pathlib.Path(folder)
        (path / "files").mkdir()
        (path / (MODULE + ".py")).write_text(WSGI.format(folder=str(path / "files"), prefix=PREFIX))
        with procfile_gunicorn(target=MODULE + ":app", extra=["--pythonpath", folder], log=log) as (port, _):
            base = "http://127.0.0.1:{}".format(port)
            yield base, Floors(path / "files", base)


def strip(page: str, rels: tuple) -> str:
    """Return a page without its <script> elements and its <link>s of these rel values.

    What is taken out is kept, inert, in a comment at the end of the page, so the floor has (to a few
    bytes) the size of the page it stands for and compresses alike.
    """
    removed = []

    def drop(match):
        removed.append(match.group(0))
        return ""

    def drop_link(match):
        rel = REL.search(match.group(0))
        if rel and rel.group(1).lower() in rels:
            return drop(match)
        return match.group(0)

    kept = LINK.sub(drop_link, SCRIPTS.sub(drop, page))
    inert = "<!-- {} -->".format("\n".join(removed).replace("--", "- "))
    at = kept.lower().rfind("</body>")
    at = len(kept) if at < 0 else at
    return kept[:at] + inert + kept[at:]


def static_page(page: str, stylesheet: bool) -> str:
    """Return a page as served, its scripts and preloads removed (its style sheet too unless `stylesheet`)."""
    return strip(page, PRELOADS if stylesheet else PRELOADS + STYLESHEET)


def fetched_at_once(page: str, urls: list, body_bytes: int | None = None) -> str:
    """Return a page that asks from its <head> for every one of `urls` at once, and for nothing else.

    It is `page` without its scripts and links, what they were kept inert at its end; that comment is cut
    so the page compressed is no more than `body_bytes` (the body of the page it stands for, on the wire).
    """
    hints = "".join('<link rel="preload" as="fetch" crossorigin href="{}">'.format(html.escape(url)) for url in urls)
    bare = strip(page, EVERY_LINK)
    head = re.search(r"<head\b[^>]*>", bare, re.I)
    at = head.end() if head else 0
    full = bare[:at] + hints + bare[at:]
    if body_bytes is None:
        return full
    comment = full.rfind("<!-- ")
    close = full.find(" -->", comment)

    def cut(keep: int) -> str:
        return full[:comment + 5 + keep] + full[close:]

    low, high = 0, close - comment - 5
    while low < high:
        middle = (low + high + 1) // 2
        if len(brotli.compress(cut(middle).encode(), quality=QUICK)) <= body_bytes:
            low = middle
        else:
            high = middle - 1
    return cut(low)
