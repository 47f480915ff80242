"""The setup form's state, buttons and start, as both the server and the browser run them."""

import json

import pytest

from webscore.flow import new_game
from webscore.flow import setup_choices
from webscore.flow import setup_json
from webscore.flow import setup_start
from webscore.scoring.cards import CARD_COLOURS
from webscore.scoring.cards import FORTUNE_MONUMENTS
from webscore.scoring.cards import SOLO_EXCLUDED
from webscore.scoring.table import dealer

FULL = {"players-0": "Ana", "players-1": "Bo", "monuments-0": "the-starloom", "red": "farm", "grey": "well",
        "orange": "chapel", "green": "tavern", "yellow": "theater", "navy": "factory"}


def test_a_blank_form_is_the_first_game_for_two():
    state = new_game.read({})
    assert state["players"] == ["", ""]
    assert [state[c] for c in ("red", "grey", "orange", "green", "yellow", "navy")] == [
        "farm", "well", "chapel", "tavern", "theater", "factory"]


def test_reading_keeps_what_was_typed_and_blanks_a_card_that_is_not_a_choice():
    state = new_game.read(dict(FULL, **{"players-1": "  Bo  ", "grey": "farm", "mode": "chess", "cavern": "y",
                                         "monuments-1": "castle", "dealt-1": "the-starloom nowhere"}))
    assert state["players"] == ["Ana", "  Bo  "]
    assert state["grey"] == "" and state["mode"] == "" and state["cavern"] is True
    assert state["monuments"] == ["the-starloom", "castle"] and state["dealt"] == ["", ""]


@pytest.mark.parametrize("key", ["players-²", "players-①", "players-٣", "players--1", "players-1.0", "players-"])
def test_only_ascii_digits_name_a_row(key):
    assert new_game.read({"players-0": "Ana", key: "Eve"})["players"] == ["Ana"]


@pytest.mark.parametrize("action", ["up-²", "remove-①", "up-", "remove-x", "up-99", "remove-99", "fly"])
def test_a_button_that_names_no_row_changes_nothing(action):
    state = new_game.read(FULL)
    assert setup_choices.apply(action, new_game.read(FULL), dealer(1)) == state


def test_add_move_up_and_remove_carry_the_whole_row():
    state = setup_choices.apply("add", new_game.read(FULL), dealer(1))
    assert state["players"] == ["Ana", "Bo", ""]
    state = setup_choices.apply("up-1", state, dealer(1))
    assert state["players"] == ["Bo", "Ana", ""] and state["monuments"] == ["", "the-starloom", ""]
    state = setup_choices.apply("remove-0", state, dealer(1))
    assert state["players"] == ["Ana", ""] and state["monuments"] == ["the-starloom", ""]


def test_no_seventh_player_is_added():
    fields = {"players-{}".format(n): "P{}".format(n) for n in range(6)}
    assert len(setup_choices.apply("add", new_game.read(fields), dealer(1))["players"]) == 6


def test_seven_players_in_an_address_are_kept_and_refused():
    fields = dict(FULL, **{"players-{}".format(n): "P{}".format(n) for n in range(7)})
    state = new_game.read(fields)
    assert len(state["players"]) == 7
    game, placed = setup_start.start(state)
    assert game is None
    assert [p["code"] for p in placed["general"]] == ["player-count"]


def test_dealing_with_a_seed_is_repeatable_and_follows_solo():
    state = dict(new_game.read(FULL), mode="solo")
    first = setup_choices.apply("deal", dict(state), dealer(42))
    assert first == setup_choices.apply("deal", dict(state), dealer(42))
    dealt = [setup_choices.apply("deal", dict(state), dealer(seed)) for seed in range(1, 200)]
    cards = {deal[colour] for deal in dealt for colour in CARD_COLOURS}
    assert not cards & SOLO_EXCLUDED
    assert cards >= {"granary", "orchard", "greenhouse", "bakery", "warehouse"}


def test_dealing_monuments_gives_each_player_two_and_offers_only_those():
    state = setup_choices.apply("deal-monuments", new_game.read(FULL), dealer(7))
    pairs = [pair.split() for pair in state["dealt"]]
    assert [len(pair) for pair in pairs] == [2, 2] and len({m for pair in pairs for m in pair}) == 4
    assert state["monuments"] == ["", ""]
    assert setup_choices.monument_offers(state) == pairs


def test_solo_keeps_one_row_unless_a_second_name_was_typed():
    assert setup_choices.apply("refresh", new_game.read({"players-0": "Ana", "players-1": "", "mode": "solo"}),
                          dealer(1))["players"] == ["Ana"]
    assert setup_choices.apply("refresh", new_game.read({"players-0": "Ana", "players-1": "Bo", "mode": "solo"}),
                          dealer(1))["players"] == ["Ana", "Bo"]


def test_start_places_each_problem_on_its_field():
    fields = dict(FULL, **{"players-1": "", "monuments-1": "the-starloom", "navy": ""})
    game, placed = setup_start.start(new_game.read(fields))
    assert game is None
    assert sorted(placed["fields"]) == ["navy"]
    fields["navy"] = "factory"
    game, placed = setup_start.start(new_game.read(fields))
    assert {field: [p["code"] for p in found] for field, found in placed["fields"].items()} == {
        "players-1": ["name-missing"], "monuments-1": ["monument-taken"]}


def test_solo_cards_are_refused_on_their_colour():
    fields = {"players-0": "Ana", "mode": "solo", "red": "farm", "grey": "well", "orange": "chapel",
              "green": "inn", "yellow": "theater", "navy": "bank"}
    game, placed = setup_start.start(new_game.read(fields))
    assert sorted(placed["fields"]) == ["green", "navy"]


def test_a_complete_setup_starts_a_game_with_empty_towns():
    game, placed = setup_start.start(new_game.read(FULL))
    assert placed == {"fields": {}, "general": []}
    assert game["buildings"] == ["cottage", "farm", "well", "chapel", "tavern", "theater", "factory"]
    assert [p["name"] for p in game["players"]] == ["Ana", "Bo"]
    assert game["players"][0]["monument"] == "the-starloom"


def test_fields_of_is_the_inverse_of_read():
    state = setup_choices.apply("add", new_game.read(dict(FULL, cavern="y")), dealer(1))
    assert new_game.read(new_game.fields_of(state)) == state


def test_dealing_monuments_in_a_game_without_monuments_changes_nothing():
    fields = dict(FULL, without_monuments="y", **{"monuments-0": ""})
    state = setup_choices.apply("deal-monuments", new_game.read(fields), dealer(7))
    assert state == new_game.read(fields)
    assert state["dealt"] == ["", ""] and state["monuments"] == ["", ""]


def codes(found: list) -> list:
    return [(item["code"], item["player"], item["value"]) for item in found]


def test_what_no_choice_of_the_form_holds_is_named():
    fields = dict(FULL, **{"mode": ["chess"], "players-0": ["Ana", "Eve"], "grey": "farm", "monuments-1": "castle",
                           "yellow": "castle"})
    assert new_game.read(fields)["players"] == ["Ana", "Bo"]
    found = new_game.unread(fields)
    # A card of another colour is named, on the colour it was given for; what is no card asks for one.
    assert codes(found) == [
        ("repeated-field", None, "players-0"), ("unknown-mode", None, "chess"), ("not-of-colour", None, "farm"),
        ("one-per-colour", None, "yellow"), ("unknown-monument", 1, "castle")]
    assert [new_game.field_of(item) for item in found] == [None, "mode", "grey", "yellow", "monuments-1"]
    assert new_game.unread(FULL) == []


def test_monuments_in_a_game_without_monuments_are_kept_aside_and_out_of_the_game():
    # Ticked, "Without monuments" keeps what each row had: unticked, the pair dealt and the one kept are back.
    fields = dict(FULL, without_monuments="y", **{"dealt-0": "the-starloom barrett-castle", "monuments-1": "castle"})
    state = new_game.read(fields)
    assert state["monuments"] == ["the-starloom", "castle"] and state["dealt"] == ["the-starloom barrett-castle", ""]
    assert new_game.unread(fields) == []
    assert new_game.read(new_game.fields_of(dict(state, without_monuments=False))) == dict(state, without_monuments=False)
    # The game started has none, and no monument kept aside is refused (Fortune's while its cards are off).
    fields["monuments-1"] = "hollow-hill"
    game, placed = setup_start.start(new_game.read(fields), new_game.unread(fields))
    assert placed == {"fields": {}, "general": []}
    assert game["monuments"] is False and [p["monument"] for p in game["players"]] == [None, None]
    # Played again, an unknown monument is named on its row.
    assert codes(new_game.unread(dict(FULL, **{"monuments-1": "castle"}))) == [("unknown-monument", 1, "castle")]


def test_a_start_names_what_was_sent_once_with_the_setups_own_problems():
    fields = dict(FULL, mode="chess", **{"players-1": ""})
    game, placed = setup_start.start(new_game.read(fields), new_game.unread(fields))
    assert game is None
    assert {field: codes(found) for field, found in placed["fields"].items()} == {
        "mode": [("unknown-mode", None, "chess")], "players-1": [("name-missing", 1, None)]}
    assert placed["general"] == []


def test_the_browsers_door_keeps_the_monuments_aside_without_a_problem():
    answer = json.loads(setup_json(json.dumps({"fields": dict(FULL, without_monuments="y"), "action": "refresh"})))
    assert answer["state"]["monuments"] == ["the-starloom", ""]
    assert "problems" not in answer
    assert "problems" not in json.loads(setup_json(json.dumps({"fields": FULL, "action": "refresh"})))


def test_a_start_refused_is_checked_again_by_the_action_its_address_keeps_which_never_starts():
    blank = dict(FULL, **{"players-1": ""})
    answer = json.loads(setup_json(json.dumps({"fields": blank, "action": "start"})))
    assert (list(answer["problems"]["fields"]), answer["reload"]) == (["players-1"], setup_start.CHECK)
    again = json.loads(setup_json(json.dumps({"fields": blank, "action": setup_start.CHECK})))
    assert (again["problems"], again["reload"]) == (answer["problems"], setup_start.CHECK)
    # Mended, the check starts nothing; a button refused for what the address holds keeps no action.
    assert set(json.loads(setup_json(json.dumps({"fields": FULL, "action": setup_start.CHECK})))) == {
        "state", "offers", "focus"}
    refused = json.loads(setup_json(json.dumps({"fields": dict(FULL, mode="chess"), "action": "add"})))
    assert (list(refused["problems"]["fields"]), refused["reload"]) == (["mode"], "")


def _begun():
    """A game begun by FULL's setup (Ana with the Starloom, Bo), with both towns partly entered."""
    game, placed = setup_start.start(new_game.read(FULL))
    assert placed == {"fields": {}, "general": []}
    ana, bo = game["players"]
    ana["town"][0] = ["cottage", "farm", "the-starloom", "well"]
    ana["completed_before"] = 1
    ana["master_builder_turns"] = 3
    bo["town"][3] = ["tavern", "tavern", "chapel", None]
    return game


def _setup_of(game, *actions):
    """The fields of the setup that keeps the towns of game, read back after the buttons given."""
    state = new_game.read(new_game.fields_of(new_game.kept_state(game)))
    for action in actions:
        state = setup_choices.apply(action, state, dealer(1))
    return state


def test_removing_a_player_keeps_every_other_town():
    state = _setup_of(_begun(), "add")
    state["players"][2] = "Cy"
    game, _ = setup_start.start(setup_choices.apply("remove-0", state, dealer(1)))
    assert [p["name"] for p in game["players"]] == ["Bo", "Cy"]
    assert game["players"][0]["town"][3] == ["tavern", "tavern", "chapel", None]


def test_adding_and_moving_players_keeps_each_town_with_its_player():
    state = _setup_of(_begun(), "add", "up-2", "up-1")
    state["players"][0] = "Cy"
    game, _ = setup_start.start(state)
    assert [p["name"] for p in game["players"]] == ["Cy", "Ana", "Bo"]
    assert game["players"][0]["town"] == [[None] * 4 for _ in range(4)]
    assert game["players"][1]["town"][0] == ["cottage", "farm", "the-starloom", "well"]
    assert (game["players"][1]["completed_before"], game["players"][1]["master_builder_turns"]) == (1, 3)
    assert game["players"][2]["town"][3] == ["tavern", "tavern", "chapel", None]


def test_a_building_changed_takes_the_squares_of_the_card_of_its_colour():
    state = _setup_of(_begun())
    state["green"], state["red"] = "inn", "granary"
    game, _ = setup_start.start(state)
    assert game["players"][0]["town"][0] == ["cottage", "granary", "the-starloom", "well"]
    assert game["players"][1]["town"][3] == ["inn", "inn", "chapel", None]


def test_a_monument_changed_leaves_its_square_and_its_answer_behind():
    state = _setup_of(_begun())
    state["monuments"][0] = "barrett-castle"
    game, _ = setup_start.start(state)
    ana = game["players"][0]
    assert ana["town"][0] == ["cottage", "farm", None, "well"]
    assert (ana["monument"], ana["completed_before"]) == ("barrett-castle", None)


def test_a_starloom_count_that_no_longer_fits_leaves_the_starloom_square_empty_and_the_rest_kept():
    game = _begun()
    game["players"].append(dict(game["players"][1], name="Cy", town=[[None] * 4 for _ in range(4)]))
    game["players"][0]["completed_before"] = 2
    state = _setup_of(game, "remove-2")
    kept, _ = setup_start.start(state)
    ana = kept["players"][0]
    assert ana["town"][0] == ["cottage", "farm", None, "well"]
    assert (ana["monument"], ana["completed_before"]) == ("the-starloom", None)


def test_the_towns_and_origins_travel_in_the_setup_fields_and_back():
    game = _begun()
    fields = new_game.fields_of(new_game.kept_state(game))
    assert (fields["origins-0"], fields["origins-1"]) == ("0", "1")
    assert new_game.read(fields)["towns"] == fields["towns"]
    assert setup_json(json.dumps({"fields": fields, "action": "refresh"})).count('"towns_key"') == 1


@pytest.mark.parametrize("towns", ["AQQ", "not a code", "x" * 5000])
def test_towns_that_do_not_read_are_named_and_the_game_starts_without_them(towns):
    fields = dict(FULL, towns=towns, **{"origins-0": "0"})
    state = new_game.read(fields)
    assert (state["towns"], state["origins"]) == ("", ["", ""])
    assert [p["code"] for p in new_game.unread(fields)] == ["towns-unreadable"]


@pytest.mark.parametrize("origin", ["2", "-1", "1.0", "²", "", "99999999999999999999"])
def test_an_origin_that_is_no_seat_of_the_kept_game_keeps_no_town(origin):
    fields = dict(new_game.fields_of(new_game.kept_state(_begun())), **{"origins-1": origin})
    game, _ = setup_start.start(new_game.read(fields))
    assert game["players"][1]["town"] == [[None] * 4 for _ in range(4)]
    assert game["players"][0]["town"][0] == ["cottage", "farm", "the-starloom", "well"]


def _resumed(resume, *actions):
    """The town step a game begun starts at again once set up, opened from seat resume's town after the buttons given."""
    state = new_game.read(new_game.fields_of(new_game.kept_state(_begun(), resume)))
    for action in actions:
        state = setup_choices.apply(action, state, dealer(1))
    return new_game.first_step(state)


def test_a_game_changed_in_the_setup_starts_again_at_the_town_being_entered():
    # Bo's town (seat 1) was being entered: the game starts again at his step, wherever his row now is.
    assert _resumed(1) == 2
    assert _resumed(1, "up-1") == 1
    assert _resumed(1, "add", "up-2") == 3
    assert _resumed(0, "add") == 1
    # His row removed, or a setup not opened from a game begun: the first step.
    assert _resumed(1, "remove-1") == 1
    assert new_game.first_step(new_game.read(FULL)) == 1
    answer = json.loads(setup_json(json.dumps({"fields": new_game.fields_of(new_game.kept_state(_begun(), 1)),
                                                "action": "start"})))
    assert answer["step"] == 2


@pytest.mark.parametrize("resume", ["2", "-1", "1.0", "²", "x", "99999999999999999999"])
def test_a_resume_that_is_no_seat_of_the_kept_game_starts_at_the_first_step(resume):
    fields = dict(new_game.fields_of(new_game.kept_state(_begun())), resume=resume)
    state = new_game.read(fields)
    assert state["resume"] == ""
    assert new_game.first_step(state) == 1
    assert new_game.unread(fields) == []


# The expansions' four switches: coins, Fortune's cards, Fortune's monuments, Tiny Trees.

def test_the_expansions_are_off_until_switched_on_and_start_a_game_with_them():
    assert {key: new_game.read(FULL)[key] for key in new_game.EXPANSIONS} == {
        "coins": False, "fortune": False, "fortune_monuments": False, "tiny_trees": False}
    state = new_game.read(dict(FULL, coins="y", tiny_trees="y", fortune="y", fortune_monuments="y", red="root-cellar"))
    game, placed = setup_start.start(state)
    assert placed == {"fields": {}, "general": []}
    assert (game["coins"], game["tiny_trees"], game["fortune_monuments"], game["buildings"][1]) == (
        True, True, True, "root-cellar")
    # Without them, the game file says nothing of them, as a base game's code reads.
    assert not {"coins", "tiny_trees", "fortune_monuments"} & set(setup_start.start(new_game.read(FULL))[0])


@pytest.mark.parametrize("switches, cards, monuments", [
    ({}, 4, 15), ({"fortune": "y"}, 6, 15), ({"fortune_monuments": "y"}, 4, 25),
    ({"fortune": "y", "fortune_monuments": "y"}, 6, 25)])
def test_fortunes_cards_and_monuments_are_each_dealt_by_their_own_switch(switches, cards, monuments):
    on = new_game.read(dict(FULL, **switches))
    dealt = {colour: set() for colour in CARD_COLOURS}
    dealt_monuments = set()
    for seed in range(300):
        state = setup_choices.apply("deal", dict(on), dealer(seed))
        state = setup_choices.apply("deal-monuments", state, dealer(seed))
        for colour in CARD_COLOURS:
            dealt[colour].add(state[colour])
        dealt_monuments.update(" ".join(state["dealt"]).split())
    assert {colour: len(cards) for colour, cards in dealt.items()} == dict.fromkeys(CARD_COLOURS, cards)
    assert len(dealt_monuments) == len(setup_choices.monument_offers(on)[0]) == monuments


def test_a_fortune_monument_is_played_only_with_fortunes_monuments_on():
    fields = dict(FULL, fortune="y", **{"monuments-0": "caterinas-grotto"})
    _, placed = setup_start.start(new_game.read(fields))
    assert [item["code"] for item in placed["fields"]["monuments-0"]] == ["fortune-monument-off"]
    game, placed = setup_start.start(new_game.read(dict(fields, fortune_monuments="y")))
    assert placed == {"fields": {}, "general": []}
    assert (game["players"][0]["monument"], game["fortune_monuments"]) == ("caterinas-grotto", True)


def test_a_fortune_card_chosen_stays_chosen_out_of_the_game_while_fortune_is_switched_off():
    fields = dict(FULL, red="tithe-barn")
    assert new_game.read(dict(fields, fortune="y"))["red"] == "tithe-barn"
    off = new_game.read(fields)
    assert (off["red"], new_game.played_card(off, "red")) == ("tithe-barn", "")
    assert new_game.unread(fields) == []
    # Refused as what it is, on its colour: a card of Fortune's with the switch off, not a colour without a card.
    _, placed = setup_start.start(off)
    assert placed == {"fields": {"red": [{"code": "fortune-card-off", "player": None, "square": None,
                                          "value": "tithe-barn"}]}, "general": []}
    # Ticked again, the form the state draws plays it.
    game, placed = setup_start.start(new_game.read(dict(new_game.fields_of(off), fortune="y")))
    assert (placed, game["buildings"][1]) == ({"fields": {}, "general": []}, "tithe-barn")
    # A card that is none of the game's at all is named as no form of ours sends it.
    assert [item["code"] for item in new_game.unread(dict(fields, red="pumpkin"))] == ["one-per-colour"]


@pytest.mark.parametrize("mode, left_out", [("solo", {"oddity-shop", "schoolhouse", "southern-semaphore"}),
                                           ("town-hall", {"oddity-shop"})])
def test_solo_and_town_hall_deal_none_of_the_cards_they_leave_out(mode, left_out):
    state = new_game.read(dict(FULL, fortune="y", fortune_monuments="y", mode=mode,
                               **({"players-1": ""} if mode == "solo" else {})))
    dealt = set()
    for seed in range(200):
        dealt.update(setup_choices.apply("deal", dict(state), dealer(seed))[colour] for colour in CARD_COLOURS)
        dealt.update(" ".join(setup_choices.apply("deal-monuments", dict(state), dealer(seed))["dealt"]).split())
    assert not dealt & left_out
    assert not set(setup_choices.monument_offers(state)[0]) & left_out


def test_play_again_keeps_the_expansions_and_a_changed_setup_keeps_each_towns_coins_and_seed():
    state = new_game.read(dict(FULL, coins="y", tiny_trees="y", fortune="y", navy="museum"))
    game, _ = setup_start.start(state)
    game["players"][0].update(town=[["cottage", None, None, None]] + [[None] * 4 for _ in range(3)], coins=3, seed="b2")
    again = new_game.state_from_game(game)
    assert (again["coins"], again["tiny_trees"], again["fortune"], again["fortune_monuments"], again["navy"]) == (
        True, True, True, False, "museum")
    # Fortune's monuments alone, with the base game's cards: they come back alone.
    alone = new_game.state_from_game(setup_start.start(new_game.read(dict(FULL, fortune_monuments="y")))[0])
    assert (alone["fortune"], alone["fortune_monuments"]) == (False, True)
    fields = dict(new_game.fields_of(new_game.kept_state(game)))
    kept, placed = setup_start.start(new_game.read(fields))
    assert (kept["players"][0]["coins"], kept["players"][0]["seed"]) == (3, "b2")
    # Coins switched off: the coins stay behind, the seed follows.
    kept, _ = setup_start.start(new_game.read({key: value for key, value in fields.items() if key != "coins"}))
    assert "coins" not in kept["players"][0] and kept["players"][0]["seed"] == "b2"


@pytest.mark.parametrize("action", ["refresh", "add", "remove-0", "deal", "start"])
def test_seven_players_are_the_flows_problem_at_any_button_told_once(action):
    fields = dict(FULL, **{"players-{}".format(n): "P{}".format(n) for n in range(7)})
    answer = json.loads(setup_json(json.dumps({"fields": fields, "action": action, "seed": 1})))
    # Six left after a row is removed: no problem to tell.
    if action == "remove-0":
        assert "problems" not in answer
    else:
        assert [problem["code"] for problem in answer["problems"]["general"]] == ["player-count"]
    assert setup_start.refused(new_game.read(fields)) == {"fields": {}, "general": [
        {"code": "player-count", "player": None, "square": None, "value": None}]}


@pytest.mark.parametrize(("action", "names", "focus"), [
    # A new player's name; never an existing name (on a phone, the keyboard would open over the rows).
    ("add", ["Ana", "Bo"], "players-2"), ("add", ["P"] * 6, ""),
    # A player moved up: their ↑ again, or their ✕ in the first seat.
    ("up-2", ["Ana", "Bo", "Cy"], "up-1"), ("up-1", ["Ana", "Bo"], "remove-0"), ("up-0", ["Ana", "Bo"], ""),
    # A player removed: the next row's ✕, or "Add a player" after the last, or where one player is left.
    ("remove-1", ["Ana", "Bo", "Cy"], "remove-1"), ("remove-2", ["Ana", "Bo", "Cy"], "add"),
    ("remove-0", ["Ana", "Bo"], "add"), ("remove-0", ["Ana"], ""), ("remove-x", ["Ana", "Bo"], ""),
    ("deal-monuments", ["Ana", "Bo"], ""), ("refresh", ["Ana", "Bo"], ""),
])
def test_a_button_leaves_the_focus_on_a_button_or_a_new_players_name(action, names, focus):
    fields = {key: value for key, value in FULL.items() if not key.startswith("players-")}
    fields.update({"players-" + str(n): name for n, name in enumerate(names)})
    answer = json.loads(setup_json(json.dumps({"fields": fields, "action": action})))
    assert answer["focus"] == focus


def test_pairs_dealt_with_fortunes_monuments_stay_dealt_when_they_are_switched_off():
    # A tap on the switch loses no deal: the pair stays offered, and a Fortune monument chosen from it is named at
    # the start.
    on = setup_choices.apply("deal-monuments", new_game.read(dict(FULL, fortune_monuments="y")), dealer(3))
    fields = {key: value for key, value in dict(new_game.fields_of(on)).items() if key != "fortune_monuments"}
    off = new_game.read(fields)
    assert off["dealt"] == on["dealt"]
    n = next(n for n, pair in enumerate(on["dealt"]) if any(m in FORTUNE_MONUMENTS for m in pair.split()))
    fortune = next(m for m in on["dealt"][n].split() if m in FORTUNE_MONUMENTS)
    _, placed = setup_start.start(new_game.read(dict(fields, **{"monuments-{}".format(n): fortune})))
    assert [item["code"] for item in placed["fields"]["monuments-{}".format(n)]] == ["fortune-monument-off"]


def test_a_fortune_monument_solo_leaves_out_is_named_as_solos_not_as_the_switchs():
    fields = {"players-0": "Ann", "mode": "solo", "monuments-0": "southern-semaphore", "red": "farm", "grey": "well",
              "orange": "chapel", "green": "tavern", "yellow": "theater", "navy": "factory"}
    _, placed = setup_start.start(new_game.read(fields))
    assert [item["code"] for item in placed["fields"]["monuments-0"]] == ["not-in-solo"]
    # Allowed in the mode: the switch is named.
    _, placed = setup_start.start(new_game.read(dict(fields, **{"monuments-0": "hollow-hill"})))
    assert [item["code"] for item in placed["fields"]["monuments-0"]] == ["fortune-monument-off"]
