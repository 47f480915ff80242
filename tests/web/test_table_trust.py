"""What a table trusts a phone with: versions checked against the town's, operations applied or refused (never a
200 for one not applied), operation numbers remembered for the table's life, a town belonging to the phone that
took it (taken over only on purpose, and said on every phone), and the end of a game with empty towns asked for.

Against SQLite and Redis alike (the table_config fixture).
"""

import pytest

from support import examples
from support.tables import empty_setup
from support.tables import town_op
from webscore.flow import sync_merge
from webscore.flow import table_pieces
from webscore.scoring import encode
from webscore.web.i18n.table_words import table_words
from webscore.web.i18n.words import words as browser_words
from webscore.web.tables import towns

GAME = examples.load("four-players")
SETUP = encode(empty_setup(GAME))
JSON_CALL = {"X-Requested-With": "marquoir"}
OWN, OTHER = "phone-own-aaaa", "phone-other-bb"
KEY = "own-secret-key-0123456789"


@pytest.fixture
def phone(make_app, table_config):
    return make_app(**table_config).test_client()


def open_table(phone) -> str:
    import re

    page = phone.get("/en/t/new?code=" + SETUP)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.text).group(1)
    return phone.post("/en/t/new", data={"code": SETUP, "csrf_token": token}).location.rsplit("/", 1)[1]


def send(phone, table, n, op, client=OWN, key=KEY, **extra):
    body = dict({"client": client, "op": op}, **extra)
    if key is not None:
        body["key"] = key
    return phone.post("/en/t/{}/{}".format(table, n), json=body, headers=JSON_CALL)


def handed_in(phone, table, n=1):
    assert send(phone, table, n, town_op(GAME, n - 1)).status_code == 200
    assert send(phone, table, n, {"seq": 2, "done": True}).status_code == 200


def state(phone, table):
    return phone.get("/en/t/{}/state".format(table)).json


def test_a_reopening_naming_a_version_the_town_never_had_is_refused(phone):
    table = open_table(phone)
    handed_in(phone, table)
    for client, key in ((OWN, KEY), (OTHER, None)):
        answer = send(phone, table, 1, {"seq": 3 if client == OWN else 1, "reopen": 2147483647}, client, key)
        assert answer.status_code == 422
        assert answer.json["reason"] == "version"
        assert answer.json["message"] == ("This change names version 2,147,483,647 of this town, which is at version 2; "
                                          "it was not applied.")
        assert answer.json["town"]["done"] is True
    change = send(phone, table, 2, {"seq": 1, "set": {"square_a1": ["farm", 5]}})
    assert (change.status_code, change.json["reason"], change.json["town"]["version"]) == (422, "version", 0)


@pytest.mark.parametrize(("lang", "said"), [
    ("fr", "Cette modification désigne la version 12\u202f345 de cette bourgade, qui en est à la version 2\u202f; elle n’a "
           "pas été appliquée."),
    ("hu", "Ez a módosítás a város 12\u00a0345. változatára hivatkozik, de a város jelenlegi változata: 2. Nem került be."),
])
def test_a_refused_version_is_written_as_the_language_writes_numbers(phone, lang, said):
    """The versions a refusal names are numbers the flow's text.number writes, as every number shown."""
    table = open_table(phone)
    handed_in(phone, table)
    answer = phone.post("/{}/t/{}/1".format(lang, table), json={"client": OWN, "op": {"seq": 3, "reopen": 12345},
                                                                 "key": KEY}, headers=JSON_CALL)
    assert (answer.status_code, answer.json["reason"], answer.json["message"]) == (422, "version", said)


def test_an_operation_numbered_below_the_last_or_reused_with_other_content_is_refused_not_acknowledged(phone):
    table = open_table(phone)
    assert send(phone, table, 1, {"seq": 1, "set": {"square_a1": ["farm", 0]}}).status_code == 200
    assert send(phone, table, 1, {"seq": 2, "set": {"square_b1": ["well", 1]}}).status_code == 200
    stale = send(phone, table, 1, {"seq": 1, "set": {"square_c1": ["well", 0]}})
    assert (stale.status_code, stale.json["reason"], stale.json["last"]) == (409, "stale", 2)
    reused = send(phone, table, 1, {"seq": 2, "set": {"square_c1": ["well", 2]}})
    assert (reused.status_code, reused.json["reason"]) == (422, "reused")
    assert "square_c1" not in reused.json["town"]["fields"]
    # The last one sent again as it was (its answer lost) is applied: acknowledged, and applied once.
    again = send(phone, table, 1, {"seq": 2, "set": {"square_b1": ["well", 1]}})
    assert (again.status_code, again.json["town"]["version"]) == (200, 2)


def test_many_phones_taking_a_town_over_lock_no_one_out_and_its_holder_is_still_recognised(phone):
    table = open_table(phone)
    assert send(phone, table, 1, {"seq": 1, "set": {"square_a1": ["farm", 0]}}).status_code == 200
    version = 1
    for i in range(sync_merge.MAX_SEEN - 1):
        card = ("well", "farm")[i % 2]
        answer = send(phone, table, 1, {"seq": 1, "set": {"square_b1": [card, version]}}, "phone-{:04d}-x".format(i),
                      "key-of-phone-{:04d}".format(i), take=True)
        assert answer.status_code == 200
        version = answer.json["town"]["version"]
    # The 25th phone takes it too: the slots of the phones that no longer hold the town make room.
    late = send(phone, table, 1, {"seq": 1, "set": {"square_c1": ["well", version]}}, "phone-late-x", "key-of-late",
                take=True)
    assert (late.status_code, late.json["town"]["version"]) == (200, version + 1)
    # The phone holding it sends its operation again (its answer lost): the one already applied, not applied twice.
    again = send(phone, table, 1, {"seq": 1, "set": {"square_c1": ["well", version]}}, "phone-late-x", "key-of-late")
    assert (again.status_code, again.json["town"]["version"]) == (200, version + 1)
    reused = send(phone, table, 1, {"seq": 1, "set": {"square_c1": ["farm", version + 1]}}, "phone-late-x",
                  "key-of-late")
    assert (reused.status_code, reused.json["reason"]) == (422, "reused")


def test_the_phone_holding_a_town_cannot_lock_the_others_out_with_client_ids_of_its_own(phone):
    # Issue 50: after a take-over, the phone holding the town saved under a new client id each time; 24 ids filled
    # the town's slots and every other phone was refused (409, "phones") for the table's life, its own phone too.
    table = open_table(phone)
    assert send(phone, table, 1, {"seq": 1, "set": {"square_a1": ["farm", 0]}}).status_code == 200
    taken = send(phone, table, 1, {"seq": 1, "set": {"square_a1": ["well", 1]}}, OTHER, "other-secret-key-01", take=True)
    assert taken.status_code == 200
    version, answers = taken.json["town"]["version"], []
    for i in range(sync_merge.MAX_SEEN):
        answer = send(phone, table, 1, {"seq": 1, "set": {"square_b1": [("farm", "well")[i % 2], version]}},
                      "forged-{:04d}-x".format(i), "other-secret-key-01")
        answers.append((answer.status_code, answer.json.get("reason")))
        version = answer.json["town"]["version"]
    # Its key's phones are MAX_PER_KEY at most (the one that took it over among them); past them only it is refused.
    assert answers == [(200, None)] * (sync_merge.MAX_PER_KEY - 1) \
        + [(409, "phones")] * (sync_merge.MAX_SEEN - sync_merge.MAX_PER_KEY + 1)
    refused = send(phone, table, 1, {"seq": 9, "set": {"square_c1": ["well", version]}}, "forged-late-x",
                   "other-secret-key-01")
    assert refused.json["message"] == "This town was changed from too many phones; it takes no change from another one."
    # Its own phone takes it back, and a phone that never touched it takes it over.
    back = send(phone, table, 1, {"seq": 2, "set": {"square_c1": ["well", version]}}, take=True)
    assert (back.status_code, back.json["town"]["fields"]["square_c1"]) == (200, "well")
    third = send(phone, table, 1, {"seq": 1, "set": {"square_d1": ["farm", version + 1]}}, "phone-third-x",
                 "third-secret-key-01", take=True)
    assert (third.status_code, third.json["town"]["fields"]["square_d1"]) == (200, "farm")
    assert [event["kind"] for event in state(phone, table)["events"]] == ["taken-over"] * 3


def test_a_town_belongs_to_the_phone_that_took_it_and_another_takes_it_over_only_on_purpose_said_everywhere(phone):
    table = open_table(phone)
    assert send(phone, table, 1, {"seq": 1, "set": {"square_a1": ["farm", 0]}}).status_code == 200
    # Another phone, or the same client id without the town's key, changes nothing.
    for client, key in ((OTHER, "other-secret-key-01"), (OTHER, None), (OWN, "a-wrong-key-000")):
        for op in ({"seq": 5, "set": {"square_a1": ["well", 1]}}, {"seq": 5, "done": True}):
            refused = send(phone, table, 1, op, client, key)
            assert (refused.status_code, refused.json["reason"]) == (409, "owned")
            assert refused.json["message"] == "This town is being entered on another phone."
            assert refused.json["town"]["fields"]["square_a1"] == "farm"
    assert state(phone, table)["events"] == []
    taken = send(phone, table, 1, {"seq": 1, "set": {"square_a1": ["well", 1]}}, OTHER, "other-secret-key-01", take=True)
    assert taken.status_code == 200
    assert state(phone, table)["events"] == [{"player": 0, "kind": "taken-over", "revision": taken.json["revision"]}]
    # Now the first phone is the other one; it takes its town back the same way.
    mine = send(phone, table, 1, {"seq": 2, "set": {"square_b1": ["well", 2]}})
    assert (mine.status_code, mine.json["reason"]) == (409, "owned")
    assert send(phone, table, 1, {"seq": 2, "set": {"square_b1": ["well", 2]}}, take=True).status_code == 200
    assert [event["kind"] for event in state(phone, table)["events"]] == ["taken-over", "taken-over"]


def test_a_phone_with_nothing_to_send_takes_a_town_over_by_a_change_of_nothing(phone):
    # Asked as it opens a town it never entered, a phone takes it over before any tap: its change of nothing is
    # applied, the town is its own from then on, every phone says so, and no field of the town changes.
    table = open_table(phone)
    assert send(phone, table, 1, {"seq": 1, "set": {"square_a1": ["farm", 0]}}).status_code == 200
    taken = send(phone, table, 1, {"seq": 1, "set": {}}, OTHER, "other-secret-key-01", take=True)
    assert taken.status_code == 200
    assert (taken.json["town"]["fields"], taken.json["town"]["version"]) == (
        {"monument": "barrett-castle", "square_a1": "farm"}, 1)
    assert state(phone, table)["events"] == [{"player": 0, "kind": "taken-over", "revision": taken.json["revision"]}]
    mine = send(phone, table, 1, {"seq": 2, "set": {"square_b1": ["well", 1]}})
    assert (mine.status_code, mine.json["reason"], mine.json["was_yours"]) == (409, "owned", True)


def test_a_phone_that_only_opened_a_town_again_is_not_told_it_was_taken_from_it(phone):
    # A phone that opened another phone's handed-in town again ("Change my town again" never asks), then tapped, was
    # told "This town was taken over by another phone. Take it back here?": its reopening counted as holding the town.
    table = open_table(phone)
    handed_in(phone, table)
    other_key = "other-secret-key-01"
    assert send(phone, table, 1, {"seq": 1, "reopen": 2}, OTHER, other_key).status_code == 200
    tapped = send(phone, table, 1, {"seq": 2, "set": {"square_b1": ["well", 3]}}, OTHER, other_key)
    assert (tapped.status_code, tapped.json["reason"], tapped.json["was_yours"]) == (409, "owned", False)
    # Taken over, then taken back by the first phone: now it was the other phone's.
    assert send(phone, table, 1, {"seq": 2, "set": {"square_b1": ["well", 3]}}, OTHER, other_key,
                take=True).status_code == 200
    assert send(phone, table, 1, {"seq": 3, "set": {"square_c1": ["well", 4]}}, take=True).status_code == 200
    again = send(phone, table, 1, {"seq": 3, "set": {"square_d1": ["well", 5]}}, OTHER, other_key)
    assert (again.status_code, again.json["reason"], again.json["was_yours"]) == (409, "owned", True)


def test_a_town_keeps_its_last_former_owners_once_each():
    # Taken over by twelve keys in turn, then by the first again: the tags of the last FORMER_OWNERS_KEPT before the
    # owner now, oldest first, each once, and none of the other towns'.
    record = {"towns": [None, None]}
    hashes = ["{:02d}".format(k) * 32 for k in range(12)]
    for key_hash in hashes + hashes[:1]:
        record = towns.with_owner(record, 1, key_hash, 0.0)
    assert record["owners"] == [hashes[0], None]
    assert record["former_owners"] == [[towns.key_tag(h) for h in hashes[12 - towns.FORMER_OWNERS_KEPT:]], []]
    assert towns.was_held_by(record, 1, hashes[11], False) and not towns.was_held_by(record, 1, hashes[2], True)
    # A table kept before former owners were noted tells by what the phone sent.
    assert towns.was_held_by({"towns": [None]}, 1, hashes[2], True)


def test_a_take_over_stays_in_the_tables_state_however_many_events_follow_it(phone):
    # The state listed the last 6 events only: six take-overs of another town, made between two follows (3 s) by
    # whoever has the link, pushed a town's take-over out before any phone had said it.
    table = open_table(phone)
    assert send(phone, table, 1, {"seq": 1, "set": {"square_a1": ["farm", 0]}}).status_code == 200
    taken = send(phone, table, 1, {"seq": 1, "set": {"square_a1": ["well", 1]}}, OTHER, "other-secret-key-01", take=True)
    assert taken.status_code == 200
    phones = [("noise-phone-one", "noise-secret-key-1"), ("noise-phone-two", "noise-secret-key-2")]
    for version in range(8):
        client, key = phones[version % 2]
        noise = send(phone, table, 2, {"seq": 1 + version // 2, "set": {"square_a1": [("farm", "well")[version % 2], version]}},
                     client, key, take=True)
        assert noise.status_code == 200
    events = state(phone, table)["events"]
    assert {"player": 0, "kind": "taken-over", "revision": taken.json["revision"]} in events
    assert len(events) == 7 and [event["player"] for event in events[1:]] == [1] * 6


def test_a_reopening_from_another_phone_is_said_on_every_phone_and_the_own_phone_hands_it_in_again(phone):
    table = open_table(phone)
    handed_in(phone, table)
    opened = send(phone, table, 1, {"seq": 1, "reopen": 2}, OTHER, "other-secret-key-01")
    assert (opened.status_code, opened.json["town"]["done"]) == (200, False)
    assert state(phone, table)["events"] == [{"player": 0, "kind": "reopened", "revision": opened.json["revision"]}]
    # That phone changes nothing more without taking the town over; its own phone hands it in again.
    refused = send(phone, table, 1, {"seq": 2, "set": {"square_a1": ["well", 3]}}, OTHER, "other-secret-key-01")
    assert refused.json["reason"] == "owned"
    again = send(phone, table, 1, {"seq": 3, "done": True})
    assert (again.status_code, again.json["town"]["done"]) == (200, True)


def test_ending_the_game_with_towns_still_empty_is_asked_first(phone):
    table = open_table(phone)
    handed_in(phone, table, 1)
    handed_in(phone, table, 2)
    # An empty town handed in is no end yet.
    assert send(phone, table, 3, {"seq": 1, "done": True}, "phone-three-a", "key-three-0001").status_code == 200
    last = send(phone, table, 4, {"seq": 1, "done": True}, "phone-four-aa", "key-four-00001")
    assert (last.status_code, last.json["reason"], last.json["empty"]) == (409, "empty", ["Csongork", "Dominika"])
    assert last.json["message"] == "Handing this town in ends the game, and Csongork and Dominika entered no town yet."
    assert (last.json["finished"], last.json["town"]["done"]) == (False, False)
    assert not state(phone, table)["finished"]
    assert state(phone, table)["events"] == []
    ended = send(phone, table, 4, {"seq": 1, "done": True}, "phone-four-aa", "key-four-00001", end=True)
    assert (ended.status_code, ended.json["finished"]) == (200, True)
    # Every phone says so: an attacker's try ended a table this way with only its link, and no phone said a word.
    assert [(event["kind"], event["player"]) for event in state(phone, table)["events"]] == [("ended-empty", 3)]


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "The game was ended from Dominika's town while towns had no square yet."),
    ("fr", "La partie a été terminée depuis la bourgade appartenant à Dominika alors que des bourgades étaient encore vides."),
    ("hu", "A játszmát Dominika városából fejezték be, miközben egyes városok még üresek voltak."),
])
def test_a_game_ended_with_towns_still_empty_is_said_on_every_phone(phone, lang, said):
    # As the phones word the table's events (table.mjs, table-town.mjs): by the flow's piece, with the table's words.
    with phone.application.test_request_context("/{}/".format(lang)):
        phone.application.preprocess_request()
        news = table_pieces.table_news(browser_words(), table_words(), [], [["ended-empty", "Dominika"]])
    assert news["events"] == said


@pytest.mark.parametrize("extra", [{"key": 5}, {"key": "short"}, {"take": "yes"}, {"end": 1}, {"other": True}])
def test_a_save_with_an_odd_key_or_flag_is_a_400(phone, extra):
    table = open_table(phone)
    answer = phone.post("/en/t/{}/1".format(table), json=dict({"client": OWN, "op": {"seq": 1, "done": True}}, **extra),
                        headers=JSON_CALL)
    assert (answer.status_code, answer.json) == (400, {"message": "This request cannot be answered as it is."})


def test_a_refused_hand_in_says_each_reason_once_naming_its_squares(phone):
    table = open_table(phone)
    loads = {"square_" + name: ["warehouse", 0] for name in ("a1", "b1", "c1")}
    loads.update({"stored_" + name: ["7", 0] for name in ("a1", "b1", "c1")})
    assert send(phone, table, 1, {"seq": 1, "set": loads}).status_code == 200
    refused = send(phone, table, 1, {"seq": 2, "done": True})
    assert (refused.status_code, refused.json["reason"]) == (422, "problems")
    assert refused.json["problems"] == ["A Warehouse stores at most 3 resources. Squares a1, b1, and c1."]


@pytest.mark.parametrize("lang, squares, said", [
    ("fr", ("a1",), "Un entrepôt stocke au plus 3\u00a0ressources. Case a1."),
    ("fr", ("a1", "b1"), "Un entrepôt stocke au plus 3\u00a0ressources. Cases a1 et b1."),
    ("hu", ("a1",), "Egy raktár legfeljebb 3\u00a0nyersanyagot tárol. Mező: a1."),
    ("hu", ("a1", "b1", "c1"), "Egy raktár legfeljebb 3\u00a0nyersanyagot tárol. Mezők: a1, b1 és c1."),
])
def test_a_refused_hand_in_names_its_square_or_squares_in_the_phones_language(phone, lang, squares, said):
    table = open_table(phone)
    loads = {"square_" + name: ["warehouse", 0] for name in squares}
    loads.update({"stored_" + name: ["7", 0] for name in squares})
    assert send(phone, table, 1, {"seq": 1, "set": loads}).status_code == 200
    refused = phone.post("/{}/t/{}/1".format(lang, table), json={"client": OWN, "key": KEY, "op": {"seq": 2, "done": True}},
                         headers=JSON_CALL)
    assert (refused.status_code, refused.json["problems"]) == (422, [said])
