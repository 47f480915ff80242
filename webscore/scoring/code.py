"""Game codes: a game file packed into a short, URL-safe string for links, and read back.

A code is base64url text (without padding) of bytes closed by a 24-bit CRC, so that a damaged or truncated code is
refused rather than misread. Its first byte is its version: how each version lays a game out is in code_layouts.py
(a result link must mean the same game forever); here the newest is written and every one is read. Cards and monuments
are named by their permanent numbers (card_numbers.py); the text is code_text.py's.
"""

import binascii

from .card_numbers import CARD_NUMBER
from .card_numbers import CARDS_BY_NUMBER
from .card_numbers import MONUMENT_NUMBER
from .card_numbers import MONUMENTS_BY_NUMBER
from .cards import CARD_COLOURS
from .cards import COINS
from .cards import COTTAGE
from .cards import HOLLOW_HILL
from .cards import WAREHOUSE
from .code_layouts import COUNTS
from .code_layouts import FLAGS
from .code_layouts import FORTUNE_MONUMENTS_FLAG
from .code_layouts import LAYOUTS
from .code_layouts import MAX_CODE
from .code_layouts import MONUMENT_SQUARE
from .code_layouts import SEED
from .code_layouts import SWAPS
from .code_layouts import TINY_TREES
from .code_layouts import WRITTEN
from .code_layouts import Layout
from .code_text import DIGIT
from .code_text import CodeError
from .code_text import from_text
from .code_text import to_text
from .expansions import NO_SEED
from .expansions import plays_fortune
from .game import MODES
from .names import MAX_NAME
from .town import NAMES
from .validate import MAX_PLAYERS

# Each value a square may hold (0 to MONUMENT_SQUARE), as bytes.hex() writes it: a digit.
SQUARE_DIGITS = "".join([str(value) for value in range(MONUMENT_SQUARE + 1)])
# The bits a last group of 2 or 3 characters holds beyond its bytes, by the text's length modulo 4: 0 in
# every code written, so that one game has one version-2 text (a changed character is never read as the
# same game).
SPARE_BITS = (0, 0, 15, 3)


def _varint(out: bytearray, value: int):
    while value >= 128:
        out.append(value & 127 | 128)
        value >>= 7
    out.append(value)


def _count(value) -> int:
    """Return a count as a code writes it: 0 for none, n + 1 for n."""
    return 0 if value is None else value + 1


class _Reader:
    __slots__ = ("data", "at")

    def __init__(self, data: bytes):
        self.data = data
        self.at = 0

    def byte(self) -> int:
        at = self.at
        if at >= len(self.data):
            raise CodeError("truncated")
        self.at = at + 1
        return self.data[at]

    def varint(self) -> int:
        value = 0
        for shift in (0, 7, 14):
            part = self.byte()
            value |= (part & 127) << shift
            if part < 128:
                return value
        raise CodeError("malformed") from None

    def count(self):
        """Return a count written by _count: None or a number."""
        value = self.varint()
        return value - 1 if value else None

    def take(self, count: int) -> bytes:
        if self.at + count > len(self.data):
            raise CodeError("truncated")
        self.at += count
        return self.data[self.at - count:self.at]


def _crc(payload: bytes) -> bytes:
    return (binascii.crc32(payload) & 0xFFFFFF).to_bytes(3, "big")


def encode(game: dict) -> str:
    """Return the code of a valid game file (see validate.problems), in the newest version."""
    layout = WRITTEN
    flags = MODES.index(game["mode"])
    for bit, flag in enumerate(FLAGS + layout.expansions):
        flags |= (4 << bit) if game.get(flag) else 0
    out = bytearray((layout.version, flags))
    # Cottage, then the card of each colour in the score pad's order: the order the numbers are written in.
    order = buildings_in_order(game["buildings"])
    numbers = 0
    for card in order[1:]:
        numbers = numbers << layout.card_bits | CARD_NUMBER[card][1]
    out.extend(numbers.to_bytes(layout.card_bytes, "big"))
    out.append(len(game["players"]))
    for player in game["players"]:
        _write_player(out, game, player, order)
    return to_text(bytes(out) + _crc(bytes(out)))


def _write_player(out: bytearray, game: dict, player: dict, order: list):
    name = player["name"].encode("utf-8")
    _varint(out, len(name))
    out.extend(name)
    monument = player.get("monument")
    out.append(0 if monument is None else MONUMENT_NUMBER[monument])
    squares = [card for row in player["town"] for card in row]
    values = [0 if card is None else MONUMENT_SQUARE if card in MONUMENT_NUMBER else 1 + order.index(card)
              for card in squares]
    out.extend(bytes(values[i] << 4 | values[i + 1] for i in range(0, 16, 2)))
    for key in COUNTS:
        _varint(out, _count(player.get(key)))
    stored = player.get("stored") or {}
    for i in range(16):
        if squares[i] == WAREHOUSE:
            out.append(stored.get(NAMES[i], 0))
    if game.get(COINS):
        _varint(out, _count(player.get(COINS)))
    if monument == HOLLOW_HILL:
        _varint(out, _count(player.get(SWAPS)))
    if game.get(TINY_TREES):
        seed = player.get(SEED)
        out.append(0 if seed is None else WRITTEN.no_seed if seed == NO_SEED else 1 + NAMES.index(seed))


def buildings_in_order(buildings: list) -> list:
    """Return a game's seven buildings in the canonical order: Cottage, then by colour."""
    return [COTTAGE] + [next(c for c in buildings if CARD_NUMBER.get(c, ("",))[0] == colour) for colour in CARD_COLOURS]


def decode(code: str) -> dict:
    """Return the game file of a code of any version; raise CodeError if it is damaged. Validate the game after.

    A base game decodes alike from every version: the keys only the expansions use (coins, Tiny Trees, a
    player's coins, swaps and seed) are present only where the game uses them.
    """
    if type(code) is not str or not code:
        raise CodeError("truncated")
    if len(code) > MAX_CODE:
        raise CodeError("too-long")
    # A length no code has (4n + 1) is a code cut one character into a byte: read the whole bytes (from_text
    # refuses any other character than its digits in them).
    cut = len(code) % 4 == 1
    if code[-1] not in DIGIT:
        raise CodeError("bad-character")
    data = from_text(code[:-1] if cut else code)
    # Spare bits are refused from version 2 on: version 1 read past them, and reads every text it read.
    spare = DIGIT[code[-1]] & SPARE_BITS[len(code) % 4] and data[:1] != b"\x01"
    if cut or len(data) < 8 or spare or _crc(data[:-3]) != data[-3:]:
        raise CodeError(_why_unreadable(data))
    payload = data[:-3]
    reader = _Reader(payload)
    layout = LAYOUTS.get(reader.byte())
    if layout is None:
        raise CodeError("version")
    game = _read_game(reader, layout)
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
        layout = LAYOUTS.get(reader.byte())
        if layout is None:
            return "damaged"
        _read_game(reader, layout)
        reader.take(3)
    except CodeError as error:
        return "truncated" if error.reason == "truncated" else "damaged"
    return "damaged"


def _read_buildings(reader, layout: Layout) -> list:
    """Return the game's seven buildings from the card numbers, Cottage first."""
    numbers = int.from_bytes(reader.take(layout.card_bytes), "big")
    buildings = [COTTAGE]
    for n in range(len(CARD_COLOURS)):
        options = CARDS_BY_NUMBER[CARD_COLOURS[n]]
        number = numbers >> layout.card_bits * (len(CARD_COLOURS) - 1 - n) & (1 << layout.card_bits) - 1
        if number >= len(options):
            raise CodeError(_unnumbered(layout))
        buildings.append(options[number])
    return buildings


def _unnumbered(layout: Layout) -> str:
    """Return why a card number no table of ours holds is refused: from version 2 on, whose tables grow, a card
    added by a later Marquoir (its link opened by an older copy, such as a phone's offline one)."""
    return "malformed" if layout.version == 1 else "version"


def _read_game(reader, layout: Layout) -> dict:
    """Return the game the reader's bytes hold after the version byte, laid out as the version says."""
    flags = reader.byte()
    if flags >> (2 + len(FLAGS) + len(layout.expansions)) or flags & 3 >= len(MODES):
        raise CodeError("malformed") from None
    game = {"mode": MODES[flags & 3], "buildings": _read_buildings(reader, layout)}
    for bit, flag in enumerate(FLAGS):
        game[flag] = bool(flags & 4 << bit)
    for bit, flag in enumerate(layout.expansions, len(FLAGS)):
        # Only when on, so that a base game reads the same from every version.
        if flags & 4 << bit:
            game[flag] = True
    count = reader.byte()
    # No valid game has more players or a longer name: a changed byte is told apart from a cut code.
    if count > MAX_PLAYERS:
        raise CodeError("malformed") from None
    game["players"] = [_read_player(reader, layout, game) for _ in range(count)]
    # Before version 3, a game that plays Fortune dealt and offered its monuments with its cards.
    if FORTUNE_MONUMENTS_FLAG not in layout.expansions and plays_fortune(game):
        game[FORTUNE_MONUMENTS_FLAG] = True
    return game


def _read_player(reader, layout: Layout, game: dict) -> dict:
    length = reader.varint()
    if length > 4 * MAX_NAME:
        raise CodeError("malformed") from None
    try:
        name = str(reader.take(length), "utf-8")
    except UnicodeError:
        raise CodeError("malformed") from None
    number = reader.byte()
    if number > layout.monuments:
        raise CodeError(_unnumbered(layout))
    monument = MONUMENTS_BY_NUMBER[number - 1] if number else None
    # The card of each square's value, by its hex digit: 0 none, 1-7 the game's buildings, MONUMENT_SQUARE the
    # player's monument, only for a player who has one. A value beyond them is no square's.
    cards = dict(zip(SQUARE_DIGITS, [None] + game["buildings"] + ([monument] if monument is not None else [])))
    try:
        # Two squares a byte, the first in its high 4 bits: a square a hex digit, in order (split by bytes.hex() in C).
        squares = [cards[digit] for digit in reader.take(8).hex()]
    except KeyError:
        raise CodeError("malformed") from None
    player = {"name": name, "monument": monument,
              "town": [squares[0:4], squares[4:8], squares[8:12], squares[12:16]]}
    for key in COUNTS:
        player[key] = reader.count()
    # Each Warehouse's load, in the order of their squares: each found in C, not by a look at all 16 squares.
    stored = player["stored"] = {}
    at = -1
    for _ in range(squares.count(WAREHOUSE)):
        at = squares.index(WAREHOUSE, at + 1)
        stored[NAMES[at]] = reader.byte()
    if game.get(COINS):
        player[COINS] = reader.count()
    if monument == HOLLOW_HILL:
        player[SWAPS] = reader.count()
    if game.get(TINY_TREES):
        player[SEED] = _read_seed(reader, layout)
    return player


def _read_seed(reader, layout: Layout):
    value = reader.byte()
    if value == layout.no_seed:
        return NO_SEED
    if value > len(NAMES):
        raise CodeError("malformed") from None
    return NAMES[value - 1] if value else None
