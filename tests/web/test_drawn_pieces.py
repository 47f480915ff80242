"""The pieces of webscore.flow draw a result's parts from the browser's words exactly as the server's words say them."""

import json
import re

import pytest

from support import babel_written
from support import examples
from support.apps import browser_words
from support.strategies import same_random_games
from support.tables import empty_setup
from support.tables import open_table
from webscore.flow import piece_json
from webscore.flow import result_pieces
from webscore.flow import result_view
from webscore.flow import text
from webscore.flow import tie_turns
from webscore.flow import town_fields
from webscore.flow import town_live
from webscore.flow import town_pieces
from webscore.flow.town_pieces import SQUARES
from webscore.languages import LANGUAGES
from webscore.scoring import encode
from webscore.scoring import score_valid_game

HOSTILE = ["{1}", "$&", "%(0)s", "<b>x</b>", "%(num)d", "Zoé"]


def draw_piece(piece: str, args: dict) -> str:
    """Draw a piece through the browser's door, as JSON text (what the offline shell reads)."""
    return piece_json(json.dumps({"piece": piece, "args": args}))


def test_a_placeholder_is_filled_once_and_a_value_is_never_read_again():
    assert text.fill("%(a)s and %(b)d, %(c)s %(", {"a": "%(b)d", "b": 2}) == "%(b)d and 2, %(c)s %("
    assert text.escape("<a href=\"x\">'&'</a>") == "&lt;a href=&#34;x&#34;&gt;&#39;&amp;&#39;&lt;/a&gt;"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_numbers_and_lists_are_written_as_babel_writes_them(client, lang):
    words = browser_words(client, lang)
    for value in (-1234567, -10000, -1000, -3, 0, 7, 999, 1000, 7992, 10000, 12345):
        assert text.number(words, value) == babel_written.number(lang, value)
    for count in range(1, len(HOSTILE) + 1):
        assert text.name_list(words, HOSTILE[:count]) == babel_written.names(lang, HOSTILE[:count])
        # A row of things one after another (a layout's cells): each of our languages separates them with a comma.
        assert text.series(words, HOSTILE[:count]) == ", ".join(HOSTILE[:count])
    assert text.series(words, []) == ""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_door_draws_the_parts_the_server_page_holds(client, lang):
    words = browser_words(client, lang)
    for game in [examples.load(name) for name in examples.NAMES] + [examples.tied_game()] + same_random_games(12):
        view = result_view.view(game, score_valid_game(game))
        code = encode(game)
        changes = ["/{}/g/{}/{}".format(lang, code, player["step"]) for player in view["players"]]
        parts = json.loads(draw_piece("result_parts", {"view": view, "words": words, "rules": "/{}/rules".format(lang),
                                                         "changes": changes}))
        page = client.get("/{}/r/{}".format(lang, code)).text
        # The ranking's list carries the page's data attributes only on the server: its items are the same.
        items = [result_pieces.rank_item(words, p, view["players"][p]) for p in view["ranking"]]
        assert parts["ranking"] == result_pieces.ranking(items, {})
        for item in items + parts["towns"] + [parts["pad"]]:
            assert item in page


def test_the_result_parts_door_draws_the_result_pages_ranking(client):
    words = browser_words(client, "hu")
    game = examples.tied_game()
    view = result_view.view(game, score_valid_game(game))
    code = encode(game)
    parts = json.loads(draw_piece("result_parts", {"view": view, "words": words, "rules": "/hu/rules", "changes": [
        "/hu/g/{}/{}".format(code, player["step"]) for player in view["players"]]}))
    items = re.findall(r"<li[ >].*?</li>", parts["ranking"], re.S)
    page = client.get("/hu/r/" + code).text
    assert len(items) == len(view["players"]) and all(item in page for item in items)
    # The turns are asked once, by the form under the ranking, not on every tied row.
    assert "A holtverseny eldöntéséhez" not in parts["ranking"]
    assert page.count("A holtverseny eldöntéséhez add meg a főépítészi körök számát.") == 1


def test_the_turns_form_is_drawn_once_and_keeps_what_was_typed_escaped(client):

    words = browser_words(client, "fr")
    game = examples.tied_game()
    code = encode(game)
    view = result_view.view(game, score_valid_game(game))
    form = json.loads(draw_piece("turns_form", {"words": words, "view": view, "action": "/fr/r/{}/turns".format(code),
                                                  "problems": {}, "typed": {}}))
    assert form in client.get("/fr/r/" + code).text
    typed = client.get("/fr/r/{}/turns".format(code), query_string={"turns-1": '"><b>9', "turns-2": "2"})
    assert typed.status_code == 422
    assert 'value="&#34;&gt;&lt;b&gt;9"' in typed.text
    assert typed.text.count('<span class="error" role="alert" id="turns-1-error">') == 1
    assert typed.text.count('aria-invalid="true" aria-describedby="turns-1-error" autofocus>') == 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_door_places_refused_turns_in_the_form_as_the_server_page_does(client, lang):
    words = browser_words(client, lang)
    game = examples.tied_game()
    code = encode(game)
    view = result_view.view(game, score_valid_game(game))
    typed = {"turns-1": "x", "turns-2": "3", "turns-3": "3"}
    _, found = tie_turns.set_turns(game, typed)
    parts = json.loads(draw_piece("result_parts", {
        "view": view, "words": words, "rules": "/{}/rules".format(lang), "changes": [""] * len(view["players"]),
        "turns": {"action": "/{}/r/{}/turns".format(lang, code), "problems": found, "typed": typed}}))
    page = client.get("/{}/r/{}/turns".format(lang, code), query_string=typed)
    assert page.status_code == 422
    assert parts["turns_form"].count('role="alert"') == len(found) == 1
    assert parts["turns_form"] in page.text


def test_the_town_grid_door_draws_the_grid_of_the_town_step_with_its_problems(client):

    words = browser_words(client, "hu")
    game = examples.load("four-players")
    code = encode(game)
    query = {"square_a1": "warehouse", "stored_a1": "9", "square_b1": "<b>", "master_builder_turns": '"x'}
    page = client.get("/hu/g/{}/1/save".format(code), query_string=dict(query, go="1"))
    assert page.status_code == 422
    errors = {"stored_a1": ["Egy raktár legfeljebb 3\u00a0nyersanyagot tárol."]}
    fields = {name: query.get(name, "") for name in ["square_" + s for s in SQUARES]}
    assert town_pieces.town_grid(words, [], fields, errors, True, None).count('<div class="square') == 16
    grid = json.loads(draw_piece("town_grid", {
        "words": words, "offered": game["buildings"] + [game["players"][0]["monument"]],
        "values": {**dict.fromkeys(["square_" + s for s in SQUARES] + ["stored_" + s for s in SQUARES], ""),
                   "square_a1": "warehouse", "stored_a1": "9", "master_builder_turns": '"x'},
        "errors": errors, "asks_turns": True, "asks_fact": None}))
    assert 'value="&#34;x"' in grid and "&lt;b&gt;" not in grid
    assert grid.split('<div class="square', 2)[1] in page.text


def test_the_town_step_door_draws_the_servers_page_around_its_grid(client):

    words = browser_words(client, "fr")
    game = examples.tied_game()
    code = encode(game)
    page = client.get("/fr/g/{}/2".format(code)).text
    grid = page.split('<div class="palette"', 1)[1].split("\n\n  \n  <div class=\"step-actions\">", 1)[0]
    step = {"names": [p["name"] for p in game["players"]], "n": 2, "code": code, "lang": "fr",
            "key": re.search(r'data-key="([^"]*)"', page).group(1).replace("&#34;", '"').replace("&#39;", "'")
            .replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"),
            "action": "/fr/g/{}/2/save".format(code), "general": [], "unfinished": [], "monuments": [], "monument": "",
            "errors": {}}
    step["totals"], step["least"], _ = town_live.step_numbers(game, 2, town_fields.fields_of(game["players"][1]))
    drawn_page = json.loads(draw_piece("town_step", {"words": words, "step": step,
                                                       "grid": '<div class="palette"' + grid}))
    main = re.search(r"<main[^>]*>\s*(.*?)\s*</main>", page, re.S).group(1)
    assert drawn_page.split("<form", 1)[0] == main.split("<form", 1)[0]
    assert "&lt;b&gt;Zoé&lt;/b&gt;" in drawn_page


def test_a_town_at_a_table_is_drawn_by_one_piece_and_says_offline_only_in_the_shell(client):
    setup = encode(empty_setup(examples.load("four-players")))
    table = open_table(client, setup, "hu")
    page = client.get("/hu/t/{}/1".format(table)).text
    main = re.search(r"<main[^>]*>\s*(.*?)\s*<script", page, re.S).group(1)
    assert main.startswith('<p><a href="/hu/t/{}">'.format(table))
    assert '<p class="table-offline error" role="status" hidden>' in main and "<noscript>" in main
    assert "<h1>Annabell városa</h1>" not in main and "<h1><bdi>Annabell</bdi> városa</h1>" in main


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Running total: answer “Buildings in town when the Shrine was built (Shrine included)” first"),
    ("fr", "Total provisoire\u00a0: remplissez d’abord le champ «\u00a0Bâtiments dans la bourgade quand le Sanctuaire a été "
           "construit (Sanctuaire compris)\u00a0»"),
    ("hu", "Eddigi pontszám: előbb töltsd ki ezt: „Épületek a városban a szentély megépítésekor (a szentéllyel együtt)”")])
def test_a_town_step_waiting_for_an_answer_is_drawn_without_numbers(client, lang, said):
    fields = dict(town_fields.fields_of(examples.load("four-players")["players"][2]), shrine_buildings="")
    page = client.get("/{}/g/{}/3".format(lang, examples.FOUR_PLAYERS_CODE), query_string=fields)
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert '<p class="running-total is-waiting">{}</p>'.format(said) in html
    assert re.findall(r'<span class="square-points"[^>]*>([^<]*)</span>', html) == [""] * 16
    # The Shrine's question comes first after the grid, before the turns as Master Builder.
    assert html.index('for="shrine_buildings"') < html.index('for="master_builder_turns"') < html.index('class="wake"')
