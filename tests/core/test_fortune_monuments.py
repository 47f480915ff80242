"""Fortune's ten monuments and Tiny Trees, each by its rule, and with the base game's cards they meet."""

import pytest

from support.towns import points
from support.towns import reason
from support.towns import score_town

EMPTY = ". . . ."

FIXED = [("caterinas-grotto", 2), ("estival-festival", 4), ("masons-guild", 3), ("the-petal-promenade", 3),
         ("the-prism-forge", 1), ("southern-semaphore", 1), ("shrine-of-the-windseed", 0)]


@pytest.mark.parametrize("monument, expected", FIXED)
def test_monuments_worth_a_fixed_number(monument, expected):
    result = score_town(monument + " . . .", EMPTY, EMPTY, EMPTY)
    assert (points(result, "a1"), reason(result, "a1")) == (expected, ("fixed", 0))
    assert result["by_colour"]["monument"] == expected


def test_the_treasury_counts_the_cottages_beside_it_fed_or_not():
    result = score_town("cottage the-treasury-at-okaver cottage .", ". cottage . .", EMPTY, ". . . farm")
    # Three Cottages beside it (the Farm feeds them, which changes nothing): 3.
    assert (points(result, "b1"), reason(result, "b1")) == (3, ("adjacent-cottages", 3))
    unfed = score_town("cottage the-treasury-at-okaver . .", EMPTY, EMPTY, EMPTY)
    assert points(unfed, "b1") == 1


@pytest.mark.parametrize("swaps, expected", [(0, 7), (1, 5), (3, 1), (5, -3), (99, -191)])
def test_hollow_hill_loses_2_per_resource_changed_with_no_floor(swaps, expected):
    # 7 - 2 x swaps
    result = score_town("hollow-hill . . .", EMPTY, EMPTY, EMPTY, hollow_hill_swaps=swaps)
    assert (points(result, "a1"), reason(result, "a1")) == (expected, ("swaps", swaps))


# The Eraflage Vineyard: 9 if fed, then -2 per other building type in its row and column together.

@pytest.mark.parametrize("rows, expected, types, fed", [
    # Alone and unfed: 0.
    (("eraflage-vineyard . . .", EMPTY, EMPTY, EMPTY), 0, 0, False),
    # Fed by the Farm on d4 (not in its lines): 9.
    (("eraflage-vineyard . . .", EMPTY, EMPTY, ". . . farm"), 9, 0, True),
    # Its row holds a Well and a Cottage, its column a Farm: 9 - 2 x 3 = 3.
    (("eraflage-vineyard well cottage .", EMPTY, EMPTY, "farm . . ."), 3, 3, True),
    # A Cottage in its row and another in its column are one type: 9 - 2 x 1 = 7 (the Farm feeds all).
    (("eraflage-vineyard . cottage .", "cottage . . .", EMPTY, ". . . farm"), 7, 1, True),
    # Unfed among three other types: 0 - 2 x 3 = -6.
    (("eraflage-vineyard well tavern .", "theater . . .", EMPTY, EMPTY), -6, 3, False),
])
def test_the_eraflage_vineyard(rows, expected, types, fed):
    result = score_town(*rows)
    assert points(result, "a1") == expected
    assert reason(result, "a1") == ("vineyard-fed" if fed else "vineyard-unfed", types)


@pytest.mark.parametrize("rows", [
    (". eraflage-vineyard . .", ". granary . .", EMPTY, EMPTY),       # surrounding the Granary
    (". eraflage-vineyard . .", EMPTY, EMPTY, ". orchard . ."),       # in the Orchard's column
    ("eraflage-vineyard cottage . .", EMPTY, EMPTY, ". . . greenhouse"),  # in the Greenhouse's group
    ("eraflage-vineyard tithe-barn . .", EMPTY, EMPTY, EMPTY),        # beside the Tithe Barn
])
def test_every_feeder_feeds_the_vineyard(rows):
    result = score_town(*rows)
    assert reason(result, "a1")[0] == "vineyard-fed" or reason(result, "b1")[0] == "vineyard-fed"


def test_a_farm_feeds_the_vineyard_first_among_cottages():
    # Four Cottages and the Vineyard, one Farm (4): the Vineyard (9) and three Cottages (9), one left out.
    result = score_town("eraflage-vineyard . . .", EMPTY, "cottage cottage cottage cottage", ". . . farm")
    assert "a1" in result["fed"] and len(result["fed"]) == 4
    # 9 - 2 x 0 (its column holds a Cottage: 9 - 2 = 7) + 3 fed Cottages 9.
    assert points(result, "a1") == 7
    assert result["by_colour"]["blue"] == 9


def test_a_greenhouse_takes_the_vineyards_group_when_it_is_worth_more():
    # The Vineyard's group (Vineyard + a Cottage: 9 + 3) beats the three Cottages on row 4 (9).
    result = score_town("eraflage-vineyard cottage . .", EMPTY, EMPTY, "cottage cottage cottage greenhouse")
    assert result["fed"] == ["a1", "b1"]


@pytest.mark.parametrize("rows, square", [
    # Fed by the Farm, the Vineyard is no Cottage beside a Well (0), for a Chapel (0) or beside a Temple (0).
    (("eraflage-vineyard well . .", EMPTY, EMPTY, ". . . farm"), "b1"),
    (("eraflage-vineyard chapel . .", EMPTY, EMPTY, ". . . farm"), "b1"),
    (("eraflage-vineyard temple cottage .", EMPTY, EMPTY, ". . . farm"), "b1"),
])
def test_the_vineyard_is_never_a_cottage_for_other_cards(rows, square):
    result = score_town(*rows)
    assert reason(result, "a1")[0] == "vineyard-fed"
    assert points(result, square) == 0


def test_a_theater_sees_the_vineyard_as_a_type_of_its_own():
    result = score_town("eraflage-vineyard theater cottage .", EMPTY, EMPTY, EMPTY)
    # Vineyard and Cottage in its row: 2 types.
    assert points(result, "b1") == 2


# Tiny Trees: the seed's square, the only one without a building, grows a tree: +2, and no -1.

FULL = ("cottage cottage cottage cottage", "cottage cottage cottage cottage", "cottage cottage cottage cottage")


def test_the_tree_grows_on_the_only_empty_square():
    result = score_town(*FULL, "cottage . cottage cottage", seed="b4")
    assert (points(result, "b4"), reason(result, "b4")) == (2, ("tree", 0))
    # The tree is no empty square: +2 in the empty squares' column, and none for the tie-break.
    assert result["by_colour"]["empty"] == 2
    assert result["empty"] == 0


def test_no_tree_with_two_squares_without_a_building():
    result = score_town(*FULL, "cottage . . cottage", seed="b4")
    assert (points(result, "b4"), reason(result, "b4")) == (-1, ("empty", 0))
    assert result["empty"] == 2


def test_no_tree_where_the_seed_was_built_over():
    result = score_town(*FULL, "cottage . cottage cottage", seed="a4")
    assert points(result, "b4") == -1
    assert result["by_colour"]["empty"] == -1


def test_the_tree_grows_beside_the_cathedral_of_caterina():
    # The tree is not an empty square: +2, not the Cathedral's 0.
    result = score_town(*FULL, "cathedral-of-caterina . cottage cottage", seed="b4")
    assert points(result, "b4") == 2
    # With a second empty square there is no tree, and both cost nothing.
    result = score_town(*FULL[:2], "cottage cottage . cottage", "cathedral-of-caterina . cottage cottage", seed="b4")
    assert (points(result, "b4"), points(result, "c3")) == (0, 0)


def test_no_tree_without_a_seed_put_down():
    # The only empty square grows nothing without a seed: -1.
    result = score_town(*FULL, "cottage . cottage cottage", seed="none")
    assert (points(result, "b4"), reason(result, "b4")) == (-1, ("empty", 0))
    assert result["empty"] == 1


def test_a_full_town_grows_no_tree():
    result = score_town(*FULL, "cottage cottage cottage cottage", seed="b4")
    assert "tree" not in [square["reason"] for square in result["squares"]]
