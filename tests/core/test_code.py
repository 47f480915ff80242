"""Game codes: short, URL-safe, exact round trip, and damage is refused."""

import base64
import json
import pathlib
import random

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from support import examples
from support.code_v1 import encode_v1
from support.fortune_games import fortune_game
from support.pinned import PINNED
from support.strategies import games
from support.strategies import games_with_expansions
from support.strategies import normalized
from webscore.scoring import CodeError
from webscore.scoring import InvalidGame
from webscore.scoring import decode
from webscore.scoring import encode
from webscore.scoring import game_from_code
from webscore.scoring import score
from webscore.scoring.code import _crc
from webscore.scoring.code_layouts import MAX_CODE
from webscore.scoring.code_layouts import VERSION
from webscore.scoring.code_text import ALPHABET
from webscore.scoring.code_text import from_text
from webscore.scoring.code_text import to_text

RULEBOOK = examples.load("rulebook-28")


@pytest.mark.slow
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
                                          ("AB=", "bad-character"), ("AÀ", "bad-character"), ("AB\ud800", "bad-character"),
                                          ("A" * 39 + "\x00", "bad-character"), ("A" * 41 + "\u0100A", "bad-character"),
                                          ("AB\U0001f600", "bad-character"), ("B" * 80 + "ű" + "B" * 6, "bad-character")])
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


@pytest.mark.slow
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


# Versions: every code ever written is read for ever; only the newest is written.

def payload_code(payload: bytes) -> str:
    """Return the code of some bytes: their text with the check that closes every code."""
    return to_text(payload + _crc(payload))


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(games_with_expansions())
def test_round_trip_with_the_expansions_is_exact(game):
    assert decode(encode(game)) == normalized(game)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(games())
def test_a_base_game_reads_the_same_from_every_version(game):
    old, new = encode_v1(game), encode(game)
    assert (from_text(old)[0], from_text(new)[0]) == (1, VERSION) == (1, 3)
    assert decode(old) == decode(new) == normalized(game)
    # Versions 2 and 3 spend 4 bits on a colour's card where version 1 spent 2: one byte more, whatever the game.
    assert len(from_text(new)) == len(from_text(old)) + 1


def test_a_four_player_link_grows_by_one_character_at_most():
    four = examples.load("four-players")
    assert len(encode(four)) - len(encode_v1(four)) in (1, 2)


# Version 1, player Ann: 1 player, solo; the card numbers 0 (farm, fountain, ...); the monument's number.
def one_player(version: int, monument: int, flags: int = 2) -> bytes:
    picks = b"\0\0" if version == 1 else b"\0\0\0"
    return bytes((version, flags)) + picks + bytes((1, 3)) + b"Ann" + bytes((monument,)) + bytes(8) + bytes(3)


def test_version_1_names_only_the_fifteen_monuments_it_was_written_with():
    assert decode(payload_code(one_player(1, 15)))["players"][0]["monument"] == "the-starloom"
    with pytest.raises(CodeError) as refused:
        decode(payload_code(one_player(1, 16)))
    assert refused.value.reason == "malformed"
    assert decode(payload_code(one_player(2, 16)))["players"][0]["monument"] == "caterinas-grotto"
    assert decode(payload_code(one_player(2, 25)))["players"][0]["monument"] == "shrine-of-the-windseed"
    # A number past the tables is a card a later Marquoir added: "made by another version".
    with pytest.raises(CodeError) as refused:
        decode(payload_code(one_player(2, 26)))
    assert refused.value.reason == "version"
    later_card = bytearray(one_player(2, 0))
    later_card[2] = 6 << 4
    with pytest.raises(CodeError) as refused:
        decode(payload_code(bytes(later_card)))
    assert refused.value.reason == "version"


def test_a_version_1_code_is_read_past_its_spare_bits_as_before():
    # The version-1 reader read past the bits a last character holds beyond its bytes; it still does.
    code = next(case["code"] for case in PINNED if len(case["code"]) % 4 == 2)
    changed = code[:-1] + ALPHABET[ALPHABET.index(code[-1]) | 1]
    assert changed != code
    assert decode(changed) == decode(code)
    # Version 2 writes them 0 and reads no other text.
    new = encode(decode(code))
    assert len(new) % 4 in (2, 3)
    with pytest.raises(CodeError) as refused:
        decode(new[:-1] + ALPHABET[ALPHABET.index(new[-1]) | 1])
    assert refused.value.reason == "damaged"


def test_every_spare_bit_is_read_past_alike_under_micropython(micropython_core):
    # A last group of 2 characters leaves 4 bits over, of 3 characters 2: binascii reads past them under both.
    from webscore.scoring import score_code_json

    codes = [case["code"] for case in PINNED if len(case["code"]) % 4 in (2, 3)]
    assert {len(code) % 4 for code in codes} == {2, 3}
    for code in codes:
        spare = 15 if len(code) % 4 == 2 else 3
        for bits in (1, spare):
            changed = code[:-1] + ALPHABET[ALPHABET.index(code[-1]) | bits]
            assert changed != code
            assert from_text(changed) == from_text(code)
            assert micropython_core.score_code_json(changed) == json.loads(score_code_json(changed))
            assert micropython_core.score_code_json(changed)["game"] == decode(code)


@pytest.mark.parametrize("version, flags, reason", [
    (1, 2 | 16, "malformed"),  # coins: version 1 knew no such flag
    (2, 2 | 16, None), (2, 2 | 32, None), (2, 2 | 64, "malformed"), (2, 3, "malformed"),
    (3, 2 | 16, None), (3, 2 | 32, None), (3, 2 | 64, None), (3, 2 | 112, None), (3, 2 | 128, "malformed"),
    (0, 2, "version"), (4, 2, "version"), (255, 2, "version"),
])
def test_a_version_reads_only_its_own_flags(version, flags, reason):
    # A game with coins or Tiny Trees carries its player's coins or seed after the Warehouses (none here).
    extra = (b"\0" if flags & 16 else b"") + (b"\0" if flags & 32 else b"")
    code = payload_code(one_player(version, 0, flags) + extra)
    if reason is None:
        game = decode(code)
        # Version 2 had no switch of the Fortune monuments: its Fortune games (coins, here) read with them on.
        assert {key: game.get(key) for key in ("coins", "tiny_trees", "fortune_monuments")} == {
            "coins": True if flags & 16 else None, "tiny_trees": True if flags & 32 else None,
            "fortune_monuments": True if flags & 64 or version == 2 and flags & 16 else None}
        return
    with pytest.raises(CodeError) as refused:
        decode(code)
    assert refused.value.reason == reason


@pytest.mark.parametrize("version, value, seed", [
    (2, 0, None), (2, 1, "a1"), (2, 16, "d4"), (2, 17, "malformed"),
    (3, 0, None), (3, 1, "a1"), (3, 16, "d4"), (3, 17, "none"), (3, 18, "malformed"), (3, 255, "malformed"),
])
def test_a_seed_put_down_nowhere_is_read_from_version_3_on(version, value, seed):
    # Tiny Trees on (bit 5): the one player's seed is the byte after their Warehouses (none here).
    code = payload_code(one_player(version, 0, 2 | 32) + bytes((value,)))
    if seed == "malformed":
        with pytest.raises(CodeError) as refused:
            decode(code)
        assert refused.value.reason == "malformed"
    else:
        assert decode(code)["players"][0]["seed"] == seed


SQUARE_BYTES = [
    (0, 0x17, ["cottage", "bank"]), (0, 0x80, "malformed"), (0, 0x08, "malformed"), (0, 0xF0, "malformed"),
    (1, 0x80, ["architects-guild", None]), (1, 0x08, [None, "architects-guild"]), (1, 0x90, "malformed"),
    (1, 0x09, "malformed"), (1, 0xFF, "malformed"),
]


def square_code(monument: int, byte: int) -> str:
    """Return the code of one player (monument: its number, 0 none) whose first byte of squares is byte: a1 in its
    high 4 bits, b1 in its low; 8 is the monument's."""
    payload = bytearray(one_player(3, monument))
    payload[11] = byte
    return payload_code(bytes(payload))


@pytest.mark.parametrize("monument, byte, squares", SQUARE_BYTES)
def test_a_square_holds_one_of_the_games_buildings_or_its_players_monument(monument, byte, squares):
    code = square_code(monument, byte)
    if squares == "malformed":
        with pytest.raises(CodeError) as refused:
            decode(code)
        assert refused.value.reason == "malformed"
    else:
        assert decode(code)["players"][0]["town"][0] == squares + [None, None]


def test_a_square_is_read_alike_under_micropython(micropython_core):
    from webscore.scoring import score_code_json

    for monument, byte, squares in SQUARE_BYTES:
        code = square_code(monument, byte)
        answer = micropython_core.score_code_json(code)
        assert answer == json.loads(score_code_json(code))
        assert answer.get("damaged") == (squares if squares == "malformed" else None)


def test_the_fortune_monuments_and_a_seed_put_down_nowhere_come_back_from_todays_code():
    game = normalized(examples.load("rulebook-28"))
    game.update(tiny_trees=True, fortune_monuments=True)
    game["players"][0]["seed"] = "none"
    code = encode(game)
    assert from_text(code)[0] == 3
    assert decode(code) == game


def test_version_2_names_every_fortune_card():
    game = normalized(examples.load("rulebook-28"))
    game["buildings"] = ["cottage", "tithe-barn", "mine", "parsonage", "schoolhouse", "teahouse", "oddity-shop"]
    game["players"][0]["town"] = [["tithe-barn", "mine", "parsonage", "schoolhouse"],
                                  ["teahouse", "oddity-shop", "cottage", None], [None] * 4, [None] * 4]
    game["players"][0]["stored"] = {}
    assert decode(encode(game)) == game


def test_the_readme_gives_the_longest_code():
    readme = (pathlib.Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    assert "| game code | {:,} characters: the code of the largest valid game".format(MAX_CODE) in readme


@pytest.mark.parametrize("seed", range(40))
def test_a_fortune_game_comes_back_from_its_code_under_both_interpreters(micropython_core, seed):
    # Fortune's cards and monuments, coins, swaps and seeds: MicroPython encodes, MicroPython decodes, the game itself.
    game = fortune_game(random.Random(seed))
    text = json.dumps(game)
    answer = micropython_core.score_json(text)
    assert answer["code"] == encode(game)
    assert micropython_core.score_code_json(answer["code"])["game"] == normalized(game) == decode(answer["code"])


# The numbers every code ever written names its cards by, as they were first shared: the catalogue's rows must
# keep them. Written out here because no code of the past pins Fortune's (pinned_codes_v1.json names the base
# game's cards only); a new card appends to its colour's row here, with its own number in its row of cards.py.
NUMBERED = {
    "red": ("farm", "granary", "greenhouse", "orchard", "root-cellar", "tithe-barn"),
    "grey": ("fountain", "millstone", "shed", "well", "statue", "mine"),
    "orange": ("abbey", "chapel", "cloister", "temple", "cathedral", "parsonage"),
    "green": ("almshouse", "feast-hall", "inn", "tavern", "gamblers-den", "schoolhouse"),
    "yellow": ("bakery", "market", "tailor", "theater", "jeweler", "teahouse"),
    "navy": ("bank", "factory", "trading-post", "warehouse", "museum", "oddity-shop"),
}
NUMBERED_MONUMENTS = (
    "architects-guild", "archive-of-the-second-age", "barrett-castle", "cathedral-of-caterina", "fort-ironweed",
    "grand-mausoleum-of-the-rodina", "grove-university", "mandras-palace", "obelisk-of-the-crescent",
    "opaleyes-watch", "shrine-of-the-elder-tree", "silva-forum", "statue-of-the-bondmaker", "the-sky-baths",
    "the-starloom", "caterinas-grotto", "eraflage-vineyard", "estival-festival", "hollow-hill", "masons-guild",
    "the-petal-promenade", "the-prism-forge", "southern-semaphore", "the-treasury-at-okaver", "shrine-of-the-windseed",
)


def test_the_catalogues_numbers_are_those_codes_were_shared_with():
    from webscore.scoring.card_numbers import CARD_NUMBER
    from webscore.scoring.card_numbers import CARDS_BY_NUMBER
    from webscore.scoring.card_numbers import MONUMENT_NUMBER
    from webscore.scoring.card_numbers import MONUMENTS_BY_NUMBER

    assert CARDS_BY_NUMBER == NUMBERED
    assert MONUMENTS_BY_NUMBER == NUMBERED_MONUMENTS
    assert CARD_NUMBER["mine"] == ("grey", 5) and CARD_NUMBER["statue"] == ("grey", 4)
    assert (MONUMENT_NUMBER["architects-guild"], MONUMENT_NUMBER["shrine-of-the-windseed"]) == (1, 25)


def test_every_card_of_the_catalogue_has_one_permanent_number_of_its_colour():
    from webscore.scoring.card_numbers import CARDS_BY_NUMBER
    from webscore.scoring.card_numbers import MONUMENTS_BY_NUMBER
    from webscore.scoring.cards import ALL_BUILDINGS
    from webscore.scoring.cards import ALL_MONUMENTS
    from webscore.scoring.cards import BUILDINGS
    from webscore.scoring.cards import MONUMENTS

    numbered = [card for cards in CARDS_BY_NUMBER.values() for card in cards]
    assert sorted(numbered) == sorted(card for card in ALL_BUILDINGS if card != "cottage")
    assert all(ALL_BUILDINGS[card][0] == colour for colour, cards in CARDS_BY_NUMBER.items() for card in cards)
    assert sorted(MONUMENTS_BY_NUMBER) == sorted(ALL_MONUMENTS)
    assert len(set(MONUMENTS_BY_NUMBER)) == len(MONUMENTS_BY_NUMBER) == 25
    # Version 1 names the base game's cards only, by 2 bits a colour and the first 15 monument numbers.
    assert sorted(card for card in BUILDINGS if card != "cottage") == sorted(
        card for cards in CARDS_BY_NUMBER.values() for card in cards[:4])
    assert sorted(MONUMENTS) == sorted(MONUMENTS_BY_NUMBER[:15])


@pytest.mark.parametrize("numbers, first", [
    ({"farm": 0, "granary": 0}, 0), ({"farm": 0, "granary": 2}, 0), ({"architects-guild": 0}, 1)])
def test_a_catalogue_numbering_two_cards_alike_or_skipping_a_number_is_refused_as_it_is_read(numbers, first):
    from webscore.scoring.card_numbers import by_number

    with pytest.raises(ValueError):
        by_number(numbers, first)
    assert by_number({"granary": 1, "farm": 0}, 0) == ("farm", "granary")
