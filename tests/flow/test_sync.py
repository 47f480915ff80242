"""A town at a table kept in step across phones (webscore/flow/sync*.py): merges, hand-ins and the outbox."""

import copy

import pytest

from support import examples
from support.tables import empty_setup
from webscore.flow import sync
from webscore.flow import sync_merge
from webscore.flow import sync_outbox
from webscore.flow.town_fields import fields_of

GAME = empty_setup(examples.load("four-players"))
N = 1  # Annabell, who owns Barrett Castle: a town with no fact to ask for
A, B = "phone-A-aaa", "phone-B-bbb"


def fresh_town():
    """Return player N's town as the table opens it, before any phone touched it (as tables/towns.sync_towns does)."""
    return sync.town_from_fields(fields_of(GAME["players"][N - 1]), 0, False)


def sets(seq, base=0, **fields):
    return {"seq": seq, "set": {"square_" + name: [card, base] for name, card in fields.items()}}


def applied(town, client, op):
    town, answer = sync_merge.apply(town, client, op, GAME, N)
    assert answer["outcome"] == sync_merge.APPLIED, answer
    return town


def test_two_phones_that_set_different_squares_both_keep_them():
    town = fresh_town()
    town = applied(town, A, sets(1, a1="farm", b1="well"))
    town = applied(town, B, sets(1, c1="cottage", d1="cottage"))
    assert sync.public(town) == {"fields": {"monument": "barrett-castle", "square_a1": "farm", "square_b1": "well",
                                            "square_c1": "cottage", "square_d1": "cottage"}, "version": 2, "done": False}
    assert town["marks"]["square_a1"] == [1, A] and town["marks"]["square_c1"] == [2, B]


def test_the_same_square_set_otherwise_over_an_older_version_is_a_conflict_naming_both_values():
    town = applied(fresh_town(), A, sets(1, a1="farm"))
    same, answer = sync_merge.apply(town, B, sets(1, a1="well", b1="farm"), GAME, N)
    assert same is town
    assert answer == {"outcome": sync_merge.CONFLICT, "seq": 1, "conflict": {"square_a1": ["farm", "well"]}}
    # Over the version that shows "farm", the change is the player's choice: no conflict.
    assert sync.public(applied(town, B, sets(1, base=1, a1="well")))["fields"]["square_a1"] == "well"


def test_an_identical_change_is_no_conflict_and_changes_nothing():
    town = applied(fresh_town(), A, sets(1, a1="farm"))
    again = applied(town, B, sets(1, a1="farm"))
    assert (again["version"], again["seen"]) == (1, {A: 1, B: 1})


def test_a_phone_never_conflicts_with_itself():
    town = applied(fresh_town(), A, sets(1, a1="farm"))
    assert sync.public(applied(town, A, sets(2, a1="well")))["fields"]["square_a1"] == "well"


def test_an_operation_sent_twice_is_applied_once():
    town = applied(fresh_town(), A, sets(1, a1="farm"))
    town = applied(town, B, sets(1, base=1, a1="well"))
    assert applied(town, A, sets(1, a1="farm")) is town


def test_done_is_idempotent_and_no_change_reaches_a_handed_in_town_until_it_is_refresh_town():
    town = applied(fresh_town(), A, sets(1, a1="farm"))
    town = applied(town, A, {"seq": 2, "done": True})
    assert (town["done"], town["version"]) == (True, 2)
    assert applied(town, B, {"seq": 1, "done": True})["version"] == 2
    late, answer = sync_merge.apply(town, B, sets(2, base=2, b1="well"), GAME, N)
    assert (late, answer) == (town, {"outcome": sync_merge.HANDED_IN, "seq": 2})
    # The very town it holds is no change: a phone that hands over and then sends its taps.
    assert applied(town, B, sets(2, a1="farm"))["done"] is True
    opened = applied(town, B, {"seq": 3, "reopen": 2})
    assert (opened["done"], opened["version"]) == (False, 3)
    assert sync.public(applied(opened, B, sets(4, base=3, b1="well")))["fields"]["square_b1"] == "well"


def test_a_reopening_from_before_another_phones_hand_in_leaves_the_town_handed_in():
    town = applied(fresh_town(), A, sets(1, a1="farm"))
    town = applied(town, A, {"seq": 2, "done": True})
    town = applied(town, B, {"seq": 1, "reopen": 2})
    town = applied(town, A, {"seq": 3, "done": True})
    # B's second reopening was made over version 2, before A handed the town in again at version 4: refused, not
    # acknowledged (the phone is told the town is handed in).
    stale, answer = sync_merge.apply(town, B, {"seq": 2, "reopen": 2}, GAME, N)
    assert (stale, answer) == (town, {"outcome": sync_merge.HANDED_IN, "seq": 2})
    assert applied(town, B, {"seq": 2, "reopen": 4})["done"] is False


def test_a_town_the_core_refuses_is_not_handed_in():
    town = applied(fresh_town(), A, {"seq": 1, "set": {"square_a1": ["warehouse", 0], "stored_a1": ["4", 0]}})
    refused, answer = sync_merge.apply(town, A, {"seq": 2, "done": True}, GAME, N)
    assert refused is town
    assert answer["outcome"] == sync_merge.PROBLEMS
    assert [item["code"] for item in answer["problems"]] == ["stored-over-3"]


@pytest.mark.parametrize("typed", ["\u2462", "abc", "1e3"])
def test_a_load_typed_otherwise_than_in_digits_keeps_the_squares_sent_with_it_and_is_named_at_the_hand_in(typed):
    # A load box takes any text ("③", "abc"): refusing the change would cost the squares in it.
    town = applied(fresh_town(), A, {"seq": 1, "set": {"square_a1": ["warehouse", 0], "square_b1": ["farm", 0],
                                                       "stored_a1": [typed, 0]}})
    assert sync.public(town)["fields"] == {"monument": "barrett-castle", "square_a1": "warehouse",
                                           "square_b1": "farm", "stored_a1": typed}
    refused, answer = sync_merge.apply(town, A, {"seq": 2, "done": True}, GAME, N)
    assert refused is town
    assert answer == {"outcome": sync_merge.PROBLEMS, "seq": 2, "problems": [
        {"code": "stored-not-a-count", "player": 0, "square": "a1", "value": None}]}


def test_a_mark_pasted_into_a_box_is_dropped_before_the_change_is_queued():
    # "3" pasted with a zero-width space and a right-to-left mark: the table refuses both (400), and with them the
    # whole change and the squares in it. The phone queues what the box shows.
    box = sync_outbox.edit(sync_outbox.new_outbox(A, sync.public(fresh_town())),
                    {"square_a1": "warehouse", "stored_a1": "\u200f3\u200b"})
    assert box["ops"] == [{"seq": 1, "set": {"square_a1": ["warehouse", 0], "stored_a1": ["3", 0]}}]
    assert applied(fresh_town(), A, box["ops"][0])["fields"]["stored_a1"] == "3"


@pytest.mark.parametrize("changes", [{"square_a1": ["cathedral", 0]}, {"monument": ["grove-university", 0]},
                                     {"monument": ["", 0]}])
def test_a_card_the_game_has_not_or_another_monument_is_refused(changes):
    town = fresh_town()
    assert sync_merge.apply(town, A, {"seq": 1, "set": changes}, GAME, N) == (town, {"outcome": sync_merge.INVALID, "seq": 1})
    # The monument the setup chose, sent as it is (a hand-over sends every field), changes nothing.
    assert applied(town, A, {"seq": 1, "set": {"monument": ["barrett-castle", 0]}})["version"] == 0


def test_a_take_over_with_nothing_waiting_sends_a_change_of_nothing_the_table_applies():
    # A phone asked at once whether to take a town over (it never entered it) had nothing to send: its "Take it over"
    # did nothing until the player tapped a square, and another phone went on entering the town meanwhile.
    box = sync_outbox.new_outbox(B, sync.public(fresh_town()))
    box = sync_outbox.take_over(box)
    assert box["ops"] == [{"seq": 1, "set": {}}]
    assert sync_outbox.waiting(box) == 0
    town = applied(applied(fresh_town(), A, sets(1, a1="farm")), B, sync.read_op(box["ops"][0]))
    assert town["fields"]["square_a1"] == "farm" and town["seen"][B] == 1
    # What waits already takes the town over by itself: nothing is added, and a tap joins the change of nothing.
    tapped = sync_outbox.edit(sync_outbox.new_outbox(B, sync.public(fresh_town())), {"square_b1": "well"})
    assert sync_outbox.take_over(tapped)["ops"] == [{"seq": 1, "set": {"square_b1": ["well", 0]}}]
    assert sync_outbox.edit(box, {"square_b1": "well"})["ops"] == [{"seq": 1, "set": {"square_b1": ["well", 0]}}]


def test_taps_join_the_operation_that_is_not_yet_on_its_way():
    box = sync_outbox.new_outbox(A, sync.public(fresh_town()))
    box = sync_outbox.edit(box, {"square_a1": "farm", "monument": "barrett-castle"})
    box = sync_outbox.edit(box, {"square_a1": "farm", "square_b1": "well", "monument": "barrett-castle"})
    assert box["ops"] == [{"seq": 1, "set": {"square_a1": ["farm", 0], "square_b1": ["well", 0]}}]
    on_its_way = sync_outbox.edit(sync_outbox.sending(box, 1),
                                  {"square_a1": "well", "square_b1": "well", "monument": "barrett-castle"})
    assert on_its_way["ops"][1:] == [{"seq": 2, "set": {"square_a1": ["well", 0]}}]
    assert sync_outbox.waiting(on_its_way) == 3


def test_an_operation_once_sent_never_changes_even_when_its_answer_never_came():
    box = sync_outbox.edit(sync_outbox.new_outbox(A, sync.public(fresh_town())), {"square_a1": "farm"})
    sent = sync_outbox.sending(box, 1)
    # No answer: the phone stops waiting, but op 1 may well be applied; a new tap is a new operation.
    again = sync_outbox.edit(sent, {"square_a1": "farm", "square_a2": "well"})
    assert again["ops"] == [{"seq": 1, "set": {"square_a1": ["farm", 0]}}, {"seq": 2, "set": {"square_a2": ["well", 0]}}]
    back_and_forth = sync_outbox.hand_in(sync_outbox.reopen(sync_outbox.hand_in(sent)))
    assert [sorted(op) for op in back_and_forth["ops"]] == [["seq", "set"], ["done", "seq"]]


def test_a_field_still_waiting_keeps_the_version_it_was_first_changed_over():
    box = sync_outbox.edit(sync_outbox.new_outbox(A, sync.public(fresh_town())), {"square_a1": "farm"})
    theirs = {"fields": {"monument": "barrett-castle", "square_a1": "well"}, "version": 1, "done": False}
    box = sync_outbox.edit(sync_outbox.refreshed(box, theirs), {"square_a1": "cottage"})
    # "well" was never shown in place of "farm": changing "farm" again is still over version 0, a conflict.
    assert box["ops"] == [{"seq": 1, "set": {"square_a1": ["cottage", 0]}}]


def test_a_field_the_form_does_not_have_is_left_as_it_is():
    box = sync_outbox.new_outbox(A, sync.public(fresh_town()))
    box = sync_outbox.edit(box, {"square_a1": "farm"})
    assert box["ops"] == [{"seq": 1, "set": {"square_a1": ["farm", 0]}}]
    assert sync_outbox.expected(box)["fields"]["monument"] == "barrett-castle"


def test_done_then_reopen_cancel_while_neither_is_sent():
    box = sync_outbox.new_outbox(A, sync.public(fresh_town()))
    done = sync_outbox.hand_in(box)
    assert done["ops"] == [{"seq": 1, "done": True}] and sync_outbox.expected(done)["done"] is True
    assert sync_outbox.reopen(done)["ops"] == []
    assert sync_outbox.reopen(sync_outbox.sending(done, 1))["ops"] == [{"seq": 1, "done": True}, {"seq": 2, "reopen": 0}]
    assert sync_outbox.hand_in(done) is done
    # Taken back while the town is handed in by another phone: the phone reopens it over what it saw.
    elsewhere = sync_outbox.refreshed(done, {"fields": {"monument": "barrett-castle"}, "version": 3, "done": True})
    assert sync_outbox.reopen(elsewhere)["ops"] == [{"seq": 2, "reopen": 3}]


def test_an_answer_keeps_the_waiting_taps_shown_over_the_servers_town():
    box = sync_outbox.new_outbox(A, sync.public(fresh_town()))
    box = sync_outbox.sending(sync_outbox.edit(box, {"square_a1": "farm", "monument": "barrett-castle"}), 1)
    box = sync_outbox.edit(box, {"square_a1": "farm", "square_b1": "well", "monument": "barrett-castle"})
    server = {"fields": {"monument": "barrett-castle", "square_a1": "farm", "square_c1": "cottage"}, "version": 2, "done": False}
    after = sync_outbox.acknowledged(box, 1, server)
    assert sync_outbox.expected(after)["fields"] == {"monument": "barrett-castle", "square_a1": "farm", "square_b1": "well",
                                              "square_c1": "cottage"}
    assert sync_outbox.shown_changes(box, after) == ["square_c1"]
    # An answer older than the town known changes nothing.
    assert sync_outbox.refreshed(after, dict(server, version=1)) is after


def test_a_conflict_resolved_square_by_square_keeps_what_the_player_chose():
    box = sync_outbox.new_outbox(B, sync.public(fresh_town()))
    box = sync_outbox.edit(box, {"square_a1": "well", "square_b1": "farm", "square_c1": "farm", "monument": "barrett-castle"})
    theirs = {"fields": {"monument": "barrett-castle", "square_a1": "farm", "square_b1": "well"}, "version": 1, "done": False}
    box = sync_outbox.refreshed(box, theirs)
    chosen = sync_outbox.resolve(box, {"square_a1": "theirs", "square_b1": "mine"})
    assert chosen["ops"] == [{"seq": 2, "set": {"square_b1": ["farm", 1], "square_c1": ["farm", 0]}}]
    town = sync.town_from_fields(theirs["fields"], 1, False)
    town["marks"] = {"square_a1": [1, A], "square_b1": [1, A]}
    merged = applied(town, B, chosen["ops"][0])
    assert sync.public(merged)["fields"] == {"monument": "barrett-castle", "square_a1": "farm", "square_b1": "farm",
                                             "square_c1": "farm"}


def test_a_table_opens_with_the_game_its_towns_emptied_and_no_facts_the_game_untouched():
    game = examples.load("four-players")
    before = copy.deepcopy(game)
    setup = sync.empty_setup(game)
    assert game == before
    assert {key: value for key, value in setup.items() if key != "players"} == \
        {key: value for key, value in game.items() if key != "players"}
    assert [(p["name"], p["monument"]) for p in setup["players"]] == [(p["name"], p["monument"]) for p in game["players"]]
    # What a phone's town form shows of each town: its monument alone.
    assert [{field: value for field, value in fields_of(p).items() if value} for p in setup["players"]] == \
        [{"monument": p["monument"]} if p["monument"] else {} for p in game["players"]]
    assert sync.empty_setup(setup) == setup


def refused(town, client, op):
    after, answer = sync_merge.apply(town, client, op, GAME, N)
    assert after is town
    return answer


def test_a_number_below_the_last_applied_or_the_last_with_other_content_is_refused_never_acknowledged():
    town = applied(fresh_town(), A, sets(1, a1="farm"))
    town = applied(town, A, sets(2, base=1, b1="well"))
    assert refused(town, A, sets(1, a1="well")) == {"outcome": sync_merge.STALE, "seq": 1, "last": 2}
    assert refused(town, A, sets(2, base=1, b1="farm")) == {"outcome": sync_merge.REUSED, "seq": 2, "last": 2}
    assert refused(town, A, {"seq": 2, "done": True}) == {"outcome": sync_merge.REUSED, "seq": 2, "last": 2}
    # The last one sent again as it was (its answer lost) is acknowledged: it is applied.
    assert sync_merge.apply(town, A, sets(2, base=1, b1="well"), GAME, N) == (town, {"outcome": sync_merge.APPLIED, "seq": 2})


def test_a_version_the_town_never_had_is_refused_in_a_change_and_a_reopening():
    town = applied(fresh_town(), A, sets(1, a1="farm"))
    town = applied(town, A, {"seq": 2, "done": True})
    assert refused(town, B, {"seq": 1, "reopen": 2147483647}) == {"outcome": sync_merge.VERSION, "seq": 1,
                                                                   "version": 2147483647}
    assert refused(town, B, sets(1, base=3, a1="well"))["outcome"] == sync_merge.VERSION
    assert town["done"] is True


def applied_by(town, client, op, key, holder):
    town, answer = sync_merge.apply(town, client, op, GAME, N, key=key, holder=holder)
    assert answer["outcome"] == sync_merge.APPLIED, answer
    return town


def test_phones_are_remembered_until_the_slots_are_full_then_only_those_not_holding_the_town_are_dropped():
    town = applied_by(fresh_town(), A, sets(1, a1="farm"), "key-A", "key-A")
    for i in range(sync_merge.MAX_SEEN - 1):
        town = applied_by(town, "phone-{:04d}-x".format(i), sets(1, base=town["version"], b1=("well", "farm")[i % 2]),
                          "key-{:04d}".format(i), "key-A")
    # The first phone's old operation, sent again after 23 others touched the town, is applied once only.
    assert sync_merge.apply(town, A, sets(1, a1="farm"), GAME, N, key="key-A", holder="key-A") == \
        (town, {"outcome": sync_merge.APPLIED, "seq": 1})
    assert len(town["seen"]) == sync_merge.MAX_SEEN
    # A 25th phone is no longer refused: the slots of the phones not holding the town (key-A's) go, the holder's stay.
    late = applied_by(town, "phone-late-x", sets(1, base=town["version"], c1="well"), "key-late", "key-A")
    assert late["seen"] == {A: 1, "phone-late-x": 1}
    assert late["keys"] == {A: "key-A", "phone-late-x": "key-late"} and set(late["sums"]) == {A, "phone-late-x"}
    assert sync_merge.apply(late, A, sets(1, a1="farm"), GAME, N, key="key-A", holder="key-A") == \
        (late, {"outcome": sync_merge.APPLIED, "seq": 1})


def test_one_key_makes_at_most_max_per_key_phones_and_stops_only_itself():
    # Issue 50: the phone holding a town took a new client id for each save, and its 24 ids locked every other
    # phone out of the town for the table's life.
    town = fresh_town()
    for i in range(sync_merge.MAX_PER_KEY):
        town = applied_by(town, "forged-{:04d}-x".format(i), sets(1, base=town["version"], a1=("well", "farm")[i % 2]),
                          "key-A", "key-A")
    assert sync_merge.apply(town, "forged-late-x", sets(1, base=town["version"], b1="well"), GAME, N, key="key-A",
                      holder="key-A") == (town, {"outcome": sync_merge.TOO_MANY_PHONES, "seq": 1})
    # Another phone still changes it (its own key), as many times as it takes.
    assert applied_by(town, B, sets(1, base=town["version"], b1="well"), "key-B", "key-B")["fields"]["square_b1"] == \
        "well"
    assert sync_merge.MAX_PER_KEY < sync_merge.MAX_SEEN
