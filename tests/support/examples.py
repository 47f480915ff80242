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

# Three names a page must show as typed: markup, quotes with an entity, right-to-left script with an emoji.
MARKUP_NAMES = ("<b>Zoé</b>", "\"'&amp;", "שלום 🎲")
# 3 fed Cottages (9) + Chapel (3) + Well (0) - 10 empty squares = 2 points: players who each have this town tie.
TIED_TOWN = ("cottage cottage farm .", "cottage chapel well .", ". . . .", ". . . .")


def tied_game(names=MARKUP_NAMES, turns=()) -> dict:
    """Return a Master Builder game without monuments where every player's town is TIED_TOWN: all tie on 2 points.

    turns gives the players' Master Builder turns in order; a player given none (or None) has them left out.
    """
    game = load("four-players")
    game["monuments"] = False
    game["buildings"] = ["cottage", "farm", "well", "chapel", "tavern", "theater", "factory"]
    rows = [[None if card == "." else card for card in row.split()] for row in TIED_TOWN]
    game["players"] = [{"name": name, "monument": None, "town": copy.deepcopy(rows)} for name in names]
    for player, n in zip(game["players"], turns):
        if n is not None:
            player["master_builder_turns"] = n
    return game
