"""The 15 monuments' scoring rules, one function per card, each returning (points, reason, n)."""

from .cards import BUILDINGS
from .cards import building_type
from .town import ADJACENT
from .town import groups


def _fixed(points: int):
    """Return the rule of a monument worth a fixed number of points."""
    def rule(town, i):
        return points, "fixed", 0
    return rule


def archive_of_the_second_age(town, i):
    """1 per distinct non-monument building type in the town."""
    types = {card for card in town.squares if card in BUILDINGS}
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


RULES = {
    "architects-guild": _fixed(1),
    "archive-of-the-second-age": archive_of_the_second_age,
    "barrett-castle": barrett_castle,
    "cathedral-of-caterina": _fixed(2),
    "fort-ironweed": _fixed(7),
    "grand-mausoleum-of-the-rodina": _fixed(0),
    "grove-university": _fixed(3),
    "mandras-palace": mandras_palace,
    "obelisk-of-the-crescent": _fixed(0),
    "opaleyes-watch": _fixed(0),
    "shrine-of-the-elder-tree": shrine_of_the_elder_tree,
    "silva-forum": silva_forum,
    "statue-of-the-bondmaker": _fixed(0),
    "the-sky-baths": the_sky_baths,
    "the-starloom": the_starloom,
}
