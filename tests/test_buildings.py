"""Each building card's rule: a table of towns and the points one square earns."""

import pytest

from towns import points
from towns import reason
from towns import score_town

CASES = [
    # Blue: Cottage
    ("cottage unfed", ("cottage . . .", ". . . .", ". . . .", ". . . ."), "a1", 0),
    ("cottage fed by a farm anywhere", ("cottage . . .", ". . . .", ". . . .", ". . . farm"), "a1", 3),
    ("cottage unfed with the mausoleum", ("cottage . . .", ". . . .", ". . . .",
                                          ". . . grand-mausoleum-of-the-rodina"), "a1", 3),
    # Red: Granary feeds its 8 surrounding squares, diagonals included
    ("granary feeds a diagonal", ("cottage . . .", ". granary . .", ". . . .", ". . . ."), "a1", 3),
    ("granary feeds the far diagonal", (". . . .", ". granary . .", ". . cottage .", ". . . ."), "c3", 3),
    ("granary does not reach two away", (". . . .", ". granary . .", ". . . .", ". . . cottage"), "d4", 0),
    # Orchard feeds its row and column only
    ("orchard feeds its column", (". . . .", ". orchard . .", ". . . .", ". cottage . ."), "b4", 3),
    ("orchard feeds its row", (". . . .", ". orchard . cottage", ". . . .", ". . . ."), "d2", 3),
    ("orchard not diagonally", ("cottage . . .", ". orchard . .", ". . . .", ". . . ."), "a1", 0),
    # Greenhouse feeds one connected group, the larger here
    ("greenhouse feeds the larger group", ("cottage . . .", "cottage . . .", ". . . .",
                                           ". greenhouse . cottage"), "a2", 3),
    ("greenhouse leaves the smaller group", ("cottage . . .", "cottage . . .", ". . . .",
                                             ". greenhouse . cottage"), "d4", 0),
    # Grey
    ("fountain beside a fountain", ("fountain fountain . .", ". . . .", ". . . .", ". . . ."), "a1", 2),
    ("fountain diagonal only", ("fountain . . .", ". fountain . .", ". . . .", ". . . ."), "a1", 0),
    ("millstone beside red", ("millstone farm . .", ". . . .", ". . . .", ". . . ."), "a1", 2),
    ("millstone beside yellow", ("millstone . . .", "bakery . . .", ". . . .", ". . . ."), "a1", 2),
    ("millstone beside navy", ("millstone bank . .", ". . . .", ". . . .", ". . . ."), "a1", 0),
    ("shed", (". . . .", ". shed . .", ". . . .", ". . . ."), "b2", 1),
    ("well counts fed and unfed cottages", ("cottage well cottage .", ". cottage . .", ". . . .",
                                            ". . . ."), "b1", 3),
    ("well ignores diagonals", ("cottage . . .", ". well . .", ". . . .", ". . . ."), "b2", 0),
    ("well beside barrett castle", ("barrett-castle well . .", ". . . .", ". . . .", ". . . ."), "b1", 2),
    # Orange
    ("abbey alone", ("abbey farm cottage .", "well . . .", ". . . .", ". . . ."), "a1", 3),
    ("abbey beside green", ("abbey tavern . .", ". . . .", ". . . .", ". . . ."), "a1", 0),
    ("abbey beside yellow", ("abbey . . .", "theater . . .", ". . . .", ". . . ."), "a1", 0),
    ("abbey beside navy", ("abbey factory . .", ". . . .", ". . . .", ". . . ."), "a1", 0),
    ("abbey with green diagonal", ("abbey . . .", ". tavern . .", ". . . .", ". . . ."), "a1", 3),
    ("chapel counts every fed cottage", ("chapel cottage cottage cottage", ". . . .", ". . . .",
                                         ". . . farm"), "a1", 3),
    ("chapel ignores unfed cottages", ("chapel cottage . .", ". . . .", ". . . .", ". . . ."), "a1", 0),
    ("chapel ignores mausoleum cottages", ("chapel cottage . .", ". . . .", ". . . .",
                                           ". . . grand-mausoleum-of-the-rodina"), "a1", 0),
    ("chapel counts a fed castle twice", ("chapel barrett-castle . .", ". . . .", ". . . .",
                                          ". . . farm"), "a1", 2),
    ("cloister counts cornered cloisters", ("cloister . . cloister", ". cloister . .", ". . . .",
                                            ". . . ."), "b2", 2),
    ("cloister on a corner counts itself", ("cloister . . .", ". . . .", ". . . .", ". . . ."), "a1", 1),
    ("temple with two fed cottages", ("cottage temple cottage .", ". . . .", ". . . .", ". . . farm"),
     "b1", 4),
    ("temple with one fed, one unfed", ("cottage temple cottage .", ". . . .", ". . . .",
                                        ". . . ."), "b1", 0),
    ("temple beside a fed castle", ("barrett-castle temple . .", ". . . .", ". . . .", ". . . farm"),
     "b1", 4),
    # Green
    ("inn alone", ("inn . . .", ". inn . .", ". . . .", ". . . ."), "a1", 3),
    ("inn sharing a row", ("inn . . inn", ". . . .", ". . . .", ". . . ."), "a1", 0),
    ("inn sharing a column", ("inn . . .", ". . . .", ". . . .", "inn . . ."), "a4", 0),
    # Yellow
    ("bakery beside red", ("bakery granary . .", ". . . .", ". . . .", ". . . ."), "a1", 3),
    ("bakery beside navy", ("bakery . . .", "warehouse . . .", ". . . .", ". . . ."), "a1", 3),
    ("bakery beside grey", ("bakery well . .", ". . . .", ". . . .", ". . . ."), "a1", 0),
    ("market counts its row", ("market market market .", ". . . .", ". . . .", ". . . ."), "a1", 3),
    ("market takes its longer line", ("market market . .", "market . . .", "market . . .",
                                      ". . . ."), "a1", 3),
    ("market row of four", ("market market market market", ". . . .", ". . . .", ". . . ."), "b1", 4),
    ("market alone", (". . . .", ". market . .", ". . . .", ". . . ."), "b2", 1),
    ("tailor outside the centre", ("tailor . . .", ". tailor tailor .", ". . . .", ". . . ."), "a1", 3),
    ("tailor in the centre counts itself", ("tailor . . .", ". tailor . .", ". . . .", ". . . ."),
     "b2", 2),
    ("tailor capped at 5", ("tailor . . .", ". tailor tailor .", ". tailor tailor .", ". . . ."),
     "a1", 5),
    ("theater counts types in row and column", ("cottage theater well .", ". farm . .", ". cottage . .",
                                                ". chapel . ."), "b1", 4),
    ("theater counts castle as cottage", ("cottage theater barrett-castle .", ". . . .", ". . . .",
                                          ". . . ."), "b1", 1),
    ("theater counts a monument", ("cottage theater grove-university .", ". . . .", ". . . .",
                                   ". . . ."), "b1", 2),
    ("theater ignores theaters", ("theater theater . .", ". . . .", ". . . .", ". . . ."), "a1", 0),
    ("theater capped at 6", ("cottage theater well tavern", ". farm . .", ". chapel . .",
                             ". bank . ."), "b1", 6),
    # Navy
    ("bank", ("bank . . .", ". . . .", ". . . .", ". . . ."), "a1", 4),
    ("factory", ("factory . . .", ". . . .", ". . . .", ". . . ."), "a1", 0),
    ("trading post", ("trading-post . . .", ". . . .", ". . . .", ". . . ."), "a1", 1),
    ("warehouse with nothing stored", ("warehouse . . .", ". . . .", ". . . .", ". . . ."), "a1", 0),
]


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
