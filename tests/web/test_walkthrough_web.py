"""The walk-through's forms read only what they should: other Unicode digits, stray keys, seven players."""

import json
import re

import pytest

from support.apps import browser_words
from support.webflow import SETUP
from support.webflow import code_of
from support.webflow import errors
from support.webflow import town_query
from webscore.flow import setup_json
from webscore.flow.text import placed_texts
from webscore.languages import LANGUAGES
from webscore.scoring import decode

# What str.isdigit() takes for digits: no row number (an address's own, ASCII's alone), and, but for the decimal digits of
# another script (٣, ߃, 𝟘: scoring.digits), no number typed in a box either.
OTHER_DIGITS = ["²", "³", "¹", "①", "٣", "߃", "𝟘"]
NO_DIGITS = ["²", "³", "¹", "①"]


@pytest.mark.parametrize("digit", OTHER_DIGITS)
def test_other_digits_in_setup_fields_and_buttons_are_no_row(client, digit):
    for query in ({"action": "up-" + digit, "players-0": "Ann"}, {"action": "remove-" + digit, "players-0": "Ann"},
                  {"players-" + digit: "Ann", "players-0": "Bo"}, {"monuments-" + digit: "the-starloom"},
                  {"dealt-" + digit: "the-starloom barrett-castle"}):
        response = client.get("/en/new", query_string=query)
        assert response.status_code == 200, query


@pytest.mark.parametrize("digit", NO_DIGITS)
def test_other_digits_in_a_town_are_not_numbers(client, digit):
    code = code_of(client.get("/en/new", query_string=SETUP).headers["Location"])
    query = town_query("warehouse cottage . .", ". . . .", ". . . .", ". . . .", stored_a1=digit,
                       master_builder_turns=digit, go=digit)
    response = client.get("/en/g/{}/1/save".format(code), query_string=query)
    assert response.status_code == 422
    assert errors(response.text) == ["This address gives go a value this page does not know.",
                                     "Enter how many resources are stored, from 0 to 3.", "Enter a whole number."]
    assert 'value="{}"'.format(digit) in response.text


@pytest.mark.parametrize(("typed", "load", "turns"), [("\u0663", "\u0661\u0662", 12), ("\uff13", "\uff10", 0),
                                                   ("\U0001d7db", "\u07c1", 1)])
def test_another_scripts_digits_in_a_town_are_the_numbers_they_write(client, typed, load, turns):
    # ٣ for the Warehouse's load and ١٢ for the turns, as a keypad set to Arabic types them; full width; double-struck
    # and N'Ko. They were "Enter a whole number", which they are.
    code = code_of(client.get("/en/new", query_string=SETUP).headers["Location"])
    query = town_query("warehouse cottage . .", ". . . .", ". . . .", ". . . .", stored_a1=typed,
                       master_builder_turns=load, go="next")
    response = client.get("/en/g/{}/1/save".format(code), query_string=query)
    assert response.status_code == 302
    player = decode(code_of(response.headers["Location"]))["players"][0]
    assert (player["stored"], player["master_builder_turns"]) == ({"a1": 3}, turns)


def test_a_step_button_with_another_digit_is_refused_not_taken_for_the_results(client):
    code = code_of(client.get("/en/new", query_string=SETUP).headers["Location"])
    response = client.get("/en/g/{}/1/save".format(code), query_string=town_query(". . . .", go="²"))
    assert response.status_code == 422
    assert errors(response.text) == ["This address gives go a value this page does not know."]
    assert 'name="confirm"' not in response.text


TURNS_RANGE = {"en": "Enter a number of turns from 0 to 999.", "fr": "Indiquez un nombre de tours entre 0\u00a0et 999.",
               "hu": "Adj meg 0\u00a0és 999\u00a0közötti körszámot."}


def game_code(client) -> str:
    return code_of(client.get("/en/new", query_string=SETUP).headers["Location"])


def selected(html: str, name: str):
    """Return the value of the option chosen in a select, or None when none is."""
    select = re.search(r'<select [^>]*name="{}".*?</select>'.format(re.escape(name)), html, re.S).group(0)
    found = re.search(r'<option selected value="([^"]*)"', select)
    return found.group(1) if found else None


def typed(html: str, name: str) -> str:
    """Return the value an input of the page holds."""
    return re.search(r'<input [^>]*name="{}" [^>]*value="([^"]*)"'.format(re.escape(name)), html).group(1)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("turns", ["-5", "-1", "1000"])
def test_a_negative_count_of_turns_gets_the_range_a_count_too_large_gets(client, lang, turns):
    query = town_query("cottage . . .", ". . . .", ". . . .", ". . . .", master_builder_turns=turns, go="next")
    response = client.get("/{}/g/{}/1/save".format(lang, game_code(client)), query_string=query)
    assert response.status_code == 422
    assert errors(response.text) == [TURNS_RANGE[lang]]
    assert typed(response.text, "master_builder_turns") == turns
    assert selected(response.text, "square_a1") == "cottage"


def test_a_negative_count_of_turns_breaking_a_tie_gets_the_range(client):
    code = game_code(client)
    response = client.get("/fr/r/{}/turns".format(code), query_string={"turns-1": "5", "turns-2": "-3", "turns-3": "9"})
    assert response.status_code == 422
    assert errors(response.text) == [TURNS_RANGE["fr"]]
    assert re.findall(r'<input type="text" id="turns-\d" [^>]*value="([^"]*)"', response.text) == ["5", "-3", "9"]


STEP_MESSAGES = {
    "repeated": {"en": "This address gives square_a1 twice.", "fr": "Cette adresse donne deux fois square_a1.",
                 "hu": "Ez a cím kétszer adja meg ezt: square_a1."},
    "go": {"en": "This address gives go a value this page does not know.",
           "fr": "Cette adresse donne à go une valeur que cette page ne connaît pas.",
           "hu": "Ez a cím olyan értéket ad ennek a mezőnek, amelyet ez az oldal nem ismer: go."},
    "card": {"en": "This is not a card of the game.", "fr": "Ce n’est pas une carte du jeu.",
             "hu": "Ez nem a játszma egyik kártyája."},
}
TOWN = town_query("farm cottage . .", ". well . .", ". . . .", ". . . .", master_builder_turns="4")
ALTERED = {"repeated": list(TOWN.items()) + [("square_a1", "well")], "go": dict(TOWN, go="banana"),
           "card": dict(TOWN, square_c1="banana")}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("page", ["", "/save"])
@pytest.mark.parametrize("altered", sorted(ALTERED))
def test_an_altered_town_address_is_refused_with_a_message_and_nothing_entered_lost(client, lang, page, altered):
    response = client.get("/{}/g/{}/1{}".format(lang, game_code(client), page), query_string=ALTERED[altered])
    assert response.status_code == 422
    assert errors(response.text) == [STEP_MESSAGES[altered][lang]]
    assert [selected(response.text, "square_" + name) for name in ("a1", "b1", "b2")] == ["farm", "cottage", "well"]
    assert typed(response.text, "master_builder_turns") == "4"
    assert 'name="confirm"' not in response.text


@pytest.mark.parametrize("altered", sorted(ALTERED))
def test_a_message_of_the_address_names_the_field_given_twice_for_the_page_to_drop_it(client, altered):
    # The page drops it once that field is given anew (town.js); a value no button sends is about no field.
    response = client.get("/en/g/{}/1".format(game_code(client)), query_string=ALTERED[altered])
    named = {"repeated": ['data-field="square_a1" '], "go": [""], "card": []}
    assert re.findall(r'<p class="error" ((?:data-field="[^"]*" )?)role="alert" tabindex="-1">', response.text) == \
        named[altered]


@pytest.mark.parametrize("page", ["", "/save"])
def test_a_link_with_what_the_web_adds_to_links_opens_the_step_as_it_is(client, page):
    response = client.get("/en/g/{}/1{}".format(game_code(client), page),
                          query_string=dict(TOWN, utm_source="chat", fbclid="IwAR0x", go="1"))
    if page:
        # Saved, the step is shown again (its own button, go=1), its town kept in the new code.
        assert response.status_code == 302
        response = client.get(response.headers["Location"])
    assert response.status_code == 200
    assert errors(response.text) == []
    assert [selected(response.text, "square_" + name) for name in ("a1", "b1", "b2")] == ["farm", "cottage", "well"]


def test_an_unknown_monument_is_named_on_its_select_and_tied_to_it(client):
    response = client.get("/fr/g/{}/1".format(game_code(client)), query_string=dict(TOWN, monument="castle"))
    assert response.status_code == 422
    assert re.findall(r'<select ([^>]*)id="monument"', response.text) == [
        'aria-describedby="monument-error-1" aria-invalid="true" ']
    assert re.findall(r'<span class="error" id="(monument-error-1)" role="alert">', response.text) == ["monument-error-1"]


def test_an_unknown_card_is_named_on_its_square(client):
    response = client.get("/en/g/{}/1".format(game_code(client)), query_string=ALTERED["card"])
    assert response.status_code == 422
    assert re.findall(r'<span class="error" id="([^"]+)" role="alert">([^<]*)</span>', response.text) == [
        ("square_c1-error-1", "This is not a card of the game.")]
    assert selected(response.text, "square_c1") is None


def step_form(html: str):
    """Return what a town step's form sends: each field's value (a select's chosen option), and the values its
    buttons send as go (the language switch's too)."""
    form = re.search(r'<form class="town-form".*?</form>', html, re.S).group(0)
    fields = dict(re.findall(r'<input [^>]*name="([^"]+)"[^>]*value="([^"]*)"', form))
    fields.update({name: selected(form, name) or "" for name in re.findall(r'<select [^>]*name="([^"]+)"', form)})
    return fields, re.findall(r'<button [^>]*name="go"[^>]*value="([^"]*)"', html)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_whatever_a_steps_own_form_sends_is_taken_without_a_message(client, lang):
    code = game_code(client)
    # The last step asking before scoring towns barely begun, and the last step opened from the scores (which
    # asks nothing: they were seen): every field a step has.
    asked = client.get("/{}/g/{}/3/save".format(lang, code), query_string=dict(TOWN, go="results"))
    from_scores = client.get("/{}/g/{}/3".format(lang, code), query_string=dict(TOWN, **{"from": "scores"}))
    assert asked.status_code == from_scores.status_code == 200
    for page, extra in ((asked, {"confirm": "empty"}), (from_scores, {"from": "scores"})):
        fields, goes = step_form(page.text)
        assert sorted(goes) == sorted(["1", "2", "3", "3", "3", "back", "results", "setup"] + ["results"] * ("confirm" in extra))
        assert {key: fields.get(key) for key in ("confirm", "from", "monument")} == dict(
            {"confirm": None, "from": None, "monument": ""}, **extra)
        for go in sorted(set(goes)):
            step = client.get("/{}/g/{}/3".format(lang, code), query_string=dict(fields, go=go))
            assert (step.status_code, errors(step.text)) == (200, []), go
            assert client.get("/{}/g/{}/3/save".format(lang, code), query_string=dict(fields, go=go)).status_code == 302, go


def test_seven_players_answer_422_with_every_name_kept(client):
    query = {"players-{}".format(n): "P{}".format(n) for n in range(7)}
    response = client.get("/hu/new", query_string=query)
    assert response.status_code == 422
    assert errors(response.text) == ["Egy játszmában 1–6\u00a0játékos vehet részt."]
    assert all('value="P{}"'.format(n) in response.text for n in range(7))


SEVEN = {"players-{}".format(n): "P{}".format(n) for n in range(7)}
CARDS = {"red": "farm", "grey": "well", "orange": "chapel", "green": "tavern", "yellow": "theater", "navy": "factory"}


@pytest.mark.parametrize(("fields", "action"), [
    (SEVEN, "refresh"), (SEVEN, "add"), (dict(SEVEN, **CARDS), "start"), (SEVEN, "start"),
    (dict(SEVEN, mode=["solo", "solo"]), "refresh")])
def test_seven_players_are_refused_alike_by_the_page_and_the_browsers_core(client, fields, action):
    """The player count is the flow's problem (setup_start.refused, check), told once: the server's page says what the
    core the browser runs answers (setup_json), at any button."""
    page = client.get("/en/new", query_string=dict(fields, action=action))
    assert page.status_code == 422
    answer = json.loads(setup_json(json.dumps({"fields": fields, "action": action, "seed": 1})))
    assert [problem["code"] for problem in answer["problems"]["general"]][-1:] == ["player-count"]
    said = placed_texts(browser_words(client, "en"), answer["problems"])
    # The page shows the whole form's problems above its fields'.
    shown = errors(page.text)
    assert shown == said["general"] + [text for texts in said["errors"].values() for text in texts]
    assert shown.count("A game has 1 to 6 players.") == 1


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
    # The tie is broken; its form stays with the turns given, by place (2, 5 and 9 turns), for a table to correct them.
    assert re.findall(r'name="turns-\d" [^>]*value="(\d+)"', client.get(response.headers["Location"]).text) == ["2", "5", "9"]


def test_an_unknown_monument_in_the_address_is_refused_not_dropped(client):
    response = client.get("/en/new", query_string=dict(SETUP, **{"monuments-2": "foo"}))
    assert response.status_code == 422
    assert errors(response.text) == ["This is not a monument of the game."]
