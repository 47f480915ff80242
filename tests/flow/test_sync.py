"""A town at a table kept in step across phones (webscore/flow/sync.py): merges, hand-ins and the outbox."""

import pytest

from support import examples
from support.tables import empty_setup
from webscore.flow import sync

GAME = empty_setup(examples.load("four-players"))
N = 1  # Annabell, who owns Barrett Castle: a town with no fact to ask for
A, B = "phone-A-aaa", "phone-B-bbb"


def sets(seq, base=0, **fields):
    return {"seq": seq, "set": {"square_" + name: [card, base] for name, card in fields.items()}}


def applied(town, client, op):
    town, answer = sync.apply(town, client, op, GAME, N)
    assert answer["outcome"] == sync.APPLIED, answer
    return town


def test_two_phones_that_set_different_squares_both_keep_them():
    town = sync.new_town(GAME, N)
    town = applied(town, A, sets(1, a1="farm", b1="well"))
    town = applied(town, B, sets(1, c1="cottage", d1="cottage"))
    assert sync.public(town) == {"fields": {"monument": "barrett-castle", "square_a1": "farm", "square_b1": "well",
                                            "square_c1": "cottage", "square_d1": "cottage"}, "version": 2, "done": False}
    assert town["marks"]["square_a1"] == [1, A] and town["marks"]["square_c1"] == [2, B]


def test_the_same_square_set_otherwise_over_an_older_version_is_a_conflict_naming_both_values():
    town = applied(sync.new_town(GAME, N), A, sets(1, a1="farm"))
    same, answer = sync.apply(town, B, sets(1, a1="well", b1="farm"), GAME, N)
    assert same is town
    assert answer == {"outcome": sync.CONFLICT, "seq": 1, "conflict": {"square_a1": ["farm", "well"]}}
    # Over the version that shows "farm", the change is the player's choice: no conflict.
    assert sync.public(applied(town, B, sets(1, base=1, a1="well")))["fields"]["square_a1"] == "well"


def test_an_identical_change_is_no_conflict_and_changes_nothing():
    town = applied(sync.new_town(GAME, N), A, sets(1, a1="farm"))
    again = applied(town, B, sets(1, a1="farm"))
    assert (again["version"], again["seen"]) == (1, {A: 1, B: 1})


def test_a_phone_never_conflicts_with_itself():
    town = applied(sync.new_town(GAME, N), A, sets(1, a1="farm"))
    assert sync.public(applied(town, A, sets(2, a1="well")))["fields"]["square_a1"] == "well"


def test_an_operation_sent_twice_is_applied_once():
    town = applied(sync.new_town(GAME, N), A, sets(1, a1="farm"))
    town = applied(town, B, sets(1, base=1, a1="well"))
    assert applied(town, A, sets(1, a1="farm")) is town


def test_done_is_idempotent_and_no_change_reaches_a_handed_in_town_until_it_is_reopened():
    town = applied(sync.new_town(GAME, N), A, sets(1, a1="farm"))
    town = applied(town, A, {"seq": 2, "done": True})
    assert (town["done"], town["version"]) == (True, 2)
    assert applied(town, B, {"seq": 1, "done": True})["version"] == 2
    late, answer = sync.apply(town, B, sets(2, base=2, b1="well"), GAME, N)
    assert (late, answer) == (town, {"outcome": sync.HANDED_IN, "seq": 2})
    # The very town it holds is no change: a phone that hands over and then sends its taps.
    assert applied(town, B, sets(2, a1="farm"))["done"] is True
    opened = applied(town, B, {"seq": 3, "reopen": True})
    assert (opened["done"], opened["version"]) == (False, 3)
    assert sync.public(applied(opened, B, sets(4, base=3, b1="well")))["fields"]["square_b1"] == "well"


def test_a_town_the_core_refuses_is_not_handed_in():
    town = applied(sync.new_town(GAME, N), A, sets(1, a1="warehouse"))
    refused, answer = sync.apply(town, A, {"seq": 2, "done": True}, GAME, N)
    assert refused is town
    assert answer["outcome"] == sync.PROBLEMS
    assert [item["code"] for item in answer["problems"]] == ["stored-missing"]


@pytest.mark.parametrize("changes", [{"square_a1": ["cathedral", 0]}, {"monument": ["farm", 0]}])
def test_a_card_the_game_has_not_is_refused(changes):
    with pytest.raises(ValueError):
        sync.apply(sync.new_town(GAME, N), A, {"seq": 1, "set": changes}, GAME, N)


def test_taps_join_the_operation_that_is_not_yet_on_its_way():
    box = sync.new_outbox(A, sync.public(sync.new_town(GAME, N)))
    box = sync.edit(box, {"square_a1": "farm", "monument": "barrett-castle"})
    box = sync.edit(box, {"square_a1": "farm", "square_b1": "well", "monument": "barrett-castle"})
    assert box["ops"] == [{"seq": 1, "set": {"square_a1": ["farm", 0], "square_b1": ["well", 0]}}]
    on_its_way = sync.edit(box, {"square_a1": "well", "square_b1": "well", "monument": "barrett-castle"}, sending=1)
    assert on_its_way["ops"][1:] == [{"seq": 2, "set": {"square_a1": ["well", 0]}}]
    assert sync.waiting(on_its_way) == 3


def test_a_field_the_form_does_not_have_is_left_as_it_is():
    box = sync.new_outbox(A, sync.public(sync.new_town(GAME, N)))
    box = sync.edit(box, {"square_a1": "farm"})
    assert box["ops"] == [{"seq": 1, "set": {"square_a1": ["farm", 0]}}]
    assert sync.expected(box)["fields"]["monument"] == "barrett-castle"


def test_done_then_reopen_cancel_while_neither_is_sent():
    box = sync.new_outbox(A, sync.public(sync.new_town(GAME, N)))
    done = sync.hand_in(box)
    assert done["ops"] == [{"seq": 1, "done": True}] and sync.expected(done)["done"] is True
    assert sync.reopen(done)["ops"] == []
    assert sync.reopen(done, sending=1)["ops"] == [{"seq": 1, "done": True}, {"seq": 2, "reopen": True}]
    assert sync.hand_in(done) is done


def test_an_answer_keeps_the_waiting_taps_shown_over_the_servers_town():
    box = sync.new_outbox(A, sync.public(sync.new_town(GAME, N)))
    box = sync.edit(box, {"square_a1": "farm", "monument": "barrett-castle"}, sending=None)
    box = sync.edit(box, {"square_a1": "farm", "square_b1": "well", "monument": "barrett-castle"}, sending=1)
    server = {"fields": {"monument": "barrett-castle", "square_a1": "farm", "square_c1": "cottage"}, "version": 2, "done": False}
    after = sync.acknowledged(box, 1, server)
    assert sync.expected(after)["fields"] == {"monument": "barrett-castle", "square_a1": "farm", "square_b1": "well",
                                              "square_c1": "cottage"}
    assert sync.shown_changes(box, after) == ["square_c1"]
    # An answer older than the town known changes nothing.
    assert sync.refreshed(after, dict(server, version=1)) is after


def test_a_conflict_resolved_square_by_square_keeps_what_the_player_chose():
    box = sync.new_outbox(B, sync.public(sync.new_town(GAME, N)))
    box = sync.edit(box, {"square_a1": "well", "square_b1": "farm", "square_c1": "farm", "monument": "barrett-castle"})
    theirs = {"fields": {"monument": "barrett-castle", "square_a1": "farm", "square_b1": "well"}, "version": 1, "done": False}
    box = sync.refreshed(box, theirs)
    chosen = sync.resolve(box, {"square_a1": "theirs", "square_b1": "mine"})
    assert chosen["ops"] == [{"seq": 2, "set": {"square_b1": ["farm", 1], "square_c1": ["farm", 0]}}]
    town = sync.town_from_fields(theirs["fields"], 1, False)
    town["marks"] = {"square_a1": [1, A], "square_b1": [1, A]}
    merged = applied(town, B, chosen["ops"][0])
    assert sync.public(merged)["fields"] == {"monument": "barrett-castle", "square_a1": "farm", "square_b1": "farm",
                                             "square_c1": "farm"}
