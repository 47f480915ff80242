"""The browser's core collects its heap only every COLLECT_AFTER bytes (static/js/core-worker.mjs), not on every tap."""

import json
import shutil
import subprocess
import tempfile

import pytest

from support import examples
from support.core_bundle import bundle_file
from support.micropython_feeding import ROOT
from support.towns import game
from support.towns import player
from support.towns import town

SCORINGS = 10


def heap_after_scorings(played: dict) -> dict:
    """Return what tests/micropython/heap_after_scorings.mjs prints for SCORINGS live scorings of this game."""
    with tempfile.NamedTemporaryFile("w", suffix=".json") as handle, bundle_file() as core:
        json.dump(played, handle)
        handle.flush()
        done = subprocess.run([shutil.which("node"), str(ROOT / "tests" / "micropython" / "heap_after_scorings.mjs"),
                               core.name, handle.name, str(SCORINGS)], capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


# The rulebook's town, and a Fortune town whose coins the feeding spends (Root Cellar lines for Temples).
GAMES = {
    "rulebook": examples.load("rulebook-28"),
    "root-cellar": game(player(town("cottage schoolhouse cottage temple", "cottage cottage grand-mausoleum-of-the-rodina cottage",
                                    "schoolhouse cottage schoolhouse cottage", "cottage schoolhouse cottage root-cellar"),
                               coins=4), coins=True),
}


@pytest.mark.parametrize("name", GAMES)
def test_ten_live_scorings_in_a_row_pay_one_collection_at_most(name):
    found = heap_after_scorings(GAMES[name])
    assert found["threshold"] == found["collect_after"] == 256 * 1024
    allocated = found["allocated"]
    # The heap grows scoring after scoring, and falls only where a collection ran: at most once in ten. The runtime's
    # own threshold (16 KB) collected after every scoring or so, each a sweep of its whole heap. Not none: the Fortune
    # town's ten scorings allocate about as much as COLLECT_AFTER all told (the threshold counts every block allocated,
    # those a list or a text outgrew too, where the heap shows only what is left), and moving the rules of a name to a
    # module of their own brought its one collection from the eleventh scoring to the tenth.
    falls = [k for k in range(SCORINGS - 1) if allocated[k + 1] < allocated[k]]
    assert len(falls) <= 1, allocated
    # And what they left between collections is the runtime's own threshold five times over and more (11 KB or more
    # a scoring).
    grown = sum(allocated[k + 1] - allocated[k] for k in range(SCORINGS - 1) if k not in falls)
    assert grown > 5 * 16 * 1024, allocated
