"""The table helpers: the Town Hall deck, the Solo deck and the Master Builder's hammer."""

import json
from collections import Counter

import pytest

from webscore.scoring.table import DECK
from webscore.scoring.table import TableError
from webscore.scoring.table import master_builder
from webscore.scoring.table import parse_events
from webscore.scoring.table import solo_deck
from webscore.scoring.table import town_hall
from webscore.scoring.table import without_last_event

SEEDS = (1, 7, 123456789, 0xFFFFFFFF)


def drawn(seed, rounds):
    return [town_hall(seed, r)["card"] for r in range(1, rounds + 1)]


def test_the_deck_has_three_of_each_resource():
    assert Counter(DECK) == {"wood": 3, "wheat": 3, "brick": 3, "glass": 3, "stone": 3}


@pytest.mark.parametrize("seed", SEEDS)
def test_town_hall_turns_two_cards_then_a_free_round(seed):
    cards = drawn(seed, 30)
    assert [card is None for card in cards] == [r % 3 == 0 for r in range(1, 31)]
    assert town_hall(seed, 2)["next_is_free"] is True
    assert town_hall(seed, 3)["next_is_free"] is False


@pytest.mark.parametrize("seed", SEEDS)
def test_town_hall_puts_five_aside_and_reshuffles_when_the_pile_is_empty(seed):
    first_ten = [card for card in drawn(seed, 15) if card]
    assert len(first_ten) == 10
    # Ten of the fifteen come out; the five put aside never do before the reshuffle.
    assert all(count <= 3 for count in Counter(first_ten).values())
    assert [town_hall(seed, r)["pile"] for r in (1, 2, 3, 14)] == [9, 8, 8, 0]
    assert town_hall(seed, 14)["shuffles"] == 1
    after = town_hall(seed, 16)
    assert (after["shuffles"], after["pile"]) == (2, 9)


def test_town_hall_is_reproducible_from_its_seed_and_differs_between_seeds():
    assert drawn(42, 20) == drawn(42, 20)
    assert len({tuple(drawn(seed, 20)) for seed in SEEDS}) == len(SEEDS)


def test_town_hall_undo_is_one_round_less():
    assert town_hall(9, 4)["card"] == drawn(9, 4)[-1]
    with pytest.raises(TableError):
        town_hall(9, -1)


@pytest.mark.parametrize("seed", SEEDS)
def test_solo_shows_three_and_a_taken_card_goes_under_the_pile(seed):
    start = solo_deck(seed, [])
    assert len(start["face_up"]) == 3 and start["pile"] == 12
    after = solo_deck(seed, [1])
    assert after["taken"] == [start["face_up"][1]]
    assert after["face_up"][0] == start["face_up"][0] and after["face_up"][2] == start["face_up"][2]
    assert after["pile"] == 12
    # Twelve takes later the first card taken is turned up again.
    taken = [0] * 13
    assert solo_deck(seed, taken)["face_up"][0] == solo_deck(seed, [0])["taken"][0]


def test_each_take_is_the_card_that_was_face_up_there():
    takes = [2, 0, 1, 1, 0]
    for n in range(len(takes)):
        before = solo_deck(5, takes[:n])
        after = solo_deck(5, takes[:n + 1])
        assert after["taken"] == before["taken"] + [before["face_up"][takes[n]]]
    with pytest.raises(TableError):
        solo_deck(5, [3])


def test_hammer_passes_to_the_left_and_counts_turns():
    state = master_builder([None, None, None], 0, parse_events("nnn"))
    assert (state["round"], state["holder"], state["turns"]) == (4, 0, [2, 1, 1])


def test_a_complete_town_no_longer_takes_the_hammer():
    state = master_builder([None, None, None], 0, parse_events("c1nn"))
    assert state["holder"] == 0 and state["turns"] == [2, 0, 1]


def test_fort_ironweed_owner_skips_the_hammer_once_built():
    monuments = [None, "fort-ironweed", None]
    state = master_builder(monuments, 0, parse_events("f1nn"))
    assert state["turns"] == [2, 0, 1]
    with pytest.raises(TableError):
        master_builder([None, None, None], 0, parse_events("f1"))


def test_fort_ironweed_owner_takes_it_when_last_player_left():
    state = master_builder([None, "fort-ironweed", None], 0, parse_events("f1c0c2n"))
    assert state["holder"] == 1


def test_completion_order_shares_a_round():
    state = master_builder([None, None, None], 0, parse_events("nc0c2nnc1"))
    assert state["completed"] == [2, 4, 2]
    assert state["completed_before"] == [0, 2, 0]
    assert state["ended"] is True
    with pytest.raises(TableError):
        master_builder([None, None, None], 0, parse_events("c0c1c2n"))


@pytest.mark.parametrize("text", ["x", "c", "c1234", "nq", "f"])
def test_bad_event_records_are_refused(text):
    with pytest.raises(TableError):
        parse_events(text)


def test_the_town_hall_pile_holds_ten_before_the_first_card():
    assert [town_hall(5, r)["pile"] for r in (0, 1)] == [10, 9]
    assert town_hall(5, 0)["card"] is None


def test_the_hammer_passes_among_two_to_six_players():
    assert master_builder([None] * 6, 5, parse_events("n"))["holder"] == 0
    for count in (0, 1, 7, 12):
        with pytest.raises(TableError) as refused:
            master_builder([None] * count, 0, [])
        assert refused.value.reason == "player-count"


def test_fort_ironweed_has_one_owner():
    with pytest.raises(TableError) as refused:
        master_builder(["fort-ironweed", None, "fort-ironweed"], 0, [])
    assert refused.value.reason == "fort-owners"


def test_fort_ironweed_cannot_be_built_in_a_complete_town():
    monuments = [None, "fort-ironweed", None]
    assert master_builder(monuments, 0, parse_events("n"))["can_build_fort"] == [False, True, False]
    state = master_builder(monuments, 0, parse_events("c1"))
    assert state["can_build_fort"] == [False, False, False]
    with pytest.raises(TableError) as refused:
        master_builder(monuments, 0, parse_events("c1f1"))
    assert refused.value.reason == "fort-after-complete"
    assert master_builder(monuments, 0, parse_events("f1c1"))["fort_built"] == [False, True, False]


@pytest.mark.parametrize("monuments", ["fort-ironweed", [None, 3], None])
def test_monuments_must_be_a_list_of_ids(monuments):
    with pytest.raises(TableError) as refused:
        master_builder(monuments, 0, [])
    assert refused.value.reason == "monuments"


@pytest.mark.parametrize("record, undone", [
    ("", ""), ("n", ""), ("nn", "n"), ("nc2", "n"), ("c12", ""), ("nf0n", "nf0"), ("f0", ""),
    # A record that does not end in an event stays as it is: Undo then leaves the broken record to be shown.
    ("n12", "n12"), ("nx", "nx"), ("12", "12"), ("c", "c"),
])
def test_undo_takes_the_last_event_off_the_record(record, undone):
    assert without_last_event(record) == undone
    if record and parse_ok(record):
        assert parse_events(undone) == parse_events(record)[:-1]


def parse_ok(record):
    try:
        parse_events(record)
    except TableError:
        return False
    return True


def test_the_door_gives_the_record_undone_with_the_state_or_the_error():
    from webscore.scoring import table_json

    request = {"kind": "master-builder", "monuments": [None, None], "first": 0}
    assert json.loads(table_json(json.dumps(dict(request, events="nnc1"))))["undone"] == "nn"
    assert json.loads(table_json(json.dumps(dict(request, events="nnx")))) == {"undone": "nnx", "error": "events"}
    assert "undone" not in json.loads(table_json(json.dumps({"kind": "solo", "seed": 1, "taken": []})))
