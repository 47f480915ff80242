"""The quick score pad: totals, places and tie-breaks from points written on paper."""

import json

import pytest

from webscore.scoring import pad_json


def pad(mode, *rows):
    players = []
    for name, points, facts in rows:
        record = {"name": name, "points": points}
        record.update(facts)
        players.append(record)
    return json.loads(pad_json(json.dumps({"mode": mode, "players": players})))


def test_totals_and_places():
    result = pad("town-hall", ("Ana", {"blue": 12, "orange": 4, "empty": -2}, {}),
                 ("Bo", {"blue": 9, "green": 9, "navy": -3}, {}))["result"]["players"]
    assert [(r["total"], r["place"], r["decided_by"]) for r in result] == [(14, 2, None), (15, 1, None)]


def test_a_tie_asks_only_for_the_fact_it_needs():
    rows = [("Ana", {"blue": 10}, {}), ("Bo", {"blue": 10}, {}), ("Cy", {"blue": 3}, {})]
    result = pad("master-builder", *rows)["result"]["players"]
    assert [(r["place"], r["needs"]) for r in result] == [(1, "master-builder-turns"), (1, "master-builder-turns"), (3, None)]
    rows[0] = ("Ana", {"blue": 10}, {"master_builder_turns": 4})
    rows[1] = ("Bo", {"blue": 10}, {"master_builder_turns": 4})
    result = pad("master-builder", *rows)["result"]["players"]
    assert [r["needs"] for r in result[:2]] == ["empty-squares", "empty-squares"]
    rows[0] = ("Ana", {"blue": 10}, {"master_builder_turns": 4, "empty": 2})
    rows[1] = ("Bo", {"blue": 10}, {"master_builder_turns": 4, "empty": 1})
    result = pad("master-builder", *rows)["result"]["players"]
    assert [(r["place"], r["decided_by"]) for r in result] == [(2, "empty-squares"), (1, "empty-squares"), (3, None)]


def test_town_hall_skips_turns():
    result = pad("town-hall", ("Ana", {"blue": 5}, {"empty": 1, "cottages": 2}),
                 ("Bo", {"blue": 5}, {"empty": 1, "cottages": 3}))["result"]["players"]
    assert [(r["place"], r["decided_by"]) for r in result] == [(2, "cottages"), (1, "cottages")]


def test_solo_rank_from_the_pad():
    result = pad("solo", ("Zoé", {"blue": 21, "yellow": 12, "empty": -1}, {}))["result"]["players"][0]
    assert (result["total"], result["solo_rank"]) == (32, "town-planner")


@pytest.mark.parametrize("players, code", [
    ([{"name": "", "points": {}}], "name-missing"),
    ([{"name": "Ana", "points": {"blue": "3"}}], "points-not-a-number"),
    ([{"name": "Ana", "points": {"blue": 5000}}], "points-not-a-number"),
    ([{"name": "Ana", "points": {}, "empty": -1}], "points-not-a-number"),
    ([], "player-count"),
])
def test_pad_mistakes_are_named(players, code):
    answer = json.loads(pad_json(json.dumps({"mode": "master-builder", "players": players})))
    assert [p["code"] for p in answer["problems"]] == [code]
