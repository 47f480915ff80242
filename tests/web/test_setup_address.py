"""The setup form's address as a player may type or edit it: every value it holds is shown or named."""

import re

import pytest

from support.webflow import SETUP
from support.webflow import checked
from support.webflow import code_of
from support.webflow import errors
from support.webflow import hidden_values
from support.webflow import names_typed
from webscore.scoring import decode
from webscore.scoring.names import small_letter

TYPED = dict(SETUP, action="refresh")
WITHOUT = dict(SETUP, without_monuments="y", **{"monuments-0": "", "monuments-1": ""})


def test_dealing_monuments_without_monuments_deals_nothing(client):
    response = client.get("/en/new", query_string=dict(WITHOUT, action="deal-monuments"))
    assert response.status_code == 200
    assert hidden_values(response.text, "dealt-") == ["", "", ""]
    assert hidden_values(response.text, "monuments-") == ["", "", ""]
    # The button is there for the page's script, which shows it when monuments are chosen again.
    assert '<button type="submit" name="action" value="deal-monuments" hidden>' in response.text


def test_a_name_of_joined_emoji_starts_the_game(client):
    response = client.get("/en/new", query_string=dict(SETUP, **{"players-2": "\U0001f468\u200d\U0001f469\u200d\U0001f467"}))
    assert response.status_code == 302
    assert decode(code_of(response.headers["Location"]))["players"][2]["name"] == "\U0001f468\u200d\U0001f469\u200d\U0001f467"


def test_a_joiner_between_letters_is_still_refused(client):
    response = client.get("/fr/new", query_string=dict(SETUP, **{"players-2": "C\u200dy"}))
    assert response.status_code == 422
    assert errors(response.text) == [
        "Un nom ne peut pas contenir de caractères invisibles ni de marques qui changent le sens de l’écriture."]
    assert names_typed(response.text) == ["Ana", "Bo", "C\u200dy"]


def fieldset(html: str, opening: str) -> str:
    """Return the fieldset of the page that opens with these words, up to its end."""
    return re.search(re.escape(opening) + r".*?</fieldset>", html, re.S).group(0)


def pairs(fields: dict, *more) -> list:
    """Return an address's (key, value) pairs: the fields, then more pairs, which may repeat a key."""
    return list(fields.items()) + list(more)


@pytest.mark.parametrize("action", ["refresh", "start"])
@pytest.mark.parametrize("lang, message", [
    ("en", "The mode is Master Builder, Town Hall or Solo."),
    ("fr", "Le mode est Maître d’œuvre, Hôtel de ville ou Solo."),
    ("hu", "A mód Főépítész, Városháza vagy Egyszemélyes."),
])
def test_an_unknown_mode_is_named_next_to_the_modes_and_the_rest_kept(client, action, lang, message):
    response = client.get("/{}/new".format(lang), query_string=dict(SETUP, mode="chess", action=action))
    assert response.status_code == 422
    assert errors(response.text) == [message]
    assert errors(fieldset(response.text, 'id="mode-0"')) == [message]
    assert checked(response.text, "mode") == []
    assert names_typed(response.text) == ["Ana", "Bo", "Cy"]
    assert checked(response.text, "navy") == ["warehouse"]
    assert re.search(r'<option selected value="the-starloom">|<option value="the-starloom" selected>', response.text)


@pytest.mark.parametrize("lang, message", [
    ("en", "Another player has this name: add something to tell them apart, such as an initial."),
    ("fr", "Un autre joueur porte déjà ce nom\u00a0: ajoutez de quoi les distinguer, une initiale par exemple."),
    ("hu", "Egy másik játékosnak is ez a neve: írj mellé valamit, ami megkülönbözteti őket, például egy kezdőbetűt."),
])
def test_a_name_a_row_above_has_already_is_asked_to_be_told_apart_on_its_own_row(client, lang, message):
    # Two players of one name started a game before: "Ana wins" over a ranking of Ana and Ana, one player in BG Stats.
    response = client.get("/{}/new".format(lang), query_string=dict(SETUP, **{"players-2": " ana "}))
    assert response.status_code == 422
    assert errors(response.text) == [message]
    assert re.search(r'<span class="error" id="players-2-error-1" role="alert">{}</span>'.format(re.escape(message)),
                     response.text)
    assert names_typed(response.text) == ["Ana", "Bo", " ana "]


@pytest.mark.parametrize("lang, message", [
    ("en", "Oddity Shop is not used in a Town Hall game."),
    ("fr", "La carte Boutique de curiosités n’est pas utilisée en mode Hôtel de ville."),
    ("hu", "Városháza-játszmában ez a kártya nem szerepel: Ritkaságbolt."),
])
def test_a_card_town_hall_leaves_out_is_named_on_its_colour(client, lang, message):
    # Start said "This card is not used in a Town Hall game." above the form, naming no card, where the row of the seven
    # says the navy card is none and Solo's cards are named on their colour.
    response = client.get("/{}/new".format(lang), query_string=dict(SETUP, mode="town-hall", fortune="y",
                                                                    navy="oddity-shop"))
    assert response.status_code == 422
    assert errors(response.text) == [message]
    assert errors(fieldset(response.text, 'class="colour c-navy"')) == [message]
    assert checked(response.text, "navy") == ["oddity-shop"]
    assert names_typed(response.text) == ["Ana", "Bo", "Cy"]


def test_a_card_solo_leaves_out_is_named_with_the_colours_that_have_none(client):
    # The row of the seven says the green card is none, as it says of the colours without a card; Start asked a card of
    # the others alone, and named the Inn only once they had theirs.
    response = client.get("/fr/new", query_string={"players-0": "Zoé", "mode": "solo", "green": "inn", "red": "farm",
                                                   "action": "start"})
    assert response.status_code == 422
    assert errors(fieldset(response.text, 'class="colour c-green"')) == ["La carte Auberge n’est pas utilisée en solo."]
    # Grey and orange, then green, then yellow and navy, as the chooser lists them.
    assert errors(response.text) == ["Choisissez une carte de chaque couleur."] * 2 + [
        "La carte Auberge n’est pas utilisée en solo."] + ["Choisissez une carte de chaque couleur."] * 2
    assert checked(response.text, "green") == ["inn"]
    assert names_typed(response.text) == ["Zoé"]


@pytest.mark.parametrize("first, second", [("Νίκος", "ΝΊΚΟΣ"), ("ΣΤΑΣ", "στας"), ("Ηλίας", "ΗΛΊΑΣ")])
def test_greek_names_told_apart_by_a_final_sigma_s_case_alone_are_one_name(client, first, second):
    # A Greek name ends in ς written small, in Σ written in capitals: lowered a letter at a time, ΝΊΚΟΣ was νίκοσ and
    # Νίκος νίκος, two players, where CPython's lowering (and a player) reads one name twice.
    response = client.get("/en/new", query_string=dict(SETUP, **{"players-0": first, "players-2": second}))
    assert response.status_code == 422
    assert errors(response.text) == [
        "Another player has this name: add something to tell them apart, such as an initial."]
    assert names_typed(response.text) == [first, "Bo", second]


def test_names_told_apart_by_an_initial_start_the_game(client):
    response = client.get("/en/new", query_string=dict(SETUP, **{"players-1": "Ana B."}))
    assert response.status_code == 302
    assert [p["name"] for p in decode(code_of(response.headers["Location"]))["players"]] == ["Ana", "Ana B.", "Cy"]



# The blocks whose every capital small_letter lowers as CPython does: Latin-1 and Latin Extended-A, Greek's letters
# (from Ά to Ϋ), Cyrillic and Cyrillic Supplement, and Latin Extended Additional but for its capital sharp s (ẞ).
WHOLE_BLOCKS = ((0x00C0, 0x017F), (0x0386, 0x03AB), (0x0400, 0x052F), (0x1E00, 0x1E9D), (0x1E9F, 0x1EFF))


def test_the_small_letter_of_every_capital_of_the_blocks_a_name_is_written_in_is_written_out_as_cpython_has_it():
    # The phone's core (MicroPython) lowers ASCII alone: it tells names apart by what small_letter writes out.
    for first, last in WHOLE_BLOCKS:
        for code in range(first, last + 1):
            small = chr(code).lower()
            assert small_letter(code) == (ord(small) if len(small) == 1 else code), hex(code)


def test_the_capitals_of_latin_extended_b_written_out_are_lowered_as_cpython_lowers_them():
    # Romanian's Ș (U+0218) and Ț (U+021A) among them; the block's irregular capitals are left as they are.
    lowered = [code for code in range(0x0180, 0x0250) if small_letter(code) != code]
    assert [small_letter(code) for code in lowered] == [ord(chr(code).lower()) for code in lowered]
    assert small_letter(0x0218) == 0x0219 and small_letter(0x021A) == 0x021B


@pytest.mark.parametrize("option, value", [("coins", "maybe"), ("coins", "0"), ("tiny_trees", "no"), ("cavern", "n")])
def test_an_option_edited_to_say_neither_ticked_nor_off_is_named_and_the_rest_kept(client, option, value):
    # Read as a tick before ("no" started a game with Tiny Trees).
    response = client.get("/hu/new", query_string=dict(TYPED, action="start", **{option: value}))
    assert response.status_code == 422
    assert errors(response.text) == [
        "Ez a cím olyan értéket ad ennek a mezőnek, amelyet ez az oldal nem ismer: {}.".format(option)]
    assert names_typed(response.text) == ["Ana", "Bo", "Cy"]
    assert checked(response.text, "green") == ["feast-hall"]
    # Shown unticked: started again as it stands, the game is not played with what the address refused ("coins=0"
    # came back ticked, and a second tap started a game with coins).
    assert checked(response.text, option) == []


@pytest.mark.parametrize("value, coins", [("y", True), ("on", True), ("TRUE", True), ("false", False), ("", False)])
def test_an_option_as_a_form_browser_or_script_sends_it_starts_the_game(client, value, coins):
    response = client.get("/en/new", query_string=dict(SETUP, coins=value))
    assert response.status_code == 302
    assert decode(code_of(response.headers["Location"])).get("coins", False) is coins


@pytest.mark.parametrize("action", ["refresh", "start"])
def test_a_repeated_field_is_named_and_the_first_value_shown(client, action):
    response = client.get("/en/new", query_string=pairs(dict(TYPED, action=action), ("mode", "solo")))
    assert response.status_code == 422
    assert errors(response.text) == ["This address gives mode twice."]
    assert checked(response.text, "mode") == ["master-builder"]
    assert names_typed(response.text) == ["Ana", "Bo", "Cy"]


@pytest.mark.parametrize("key, value", [("players-1", "Eve"), ("action", "start"), ("green", "inn")])
def test_any_repeated_field_is_named_in_the_readers_language(client, key, value):
    response = client.get("/hu/new", query_string=pairs(TYPED, (key, value)))
    assert response.status_code == 422
    assert errors(response.text) == ["Ez a cím kétszer adja meg ezt: {}.".format(key)]
    assert names_typed(response.text) == ["Ana", "Bo", "Cy"]
    assert checked(response.text, "green") == ["feast-hall"]


@pytest.mark.parametrize("action", ["refresh", "start"])
@pytest.mark.parametrize("lang, message", [
    ("en", "Red: Well is not a card of this colour."),
    ("fr", "Rouge\u00a0: la carte Puits n’est pas de cette couleur."),
    ("hu", "Piros: Kút – ez a kártya nem ilyen színű."),
])
def test_a_card_of_another_colour_is_named_on_its_colour_and_the_rest_kept(client, action, lang, message):
    # Only "Choose one card of each colour." was said, which did not tell what was wrong with the link.
    response = client.get("/{}/new".format(lang), query_string=dict(TYPED, red="well", action=action))
    assert response.status_code == 422
    assert errors(fieldset(response.text, 'class="colour c-red"')) == [message]
    assert errors(response.text) == [message]
    assert checked(response.text, "red") == []
    assert [checked(response.text, colour) for colour in ("grey", "orange", "green", "yellow", "navy")] == [
        ["well"], ["chapel"], ["feast-hall"], ["theater"], ["warehouse"]]
    assert checked(response.text, "mode") == ["master-builder"]
    assert names_typed(response.text) == ["Ana", "Bo", "Cy"]
    assert re.search(r'<option selected value="the-starloom">|<option value="the-starloom" selected>', response.text)


def test_a_colour_given_what_is_no_card_asks_for_one_of_each_colour(client):
    response = client.get("/fr/new", query_string=dict(TYPED, grey="castle"))
    assert response.status_code == 422
    assert errors(fieldset(response.text, 'class="colour c-grey"')) == ["Choisissez une carte de chaque couleur."]
    assert errors(response.text) == ["Choisissez une carte de chaque couleur."]
    assert checked(response.text, "red") == ["farm"]


def test_an_unknown_monument_is_named_on_its_row_before_the_game_starts(client):
    response = client.get("/en/new", query_string=dict(TYPED, **{"monuments-2": "castle"}))
    assert response.status_code == 422
    assert re.search(r'<span class="error" id="monuments-2-error-1" role="alert">This is not a monument of the game.</span>',
                     response.text)
    assert errors(response.text) == ["This is not a monument of the game."]


def test_monuments_chosen_in_a_game_without_monuments_are_kept_aside_for_when_they_are_played_again(client):
    dealt = {"dealt-2": "mandras-palace opaleyes-watch", "monuments-2": "opaleyes-watch"}
    response = client.get("/en/new", query_string=dict(SETUP, without_monuments="y", action="refresh", **dealt))
    assert response.status_code == 200
    assert errors(response.text) == []
    assert "<select" not in response.text.split('<template id="player-row">')[0]
    # Out of sight, in the form: unticked, each row shows its monument again, the pair dealt with the one kept.
    assert hidden_values(response.text, "monuments-") == ["barrett-castle", "the-starloom", "opaleyes-watch"]
    assert hidden_values(response.text, "dealt-") == ["", "", "mandras-palace opaleyes-watch"]
    again = client.get("/en/new", query_string=dict(SETUP, action="refresh", **dealt))
    assert re.search(r'<option selected value="barrett-castle">', again.text)
    assert re.search(r'<input checked id="monuments-2-1" name="monuments-2" type="radio" value="opaleyes-watch">', again.text)
    # Started, the game has none.
    started = client.get("/en/new", query_string=dict(SETUP, without_monuments="y", **dealt))
    assert started.status_code == 302
    game = decode(code_of(started.headers["Location"]))
    assert game["monuments"] is False and [p["monument"] for p in game["players"]] == [None, None, None]


def test_a_link_the_form_sends_is_shown_without_a_message(client):
    response = client.get("/en/new", query_string=TYPED)
    assert response.status_code == 200
    assert errors(response.text) == []


@pytest.mark.parametrize(("lang", "full"), [
    ("en", "A game has 1 to 6 players."),
    ("fr", "Une partie se joue de 1\u00a0à 6\u00a0joueurs."),
    ("hu", "Egy játszmában 1–6\u00a0játékos vehet részt."),
])
def test_at_six_players_the_add_button_gives_way_to_why(client, lang, full):
    six = {"players-{}".format(n): "P{}".format(n) for n in range(6)}
    page = client.get("/{}/new".format(lang), query_string=six).text
    assert '<button type="submit" name="action" value="add" hidden>' in page
    assert '<span class="hint players-full">{}</span>'.format(full) in page
    five = client.get("/{}/new".format(lang), query_string={key: six[key] for key in list(six)[:5]}).text
    assert '<button type="submit" name="action" value="add">' in five
    assert '<span class="hint players-full" hidden>{}</span>'.format(full) in five


def test_a_page_the_server_answers_a_button_with_has_the_focus_where_the_pages_script_leaves_it(client):
    # A slow phone's first taps, before its core is ready: the server answers, and the page it draws had no focus.
    typed = {key: value for key, value in TYPED.items() if key != "action"}
    added = client.get("/en/new", query_string=dict(typed, action="add")).text
    assert re.findall(r"<[^>]* autofocus[^>]*>", added) == [
        '<input autofocus class="name" dir="auto" id="players-3" maxlength="48" name="players-3" placeholder="Name"'
        ' type="text" value="">']
    removed = client.get("/en/new", query_string=dict(typed, action="remove-1")).text
    assert re.findall(r"<[^>]* autofocus[^>]*>", removed) == [
        '<button type="submit" name="action" value="remove-1" class="small" aria-label="Remove Cy" autofocus>']
    last = client.get("/en/new", query_string=dict(typed, action="remove-2")).text
    assert re.findall(r"<[^>]* autofocus[^>]*>", last) == ['<button type="submit" name="action" value="add" autofocus>']
    moved = client.get("/en/new", query_string=dict(typed, action="up-2")).text
    assert re.findall(r"<[^>]* autofocus[^>]*>", moved) == [
        '<button type="submit" name="action" value="up-1" class="small" aria-label="Move Cy up" autofocus>']
    assert "autofocus" not in client.get("/en/new", query_string=typed).text


@pytest.mark.parametrize("mode, rows", [("master-builder", ["", ""]), ("solo", [""])])
def test_an_address_with_cards_and_no_players_opens_with_the_rows_of_a_new_game(client, mode, rows):
    # It opened with one row, where a new game opens with two (a link shared with the buildings alone).
    cards = {colour: SETUP[colour] for colour in ("red", "grey", "orange", "green", "yellow", "navy")}
    blank = client.get("/en/new")
    assert names_typed(blank.text) == ["", ""]
    response = client.get("/en/new", query_string=dict(cards, mode=mode))
    assert response.status_code == 200
    assert names_typed(response.text) == rows
    assert checked(response.text, "grey") == ["well"]
    assert errors(response.text) == []


def chips(html: str) -> dict:
    """Return what the row of the seven shows for each colour's card, by colour."""
    return dict(re.findall(r'data-colour="(\w+)"[^>]*>.*?class="chosen-name">([^<]*)<', html, re.S))


@pytest.mark.parametrize("lang, none, named", [
    ("en", "{}: no card chosen", ("Farm", "Well", "Chapel", "Theater")),
    ("fr", "{}\u00a0: aucune carte choisie", ("Ferme", "Puits", "Chapelle", "Théâtre")),
    ("hu", "{}: nincs kiválasztott kártya", ("Tanya", "Kút", "Kápolna", "Színház")),
])
def test_a_card_the_mode_leaves_out_shows_in_the_row_of_seven_as_no_card(client, lang, none, named):
    # Solo hid the Schoolhouse and the Oddity Shop from the chooser, but the row still named them, then Start refused them.
    colours = {"en": ("green", "navy"), "fr": ("vert", "bleu marine"), "hu": ("zöld", "sötétkék")}[lang]
    fields = dict(SETUP, mode="solo", fortune="y", green="schoolhouse", navy="oddity-shop", action="refresh",
                  **{"players-1": "", "players-2": ""})
    solo = client.get("/{}/new".format(lang), query_string=fields)
    assert solo.status_code == 200
    assert chips(solo.text) == dict(zip(("red", "grey", "orange", "yellow"), named), green=none.format(colours[0]),
                                    navy=none.format(colours[1]))
    # Still chosen, out of sight: another mode plays them again.
    assert (checked(solo.text, "green"), checked(solo.text, "navy")) == (["schoolhouse"], ["oddity-shop"])
    # Town Hall leaves the Oddity Shop alone out.
    town_hall = client.get("/{}/new".format(lang), query_string=dict(fields, mode="town-hall"))
    assert chips(town_hall.text)["navy"] == none.format(colours[1])
    assert chips(town_hall.text)["green"] != none.format(colours[0])


def test_a_card_of_the_base_game_solo_leaves_out_shows_as_no_card(client):
    solo = client.get("/en/new", query_string=dict(SETUP, mode="solo", green="inn", navy="bank", action="refresh"))
    assert (chips(solo.text)["green"], chips(solo.text)["navy"]) == ("green: no card chosen", "navy: no card chosen")
    played = client.get("/en/new", query_string=dict(SETUP, green="inn", navy="bank", action="refresh"))
    assert (chips(played.text)["green"], chips(played.text)["navy"]) == ("Inn", "Bank")
