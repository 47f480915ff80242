"""The feeding choice: Farms and Greenhouses feed whatever gives the highest total."""

from support.towns import points
from support.towns import score_town


def test_farm_feeds_the_cottages_a_temple_needs():
    # Six Cottages, one Farm: feeding the two beside the Temple earns it 4.
    result = score_town("cottage cottage cottage cottage", ". . . .", "cottage temple cottage .",
                        ". . . farm")
    assert points(result, "b3") == 4
    assert "a3" in result["fed"] and "c3" in result["fed"]
    assert result["total"] == 12 + 4 - 8


def test_farm_shares_its_four_between_two_temples():
    result = score_town("cottage temple cottage .", "cottage . . .", "cottage temple cottage .",
                        ". . . farm")
    assert points(result, "b1") == 4
    assert points(result, "b3") == 4
    assert result["fed"] == ["a1", "c1", "a3", "c3"]


def test_farm_leaves_out_the_cottage_no_temple_needs():
    # Five Cottages, four fed: both Temples need a1 and b2, so d1 is the one left hungry.
    result = score_town("cottage temple cottage cottage", "temple cottage . .", "cottage . . .",
                        ". . . farm")
    assert result["fed"] == ["a1", "c1", "b2", "a3"]
    assert points(result, "b1") + points(result, "a2") == 8


def test_farm_prefers_barrett_castle_over_a_cottage():
    result = score_town("cottage cottage cottage cottage", "cottage barrett-castle . .", ". . . .",
                        ". . . farm")
    assert "b2" in result["fed"]
    assert result["by_colour"]["monument"] == 5


def test_greenhouse_picks_the_group_that_pays_the_temple():
    # The group of three around the Temple (9 + 4) beats the row of four (12).
    result = score_town("cottage cottage cottage cottage", ". . . .", "cottage temple . .",
                        "cottage cottage . greenhouse")
    assert result["fed"] == ["a3", "a4", "b4"]
    assert points(result, "b3") == 4
    assert result["total"] == 9 + 4 - 7


def test_greenhouse_takes_the_best_group():
    result = score_town("cottage cottage cottage .", ". . . .", "cottage temple cottage .",
                        ". . . greenhouse")
    # Groups: top row of three (9) or a3 alone, or c3 alone; the top row wins.
    assert result["fed"] == ["a1", "b1", "c1"]
    assert result["total"] == 9 - 9


def test_chapel_makes_every_fed_cottage_worth_more():
    result = score_town("cottage cottage cottage cottage", "cottage chapel chapel .", ". . . .",
                        ". . . farm")
    assert result["by_colour"]["orange"] == 8
    assert result["by_colour"]["blue"] == 12
