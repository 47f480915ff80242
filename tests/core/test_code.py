"""Game codes: short, URL-safe, exact round trip, and damage is refused."""

import base64
import random

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from support import examples
from support.strategies import games
from webscore.scoring import CodeError
from webscore.scoring import InvalidGame
from webscore.scoring import decode
from webscore.scoring import encode
from webscore.scoring import game_from_code
from webscore.scoring import score
from webscore.scoring.code import ALPHABET
from webscore.scoring.code import MAX_CODE
from webscore.scoring.code import buildings_in_order
from webscore.scoring.code import from_text
from webscore.scoring.code import to_text
from webscore.scoring.town import NAMES

RULEBOOK = examples.load("rulebook-28")


def normalized(game: dict) -> dict:
    """Return a game file as decode() gives it back: every key present, buildings in canonical order."""
    players = []
    for player in game["players"]:
        squares = [card for row in player["town"] for card in row]
        stored = player.get("stored") or {}
        players.append({
            "name": player["name"], "monument": player.get("monument"), "town": player["town"],
            "master_builder_turns": player.get("master_builder_turns"),
            "shrine_buildings": player.get("shrine_buildings"),
            "completed_before": player.get("completed_before"),
            "stored": {NAMES[i]: stored.get(NAMES[i], 0) for i in range(16) if squares[i] == "warehouse"},
        })
    return dict(game, buildings=buildings_in_order(game["buildings"]), players=players)


@settings(max_examples=300, deadline=None)
@given(games())
def test_round_trip_is_exact(game):
    code = encode(game)
    assert set(code) <= set(ALPHABET)
    assert decode(code) == normalized(game)
    assert score(decode(code)) == score(game)


@given(st.binary(max_size=60))
def test_base64url_round_trip(data):
    assert from_text(to_text(data)) == data


@given(st.text(ALPHABET, max_size=80).filter(lambda text: len(text) % 4 != 1))
def test_base64url_text_reads_as_the_standard_library_reads_it(text):
    # Including the bits a last group of 2 or 3 characters leaves over, which both ignore.
    assert from_text(text) == base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@pytest.mark.parametrize("text, reason", [("A", "truncated"), ("AAAAA", "truncated"), ("AB+C", "bad-character"),
                                          ("AB=", "bad-character"), ("AÀ", "bad-character")])
def test_base64url_text_refused(text, reason):
    with pytest.raises(CodeError) as refused:
        from_text(text)
    assert refused.value.reason == reason


def test_four_players_with_eight_letter_names_fit_in_200_characters():
    game = {"mode": "master-builder", "monuments": True, "cavern": False,
            "buildings": ["cottage", "granary", "millstone", "temple", "almshouse", "theater", "warehouse"],
            "players": []}
    monuments = ["the-starloom", "shrine-of-the-elder-tree", "barrett-castle", "cathedral-of-caterina"]
    for n, monument in enumerate(monuments):
        town = [["warehouse", "cottage", "granary", "millstone"], ["temple", "almshouse", "theater", "warehouse"],
                ["cottage", "cottage", "cottage", "warehouse"], ["warehouse", "theater", "cottage", monument]]
        game["players"].append({"name": "Élisabet"[:7] + str(n), "monument": monument, "town": town,
                                "master_builder_turns": 12, "stored": {"a1": 3, "d2": 2, "d3": 1, "a4": 3},
                                "shrine_buildings": 16 if n == 1 else None,
                                "completed_before": 3 if n == 0 else None})
    code = encode(game)
    assert len("https://marquoir.app/r/" + code) <= 200
    assert decode(code) == normalized(game)


def test_every_truncation_is_refused():
    code = encode(RULEBOOK)
    for end in range(len(code)):
        with pytest.raises(CodeError):
            decode(code[:end])


def test_every_single_character_change_is_refused():
    code = encode(RULEBOOK)
    for at in range(len(code)):
        for char in "Ab9_":
            if code[at] != char:
                with pytest.raises(CodeError):
                    decode(code[:at] + char + code[at + 1:])


@pytest.mark.parametrize("code, reason", [
    ("", "truncated"), ("A", "truncated"), ("AQID", "truncated"), ("AQ!D" * 4, "bad-character"),
    ("é" * 12, "bad-character"), ("A" * (MAX_CODE + 1), "too-long"), ("A" * 12, "damaged"),
])
def test_damaged_codes_say_why(code, reason):
    with pytest.raises(CodeError) as raised:
        decode(code)
    assert raised.value.reason == reason


def test_a_well_formed_code_of_an_invalid_game_is_refused_by_validation():
    game = normalized(RULEBOOK)
    game["players"][0]["stored"]["d2"] = 7
    with pytest.raises(InvalidGame):
        game_from_code(encode(game))


def chunked(text: str) -> bytes:
    """Read base64url text four characters at a time: the plain reading that from_text must agree with."""
    out = bytearray()
    for start in range(0, len(text), 4):
        chunk = text[start:start + 4]
        value = 0
        for char in chunk:
            value = value * 64 + ALPHABET.index(char)
        value <<= 6 * (4 - len(chunk))
        out.extend(value.to_bytes(3, "big")[:len(chunk) - 1])
    return bytes(out)


def test_text_of_every_length_reads_as_four_characters_at_a_time():
    rng = random.Random(4)
    for length in range(0, 420):
        for _ in range(20):
            text = "".join(rng.choice(ALPHABET) for _ in range(length))
            if length % 4 == 1:
                with pytest.raises(CodeError) as refused:
                    from_text(text)
                assert refused.value.reason == "truncated"
            else:
                assert from_text(text) == chunked(text), text


@pytest.mark.parametrize("text, reason", [("", None), ("AAAA=", "truncated"), ("=", "truncated"),
                                          ("AAAA" * 50 + "A=", "bad-character"), ("_" * 8 + "\u00e9AAA", "bad-character"),
                                          ("////", "bad-character"), ("AAA\n", "bad-character")])
def test_length_is_judged_before_characters(text, reason):
    if reason is None:
        assert from_text(text) == b""
        return
    with pytest.raises(CodeError) as refused:
        from_text(text)
    assert refused.value.reason == reason
