"""A table's page is one view, made by the flow (table_view.table_view) from the table as it is kept: the web layer
only draws it, and makes the finished game's code the address of its result."""

import copy

from support import examples
from support.tables import empty_setup
from support.tables import town_code
from support.whole_box import GAME as WHOLE_BOX
from webscore.flow import table_view
from webscore.scoring import encode
from webscore.scoring import score_valid_game

GAME = examples.load("four-players")
SETUP = empty_setup(GAME)
NAMES = [player["name"] for player in GAME["players"]]


def kept(done: list, versions: list, events=()) -> dict:
    """Return a table as it is kept, each town handed in (done) with its town of the example game."""
    return {"setup": encode(SETUP), "towns": [town_code(GAME, i) if d else None for i, d in enumerate(done)],
            "versions": versions, "done": done, "revision": 7, "events": list(events)}


def test_a_table_being_entered_says_each_towns_status_and_the_totals_of_those_handed_in():
    event = {"player": 1, "kind": "owned", "revision": 6, "at": 1234.5}
    view = table_view.table_view(kept([True, False, False, False], [3, 2, 0, 0], [event]), SETUP)
    # Dominika, on her right, has not handed her town in: Annabell's two Feast Halls make the least they can (2 each,
    # as if Dominika had more), 36, the whole game's total. Scored beside an empty town they made 3 each: 38, and the
    # table took 2 points back once Dominika handed hers in.
    # Her phone and the others score their towns beside the game of the towns handed in: hers alone.
    assert view == {"revision": 7, "finished": False, "result": None, "score_code": town_code(GAME, 0),
                    "events": [{"player": 1, "kind": "owned", "revision": 6}],
                    "players": [{"name": "Annabell", "status": "done", "version": 3, "total": 36, "least": True},
                                {"name": "Bernadet", "status": "entering", "version": 2, "total": None, "least": False},
                                {"name": NAMES[2], "status": "not-started", "version": 0, "total": None, "least": False},
                                {"name": "Dominika", "status": "not-started", "version": 0, "total": None,
                                 "least": False}]}


def test_a_town_handed_in_beside_a_town_still_being_entered_is_at_least_the_least_it_makes():
    # Dominika, on Annabell's right, is entering her town: her Cottages are in, her two Feast Halls not yet. Annabell's
    # Feast Halls are scored as if Dominika had more, "at least" 36, as beside a town not begun: scored beside
    # Dominika's town half entered, they beat it, and the list said "Done · 38 points", then 36 once hers came in.
    being_entered = copy.deepcopy(GAME)
    being_entered["players"][3]["town"] = [[None if card == "feast-hall" else card for card in row]
                                           for row in GAME["players"][3]["town"]]
    record = dict(kept([True, False, False, False], [3, 0, 0, 2]), towns=[town_code(GAME, 0), None, None,
                                                                         town_code(being_entered, 3)])
    players = table_view.table_view(record, SETUP)["players"]
    assert [(player["status"], player["total"], player["least"]) for player in players] == \
        [("done", 36, True), ("not-started", None, False), ("not-started", None, False), ("entering", None, False)]
    # Handed in, her town is read: Annabell's 36 is sure.
    record = dict(record, done=[True, False, False, True], towns=[town_code(GAME, 0), None, None, town_code(GAME, 3)])
    assert [(player["total"], player["least"]) for player in table_view.table_view(record, SETUP)["players"]][0] == \
        (36, False)


def test_a_schoolhouse_handed_in_before_the_town_on_its_right_counts_its_2_more_once_those_coins_are_known():
    setup = empty_setup(WHOLE_BOX)

    def totals(done):
        record = {"setup": encode(setup), "towns": [town_code(WHOLE_BOX, i) if d else None for i, d in enumerate(done)],
                  "versions": [1] * 4, "done": done, "revision": 1, "events": []}
        return [(player["total"], player["least"]) for player in table_view.table_view(record, setup)["players"]]

    # Ödön (4 coins) has Noé on his right: until Noé hands his town in, his Schoolhouse makes its first 2 only,
    # 41 − 2; once Noé's 2 coins are known, the 2 more, and his result's 41. Never a point taken back.
    assert totals([False, False, True, False]) == [(None, False), (None, False), (39, True), (None, False)]
    assert totals([False, True, True, False]) == [(None, False), (-5, False), (41, False), (None, False)]


def test_a_finished_table_gives_the_code_of_its_game_and_every_total():
    view = table_view.table_view(kept([True] * 4, [1] * 4), SETUP)
    assert view["finished"] is True
    assert view["result"] == view["score_code"] == encode(GAME)
    assert [player["total"] for player in view["players"]] == [p["total"] for p in score_valid_game(GAME)["players"]]


def test_a_table_with_no_town_handed_in_reads_no_code(monkeypatch):
    monkeypatch.setattr(table_view, "decode", None)
    view = table_view.table_view(kept([False] * 4, [0, 1, 0, 0]), SETUP)
    assert [player["status"] for player in view["players"]] == ["not-started", "entering", "not-started", "not-started"]
    # The towns are scored beside the setup's empty towns, as the table was opened.
    assert view["score_code"] == encode(SETUP)
