"""The web flow through the Flask test client: every route, message and refusal."""

import re

import pytest

from support import examples
from support.apps import new_app
from support.webflow import SETUP
from support.webflow import checked
from support.webflow import code_of
from support.webflow import errors
from support.webflow import hidden_values
from support.webflow import names_typed
from support.webflow import town_query
from support.webflow import typed
from webscore.languages import LANGUAGES
from webscore.scoring import decode
from webscore.scoring import encode

RULEBOOK_CODE = examples.RULEBOOK_CODE


def start(client, **changes):
    query = dict(SETUP, **changes)
    return client.get("/en/new", query_string={k: v for k, v in query.items() if v is not None})


def test_root_picks_language_from_accept_language(client):
    response = client.get("/", headers={"Accept-Language": "hu-HU,hu;q=0.9,en;q=0.5"})
    assert response.status_code == 302
    assert response.headers["Location"].endswith("/hu/")


def test_root_prefers_the_cookie(client):
    client.set_cookie("lang", "fr", domain="marquoir.test")
    response = client.get("/", headers={"Accept-Language": "hu"})
    assert response.headers["Location"].endswith("/fr/")


def test_root_defaults_to_english(client):
    assert client.get("/", headers={"Accept-Language": "de"}).headers["Location"].endswith("/en/")


def test_a_prefixed_page_drawn_for_its_reader_remembers_its_language(client):
    # A town step with its unsaved answers in its address is drawn for its reader.
    response = client.get("/hu/g/{}/1?square_a1=cottage".format(encode(examples.load("four-players"))))
    assert response.status_code == 200
    assert response.headers["Set-Cookie"].startswith("lang=hu; ")
    # The home page is the same for every reader: its script keeps the language (tests/browser).
    assert "Set-Cookie" not in client.get("/hu/").headers


def test_home_page(client):
    response = client.get("/en/")
    assert response.status_code == 200
    assert '<html lang="en">' in response.text
    assert 'href="/en/new"' in response.text


def kept_words(html: str) -> dict:
    return {int(count): (names, delete) for count, names, delete in re.findall(
        r'<template class="kept-words" data-players="(\d)"><span>(.*?)</span><span>(.*?)</span></template>', html)}


@pytest.mark.parametrize("lang, names, delete, solo", [
    ("en", "{0}, {1}, and {2}", "Delete the game of {0}, {1}, and {2}", "Delete the game of {0}"),
    ("fr", "{0}, {1} et {2}", "Supprimer la partie\u00a0: {0}, {1} et {2}", "Supprimer la partie\u00a0: {0}"),
    ("hu", "{0}, {1} és {2}", "{0}, {1} és {2} játszmájának törlése", "{0} játszmájának törlése"),
])
def test_the_home_page_words_a_kept_games_names_and_its_delete_button_with_the_names_as_slots(client, lang, names,
                                                                                              delete, solo):
    """The games kept on the phone are known to its script alone (home.js): the server words them for each count of
    players, as its lists are written, and the script puts each name, isolated, in its slot as text."""
    kept = kept_words(client.get("/{}/".format(lang)).text)
    assert sorted(kept) == [1, 2, 3, 4, 5, 6]
    slots = ['<bdi data-name="{}"></bdi>'.format(i) for i in range(3)]
    assert kept[3] == (names.format(*slots), delete.format(*slots))
    assert kept[1] == (slots[0], solo.format(slots[0]))
    assert kept[6][0].count("<bdi") == 6


def test_a_kept_games_sentence_escapes_its_words_around_the_slots():
    from webscore.web.i18n.labels import name_slots

    with new_app().test_request_context("/en/"):
        assert name_slots(2, "<%(names)s> & co") == '&lt;<bdi data-name="0"></bdi> and <bdi data-name="1"></bdi>&gt; &amp; co'


def test_unknown_language_is_404(client):
    assert client.get("/de/new").status_code == 404
    assert client.get("/de/").status_code == 302


def test_setup_form_defaults_to_the_first_game(client):
    html = client.get("/en/new").text
    picked = [checked(html, colour) for colour in ("red", "grey", "orange", "green", "yellow", "navy")]
    assert picked == [["farm"], ["well"], ["chapel"], ["tavern"], ["theater"], ["factory"]]
    assert names_typed(html) == ["", ""]


def test_start_redirects_to_the_first_town(client):
    response = start(client)
    assert response.status_code == 302
    location = response.headers["Location"]
    assert location.startswith("/en/g/") and location.endswith("/1")
    game = decode(code_of(location))
    assert [p["name"] for p in game["players"]] == ["Ana", "Bo", "Cy"]
    assert [p["monument"] for p in game["players"]] == ["barrett-castle", "the-starloom", None]
    assert game["buildings"] == ["cottage", "farm", "well", "chapel", "feast-hall", "theater", "warehouse"]


@pytest.mark.parametrize("changes, message", [
    ({"players-1": "  "}, "Enter a name."),
    ({"players-1": "x" * 25}, "Keep names to 24 characters."),
    ({"players-1": "Bo\x07"}, "Names cannot hold control characters."),
    ({"monuments-1": "barrett-castle"}, "Each monument exists once: another player already has this one."),
    ({"mode": "solo"}, "Solo is played by exactly one player."),
    ({"green": "inn", "mode": "solo", "players-1": None, "players-2": None}, "Inn is not used in a solo game."),
    ({"green": None}, "Choose one card of each colour."),
    ({"green": "castle"}, "Choose one card of each colour."),
])
def test_setup_mistakes_are_shown_and_nothing_typed_is_lost(client, changes, message):
    response = start(client, **changes)
    assert response.status_code == 422
    assert message in errors(response.text)
    assert names_typed(response.text)[0] == "Ana"


@pytest.mark.parametrize("lang, message", [("en", "Enter a name."), ("fr", "Saisissez un nom.")])
def test_a_setup_refused_at_its_start_says_so_again_when_reloaded_and_starts_nothing(client, lang, message):
    refused = client.get("/{}/new".format(lang), query_string=dict(SETUP, **{"players-1": ""}))
    assert (refused.status_code, errors(refused.text)) == (422, [message])
    assert 'data-reload="check"' in refused.text
    again = client.get("/{}/new".format(lang), query_string=dict(SETUP, action="check", **{"players-1": ""}))
    assert (again.status_code, errors(again.text), names_typed(again.text)) == (422, [message], ["Ana", "", "Cy"])
    mended = client.get("/{}/new".format(lang), query_string=dict(SETUP, action="check"))
    assert (mended.status_code, errors(mended.text), "data-reload" in mended.text) == (200, [], False)


def test_a_setup_refused_at_its_start_is_drawn_again_on_back_as_it_was_refused(client):
    # Without scripts, Back to a refused start showed its message beside a name typed since (the browser put it back,
    # or kept the page as left): the form asks for nothing to be put back, and the page for being kept nowhere.
    refused = client.get("/en/new", query_string=dict(SETUP, **{"players-1": ""}))
    assert (refused.status_code, refused.headers["Cache-Control"]) == (422, "no-store")
    assert re.search(r'<form id="setup-form"[^>]* data-reload="check" autocomplete="off"', refused.text)
    # A setup answered as asked, a name left blank, is no answer to a start: the browser puts back what was typed.
    shown = client.get("/en/new", query_string=dict(SETUP, action="add", **{"players-1": ""}))
    assert (shown.status_code, "Cache-Control" in shown.headers, 'autocomplete="off"' in shown.text) == (200, False, False)

def test_setup_buttons_add_move_and_remove_players(client):
    query = dict(SETUP, action="up-2")
    html = client.get("/en/new", query_string=query).text
    assert names_typed(html) == ["Ana", "Cy", "Bo"]
    html = client.get("/en/new", query_string=dict(SETUP, action="remove-0")).text
    assert names_typed(html) == ["Bo", "Cy"]
    html = client.get("/en/new", query_string=dict(SETUP, action="add")).text
    assert names_typed(html) == ["Ana", "Bo", "Cy", ""]


def test_deal_gives_one_card_per_colour(client):
    html = client.get("/en/new", query_string=dict(SETUP, action="deal")).text
    for colour in ("red", "grey", "orange", "green", "yellow", "navy"):
        assert len(checked(html, colour)) == 1


@pytest.mark.parametrize("lang, none, named", [("en", "red: no card chosen", "Tithe Barn"),
                                               ("fr", "rouge\u00a0: aucune carte choisie", "Grange dîmière")])
def test_fortunes_switch_turned_off_and_on_again_keeps_its_card_chosen(client, lang, none, named):
    fields = dict(SETUP, red="tithe-barn", action="refresh")
    off = client.get("/{}/new".format(lang), query_string=fields).text
    chip = r'data-colour="red"[^>]*>.*?class="chosen-name">([^<]*)<'
    assert (checked(off, "red"), re.search(chip, off, re.S).group(1)) == (["tithe-barn"], none)
    on = client.get("/{}/new".format(lang), query_string=dict(fields, fortune="y")).text
    assert (checked(on, "red"), re.search(chip, on, re.S).group(1)) == (["tithe-barn"], named)



@pytest.mark.parametrize("lang, message", [
    ("en", "Tithe Barn is a Fortune card: turn on Fortune's cards to play it, or choose a card of the base game."),
    ("fr", "La carte Grange dîmière vient de Fortune\u00a0: activez les cartes Fortune pour la jouer, ou choisissez "
           "une carte du jeu de base."),
    ("hu", "Dézsmapajta: ez Fortune-kártya. Kapcsold be a Fortune-kártyákat, hogy játszhassatok vele, vagy válassz "
           "az alapjáték kártyái közül.")])
def test_a_fortune_card_chosen_while_fortunes_cards_are_off_is_named_at_the_start_and_stays_chosen(client, lang, message):
    # The form as sent without scripts: Fortune's cards switched off after the Tithe Barn was chosen. Its card is out of
    # sight, so "choose one card of each colour" would ask for what the player thinks is done.
    refused = client.get("/{}/new".format(lang), query_string=dict(SETUP, red="tithe-barn"))
    assert (refused.status_code, errors(refused.text)) == (422, [message])
    assert '<span class="error" id="red-error-1" role="alert" tabindex="-1">' in refused.text
    assert (checked(refused.text, "red"), names_typed(refused.text)) == (["tithe-barn"], ["Ana", "Bo", "Cy"])
    started = client.get("/{}/new".format(lang), query_string=dict(SETUP, red="tithe-barn", fortune="y"))
    assert started.status_code == 302
    assert decode(code_of(started.location))["buildings"][1] == "tithe-barn"

def test_deal_monuments_offers_two_each(client):
    html = client.get("/en/new", query_string=dict(SETUP, action="deal-monuments")).text
    dealt = hidden_values(html, "dealt-")
    assert len(dealt) == 3
    cards = " ".join(dealt).split()
    assert len(cards) == 6 and len(set(cards)) == 6
    # Each player's two show as two options to keep one of, and no select offers any other.
    form = html.split('<template id="player-row">')[0]
    assert 'name="monuments-' not in "".join(re.findall(r"<select.*?</select>", form, re.S))
    for n in range(3):
        options = re.findall(r'<input id="monuments-{0}-\d" name="monuments-{0}" type="radio" value="([^"]+)"'.format(n), html)
        assert options == dealt[n].split()


def test_play_again_keeps_players_and_buildings(client):
    html = client.get("/en/new", query_string={"again": RULEBOOK_CODE}).text
    assert 'value="Rulebook"' in html
    assert checked(html, "yellow") == ["bakery"]


def _game_code(client):
    return code_of(start(client).headers["Location"])


def test_town_step_shows_the_players_monument_and_facts(client):
    code = _game_code(client)
    html = client.get("/en/g/{}/2".format(code)).text
    assert "Town of Bo" in html
    assert 'data-card="the-starloom"' in html and 'data-card="barrett-castle"' not in html
    assert 'name="completed_before"' in html and 'name="shrine_buildings"' not in html
    assert 'name="master_builder_turns"' in html


def test_a_wrong_monument_is_put_right_on_the_town_step(client):
    code = _game_code(client)
    query = town_query(". . . .", ". . . .", ". . . .", ". . . .", monument="barrett-castle", go="2")
    response = client.get("/en/g/{}/2/save".format(code), query_string=query)
    assert response.status_code == 422
    assert "Each monument exists once: another player already has this one." in errors(response.text)
    query.update(monument="the-sky-baths")
    response = client.get("/en/g/{}/2/save".format(code), query_string=query)
    assert response.status_code == 302 and response.headers["Location"].endswith("/2")
    assert decode(code_of(response.headers["Location"]))["players"][1]["monument"] == "the-sky-baths"
    html = client.get(response.headers["Location"]).text
    assert 'data-card="the-sky-baths"' in html and 'data-card="the-starloom"' not in html


@pytest.mark.parametrize("lang, message", [("en", "Each monument exists once: another player already has this one."),
                                           ("hu", None)])
def test_a_monument_a_later_player_has_is_refused_on_the_earlier_players_step(client, lang, message):
    # The step sends itself as the monument is chosen (go is its own number).
    code = _game_code(client)
    query = town_query(". . . .", ". . . .", ". . . .", ". . . .", monument="the-starloom", go="1")
    response = client.get("/{}/g/{}/1/save".format(lang, code), query_string=query)
    assert response.status_code == 422
    assert len(errors(response.text)) == 1 and (message is None or errors(response.text) == [message])


def test_saving_a_town_moves_on_and_keeps_it(client):
    code = _game_code(client)
    query = town_query("cottage farm barrett-castle warehouse", ". . . .", ". . . .", ". . . .",
                       **{"stored_d1": "2", "master_builder_turns": "3", "go": "next"})
    response = client.get("/en/g/{}/1/save".format(code), query_string=query)
    assert response.status_code == 302
    assert response.headers["Location"].endswith("/2")
    player = decode(code_of(response.headers["Location"]))["players"][0]
    assert player["town"][0] == ["cottage", "farm", "barrett-castle", "warehouse"]
    assert player["stored"] == {"d1": 2}
    assert player["master_builder_turns"] == 3


@pytest.mark.parametrize("rows, facts, message", [
    (("warehouse . . .",), {"stored_a1": "-1"}, "Enter how many resources are stored, from 0 to 3."),
    (("warehouse . . .",), {"stored_a1": "4"}, "A Warehouse stores at most 3 resources."),
    (("barrett-castle barrett-castle . .",), {}, "A town holds one monument only."),
    (("bakery . . .",), {}, "This building is not one of this game's seven."),
    ((". . . .",), {"master_builder_turns": "many"}, "Enter a whole number."),
])
def test_town_mistakes_are_explained_on_the_square(client, rows, facts, message):
    code = _game_code(client)
    query = town_query(*(rows + (". . . .",) * (4 - len(rows))), **facts)
    response = client.get("/en/g/{}/1/save".format(code), query_string=query)
    assert response.status_code == 422
    assert message in errors(response.text)


def test_the_language_switch_shows_a_town_half_entered_in_the_other_language_unjudged(client):
    # The Shrine's count typed before the town's other buildings: no mistake yet, whichever the language.
    code = examples.FOUR_PLAYERS_CODE
    query = town_query("shrine-of-the-elder-tree cottage . .", ". . . .", ". . . .", ". . . .", shrine_buildings="9",
                       master_builder_turns="2")
    step = client.get("/en/g/{}/3".format(code), query_string=query)
    assert 'formaction="/fr/g/{}/3" lang="fr" name="go"'.format(code) in step.text
    switched = client.get("/fr/g/{}/3".format(code), query_string=dict(query, go="3"))
    assert switched.status_code == 200 and errors(switched.text) == []
    assert typed(switched.text, "shrine_buildings") == ["9"] and 'lang="fr"' in switched.text
    # Saving it still names the count (what the language switch sent before: a 422 in the other language).
    assert client.get("/fr/g/{}/3/save".format(code), query_string=dict(query, go="3")).status_code == 422


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_step_opened_with_an_answer_saving_refuses_names_it_as_saving_does(client, lang):
    # An address kept from a step being entered (a reload, a link) with a load or a count no town takes.
    code = _game_code(client)
    query = town_query("cottage farm barrett-castle warehouse", ". . . .", ". . . .", ". . . .",
                       stored_d1="-1", master_builder_turns="abc")
    opened = client.get("/{}/g/{}/1".format(lang, code), query_string=query)
    saved = client.get("/{}/g/{}/1/save".format(lang, code), query_string=query)
    assert (opened.status_code, saved.status_code) == (422, 422)
    assert errors(opened.text) == errors(saved.text) and len(errors(opened.text)) == 2
    if lang == "en":
        assert errors(opened.text) == ["Enter how many resources are stored, from 0 to 3.", "Enter a whole number."]
    # What was typed is shown back in its field.
    assert (typed(opened.text, "stored_d1"), typed(opened.text, "master_builder_turns")) == (["-1"], ["abc"])
    # Left blank, the same answers are still to be given: no message.
    query.update(stored_d1="", master_builder_turns="")
    blank = client.get("/{}/g/{}/1".format(lang, code), query_string=query)
    assert blank.status_code == 200 and errors(blank.text) == []


def squares_shown(html: str) -> dict:
    """Return each square's card as its select shows it ("" for Empty, or for a card it does not offer)."""
    shown = {}
    for name, options in re.findall(r'name="square_(\w\d)">(.*?)</select>', html):
        selected = re.search(r'<option selected value="([^"]*)"', options)
        shown[name] = selected.group(1) if selected else ""
    return shown


def test_a_step_opened_with_answers_for_no_square_of_the_board_shows_the_saved_town(client):
    code = examples.FOUR_PLAYERS_CODE
    saved = squares_shown(client.get("/en/g/{}/1".format(code)).text)
    assert len(saved) == 16 and [saved[name] for name in ("a1", "b1", "c1", "d1")] == ["cottage", "cottage", "farm", "well"]
    # A square off the board is no square of this step: let be, as any field the step does not have.
    off = client.get("/en/g/{}/1".format(code), query_string={"square_z9": "farm"})
    assert off.status_code == 200 and squares_shown(off.text) == saved
    # A monument chosen in the address is shown on the saved town: offered on the palette, the one it replaces
    # no longer (its square shows empty, as after choosing another monument on the step), and saving checks it.
    other = client.get("/en/g/{}/1".format(code), query_string={"monument": "the-sky-baths"})
    assert other.status_code == 200 and "barrett-castle" in saved.values()
    assert squares_shown(other.text) == {name: "" if card == "barrett-castle" else card for name, card in saved.items()}
    assert 'data-card="the-sky-baths"' in other.text and 'data-card="barrett-castle"' not in other.text


def test_a_town_link_that_names_no_monument_keeps_the_players_own(client):
    # Going on from such a step must not save the player without their monument.
    code = examples.FOUR_PLAYERS_CODE
    page = client.get("/hu/g/{}/1".format(code), query_string={"square_d4": "theater"})
    assert page.status_code == 200
    monument = re.search(r'<select[^>]*name="monument"[^>]*>(.*?)</select>', page.text, re.S).group(1)
    assert re.findall(r'<option selected value="([^"]*)"', monument) == ["barrett-castle"]
    assert squares_shown(page.text) == dict(dict.fromkeys(squares_shown(page.text), ""), d4="theater")


def test_starloom_needs_its_count(client):
    code = _game_code(client)
    query = town_query("the-starloom . . .", ". . . .", ". . . .", ". . . .")
    response = client.get("/en/g/{}/2/save".format(code), query_string=query)
    assert response.status_code == 422
    assert "How many players completed their town before this one?" in errors(response.text)
    query["completed_before"] = "1"
    assert client.get("/en/g/{}/2/save".format(code), query_string=query).status_code == 302


def test_last_town_goes_to_the_results_after_asking_about_empty_towns(client):
    code = _game_code(client)
    query = town_query(*(". . . .",) * 4, go="results")
    response = client.get("/en/g/{}/3/save".format(code), query_string=query)
    assert response.status_code == 200
    assert "The towns of Ana, Bo, and Cy are empty or barely begun: see the scores anyway?" in response.text
    response = client.get("/en/g/{}/3/save".format(code), query_string=dict(query, confirm="empty"))
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/en/r/")


def test_back_goes_to_the_previous_player(client):
    code = _game_code(client)
    response = client.get("/en/g/{}/2/save".format(code), query_string=town_query(*(". . . .",) * 4, go="back"))
    assert response.headers["Location"].endswith("/1")


def test_results_page(client):
    response = client.get("/en/r/" + RULEBOOK_CODE)
    assert response.status_code == 200
    html = response.text
    assert re.findall(r'data-player="(\d)" data-total="(-?\d+)" data-place="(\d)"', html) == [("0", "28", "1")]
    assert "Engineer" in html
    assert "Chapel</a> <span class=\"colour\">(orange)</span>: <strong>4</strong>" in html
    assert "/qr/{}.svg".format(RULEBOOK_CODE) in html
    assert 'value="http://marquoir.test/r/{}"'.format(RULEBOOK_CODE) in html


def test_shared_link_opens_in_the_readers_language(client):
    response = client.get("/r/" + RULEBOOK_CODE, headers={"Accept-Language": "fr"})
    assert response.status_code == 302
    assert response.headers["Location"] == "/fr/r/" + RULEBOOK_CODE


def test_qr_code_is_svg(client):
    response = client.get("/qr/{}.svg".format(RULEBOOK_CODE))
    assert response.status_code == 200
    assert response.mimetype == "image/svg+xml"
    assert response.data.startswith(b"<svg")


@pytest.mark.parametrize("path", [
    "/en/r/AAAA", "/en/r/" + RULEBOOK_CODE[:-2], "/en/r/" + RULEBOOK_CODE[:-1] + "A",
    "/en/g/AAAA/1", "/qr/AAAA.svg", "/en/r/" + "A" * 700, "/r/!!!!",
])
def test_damaged_links_get_a_friendly_400(client, path):
    response = client.get(path, follow_redirects=True)
    assert response.status_code == 400
    assert "This link cannot be opened" in response.text


def test_player_number_out_of_range_is_404(client):
    code = _game_code(client)
    assert client.get("/en/g/{}/4".format(code)).status_code == 404
    assert client.get("/en/g/{}/0".format(code)).status_code == 404


# One town step, one address: Werkzeug's int converter would also take a leading zero and other scripts' digits.
@pytest.mark.parametrize("player", ["01", "%D9%A1", "%EF%BC%91"])
def test_a_town_step_with_an_odd_spelling_of_its_number_is_not_found(client, player):
    assert client.get("/hu/g/{}/1".format(examples.FOUR_PLAYERS_CODE)).status_code == 200
    assert client.get("/hu/g/{}/{}".format(examples.FOUR_PLAYERS_CODE, player)).status_code == 404


def test_unknown_page_is_404_in_the_pages_language(client):
    response = client.get("/en/nothing-here")
    assert response.status_code == 404
    assert "Page not found" in response.text


def test_post_is_refused_with_405(client):
    assert client.post("/en/new").status_code == 405


def test_a_partial_query_keeps_each_value_on_its_own_square(client):
    code = _game_code(client)
    response = client.get("/en/g/{}/3/save".format(code), query_string={"square_d4": "cottage", "go": "results",
                                                                                  "confirm": "empty"})
    assert response.status_code == 302
    town = decode(code_of(response.headers["Location"]))["players"][2]["town"]
    assert town[3][3] == "cottage"
    assert sum(1 for row in town for card in row if card) == 1


def test_play_at_the_table_goes_to_the_play_page(client):
    response = start(client, action="play")
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/en/play?code=")
    game = decode(response.headers["Location"].split("code=")[1])
    assert [p["name"] for p in game["players"]] == ["Ana", "Bo", "Cy"]
    page = client.get("/hu/play")
    assert page.status_code == 200 and '<html lang="hu">' in page.text


def test_a_starloom_owner_may_carry_the_completion_count_before_building_it(client):
    code = _game_code(client)
    game = decode(code)
    game["players"][1]["completed_before"] = 2
    assert client.get("/en/g/{}/2".format(encode(game))).status_code == 200
    game["players"][0]["completed_before"] = 1
    assert client.get("/en/g/{}/1".format(encode(game))).status_code == 400
