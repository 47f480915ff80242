"""How each version of a game code lays a game out, frozen: a link must mean the same game forever.

A code (code.py) is base64url text of bytes closed by a 24-bit CRC; its first byte is its version, which says how
the rest is laid out. Every version ever written is read for ever, and only the newest (VERSION) is written.

Version 1 (written until version 2; LAYOUTS[1]): a flags byte (bits 0-1 the mode, 2 monuments, 3 cavern),
the six coloured cards' numbers in 2 bits each (2 bytes), the player count, then per player: the name
(varint length + UTF-8), the monument's number (0 none), 16 squares as 4-bit values (0 empty, 1-7 the
game's buildings in canonical order, 8 the player's monument), the counts Master Builder turns, Shrine
buildings and towns completed before (varints, 0 none, n + 1 for n), and the load of each Warehouse.

Version 2 (written until version 3; LAYOUTS[2]): the same, but for
- the flags byte: bit 4 coins, bit 5 Tiny Trees;
- each colour's card number in 4 bits (3 bytes), for up to 16 cards a colour;
- after a player's Warehouse loads, what the game uses only: coins in the chest before end-of-game
  spending (varint, 0 none, n + 1 for n) when coins are in play, coins spent on resource swaps since
  Hollow Hill was built (the same) when Hollow Hill is the player's monument (its owner may give them before
  it is built, as the Starloom's place), and the seed's square (1-16 for a1..d4, 0 none) with Tiny Trees.
A base game's code is one byte longer than in version 1, and decodes to the same game.

Version 3 (written now; LAYOUTS[3]): the same as version 2, but for
- the flags byte: bit 6 the Fortune monuments among those dealt ("fortune_monuments"), a switch of its own where
  version 2 had Fortune's cards bring them: a version-2 code of a game that plays Fortune (its coins, one of its
  cards or monuments) reads with them on, as version 2 offered them;
- the seed's byte: 17 for a player who put no seed down ("none"), beside 0 for a square not known yet.
Every game of version 2 has a version-3 code of the same length.
"""

from .card_numbers import MONUMENTS_BY_NUMBER
from .cards import CARD_COLOURS
from .cards import COINS
from .names import MAX_NAME
from .town import SIZE
from .validate import MAX_PLAYERS

MONUMENT_SQUARE = 8
COUNTS = ("master_builder_turns", "shrine_buildings", "completed_before")
TINY_TREES = "tiny_trees"
SWAPS = "hollow_hill_swaps"
SEED = "seed"
FORTUNE_MONUMENTS_FLAG = "fortune_monuments"


class Layout:
    """How one version lays a game out: the bits of a colour's card number, the monuments it names, its expansions."""

    __slots__ = ("version", "card_bits", "card_bytes", "monuments", "expansions", "no_seed")

    def __init__(self, version: int, card_bits: int, monuments: int, expansions: tuple, no_seed=None):
        self.version = version
        self.card_bits = card_bits
        # The six colours' numbers as one number (the last colour in its lowest bits), in whole bytes.
        self.card_bytes = (card_bits * len(CARD_COLOURS) + 7) // 8
        self.monuments = monuments
        self.expansions = expansions
        # The seed's byte for a player who put no seed down (None: the version has no such value).
        self.no_seed = no_seed


# The flags every version writes, in bits 2 and 3 of the flags byte (bits 0-1 the mode); a layout's
# expansions follow in bits 4 and up, and a game's record holds their keys only when they are on.
FLAGS = ("monuments", "cavern")
# What each version reads, frozen: version 1 names the base game's 15 monuments (the first 15 numbers);
# version 2 every monument numbered, and plays with coins and Tiny Trees; version 3 deals the Fortune monuments
# by a switch of their own and knows a player without a seed.
LAYOUTS = {
    1: Layout(1, 2, 15, ()),
    2: Layout(2, 4, 25, (COINS, TINY_TREES)),
    3: Layout(3, 4, len(MONUMENTS_BY_NUMBER), (COINS, TINY_TREES, FORTUNE_MONUMENTS_FLAG), no_seed=SIZE * SIZE + 1),
}
VERSION = 3
WRITTEN = LAYOUTS[VERSION]

# The largest valid game, byte by byte, so that every game the core accepts gets a link that opens:
# per player a name of MAX_NAME 4-byte characters (its length fits one varint byte), the monument,
# 8 bytes of squares, Master Builder turns up to 999 (two varint bytes) and the two other counts,
# a load for each of 16 Warehouses, coins and the seed (a byte each); Hollow Hill's swaps (up to 99, a
# byte) for its one owner; around them the version, flags, card numbers, the player count and the check.
LARGEST_PLAYER = 1 + 4 * MAX_NAME + 1 + SIZE * SIZE // 2 + 2 + 1 + 1 + SIZE * SIZE + 2
LARGEST_GAME = 2 + WRITTEN.card_bytes + 1 + MAX_PLAYERS * LARGEST_PLAYER + 1 + 3
MAX_CODE = (LARGEST_GAME * 4 + 2) // 3
