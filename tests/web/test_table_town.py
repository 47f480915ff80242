"""A table's town page draws a town as the town step does: the same squares, offers and facts (towns.views.town_grid)."""

import re
from unittest import mock

import pytest

from support import examples
from support.tables import empty_setup
from support.tables import open_table
from support.tables import town_op
from support.towns import town
from support.webflow import text_of
from webscore.flow import table_view
from webscore.flow import town_live
from webscore.scoring import code as code_module
from webscore.scoring import encode
from webscore.web.tables import towns

JSON_CALL = {"X-Requested-With": "marquoir"}


def drawn_town(html: str) -> str:
    """Return the palette, squares and facts of a page's town (town_grid.html), as drawn, without its points.

    The points are the town's in its own game: at a table, the other towns are those the table holds so far
    (a Feast Hall reads the town on its right), so they may differ from a finished game's.
    """
    town = re.search(r'<div class="palette".*?<div class="facts">.*?</div>', html, re.S).group(0)
    return re.sub(r'(class="(?:running-total|square-points|square-points-words)[^"]*"[^>]*>)[^<]*<', r"\1<", town)


@pytest.mark.parametrize("name", examples.NAMES)
def test_a_table_draws_each_town_as_the_town_step_draws_it(client, name):
    game = examples.load(name)
    table = open_table(client, encode(empty_setup(game)))
    for p in range(len(game["players"])):
        sent = client.post("/en/t/{}/{}".format(table, p + 1), json={"client": "phone-one-a", "op": town_op(game, p)},
                           headers=JSON_CALL)
        assert sent.status_code == 200
        at_table = client.get("/en/t/{}/{}".format(table, p + 1))
        step = client.get("/en/g/{}/{}".format(encode(game), p + 1))
        assert at_table.status_code == step.status_code == 200
        assert drawn_town(at_table.text) == drawn_town(step.text)


def test_a_town_at_a_table_is_scored_with_the_towns_the_table_holds(client):
    game = examples.load("four-players")
    table = open_table(client, encode(empty_setup(game)))
    sent = client.post("/en/t/{}/1".format(table), json={"client": "phone-one-a", "op": town_op(game, 0)},
                       headers=JSON_CALL)
    assert sent.status_code == 200
    at_table = client.get("/en/t/{}/1".format(table)).text
    step = client.get("/en/g/{}/1".format(encode(game))).text
    total = re.compile(r"<p class=\"running-total\">([^<]*)</p>")
    # The town alone at the table so far, and the same town in the finished game: while the town on its right
    # (Dominika's) holds nothing yet, its Feast Halls count the least they make, and the total says so; it
    # counted 38 and took 2 back once her Feast Halls came in.
    assert (total.search(at_table).group(1), total.search(step).group(1)) == (
        "Running total: at least 36 until the town of Dominika is handed in", "Running total: 36")


def test_a_town_at_a_table_reads_and_scores_the_table_once(client):
    game = examples.load("four-players")
    table = open_table(client, encode(empty_setup(game)))
    for p in (0, 1):
        for op in (town_op(game, p), {"seq": 2, "done": True}):
            sent = client.post("/en/t/{}/{}".format(table, p + 1), json={"client": "phone-one-a", "op": op},
                               headers=JSON_CALL)
            assert sent.status_code == 200
    client.get("/en/t/{}".format(table))
    # The table's game is read by the flow (table_view.table_game), its towns' sync by the web layer.
    decoding = mock.Mock(wraps=code_module.decode)
    with mock.patch.object(towns, "decode", decoding), mock.patch.object(table_view, "decode", decoding), \
            mock.patch.object(town_live, "score_town", wraps=town_live.score_town) as scoring:
        page = client.get("/en/t/{}/2".format(table))
    assert page.status_code == 200
    # The table's game read once (its setup and the 2 towns handed in so far: 3 codes), the town scored once (the
    # town on its right, the first player's, is handed in: no least to score beside it).
    assert (decoding.call_count, scoring.call_count) == (3, 1)


def test_a_town_beside_a_right_neighbour_who_handed_in_an_empty_town_shows_its_sure_total(client):
    # Léa's right is Zoé, the last player. Zoé hands in a town with no building: Léa's 3 Feast Halls are more than
    # her 0, 3 each: 9 + 3 (fed Cottage) − 11 = 1, as the table's list says. Her page said "at least −2 until the
    # town of Zoé is entered", 2 each, after Zoé had handed hers in.
    feasts = ("feast-hall feast-hall feast-hall cottage", "farm . . .", ". . . .", ". . . .")
    game = {"mode": "master-builder", "monuments": False, "cavern": False,
            "buildings": ["cottage", "farm", "well", "chapel", "feast-hall", "theater", "factory"],
            "players": [{"name": name, "monument": None, "town": town(*rows)}
                        for name, rows in (("Léa", feasts), ("Noé", (". . . .",) * 4), ("Zoé", (". . . .",) * 4))]}
    table = open_table(client, encode(empty_setup(game)))
    for n, op in ((1, town_op(game, 0)), (1, {"seq": 2, "done": True}), (3, {"seq": 1, "done": True})):
        sent = client.post("/en/t/{}/{}".format(table, n), json={"client": "phone-one-a", "op": op}, headers=JSON_CALL)
        assert sent.status_code == 200
    assert "Léa Done · 1 point Noé Not started Zoé Done · −16 points" in text_of(client.get("/en/t/{}".format(table)).text)
    total = re.search(r"<p class=\"running-total\">([^<]*)</p>", client.get("/en/t/{}/1".format(table)).text)
    assert total.group(1) == "Running total: 1"
