"""Town views fed under MicroPython (in Node), as the browser's core feeds them: tests/micropython/feed_views.mjs."""

import json
import pathlib
import shutil
import subprocess
import tempfile

from .core_bundle import bundle_file

ROOT = pathlib.Path(__file__).resolve().parents[2]


def feed_under_micropython(views: list) -> list:
    """Return [the fed squares in order, the coins' spending or None] of each town view, fed under MicroPython.

    One Node process feeds them all, each on a TownView of its squares, coins and right neighbour's coins.
    """
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("Node.js is needed to run the core under MicroPython (apt-get install nodejs)")
    items = [[list(view.squares), view.coins, view.right_coins] for view in views]
    with tempfile.NamedTemporaryFile("w", suffix=".json") as handle, bundle_file() as core:
        json.dump(items, handle)
        handle.flush()
        done = subprocess.run([node, str(ROOT / "tests" / "micropython" / "feed_views.mjs"), core.name, handle.name],
                              capture_output=True, text=True, check=True)
    return json.loads(done.stdout)
