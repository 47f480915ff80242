"""No request chain: a page that starts the core asks in its <head> for what the core's worker loads (where no service
worker serves it), and a page drawn by its scripts for every module they import; a page the server painted leaves its
modules to its scripts."""

import base64
import hashlib
import pathlib
import re

import pytest

from support import examples
from support.examples import FOUR_PLAYERS_CODE
from support.tables import empty_setup
from support.tables import open_table
from webscore.scoring import encode
from webscore.web.http.security import CORE_HINTS_SCRIPT

JS = pathlib.Path(__file__).resolve().parents[2] / "static" / "js"
IMPORTED = re.compile(r'^import [^;]*? from "\./([\w.-]+)";', re.M)
HINT = re.compile(r'<link rel="(modulepreload|preload)" href="/(?:static|core)/v/\w+/([\w./-]+)"')
# What core-worker.mjs loads: itself, the MicroPython runtime and its WebAssembly, and the core's Python bundle.
WORKER_LOADS = {("preload", "js/core-worker.mjs"), ("preload", "vendor/micropython/micropython.mjs"),
                ("preload", "vendor/micropython/micropython.wasm"), ("preload", "core.bundle")}


def imported(script: str, seen=None) -> set:
    """Return the modules a script imports by name, and theirs (a dynamic import() is left out)."""
    seen = set() if seen is None else seen
    for module in IMPORTED.findall((JS / script).read_text()):
        if module not in seen:
            seen.add(module)
            imported(module, seen)
    return seen


def head(page: str) -> str:
    return page.split("</head>", 1)[0]


# The core's files, in a template the preload scanner does not read, and the one script that asks for them where no
# service worker serves the page (it holds them already and gives them to the core's worker).
CORE_HINTS = re.compile(r'<template id="core-hints">(.*?)</template>\n<script>([^<]*)</script>', re.S)


def core_hints(page) -> set:
    """Return the hints of a page's <head> asked for only where no service worker serves it, checking the script
    that asks for them runs: its exact text is let in by the page's policy."""
    found = CORE_HINTS.findall(head(page.text))
    assert len(found) == 1
    hints, script = found[0]
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    assert "script-src 'self' 'wasm-unsafe-eval' 'sha256-{}'".format(digest) in page.headers["Content-Security-Policy"]
    assert script == CORE_HINTS_SCRIPT
    # Before any style sheet: a script waits for the style sheets linked before it, and its hints would too.
    assert 'rel="stylesheet"' not in head(page.text).split('<template id="core-hints">')[0]
    return set(HINT.findall(hints))


def direct_hints(page) -> set:
    """Return the hints of a page's <head> outside its template: asked for by every visit."""
    return set(HINT.findall(CORE_HINTS.sub("", head(page.text))))


@pytest.mark.parametrize("path", ["/en/games", "/en/play", "/en/pad"])
def test_a_page_drawn_by_its_scripts_asks_at_once_for_every_module_they_import(client, path):
    page = client.get(path)
    scripts = re.findall(r'<script type="module" src="/static/v/\w+/js/([\w.-]+)"', page.text)
    hinted = {name[3:] for rel, name in direct_hints(page) if rel == "modulepreload"}
    assert scripts
    assert set().union(*(imported(script) for script in scripts)) - set(scripts) <= hinted
    assert core_hints(page) == WORKER_LOADS and not direct_hints(page) & WORKER_LOADS


def table_town(client) -> str:
    table = open_table(client, encode(empty_setup(examples.load("four-players"))))
    return "/en/t/{}/1".format(table)


@pytest.mark.parametrize("path", ["/en/g/{}/1".format(FOUR_PLAYERS_CODE), "/fr/g/{}/2?a1=well".format(FOUR_PLAYERS_CODE),
                                  table_town])
def test_a_town_painted_by_the_server_asks_at_once_for_the_core_and_for_none_of_its_modules(client, path):
    page = client.get(path if isinstance(path, str) else path(client))
    assert page.status_code == 200
    assert core_hints(page) == WORKER_LOADS and direct_hints(page) == set()
    # Its modules come with its scripts, at the end of the page, after everything it paints.
    assert re.findall(r'<script type="module" src="/static/v/\w+/js/([\w.-]+)"', page.text)[:1] == ["town.js"]
