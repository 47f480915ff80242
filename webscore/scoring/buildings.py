"""The 37 buildings' scoring rules (the base game's 25, Fortune's 12), one function per card, grouped by colour.

Each rule takes the town and a square index and returns (points, reason, n): the square's points, a
reason code the web layer words for people, and the number that reason counts.
"""

from .cards import GREEN
from .cards import GREY
from .cards import NAVY
from .cards import RED
from .cards import YELLOW
from .cards import building_type
from .cards import cottage_count
from .town import ADJACENT
from .town import CENTRE
from .town import CORNERS
from .town import LINES
from .town import column_of
from .town import row_of

GRAND_MAUSOLEUM = "grand-mausoleum-of-the-rodina"


def fixed(points: int):
    """Return the rule of a card worth a fixed number of points (what else it does happens during play)."""
    def rule(town, i):
        return points, "fixed", 0
    return rule


# Blue

def cottage(town, i):
    """3 if fed, else 0; the Grand Mausoleum makes an unfed Cottage worth 3 too."""
    if i in town.fed:
        return 3, "fed", 0
    if town.monument == GRAND_MAUSOLEUM:
        return 3, "unfed-mausoleum", 0
    return 0, "unfed", 0


# Red: worth nothing themselves; feeding.py decides what they feed (Root Cellar and Tithe Barn with coins).

def feeder(town, i):
    """0 points; the reason counts the buildings this feeder feeds."""
    return 0, "feeds", 0


# Grey

def fountain(town, i):
    """2 if adjacent to another grey building."""
    if GREY in town.colours_at(ADJACENT[i]):
        return 2, "grey-neighbour", 0
    return 0, "no-grey-neighbour", 0


def millstone(town, i):
    """2 if adjacent to at least one red or yellow building."""
    if town.colours_at(ADJACENT[i]) & {RED, YELLOW}:
        return 2, "red-or-yellow-neighbour", 0
    return 0, "no-red-or-yellow-neighbour", 0


# The Shed may stand on any empty square: that is played, not scored.
shed = fixed(1)


def well(town, i):
    """1 per adjacent Cottage, fed or not (Barrett Castle counts 2)."""
    squares = town.squares
    cottages = 0
    for j in ADJACENT[i]:
        cottages += cottage_count(squares[j])
    return cottages, "adjacent-cottages", cottages


# Mine and Statue give coins when built, which the chest's coins score.
mine = fixed(0)
statue = fixed(0)


# Orange

def abbey(town, i):
    """3, but 0 if adjacent to a green, yellow or navy building."""
    if town.colours_at(ADJACENT[i]) & {GREEN, YELLOW, NAVY}:
        return 0, "abbey-blocked", 0
    return 3, "abbey-alone", 0


def chapel(town, i):
    """1 per fed Cottage in the whole town."""
    fed = town.fed_cottages(town.fed)
    return fed, "fed-cottages", fed


def cloister(town, i):
    """1 per Cloister on a corner square, counted by every Cloister."""
    cornered = sum(1 for j in CORNERS if town.squares[j] == "cloister")
    return cornered, "corner-cloisters", cornered


TEMPLE_POINTS = 4
TEMPLE_NEEDS = 2


def temple(town, i):
    """4 if adjacent to 2 or more fed Cottages."""
    fed = town.fed_cottages(ADJACENT[i])
    return (TEMPLE_POINTS if fed >= TEMPLE_NEEDS else 0), "adjacent-fed-cottages", fed


CATHEDRAL_POINTS = 7


def cathedral(town, i):
    """7 if no other Cathedral is adjacent to it, else 0."""
    if any(town.squares[j] == "cathedral" for j in ADJACENT[i]):
        return 0, "cathedral-beside-cathedral", 0
    return CATHEDRAL_POINTS, "cathedral-alone", 0


PARSONAGE_POINTS = 4
PARSONAGE_NEEDS = 1


def parsonage(town, i):
    """4 if adjacent to at least one fed Cottage (a fed Barrett Castle counts)."""
    fed = town.fed_cottages(ADJACENT[i])
    return (PARSONAGE_POINTS if fed >= PARSONAGE_NEEDS else 0), "parsonage-fed-cottages", fed


# Green

ALMSHOUSE_POINTS = (0, -1, 5, -3, 15, -5, 26)
TAVERN_POINTS = (0, 2, 5, 9, 14, 20)


def _share(total: int, count: int, rank: int) -> int:
    """Return one building's share of a set's points, the first ones taking the remainder."""
    # The card scores the set, not each building; squares show whole-point shares that add up to it.
    each, extra = divmod(total, count)
    return each + (1 if rank < extra else 0)


def _set_rule(card: str, table: tuple, reason: str):
    """Return the rule of a card scored as a set: the table's points shared out over its squares."""
    def rule(town, i):
        places = [j for j in range(len(town.squares)) if town.squares[j] == card]
        count = len(places)
        total = table[min(count, len(table) - 1)]
        return _share(total, count, places.index(i)), reason, count
    return rule


almshouse = _set_rule("almshouse", ALMSHOUSE_POINTS, "almshouses")
tavern = _set_rule("tavern", TAVERN_POINTS, "taverns")


def feast_hall(town, i):
    """2 each; 3 each with more Feast Halls than the player on your right."""
    if town.right_feast_halls is None:
        return 2, "feast-solo", 0
    if town.count("feast-hall") > town.right_feast_halls:
        return 3, "feast-more", town.right_feast_halls
    return 2, "feast-not-more", town.right_feast_halls


SCHOOLHOUSE_POINTS = 2
SCHOOLHOUSE_NEEDS = 1


def schoolhouse(town, i):
    """2 if adjacent to a fed Cottage; then 2 more with at least as many coins as the player on your right."""
    if town.fed_cottages(ADJACENT[i]) < SCHOOLHOUSE_NEEDS:
        return 0, "schoolhouse-unfed", 0
    # Coins as entered, before any end-of-game spending; a game without coins leaves everyone 0.
    right = town.right_coins or 0
    if (town.coins or 0) >= right:
        return 2 * SCHOOLHOUSE_POINTS, "schoolhouse-coins", right
    return SCHOOLHOUSE_POINTS, "schoolhouse-fewer-coins", right


gamblers_den = fixed(2)


def inn(town, i):
    """3 if no other Inn stands in its row or column."""
    if any(town.squares[j] == "inn" for j in LINES[i]):
        return 0, "inn-shares-line", 0
    return 3, "inn-alone", 0


# Yellow

def bakery(town, i):
    """3 if adjacent to at least one red or navy building."""
    if town.colours_at(ADJACENT[i]) & {RED, NAVY}:
        return 3, "red-or-navy-neighbour", 0
    return 0, "no-red-or-navy-neighbour", 0


def market(town, i):
    """Markets in its row or its column, whichever is more, itself included (at most 4)."""
    in_row = 1 + sum(1 for j in row_of(i) if town.squares[j] == "market")
    in_column = 1 + sum(1 for j in column_of(i) if town.squares[j] == "market")
    markets = max(in_row, in_column)
    return min(markets, 4), "markets-in-line", markets


def tailor(town, i):
    """1 + 1 per Tailor on the centre squares, a centre Tailor counting itself (at most 5)."""
    centre = sum(1 for j in CENTRE if town.squares[j] == "tailor")
    return min(1 + centre, 5), "centre-tailors", centre


jeweler = fixed(4)
teahouse = fixed(1)


def theater(town, i):
    """1 per other building type in its row and column together (at most 6)."""
    # A monument is a type of its own; Barrett Castle is the Cottage type (building_type).
    types = set()
    for j in LINES[i]:
        card = town.squares[j]
        if card is not None and card != "theater":
            types.add(building_type(card))
    return min(len(types), 6), "types-in-lines", len(types)


# Navy

# Bank, Factory and Trading Post act on resources during play; their points are fixed.
bank = fixed(4)
factory = fixed(0)
trading_post = fixed(1)


def warehouse(town, i):
    """-1 per resource stored on it."""
    stored = town.stored.get(i, 0)
    return -stored, "stored", stored


museum = fixed(0)
oddity_shop = fixed(2)

# The cards whose points need fed Cottages next to them, and how many (a fed Barrett Castle counts 2).
FED_COTTAGES_NEEDED = {"temple": TEMPLE_NEEDS, "parsonage": PARSONAGE_NEEDS, "schoolhouse": SCHOOLHOUSE_NEEDS}


RULES = {
    "cottage": cottage,
    "farm": feeder,
    "granary": feeder,
    "greenhouse": feeder,
    "orchard": feeder,
    "root-cellar": feeder,
    "tithe-barn": feeder,
    "fountain": fountain,
    "millstone": millstone,
    "shed": shed,
    "well": well,
    "mine": mine,
    "statue": statue,
    "abbey": abbey,
    "chapel": chapel,
    "cloister": cloister,
    "temple": temple,
    "cathedral": cathedral,
    "parsonage": parsonage,
    "almshouse": almshouse,
    "feast-hall": feast_hall,
    "inn": inn,
    "tavern": tavern,
    "gamblers-den": gamblers_den,
    "schoolhouse": schoolhouse,
    "bakery": bakery,
    "market": market,
    "tailor": tailor,
    "theater": theater,
    "jeweler": jeweler,
    "teahouse": teahouse,
    "bank": bank,
    "factory": factory,
    "trading-post": trading_post,
    "warehouse": warehouse,
    "museum": museum,
    "oddity-shop": oddity_shop,
}
