"""Every link shared keeps opening to the same game: codes written in the past, read by today's core.

pinned_codes_v1.json holds codes the version-1 encoder wrote before version 2 existed, each with the game it
decodes to and that game's totals and places; pinned_codes_v2.json the same of the version-2 encoder (Fortune's
cards and monuments, coins and Tiny Trees) before version 3. The files are never regenerated: a change to the
card tables or to a reader that renames a card, or moves a player's square, fails here.
"""

import json

import pytest

from support.pinned import PINNED
from support.pinned import PINNED_V2
from webscore.scoring import decode
from webscore.scoring import encode
from webscore.scoring import score
from webscore.scoring import score_code_json
from webscore.scoring.cards import FORTUNE_BUILDINGS
from webscore.scoring.cards import FORTUNE_MONUMENTS
from webscore.scoring.code_text import from_text


def totals_and_places(result: dict) -> tuple:
    """Return a result's totals and places in seating order."""
    return [p["total"] for p in result["players"]], [p["place"] for p in result["players"]]


def test_the_pinned_codes_cover_every_card_player_count_and_fact():
    games = [case["game"] for case in PINNED]
    players = [p for game in games for p in game["players"]]
    assert len(PINNED) >= 30
    assert {len(game["players"]) for game in games} == {1, 2, 3, 4, 5, 6}
    assert len({card for game in games for card in game["buildings"]}) == 25
    assert len({p["monument"] for p in players if p["monument"]}) == 15
    assert {game["mode"] for game in games} == {"master-builder", "town-hall", "solo"}
    for fact in ("master_builder_turns", "shrine_buildings", "completed_before"):
        assert any(p[fact] is not None for p in players), fact
    assert sum(len(p["stored"]) for p in players) >= 20
    # Names in Latin, Greek, Cyrillic, Han, Arabic, Hebrew and Tamil letters, and emoji.
    assert {"Σοφία", "Дмитрий", "李娜", "محمد", "שרה", "ஆனந்த்", "👩‍🚀 Kim"} <= {p["name"] for p in players}
    assert all(from_text(case["code"])[0] == 1 for case in PINNED)


@pytest.mark.parametrize("case", PINNED, ids=[case["code"][-8:] for case in PINNED])
def test_a_pinned_code_decodes_to_its_game(case):
    assert decode(case["code"]) == case["game"]
    assert totals_and_places(score(decode(case["code"]))) == (case["totals"], case["places"])


@pytest.mark.parametrize("case", PINNED, ids=[case["code"][-8:] for case in PINNED])
def test_todays_code_of_a_pinned_game_is_the_same_game(case):
    code = encode(case["game"])
    assert decode(code) == case["game"]
    assert totals_and_places(score(decode(code))) == (case["totals"], case["places"])


def test_pinned_codes_read_alike_under_micropython(micropython_core):
    for case in PINNED:
        answer = micropython_core.score_code_json(case["code"])
        assert answer == json.loads(score_code_json(case["code"]))
        assert answer["game"] == case["game"]


# Version 2: the Fortune monuments came with the game's Fortune (its coins, cards or monuments); a version-2
# code of such a game reads with them on, as version 2 offered them. Nothing else changes.
def read_today(case: dict) -> dict:
    """Return a pinned version-2 game as today's reader gives it: with the Fortune monuments on where it plays Fortune."""
    game = case["game"]
    fortune = game.get("coins") or any(p["monument"] in FORTUNE_MONUMENTS for p in game["players"]) \
        or any(card in FORTUNE_BUILDINGS for card in game["buildings"])
    return dict(game, fortune_monuments=True) if fortune else game


def test_the_pinned_version_2_codes_cover_every_card_and_expansion():
    games = [case["game"] for case in PINNED_V2]
    assert len({card for game in games for card in game["buildings"]}) == 37
    assert len({p["monument"] for game in games for p in game["players"] if p["monument"]}) == 25
    assert {key for game in games for key in ("coins", "tiny_trees") if game.get(key)} == {"coins", "tiny_trees"}
    assert any(read_today(case) == case["game"] for case in PINNED_V2)
    assert all(from_text(case["code"])[0] == 2 for case in PINNED_V2)


@pytest.mark.parametrize("case", PINNED_V2, ids=[case["code"][-8:] for case in PINNED_V2])
def test_a_pinned_version_2_code_decodes_to_its_game_and_scores_alike(case):
    assert decode(case["code"]) == read_today(case)
    assert totals_and_places(score(decode(case["code"]))) == (case["totals"], case["places"])
    # Today's code of it is version 3, of the same length, and the same game.
    code = encode(decode(case["code"]))
    assert (from_text(code)[0], len(code)) == (3, len(case["code"]))
    assert decode(code) == read_today(case)


def test_pinned_version_2_codes_read_alike_under_micropython(micropython_core):
    for case in PINNED_V2:
        answer = micropython_core.score_code_json(case["code"])
        assert answer == json.loads(score_code_json(case["code"]))
        assert answer["game"] == read_today(case)
