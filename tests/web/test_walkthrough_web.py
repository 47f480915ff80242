"""The walk-through's forms read only what they should: other Unicode digits, stray keys, seven players."""

import pytest

from support.webflow import SETUP
from support.webflow import code_of
from support.webflow import errors
from support.webflow import town_query
from webscore.scoring import decode

OTHER_DIGITS = ["²", "³", "¹", "①", "٣", "߃", "𝟘"]


@pytest.mark.parametrize("digit", OTHER_DIGITS)
def test_other_digits_in_setup_fields_and_buttons_are_no_row(client, digit):
    for query in ({"action": "up-" + digit, "players-0": "Ann"}, {"action": "remove-" + digit, "players-0": "Ann"},
                  {"players-" + digit: "Ann", "players-0": "Bo"}, {"monuments-" + digit: "the-starloom"},
                  {"dealt-" + digit: "the-starloom barrett-castle"}):
        response = client.get("/en/new", query_string=query)
        assert response.status_code == 200, query


@pytest.mark.parametrize("digit", OTHER_DIGITS)
def test_other_digits_in_a_town_are_not_numbers(client, digit):
    code = code_of(client.get("/en/new", query_string=SETUP).headers["Location"])
    query = town_query("warehouse cottage . .", ". . . .", ". . . .", ". . . .", stored_a1=digit,
                       master_builder_turns=digit, go=digit)
    response = client.get("/en/g/{}/1/save".format(code), query_string=query)
    assert response.status_code == 422
    assert errors(response.text) == ["Enter how many resources are stored, from 0 to 3.", "Enter a whole number."]
    assert 'value="{}"'.format(digit) in response.text


def test_a_step_button_with_another_digit_goes_to_the_results_question(client):
    code = code_of(client.get("/en/new", query_string=SETUP).headers["Location"])
    response = client.get("/en/g/{}/1/save".format(code), query_string=town_query(". . . .", go="²"))
    assert response.status_code == 200
    assert 'name="confirm" value="empty"' in response.text


def test_seven_players_answer_422_with_every_name_kept(client):
    query = {"players-{}".format(n): "P{}".format(n) for n in range(7)}
    response = client.get("/hu/new", query_string=query)
    assert response.status_code == 422
    assert errors(response.text) == ["Egy játszmában 1–6 játékos vehet részt."]
    assert all('value="P{}"'.format(n) in response.text for n in range(7))


def test_the_turns_form_breaks_a_tie_and_refuses_what_is_not_a_number(client):
    code = code_of(client.get("/en/new", query_string=SETUP).headers["Location"])
    html = client.get("/en/r/" + code).text
    assert html.count('name="turns-') == 3
    response = client.get("/en/r/{}/turns".format(code), query_string={"turns-1": "x", "turns-2": "2"})
    assert response.status_code == 422
    assert "Enter a whole number." in errors(response.text)
    response = client.get("/en/r/{}/turns".format(code), query_string={"turns-1": "5", "turns-2": "2", "turns-3": "9"})
    assert response.status_code == 302
    game = decode(code_of(response.headers["Location"]))
    assert [p["master_builder_turns"] for p in game["players"]] == [5, 2, 9]
    assert 'name="turns-' not in client.get(response.headers["Location"]).text


def test_an_unknown_monument_in_the_address_is_refused_not_dropped(client):
    response = client.get("/en/new", query_string=dict(SETUP, **{"monuments-2": "foo"}))
    assert response.status_code == 422
    assert errors(response.text) == ["This is not a monument of the game."]
