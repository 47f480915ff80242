"""The version-1 encoder as it stood when version 2 replaced it: a test oracle, never used by the app.

Marquoir writes version 2 only; tests still need version-1 codes of games no pinned code holds, to show
that both versions of a base game decode to the same game. Its card tables are the ones version 1 wrote
with (each colour's four cards and the 15 monuments sorted by id), copied as they were, not derived.
"""

import binascii

from webscore.scoring.code_text import to_text
from webscore.scoring.town import NAMES

MODES = ("master-builder", "town-hall", "solo")
COLOURS = ("red", "grey", "orange", "green", "yellow", "navy")
CARDS = {
    "red": ("farm", "granary", "greenhouse", "orchard"),
    "grey": ("fountain", "millstone", "shed", "well"),
    "orange": ("abbey", "chapel", "cloister", "temple"),
    "green": ("almshouse", "feast-hall", "inn", "tavern"),
    "yellow": ("bakery", "market", "tailor", "theater"),
    "navy": ("bank", "factory", "trading-post", "warehouse"),
}
MONUMENTS = ("architects-guild", "archive-of-the-second-age", "barrett-castle", "cathedral-of-caterina",
             "fort-ironweed", "grand-mausoleum-of-the-rodina", "grove-university", "mandras-palace",
             "obelisk-of-the-crescent", "opaleyes-watch", "shrine-of-the-elder-tree", "silva-forum",
             "statue-of-the-bondmaker", "the-sky-baths", "the-starloom")


def _varint(out: bytearray, value: int):
    while value >= 128:
        out.append(value & 127 | 128)
        value >>= 7
    out.append(value)


def encode_v1(game: dict) -> str:
    """Return the version-1 code of a valid base game."""
    out = bytearray((1, MODES.index(game["mode"]) | (4 if game["monuments"] else 0) | (8 if game["cavern"] else 0)))
    by_colour = [next(c for c in game["buildings"] if c in CARDS[colour]) for colour in COLOURS]
    picks = 0
    for colour, card in zip(COLOURS, by_colour):
        picks = picks << 2 | CARDS[colour].index(card)
    out.extend(picks.to_bytes(2, "big"))
    order = ["cottage"] + by_colour
    out.append(len(game["players"]))
    for player in game["players"]:
        name = player["name"].encode("utf-8")
        _varint(out, len(name))
        out.extend(name)
        monument = player.get("monument")
        out.append(0 if monument is None else 1 + MONUMENTS.index(monument))
        squares = [card for row in player["town"] for card in row]
        values = [0 if card is None else 8 if card in MONUMENTS else 1 + order.index(card) for card in squares]
        out.extend(bytes(values[i] << 4 | values[i + 1] for i in range(0, 16, 2)))
        for key in ("master_builder_turns", "shrine_buildings", "completed_before"):
            value = player.get(key)
            _varint(out, 0 if value is None else value + 1)
        stored = player.get("stored") or {}
        out.extend(stored.get(NAMES[i], 0) for i in range(16) if squares[i] == "warehouse")
    payload = bytes(out)
    return to_text(payload + (binascii.crc32(payload) & 0xFFFFFF).to_bytes(3, "big"))
