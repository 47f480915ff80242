"""One player's town step: fields to the player record, problems on their fields, the next step."""

import pytest

from support import examples
from webscore.flow import tie_turns
from webscore.flow import town_fields
from webscore.flow import town_live
from webscore.flow import town_step
from webscore.flow.fields import whole
from webscore.scoring import decode
from webscore.scoring.town import NAMES


def game():
    return examples.load("four-players")


def fields(*rows, **facts):
    cards = [card for row in rows for card in row.split()]
    found = {"square_" + name: ("" if card == "." else card) for name, card in zip(NAMES, cards)}
    found.update({key: str(value) for key, value in facts.items()})
    return found


def test_fields_of_a_saved_town_read_back_to_the_same_player():
    g = game()
    for n in range(1, len(g["players"]) + 1):
        original = g["players"][n - 1]
        changed, found = town_fields.read(g, n, town_fields.fields_of(original))
        assert found == []
        player = changed["players"][n - 1]
        assert player["town"] == original["town"]
        assert player["stored"] == (original.get("stored") or {})
        assert [player[fact] for fact in town_fields.FACTS] == [original.get(fact) for fact in town_fields.FACTS]


@pytest.mark.parametrize("value", ["²", "①", "1.5", "-1.5", "-", "--1", "- 1", "+1", "x", "1 2", "٣x"])
def test_a_fact_that_is_not_decimal_digits_is_not_a_number(value):
    g = game()
    answer = town_step.save(g, 1, dict(town_fields.fields_of(g["players"][0]), master_builder_turns=value))
    assert answer["problems"]["fields"] == {
        "master_builder_turns": [{"code": "master_builder_turns-not-a-number", "player": 0, "square": None, "value": None}]}


@pytest.mark.parametrize("value, number", [("-5", -5), (" -1 ", -1), ("-999999", -999999), ("1000", 1000)])
def test_a_negative_count_is_a_whole_number_out_of_range_as_a_count_too_large_is(value, number):
    g = game()
    answer = town_step.save(g, 1, dict(town_fields.fields_of(g["players"][0]), master_builder_turns=value))
    assert answer["problems"] == {"fields": {"master_builder_turns": [
        {"code": "master_builder_turns-out-of-range", "player": 0, "square": None, "value": number}]}, "general": []}
    changed, found = tie_turns.set_turns(g, {"turns-1": "7", "turns-2": value})
    assert found == [{"code": "master_builder_turns-out-of-range", "player": 1, "square": None, "value": number}]



@pytest.mark.parametrize("value", ["1234567", " 99999999999999999999999 ", "-99999999999999999999999", "9" * 5000])
def test_a_count_of_more_digits_than_any_box_takes_is_out_of_range_not_a_number_that_is_not(value):
    # Plain digits, too many of them: a whole number all the same, refused with its range, where it was said to be no
    # number at all. A number that long is never read digit by digit.
    g = game()
    answer = town_step.save(g, 1, dict(town_fields.fields_of(g["players"][0]), master_builder_turns=value))
    assert [item["code"] for item in answer["problems"]["fields"]["master_builder_turns"]] == [
        "master_builder_turns-out-of-range"]
    _, found = tie_turns.set_turns(g, {"turns-1": "7", "turns-2": value})
    assert [(item["code"], item["player"]) for item in found] == [("master_builder_turns-out-of-range", 1)]


NO_NUMBER, OUT_OF_RANGE = "master_builder_turns-not-a-number", "master_builder_turns-out-of-range"


@pytest.mark.parametrize("typed, refused", [
    ({"turns-1": "abc", "turns-2": "-2"}, [(NO_NUMBER, 0), (OUT_OF_RANGE, 1)]),
    ({"turns-1": "99999", "turns-2": "1e3"}, [(NO_NUMBER, 1), (OUT_OF_RANGE, 0)]),
])
def test_the_tie_s_form_names_every_boxs_problem_at_once(typed, refused):
    # A box that holds no number and a number out of range beside it are both named on the first answer, where the
    # range waited for every box to hold a number.
    _, found = tie_turns.set_turns(game(), typed)
    assert [(item["code"], item["player"]) for item in found] == refused

def test_a_negative_load_or_answer_is_refused_with_its_range():
    g = game()
    shrine = town_fields.fields_of(g["players"][2])
    answer = town_step.save(g, 3, dict(shrine, shrine_buildings="-2", square_a1="warehouse", stored_a1="-1"))
    assert answer["problems"]["fields"] == {
        "stored_a1": [{"code": "stored-not-a-count", "player": 2, "square": "a1", "value": -1}],
        "shrine_buildings": [{"code": "shrine_buildings-out-of-range", "player": 2, "square": None, "value": -2}]}


def test_a_warehouse_left_without_its_load_stores_nothing():
    g = game()
    answer = town_step.save(g, 1, fields("warehouse . . .", ". . . .", ". . . .", ". . . .", master_builder_turns=1))
    assert "problems" not in answer
    assert answer["game"]["players"][0]["stored"] == {"a1": 0}
    # Its total waits for nothing: the Warehouse's 0 and 15 empty squares.
    assert town_live.live(g, 1, fields("warehouse . . .", ". . . .", ". . . .", ". . . .", master_builder_turns=1))[1] == []


def test_a_card_not_in_this_game_is_named_by_the_core():
    g = game()
    absent = next(card for card in ("bakery", "farm", "tavern", "bank") if card not in g["buildings"])
    answer = town_step.save(g, 2, fields(absent + " . . .", ". . . .", ". . . .", ". . . ."))
    assert answer["problems"]["fields"]["square_a1"][0]["code"] == "building-not-in-game"


def test_next_step_follows_the_buttons():
    g = game()
    count = len(g["players"])
    assert town_step.next_step(g, 2, "back") == 1
    assert town_step.next_step(g, 1, "back") is None
    assert town_step.next_step(g, 1, "next") == 2
    assert town_step.next_step(g, count, "next") is None
    assert town_step.next_step(g, 1, str(count)) == count
    assert town_step.next_step(g, 1, "²") is None
    assert town_step.next_step(g, 1, "results") is None


def test_scores_wait_for_a_yes_when_a_town_is_mostly_empty():
    g = game()
    g["players"][1]["town"] = [[None] * 4 for _ in range(4)]
    last = len(g["players"])
    shown = town_fields.fields_of(g["players"][last - 1])
    answer = town_step.save(g, last, dict(shown, go="results"))
    assert answer["confirm"] == [1]
    answer = town_step.save(g, last, dict(shown, go="results", confirm="empty"))
    assert answer["step"] is None
    assert decode(answer["code"])["players"][1]["town"] == [[None] * 4 for _ in range(4)]


def test_a_town_changed_from_the_scores_goes_back_to_them_without_asking_again():
    # The scores were shown with the empty town once the question was answered: a town changed from them
    # ("Change this town", from=scores) leads back to them at once.
    g = game()
    g["players"][1]["town"] = [[None] * 4 for _ in range(4)]
    shown = dict(town_fields.fields_of(g["players"][0]), square_d4="farm")
    answer = town_step.save(g, 1, dict(shown, go="results", **{"from": "scores"}))
    assert "confirm" not in answer
    assert answer["step"] is None
    assert answer["query"] == {"from": "scores"}
    assert decode(answer["code"])["players"][0]["town"][3][3] == "farm"
    # Opened otherwise, the question is asked.
    assert town_step.save(g, 1, dict(shown, go="results"))["confirm"] == [1]


def test_turns_break_a_tie_for_the_players_asked():
    g = game()
    changed, found = tie_turns.set_turns(g, {"turns-1": "7", "turns-2": "3"})
    assert found == []
    assert [p.get("master_builder_turns") for p in changed["players"][:2]] == [7, 3]
    changed, found = tie_turns.set_turns(g, {"turns-1": "²"})
    assert [item["code"] for item in found] == ["master_builder_turns-not-a-number"]


def test_the_live_score_waits_for_a_missing_answer_and_names_it():
    game = examples.load("four-players")
    fields = town_fields.fields_of(game["players"][2])
    changed, waiting = town_live.live(game, 3, fields)
    assert changed["players"][2]["shrine_buildings"] == 9 and waiting == []
    assert town_live.live(game, 3, dict(fields, shrine_buildings="")) == (None, ["shrine_buildings"])
    assert town_live.live(game, 3, dict(fields, shrine_buildings="abc")) == (None, ["shrine_buildings"])
    # A Warehouse's load that is not a number, as well: the load first, in the order of the form. One left
    # blank stores nothing, and is not waited for.
    both = dict(fields, shrine_buildings="", square_a1="warehouse", stored_a1="x")
    assert town_live.live(game, 3, both) == (None, ["stored_a1", "shrine_buildings"])
    assert town_live.live(game, 3, dict(both, stored_a1="")) == (None, ["shrine_buildings"])


def test_a_step_sends_only_what_no_address_is_refused_for():
    g = game()
    shown = town_fields.fields_of(g["players"][0])
    for go in ("next", "back", "results", "setup", "1", str(len(g["players"])), ""):
        assert town_step.unread(g, 1, dict(shown, go=go, confirm="empty", **{"from": "scores"})) == []
    # Where the step was opened from is only the scores or not: a link may say where it was found.
    assert town_step.unread(g, 1, {"from": "qr"}) == []
    assert town_step.unread(g, 1, {}) == []


def codes(found: list) -> list:
    return [(item["code"], item["player"], item["square"], item["value"]) for item in found]


def test_what_no_form_of_the_step_sends_is_named():
    g = game()
    absent = next(card for card in ("bakery", "farm", "tavern", "bank") if card not in g["buildings"])
    fields = dict(town_fields.fields_of(g["players"][0]), square_a1=["farm", "well"], square_b1="banana",
                  square_c1=absent, go="banana", confirm="yes", monument="castle", foo="bar", square_e5="farm")
    assert codes(town_step.unread(g, 1, fields)) == [
        ("repeated-field", None, None, "square_a1"), ("unknown-value", None, None, "go"),
        ("unknown-value", None, None, "confirm"), ("unknown-card", 0, "b1", "banana"),
        ("building-not-in-game", 0, "c1", absent), ("unknown-monument", 0, None, "castle")]


def test_a_field_no_step_has_is_let_be():
    # What the web adds to a link (a campaign's tags, a click's id), or a square off the board: the step holds
    # all it needs, as the setup does.
    g = game()
    fields = dict(town_fields.fields_of(g["players"][0]), utm_source="chat", fbclid="IwAR0x", square_e5="farm")
    assert town_step.unread(g, 1, fields) == []


@pytest.mark.parametrize("go", ["banana", "0", str(len(examples.load("four-players")["players"]) + 1), "²", "-1"])
def test_a_button_the_step_does_not_have_is_refused_not_followed(go):
    g = game()
    answer = town_step.save(g, 1, dict(town_fields.fields_of(g["players"][0]), go=go))
    assert answer == {"problems": {"fields": {}, "general": [
        {"code": "unknown-value", "player": None, "square": None, "value": "go"}]}, "game": answer["game"]}


def test_a_repeated_field_is_refused_and_its_first_value_read():
    g = game()
    fields = dict(town_fields.fields_of(g["players"][0]), square_a1=["farm", "well"])
    answer = town_step.save(g, 1, fields)
    assert answer["problems"] == {"fields": {}, "general": [
        {"code": "repeated-field", "player": None, "square": None, "value": "square_a1"}]}
    assert answer["game"]["players"][0]["town"][0][0] == "farm"


def test_an_unknown_card_is_named_once_on_its_square():
    g = game()
    answer = town_step.save(g, 1, dict(town_fields.fields_of(g["players"][0]), square_b1="banana"))
    assert answer["problems"] == {"fields": {"square_b1": [
        {"code": "unknown-card", "player": 0, "square": "b1", "value": "banana"}]}, "general": []}


def test_a_monument_in_a_game_without_monuments_is_named():
    g = dict(game(), monuments=False, players=[dict(p, monument=None) for p in game()["players"]])
    assert codes(town_step.unread(g, 2, {"monument": "the-starloom"})) == [("monuments-off", 1, None, "the-starloom")]
    assert town_step.unread(g, 2, {"monument": ""}) == []


def test_an_opened_step_names_each_answer_given_that_saving_refuses():
    # A step reopened at an address holding a load or a fact no town takes names it on its field, as saving does.
    g = game()
    sent = dict(town_fields.fields_of(g["players"][2]), shrine_buildings="-2", square_a1="warehouse", stored_a1="-1",
                master_builder_turns="abc")
    assert codes(town_step.opened_town(g, 3, sent)[1]) == [
        ("master_builder_turns-not-a-number", 2, None, None), ("stored-not-a-count", 2, "a1", -1),
        ("shrine_buildings-out-of-range", 2, None, -2)]
    assert town_fields.place(town_step.opened_town(g, 3, sent)[1], 3) == town_step.save(g, 3, sent)["problems"]
    assert codes(town_step.opened_town(g, 3, {"master_builder_turns": "99999"})[1]) == [
        ("master_builder_turns-out-of-range", 2, None, 99999)]


def test_an_opened_step_names_no_answer_the_town_entered_so_far_does_not_take_yet():
    # The Shrine's count is asked once the Shrine is down, often before the town's other buildings: above the
    # buildings placed so far, it is named once the town is saved, not on a reload while it is entered.
    g = game()
    early = dict(town_fields.fields_of(g["players"][2]), **{"square_" + name: "" for name in NAMES})
    early.update(square_a1="shrine-of-the-elder-tree", square_b1="cottage", shrine_buildings="6")
    assert town_step.opened_town(g, 3, early)[1] == []
    assert codes(town_step.save(g, 3, dict(early, go="next"))["problems"]["fields"]["shrine_buildings"]) == [
        ("shrine_buildings-out-of-range", 2, None, 6)]
    assert codes(town_step.opened_town(g, 3, dict(early, shrine_buildings="17"))[1]) == [
        ("shrine_buildings-out-of-range", 2, None, 17)]


def test_a_fact_the_town_does_not_ask_is_let_be_whatever_it_holds():
    # Player 1 builds Barrett Castle: no Shrine's count is asked, so none is drawn to show a message on.
    g = game()
    fields = dict(town_fields.fields_of(g["players"][0]), shrine_buildings="abc", completed_before="x")
    assert town_step.opened_town(g, 1, fields)[1] == []
    assert "problems" not in town_step.save(g, 1, dict(fields, go="next"))


@pytest.mark.parametrize("space", ["\u00a0", "\u2003", "\u3000"])
def test_only_ascii_spaces_are_trimmed_as_the_browsers_core_trims_them(space):
    # MicroPython's str.strip() takes ASCII spaces only: the server reads a field as the browser does.
    assert (whole(" 2\t"), whole(space + "2"), whole(space)) == (2, False, False)


def test_an_opened_step_names_no_answer_left_blank():
    # A step is opened while it is being entered: what it still waits for, its total says.
    g = game()
    blank = dict(town_fields.fields_of(g["players"][2]), shrine_buildings="", square_a1="warehouse", stored_a1="")
    assert town_step.opened_town(g, 3, blank)[1] == []
    assert list(town_step.save(g, 3, blank)["problems"]["fields"]) == ["shrine_buildings"]
    assert town_step.opened_town(g, 3, {})[1] == []


def test_a_square_off_the_board_leaves_the_saved_town_shown():
    g = game()
    saved = town_fields.fields_of(g["players"][0])
    assert town_step.opened_fields(g["players"][0], {"square_z9": "farm"}) == dict(saved, square_z9="farm")
    assert town_step.opened_town(g, 1, {"square_z9": "farm"})[1] == []
    # A square of the board makes the address a town, as saving reads it: the squares it leaves out are empty, and
    # the monument and facts it does not give stay as saved (a shared town link once showed "no monument", and
    # going on saved the player without theirs).
    town = town_step.opened_fields(g["players"][0], {"square_d4": "farm"})
    assert {key: value for key, value in town.items() if value} == {
        "square_d4": "farm", "monument": "barrett-castle", "master_builder_turns": saved["master_builder_turns"]}
    player = town_fields.as_entered(g, 1, town)
    assert town_fields.offered(g, player)[-1] == "barrett-castle"


def test_a_monument_another_player_has_is_named_on_a_step_opened_with_it():
    # An answer no town takes whatever else it holds, as a load of -1 is: said on the step, not only on saving.
    g = game()
    taken = g["players"][1]["monument"]
    assert codes(town_step.opened_town(g, 1, {"monument": taken})[1]) == [("monument-taken", 0, None, taken)]
    assert codes(town_step.opened_town(g, 1, {"monument": "castle"})[1]) == [("unknown-monument", 0, None, "castle")]
    assert town_step.opened_town(g, 1, {"monument": "the-sky-baths"})[1] == []


def test_a_monument_chosen_in_the_address_is_shown_on_the_saved_town():
    g = game()
    opened = town_step.opened_fields(g["players"][0], {"monument": "the-sky-baths"})
    assert opened == dict(town_fields.fields_of(g["players"][0]), monument="the-sky-baths")
    player = town_fields.as_entered(g, 1, opened)
    assert town_fields.offered(g, player) == g["buildings"] + ["the-sky-baths"]


def test_a_monument_a_later_player_has_is_refused_on_the_step_that_chooses_it():
    # The core names a monument taken at the later of its two owners; chosen on player 1's step while player 2 has
    # it, it is said there, and no code is made that no page could open.
    g = game()
    later = g["players"][1]["monument"]
    answer = town_step.save(g, 1, dict(town_fields.fields_of(g["players"][0]), monument=later, go="next"))
    # (Its Barrett Castle on c4 is no longer its own monument: said on that square.)
    assert answer["problems"]["fields"]["monument"] == [{"code": "monument-taken", "player": 0, "square": None,
                                                         "value": later}]
    assert "code" not in answer
    assert town_live.live(g, 1, dict(town_fields.fields_of(g["players"][0]), monument=later))[0] is None
