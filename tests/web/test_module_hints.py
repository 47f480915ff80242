"""No request chain: a page that starts the core asks in its <head> for what the core's worker loads, and a page
drawn by its scripts for every module they import; a page the server painted leaves its modules to its scripts."""

import pathlib
import re

import pytest

from support import examples
from support.examples import FOUR_PLAYERS_CODE
from support.tables import empty_setup
from support.tables import open_table
from webscore.scoring import encode

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


@pytest.mark.parametrize("path", ["/en/games", "/en/play", "/en/pad"])
def test_a_page_drawn_by_its_scripts_asks_at_once_for_every_module_they_import(client, path):
    page = client.get(path).get_data(as_text=True)
    scripts = re.findall(r'<script type="module" src="/static/v/\w+/js/([\w.-]+)"', page)
    hinted = {name[3:] for rel, name in HINT.findall(head(page)) if rel == "modulepreload"}
    assert scripts
    assert set().union(*(imported(script) for script in scripts)) - set(scripts) <= hinted
    assert set(HINT.findall(head(page))) >= WORKER_LOADS


def table_town(client) -> str:
    table = open_table(client, encode(empty_setup(examples.load("four-players"))))
    return "/en/t/{}/1".format(table)


@pytest.mark.parametrize("path", ["/en/g/{}/1".format(FOUR_PLAYERS_CODE), "/fr/g/{}/2?a1=well".format(FOUR_PLAYERS_CODE),
                                  table_town])
def test_a_town_painted_by_the_server_asks_at_once_for_the_core_and_for_none_of_its_modules(client, path):
    page = client.get(path if isinstance(path, str) else path(client))
    assert page.status_code == 200
    assert set(HINT.findall(head(page.text))) == WORKER_LOADS
    # Its modules come with its scripts, at the end of the page, after everything it paints.
    assert re.findall(r'<script type="module" src="/static/v/\w+/js/([\w.-]+)"', page.text)[:1] == ["town.js"]
