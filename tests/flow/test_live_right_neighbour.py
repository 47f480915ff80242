"""A running total never shows a point it will take back: a Feast Hall or a Schoolhouse reads the town on the
right, and while that town has no building the step scores the least they can make and names whose town it
waits for (the table's Léa counted 27 with three Feast Halls beside Noé's empty town; her result said 25)."""

import json

import pytest

from support.apps import browser_words
from support.apps import new_app
from support.tables import empty_setup
from support.towns import town
from support.webflow import text_of
from support.webflow import town_query
from support.whole_box import GAME as WHOLE_BOX
from support.whole_box import ROWS as WHOLE_BOX_ROWS
from webscore import flow
from webscore.flow import town_live
from webscore.scoring import encode
from webscore.scoring import score

EMPTY = (". . . .",) * 4
FEASTS = ("feast-hall feast-hall feast-hall cottage", "farm . . .", ". . . .", ". . . .")


def game(*towns, coins=None, buildings=("cottage", "farm", "well", "chapel", "feast-hall", "theater", "factory")):
    players = [{"name": name, "monument": None, "town": town(*rows)} for name, rows in zip(("Léa", "Noé", "Zoé"), towns)]
    found = {"mode": "master-builder", "monuments": False, "cavern": False, "buildings": list(buildings),
             "players": players}
    if coins:
        found["coins"] = True
        for player, count in zip(players, coins):
            player["coins"] = count
    return found


def test_feast_halls_beside_an_empty_town_count_the_least_and_say_whose_town_they_wait_for():
    # Léa (player 1) has Noé, the last player, on her right. His town is empty: her 3 Feast Halls would score 3
    # each now, and 2 each once he has 3 or more. The running total says 2 each: 6 + 3 (fed Cottage) − 11 = −2.
    live = flow.live_town(game(EMPTY, EMPTY), 1, town_query(*FEASTS))
    assert (live["total"], live["until"]) == (-2, "Noé")
    assert [square["points"] for square in live["squares"][:4]] == [2, 2, 2, 3]


def test_once_the_town_on_the_right_is_entered_the_total_is_the_result():
    played = game(EMPTY, ("feast-hall cottage . .",) + EMPTY[1:])
    live = flow.live_town(played, 1, town_query(*FEASTS))
    # Noé has 1 Feast Hall: Léa's 3 are more, 3 each: 9 + 3 − 11 = 1, the result's total.
    assert "until" not in live and live["total"] == 1
    played["players"][0]["town"] = town(*FEASTS)
    assert score(played)["players"][0]["total"] == 1


def test_at_a_table_a_town_on_the_right_handed_in_with_no_building_is_known_to_have_none():
    # Noé handed his town in with no building: Léa's 3 Feast Halls are more than his 0, 3 each: 9 + 3 − 11 = 1, her
    # result's total. Until he hands it in, the least they make, as beside a town not entered.
    live = flow.live_town(game(EMPTY, EMPTY), 1, town_query(*FEASTS), handed_in=[False, True])
    assert "until" not in live and live["total"] == 1
    live = flow.live_town(game(EMPTY, EMPTY), 1, town_query(*FEASTS), handed_in=[False, False])
    assert (live["total"], live["until"]) == (-2, "Noé")


@pytest.mark.parametrize("handed_in", [[False, 1], [False, "x"], [False, "false"], [0, 1.5], [False, [True]],
                                       [False, True, True], "[false,true]", {"1": True}])
def test_a_tap_that_says_the_town_on_the_right_is_handed_in_other_than_with_true_is_scored_as_a_town_step(handed_in):
    # Noé's town is empty: told he handed it in with true, Léa's total is sure (1); told so with a 1, an "x" or a list
    # of the wrong length, it is what a town step says, the least her Feast Halls make, never a total beside an empty
    # town that his town, once entered, would take back. A 1 or an "x" made it sure.
    app = new_app()
    with app.test_client() as client:
        words = browser_words(client, "en")
    asked = {"code": encode(game(EMPTY, EMPTY)), "n": 1, "fields": town_query(*FEASTS)}
    sure = json.loads(flow.live_json(json.dumps(dict(asked, handed_in=[False, True])), words))
    told = json.loads(flow.live_json(json.dumps(dict(asked, handed_in=handed_in)), words))
    assert (sure["town"]["total"], sure["shown"]["total"]) == (1, "Running total: 1")
    assert (told["town"]["total"], told["town"]["until"], told["shown"]["total"]) == (
        -2, "Noé", "Running total: at least −2 until the town of Noé is entered")

def test_a_town_that_reads_nothing_on_its_right_is_scored_as_it_stands():
    live = flow.live_town(game(EMPTY, EMPTY), 1, town_query("cottage farm well .", *EMPTY[1:]))
    # A fed Cottage 3, the Well (no Cottage beside it) 0, 13 empty squares: −10.
    assert "until" not in live and live["total"] == 3 + 0 - 13


def test_a_schoolhouse_counts_its_2_more_only_once_the_coins_on_its_right_are_known():
    buildings = ("cottage", "farm", "well", "chapel", "schoolhouse", "theater", "factory")
    rows = ("schoolhouse cottage farm .",) + EMPTY[1:]
    # Léa has 3 coins; Noé's town is empty and his coins not given: her Schoolhouse beside a fed Cottage makes 2
    # for sure, the 2 more only if she has at least his coins. 2 + 3 − 13 + 3 coins = −5.
    played = game(EMPTY, EMPTY, coins=(None, None), buildings=buildings)
    live = flow.live_town(played, 1, town_query(*rows, coins="3"))
    assert (live["total"], live["until"]) == (-5, "Noé")
    played["players"][1].update(town=town("cottage . . .", *EMPTY[1:]), coins=2)
    live = flow.live_town(played, 1, town_query(*rows, coins="3"))
    assert "until" not in live and live["total"] == -3


def test_a_schoolhouse_beside_a_full_chest_of_4_counts_its_2_more_where_no_chest_holds_5():
    # No monument is played, so no chest has a fifth place: Léa's 4 coins are at least what Noé, on her right, can
    # hold, and her Schoolhouse's 2 more are sure. 4 + 3 − 13 + 4 coins = −2; the step said "at least −4 until the
    # town of Noé is entered", reading his town as holding 5.
    buildings = ("cottage", "farm", "well", "chapel", "schoolhouse", "theater", "factory")
    rows = ("schoolhouse cottage farm .",) + EMPTY[1:]
    played = game(EMPTY, EMPTY, coins=(None, None), buildings=buildings)
    live = flow.live_town(played, 1, town_query(*rows, coins="4"))
    assert "until" not in live and live["total"] == -2
    # Where a chest may hold 5 (Fortune's monuments dealt), the 2 more still wait for Noé's coins.
    played.update(monuments=True, fortune_monuments=True)
    live = flow.live_town(played, 1, town_query(*rows, coins="4"))
    assert (live["total"], live["until"]) == (-4, "Noé")


def test_a_schoolhouse_beside_a_full_chest_of_4_counts_its_2_more_where_only_the_base_monuments_are_played():
    # The base game's monuments (Léa's Barrett Castle, Noé's Starloom) and no Fortune monument: no chest has a fifth
    # place, so Léa's 4 coins are at least Noé's whatever he enters. 4 + 3 − 13 + 4 coins = −2, her result; the step
    # said "at least −4 until the town of Noé is entered".
    buildings = ("cottage", "farm", "well", "chapel", "schoolhouse", "theater", "factory")
    rows = ("schoolhouse cottage farm .",) + EMPTY[1:]
    played = game(EMPTY, EMPTY, coins=(None, None), buildings=buildings)
    played["monuments"] = True
    for player, monument in zip(played["players"], ("barrett-castle", "the-starloom")):
        player["monument"] = monument
    live = flow.live_town(played, 1, town_query(*rows, coins="4", monument="barrett-castle"))
    assert "until" not in live and live["total"] == -2


def test_the_players_buttons_never_show_more_than_the_town_will_keep():
    played = game(FEASTS, EMPTY)
    assert town_live.saved_totals(played) == [-2, None]


@pytest.mark.parametrize(("lang", "lea", "noe"), [
    ("en", "Léa ✓ at least −2 points", "Léa ✓ 1 point"),
    ("fr", "Léa ✓ au moins −2\u00a0points", "Léa ✓ 1\u00a0point"),
    ("hu", "Léa ✓ legalább −2\u00a0pont", "Léa ✓ 1\u00a0pont"),
])
def test_a_players_button_says_at_least_while_the_town_on_its_right_is_not_entered(client, lang, lea, noe):
    # Léa's town is saved, Noé's (on her right) is being entered on his step: her button said "Léa ✓ −2 points" where
    # her own step says "at least −2" (her 3 Feast Halls at 2 each, 6 + 3 − 11). Once his town (1 Feast Hall) is saved,
    # hers score 3 each: 9 + 3 − 11 = 1, sure.
    for rows, said in ((EMPTY, lea), (("feast-hall . . .",) + EMPTY[1:], noe)):
        answer = client.get("/{}/g/{}/2".format(lang, encode(game(FEASTS, rows))))
        assert answer.status_code == 200
        page = text_of(answer.get_data(as_text=True))
        assert said in page, page


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Running total: at least −2 until the town of Noé is entered"),
    ("fr", "Total provisoire\u00a0: au moins −2, en attendant la bourgade de votre voisin de droite (Noé)"),
    ("hu", "Eddigi pontszám: legalább −2, amíg Noé városa nincs beírva"),
])
def test_the_step_says_whose_town_the_total_waits_for(client, lang, said):
    answer = client.get("/{}/g/{}/1".format(lang, encode(game(EMPTY, EMPTY))), query_string=town_query(*FEASTS))
    assert answer.status_code == 200
    assert said in text_of(answer.get_data(as_text=True))


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Running total: at least −2 until the town of Noé is handed in"),
    ("fr", "Total provisoire\u00a0: au moins −2, en attendant que votre voisin de droite (Noé) ait remis sa bourgade"),
    ("hu", "Eddigi pontszám: legalább −2, amíg Noé városa nincs leadva"),
])
def test_at_a_table_the_total_says_it_waits_for_the_town_on_the_right_to_be_handed_in(lang, said):
    # At a table each player hands their town in from their own phone: a town entered there is not known until then,
    # and "entered" would say Noé had not begun it when he may have filled it.
    app = new_app()
    with app.test_client() as client:
        words = browser_words(client, lang)
    asked = {"code": encode(game(EMPTY, EMPTY)), "n": 1, "fields": town_query(*FEASTS), "handed_in": [False, False]}
    told = json.loads(flow.live_json(json.dumps(asked), words))
    assert (told["town"]["total"], told["shown"]["total"]) == (-2, said)


def test_a_schoolhouse_beside_a_full_chest_counts_its_2_more_before_the_right_town_is_entered():
    # Léa's chest holds 5 coins (her Estival Festival adds a fifth place), the most any chest holds: whatever Zoé, on
    # her right, enters, Léa has at least as many, and her Schoolhouse makes 4. Her result is 30; the step said "at
    # least 28 until the town of Zoé is entered".
    rows = WHOLE_BOX_ROWS["Léa"]
    live = flow.live_town(empty_setup(WHOLE_BOX), 1, town_query(*rows, coins="5", seed="d2", monument="estival-festival"))
    assert "until" not in live and live["total"] == 30
