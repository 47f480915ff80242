"""The card catalogue: every building and monument, its colour and its layout.

Layouts use W wood, H wheat, B brick, G glass, S stone and "." for nothing, one string per row.
BUILDINGS and MONUMENTS are the base game's cards: the setup offers and deals them. FORTUNE_BUILDINGS
and FORTUNE_MONUMENTS are the expansion's; ALL_BUILDINGS and ALL_MONUMENTS are every card the core
scores, which lookups read. A game code names cards by their permanent numbers (card_numbers.py), never
by their place here.
"""

BLUE = "blue"
RED = "red"
GREY = "grey"
ORANGE = "orange"
GREEN = "green"
YELLOW = "yellow"
NAVY = "navy"
MONUMENT = "monument"
EMPTY = "empty"

# The six colours a game deals one card of, in the order of the score pad.
CARD_COLOURS = (RED, GREY, ORANGE, GREEN, YELLOW, NAVY)
# The score pad's columns, in its order.
PAD_COLUMNS = (BLUE, RED, GREY, ORANGE, GREEN, YELLOW, NAVY, MONUMENT, EMPTY)
# The coins left in the chest: a line of its own after the pad's columns, in games played with coins.
COINS = "coins"

COTTAGE = "cottage"
BARRETT_CASTLE = "barrett-castle"
ERAFLAGE_VINEYARD = "eraflage-vineyard"
ESTIVAL_FESTIVAL = "estival-festival"
HOLLOW_HILL = "hollow-hill"

BUILDINGS = {
    "cottage": (BLUE, (".H", "BG")),
    "farm": (RED, ("HH", "WW")),
    "granary": (RED, ("HH", "WB")),
    "greenhouse": (RED, ("HG", "WW")),
    "orchard": (RED, ("SH", "HW")),
    "fountain": (GREY, ("WS",)),
    "millstone": (GREY, ("WS",)),
    "shed": (GREY, ("WS",)),
    "well": (GREY, ("WS",)),
    "abbey": (ORANGE, ("..G", "BSS")),
    "chapel": (ORANGE, ("..G", "SGS")),
    "cloister": (ORANGE, ("..G", "WBS")),
    "temple": (ORANGE, ("..G", "BBS")),
    "almshouse": (GREEN, ("SSG",)),
    "feast-hall": (GREEN, ("WWG",)),
    "inn": (GREEN, ("HSG",)),
    "tavern": (GREEN, ("BBG",)),
    "bakery": (YELLOW, (".H.", "BGB")),
    "market": (YELLOW, (".W.", "SGS")),
    "tailor": (YELLOW, (".H.", "SGS")),
    "theater": (YELLOW, (".S.", "WGW")),
    "bank": (NAVY, ("HH.", "WGB")),
    "factory": (NAVY, ("W...", "BSSB")),
    "trading-post": (NAVY, ("SW.", "SWB")),
    "warehouse": (NAVY, ("HWH", "B.B")),
}

MONUMENTS = {
    "architects-guild": ("..G", ".HS", "WB."),
    "archive-of-the-second-age": ("HH", "BG"),
    "barrett-castle": ("H..S", "WGGB"),
    "cathedral-of-caterina": (".H", "SG"),
    "fort-ironweed": ("H.B", "SWS"),
    "grand-mausoleum-of-the-rodina": ("WW", "BS"),
    "grove-university": (".B.", "SGS"),
    "mandras-palace": ("HG", "BW"),
    "obelisk-of-the-crescent": ("H..", "BGB"),
    "opaleyes-watch": ("W...", "BGHH", "S..."),
    "shrine-of-the-elder-tree": ("BHS", "WGW"),
    "silva-forum": ("..H.", "BBSW"),
    "statue-of-the-bondmaker": ("WSSG", "H..."),
    "the-sky-baths": (".H.", "SGW", "B.B"),
    "the-starloom": ("GG", "WH"),
}

FORTUNE_BUILDINGS = {
    "root-cellar": (RED, ("HW", "SB")),
    "tithe-barn": (RED, ("HS", "SW")),
    "mine": (GREY, ("WS",)),
    "statue": (GREY, ("WS",)),
    "cathedral": (ORANGE, ("..G", "SGB")),
    "parsonage": (ORANGE, ("..G", "SHS")),
    "gamblers-den": (GREEN, ("BWG",)),
    "schoolhouse": (GREEN, ("WHG",)),
    "jeweler": (YELLOW, (".S.", "BGB")),
    "teahouse": (YELLOW, (".H.", "WGW")),
    "museum": (NAVY, ("SHW", "B.B")),
    "oddity-shop": (NAVY, ("W...", "GHHB")),
}

FORTUNE_MONUMENTS = {
    "caterinas-grotto": ("SGWS", "B..H"),
    "eraflage-vineyard": ("HWGB",),
    "estival-festival": ("BGH", "HBG"),
    "hollow-hill": ("HW.", "BSH"),
    "masons-guild": ("GB", "BS"),
    "the-petal-promenade": ("HBWH",),
    "the-prism-forge": ("GG.", "WSH"),
    "southern-semaphore": (".W.", ".G.", "HSB"),
    "the-treasury-at-okaver": ("WH..", ".SGW"),
    "shrine-of-the-windseed": ("G.", "SB"),
}

ALL_BUILDINGS = dict(BUILDINGS)
ALL_BUILDINGS.update(FORTUNE_BUILDINGS)
ALL_MONUMENTS = dict(MONUMENTS)
ALL_MONUMENTS.update(FORTUNE_MONUMENTS)

# Cards the solo game leaves out of the box, and those Town Hall leaves out.
SOLO_EXCLUDED = frozenset(("inn", "bank", "fort-ironweed", "opaleyes-watch", "oddity-shop", "schoolhouse",
                           "southern-semaphore"))
TOWN_HALL_EXCLUDED = frozenset(("oddity-shop",))

FIRST_GAME = ("cottage", "farm", "well", "chapel", "tavern", "theater", "factory")

MAX_BANKS = 5
MAX_STORED = 3
# A coin chest holds 4 coins; these monuments, built in the town, add a fifth place.
CHEST = 4
BIG_CHEST = 5
BIG_CHEST_MONUMENTS = frozenset(("caterinas-grotto", ESTIVAL_FESTIVAL, "the-petal-promenade",
                                 "shrine-of-the-windseed"))


def colour_of(card: str) -> str:
    """Return the score-pad column a card's points go to."""
    if card in ALL_MONUMENTS:
        return MONUMENT
    return ALL_BUILDINGS[card][0]


def _by_colour(buildings: dict) -> dict:
    return {colour: tuple(sorted(card for card in buildings if buildings[card][0] == colour))
            for colour in {spec[0] for spec in buildings.values()}}


# The building ids of each colour, sorted by id: the order the setup offers them in.
_OF_COLOUR = _by_colour(BUILDINGS)
_OF_COLOUR_WITH_FORTUNE = _by_colour(ALL_BUILDINGS)


def cards_of_colour(colour: str, fortune: bool = False) -> tuple:
    """Return the building ids of one colour sorted by id: the base game's 4, or its 6 with Fortune."""
    return (_OF_COLOUR_WITH_FORTUNE if fortune else _OF_COLOUR).get(colour, ())


def building_type(card: str) -> str:
    """Return the type a card counts as for other cards: Barrett Castle is a Cottage."""
    if card == BARRETT_CASTLE:
        return COTTAGE
    return card


def cottage_count(card) -> int:
    """Return how many Cottages a square's card counts as for other cards and tie-breaks."""
    if card == COTTAGE:
        return 1
    if card == BARRETT_CASTLE:
        return 2
    return 0
