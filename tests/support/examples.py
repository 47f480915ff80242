"""The example game files every layer's tests share, read once."""

import copy
import json
import pathlib

from webscore.scoring import encode

FOLDER = pathlib.Path(__file__).resolve().parent / "games"
_FILES = {path.stem: json.loads(path.read_text()) for path in sorted(FOLDER.glob("*.json"))}
NAMES = tuple(sorted(_FILES))


def load(name: str) -> dict:
    """Return a fresh copy of an example game file (rulebook-28, four-players), free to change."""
    return copy.deepcopy(_FILES[name])


def path(name: str) -> pathlib.Path:
    """Return the path of an example game file, for tests that read it as a file."""
    return FOLDER / (name + ".json")


RULEBOOK_CODE = encode(_FILES["rulebook-28"])
FOUR_PLAYERS_CODE = encode(_FILES["four-players"])
