"""A quick pad finished on the phone counts in "Your games" (issue 47, point 9): its code is the pad's query after
"pad?", its summary the pad's rows, places and ties (no buildings), and the statistics link back to the pad."""

import json
import re

import pytest

from support import kept_games
from support.apps import statistics_words
from webscore import flow
from webscore.flow import history_csv
from webscore.flow import history_stats
from webscore.flow import history_summary

NOW = 1_796_169_600_000
# Ana and Bó (the ó as a browser writes it in an address) level on 10 points: Ana wins on fewer turns.
TIED = "pad?mode=master-builder&n0=Ana&blue0=12&empty0=2&t0=3&n1=B%C3%B3&blue1=9&coins1=3&empty1=2&t1=4"


def test_a_finished_pad_is_summed_up_by_its_rows_which_add_up_to_each_total():
    assert history_summary.summary_of(TIED) == {"mode": "master-builder", "buildings": [], "layout": 2, "players": [
        {"name": "Ana", "total": 10, "place": 1, "by_colour": [12, 0, 0, 0, 0, 0, 0, 0, -2, 0], "built": [],
         "decided_by": "master-builder-turns", "won_on": "master-builder-turns"},
        {"name": "Bó", "total": 10, "place": 2, "by_colour": [9, 0, 0, 0, 0, 0, 0, 0, -2, 3], "built": [],
         "decided_by": "master-builder-turns", "lost_on": "master-builder-turns"}]}


def test_a_solo_pad_keeps_its_title_and_the_cathedral_spares_its_empty_squares():
    summary = history_summary.summary_of("pad?mode=solo&n0=Zo%C3%A9+M&blue0=30&monument0=%E2%88%925&cathedral0=1&empty0=4")
    assert summary["players"] == [{"name": "Zoé M", "total": 25, "place": 1, "by_colour": [30, 0, 0, 0, 0, 0, 0, -5, 0, 0],
                                   "built": [], "solo_rank": "engineer"}]


@pytest.mark.parametrize("query", [
    "mode=master-builder&n0=Ana&blue0=12&n1=&blue1=9",             # a player not named yet
    "mode=master-builder&n0=Ana&blue0=12&empty0=2&n1=Bo&blue1=12&empty1=2",  # a tie waiting for turns
    "mode=master-builder&n0=Ana&blue0=99&n1=Bo",                   # a field out of its range
    "mode=master-builder&n0=Ana&blue0=1&n1=Bo&zz1=3",              # a field the pad does not have
    "mode=master-builder&n0=%FF&n1=Bo",                            # bytes that are not UTF-8
    "mode=master-builder&n0=%E2%80%AEAna&n1=Bo",                   # a name the setup refuses (U+202E)
    "mode=solo&n0=Ana&n1=Bo",                                      # Solo with two players
    "",
])
def test_a_pad_not_finished_is_not_a_game(query):
    assert history_summary.summary_of(history_summary.PAD + query) is None


def test_a_query_is_read_as_a_browser_reads_it():
    assert history_summary.query_pairs("a=1+2&b=%C3%A9%&c&=d&&e=%2") == [
        ("a", "1 2"), ("b", "é%"), ("c", ""), ("", "d"), ("e", "%2")]
    assert history_summary.query_pairs("a=%C3") is None


def test_pads_count_beside_games_and_link_back_to_the_pad():
    games = kept_games.kept(NOW)[:1] + [{"code": TIED, "when": NOW - 1000}]
    for game in games:
        game["summary"] = history_summary.summary_of(game["code"])
    stats = history_stats.stats(games, {}, {}, NOW)
    ana = next(player for player in stats["players"] if player["name"] == "Ana")
    # Ana's 36 in the first game and her 10 on the pad.
    assert (ana["games"], ana["wins"], ana["average"], ana["worst"]) == (2, 2, 230, {"code": TIED, "total": 10})
    # The pad has no buildings: the buildings' figures are the first game's alone.
    assert [card["games"] for card in stats["buildings"]] == [1] * 7
    assert stats["modes"][0] == ["master-builder", 2]


def test_the_statistics_page_links_a_pad_to_the_pad_and_a_game_to_its_result(client):
    games = kept_games.kept(NOW)[:1] + [{"code": TIED, "when": NOW - 1000}]
    request = {"call": "stats", "played": json.dumps(games), "merged": {}, "filters": {}, "now": NOW,
               "words": statistics_words(client, "en"),
               "links": {"result": "/en/r/%(code)s", "pad": "/en/pad"}}
    html = json.loads(flow.history_json(json.dumps(request)))["html"]
    assert 'href="/en/pad?mode=master-builder&amp;n0=Ana&amp;blue0=12&amp;empty0=2&amp;t0=3&amp;n1=B%C3%B3' in html
    assert 'href="/en/r/{}"'.format(games[0]["code"]) in html


def test_the_core_says_whether_a_pad_is_finished_without_touching_the_games_kept():
    assert json.loads(flow.history_json(json.dumps({"call": "pad", "query": TIED[len(history_summary.PAD):]})))["summary"] == \
        history_summary.summary_of(TIED)
    assert json.loads(flow.history_json(json.dumps({"call": "pad", "query": "n0=Ana&n1="})))["summary"] is None


def test_an_export_with_pads_imports_them_and_a_damaged_pad_damages_the_file():
    export = {"app": "marquoir", "kind": "games", "version": 1, "games": [{"code": TIED, "when": NOW}], "merged": {}}
    answer = json.loads(flow.history_json(json.dumps({"call": "import", "text": json.dumps(export), "played": "[]"})))
    assert answer["added"] == 1
    assert json.loads(answer["played"])[0]["summary"] == history_summary.summary_of(TIED)
    export["games"].append({"code": "pad?n0=Ana&n1=", "when": NOW})
    assert json.loads(flow.history_json(json.dumps({"call": "import", "text": json.dumps(export), "played": "[]"}))) == \
        {"problem": "damaged-export"}


def test_a_pad_is_one_row_per_player_in_the_plays_csv():
    game = {"code": TIED, "when": NOW, "summary": history_summary.summary_of(TIED)}
    assert history_csv.plays_csv([game], {}).split("\r\n")[1:3] == [
        "2026-12-02,{},master-builder,1,Ana,10,1,1".format(TIED), "2026-12-02,{},master-builder,2,Bó,10,2,0".format(TIED)]


def test_the_phone_reads_pads_as_the_server_does(micropython_core):
    for query in (TIED, "pad?mode=solo&n0=Zo%C3%A9&blue0=30&cathedral0=1&empty0=4", "pad?n0=%FF&n1=Bo", "pad?n0=Ana&n1=",
                  THREE_WAY, ONE_AHEAD_OF_A_SHARED_PLACE):
        text = json.dumps({"call": "pad", "query": query[len(history_summary.PAD):]})
        assert micropython_core.flow_json("history", text) == json.loads(flow.history_json(text))


def test_a_pads_tree_is_on_its_row_of_empty_squares_as_on_a_results_pad():
    summary = history_summary.summary_of("pad?mode=town-hall&n0=Ana&blue0=12&empty0=0&tree0=1&n1=Bo&blue1=13&empty1=1")
    assert [(p["total"], p["by_colour"][8]) for p in summary["players"]] == [(14, 2), (12, -1)]


# Ana and Bo level on 10 points and 3 turns each: Bo wins on fewer empty squares (1 to Ana's 2).
ON_EMPTY_SQUARES = "pad?mode=master-builder&n0=Ana&blue0=12&empty0=2&t0=3&n1=Bo&blue1=11&empty1=1&t1=3"


@pytest.mark.parametrize(("lang", "won", "lost"), [
    ("en", "decided by fewer empty squares (1)", "lost on more empty squares (1)"),
    ("fr", "départage\u00a0: moins de cases vides (1)", "départage perdu\u00a0: plus de cases vides (1)"),
    ("hu", "kevesebb üres mező döntött (1)", "több üres mező miatt vesztett (1)"),
])
def test_a_tie_lost_is_listed_as_lost_and_a_tie_won_as_won(client, lang, won, lost):
    # A lost tie read as won: Ana's "Ties broken" said "decided by fewer empty squares", as Bo's did.
    games = [{"code": ON_EMPTY_SQUARES, "when": NOW - 1000}]
    request = {"call": "stats", "played": json.dumps(games), "merged": {}, "filters": {}, "now": NOW,
               "words": statistics_words(client, lang), "links": {"result": "/r/%(code)s", "pad": "/pad"}}
    answer = json.loads(flow.history_json(json.dumps(request)))
    ties = re.findall(r"<dt>{}</dt><dd>([^<]*)</dd>".format(re.escape(request["words"]["stats"]["tie_breaks"])),
                      answer["html"])
    # Bo first (the winner), then Ana.
    assert ties == [won, lost]


# Ana, Bo and Cy level on 10 points. Ana wins on fewer turns (2 to their 3); Bo and Cy are level on turns, and Bo
# comes second on fewer empty squares (1 to Cy's 2). Then Di alone ahead of two who share a place: Eve and Fa level
# on 10 with Di, Di on 2 turns, Eve and Fa on 3 turns and 0 empty squares each (a shared place needs no more).
THREE_WAY = ("pad?mode=master-builder&n0=Ana&blue0=12&empty0=2&t0=2&n1=Bo&blue1=11&empty1=1&t1=3"
             "&n2=Cy&blue2=12&empty2=2&t2=3")
ONE_AHEAD_OF_A_SHARED_PLACE = ("pad?mode=town-hall&n0=Di&blue0=10&empty0=0&c0=2&n1=Eve&blue1=10&empty1=0&c1=1"
                               "&n2=Fa&blue2=10&empty2=0&c2=1")


def test_the_middle_of_a_three_way_tie_lost_on_one_tie_break_and_won_on_the_next():
    # Bo was counted as having lost on empty squares (the last tie-break that placed him), where he won on them over
    # Cy and lost on turns to Ana.
    stats = history_stats.stats([{"code": code, "when": NOW - n, "summary": history_summary.summary_of(code)}
                                 for n, code in enumerate([THREE_WAY, ONE_AHEAD_OF_A_SHARED_PLACE])], {}, {}, NOW)
    assert {p["name"]: (p["tie_breaks"], p["ties_lost"]) for p in stats["players"]} == {
        "Ana": ([["master-builder-turns", 1]], []),
        "Bo": ([["empty-squares", 1]], [["master-builder-turns", 1]]),
        "Cy": ([], [["empty-squares", 1]]),
        "Di": ([["cottages", 1]], []),
        "Eve": ([["shared", 1]], [["cottages", 1]]),
        "Fa": ([["shared", 1]], [["cottages", 1]])}


def test_a_tie_is_lost_by_those_its_tie_break_placed_after_another_and_a_shared_place_by_nobody():
    codes = [ON_EMPTY_SQUARES, TIED, "pad?mode=town-hall&n0=Ana&blue0=10&empty0=0&c0=1&n1=Bo&blue1=10&empty1=0&c1=1"
             "&n2=Cy&blue2=10&empty2=0&c2=1"]
    stats = history_stats.stats([{"code": code, "when": NOW - n, "summary": history_summary.summary_of(code)}
                                 for n, code in enumerate(codes)], {}, {}, NOW)
    assert {p["name"]: (p["tie_breaks"], p["ties_lost"]) for p in stats["players"]} == {
        "Ana": ([["master-builder-turns", 1], ["shared", 1]], [["empty-squares", 1]]),
        "Bo": ([["empty-squares", 1], ["shared", 1]], []),
        "Bó": ([], [["master-builder-turns", 1]]),
        "Cy": ([["shared", 1]], [])}


def test_a_pads_coins_and_monument_rows_are_bars_of_the_average_by_colour(client):
    # Ana's 10 = 4 blue + 3 monument + 3 coins, on a pad: no monument named, no chest counted, but points in both rows.
    pad = "pad?mode=town-hall&n0=Ana&blue0=4&monument0=3&coins0=3&n1=Bo&blue1=5"
    games = [{"code": pad, "when": NOW - 1000}]
    request = {"call": "stats", "played": json.dumps(games), "merged": {}, "filters": {}, "now": NOW,
               "words": statistics_words(client, "en"), "links": {"result": "/r/%(code)s", "pad": "/pad"}}
    html = json.loads(flow.history_json(json.dumps(request)))["html"]
    ana = html[html.index('id="colours-1-title"'):]
    ana = ana[:ana.index("</figure>")]
    rows = re.findall(r'<tr><th scope="row">([^<]*)</th><td>([^<]*)</td></tr>', ana)
    assert rows == [("blue", "4.0"), ("red", "0.0"), ("grey", "0.0"), ("orange", "0.0"), ("green", "0.0"),
                    ("yellow", "0.0"), ("navy", "0.0"), ("monument", "3.0"), ("empty squares", "0.0"), ("coins", "3.0")]
