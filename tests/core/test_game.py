"""Whole games: the rulebook's town, the Feast Hall's neighbour, places and tie-breaks, solo ranks."""


import pytest

from support import examples
from support.towns import game
from support.towns import player
from support.towns import points
from support.towns import town
from webscore.scoring import score

EMPTY = (". . . .",) * 4


def test_rulebook_town_scores_28():
    result = score(examples.load("rulebook-28"))["players"][0]
    assert result["total"] == 28
    assert result["by_colour"] == {"blue": 12, "red": 0, "grey": 5, "orange": 4, "green": 9,
                                   "yellow": 3, "navy": -3, "monument": 0, "empty": -2}
    assert len(result["fed"]) == 4
    assert result["solo_rank"] == "engineer"
    assert points(result, "b2") == 4


def test_total_is_the_sum_of_the_pad():
    result = score(examples.load("rulebook-28"))["players"][0]
    assert sum(result["by_colour"].values()) == result["total"]
    assert sum(square["points"] for square in result["squares"]) == result["total"]


def _feast_game(*counts):
    players = []
    for n, count in enumerate(counts):
        cards = ["feast-hall"] * count + ["."] * (16 - count)
        rows = [" ".join(cards[r * 4:r * 4 + 4]) for r in range(4)]
        players.append(player(town(*rows), name="P" + str(n)))
    return score(game(*players))["players"]


def test_feast_hall_compares_with_the_player_on_the_right():
    # Seating is clockwise: P1's right is P0, P2's right is P1, P0's right is the last, P2.
    results = _feast_game(2, 1, 3)
    assert [r["by_colour"]["green"] for r in results] == [2 * 2, 1 * 2, 3 * 3]


def test_feast_hall_two_players_compare_with_each_other():
    results = _feast_game(2, 1)
    assert [r["by_colour"]["green"] for r in results] == [2 * 3, 1 * 2]


def test_feast_hall_level_counts_score_two():
    results = _feast_game(2, 2)
    assert [r["by_colour"]["green"] for r in results] == [4, 4]


def test_feast_hall_solo_scores_two_each():
    rows = town("feast-hall feast-hall . .", *EMPTY[:3])
    result = score(game(player(rows), mode="solo"))["players"][0]
    assert result["by_colour"]["green"] == 4


def _places(towns, mode="master-builder", **facts_by_player):
    players = [player(town(*rows), name="P" + str(n), **facts_by_player.get("p" + str(n), {}))
               for n, rows in enumerate(towns)]
    results = score(game(*players, mode=mode))["players"]
    return [(r["place"], r["decided_by"]) for r in results]


# Three towns of 3 points each, shaped to tie on total.
SHED_THREE = ("shed shed shed .", "shed shed shed shed", "shed shed shed shed", "shed shed shed shed")
COTTAGES_THREE = ("cottage cottage farm .", "shed shed shed shed", "shed shed shed shed", "shed shed . .")


def test_highest_total_wins_without_tie_break():
    assert _places([SHED_THREE, EMPTY]) == [(1, None), (2, None)]


def test_fewest_master_builder_turns_breaks_a_tie():
    assert _places([SHED_THREE, SHED_THREE], p0={"master_builder_turns": 5},
                   p1={"master_builder_turns": 4}) == [(2, "master-builder-turns"), (1, "master-builder-turns")]


def test_fewest_empty_squares_next():
    # 14 Sheds and 2 empty squares (12) against 13 Sheds, 2 Factories and 1 empty square (12).
    first = ("shed shed shed shed",) * 3 + ("shed shed . .",)
    second = ("shed shed shed shed",) * 3 + ("shed factory factory .",)
    results = score(game(player(town(*first), name="A", master_builder_turns=3),
                         player(town(*second), name="B", master_builder_turns=3)))["players"]
    assert [r["total"] for r in results] == [12, 12]
    assert [(r["place"], r["decided_by"]) for r in results] == [(2, "empty-squares"), (1, "empty-squares")]


def test_most_cottages_then_shared_place():
    # Equal totals and empties: the town with more Cottages (unfed, 0 points) wins.
    first = ("cottage cottage shed shed",) + ("shed shed shed shed",) * 3
    second = ("cottage shed shed shed",) + ("shed shed shed shed",) * 2 + ("shed shed shed factory",)
    third = ("cottage shed shed shed",) + ("shed shed shed shed",) * 2 + ("shed shed shed factory",)
    results = score(game(*[player(town(*rows), name=name, master_builder_turns=3) for name, rows in
                           (("A", first), ("B", second), ("C", third))]))["players"]
    assert [r["total"] for r in results] == [14, 14, 14]
    assert [(r["place"], r["decided_by"]) for r in results] == [(1, "cottages"), (2, "shared"), (2, "shared")]


def test_town_hall_skips_the_master_builder_tie_break():
    first = ("shed shed shed shed",) * 3 + ("shed shed . .",)
    second = ("shed shed shed shed",) * 3 + ("shed . . .",)
    players = [player(town(*first), name="A"), player(town(*second), name="B")]
    results = score(game(*players, mode="town-hall"))["players"]
    assert [(r["place"], r["decided_by"]) for r in results] == [(1, None), (2, None)]


def test_a_missing_turn_count_is_asked_for_not_skipped():
    # Level on total: without both turn counts the empty squares may not decide in their stead.
    first = ("shed shed shed shed",) * 3 + ("shed shed . .",)
    second = ("shed shed shed shed",) * 3 + ("shed factory factory .",)
    results = score(game(player(town(*first), name="A", master_builder_turns=3),
                         player(town(*second), name="B")))["players"]
    assert [(r["place"], r["decided_by"], r["needs_turns"]) for r in results] == [
        (1, "shared", True), (1, "shared", True)]


def test_missing_turns_are_not_guessed():
    first = ("shed shed shed shed",) * 3 + ("shed shed . .",)
    players = [player(town(*first), name="A", master_builder_turns=2), player(town(*first), name="B")]
    results = score(game(*players))["players"]
    assert [(r["place"], r["decided_by"], r["needs_turns"]) for r in results] == [
        (1, "shared", True), (1, "shared", True)]


@pytest.mark.parametrize("total, title", [
    (38, "master-architect"), (45, "master-architect"), (37, "town-planner"), (32, "town-planner"),
    (31, "engineer"), (25, "engineer"), (24, "carpenter"), (18, "carpenter"),
    (17, "builders-apprentice"), (10, "builders-apprentice"), (9, "aspiring-architect"),
    (-16, "aspiring-architect"),
])
def test_solo_rank_titles(total, title):
    from webscore.scoring.game import solo_rank
    assert solo_rank(total) == title


def test_monument_game_with_three_players():
    ana = player(town("cottage cottage farm barrett-castle", "cottage chapel well .",
                      "feast-hall feast-hall theater .", ". . . ."), name="Ana", master_builder_turns=4)
    bo = player(town("the-starloom cottage . .", "well cottage . .", "feast-hall . . .", ". . . ."),
                name="Bo", master_builder_turns=3, completed_before=1)
    cy = player(town("shrine-of-the-elder-tree cottage cottage .", "farm chapel . .",
                     "feast-hall feast-hall feast-hall .", ". . . ."), name="Cy", master_builder_turns=3,
                shrine_buildings=6)
    results = score(game(ana, bo, cy))["players"]
    # Ana: the Farm feeds the Castle (5) and three Cottages (9); the Chapel counts 3 + 2 = 5; the Well
    # at c2 touches no Cottage; her 2 Feast Halls do not beat Cy's 3 on her right (4); the Theater sees
    # Feast Hall, Farm and Well (3); 6 empty squares.
    # Bo: one town completed before his Starloom (3), Cottages unfed, the Well touches b2 (1), one Feast
    # Hall against Ana's 2 (2), 11 empty squares.
    # Cy: Shrine built with 6 buildings (8), two fed Cottages (6), Chapel (2), 3 Feast Halls beat Bo's 1
    # (9), 8 empty squares.
    assert [r["total"] for r in results] == [9 + 5 + 5 + 0 + 4 + 3 - 6, 3 + 0 + 1 + 2 - 11,
                                             8 + 6 + 2 + 9 - 8]
    assert [r["place"] for r in results] == [1, 3, 2]
    assert results[0]["fed"] == ["a1", "b1", "d1", "a2"]
