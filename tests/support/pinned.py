"""The codes each past encoder wrote before the next version existed, each with the game it decoded to and that
game's totals and places: read by the tests, never regenerated.

tests/core/pinned_codes_v1.json: version 1, written before version 2 (base games);
tests/core/pinned_codes_v2.json: version 2, written before version 3 (Fortune, coins and Tiny Trees too).
"""

import json
import pathlib

FOLDER = pathlib.Path(__file__).resolve().parents[1] / "core"
PINNED = json.loads((FOLDER / "pinned_codes_v1.json").read_text(encoding="utf-8"))["codes"]
PINNED_V2 = json.loads((FOLDER / "pinned_codes_v2.json").read_text(encoding="utf-8"))["codes"]
