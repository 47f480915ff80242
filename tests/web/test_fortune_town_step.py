"""A town step of a game with coins and Tiny Trees, in each language: its coins asked in a number field tied to its
messages, its seed put on the board by a palette tool and sent in a select of its own (shown without scripts),
Hollow Hill's swaps asked of its owner; a town saved without its coins is refused, naming them in the reader's
language."""

import json
import re

import pytest

from support.towns import town
from support.webflow import text_of
from webscore.flow import town_pieces
from webscore.languages import LANGUAGES
from webscore.scoring import encode
from webscore.scoring import problems

BUILDINGS = ["cottage", "root-cellar", "well", "chapel", "tavern", "theater", "factory"]
SEED_NONE = {"en": "No seed put down", "fr": "Aucune graine posée", "hu": "Nincs letett mag"}
COINS_MISSING = {"en": "How many coins are in the chest, before any are spent at the end?",
                 "fr": "Combien de pièces le coffre contient-il, avant toute dépense de fin de partie\u202f?",
                 "hu": "Hány érme van a ládában, mielőtt a játszma végén bármennyit elköltenél?"}


def game() -> dict:
    """A game of two with coins and Tiny Trees, its first town entered, the second just set up."""
    players = [{"name": "Léa", "monument": "hollow-hill", "coins": 2, "seed": "d4", "hollow_hill_swaps": 1,
                "town": town("hollow-hill cottage root-cellar .", ". . . .", ". . . .", ". . . .")},
               {"name": "Noé", "monument": None, "town": town(". . . .", ". . . .", ". . . .", ". . . .")}]
    return {"mode": "town-hall", "monuments": True, "cavern": False, "coins": True, "tiny_trees": True,
            "buildings": BUILDINGS, "players": players}


def squares(**cards) -> dict:
    found = {"square_{}{}".format(column, row): "" for row in range(1, 5) for column in "abcd"}
    found.update({"square_" + name: card for name, card in cards.items()})
    return found


def test_the_game_is_valid():
    assert problems(game()) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_coins_games_step_shows_its_coins_its_seed_and_hollow_hills_swaps(client, lang):
    page = client.get("/{}/g/{}/1".format(lang, encode(game())))
    assert page.status_code == 200
    html = page.text
    assert re.search(r'<input autocomplete="off" id="coins" inputmode="numeric" name="coins" pattern="\[0-9\]\*" '
                     r'type="text" value="2">', html)
    assert re.search(r'<input autocomplete="off" id="hollow_hill_swaps" inputmode="numeric" name="hollow_hill_swaps" '
                     r'pattern="\[0-9\]\*" type="text" value="1">', html)
    assert re.search(r'<select class="seed-select" id="seed" name="seed"><option value="">[^<]+</option>'
                     r'<option value="none">{}</option><option value="a1">a1</option>.*'
                     r'<option selected value="d4">d4</option></select>'.format(SEED_NONE[lang]), html)
    # Where scripts run, the board stands for the select, and this box for its "none".
    assert '<label class="choice seed-none"><input class="seed-none-box" type="checkbox"> {}</label>'.format(
        SEED_NONE[lang]) in html
    assert '<label for="coins">' in html and '<label for="hollow_hill_swaps">' in html
    # The seed's tool in the palette, and its mark shown on its square only.
    assert html.count('data-seed') == 1 and 'class="tool c-seed"' in html
    marks = re.findall(r'data-square="(\w\d)".*?<span class="square-seed"( hidden)?>', html, re.S)
    assert [name for name, hidden in marks if not hidden] == ["d4"] and len(marks) == 16


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_town_saved_without_its_coins_is_refused_naming_them(client, lang):
    address = "/{}/g/{}/2/save".format(lang, encode(game()))
    answer = client.get(address, query_string=dict(squares(a1="cottage"), seed="b2", go="next"))
    assert answer.status_code == 422
    html = answer.text
    message = COINS_MISSING[lang]
    assert message in text_of(html)
    # On its field, tied to it.
    assert re.search(r'<input aria-describedby="coins-error-1" aria-invalid="true" autocomplete="off" id="coins"', html)
    assert re.search(r'<span class="error" id="coins-error-1" role="alert">{}</span>'.format(re.escape(message)), html)
    assert 'id="seed-error-1"' not in html


@pytest.mark.parametrize("lang, coins, swaps", [
    ("en", "A chest holds 0 to 4 coins, or 5 with a monument that adds a place.", "Count from 0 to 99."),
    ("fr", "Un coffre contient de 0\u00a0à 4\u00a0pièces, ou 5\u00a0avec un monument qui y ajoute une place.",
     "Indiquez un nombre entre 0\u00a0et 99."),
])
def test_coins_and_swaps_of_seven_digits_are_refused_with_their_range_and_kept(client, lang, coins, swaps):
    # A thumb held on a key: "Enter a whole number" told of a whole number, and not what the box takes.
    address = "/{}/g/{}/1/save".format(lang, encode(game()))
    typed = dict(squares(a1="hollow-hill", b1="cottage"), seed="d4", coins="2222222", hollow_hill_swaps="1111111",
                 go="next")
    answer = client.get(address, query_string=typed)
    assert answer.status_code == 422
    html = answer.text
    assert '<span class="error" id="coins-error-1" role="alert">{}</span>'.format(coins) in html
    assert '<span class="error" id="hollow_hill_swaps-error-1" role="alert">{}</span>'.format(swaps) in html
    assert 'id="coins" inputmode="numeric" name="coins" pattern="[0-9]*" type="text" value="2222222">' in html
    assert 'name="hollow_hill_swaps" pattern="[0-9]*" type="text" value="1111111">' in html


def test_a_town_saved_with_its_coins_and_seed_goes_on(client):
    address = "/en/g/{}/2/save".format(encode(game()))
    answer = client.get(address, query_string=dict(squares(a1="cottage"), coins="3", seed="b2", go="back"))
    assert answer.status_code == 302
    code = re.search(r"/g/([^/]+)/1$", answer.location).group(1)
    player = client.get("/en/g/{}/2".format(code)).text
    assert 'value="3"' in player and '<option selected value="b2">b2</option>' in player


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_town_whose_player_put_no_seed_down_goes_on_and_comes_back_so(client, lang):
    address = "/{}/g/{}/2/save".format(lang, encode(game()))
    answer = client.get(address, query_string=dict(squares(a1="cottage"), coins="3", seed="none", go="back"))
    assert answer.status_code == 302
    code = re.search(r"/g/([^/]+)/1$", answer.location).group(1)
    player = client.get("/{}/g/{}/2".format(lang, code)).text
    assert '<option selected value="none">{}</option>'.format(SEED_NONE[lang]) in player
    assert '<input checked class="seed-none-box" type="checkbox">' in player
    # No square shows the seed's mark.
    assert len(re.findall(r'<span class="square-seed" hidden>', player)) == 16


def test_a_game_without_the_expansions_asks_for_neither(client):
    played = dict(game(), coins=False, tiny_trees=False)
    played["players"] = [dict(player, coins=None, seed=None) for player in played["players"]]
    html = client.get("/en/g/{}/2".format(encode(played))).text
    assert 'name="coins"' not in html and 'name="seed"' not in html and "data-seed" not in html


# What the square the seed lies on says, as drawn, with each card a tap may put there: the seed is said with it.
SEEDED = {"en": ("d4, Empty, Seed, −1 point", "d4, Empty, Seed", "d4, Cottage, Seed", "d4, Hollow Hill, Seed"),
          "fr": ("d4, Vide, Graine, −1\u00a0point", "d4, Vide, Graine", "d4, Maison de campagne, Graine",
                 "d4, Colline creuse, Graine"),
          "hu": ("d4, Üres, Mag, −1\u00a0pont", "d4, Üres, Mag", "d4, Kunyhó, Mag", "d4, Üreges Domb, Mag")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_square_the_seed_lies_on_says_it_with_every_card_as_the_live_score_does(client, lang):
    # Drawn by the server, it said the seed as it came ("d4, Empty, Seed, −1 point"), but not with a card a tap put
    # there until the core in the browser had answered ("d4, Cottage"), nor ever where no core runs.
    html = client.get("/{}/g/{}/1".format(lang, encode(game()))).text
    words = json.loads(re.search(r'<script type="application/json" id="words">(.*?)</script>', html).group(1))
    said = dict(re.findall(r'(data-said[-\w]*)="([^"]*)"',
                           re.search(r'<div class="square[^"]*" ([^>]*data-square="d4"[^>]*)>', html).group(1)))
    assert (said["data-said"], said["data-said-empty"], said["data-said-cottage"],
            said["data-said-hollow-hill"]) == SEEDED[lang]
    # Worded as the live score words them (town_pieces.live_numbers), for every card the square can hold.
    for card in BUILDINGS + ["hollow-hill", ""]:
        fields = dict(squares(d4=card), seed="d4")
        alone = town_pieces.live_numbers(words, {"waiting": ["coins"]}, fields)["said"]["d4"][0]
        assert said["data-said-" + (card or "empty")] == alone
    # Every other square says no seed.
    assert html.count("data-said-cottage=") == 16 and len(re.findall(r'data-said-cottage="[^"]*, {}"'.format(
        re.escape(words["ui"]["seed"])), html)) == 1
