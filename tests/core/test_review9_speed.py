"""The speed changes keep every answer: feeding, reading codes, cards by colour, validation's problems."""

import json
import random

import pytest

from support import examples
from support.feeding_towns import same_as_full_search
from support.feeding_towns import town_from_rows
from support.towns import game
from support.towns import player
from webscore.scoring import score_code_json
from webscore.scoring import score_json
from webscore.scoring.board import TownView
from webscore.scoring.cards import BUILDINGS
from webscore.scoring.cards import CARD_COLOURS
from webscore.scoring.cards import cards_of_colour
from webscore.scoring.code import ALPHABET
from webscore.scoring.code import CodeError
from webscore.scoring.code import encode
from webscore.scoring.code import from_text
from webscore.scoring.validate import problems

FEEDERS = ("farm", "greenhouse", "granary", "orchard")
OTHERS = ("temple", "chapel", "abbey", "well", "tavern", "theater", "bank", "shed", "fountain", None)
MONUMENTS = ("barrett-castle", "grand-mausoleum-of-the-rodina")


def mixed_town(rng: random.Random, feeders: tuple) -> list:
    """Return 16 squares crowded with Cottages, Temples, Chapels and these feeders, maybe a monument or two."""
    crowd = ["cottage"] * rng.randint(2, 10) + ["temple"] * rng.randint(0, 5) + ["chapel"] * rng.randint(0, 3)
    for feeder in feeders:
        crowd += [feeder] * rng.randint(1, 4)
    for other in rng.sample(OTHERS, 3):
        crowd += [other] * rng.randint(0, 3)
    squares = [rng.choice(crowd) for _ in range(16)]
    for _ in range(rng.choice((0, 0, 1, 1, 2))):
        squares[rng.randrange(16)] = rng.choice(MONUMENTS)
    return squares


def test_mixed_feeders_feed_as_the_full_search_does():
    # Every red feeder in one town (no game deals them so, but the search must not care), or a single one.
    rng = random.Random(912)
    skipped = compared = 0
    for n in range(3000):
        feeders = tuple(rng.sample(FEEDERS, rng.randint(1, 4))) if n % 3 else (rng.choice(FEEDERS),)
        squares = mixed_town(rng, feeders)
        town = TownView(squares, sorted({card for card in squares if card in BUILDINGS}))
        _, _, count = same_as_full_search(town)
        skipped += count == 0
        compared += count > 1
    # Both ways are walked many times: the one-choice shortcut, and a real comparison of choices.
    assert skipped > 1000 and compared > 100


@pytest.mark.parametrize("rows, expected", [
    # No feeder at all: Temples and Chapels score on nothing fed.
    (("cottage temple cottage chapel", "cottage cottage . .", ". . . .", ". . . ."), {}),
    # A Granary and an Orchard only.
    (("cottage granary cottage .", "cottage . . orchard", "temple cottage . cottage", ". . . ."),
     {0: [1], 2: [1], 4: [1, 7], 11: [7]}),
    # Two Greenhouses, two groups (one with the Castle): one way to pick, and nothing left for the Farm.
    (("greenhouse cottage . greenhouse", ". cottage . .", ". . cottage cottage", "farm . barrett-castle cottage"),
     {1: [0], 5: [0], 10: [3], 11: [3], 14: [3], 15: [3]}),
    # Exactly as many unfed Cottages as two Farms feed, a Temple between them.
    (("farm cottage temple cottage", "cottage cottage cottage cottage", "cottage farm . .",
      "grand-mausoleum-of-the-rodina . . ."),
     {1: [0], 3: [0], 4: [0], 5: [0], 6: [9], 7: [9], 8: [9]}),
])
def test_towns_with_one_choice_are_fed_without_a_scoring(rows, expected):
    fed, _, count = same_as_full_search(town_from_rows(*rows))
    assert (fed, count) == (expected, 0)


def test_one_greenhouse_between_two_groups_still_compares_them():
    # The Temple's group beats the lone Cottage's: a choice, so scored.
    town = town_from_rows("greenhouse . . cottage", ". . . .", "cottage temple . .", "cottage . . .")
    fed, _, count = same_as_full_search(town)
    assert count >= 1
    assert fed == {8: [0], 12: [0]}


def chunked(text: str) -> bytes:
    """Read base64url text four characters at a time, as the code was read before it became one number."""
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


def test_cards_of_each_colour_are_the_catalogue_filtered():
    for colour in CARD_COLOURS:
        assert cards_of_colour(colour) == tuple(sorted(c for c in BUILDINGS if BUILDINGS[c][0] == colour))
        assert len(cards_of_colour(colour)) in (3, 4)
    assert cards_of_colour("purple") == ()
    assert cards_of_colour("monument") == ()


def test_unknown_keys_come_sorted_before_the_other_problems():
    broken = examples.load("four-players")
    broken.update({"zz": 1, "aa": 2, 3: 0, "mode": "x"})
    broken["buildings"] = ["cottage", "farm", "granary", "well", "chapel", "temple", "tavern"]
    broken["players"][1]["Name"] = "x"
    assert [(p["code"], p["player"], p["value"]) for p in problems(broken)] == [
        ("unknown-key", None, "3"), ("unknown-key", None, "aa"), ("unknown-key", None, "zz"),
        ("unknown-mode", None, "x"), ("one-per-colour", None, "red"), ("one-per-colour", None, "orange"),
        ("one-per-colour", None, "yellow"), ("one-per-colour", None, "navy")]


def test_building_problems_in_their_order():
    broken = examples.load("four-players")
    broken["buildings"] = ["well", "well", "farm", "chapel", "tavern", "theater", "factory", "bank"]
    assert [(p["code"], p["value"]) for p in problems(broken)] == [
        ("no-cottage", None), ("one-per-colour", "grey"), ("one-per-colour", "navy"), ("building-twice", None)]
    broken["buildings"] = ["cottage", "farm", "nope", "well", 5]
    assert [(p["code"], p["value"]) for p in problems(broken)][:1] == [("buildings-not-a-list", None)]
    broken["buildings"] = ["cottage", "farm", "nope", "well", "Cottage"]
    assert [(p["code"], p["value"]) for p in problems(broken)] == [
        ("unknown-building", "nope"), ("unknown-building", "Cottage")]


def test_a_players_unknown_keys_come_sorted_before_its_squares():
    broken = examples.load("four-players")
    broken["players"][1].update({"zeta": 1, "Alpha": 2, "name ": 3})
    broken["players"][3]["town"][0][0] = "nope"
    assert [(p["code"], p["player"], p["square"], p["value"]) for p in problems(broken)] == [
        ("unknown-key", 1, None, "Alpha"), ("unknown-key", 1, None, "name "), ("unknown-key", 1, None, "zeta"),
        ("unknown-card", 3, "a1", "nope")]


def test_mixed_feeding_games_score_alike_under_micropython(micropython_core):
    rng = random.Random(77)
    for n in range(40):
        # A game deals one red building; Barrett Castle and the Grand Mausoleum stand in some towns.
        red, orange = FEEDERS[n % 4], ("temple", "chapel")[n // 4 % 2]
        squares = mixed_town(rng, (red,))
        monuments = [card for card in squares if card in MONUMENTS]
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
