"""Each building card's rule: a table of towns and the points one square earns; the cards by colour."""

import pytest

from support.cases import BUILDING_CASES as CASES
from support.towns import points
from support.towns import reason
from support.towns import score_town
from webscore.scoring.cards import BUILDINGS
from webscore.scoring.cards import CARD_COLOURS
from webscore.scoring.cards import cards_of_colour


@pytest.mark.parametrize("rows, square, expected", [case[1:] for case in CASES],
                         ids=[case[0] for case in CASES])
def test_square_points(rows, square, expected):
    assert points(score_town(*rows), square) == expected


@pytest.mark.parametrize("stored, expected", [(0, 0), (1, -1), (3, -3)])
def test_warehouse_costs_one_per_stored_resource(stored, expected):
    result = score_town("warehouse . . .", ". . . .", ". . . .", ". . . .", stored={"a1": stored})
    assert points(result, "a1") == expected
    assert result["by_colour"]["navy"] == expected


ALMSHOUSE_TOTALS = [(1, -1), (2, 5), (3, -3), (4, 15), (5, -5), (6, 26), (7, 26)]
TAVERN_TOTALS = [(1, 2), (2, 5), (3, 9), (4, 14), (5, 20), (6, 20)]


def _row_of(card: str, count: int) -> tuple:
    cards = [card] * count + ["."] * (16 - count)
    return tuple(" ".join(cards[r * 4:r * 4 + 4]) for r in range(4))


@pytest.mark.parametrize("count, expected", ALMSHOUSE_TOTALS)
def test_almshouses_score_by_their_count(count, expected):
    result = score_town(*_row_of("almshouse", count))
    assert result["by_colour"]["green"] == expected
    assert reason(result, "a1") == ("almshouses", count)


@pytest.mark.parametrize("count, expected", TAVERN_TOTALS)
def test_taverns_score_by_their_count(count, expected):
    result = score_town(*_row_of("tavern", count))
    assert result["by_colour"]["green"] == expected


def test_set_points_are_shared_out_as_evenly_as_whole_points_allow():
    result = score_town(*_row_of("tavern", 4))
    assert [points(result, name) for name in ("a1", "b1", "c1", "d1")] == [4, 4, 3, 3]


def test_feeders_score_nothing_and_say_how_many_they_feed():
    result = score_town("cottage cottage cottage cottage", "cottage farm . .", ". . . .", ". . . .")
    assert points(result, "b2") == 0
    assert reason(result, "b2") == ("feeds", 4)
    assert len(result["fed"]) == 4
    assert result["by_colour"]["blue"] == 12


def test_a_building_fed_twice_counts_once():
    result = score_town("cottage granary . .", "granary . . .", ". . . .", ". . . .")
    assert result["fed_by"]["a1"] == ["b1", "a2"]
    assert result["by_colour"]["blue"] == 3


def test_feeders_add_up():
    result = score_town("cottage cottage cottage cottage", "cottage cottage . .", ". . . farm",
                        ". . . farm")
    assert len(result["fed"]) == 6


def test_each_greenhouse_feeds_a_different_group():
    result = score_town("cottage cottage . cottage", ". . . .", "cottage greenhouse . .",
                        "cottage . . greenhouse")
    assert result["fed"] == ["a1", "b1", "a3", "a4"]
    assert result["fed_by"]["a1"] == ["b3"]
    assert result["fed_by"]["a3"] == ["d4"]
    assert reason(result, "d4") == ("feeds", 2)


def test_cards_of_each_colour_are_the_catalogue_filtered():
    for colour in CARD_COLOURS:
        assert cards_of_colour(colour) == tuple(sorted(c for c in BUILDINGS if BUILDINGS[c][0] == colour))
        assert len(cards_of_colour(colour)) in (3, 4)
    assert cards_of_colour("purple") == ()
    assert cards_of_colour("monument") == ()
