"""Each monument's rule."""

import pytest

from support.towns import points
from support.towns import reason
from support.towns import score_town

EMPTY_ROW = ". . . ."

FIXED = [("architects-guild", 1), ("cathedral-of-caterina", 2), ("fort-ironweed", 7),
         ("grand-mausoleum-of-the-rodina", 0), ("grove-university", 3), ("obelisk-of-the-crescent", 0),
         ("opaleyes-watch", 0), ("statue-of-the-bondmaker", 0)]


@pytest.mark.parametrize("monument, expected", FIXED)
def test_monuments_worth_a_fixed_number(monument, expected):
    result = score_town(monument + " . . .", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW)
    assert points(result, "a1") == expected
    assert result["by_colour"]["monument"] == expected


def test_cathedral_makes_empty_squares_free():
    result = score_town("cathedral-of-caterina . . .", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW)
    assert result["by_colour"]["empty"] == 0
    assert result["total"] == 2


def test_empty_squares_cost_one_each_otherwise():
    result = score_town("fort-ironweed . . .", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW)
    assert result["by_colour"]["empty"] == -15
    assert result["total"] == -8


def test_archive_counts_distinct_building_types():
    result = score_town("archive-of-the-second-age cottage cottage well", "farm chapel . .",
                        EMPTY_ROW, EMPTY_ROW)
    assert points(result, "a1") == 4


def test_archive_at_most_seven():
    result = score_town("archive-of-the-second-age cottage well farm", "chapel tavern theater factory",
                        EMPTY_ROW, EMPTY_ROW)
    assert points(result, "a1") == 7


@pytest.mark.parametrize("rows, expected", [
    (("barrett-castle . . .", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW), 0),
    (("barrett-castle . . .", EMPTY_ROW, EMPTY_ROW, ". . . farm"), 5),
    (("barrett-castle granary . .", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW), 5),
])
def test_barrett_castle_is_worth_five_when_fed(rows, expected):
    assert points(score_town(*rows), "a1") == expected


def test_barrett_castle_is_one_building_for_a_farm():
    result = score_town("barrett-castle cottage cottage cottage", "cottage . . .", EMPTY_ROW,
                        ". . . farm")
    # The Farm feeds 4: the Castle (5) and three of the four Cottages (9).
    assert result["fed"] == ["a1", "b1", "c1", "d1"]
    assert result["by_colour"]["monument"] + result["by_colour"]["blue"] == 14


def test_barrett_castle_counts_as_two_cottages_for_tie_breaks():
    assert score_town("barrett-castle cottage . .", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW)["cottages"] == 3


def test_mausoleum_cottages_stay_unfed():
    result = score_town("cottage cottage temple .", ". cottage . .", EMPTY_ROW,
                        "grand-mausoleum-of-the-rodina . . .")
    assert result["fed"] == []
    assert result["by_colour"]["blue"] == 9
    assert points(result, "c1") == 0


@pytest.mark.parametrize("neighbours, expected", [
    ("cottage farm well", 6),
    ("cottage cottage well", 4),
    ("barrett", 0),
])
def test_mandras_palace_counts_distinct_adjacent_types(neighbours, expected):
    if neighbours == "barrett":
        rows = (". . . .", ". mandras-palace . .", EMPTY_ROW, EMPTY_ROW)
    else:
        left, right, below = neighbours.split()
        rows = (". . . .", left + " mandras-palace " + right + " .", ". " + below + " . .", EMPTY_ROW)
    assert points(score_town(*rows), "b2") == expected


def test_mandras_palace_all_four_sides():
    result = score_town(". cottage . .", "farm mandras-palace well .", ". chapel . .", EMPTY_ROW)
    assert points(result, "b2") == 8
    assert reason(result, "b2") == ("types-adjacent", 4)


@pytest.mark.parametrize("built, expected", [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 8), (9, 8)])
def test_shrine_scores_by_buildings_when_built(built, expected):
    rows = ("shrine-of-the-elder-tree cottage cottage cottage", "cottage cottage cottage cottage",
            "cottage . . .", EMPTY_ROW)
    assert points(score_town(*rows, shrine_buildings=built), "a1") == expected


def test_silva_forum_counts_the_largest_group_of_one_type():
    result = score_town("silva-forum cottage cottage .", ". cottage well well", ". . . well",
                        "cottage . . .")
    assert points(result, "a1") == 4
    assert reason(result, "a1") == ("largest-group", 3)


def test_silva_forum_alone_is_a_group_of_one():
    assert points(score_town("silva-forum . . .", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW), "a1") == 2


def test_sky_baths_score_two_per_missing_type():
    result = score_town("the-sky-baths cottage well .", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW)
    # Seven types in this game; Cottage and Well are built, five are missing.
    assert points(result, "a1") == 10


def test_sky_baths_at_most_fourteen():
    assert points(score_town("the-sky-baths . . .", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW), "a1") == 14


@pytest.mark.parametrize("before, expected", [(0, 6), (1, 3), (2, 2), (3, 0), (5, 0)])
def test_starloom_by_towns_completed_before(before, expected):
    from support.towns import game
    from support.towns import player
    from support.towns import town
    from webscore.scoring import score

    players = [player(town("the-starloom . . .", EMPTY_ROW, EMPTY_ROW, EMPTY_ROW), completed_before=before)]
    players += [player(town(EMPTY_ROW, EMPTY_ROW, EMPTY_ROW, EMPTY_ROW), name="P" + str(n)) for n in range(5)]
    result = score(game(*players))["players"][0]
    assert points(result, "a1") == expected
