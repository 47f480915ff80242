"""A card's reminder says what its score counts: every card the core knows (the base game's 25 buildings and 15
monuments, Fortune's 12 and 10) is paired with its exact English reminder and a town the core scores, where the
exception or edge the reminder must state shows (a monument, Barrett Castle, the card itself, a diagonal, fed or
not, the player on the right, coins).

Each case: (card, reminder, the town's four rows, the squares summed, their points[, the player's facts]).
The squares are square names, and "coins" for the coins line of the pad. The facts are the player's game-file
facts (coins, stored, shrine_buildings, completed_before, hollow_hill_swaps), and "rivals": the other players'
(rows, facts), seated after the player, so that the last of them sits on the player's right.
"""

import pytest

from support.towns import game
from support.towns import player
from support.towns import points
from support.towns import town
from webscore.scoring import score
from webscore.scoring.cards import ALL_BUILDINGS
from webscore.scoring.cards import ALL_MONUMENTS
from webscore.web.i18n.cards import REMINDERS

EMPTY = ". . . ."
NONE = (EMPTY, EMPTY, EMPTY, EMPTY)

CASES = [
    # ---- Blue
    # The Granary on b1 feeds the Cottage on a1 beside it, not the one on d1: 3 + 0.
    ("cottage", "3 if fed.", ("cottage granary . cottage", EMPTY, EMPTY, EMPTY), "a1 d1", 3),

    # ---- Red
    # The Farm feeds Barrett Castle as 1 of its 4, then the 3 Cottages: 5 + 3 × 3 = 14, the Farm 0.
    ("farm", "Feeds 4 Cottages anywhere; Barrett Castle is 1 of the 4.",
     ("barrett-castle cottage cottage cottage", EMPTY, EMPTY, ". . . farm"), "a1 b1 c1 d1 d4", 14),
    # The Granary on b2 feeds the Cottages on its diagonals a1 and c1, not d3 beyond: 3 + 3 + 0.
    ("granary", "Feeds the Cottages on the 8 squares around it.",
     ("cottage . cottage .", ". granary . .", ". . . cottage", EMPTY), "a1 c1 d3 b2", 6),
    # a1-b1 is a group; c2 touches b1 only by a corner, so it is another: the Greenhouse feeds a1 and b1, 3 + 3 + 0.
    ("greenhouse", "Feeds one group of Cottages joined by their sides, anywhere.",
     ("cottage cottage . .", ". . cottage .", EMPTY, ". . . greenhouse"), "a1 b1 c2", 6),
    # The Orchard on a1 feeds d1 in its row and a3 in its column, not b2 on its diagonal: 3 + 3 + 0.
    ("orchard", "Feeds the Cottages in its row and column.",
     ("orchard . . cottage", ". cottage . .", "cottage . . .", EMPTY), "d1 a3 b2", 6),
    # Root Cellar: the player's 1 coin feeds row 2's three Cottages: 9, and the coin is spent: 0 left.
    ("root-cellar", "0. At the end, each coin you spend feeds every Cottage of one row or column.",
     ("root-cellar . . .", "cottage cottage cottage .", EMPTY, EMPTY), "a1 a2 b2 c2 coins", 9, {"coins": 1}),
    # Nothing beside the Tithe Barn; 1 coin buys 2 buildings, Barrett Castle being 1: it (5) and the Cottage (3).
    ("tithe-barn", "0. Feeds the Cottages next to it; at the end, others anywhere for 1 coin per 2 (Barrett Castle is 1).",
     ("barrett-castle . . tithe-barn", "cottage . . .", EMPTY, EMPTY), "a1 a2 d1 coins", 8, {"coins": 1}),

    # ---- Grey
    # a1 has only b2 on its diagonal: 0; b2 and b3 share a side: 2 each.
    ("fountain", "2 if next to another grey building.",
     ("fountain . . .", ". fountain . .", ". fountain . .", EMPTY), "a1 b2 b3", 4),
    # Beside the Millstone a monument (no colour) and a Cottage (blue); the Farm is on its diagonal: 0.
    ("millstone", "2 if next to a red or yellow building.",
     ("millstone grove-university . .", "cottage farm . .", EMPTY, EMPTY), "a1", 0),
    ("shed", "1. Can be built on any empty square.", ("shed . . .", EMPTY, EMPTY, EMPTY), "a1", 1),
    # Beside the Well on b1, nothing fed: Barrett Castle (2), the Cottages on c1 and b2 (1 + 1); a2 is on its diagonal: 4.
    ("well", "1 per Cottage next to it, fed or not; Barrett Castle counts 2.",
     ("barrett-castle well cottage .", "cottage cottage . .", EMPTY, EMPTY), "b1", 4),
    # A Well beside one unfed Cottage (nothing feeds it): 1; the Cottage on its diagonal a2 is not counted.
    ("well", "1 per Cottage next to it, fed or not; Barrett Castle counts 2.",
     ("cottage well . .", "cottage . . .", EMPTY, EMPTY), "b1", 1),
    ("mine", "0. Gives 1 coin when built.", ("mine . . .", EMPTY, EMPTY, EMPTY), "a1", 0),
    ("statue", "0. Gives coins when built.", ("statue . . .", EMPTY, EMPTY, EMPTY), "a1", 0),

    # ---- Orange
    # Beside the Abbey a monument (no colour); the Tavern is on its diagonal: 3.
    ("abbey", "3, but 0 next to a green, yellow or navy building.",
     ("abbey grove-university . .", ". tavern . .", EMPTY, EMPTY), "a1", 3),
    # A Chapel with a fed Barrett Castle (2) and a fed Cottage (1), the Farm feeding both: 3.
    ("chapel", "1 per fed Cottage in town; a fed Barrett Castle counts 2.",
     ("barrett-castle chapel cottage farm", EMPTY, EMPTY, EMPTY), "b1", 3),
    # The Cloister on b2 is on no corner, and still counts those on a1 and d1: 2.
    ("cloister", "1 per Cloister on a corner of your town.",
     ("cloister . . cloister", ". cloister . .", EMPTY, EMPTY), "b2", 2),
    # A Temple next to a fed Barrett Castle alone: two fed Cottages, 4.
    ("temple", "4 if next to 2 or more fed Cottages; a fed Barrett Castle counts 2.",
     ("barrett-castle temple farm .", EMPTY, EMPTY, EMPTY), "b1", 4),
    # Two Cathedrals on a diagonal are not next to each other: 7 + 7.
    ("cathedral", "7 if no other Cathedral is next to it.",
     ("cathedral . . .", ". cathedral . .", EMPTY, EMPTY), "a1 b2", 14),
    # A fed Barrett Castle beside the Parsonage (the Granary on b2 feeds it): 4.
    ("parsonage", "4 if next to a fed Cottage.",
     ("parsonage barrett-castle . .", ". granary . .", EMPTY, EMPTY), "a1", 4),
    # The Cottage on b2 is fed, but on the Parsonage's diagonal: 0.
    ("parsonage", "4 if next to a fed Cottage.",
     ("parsonage . . .", ". cottage . .", ". granary . .", EMPTY), "a1", 0),

    # ---- Green
    # 3 Almshouses together: −3.
    ("almshouse", "All your Almshouses together, by number: −1, 5, −3, 15, −5, then 26 for 6 or more.",
     ("almshouse almshouse almshouse .", EMPTY, EMPTY, EMPTY), "a1 b1 c1", -3),
    # 7 Almshouses together: 26, as for 6.
    ("almshouse", "All your Almshouses together, by number: −1, 5, −3, 15, −5, then 26 for 6 or more.",
     ("almshouse almshouse almshouse almshouse", "almshouse almshouse almshouse .", EMPTY, EMPTY),
     "a1 b1 c1 d1 a2 b2 c2", 26),
    # 2 Feast Halls against 1 for the player on the right: 3 each, 6.
    ("feast-hall", "2, or 3 with more Feast Halls than the player on your right.",
     ("feast-hall feast-hall . .", EMPTY, EMPTY, EMPTY), "a1 b1", 6,
     {"rivals": [(("feast-hall . . .", EMPTY, EMPTY, EMPTY), {})]}),
    # 1 Feast Hall against 1 on the right is not more: 2.
    ("feast-hall", "2, or 3 with more Feast Halls than the player on your right.",
     ("feast-hall . . .", EMPTY, EMPTY, EMPTY), "a1", 2,
     {"rivals": [(("feast-hall . . .", EMPTY, EMPTY, EMPTY), {})]}),
    # b2 shares no row or column with a1 or a3, on its diagonals: 3; a1 and a3 share column a: 0 + 0.
    ("inn", "3 if no other Inn in its row or column.",
     ("inn . . .", ". inn . .", "inn . . .", EMPTY), "a1 b2 a3", 3),
    # 6 Taverns together: 20, as for 5.
    ("tavern", "All your Taverns together, by number: 2, 5, 9, 14, then 20 for 5 or more.",
     ("tavern tavern tavern tavern", "tavern tavern . .", EMPTY, EMPTY), "a1 b1 c1 d1 a2 b2", 20),
    ("gamblers-den", "2.", ("gamblers-den . . .", EMPTY, EMPTY, EMPTY), "a1", 2),
    # Next to a fed Cottage (the Granary feeds it): 2; 1 coin against 1 for the player on the right: 2 more.
    ("schoolhouse", "2 if next to a fed Cottage, then 2 more with at least as many coins as the player on your right.",
     ("schoolhouse cottage granary .", EMPTY, EMPTY, EMPTY), "a1", 4,
     {"coins": 1, "rivals": [(NONE, {"coins": 1})]}),

    # ---- Yellow
    # The Factory beside the Bakery is navy: 3; the Farm on its diagonal would not have done.
    ("bakery", "3 if next to a red or navy building.",
     ("bakery . . .", "factory farm . .", EMPTY, EMPTY), "a1", 3),
    # The Farm on its diagonal alone: 0.
    ("bakery", "3 if next to a red or navy building.",
     ("bakery . . .", ". farm . .", EMPTY, EMPTY), "a1", 0),
    # The Market on a2: itself alone in row 2, itself and a1 in column a: 2.
    ("market", "1 per Market in its row or its column, itself included, whichever has more.",
     ("market market market .", "market . . .", EMPTY, EMPTY), "a2", 2),
    # The Tailor on b2, a centre square, counts itself: 1 + 1; the one on a1 counts it too: 1 + 1.
    ("tailor", "1, plus 1 per Tailor in the 4 centre squares, itself included.",
     ("tailor . . .", ". tailor . .", EMPTY, EMPTY), "a1 b2", 4),
    # A Theater sees Fort Ironweed and the Well in its row, the Cottage in its column; not the Farm on a diagonal: 3.
    ("theater", "1 per other building type in its row and column; a monument is a type of its own, Barrett Castle "
                "a Cottage.",
     ("fort-ironweed theater well .", "farm cottage . .", EMPTY, EMPTY), "b1", 3),
    # Barrett Castle and the Cottage are one type, the other Theater none: 1.
    ("theater", "1 per other building type in its row and column; a monument is a type of its own, Barrett Castle "
                "a Cottage.",
     ("barrett-castle theater cottage theater", EMPTY, EMPTY, EMPTY), "b1", 1),
    ("jeweler", "4.", ("jeweler . . .", EMPTY, EMPTY, EMPTY), "a1", 4),
    ("teahouse", "1. Gives coins when built.", ("teahouse . . .", EMPTY, EMPTY, EMPTY), "a1", 1),

    # ---- Navy
    ("bank", "4. Its resource can no longer be named by you.", ("bank . . .", EMPTY, EMPTY, EMPTY), "a1", 4),
    ("factory", "0. Swaps one named resource for another.", ("factory . . .", EMPTY, EMPTY, EMPTY), "a1", 0),
    ("trading-post", "1. Counts as any resource in later buildings.",
     ("trading-post . . .", EMPTY, EMPTY, EMPTY), "a1", 1),
    # 3 resources stored: −3.
    ("warehouse", "−1 per resource stored on it (up to 3).", ("warehouse . . .", EMPTY, EMPTY, EMPTY), "a1", -3,
     {"stored": {"a1": 3}}),
    ("museum", "0. Resources kept on it are traded for coins.", ("museum . . .", EMPTY, EMPTY, EMPTY), "a1", 0),
    ("oddity-shop", "2. Not played in Solo or Town Hall.", ("oddity-shop . . .", EMPTY, EMPTY, EMPTY), "a1", 2),

    # ---- Monuments
    ("architects-guild", "1. When built, replace up to 2 of your buildings.",
     ("architects-guild . . .", EMPTY, EMPTY, EMPTY), "a1", 1),
    # The Archive counts the types of its town, not itself: Cottage, Well and Farm, 3.
    ("archive-of-the-second-age", "1 per different building type in your town, monuments not counted.",
     ("archive-of-the-second-age cottage well farm", EMPTY, EMPTY, EMPTY), "a1", 3),
    # The Farm feeds Barrett Castle as 1 of its 4: it (5) and the 3 Cottages (9); to the Well beside it, 2 Cottages
    # and the Cottage on c1: 3.
    ("barrett-castle", "5 if fed. Counts as 2 Cottages, but a Farm or Tithe Barn feeds it as 1.",
     ("barrett-castle well cottage cottage", "cottage . . .", EMPTY, ". . . farm"), "a1 b1 c1 d1 a2", 17),
    # The Cathedral (2) and the town's 14 empty squares, which cost nothing; the unfed Cottage on d4 left out.
    ("cathedral-of-caterina", "2. Your empty squares cost nothing.",
     ("cathedral-of-caterina . . .", EMPTY, EMPTY, ". . . cottage"),
     "a1 b1 c1 d1 a2 b2 c2 d2 a3 b3 c3 d3 a4 b4 c4", 2),
    ("fort-ironweed", "7. You are no longer Master Builder, unless nobody else is still playing.",
     ("fort-ironweed . . .", EMPTY, EMPTY, EMPTY), "a1", 7),
    # The unfed Cottage scores 3, but stays unfed: the Chapel counts no fed Cottage, 0.
    ("grand-mausoleum-of-the-rodina", "0. Your unfed Cottages score 3, but stay unfed for other cards.",
     ("grand-mausoleum-of-the-rodina cottage chapel .", EMPTY, EMPTY, EMPTY), "a1 b1 c1", 3),
    ("grove-university", "3. When built, place a building on any empty square.",
     ("grove-university . . .", EMPTY, EMPTY, EMPTY), "a1", 3),
    # Beside the Palace two Cottages, one type; the Well is on its diagonal: 2 × 1.
    ("mandras-palace", "2 per different building type next to it.",
     ("mandras-palace cottage . .", "cottage well . .", EMPTY, EMPTY), "a1", 2),
    ("obelisk-of-the-crescent", "0. Later buildings can go on any empty square.",
     ("obelisk-of-the-crescent . . .", EMPTY, EMPTY, EMPTY), "a1", 0),
    ("opaleyes-watch", "0. Holds 3 buildings; when a neighbour builds one of them, you may place it in your town too.",
     ("opaleyes-watch . . .", EMPTY, EMPTY, EMPTY), "a1", 0),
    # Built last, the Shrine is the 6th building in town: 8.
    ("shrine-of-the-elder-tree", "1 to 5 by the buildings in town when built, itself included; 8 for 6 or more.",
     ("shrine-of-the-elder-tree cottage cottage cottage", "well well . .", EMPTY, EMPTY), "a1", 8,
     {"shrine_buildings": 6}),
    # Built first, the Shrine counted itself alone: 1.
    ("shrine-of-the-elder-tree", "1 to 5 by the buildings in town when built, itself included; 8 for 6 or more.",
     ("shrine-of-the-elder-tree cottage cottage cottage", "well well . .", EMPTY, EMPTY), "a1", 1,
     {"shrine_buildings": 1}),
    # The three Cottages touch only by their corners, groups of 1; the two Wells share a side: 1 + 2.
    ("silva-forum", "1 plus your largest group of one building type joined by their sides.",
     ("silva-forum cottage . .", ". . cottage .", ". . . cottage", "well well . ."), "a1", 3),
    ("statue-of-the-bondmaker", "0. Others' resources can go on your Cottages.",
     ("statue-of-the-bondmaker . . .", EMPTY, EMPTY, EMPTY), "a1", 0),
    # This game's 7 types (Cottage, Farm, Well, Chapel, Tavern, Theater, Factory): Chapel, Tavern, Theater and
    # Factory missing, the Baths themselves no type of the game: 2 × 4.
    ("the-sky-baths", "2 per building type of this game missing from your town.",
     ("the-sky-baths cottage farm well", EMPTY, EMPTY, EMPTY), "a1", 8),
    # Three towns completed before this one: fourth, 0.
    ("the-starloom", "6, 3 or 2 if first, second or third to complete a town.",
     ("the-starloom . . .", EMPTY, EMPTY, EMPTY), "a1", 0,
     {"completed_before": 3, "rivals": [(NONE, {}), (NONE, {}), (NONE, {})]}),
    # One town completed before: second, 3.
    ("the-starloom", "6, 3 or 2 if first, second or third to complete a town.",
     ("the-starloom . . .", EMPTY, EMPTY, EMPTY), "a1", 3, {"completed_before": 1, "rivals": [(NONE, {})]}),
    # The Grotto (2) and a fifth coin in the chest (5).
    ("caterinas-grotto", "2. Your chest holds a fifth coin.",
     ("caterinas-grotto . . .", EMPTY, EMPTY, EMPTY), "a1 coins", 7, {"coins": 5}),
    # Fed by the Granary on its diagonal, which is in neither its row nor its column; the Cottage (row 1) and the
    # Well (column a) are 2 types: 9 − 2 × 2.
    ("eraflage-vineyard", "9 if fed (as a Cottage), then −2 per other building type in its row and column.",
     ("eraflage-vineyard cottage . .", ". granary . .", "well . . .", EMPTY), "a1", 5),
    # The Festival (4) and 5 coins left, the fifth in the place it adds, 2 each: 10.
    ("estival-festival", "4. Your chest holds a fifth coin, and each coin left in it scores 2.",
     ("estival-festival . . .", EMPTY, EMPTY, EMPTY), "a1 coins", 14, {"coins": 5}),
    # 4 coins spent changing a named resource: 7 − 8, below zero.
    ("hollow-hill", "7, minus 2 per coin spent changing a named resource after it was built; can fall below 0.",
     ("hollow-hill . . .", EMPTY, EMPTY, EMPTY), "a1", -1, {"hollow_hill_swaps": 4}),
    ("masons-guild", "3. When built, place extra buildings.", ("masons-guild . . .", EMPTY, EMPTY, EMPTY), "a1", 3),
    # The Promenade (3) and a fifth coin in the chest (5).
    ("the-petal-promenade", "3. Your chest holds a fifth coin.",
     ("the-petal-promenade . . .", EMPTY, EMPTY, EMPTY), "a1 coins", 8, {"coins": 5}),
    ("the-prism-forge", "1.", ("the-prism-forge . . .", EMPTY, EMPTY, EMPTY), "a1", 1),
    ("southern-semaphore", "1. Not played in Solo.", ("southern-semaphore . . .", EMPTY, EMPTY, EMPTY), "a1", 1),
    # Beside the Treasury two unfed Cottages; the one on b2 is on its diagonal: 2.
    ("the-treasury-at-okaver", "1 per Cottage next to it, fed or not.",
     ("the-treasury-at-okaver cottage . .", "cottage cottage . .", EMPTY, EMPTY), "a1", 2),
    # The Windseed (0) and a fifth coin in the chest (5).
    ("shrine-of-the-windseed", "0. Gives coins when built; your chest holds a fifth coin.",
     ("shrine-of-the-windseed . . .", EMPTY, EMPTY, EMPTY), "a1 coins", 5, {"coins": 5}),
]


def _scored(rows: tuple, facts: dict) -> dict:
    """Return the result of the player with this town (and these facts), first in a game of its rivals."""
    facts = dict(facts)
    rivals = facts.pop("rivals", ())
    coins = "coins" in facts
    players = [player(town(*rows), **facts)]
    players += [player(town(*their_rows), name="Rival {}".format(n + 1), **their_facts)
                for n, (their_rows, their_facts) in enumerate(rivals)]
    if coins:
        for each in players:
            each.setdefault("coins", 0)
    return score(game(*players, coins=coins))["players"][0]


def _points(result: dict, squares: str) -> int:
    """Return the points of these squares (and of the coins line) in a player's result."""
    return sum(result["by_colour"]["coins"] if square == "coins" else points(result, square)
               for square in squares.split())


@pytest.mark.parametrize("case", CASES, ids=["{}-{}".format(case[0], n) for n, case in enumerate(CASES)])
def test_a_reminder_says_what_the_core_scores_in_a_town_showing_its_exception(case):
    card, reminder, rows, squares, expected = case[:5]
    facts = case[5] if len(case) > 5 else {}
    assert str(REMINDERS[card]) == reminder
    assert _points(_scored(rows, facts), squares) == expected


def test_every_card_the_core_knows_has_its_reminder_paired_with_a_town():
    assert {case[0] for case in CASES} == set(ALL_BUILDINGS) | set(ALL_MONUMENTS)
