"""No request chain: a page that starts the core asks in its <head> for every module its scripts import."""

import pathlib
import re

import pytest

from support.examples import FOUR_PLAYERS_CODE

JS = pathlib.Path(__file__).resolve().parents[2] / "static" / "js"
IMPORTED = re.compile(r'^import [^;]*? from "\./([\w.-]+)";', re.M)


def imported(script: str, seen=None) -> set:
    """Return the modules a script imports by name, and theirs (a dynamic import() is left out)."""
    seen = set() if seen is None else seen
    for module in IMPORTED.findall((JS / script).read_text()):
        if module not in seen:
            seen.add(module)
            imported(module, seen)
    return seen


@pytest.mark.parametrize("path", ["/en/games", "/en/play", "/en/pad", "/en/g/{}/1".format(FOUR_PLAYERS_CODE)])
def test_every_module_a_scripts_imports_is_asked_for_at_once(client, path):
    page = client.get(path).get_data(as_text=True)
    scripts = re.findall(r'<script type="module" src="/static/v/\w+/js/([\w.-]+)"', page)
    hinted = set(re.findall(r'<link rel="modulepreload" href="/static/v/\w+/js/([\w.-]+)"', page))
    assert scripts
    assert set().union(*(imported(script) for script in scripts)) - set(scripts) <= hinted
