"""Properties every scored game keeps, over random valid games."""

import pytest
from hypothesis import given
from hypothesis import settings

from support.strategies import games
from webscore.scoring import score
from webscore.scoring.cards import PAD_COLUMNS
from webscore.scoring.town import INDEX_OF
from webscore.scoring.town import NAMES


def _turn(index: int, symmetry: int) -> int:
    """Return where a square goes under one of the 8 rotations and mirror images."""
    row, col = divmod(index, 4)
    for _ in range(symmetry % 4):
        row, col = col, 3 - row
    if symmetry >= 4:
        col = 3 - col
    return row * 4 + col


def transformed(game: dict, symmetry: int) -> dict:
    """Return the game with every town rotated or mirrored, stored resources moving with them."""
    players = []
    for player in game["players"]:
        squares = [card for row in player["town"] for card in row]
        moved = [None] * 16
        for i in range(16):
            moved[_turn(i, symmetry)] = squares[i]
        copy = dict(player, town=[moved[r * 4:r * 4 + 4] for r in range(4)])
        if "stored" in player:
            copy["stored"] = {NAMES[_turn(INDEX_OF[name], symmetry)]: load
                              for name, load in player["stored"].items()}
        players.append(copy)
    return dict(game, players=players)


def test_the_8_symmetries_are_distinct():
    images = {tuple(_turn(i, s) for i in range(16)) for s in range(8)}
    assert len(images) == 8


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(games())
def test_score_is_unchanged_by_rotation_and_mirroring(game):
    expected = [(p["total"], p["by_colour"], p["place"]) for p in score(game)["players"]]
    for symmetry in range(1, 8):
        result = score(transformed(game, symmetry))
        assert [(p["total"], p["by_colour"], p["place"]) for p in result["players"]] == expected


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(games())
def test_total_is_the_sum_of_its_colours_and_of_its_squares(game):
    for player in score(game)["players"]:
        assert set(player["by_colour"]) == set(PAD_COLUMNS)
        assert sum(player["by_colour"].values()) == player["total"]
        assert sum(square["points"] for square in player["squares"]) == player["total"]


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(games())
def test_every_valid_game_scores_with_places_from_one(game):
    result = score(game)
    places = sorted(p["place"] for p in result["players"])
    assert places[0] == 1
    assert len(result["players"]) == len(game["players"])
    for player in result["players"]:
        fed_cards = {square["card"] for square in player["squares"] if square["square"] in player["fed"]}
        assert fed_cards <= {"cottage", "barrett-castle"}
