"""The setup form's address as a player may type or edit it: every value it holds is shown or named."""

from support.webflow import SETUP
from support.webflow import code_of
from support.webflow import errors
from support.webflow import hidden_values
from support.webflow import names_typed
from webscore.scoring import decode

WITHOUT = dict(SETUP, without_monuments="y", **{"monuments-0": "", "monuments-1": ""})


def test_dealing_monuments_without_monuments_deals_nothing(client):
    response = client.get("/en/new", query_string=dict(WITHOUT, action="deal-monuments"))
    assert response.status_code == 200
    assert hidden_values(response.text, "dealt-") == ["", "", ""]
    assert 'name="monuments-0"' not in response.text
    assert 'value="deal-monuments"' not in response.text


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
