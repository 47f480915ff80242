"""A town step is one view (flow.step_view): the server draws its page from it, and the browser's door answers it, so
the page the pieces draw from the door's answer is the server's page, byte for byte."""

import json
import re
from unittest import mock

import pytest

from support import examples
from support.apps import browser_words
from support.tables import empty_setup
from support.tables import open_table
from support.tables import town_op
from webscore.flow import piece_json
from webscore.flow import step_view
from webscore.flow import sync_merge
from webscore.flow import town_fields
from webscore.flow import town_json
from webscore.flow import town_live
from webscore.scoring import encode

FOUR = examples.FOUR_PLAYERS_CODE


def draw(piece: str, **args) -> str:
    """Draw a piece through the browser's door, as the offline shell does."""
    return json.loads(piece_json(json.dumps({"piece": piece, "args": args})))


def drawn_from_the_door(words: dict, lang: str, code: str, n: int, query: dict) -> str:
    """Return the step's page drawn from the door's view of it, with only what the page adds: its address, its
    language and its messages worded."""
    view = json.loads(town_json(json.dumps({"code": code, "n": n, "fields": query, "show": True})))
    lines = draw("town_lines", words=words, placed=view.get("problems"))
    grid = draw("town_grid", words=words, offered=view["offered"], values=view["fields"], errors=lines["errors"],
                asks_turns=view["asks_turns"], asks_fact=view["fact"], scored=view["scored"],
                expansions=view["expansion_facts"])
    step = dict(view, code=code, lang=lang, action="/{}/g/{}/{}/save".format(lang, code, n), general=lines["general"],
                errors=lines["errors"], unfinished=[])
    return draw("town_step", words=words, step=step, grid=grid)


@pytest.mark.parametrize(("lang", "code", "n", "query"), [
    ("en", FOUR, 1, {}),
    ("fr", FOUR, 3, {"from": ["scores"]}),
    ("hu", FOUR, 4, {"monument": [""], "square_a1": ["cottage"]}),
    ("en", FOUR, 2, {"square_a1": ["zzz"], "go": ["9"], "coins": ["abc"]}),
    ("fr", FOUR, 3, dict({key: [value] for key, value in town_fields.fields_of(
        examples.load("four-players")["players"][2]).items()}, shrine_buildings=[""])),
    ("en", encode(examples.tied_game()), 2, {"square_b2": ["warehouse"], "stored_b2": ["9"]})])
def test_the_door_answers_the_view_the_server_draws_a_town_step_from(client, lang, code, n, query):
    page = client.get("/{}/g/{}/{}".format(lang, code, n), query_string=query)
    main = re.search(r"<main[^>]*>\s*(.*?)\s*</main>", page.text, re.S).group(1)
    assert drawn_from_the_door(browser_words(client, lang), lang, code, n, query) == main


def test_a_town_steps_view_holds_what_its_page_shows_of_the_game():
    game = examples.load("four-players")
    fields = dict(town_fields.fields_of(game["players"][1]), monument="", square_a1="", go="next")
    view = step_view(game, 2, fields)
    assert (view["names"], view["n"], view["monument"], view["from_scores"]) == (
        [player["name"] for player in game["players"]], 2, "", False)
    # The monument given up in the fields is no longer offered on a square, and the numbers follow the fields.
    assert view["offered"] == game["buildings"] and view["fields"] is fields
    assert (view["totals"], view["least"], view["scored"]) == town_live.step_numbers(game, 2, fields)


def reads_and_checks(call):
    """Return (what call() returns, how many times a town's fields were read, how many times a game was checked)."""
    read = mock.Mock(wraps=town_fields.read)
    with mock.patch.object(town_fields, "read", read), mock.patch.object(sync_merge, "read", read), \
            mock.patch.object(town_fields, "problems", wraps=town_fields.problems) as checked:
        answer = call()
    return answer, read.call_count, checked.call_count


@pytest.mark.parametrize(("kind", "query", "status"), [
    ("", {"square_a1": "farm"}, 200),
    ("", {"square_b2": "warehouse", "stored_b2": "9"}, 422),
    ("/save", {"square_b2": "warehouse", "stored_b2": "9"}, 422)])
def test_a_step_with_a_query_or_a_refused_save_reads_and_checks_its_fields_once(client, kind, query, status):
    page, reads, checks = reads_and_checks(lambda: client.get("/en/g/{}/2{}".format(FOUR, kind), query_string=query))
    assert page.status_code == status
    assert (reads, checks) == (1, 1)


def test_the_doors_step_with_a_query_reads_and_checks_its_fields_once():
    request = json.dumps({"code": FOUR, "n": 2, "fields": {"square_b2": ["warehouse"], "stored_b2": ["9"]}, "show": True})
    answer, reads, checks = reads_and_checks(lambda: json.loads(town_json(request)))
    assert [item["code"] for item in answer["problems"]["fields"]["stored_b2"]] == ["stored-over-3"]
    assert (reads, checks) == (1, 1)


def test_a_tables_town_reads_and_checks_its_fields_once(client):
    game = examples.load("four-players")
    table = open_table(client, encode(empty_setup(game)))
    sent = client.post("/en/t/{}/2".format(table), json={"client": "phone-one-a", "op": town_op(game, 1)},
                       headers={"X-Requested-With": "marquoir"})
    assert sent.status_code == 200
    page, reads, checks = reads_and_checks(lambda: client.get("/en/t/{}/2".format(table)))
    assert page.status_code == 200
    assert (reads, checks) == (1, 1)
