"""The codes the version-1 encoder wrote before version 2 existed (tests/core/pinned_codes_v1.json), each with
the game it decodes to and that game's totals and places: read by the tests, never regenerated."""

import json
import pathlib

PATH = pathlib.Path(__file__).resolve().parents[1] / "core" / "pinned_codes_v1.json"
PINNED = json.loads(PATH.read_text(encoding="utf-8"))["codes"]
