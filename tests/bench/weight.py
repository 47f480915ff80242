"""Bytes of a first visit: python tests/bench/weight.py

For a town step opened with an empty cache, with "Accept-Encoding: br, gzip": the bytes on the wire
(status line, headers and body) of the page, then of the page with everything it needs before the town
can be entered (its style sheet, icons, and the scripts it loads with their static imports), then what
the live score fetches (the MicroPython runtime and the core), and what the service worker stores: at
install (registered only once the page is idle) and afterwards, one page at a time. No server: the
Flask test client, so the figures are exact and the same on every run.
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from support import examples  # noqa: E402
from support.apps import new_app  # noqa: E402
from webscore.languages import TRANSLATED  # noqa: E402
from webscore.web.offline import views as offline  # noqa: E402

HEADERS = {"Accept-Encoding": "br, gzip", "Accept-Language": "en"}
REFERENCED = re.compile(r'(?:src|href)="(/static/[^"]+)"')
# What the page asks for early for the live score (the core's worker, runtime and bundle): not needed to enter a town.
CORE_HINT = re.compile(r'<link rel="preload"[^>]*>')
STATIC_IMPORT = re.compile(r'^import\s[^;]*?from\s+"(\.[^"]+)"', re.M)


def wire_bytes(client, path: str) -> tuple:
    """Return (bytes on the wire, decoded body text or None) of one GET."""
    response = client.get(path, headers=HEADERS)
    body = response.get_data()
    head = len("HTTP/1.1 {}\r\n".format(response.status)) + sum(
        len("{}: {}\r\n".format(name, value)) for name, value in response.headers.items()) + 2
    plain = client.get(path).get_data()
    response.close()
    text = plain.decode("utf-8", "replace") if path.endswith((".js", ".mjs", ".css")) or "/static/" not in path else None
    return head + len(body), text


def resolve(base: str, relative: str) -> str:
    """Return the absolute path of a module imported relatively from base."""
    parts = base.split("/")[:-1]
    for piece in relative.split("/"):
        if piece == "..":
            parts.pop()
        elif piece != ".":
            parts.append(piece)
    return "/".join(parts)


def page_with_needs(client, path: str) -> dict:
    """Return the bytes of a page and of it with what it loads at once (scripts' static imports included)."""
    page, html = wire_bytes(client, path)
    seen = set()
    pending = [url for url in REFERENCED.findall(CORE_HINT.sub("", html)) if "apple-touch" not in url]
    needed = page
    while pending:
        url = pending.pop()
        if url in seen:
            continue
        seen.add(url)
        size, text = wire_bytes(client, url)
        needed += size
        if text is not None and url.endswith((".js", ".mjs")):
            pending += [resolve(url, relative) for relative in STATIC_IMPORT.findall(text)]
    return {"page": page, "usable": needed, "files": len(seen) + 1}


def measure() -> dict:
    """Return the first-visit bytes of a town step."""
    app = new_app(SERVER_NAME="marquoir.test")
    client = app.test_client()
    town = page_with_needs(client, "/en/g/{}/1".format(examples.FOUR_PLAYERS_CODE))
    games = page_with_needs(client, "/en/games")
    with app.test_request_context():
        pages = offline.precache_pages()
        assets = offline.precache_assets()
    live = [url for url in assets if "/vendor/micropython/micropython" in url or url.startswith("/core/")
            or url.endswith("/js/core-worker.mjs")]
    return {
        "town_page": town["page"],
        "town_usable": town["usable"],
        "town_usable_files": town["files"],
        "games_page": games["page"],
        "games_usable": games["usable"],
        "games_usable_files": games["files"],
        "live_files": len(live),
        "live": sum(wire_bytes(client, url)[0] for url in live),
        "install_files": len(assets) + len(pages["en"]),
        "install": sum(wire_bytes(client, url)[0] for url in assets + pages["en"]),
        "other_languages": sum(wire_bytes(client, url)[0] for lang in TRANSLATED for url in pages[lang]),
    }


def main() -> None:
    """Print the first-visit bytes, one `name: value` line each."""
    figures = measure()
    print("bytes.town_page: {}".format(figures["town_page"]))
    print("bytes.town_usable ({} files: page, style sheet, icon, scripts and their imports): {}".format(
        figures["town_usable_files"], figures["town_usable"]))
    print("bytes.games_page: {}".format(figures["games_page"]))
    print("bytes.games_with_its_scripts ({} files; its figures are drawn once the core below is there too): {}".format(
        figures["games_usable_files"], figures["games_usable"]))
    print("bytes.live_score_runtime_and_core ({} files): {}".format(figures["live_files"], figures["live"]))
    print("bytes.service_worker_install_when_idle ({} files): {}".format(figures["install_files"], figures["install"]))
    print("bytes.service_worker_other_languages_after: {}".format(figures["other_languages"]))


if __name__ == "__main__":
    main()
