"""The 25 monuments' scoring rules (the base game's 15, Fortune's 10), one function per card.

Each returns (points, reason, n), as the buildings' rules do.
"""

from .buildings import RULES as BUILDING_RULES
from .buildings import fixed
from .buildings import well
from .cards import ALL_BUILDINGS
from .cards import building_type
from .town import ADJACENT
from .town import LINES
from .town import groups


def archive_of_the_second_age(town, i):
    """1 per distinct non-monument building type in the town."""
    types = {card for card in town.squares if card in ALL_BUILDINGS}
    return len(types), "types-in-town", len(types)


def barrett_castle(town, i):
    """5 if fed, else 0."""
    if i in town.fed:
        return 5, "fed", 0
    return 0, "unfed", 0


def mandras_palace(town, i):
    """2 per distinct building type on its adjacent squares."""
    types = {building_type(town.squares[j]) for j in ADJACENT[i] if town.squares[j] is not None}
    return 2 * len(types), "types-adjacent", len(types)


SHRINE_POINTS = (0, 1, 2, 3, 4, 5, 8)


def shrine_of_the_elder_tree(town, i):
    """Fixed when built by the buildings then in town, Shrine included: 1..5 -> 1..5, 6 or more -> 8."""
    built = town.shrine_buildings
    return SHRINE_POINTS[min(built, 6)], "shrine-buildings", built


def silva_forum(town, i):
    """1 + the size of the largest connected group of buildings of one type."""
    # The Forum is a building too: alone it is a group of one, so it is worth at least 2.
    largest = 0
    for card in {card for card in town.squares if card is not None}:
        for group in groups(town.squares, lambda square, card=card: square == card):
            largest = max(largest, len(group))
    return 1 + largest, "largest-group", largest


def the_sky_baths(town, i):
    """2 per building type of this game missing from the town."""
    present = set(town.squares)
    missing = sum(1 for card in town.game_buildings if card not in present)
    return 2 * missing, "types-missing", missing


STARLOOM_POINTS = (6, 3, 2)


def the_starloom(town, i):
    """6, 3 or 2 for 0, 1 or 2 towns completed strictly before; 0 after that."""
    before = town.completed_before
    # "More" than two towns before you scores nothing, as the card's last line reads.
    if before < len(STARLOOM_POINTS):
        return STARLOOM_POINTS[before], "completed-before", before
    return 0, "completed-before", before


# Fortune

VINEYARD_FED = 9
VINEYARD_PER_TYPE = 2


def eraflage_vineyard(town, i):
    """9 if fed, else 0; then -2 per other building type in its row and column together."""
    # Fed like a Cottage by every feeder, but never a Cottage for other cards (cottage_count says 0).
    types = {building_type(town.squares[j]) for j in LINES[i] if town.squares[j] is not None}
    penalty = VINEYARD_PER_TYPE * len(types)
    if i in town.fed:
        return VINEYARD_FED - penalty, "vineyard-fed", len(types)
    return -penalty, "vineyard-unfed", len(types)


ESTIVAL_FESTIVAL = "estival-festival"


def coin_worth(town) -> int:
    """Return what each coin left in the chest scores: 2 with a built Estival Festival, else 1."""
    return 2 if town.monument == ESTIVAL_FESTIVAL else 1


HOLLOW_HILL_POINTS = 7
HOLLOW_HILL_PER_SWAP = 2


def hollow_hill(town, i):
    """7 - 2 per coin spent changing a named resource after it was built, with no floor."""
    swaps = town.hollow_hill_swaps
    return HOLLOW_HILL_POINTS - HOLLOW_HILL_PER_SWAP * swaps, "swaps", swaps


RULES = {
    "architects-guild": fixed(1),
    "archive-of-the-second-age": archive_of_the_second_age,
    "barrett-castle": barrett_castle,
    "cathedral-of-caterina": fixed(2),
    "fort-ironweed": fixed(7),
    "grand-mausoleum-of-the-rodina": fixed(0),
    "grove-university": fixed(3),
    "mandras-palace": mandras_palace,
    "obelisk-of-the-crescent": fixed(0),
    "opaleyes-watch": fixed(0),
    "shrine-of-the-elder-tree": shrine_of_the_elder_tree,
    "silva-forum": silva_forum,
    "statue-of-the-bondmaker": fixed(0),
    "the-sky-baths": the_sky_baths,
    "the-starloom": the_starloom,
    # Grotto and Promenade hold coins on squares, Windseed gives coins: played, not scored.
    "caterinas-grotto": fixed(2),
    "eraflage-vineyard": eraflage_vineyard,
    # Its coins worth 2 each are scored with the chest's (coin_worth).
    "estival-festival": fixed(4),
    "hollow-hill": hollow_hill,
    "masons-guild": fixed(3),
    "the-petal-promenade": fixed(3),
    "the-prism-forge": fixed(1),
    "southern-semaphore": fixed(1),
    # 1 per adjacent Cottage, fed or not, as a Well counts them.
    "the-treasury-at-okaver": well,
    "shrine-of-the-windseed": fixed(0),
}

# Every card's rule, by its id: the buildings' and the monuments'.
CARD_RULES = dict(BUILDING_RULES)
CARD_RULES.update(RULES)
