"""Game codes: a game file packed into a short, URL-safe string for links.

Bytes: version, a flags byte (mode, monuments, cavern), the six coloured cards as 2-bit indexes, the
player count, then per player: name (length + UTF-8), monument index, 16 squares as 4-bit values
(0 empty, 1-7 the game's buildings, 8 the player's monument), optional counts (0 = none, n + 1 = n) for
Master Builder turns, Shrine buildings and towns completed before, and the load of each Warehouse.
A 24-bit CRC closes it, so a damaged or truncated code is refused rather than misread. The text is
base64url without padding, written here because MicroPython's binascii differs from CPython's.
"""

import binascii

from .cards import CARD_COLOURS
from .cards import COTTAGE
from .cards import MONUMENTS
from .cards import cards_of_colour
from .cards import colour_of
from .game import MODES
from .town import NAMES
from .town import SIZE
from .validate import MAX_NAME
from .validate import MAX_PLAYERS

VERSION = 1
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
DIGIT = {ALPHABET[i]: i for i in range(64)}
MONUMENT_IDS = tuple(sorted(MONUMENTS))
MONUMENT_SQUARE = 8
COUNTS = ("master_builder_turns", "shrine_buildings", "completed_before")
# The largest valid game, byte by byte, so that every game the core accepts gets a link that opens:
# per player a name of MAX_NAME 4-byte characters (its length fits one varint byte), the monument,
# 8 bytes of squares, Master Builder turns up to 999 (two varint bytes) and the two other counts,
# and a load for each of 16 Warehouses; around them the version, flags, two bytes of picks, the
# player count and the 3-byte check.
LARGEST_PLAYER = 1 + 4 * MAX_NAME + 1 + SIZE * SIZE // 2 + 2 + 1 + 1 + SIZE * SIZE
LARGEST_GAME = 5 + MAX_PLAYERS * LARGEST_PLAYER + 3
MAX_CODE = (LARGEST_GAME * 4 + 2) // 3


class CodeError(ValueError):
    """A game code that cannot be read; .reason says why."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def to_text(data: bytes) -> str:
    """Return bytes as base64url text without padding."""
    out = []
    for start in range(0, len(data), 3):
        chunk = data[start:start + 3]
        value = int.from_bytes(chunk + b"\0" * (3 - len(chunk)), "big")
        digits = [ALPHABET[(value >> shift) & 63] for shift in (18, 12, 6, 0)]
        out.append("".join(digits[:len(chunk) + 1]))
    return "".join(out)


# Text read this many characters at a time (a multiple of 4: 30 whole bytes), so that the number a block
# is read into stays small and reading grows with the text's length, not its square.
BLOCK = 40


def from_text(text: str) -> bytes:
    """Return the bytes of base64url text; raise CodeError for any other character or length."""
    if len(text) % 4 == 1:
        raise CodeError("truncated")
    out = bytearray()
    for start in range(0, len(text), BLOCK):
        block = text[start:start + BLOCK]
        value = 0
        for char in block:
            if char not in DIGIT:
                raise CodeError("bad-character")
            value = value << 6 | DIGIT[char]
        # A last group of 2 or 3 characters holds 1 or 2 bytes; the bits after them are padding.
        out.extend((value >> len(block) * 6 % 8).to_bytes(len(block) * 6 // 8, "big"))
    return bytes(out)


def _varint(out: bytearray, value: int):
    while value >= 128:
        out.append(value & 127 | 128)
        value >>= 7
    out.append(value)


class _Reader:
    __slots__ = ("data", "at")

    def __init__(self, data: bytes):
        self.data = data
        self.at = 0

    def byte(self) -> int:
        if self.at >= len(self.data):
            raise CodeError("truncated")
        self.at += 1
        return self.data[self.at - 1]

    def varint(self) -> int:
        value = 0
        for shift in (0, 7, 14):
            part = self.byte()
            value |= (part & 127) << shift
            if part < 128:
                return value
        raise CodeError("malformed") from None

    def take(self, count: int) -> bytes:
        if self.at + count > len(self.data):
            raise CodeError("truncated")
        self.at += count
        return self.data[self.at - count:self.at]


def _crc(payload: bytes) -> bytes:
    return (binascii.crc32(payload) & 0xFFFFFF).to_bytes(3, "big")


def encode(game: dict) -> str:
    """Return the code of a valid game file (see validate.problems)."""
    flags = MODES.index(game["mode"]) | (4 if game["monuments"] else 0) | (8 if game["cavern"] else 0)
    out = bytearray((VERSION, flags))
    picks = 0
    for colour in CARD_COLOURS:
        card = next(c for c in game["buildings"] if colour_of(c) == colour)
        picks = picks << 2 | cards_of_colour(colour).index(card)
    out.extend(picks.to_bytes(2, "big"))
    order = buildings_in_order(game["buildings"])
    out.append(len(game["players"]))
    for player in game["players"]:
        name = player["name"].encode("utf-8")
        _varint(out, len(name))
        out.extend(name)
        monument = player.get("monument")
        out.append(0 if monument is None else 1 + MONUMENT_IDS.index(monument))
        squares = [card for row in player["town"] for card in row]
        values = [0 if card is None else MONUMENT_SQUARE if card in MONUMENTS else 1 + order.index(card)
                  for card in squares]
        out.extend(bytes(values[i] << 4 | values[i + 1] for i in range(0, 16, 2)))
        for key in COUNTS:
            value = player.get(key)
            _varint(out, 0 if value is None else value + 1)
        stored = player.get("stored") or {}
        for i in range(16):
            if squares[i] == "warehouse":
                out.append(stored.get(NAMES[i], 0))
    return to_text(bytes(out) + _crc(bytes(out)))


def buildings_in_order(buildings: list) -> list:
    """Return a game's seven buildings in the canonical order: Cottage, then by colour."""
    return [COTTAGE] + [next(c for c in buildings if colour_of(c) == colour) for colour in CARD_COLOURS]


def decode(code: str) -> dict:
    """Return the game file of a code; raise CodeError if it is damaged. Validate the game after."""
    if type(code) is not str or not code:
        raise CodeError("truncated")
    if len(code) > MAX_CODE:
        raise CodeError("too-long")
    for char in code:
        if char not in DIGIT:
            raise CodeError("bad-character")
    # A length no code has (4n + 1) is a code cut one character into a byte: read the whole bytes.
    cut = len(code) % 4 == 1
    data = from_text(code[:-1] if cut else code)
    if cut or len(data) < 8 or _crc(data[:-3]) != data[-3:]:
        raise CodeError(_why_unreadable(data))
    payload = data[:-3]
    reader = _Reader(payload)
    if reader.byte() != VERSION:
        raise CodeError("version")
    game = _read_game(reader)
    if reader.at != len(payload):
        raise CodeError("malformed") from None
    return game


def _why_unreadable(data: bytes) -> str:
    """Return "truncated" for bytes that read as the start of a code, else "damaged".

    The check closes a code, so a cut one fails it like a changed one: what tells them apart is
    that a cut code's bytes are a whole code's first bytes, read correctly until they run out.
    """
    reader = _Reader(data)
    try:
        if reader.byte() != VERSION:
            return "damaged"
        _read_game(reader)
        reader.take(3)
    except CodeError as error:
        return "truncated" if error.reason == "truncated" else "damaged"
    return "damaged"


def _read_game(reader) -> dict:
    """Return the game the reader's bytes hold after the version byte."""
    flags = reader.byte()
    if flags >> 4 or flags & 3 >= len(MODES):
        raise CodeError("malformed") from None
    picks = int.from_bytes(reader.take(2), "big")
    buildings = [COTTAGE]
    for n in range(len(CARD_COLOURS)):
        options = cards_of_colour(CARD_COLOURS[n])
        index = picks >> 2 * (len(CARD_COLOURS) - 1 - n) & 3
        if index >= len(options):
            raise CodeError("malformed") from None
        buildings.append(options[index])
    count = reader.byte()
    # No valid game has more players or a longer name: a changed byte is told apart from a cut code.
    if count > MAX_PLAYERS:
        raise CodeError("malformed") from None
    players = [_read_player(reader, buildings) for _ in range(count)]
    return {"mode": MODES[flags & 3], "monuments": bool(flags & 4), "cavern": bool(flags & 8),
            "buildings": buildings, "players": players}


def _read_player(reader, buildings: list) -> dict:
    length = reader.varint()
    if length > 4 * MAX_NAME:
        raise CodeError("malformed") from None
    try:
        name = str(reader.take(length), "utf-8")
    except UnicodeError:
        raise CodeError("malformed") from None
    index = reader.byte()
    if index > len(MONUMENT_IDS):
        raise CodeError("malformed") from None
    monument = MONUMENT_IDS[index - 1] if index else None
    squares = []
    for byte in reader.take(8):
        for value in (byte >> 4, byte & 15):
            if value > MONUMENT_SQUARE or value == MONUMENT_SQUARE and monument is None:
                raise CodeError("malformed") from None
            squares.append(None if value == 0 else monument if value == MONUMENT_SQUARE else buildings[value - 1])
    player = {"name": name, "monument": monument, "town": [squares[r * 4:r * 4 + 4] for r in range(4)]}
    for key in COUNTS:
        value = reader.varint()
        player[key] = value - 1 if value else None
    player["stored"] = {NAMES[i]: reader.byte() for i in range(16) if squares[i] == "warehouse"}
    return player
