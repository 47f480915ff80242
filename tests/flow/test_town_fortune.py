"""A town step of a game with Fortune and Tiny Trees: its cards taken, its coins, Hollow Hill's swaps and the seed
asked only when the town needs them, each checked on its field, and the running total waiting for them."""

import json

import pytest

from support.apps import browser_words
from support.towns import town
from webscore import flow
from webscore.flow import live_town
from webscore.flow import sync
from webscore.flow import sync_merge
from webscore.flow import town_facts
from webscore.flow import town_fields
from webscore.flow import town_live
from webscore.flow import town_step
from webscore.scoring import encode
from webscore.scoring import problems
from webscore.scoring.cards import ALL_MONUMENTS
from webscore.scoring.cards import FORTUNE_MONUMENTS
from webscore.scoring.cards import MONUMENTS
from webscore.scoring.town import NAMES

BUILDINGS = ["cottage", "root-cellar", "well", "chapel", "tavern", "theater", "factory"]


def game(coins=True, tiny_trees=True, buildings=BUILDINGS, mode="town-hall") -> dict:
    """A game of two just set up: every town empty, nothing known yet."""
    empty = town(". . . .", ". . . .", ". . . .", ". . . .")
    players = [{"name": name, "monument": monument, "town": empty}
               for name, monument in (("Léa", "hollow-hill"), ("Noé", None))]
    return {"mode": mode, "monuments": True, "cavern": False, "coins": coins, "tiny_trees": tiny_trees,
            "buildings": list(buildings), "players": players}


def fields(*rows, **facts) -> dict:
    cards = [card for row in rows for card in row.split()]
    found = {"square_" + name: ("" if card == "." else card) for name, card in zip(NAMES, cards)}
    found.update({key: str(value) for key, value in facts.items()})
    return found


CELLAR = ("cottage root-cellar . .", ". . . .", ". . . .", ". . . .")


def test_the_game_just_set_up_is_valid():
    assert problems(game()) == []


def test_a_fortune_card_is_saved_with_the_coins_and_the_seed():
    answer = town_step.save(game(), 2, fields(*CELLAR, coins=3, seed="d4"))
    assert "problems" not in answer
    player = answer["game"]["players"][1]
    assert player["town"][0] == ["cottage", "root-cellar", None, None]
    assert (player["coins"], player["seed"], player["hollow_hill_swaps"]) == (3, "d4", None)


def test_a_fortune_monument_is_taken_on_the_square_and_in_the_monument_field():
    answer = town_step.save(game(), 2, dict(fields("the-prism-forge cottage . .", ". . . .", ". . . .", ". . . .",
                                                   coins=0, seed="a4"), monument="the-prism-forge"))
    assert "problems" not in answer
    assert answer["game"]["players"][1]["monument"] == "the-prism-forge"


def test_an_empty_town_is_asked_neither_coins_nor_seed():
    g = game()
    assert town_live.live(g, 2, fields(". . . .", ". . . .", ". . . .", ". . . ."))[1] == []
    assert "problems" not in town_step.save(g, 2, fields(". . . .", ". . . .", ". . . .", ". . . .", go="next"))


def test_a_town_with_a_building_waits_for_its_coins_then_its_seed():
    g = game()
    assert town_live.live(g, 2, fields(*CELLAR)) == (None, ["coins", "seed"])
    assert town_live.live(g, 2, fields(*CELLAR, coins=2)) == (None, ["seed"])
    changed, waiting = town_live.live(g, 2, fields(*CELLAR, coins=2, seed="c3"))
    assert waiting == [] and changed["players"][1]["seed"] == "c3"
    assert live_town(g, 2, fields(*CELLAR)) == {"waiting": ["coins", "seed"]}
    answer = town_step.save(g, 2, fields(*CELLAR))
    assert {field: [item["code"] for item in found] for field, found in answer["problems"]["fields"].items()} == {
        "coins": ["coins-missing"], "seed": ["seed-missing"]}


def test_the_way_to_the_setup_from_a_page_keeping_its_draft_waits_for_no_answer():
    g = game()
    code = encode(g)
    kept = dict([town_step.DRAFT_KEPT], go="setup")
    answer = town_step.save(g, 2, dict(fields(*CELLAR), **kept), code)
    assert (answer["code"], answer["setup"]["towns"], answer["setup"]["resume"]) == (code, code, "1")
    assert answer["game"]["players"][1]["town"][0] == [None] * 4
    # An answer given wrongly is still named: it would be lost on the way.
    answer = town_step.save(g, 2, dict(fields(*CELLAR, coins="x"), **kept), code)
    assert [item["code"] for item in answer["problems"]["fields"]["coins"]] == ["coins-not-a-number"]
    # A page that keeps no draft (no scripts) asks them first: the town goes to the setup saved.
    answer = town_step.save(g, 2, dict(fields(*CELLAR), go="setup"), code)
    assert sorted(answer["problems"]["fields"]) == ["coins", "seed"]


def test_on_the_way_to_the_setup_a_wrong_answer_is_named_alone_and_the_questions_not_answered_still_wait():
    # Coins typed wrongly beside a seed not put down yet: the seed was asked too, as if the way to the setup waited for
    # it, where it waits only for what would be lost.
    g = game()
    kept = dict([town_step.DRAFT_KEPT], go="setup")
    answer = town_step.save(g, 2, dict(fields(*CELLAR, coins="3x"), **kept), encode(g))
    assert {field: [item["code"] for item in found] for field, found in answer["problems"]["fields"].items()} == {
        "coins": ["coins-not-a-number"]}
    assert answer["problems"]["general"] == []


def test_a_game_without_the_expansions_asks_neither_and_drops_them():
    g = game(coins=False, tiny_trees=False)
    changed, waiting = town_live.live(g, 2, fields(*CELLAR, coins=3, seed="d4"))
    assert waiting == []
    assert (changed["players"][1]["coins"], changed["players"][1]["seed"]) == (None, None)
    assert town_facts.expansion_facts(g) == []
    assert town_facts.expansion_facts(game()) == ["coins", "seed"]


def test_hollow_hill_asks_its_swaps_once_it_stands_in_the_town():
    g = game()
    hill = ("hollow-hill cottage . .", ". . . .", ". . . .", ". . . .")
    assert town_live.live(g, 1, fields(*hill, coins=1, seed="d4")) == (None, ["hollow_hill_swaps"])
    changed, waiting = town_live.live(g, 1, fields(*hill, coins=1, seed="d4", hollow_hill_swaps=2))
    assert waiting == [] and changed["players"][0]["hollow_hill_swaps"] == 2
    # Its owner may give them before it is built; another player's town drops them.
    assert town_fields.read(g, 1, fields(*CELLAR, coins=1, seed="d4", hollow_hill_swaps=2))[0]["players"][0][
        "hollow_hill_swaps"] == 2
    assert town_fields.read(g, 2, fields(*CELLAR, coins=1, seed="d4", hollow_hill_swaps=2))[0]["players"][1][
        "hollow_hill_swaps"] is None
    assert town_facts.asked_fact(g["players"][0]) == "hollow_hill_swaps"
    assert town_facts.asked_fact(g["players"][1]) is None


@pytest.mark.parametrize("field, value, code", [
    ("coins", "5", "coins-out-of-range"),
    ("coins", "x", "coins-not-a-number"),
    ("seed", "e5", "seed-out-of-range"),
    ("hollow_hill_swaps", "100", "hollow_hill_swaps-out-of-range"),
])
def test_an_answer_out_of_range_is_named_on_its_field(field, value, code):
    g = game()
    given = dict({"coins": "1", "seed": "b2", "hollow_hill_swaps": "0"}, **{field: value})
    answer = town_step.save(g, 1, fields("hollow-hill cottage . .", ". . . .", ". . . .", ". . . .", **given))
    assert [item["code"] for item in answer["problems"]["fields"][field]] == [code]
    assert answer["problems"]["general"] == []
    # The total waits for it rather than show a number it would take back.
    assert town_live.live(g, 1, fields("hollow-hill cottage . .", ". . . .", ". . . .", ". . . .", **given)) == (
        None, [field])


def test_five_coins_are_taken_where_a_monument_adds_a_place():
    g = game()
    changed, waiting = town_live.live(g, 2, dict(fields("caterinas-grotto cottage . .", ". . . .", ". . . .",
                                                        ". . . .", coins=5, seed="d4"), monument="caterinas-grotto"))
    assert waiting == [] and changed["players"][1]["coins"] == 5


@pytest.mark.parametrize("field, value", [("coins", "6"), ("coins", "-1"), ("seed", "z9"), ("hollow_hill_swaps", "100")])
def test_an_answer_no_town_takes_is_refused_at_once_when_opened(field, value):
    shown, found = town_step.opened_town(game(), 1, {field: value})[:2]
    assert shown[field] == value
    assert [town_fields.field_of(item) for item in found] == [field]


def test_an_answer_the_town_does_not_need_yet_is_not_refused_when_opened():
    assert town_step.opened_town(game(), 1, {"coins": "5", "seed": "a1"})[1] == []


def test_the_monuments_offered_are_fortunes_too_when_the_game_deals_them():
    base = dict(game(coins=False, tiny_trees=False), buildings=["cottage", "farm", "well", "chapel", "tavern",
                                                                 "theater", "factory"])
    base["players"] = [dict(player, monument=None) for player in base["players"]]
    assert town_facts.monument_offers(base) == sorted(MONUMENTS)
    assert town_facts.monument_offers(dict(base, fortune_monuments=True)) == sorted(ALL_MONUMENTS)
    # Coins or Fortune's cards without the switch: the base game's 15.
    assert town_facts.monument_offers(dict(base, coins=True)) == sorted(MONUMENTS)
    assert town_facts.monument_offers(dict(base, fortune_monuments=False, buildings=BUILDINGS)) == sorted(MONUMENTS)
    # A Fortune monument a player holds (a game file written without the switch) brings the others.
    assert town_facts.monument_offers(game(coins=False, tiny_trees=False)) == sorted(ALL_MONUMENTS)
    held = dict(base, players=[dict(base["players"][0], monument="masons-guild"), base["players"][1]])
    assert town_facts.monument_offers(held) == sorted(ALL_MONUMENTS)


def test_solo_and_town_hall_leave_their_cards_out_of_the_offer():
    solo = dict(game(), mode="solo", players=[game()["players"][1]], fortune_monuments=True)
    offered = town_facts.monument_offers(solo)
    assert "southern-semaphore" not in offered and "fort-ironweed" not in offered
    assert "the-prism-forge" in offered and len(offered) == len(ALL_MONUMENTS) - 3
    assert set(FORTUNE_MONUMENTS) <= set(town_facts.monument_offers(game()))


def test_a_table_opens_with_no_coins_swaps_or_seed():
    finished = dict(game(), players=[dict(game()["players"][0], town=town("hollow-hill cottage . .", ". . . .", ". . . .",
                                                                          ". . . ."), coins=2, seed="d4",
                                          hollow_hill_swaps=1), game()["players"][1]])
    assert problems(finished) == []
    setup = sync.empty_setup(finished)
    assert problems(setup) == []
    assert [sorted(set(player) & {"coins", "seed", "hollow_hill_swaps"}) for player in setup["players"]] == [[], []]


def test_a_player_who_put_no_seed_down_says_so_and_the_town_is_complete():
    g = game()
    changed, waiting = town_live.live(g, 2, fields(*CELLAR, coins=2, seed="none"))
    assert waiting == [] and changed["players"][1]["seed"] == "none"
    answer = town_step.save(g, 2, fields(*CELLAR, coins=2, seed=" none "))
    assert "problems" not in answer and answer["game"]["players"][1]["seed"] == "none"
    # Anything else is no square: refused on its field, as given.
    answer = town_step.save(g, 2, fields(*CELLAR, coins=2, seed="None"))
    assert [item["code"] for item in answer["problems"]["fields"]["seed"]] == ["seed-out-of-range"]


def test_a_table_takes_the_seed_as_a_square_and_nothing_else():
    g = game()
    town = sync.town_from_fields(town_fields.fields_of(g["players"][1]), 0, False)
    changed, answer = sync_merge.apply(town, "phone-2-abcd", {"seq": 1, "set": {"seed": ["b2", 0], "coins": ["3", 0]}}, g, 2)
    assert answer["outcome"] == sync_merge.APPLIED and changed["fields"]["seed"] == "b2"
    changed, answer = sync_merge.apply(town, "phone-2-abcd", {"seq": 1, "set": {"seed": ["none", 0]}}, g, 2)
    assert answer["outcome"] == sync_merge.APPLIED and changed["fields"]["seed"] == "none"
    for wrong in ("b9", "None", "nowhere"):
        _, answer = sync_merge.apply(town, "phone-2-abcd", {"seq": 1, "set": {"seed": [wrong, 0]}}, g, 2)
        assert answer["outcome"] == sync_merge.INVALID


@pytest.mark.parametrize("n, given, live, show", [
    (2, fields(*CELLAR), True, False),
    (2, fields(*CELLAR, coins=3, seed="d4"), True, False),
    (1, fields("hollow-hill cottage . .", ". . . .", ". . . .", ". . . .", coins="7", seed="e5"), False, False),
    (1, fields("hollow-hill cottage . .", ". . . .", ". . . .", ". . . .", coins="5", seed="b2", hollow_hill_swaps="2"),
     False, False),
    (2, {"coins": "9", "seed": "z9", "hollow_hill_swaps": "-1", "monument": "estival-festival"}, False, True),
    (1, {"seed": " a1 "}, True, False),
])
def test_the_browser_answers_a_fortune_step_as_the_server(micropython_core, client, n, given, live, show):
    if live:
        # The live score, with the page's words the browser's core keeps once.
        words = browser_words(client, "fr")
        micropython_core.flow_json("words", json.dumps(words))
        text = json.dumps({"code": encode(game()), "n": n, "fields": given})
        assert micropython_core.flow_json("live", text) == json.loads(flow.live_json(text, words))
        return
    text = json.dumps({"code": encode(game()), "n": n, "fields": given, "show": show})
    assert micropython_core.flow_json("town", text) == json.loads(flow.town_json(text))


def test_a_fortune_monument_named_by_an_address_in_a_game_without_them_is_refused_on_its_field():
    without = dict(game(coins=False, tiny_trees=False), buildings=["cottage", "farm", "well", "chapel", "tavern",
                                                                    "theater", "factory"])
    without["players"] = [dict(player, monument=None) for player in without["players"]]
    given = dict(fields("cottage . . .", ". . . .", ". . . .", ". . . ."), monument="hollow-hill", go="next")
    answer = town_step.save(without, 1, given)
    assert {field: [item["code"] for item in found] for field, found in answer["problems"]["fields"].items()} == {
        "monument": ["fortune-monuments-not-dealt"]}
    # The same in a game that deals them is taken.
    answer = town_step.save(dict(without, fortune_monuments=True), 1, given)
    assert "problems" not in answer and answer["game"]["players"][0]["monument"] == "hollow-hill"
