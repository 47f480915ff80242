"""The quick score pad: totals, places and tie-breaks from points written on paper."""

import json
import random

import pytest
from hypothesis import given
from hypothesis import settings

from support.fortune_games import fortune_game
from support.strategies import games
from webscore.scoring import pad_fields_json
from webscore.scoring import pad_json
from webscore.scoring import score
from webscore.scoring.pad import RANGES
from webscore.scoring.pad import pad_from_fields
from webscore.scoring.pad import whole_number
from webscore.scoring.validate import MAX_PLAYERS


def pad(mode, *rows):
    players = []
    for name, points, facts in rows:
        record = {"name": name, "points": points}
        record.update(facts)
        players.append(record)
    return json.loads(pad_json(json.dumps({"mode": mode, "players": players})))


def fields(*pairs):
    return pad_from_fields([list(pair) for pair in pairs])


def codes(answer):
    return [(p["code"], p["field"]) for p in answer["problems"]]


def test_empty_squares_are_a_count_taken_off_the_total():
    answer = fields(("n0", "Ana"), ("blue0", "12"), ("empty0", "2"), ("n1", "Bo"), ("blue1", "9"))
    assert answer["problems"] == []
    assert [(r["name"], r["total"], r["place"]) for r in answer["result"]["players"]] == [("Ana", 10, 1), ("Bo", 9, 2)]


def test_the_cathedral_makes_empty_squares_cost_nothing_but_they_still_break_ties():
    answer = fields(("mode", "town-hall"), ("n0", "Ana"), ("blue0", "12"), ("monument0", "2"), ("empty0", "3"),
                    ("cathedral0", "1"),
                    ("n1", "Bo"), ("blue1", "15"), ("empty1", "1"))
    assert [(r["total"], r["place"], r["decided_by"]) for r in answer["result"]["players"]] == [
        (14, 2, "empty-squares"), (14, 1, "empty-squares")]


def test_the_empty_count_is_the_tie_break_asked_once():
    rows = [("n0", "Ana"), ("blue0", "12"), ("empty0", "2"), ("t0", "3"),
            ("n1", "Bo"), ("blue1", "11"), ("empty1", "1"), ("t1", "3")]
    result = fields(*rows)["result"]["players"]
    # Both 10 points, both 3 turns: Bo has fewer empty squares.
    assert [(r["total"], r["place"], r["decided_by"]) for r in result] == [
        (10, 2, "empty-squares"), (10, 1, "empty-squares")]
    rows[6] = ("empty1", "2")
    rows[5] = ("blue1", "12")
    result = fields(*rows)["result"]["players"]
    assert [(r["place"], r["needs"], r["needs_field"]) for r in result] == [(1, "cottages", "c"), (1, "cottages", "c")]


def test_a_tie_asks_for_turns_first_in_a_master_builder_game():
    result = fields(("n0", "Ana"), ("blue0", "10"), ("n1", "Bo"), ("blue1", "10"), ("n2", "Cy"), ("blue2", "3"))
    assert [(r["place"], r["needs_field"]) for r in result["result"]["players"]] == [(1, "t"), (1, "t"), (3, None)]


def test_totals_and_places():
    result = pad("town-hall", ("Ana", {"blue": 12, "orange": 4}, {"empty": 2}),
                 ("Bo", {"blue": 9, "green": 9, "navy": -3}, {}))["result"]["players"]
    assert [(r["total"], r["place"], r["decided_by"]) for r in result] == [(14, 2, None), (15, 1, None)]


def test_town_hall_skips_turns():
    result = pad("town-hall", ("Ana", {"blue": 5}, {"empty": 1, "cottages": 2}),
                 ("Bo", {"blue": 5}, {"empty": 1, "cottages": 3}))["result"]["players"]
    assert [(r["place"], r["decided_by"]) for r in result] == [(2, "cottages"), (1, "cottages")]


def test_solo_rank_from_the_pad():
    result = pad("solo", ("Zoé", {"blue": 21, "yellow": 12}, {"empty": 1}))["result"]["players"][0]
    assert (result["total"], result["solo_rank"]) == (32, "town-planner")


@pytest.mark.parametrize("mode", ["master-builder", "town-hall"])
def test_one_player_plays_solo(mode):
    answer = fields(("mode", mode), ("n0", "Zoé"), ("blue0", "12"))
    assert (codes(answer), answer["result"]) == ([("one-player-plays-solo", "mode")], None)


def test_solo_has_one_player():
    assert codes(fields(("mode", "solo"), ("n0", "A"), ("n1", "B"))) == [("solo-needs-one-player", "mode")]


@pytest.mark.parametrize("key", ["bleu0", "blue", "blue01", "empty_0", "e0", "n-1", "lang"])
def test_an_unknown_or_misspelled_field_is_refused_not_dropped(key):
    answer = fields(("n0", "Ana"), ("blue0", "12"), (key, "5"), ("n1", "Bo"))
    assert (codes(answer), answer["problems"][0]["value"], answer["result"]) == (
        [("unknown-field", None)], key, None)


def test_a_repeated_field_is_refused():
    assert codes(fields(("n0", "A"), ("blue0", "3"), ("blue0", "4"), ("n1", "B"))) == [("repeated-field", None)]


def test_a_seventh_player_is_refused_not_cut():
    pairs = [("n{}".format(p), "P{}".format(p)) for p in range(MAX_PLAYERS + 1)]
    answer = fields(*pairs)
    assert (answer["count"], codes(answer)) == (MAX_PLAYERS, [("player-count", None)])


@pytest.mark.parametrize("key, value, code", [
    ("empty0", "17", "points-out-of-range"),
    ("empty0", "-1", "points-out-of-range"),
    ("red0", "3", "red-scores-nothing"),
    ("blue0", "49", "points-out-of-range"),
    ("navy0", "-49", "points-out-of-range"),
    ("green0", "-6", "points-out-of-range"),
    ("blue0", "1x", "points-not-a-number"),
    ("blue0", "²", "points-not-a-number"),
    ("c0", "18", "points-out-of-range"),
    ("blue0", "99999999999999999999", "points-out-of-range"),
    ("navy0", "-99999", "points-out-of-range"),
    ("cathedral0", "yes", "unknown-field"),
])
def test_an_impossible_value_is_named_beside_its_field(key, value, code):
    answer = fields(("n0", "Ana"), (key, value), ("n1", "Bo"))
    expected_field = None if code == "unknown-field" else key
    assert codes(answer) == [(code, expected_field)]


def test_sixteen_empty_squares_and_negative_navy_and_green_are_accepted():
    answer = fields(("n0", "Ana"), ("empty0", "16"), ("navy0", "-48"), ("green0", "−5"), ("n1", "Bo"))
    assert answer["result"]["players"][0]["total"] == -69


@pytest.mark.parametrize("text, number", [("12", 12), (" -3 ", -3), ("\u22125", -5), ("+4", 4), ("", None),
                                           ("-", "-"), ("3.5", "3.5"), ("12345", 10000), ("-" + "9" * 40, -10000),
                                           ("١٢", 12), ("−３", -3), ("²", "²")])
def test_whole_numbers_are_decimal_digits_with_a_sign(text, number):
    assert whole_number(text) == number


def test_names_may_be_blank_but_not_too_long():
    assert fields(("n0", ""), ("n1", ""))["problems"] == []
    assert codes(fields(("n0", "x" * 25), ("n1", "B"))) == [("name-too-long", "n0")]


def test_an_address_without_players_opens_two_rows():
    assert fields()["count"] == 2


@pytest.mark.parametrize("players, code", [
    ([{"name": 5, "points": {}}, {"name": "B", "points": {}}], "name-missing"),
    ([{"name": "Ana", "points": {"blue": "3"}}, {"name": "B", "points": {}}], "points-not-a-number"),
    ([{"name": "Ana", "points": {"blue": 5000}}, {"name": "B", "points": {}}], "points-out-of-range"),
    ([{"name": "Ana", "points": {"empty": -2}}, {"name": "B", "points": {}}], "unknown-field"),
    ([{"name": "Ana", "points": {}, "empty": -1}, {"name": "B", "points": {}}], "points-out-of-range"),
    ([{"name": "Ana", "points": {}, "colour": 3}, {"name": "B", "points": {}}], "unknown-field"),
    ([], "player-count"),
])
def test_pad_mistakes_are_named(players, code):
    answer = json.loads(pad_json(json.dumps({"mode": "master-builder", "players": players})))
    assert [p["code"] for p in answer["problems"]] == [code]


@pytest.mark.parametrize("text", ["nothing", "{}", "[[1, 2]]", '[["n0"]]'])
def test_the_address_door_refuses_what_is_not_pairs_of_text(text):
    answer = json.loads(pad_fields_json(text))
    assert [p["code"] for p in answer["problems"]] == ["not-json"]


@settings(max_examples=150, deadline=None)
@given(games(modes=("master-builder", "town-hall")))
def test_a_real_game_written_on_the_pad_ranks_as_the_game(game):
    if len(game["players"]) >= 2:
        assert_the_pad_ranks_as_the_game(game)


@pytest.mark.parametrize("seed", range(60))
def test_a_fortune_game_written_on_the_pad_with_its_coins_ranks_as_the_game(seed):
    # Fortune's cards and monuments (a Hollow Hill down to −191, Oddity Shops, Schoolhouses) fit the pad's
    # ranges, coins are their own row, and a tree grown is its box.
    assert_the_pad_ranks_as_the_game(fortune_game(random.Random(seed)))


def test_a_tree_adds_2_and_grows_only_where_no_square_is_empty():
    # Ana: 12 blue, no empty square, a tree: 14. Bo: 13 blue, 1 empty square: 12.
    answer = fields(("n0", "Ana"), ("blue0", "12"), ("empty0", "0"), ("tree0", "1"), ("n1", "Bo"), ("blue1", "13"),
                    ("empty1", "1"))
    assert [(r["total"], r["place"]) for r in answer["result"]["players"]] == [(14, 1), (12, 2)]
    # A tree beside 2 empty squares cannot have grown: said on the empty squares' field.
    assert codes(fields(("n0", "Ana"), ("empty0", "2"), ("tree0", "1"), ("n1", "Bo"))) == [("tree-not-alone", "empty0")]
    assert codes(fields(("n0", "Ana"), ("tree0", "yes"), ("n1", "Bo"))) == [("unknown-field", None)]


def assert_the_pad_ranks_as_the_game(game):
    result = score(game)
    pairs = [("mode", game["mode"])]
    for p, (player, scored) in enumerate(zip(game["players"], result["players"])):
        pairs.append(("n{}".format(p), player["name"]))
        for column, points in scored["by_colour"].items():
            low, high = RANGES[column] if column != "empty" else (-16, 2)
            assert low <= points <= high, (column, points)
            if column != "empty":
                pairs.append(("{}{}".format(column, p), str(points)))
        pairs.append(("empty{}".format(p), str(scored["empty"])))
        if player.get("monument") == "cathedral-of-caterina" and "cathedral-of-caterina" in str(player["town"]):
            pairs.append(("cathedral{}".format(p), "1"))
        if any(square["reason"] == "tree" for square in scored["squares"]):
            pairs.append(("tree{}".format(p), "1"))
        pairs.append(("c{}".format(p), str(scored["cottages"])))
        if player.get("master_builder_turns") is not None:
            pairs.append(("t{}".format(p), str(player["master_builder_turns"])))
    answer = pad_from_fields([list(pair) for pair in pairs])
    assert answer["problems"] == []
    assert [(r["total"], r["place"]) for r in answer["result"]["players"]] == [
        (r["total"], r["place"]) for r in result["players"]]


@pytest.mark.parametrize(("name", "code"), [("\u202eevil", "name-format-character"), ("Ana\x07", "name-control-character")])
def test_a_name_is_checked_as_the_setup_checks_it_on_its_field(name, code):
    # A name that hides part of itself was taken without a word, and the pad then never counted in "Your games".
    assert codes(fields(("n0", name), ("n1", "Bo"))) == [(code, "n0")]
    assert codes(fields(("n0", "  "), ("n1", "Bo"))) == []
