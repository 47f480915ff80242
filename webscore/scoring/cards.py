"""The card catalogue: every building and monument, its colour and its layout.

Layouts use W wood, H wheat, B brick, G glass, S stone and "." for nothing, one string per row.
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

COTTAGE = "cottage"
BARRETT_CASTLE = "barrett-castle"

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

# Cards the solo game leaves out of the box.
SOLO_EXCLUDED = frozenset(("inn", "bank", "fort-ironweed", "opaleyes-watch"))

FIRST_GAME = ("cottage", "farm", "well", "chapel", "tavern", "theater", "factory")

MAX_BANKS = 5
MAX_STORED = 3


def colour_of(card: str) -> str:
    """Return the score-pad column a card's points go to."""
    if card in MONUMENTS:
        return MONUMENT
    return BUILDINGS[card][0]


# The building ids of each colour, in catalogue order: read for every code decoded.
_OF_COLOUR = {colour: tuple(sorted(card for card in BUILDINGS if BUILDINGS[card][0] == colour))
              for colour in {spec[0] for spec in BUILDINGS.values()}}


def cards_of_colour(colour: str) -> tuple:
    """Return the building ids of one colour, in catalogue order."""
    return _OF_COLOUR.get(colour, ())


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
