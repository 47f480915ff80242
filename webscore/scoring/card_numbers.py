"""Every card's permanent number in game codes.

A code names the game's card of each colour, and each player's monument, by its number in these tables.
The tables are written out here, never derived from sorting or from a dict's order, so that a card added
to the game never renames a card of a code already shared (a result link must mean the same game forever).

Numbers are only ever appended: a new card takes the next number of its table; a number is never reused,
never reordered, and a card that leaves the game keeps its number. tests/core/test_pinned_codes.py reads
codes written in the past and fails if these tables change what they name.
"""

# The building cards of each colour, numbered from 0 by position. The base game's four come first:
# version-1 codes spend 2 bits on a colour and name only those; version 2 spends 4 bits (16 a colour).
CARDS_BY_NUMBER = {
    "red": ("farm", "granary", "greenhouse", "orchard", "root-cellar", "tithe-barn"),
    "grey": ("fountain", "millstone", "shed", "well", "statue", "mine"),
    "orange": ("abbey", "chapel", "cloister", "temple", "cathedral", "parsonage"),
    "green": ("almshouse", "feast-hall", "inn", "tavern", "gamblers-den", "schoolhouse"),
    "yellow": ("bakery", "market", "tailor", "theater", "jeweler", "teahouse"),
    "navy": ("bank", "factory", "trading-post", "warehouse", "museum", "oddity-shop"),
}

# The monuments, numbered from 1 by position (0 in a code is "no monument"). The base game's 15 come
# first: version-1 codes name only those; version 2 names every monument of this table.
MONUMENTS_BY_NUMBER = (
    "architects-guild",
    "archive-of-the-second-age",
    "barrett-castle",
    "cathedral-of-caterina",
    "fort-ironweed",
    "grand-mausoleum-of-the-rodina",
    "grove-university",
    "mandras-palace",
    "obelisk-of-the-crescent",
    "opaleyes-watch",
    "shrine-of-the-elder-tree",
    "silva-forum",
    "statue-of-the-bondmaker",
    "the-sky-baths",
    "the-starloom",
    # Fortune.
    "caterinas-grotto",
    "eraflage-vineyard",
    "estival-festival",
    "hollow-hill",
    "masons-guild",
    "the-petal-promenade",
    "the-prism-forge",
    "southern-semaphore",
    "the-treasury-at-okaver",
    "shrine-of-the-windseed",
)

# Read backwards: each card's colour and number, each monument's number.
CARD_NUMBER = {card: (colour, n) for colour, cards in CARDS_BY_NUMBER.items() for n, card in enumerate(cards)}
MONUMENT_NUMBER = {monument: n + 1 for n, monument in enumerate(MONUMENTS_BY_NUMBER)}
