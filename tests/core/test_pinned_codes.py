"""Every link shared keeps opening to the same game: codes written in the past, read by today's core.

pinned_codes_v1.json holds codes the version-1 encoder wrote before version 2 existed, each with the game it
decodes to and that game's totals and places. The file is never regenerated: a change to the card tables
or to a reader that renames a card, or moves a player's square, fails here.
"""

import json

import pytest

from support.pinned import PINNED
from webscore.scoring import decode
from webscore.scoring import encode
from webscore.scoring import score
from webscore.scoring import score_code_json
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
