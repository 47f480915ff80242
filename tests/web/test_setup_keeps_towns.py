"""A game begun, taken back to its setup from a town step: players removed, added or moved keep their towns."""

from urllib.parse import parse_qs
from urllib.parse import urlsplit

import pytest

from support.webflow import SETUP
from support.webflow import code_of
from support.webflow import errors
from support.webflow import hidden_values
from support.webflow import names_typed
from support.webflow import town_query
from webscore.scoring import decode

ANA = town_query("cottage farm cottage .", ". . . .", ". . . .", ". . . barrett-castle", master_builder_turns="2")
EMPTY = [[None] * 4 for _ in range(4)]


def _begun(client):
    """Start SETUP's game and save Ana's town; return the code of the game with it."""
    first = code_of(client.get("/en/new", query_string=SETUP).headers["Location"])
    saved = client.get("/en/g/{}/1/save".format(first), query_string=dict(ANA, go="next"))
    assert saved.status_code == 302
    return code_of(saved.headers["Location"])


def test_the_town_step_offers_the_setup_and_its_button_keeps_the_town_entered(client):
    code = _begun(client)
    step = client.get("/hu/g/{}/2".format(code))
    assert '<button type="submit" name="go" value="setup" class="small">Játékosok vagy épületek módosítása</button>' in step.text
    answer = client.get("/hu/g/{}/2/save".format(code), query_string=dict(
        town_query("feast-hall . . .", ". . . .", ". . . .", ". . . ."), go="setup", monument="the-starloom"))
    assert answer.status_code == 302
    where = urlsplit(answer.headers["Location"])
    assert where.path == "/hu/new"
    query = parse_qs(where.query)
    assert (query["players-0"], query["origins-0"], query["origins-2"]) == (["Ana"], ["0"], ["2"])
    kept = decode(query["towns"][0])
    assert kept["players"][0]["town"][0] == ["cottage", "farm", "cottage", None]
    assert kept["players"][1]["town"][0] == ["feast-hall", None, None, None]


def test_the_setup_opens_from_a_town_whose_coins_and_seed_are_not_answered_yet(client):
    first = code_of(client.get("/en/new", query_string=dict(SETUP, coins="y", tiny_trees="y")).headers["Location"])
    typed = dict(town_query("farm . . .", ". . . .", ". . . .", ". . . ."), coins="", seed="", go="setup")
    # The page's script keeps the town typed as the phone's draft, and says so.
    answer = client.get("/en/g/{}/1/save".format(first), query_string=dict(typed, draft="kept"))
    assert answer.status_code == 302
    where = urlsplit(answer.headers["Location"])
    query = parse_qs(where.query)
    assert (where.path, query["towns"], query["resume"], query["players-0"]) == ("/en/new", [first], ["0"], ["Ana"])
    # Without scripts the questions come first, the town typed kept on the page.
    asked = client.get("/en/g/{}/1/save".format(first), query_string=typed)
    assert (asked.status_code, errors(asked.text)) == (
        422, ["How many coins are in the chest, before any are spent at the end?", "Which square holds this player's seed?"])
    step = client.get("/en/g/{}/1".format(first))
    assert '<input type="hidden" name="draft" value="kept" disabled>' in step.text


def test_the_setup_draws_the_towns_it_keeps_and_each_row_seat(client):
    code = _begun(client)
    setup = client.get("/fr/g/{}/1/save".format(code), query_string=dict(ANA, go="setup")).headers["Location"]
    page = client.get(setup)
    assert page.status_code == 200
    assert names_typed(page.text) == ["Ana", "Bo", "Cy"]
    assert hidden_values(page.text, "origins-") == ["0", "1", "2"]
    assert 'name="towns" type="hidden" value="{}"'.format(parse_qs(urlsplit(setup).query)["towns"][0]) in page.text


def test_removing_a_player_on_the_setup_keeps_the_towns_of_the_others(client):
    code = _begun(client)
    fields = parse_qs(urlsplit(client.get("/en/g/{}/2/save".format(code), query_string=dict(
        town_query(". . . .", ". . . .", ". . . .", ". . . ."), go="setup", monument="the-starloom")).headers["Location"]).query)
    removed = client.get("/en/new", query_string=dict(fields, action="remove-1"))
    assert names_typed(removed.text) == ["Ana", "Cy"]
    assert hidden_values(removed.text, "origins-") == ["0", "2"]
    started = client.get("/en/new", query_string=dict(fields, **{
        "players-1": "Cy", "monuments-1": "", "origins-1": "2", "players-2": [], "monuments-2": [], "origins-2": [],
        "dealt-2": [], "action": "start"}))
    assert started.status_code == 302
    game = decode(code_of(started.headers["Location"]))
    assert [p["name"] for p in game["players"]] == ["Ana", "Cy"]
    assert game["players"][0]["town"][0] == ["cottage", "farm", "cottage", None]
    assert game["players"][0]["master_builder_turns"] == 2
    assert game["players"][1]["town"] == EMPTY


@pytest.mark.parametrize("lang, message", [
    ("en", "The towns this setup came with cannot be read: the game starts with empty towns."),
    ("fr", "Les bourgades de cette partie sont illisibles\u00a0: la partie commence avec des bourgades vides."),
    ("hu", "A játszma eddig beírt városai nem olvashatók: a játék üres városokkal indul."),
])
def test_towns_that_do_not_read_are_named_in_the_reader_language_and_nothing_typed_is_lost(client, lang, message):
    answer = client.get("/{}/new".format(lang), query_string=dict(SETUP, towns="AQQD<script>", action="refresh",
                                                                  **{"origins-0": "0"}))
    assert answer.status_code == 422
    assert errors(answer.text) == [message]
    assert names_typed(answer.text) == ["Ana", "Bo", "Cy"]
    assert hidden_values(answer.text, "origins-") == ["", "", ""]
    started = client.get("/{}/new".format(lang), query_string=dict(SETUP, towns="AQQD<script>"))
    assert started.status_code == 422


def test_the_setup_opened_from_a_town_step_starts_the_game_again_at_that_town(client):
    code = _begun(client)
    setup = client.get("/en/g/{}/3/save".format(code), query_string=dict(
        town_query("well . . .", ". . . .", ". . . .", ". . . ."), go="setup"))
    fields = {key: values[0] for key, values in parse_qs(urlsplit(setup.headers["Location"]).query).items()}
    assert fields["resume"] == "2"
    assert '<input id="resume" name="resume" type="hidden" value="2">' in client.get(setup.headers["Location"]).text
    # Dóra sits down before Cy: the game starts again at Cy's town, now the fourth.
    fields.update({"players-2": "Dóra", "monuments-2": "", "dealt-2": "", "origins-2": "", "players-3": "Cy",
                   "monuments-3": fields.get("monuments-2", ""), "dealt-3": "", "origins-3": "2", "action": "start"})
    started = client.get("/en/new", query_string=fields)
    assert started.status_code == 302
    assert started.headers["Location"].endswith("/4")
    game = decode(code_of(started.headers["Location"]))
    assert [p["name"] for p in game["players"]] == ["Ana", "Bo", "Dóra", "Cy"]
    assert game["players"][3]["town"][0] == ["well", None, None, None]
