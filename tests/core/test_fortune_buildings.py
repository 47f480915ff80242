"""Fortune's twelve buildings, each by its rule: a table of towns and the points one square earns; the catalogue."""

import pytest

from support.fortune_cases import FORTUNE_BUILDING_CASES as CASES
from support.towns import game
from support.towns import player
from support.towns import points
from support.towns import reason
from support.towns import score_town
from support.towns import town
from webscore.scoring import score
from webscore.scoring.buildings import RULES as BUILDING_RULES
from webscore.scoring.cards import ALL_BUILDINGS
from webscore.scoring.cards import ALL_MONUMENTS
from webscore.scoring.cards import BUILDINGS
from webscore.scoring.cards import CARD_COLOURS
from webscore.scoring.cards import FORTUNE_BUILDINGS
from webscore.scoring.cards import FORTUNE_MONUMENTS
from webscore.scoring.cards import MONUMENTS
from webscore.scoring.cards import cards_of_colour
from webscore.scoring.cards import colour_of
from webscore.scoring.monuments import RULES as MONUMENT_RULES

EMPTY = ". . . ."


@pytest.mark.parametrize("rows, square, expected", [case[1:] for case in CASES], ids=[case[0] for case in CASES])
def test_square_points(rows, square, expected):
    assert points(score_town(*rows), square) == expected


def test_the_cathedrals_reasons():
    result = score_town("cathedral cathedral . cathedral", EMPTY, EMPTY, EMPTY)
    assert reason(result, "a1") == ("cathedral-beside-cathedral", 0)
    assert reason(result, "d1") == ("cathedral-alone", 0)
    # 0 + 0 + 7
    assert result["by_colour"]["orange"] == 7


def test_the_parsonage_counts_the_fed_cottages_beside_it():
    result = score_town("cottage parsonage cottage .", ". cottage . .", EMPTY, ". . . farm")
    # The Farm feeds all three Cottages: 3 beside the Parsonage, 1 needed.
    assert reason(result, "b1") == ("parsonage-fed-cottages", 3)
    assert points(result, "b1") == 4


def schoolhouse_game(mine, right) -> dict:
    """Return a two-player coins game: Ana's Schoolhouse beside a Cottage a Farm feeds; Bo on her right."""
    ana = player(town("schoolhouse cottage . .", EMPTY, EMPTY, ". . . farm"), coins=mine)
    bo = player(town(EMPTY, EMPTY, EMPTY, EMPTY), name="Bo", coins=right)
    # Two players sit round the table: each is on the other's right.
    return game(ana, bo, coins=True)


@pytest.mark.parametrize("mine, right, expected, why", [
    (2, 1, 4, "schoolhouse-coins"),        # 2 + 2: more coins
    (1, 1, 4, "schoolhouse-coins"),        # 2 + 2: as many
    (0, 0, 4, "schoolhouse-coins"),        # 2 + 2: none each is as many
    (1, 3, 2, "schoolhouse-fewer-coins"),  # 2 only: fewer
])
def test_the_schoolhouse_compares_coins_with_the_player_on_the_right(mine, right, expected, why):
    ana = score(schoolhouse_game(mine, right))["players"][0]
    assert points(ana, "a1") == expected
    assert reason(ana, "a1") == (why, right)


def test_the_schoolhouse_needs_a_fed_cottage_first():
    ana = player(town("schoolhouse cottage . .", EMPTY, EMPTY, EMPTY), coins=4)
    bo = player(town(EMPTY, EMPTY, EMPTY, EMPTY), name="Bo", coins=0)
    result = score(game(ana, bo, coins=True))["players"][0]
    # No Farm: the Cottage is unfed, so neither the 2 nor the 2 more, however many coins.
    assert (points(result, "a1"), reason(result, "a1")) == (0, ("schoolhouse-unfed", 0))


def test_the_schoolhouse_compares_the_coins_entered_before_any_are_spent():
    # Ana spends both her coins on lines (each feeds 2 or 3 Cottages, 6 or 9 against a coin's 1); Bo keeps
    # his 2. As entered, 2 >= 2: the 2 more stand.
    ana = player(town("schoolhouse cottage . root-cellar", "cottage cottage cottage .", "cottage cottage . .",
                      EMPTY), coins=2)
    bo = player(town(EMPTY, EMPTY, EMPTY, EMPTY), name="Bo", coins=2)
    result = score(game(ana, bo, coins=True))["players"][0]
    assert result["coins"]["left"] == 0
    assert points(result, "a1") == 4


def test_the_schoolhouse_reads_the_player_listed_before():
    # Seating is clockwise: Ana's right is the last player (Cy), Bo's is Ana.
    row = ("schoolhouse cottage . .", EMPTY, EMPTY, ". . . farm")
    players = [player(town(*row), name="Ana", coins=1), player(town(*row), name="Bo", coins=2),
               player(town(*row), name="Cy", coins=3)]
    result = score(game(*players, coins=True))["players"]
    assert [reason(p, "a1") for p in result] == [("schoolhouse-fewer-coins", 3), ("schoolhouse-coins", 1),
                                                 ("schoolhouse-coins", 2)]


def test_every_card_has_a_rule_and_a_colour():
    assert set(BUILDING_RULES) == set(ALL_BUILDINGS)
    assert set(MONUMENT_RULES) == set(ALL_MONUMENTS)
    assert len(FORTUNE_BUILDINGS) == 12 and len(FORTUNE_MONUMENTS) == 10
    assert not set(FORTUNE_BUILDINGS) & set(BUILDINGS) and not set(FORTUNE_MONUMENTS) & set(MONUMENTS)
    assert {colour_of(card) for card in FORTUNE_BUILDINGS} == set(CARD_COLOURS)
    assert {colour_of(card) for card in FORTUNE_MONUMENTS} == {"monument"}


def test_the_piles_keep_the_base_game_unless_asked_for_fortune():
    for colour in CARD_COLOURS:
        base = cards_of_colour(colour)
        with_fortune = cards_of_colour(colour, fortune=True)
        assert len(base) == 4 and len(with_fortune) == 6
        assert set(base) < set(with_fortune)
        assert set(with_fortune) - set(base) == {card for card in FORTUNE_BUILDINGS if colour_of(card) == colour}


@pytest.mark.parametrize("card, colour", [("root-cellar", "red"), ("tithe-barn", "red"), ("statue", "grey"),
                                          ("mine", "grey"), ("cathedral", "orange"), ("parsonage", "orange"),
                                          ("jeweler", "yellow"), ("teahouse", "yellow"), ("museum", "navy"),
                                          ("oddity-shop", "navy"), ("gamblers-den", "green"), ("schoolhouse", "green")])
def test_each_fortune_building_scores_in_its_colour(card, colour):
    result = score_town(card + " . . .", EMPTY, EMPTY, EMPTY)
    assert result["by_colour"][colour] == points(result, "a1")
