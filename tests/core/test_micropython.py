"""The same core under MicroPython (in Node) gives exactly CPython's answers."""

import json
import random

import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings

from support import examples
from support.cases import BUILDING_CASES
from support.cases import MISTAKES
from support.cases import broken
from support.feeding_towns import FEEDING_MONUMENTS
from support.feeding_towns import REDS
from support.feeding_towns import mixed_town
from support.strategies import games
from support.strategies import normalized
from support.towns import game
from support.towns import player
from support.towns import town
from webscore.scoring import encode
from webscore.scoring import score_code_json
from webscore.scoring import score_json
from webscore.scoring.code_layouts import MAX_CODE
from webscore.scoring.code_text import ALPHABET


def cpython(text: str) -> dict:
    return json.loads(score_json(text))


GOLDEN = [examples.load(name) for name in examples.NAMES]
GOLDEN += [game(player(town(*case[1]))) for case in BUILDING_CASES]
GOLDEN += [broken(case[1]) for case in MISTAKES]


@pytest.mark.parametrize("number", range(len(GOLDEN)))
def test_golden_cases_are_identical(micropython_core, number):
    text = json.dumps(GOLDEN[number])
    assert micropython_core.score_json(text) == cpython(text)


def test_the_golden_cases_include_results_and_problems():
    answers = [cpython(json.dumps(g)) for g in GOLDEN]
    assert sum(1 for a in answers if "result" in a) >= len(BUILDING_CASES)
    assert sum(1 for a in answers if "problems" in a) == len(MISTAKES)


def test_text_that_is_not_json(micropython_core):
    assert micropython_core.score_json("{oops") == cpython("{oops") == {
        "problems": [{"code": "not-json", "player": None, "square": None, "value": None}]}


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_random_games_are_identical(micropython_core, game):
    text = json.dumps(game)
    answer = micropython_core.score_json(text)
    assert answer == cpython(text)
    # The code MicroPython wrote, read back by MicroPython: the game itself (encode, then decode, is the identity).
    decoded = micropython_core.score_code_json(answer["code"])
    assert decoded == json.loads(score_code_json(answer["code"]))
    assert decoded["game"] == normalized(game)


@pytest.mark.parametrize("code", ["", "A", "AQID", "AQ!D" * 4, "A" * (MAX_CODE + 1), "A" * 12,
                                  encode(GOLDEN[0])[:-1], encode(GOLDEN[0])[1:]])
def test_damaged_codes_are_refused_alike(micropython_core, code):
    assert micropython_core.score_code_json(code) == json.loads(score_code_json(code))
    assert "damaged" in json.loads(score_code_json(code))


TABLE_REQUESTS = [
    {"kind": "town-hall", "seed": seed, "rounds": rounds} for seed in (1, 99, 4294967295) for rounds in (0, 1, 2, 3, 16, 40)
] + [
    {"kind": "solo", "seed": seed, "taken": taken} for seed in (3, 77) for taken in ([], [0], [2, 1, 0, 0, 2] * 4)
] + [
    {"kind": "master-builder", "monuments": [None, "fort-ironweed", "the-starloom"], "first": 1, "events": events}
    for events in ("", "nnn", "f1nnc0n", "c0c1c2", "c0c1c2n", "x", "c1f1", "f1c1n", "n12", "nc", "c10")
] + [
    {"kind": "master-builder", "monuments": monuments, "first": 0, "events": "n"}
    for monuments in ([None] * 7, [None] * 12, [None], ["fort-ironweed", None, "fort-ironweed"], [None, 5])
] + [{"kind": "nothing"}, {"kind": "solo", "seed": 1, "taken": [9]}]


@pytest.mark.parametrize("request_", TABLE_REQUESTS)
def test_table_helpers_are_identical(micropython_core, request_):
    from webscore.scoring import table_json

    text = json.dumps(request_)
    assert micropython_core.table_json(text) == json.loads(table_json(text))


PADS = [
    {"mode": "master-builder", "players": [{"name": "A", "points": {"blue": 10}}, {"name": "B", "points": {"blue": 10}}]},
    {"mode": "master-builder", "players": [{"name": "A", "points": {"blue": 10}, "master_builder_turns": 2, "empty": 1},
                                           {"name": "B", "points": {"blue": 10}, "master_builder_turns": 2, "empty": 3}]},
    {"mode": "solo", "players": [{"name": "Z", "points": {"blue": 30, "monument": 8, "empty": -3}}]},
    {"mode": "town-hall", "players": [{"name": "", "points": {"blue": "x"}}]},
    {"mode": "town-hall", "players": [{"name": "A", "points": {"blue": 12}, "empty": 2},
                                      {"name": "B", "points": {"blue": 12}, "empty": 1, "cathedral": True}]},
    {"mode": "master-builder", "players": [{"name": "Solo?", "points": {"blue": 12}}]},
    {"mode": "town-hall", "players": [{"name": "A", "points": {"red": 3, "empty": -2}, "empty": 17},
                                      {"name": "B", "points": {}}]},
]

PAD_ADDRESSES = [
    [["n0", "Ana"], ["blue0", "12"], ["empty0", "2"], ["n1", "Bo"], ["blue1", "11"], ["empty1", "1"]],
    [["mode", "town-hall"], ["n0", "Ana"], ["blue0", "12"], ["empty0", "2"], ["n1", "Bo"], ["blue1", "12"],
     ["empty1", "2"], ["c0", "3"], ["c1", "4"], ["cathedral1", "1"]],
    [["n0", "Ana"], ["bleu0", "12"], ["n1", "Bo"], ["blue1", "12"], ["blue1", "3"]],
    [["n0", "A"], ["empty0", "17"], ["red0", "2"], ["navy0", "\u22123"], ["green0", "-6"], ["n1", "B"], ["t1", "x"]],
    [["mode", "master-builder"], ["n0", "Zoé"]],
    # Another script's digits (scoring.digits): Arabic-Indic, Persian, full width, double-struck; "²" is none.
    [["n0", "Ana"], ["blue0", "\u0661\u0662"], ["empty0", "\u06f2"], ["n1", "Bo"], ["blue1", "\uff11\uff11"],
     ["navy1", "\u2212\U0001d7da"], ["empty1", "\u00b2"]],
    [["n{}".format(p), "P"] for p in range(7)],
    [],
]


@pytest.mark.parametrize("pad", PADS)
def test_pads_are_identical(micropython_core, pad):
    from webscore.scoring import pad_json

    text = json.dumps(pad)
    assert micropython_core.pad_json(text) == json.loads(pad_json(text))


@pytest.mark.parametrize("pairs", PAD_ADDRESSES)
def test_pad_addresses_are_read_alike(micropython_core, pairs):
    from webscore.scoring import pad_fields_json

    text = json.dumps(pairs)
    assert micropython_core.pad_fields_json(text) == json.loads(pad_fields_json(text))


def test_mixed_feeding_games_score_alike_under_micropython(micropython_core):
    rng = random.Random(77)
    for n in range(40):
        # A game deals one red building; Barrett Castle and the Grand Mausoleum stand in some towns.
        red, orange = REDS[n % 4], ("temple", "chapel")[n // 4 % 2]
        squares = mixed_town(rng, (red,))
        monuments = [card for card in squares if card in FEEDING_MONUMENTS]
        # One card of each colour: the others of the crowd's orange cards and the other colours leave.
        squares = [card if card in ("cottage", red, orange) else None for card in squares]
        if monuments:
            squares[rng.randrange(16)] = monuments[0]
        played = game(player([squares[row * 4:row * 4 + 4] for row in range(4)]), mode="master-builder")
        played["players"].append(player([[None] * 4 for _ in range(4)], name="Rival"))
        text = json.dumps(played)
        answer = json.loads(score_json(text))
        assert "result" in answer, answer
        assert micropython_core.score_json(text) == answer


def test_every_cut_and_changed_code_is_read_alike_under_micropython(micropython_core):
    code = encode(examples.load("four-players"))
    rng = random.Random(5)
    texts = [code[:length] for length in range(len(code) + 1)]
    texts += [code[:n] + rng.choice(ALPHABET) + code[n + 1:] for n in range(0, len(code), 3)]
    for text in texts:
        assert micropython_core.score_code_json(text) == json.loads(score_code_json(text)), text


@pytest.mark.parametrize("name", ["\u00a0", "\u3000", "\u2009\u202f", "\u00a0Ana\u00a0"])
def test_a_name_of_spaces_is_judged_alike(micropython_core, name):
    text = json.dumps(dict(GOLDEN[0], players=[dict(GOLDEN[0]["players"][0], name=name)] + GOLDEN[0]["players"][1:]))
    answer = micropython_core.score_json(text)
    assert answer == cpython(text)
    assert ("problems" in answer) == (name.strip() == "")
