"""The card catalogue: every building and monument, its colour and its layout.

Layouts use W wood, H wheat, B brick, G glass, S stone and "." for nothing, one string per row.
BUILDINGS and MONUMENTS are the base game's cards: the setup offers and deals them. FORTUNE_BUILDINGS
and FORTUNE_MONUMENTS are the expansion's; ALL_BUILDINGS and ALL_MONUMENTS are every card the core
scores, which lookups read.

Each card's row ends with its permanent number in game codes (a building's among its colour's, from 0; a
monument's, from 1), written out here and never by its place: card_numbers.py reads them, and says how a new
card is numbered. Its rule is keyed by its id in buildings.py's RULES or monuments.py's.
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
# The building whose squares carry a load of resources (a game file's "stored").
WAREHOUSE = "warehouse"
ERAFLAGE_VINEYARD = "eraflage-vineyard"
ESTIVAL_FESTIVAL = "estival-festival"
HOLLOW_HILL = "hollow-hill"

# A building: its colour, its layout and its number in codes (the Cottage, in every game, has none).
BUILDINGS = {
    "cottage": (BLUE, (".H", "BG"), None),
    "farm": (RED, ("HH", "WW"), 0),
    "granary": (RED, ("HH", "WB"), 1),
    "greenhouse": (RED, ("HG", "WW"), 2),
    "orchard": (RED, ("SH", "HW"), 3),
    "fountain": (GREY, ("WS",), 0),
    "millstone": (GREY, ("WS",), 1),
    "shed": (GREY, ("WS",), 2),
    "well": (GREY, ("WS",), 3),
    "abbey": (ORANGE, ("..G", "BSS"), 0),
    "chapel": (ORANGE, ("..G", "SGS"), 1),
    "cloister": (ORANGE, ("..G", "WBS"), 2),
    "temple": (ORANGE, ("..G", "BBS"), 3),
    "almshouse": (GREEN, ("SSG",), 0),
    "feast-hall": (GREEN, ("WWG",), 1),
    "inn": (GREEN, ("HSG",), 2),
    "tavern": (GREEN, ("BBG",), 3),
    "bakery": (YELLOW, (".H.", "BGB"), 0),
    "market": (YELLOW, (".W.", "SGS"), 1),
    "tailor": (YELLOW, (".H.", "SGS"), 2),
    "theater": (YELLOW, (".S.", "WGW"), 3),
    "bank": (NAVY, ("HH.", "WGB"), 0),
    "factory": (NAVY, ("W...", "BSSB"), 1),
    "trading-post": (NAVY, ("SW.", "SWB"), 2),
    "warehouse": (NAVY, ("HWH", "B.B"), 3),
}

# A monument: its layout and its number in codes.
MONUMENTS = {
    "architects-guild": (("..G", ".HS", "WB."), 1),
    "archive-of-the-second-age": (("HH", "BG"), 2),
    "barrett-castle": (("H..S", "WGGB"), 3),
    "cathedral-of-caterina": ((".H", "SG"), 4),
    "fort-ironweed": (("H.B", "SWS"), 5),
    "grand-mausoleum-of-the-rodina": (("WW", "BS"), 6),
    "grove-university": ((".B.", "SGS"), 7),
    "mandras-palace": (("HG", "BW"), 8),
    "obelisk-of-the-crescent": (("H..", "BGB"), 9),
    "opaleyes-watch": (("W...", "BGHH", "S..."), 10),
    "shrine-of-the-elder-tree": (("BHS", "WGW"), 11),
    "silva-forum": (("..H.", "BBSW"), 12),
    "statue-of-the-bondmaker": (("WSSG", "H..."), 13),
    "the-sky-baths": ((".H.", "SGW", "B.B"), 14),
    "the-starloom": (("GG", "WH"), 15),
}

FORTUNE_BUILDINGS = {
    "root-cellar": (RED, ("HW", "SB"), 4),
    "tithe-barn": (RED, ("HS", "SW"), 5),
    "mine": (GREY, ("WS",), 5),
    "statue": (GREY, ("WS",), 4),
    "cathedral": (ORANGE, ("..G", "SGB"), 4),
    "parsonage": (ORANGE, ("..G", "SHS"), 5),
    "gamblers-den": (GREEN, ("BWG",), 4),
    "schoolhouse": (GREEN, ("WHG",), 5),
    "jeweler": (YELLOW, (".S.", "BGB"), 4),
    "teahouse": (YELLOW, (".H.", "WGW"), 5),
    "museum": (NAVY, ("SHW", "B.B"), 4),
    "oddity-shop": (NAVY, ("W...", "GHHB"), 5),
}

FORTUNE_MONUMENTS = {
    "caterinas-grotto": (("SGWS", "B..H"), 16),
    "eraflage-vineyard": (("HWGB",), 17),
    "estival-festival": (("BGH", "HBG"), 18),
    "hollow-hill": (("HW.", "BSH"), 19),
    "masons-guild": (("GB", "BS"), 20),
    "the-petal-promenade": (("HBWH",), 21),
    "the-prism-forge": (("GG.", "WSH"), 22),
    "southern-semaphore": ((".W.", ".G.", "HSB"), 23),
    "the-treasury-at-okaver": (("WH..", ".SGW"), 24),
    "shrine-of-the-windseed": (("G.", "SB"), 25),
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


# Each card's score-pad column: a building's colour, MONUMENT for a monument.
COLOURS = {card: spec[0] for card, spec in ALL_BUILDINGS.items()}
COLOURS.update(dict.fromkeys(ALL_MONUMENTS, MONUMENT))


def colour_of(card: str) -> str:
    """Return the score-pad column a card's points go to."""
    return COLOURS[card]


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


def cottages_in(squares) -> int:
    """Return how many Cottages a town's squares count as, each as cottage_count counts it (a Barrett Castle 2), counted
    in C: the tie-break reads it for every town scored."""
    return squares.count(COTTAGE) + 2 * squares.count(BARRETT_CASTLE)
