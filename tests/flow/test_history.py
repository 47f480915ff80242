"""The games a phone kept, summed up (webscore/flow/history.py, history_summary.py, history_stats.py, history_csv.py):
figures checked against a hand count of twelve games among five players (support/kept_games.py), the filters, the
merges, the CSV and the import."""

import csv
import io
import json

import pytest

from support import kept_games
from support.apps import statistics_words as page_words
from support.towns import town
from support.whole_box import GAME as WHOLE_BOX
from webscore import flow
from webscore.flow import history
from webscore.flow import history_csv
from webscore.flow import history_pieces
from webscore.flow import history_stats
from webscore.flow import history_summary
from webscore.languages import LANGUAGES
from webscore.scoring import encode
from webscore.scoring import problems

NOW = 1_796_169_600_000
# Each game's totals in seating order, as its result page shows them (the four towns of four-players.json,
# seated round the table one place further each game): the hand count below starts from this table.
TOTALS = [
    [("Ana", 36), ("Bo", 28), ("Cyrille", 33), ("Dóra", 27)],
    [("Bo", 28), ("Cyrille", 33), ("Dóra", 27), ("Emese", 36)],
    [("Cyrille", 33), ("Dóra", 27), ("Emese", 36), ("Ana", 28)],
    [("Dóra", 27), ("Emese", 36), ("Ana", 28), ("Bo", 33)],
    [("Emese", 36), ("Ana", 28), ("Bo", 33), ("Cyrille", 27)],
    [("Ana", 28), ("Bo", 33), ("Cyrille", 27), ("Dóra", 36)],
    [("Bo", 33), ("Cyrille", 27), ("Dóra", 36), ("Emese", 28)],
    [("Cyrille", 27), ("Dóra", 36), ("Emese", 28), ("Ana", 33)],
    [("Dóra", 36), ("Emese", 28), ("Ana", 33), ("Bo", 27)],
    [("Emese", 28), ("Ana", 33), ("Bo", 27), ("Cyrille", 36)],
    [("Ana", 33)],
    [("Bó", 27), ("Cyrille", 36), ("Dóra", 28), ("Emese", 33)],
]


def read(games):
    for game in games:
        game["summary"] = history_summary.summary_of(game["code"])
    return games


@pytest.fixture(scope="module")
def kept():
    return read(kept_games.kept(NOW))


def figures(stats):
    """Return per player (name, games, wins, win rate %, average in tenths, best, worst)."""
    return [(p["name"], p["games"], p["wins"], p["win_rate"], p["average"], p["best"]["total"], p["worst"]["total"])
            for p in stats["players"]]


def test_each_kept_game_is_summed_up_as_its_result_scores_it(kept):
    assert [[(p["name"], p["total"]) for p in game["summary"]["players"]] for game in kept] == TOTALS
    assert [game["summary"]["mode"] for game in kept] == \
        ["master-builder"] * 4 + ["town-hall"] + ["master-builder"] * 4 + ["town-hall", "solo", "master-builder"]


def test_the_figures_of_twelve_games_are_those_counted_by_hand(kept):
    stats = history_stats.stats(kept, {}, {}, NOW)
    assert stats["games"] == 12
    # Wins (solo not counted): Dóra games 5-8, Emese 1-4, Cyrille 9 and 11, Ana 0. Dóra's 280 points
    # in 9 games average 31.1; Bo's 242 in 8, 30.25, rounded half up to 30.3.
    assert figures(stats) == [
        ("Dóra", 9, 4, 44, 311, 36, 27),
        ("Emese", 9, 4, 44, 321, 36, 28),
        ("Cyrille", 9, 2, 22, 310, 36, 27),
        ("Ana", 9, 1, 11, 311, 36, 28),
        ("Bo", 8, 0, 0, 303, 33, 27),
        ("Bó", 1, 0, 0, 270, 27, 27),
    ]
    assert stats["modes"] == [["master-builder", 9], ["town-hall", 2], ["solo", 1]]
    assert [(g["total"], g["rank"]) for g in stats["solo"]] == [(33, "town-planner")]  # 32 to 37: Town Planner
    ana = stats["players"][3]
    # Ana's best town is her first game's; her first 28 is her worst.
    assert (ana["best"]["code"], ana["worst"]["code"]) == (kept[0]["code"], kept[2]["code"])
    assert ana["monuments"] == [["shrine-of-the-elder-tree", 4], ["the-starloom", 4], ["barrett-castle", 1]]
    assert [t["total"] for t in ana["totals"]] == [36, 28, 28, 28, 28, 33, 33, 33, 33]


def test_a_merge_counts_two_spellings_as_one_person(kept):
    stats = history_stats.stats(kept, {"Bó": "Bo"}, {}, NOW)
    # Bo's 242 points in 8 games and Bó's 27 in one: 269 in 9, 29.9 on average; his worst is Bó's 27.
    assert figures(stats)[4:] == [("Bo", 9, 0, 0, 299, 33, 27)]
    assert stats["names"] == ["Ana", "Bo", "Cyrille", "Dóra", "Emese"]
    # Game 11's four are now game 1's and game 6's: that group played three times.
    assert stats["groups"][0] == "Bo\nCyrille\nDóra\nEmese"


def test_merges_are_followed_to_their_end_and_a_loop_stops():
    assert history_stats.merged_name("a", {"a": "b", "b": "c"}) == "c"
    assert history_stats.merged_name("a", {"a": "b", "b": "a"}) == "b"
    assert history_stats.merged_name("x", {"a": "b"}) == "x"


def test_a_period_keeps_the_games_of_its_last_days(kept):
    # Game k was finished 36 - 3k days ago: the last 30 days hold games 2 to 11.
    stats = history_stats.stats(kept, {}, {"period": "month"}, NOW)
    assert stats["games"] == 10
    # Dóra played games 2, 3, 5 to 8 and 11 of them: 27, 27, four wins of 36 and 28, 226 points in 7.
    assert figures(stats)[0] == ("Dóra", 7, 4, 57, 323, 36, 27)
    assert history_stats.stats(kept, {}, {"period": "year"}, NOW)["games"] == 12


def test_a_group_keeps_the_games_of_exactly_those_players(kept):
    group = history_stats.group_of(["Cyrille", "Ana", "Bo", "Dóra"])
    stats = history_stats.stats(kept, {}, {"group": group}, NOW)
    # Games 0 and 5: Ana 36 then 28, Dóra 27 then 36.
    assert stats["games"] == 2
    assert figures(stats) == [("Ana", 2, 1, 50, 320, 36, 28), ("Dóra", 2, 1, 50, 315, 36, 27),
                              ("Bo", 2, 0, 0, 305, 33, 28), ("Cyrille", 2, 0, 0, 300, 33, 27)]
    # The groups offered are every game's, whatever is chosen: the filter can be changed back.
    assert stats["groups"] == history_stats.stats(kept, {}, {}, NOW)["groups"]


def test_buildings_count_copies_points_and_the_winners_towns(kept):
    stats = history_stats.stats(kept, {}, {}, NOW)
    cottage = stats["buildings"][0]
    assert cottage["card"] == "cottage"
    assert (cottage["games"], cottage["per_town"], cottage["per_copy"], cottage["winner_per_town"]) == (12, 60, 22, 60)
    farm = [b for b in stats["buildings"] if b["card"] == "farm"][0]
    # The winning town (Barrett Castle's) has two Farms; a town has 1.2 on average.
    assert (farm["per_town"], farm["winner_per_town"]) == (12, 20)


def test_averages_round_half_up_in_tenths():
    assert [history_stats.tenths(t, n) for t, n in ((242, 8), (280, 9), (-5, 2), (-1, 3), (0, 1))] == [303, 311, -25, -3, 0]
    assert history_stats.tenths(5, 0) is None


def test_a_code_that_does_not_open_has_no_summary_and_is_counted_as_unreadable():
    assert history_summary.summary_of("not-a-code") is None
    assert history_stats.stats([{"code": "x", "when": 1, "summary": None}], {}, {}, NOW)["kept"] == 0


def test_plays_as_csv_one_row_per_player_names_quoted_and_never_a_formula(kept):
    games = [dict(kept[10]), dict(kept[0])]
    games[1]["summary"] = json.loads(json.dumps(kept[0]["summary"]))
    games[1]["summary"]["players"][1]["name"] = '=Bo, "the" builder'
    rows = history_csv.plays_csv(games, {}).split("\r\n")
    assert rows[0] == "date,code,mode,seat,player,score,rank,winner"
    assert rows[1] == "2026-10-27,{},master-builder,1,Ana,36,1,1".format(kept[0]["code"])
    assert rows[2] == '2026-10-27,{},master-builder,2,"\'=Bo, ""the"" builder",28,3,0'.format(kept[0]["code"])
    # A solo game is played, never won.
    assert rows[5] == "2026-11-26,{},solo,1,Ana,33,1,0".format(kept[10]["code"])
    assert rows[6:] == [""]


@pytest.mark.parametrize("name", ["\t=1+1", "\r=1+1", "\t@SUM(A1)", "-2+3", "+A1", "@A1", "=A1", " =A1", "  -A1"])
def test_every_text_cell_a_spreadsheet_could_read_as_a_formula_is_made_text(kept, name):
    game = dict(kept[10], code="-" + kept[10]["code"])
    game["summary"] = json.loads(json.dumps(kept[10]["summary"]))
    game["summary"]["players"][0]["name"] = name
    merged = {"Ana": name}
    for games, merges in (([game], {}), ([dict(kept[10])], merged)):
        cells = history_csv.plays_csv(games, merges).split("\r\n")[1]
        row = next(csv.reader(io.StringIO(cells)))
        assert [cell[:1] in ("=", "+", "-", "@", "\t", "\r") or cell.lstrip(" ")[:1] in ("=", "+", "-", "@")
                for cell in row] == [False] * 8, row
        assert row[4] == "'" + name
    assert next(csv.reader(io.StringIO(history_csv.plays_csv([game], {}).split("\r\n")[1])))[1] == "'" + game["code"]


BAD_NAMES = ["Bo\x00", "\u202eoB", "x" * 10000, "\tBo", "\r=1+1", "", "   ", "Bo\u200b"]


@pytest.mark.parametrize("name", BAD_NAMES, ids=lambda name: repr(name[:12]))
def test_the_names_of_an_imported_file_s_merges_are_checked_as_names_typed_at_setup(kept, name):
    # Each is refused at setup: its game has a problem with the name.
    game = kept_games.games()[kept_games.SOLO]
    game["players"][0]["name"] = name
    assert [p["code"] for p in problems(game) if p["code"].startswith("name-")]
    codes = [{"code": g["code"], "when": g["when"]} for g in kept]
    for merges in ({name: "Bo"}, {"Bó": name}):
        text = json.dumps({"app": "marquoir", "kind": "games", "version": 1, "games": codes, "merged": merges})
        answer = json.loads(flow.history_json(json.dumps({"call": "import", "text": text, "played": "[]"})))
        assert answer == {"problem": "damaged-export"}
    # Kept on the phone before they were checked, such merges are left out when the page is read.
    assert history.kept_merges({name: "Bo", "Bó": name, "Bó2": "Bo"}) == {"Bó2": "Bo"}


def test_an_export_is_imported_without_duplicates_and_a_damaged_one_changes_nothing(kept):
    codes = [{"code": g["code"], "when": g["when"]} for g in kept]
    text = json.dumps({"app": "marquoir", "kind": "games", "version": 1, "games": codes, "merged": {"Bó": "Bo"}})
    answer = json.loads(flow.history_json(json.dumps({"call": "import", "text": text, "played": json.dumps(codes[:5]),
                                                      "merged": {"Bó": "Bó2"}})))
    assert answer["added"] == 7
    played = json.loads(answer["played"])
    assert [{"code": g["code"], "when": g["when"]} for g in played] == codes
    # The games added are read at once: the first five, kept before, are read at their next draw.
    assert [g.get("summary") == history_summary.summary_of(g["code"]) for g in played] == [False] * 5 + [True] * 7
    # A merge made on this phone stays as it is.
    assert answer["merged"] == {"Bó": "Bó2"}
    # A code changed by one character does not open: the file is damaged, and none of its games is taken.
    changed = json.loads(text)
    code = changed["games"][6]["code"]
    changed["games"][6]["code"] = code[:20] + ("A" if code[20] != "A" else "B") + code[21:]
    # A file that does not start as an export is another kind (the plays' CSV imported by mistake), one that breaks
    # off is damaged.
    for damaged, problem in ((json.dumps(changed), "damaged-export"), ("{", "damaged-export"), ("[]", "not-an-export"),
                             ("\ufeffdate;lien;mode\r\n2026-12-02;https://x/fr/r/AAA;Solo", "not-an-export"),
                             ('\ufeff {"app": "marq', "damaged-export"),
                             ('{"app": "marquoir", "kind": "games", "games": [{"code": 5, "when": 1}]}', "damaged-export"),
                             ('{"app": "marquoir", "kind": "games", "games": {}}', "damaged-export"),
                             ('{"app": "other", "kind": "games", "games": []}', "not-an-export")):
        assert json.loads(flow.history_json(json.dumps({"call": "import", "text": damaged,
                                                        "played": json.dumps(codes[:5])}))) == {"problem": problem}


def test_iso_days_are_the_calendar_s():
    assert [history_csv.iso_day(ms) for ms in (0, 951_782_400_000, 1_796_169_600_000, -86_400_000)] == \
        ["1970-01-01", "2000-02-29", "2026-12-02", "1969-12-31"]


def stats_request(words, games, **more):
    request = {"call": "stats", "played": json.dumps(games), "merged": {}, "filters": {}, "now": NOW, "words": words,
               "links": {"result": "/xx/r/%(code)s"}}
    request.update(more)
    return request


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_phone_reads_and_draws_the_page_as_the_server_does(micropython_core, client, lang):
    games = kept_games.kept(NOW)
    text = json.dumps(stats_request(page_words(client, lang), games, merged={"Bó": "Bo"}, filters={"period": "month"}))
    answer = json.loads(flow.history_json(text))
    phone = micropython_core.flow_json("history", text)
    # The games come back with their summaries, for the phone to keep (MicroPython writes keys in its own order).
    assert json.loads(phone.pop("played")) == json.loads(answer.pop("played")) == read(kept_games.kept(NOW))
    assert phone == answer


def test_the_page_says_its_figures_in_french(client):
    html = json.loads(flow.history_json(json.dumps(stats_request(page_words(client, "fr"), kept_games.kept(NOW)))))["html"]
    assert "<p class=\"stats-count\">12\u00a0parties</p>" in html
    # Emese's 289 points in 9 games: 32,1 on average; 4 wins of 9, 44 %.
    assert "<dt>Moyenne</dt><dd>32,1</dd>" in html
    assert "<dd>4 (44\u00a0%)</dd>" in html
    assert "<th scope=\"row\">Entrepôt (12)</th><td>1,0</td><td>\u22122,0</td><td>1,0</td>" in html


def test_names_are_escaped_and_isolated_wherever_the_page_shows_them(client):
    games = read(kept_games.kept(NOW))[:2]
    hostile = ['<b>"Al"</b>', "back\\slash", "Zsófi 👩‍👩‍👧", "دينا"]
    for game in games:
        for player, name in zip(game["summary"]["players"], hostile):
            player["name"] = name
    html = json.loads(flow.history_json(json.dumps(stats_request(page_words(client, "en"), games))))["html"]
    assert "<b>" not in html
    assert "<bdi>&lt;b&gt;&#34;Al&#34;&lt;/b&gt;</bdi>" in html
    assert "Totals of <bdi>دينا</bdi>, game after game" in html
    assert '<option value="back\\slash">back\\slash</option>' in html


def test_no_game_kept_says_so_and_an_unreadable_one_is_counted_and_kept_as_unreadable(client):
    words = page_words(client, "hu")
    answer = json.loads(flow.history_json(json.dumps(stats_request(words, [{"code": "AAAA", "when": NOW}]))))
    assert answer["html"] == '<p class="notice">{}</p><p class="stats-none">{}</p>'.format(
        words["stats"]["unreadable"]["one"].replace("%(num)d", "1"), words["stats"]["no_games"])
    assert json.loads(answer["played"]) == [{"code": "AAAA", "when": NOW, "summary": None}]


@pytest.mark.parametrize("stored", ["not json", "{}", "null", '[1, "x", {"code": 5, "when": 1}, {"code": "a"}]',
                                    '[{"code": "a", "when": 1.5}, {"code": "a", "when": 1, "summary": "x"}]',
                                    '[{"code": "a", "when": 100000000000000000000}, {"code": "", "when": 1}]'])
def test_a_damaged_store_reads_as_no_game_and_is_not_written_over(client, stored):
    request = stats_request(page_words(client, "en"), [])
    request["played"] = stored
    request["merged"] = {"a": 5, "b": ["c"]}
    answer = json.loads(flow.history_json(json.dumps(request)))
    assert answer == {"html": '<p class="stats-none">{}</p>'.format(
        "No finished game is kept on this phone yet: the result of each game you finish here is kept.")}


def test_a_group_not_offered_narrows_nothing(kept):
    assert history_stats.stats(kept, {}, {"group": "Ana\nZoé"}, NOW)["games"] == 12
    # Ana alone played once (solo): a group of one game is not offered either.
    assert history_stats.stats(kept, {}, {"group": "Ana"}, NOW)["games"] == 12


def test_games_sent_once_are_read_again_from_the_worker_with_their_summaries(client):
    words = page_words(client, "en")
    first = json.loads(flow.history_json(json.dumps(stats_request(words, kept_games.kept(NOW)))))
    # Each summary is short: a thousand games are under a megabyte of text on the phone.
    assert len(first["played"]) < 12 * 900
    request = stats_request(words, [], filters={"period": "month"})
    del request["played"]
    again = json.loads(flow.history_json(json.dumps(dict(request, same=True))))
    # Read already: nothing new to keep, and the figures are the twelve games' in the last 30 days.
    assert "played" not in again
    assert '<p class="stats-count">10 games</p>' in again["html"]


@pytest.mark.parametrize("summary", [{"players": "x"}, {"mode": "solo", "buildings": [], "players": [{"name": "A"}]},
                                     "x", 5, []])
def test_a_summary_not_of_its_shape_is_read_again_from_the_code(client, summary):
    games = kept_games.kept(NOW)[:1]
    games[0]["summary"] = summary
    answer = json.loads(flow.history_json(json.dumps(stats_request(page_words(client, "en"), games))))
    assert '<p class="stats-count">1 game</p>' in answer["html"]
    assert json.loads(answer["played"])[0]["summary"] == history_summary.summary_of(games[0]["code"])



def test_a_new_summary_layout_reads_every_kept_game_again_once(client, monkeypatch):
    # A game and a quick pad kept in layout 1 (no number), as every phone kept them before layout 2. Layout 2 comes:
    # both are read again from their codes, each summary then holds its layout, and a second look reads nothing again.
    assert history_summary.SUMMARY_LAYOUT == 2
    words, links = page_words(client, "en"), {"result": "/xx/r/%(code)s", "pad": "/xx/pad"}
    games = kept_games.kept(NOW)[:1] + [{"code": history_summary.PAD + "mode=master-builder&n0=Ana&blue0=12&n1=Bo&blue1=9",
                                         "when": NOW - history.DAY}]
    monkeypatch.setattr(history_summary, "SUMMARY_LAYOUT", 1)
    read(games)
    assert all("layout" not in game["summary"] for game in games)
    before = json.loads(flow.history_json(json.dumps(stats_request(words, games, links=links))))
    assert '<p class="stats-count">2 games</p>' in before["html"] and "played" not in before
    monkeypatch.undo()
    first = json.loads(flow.history_json(json.dumps(stats_request(words, games, links=links))))
    again = [game["summary"] for game in json.loads(first["played"])]
    assert [summary["layout"] for summary in again] == [2, 2]
    assert [dict(summary, layout=1) for summary in again] == [dict(game["summary"], layout=1) for game in games]
    assert '<p class="stats-count">2 games</p>' in first["html"]
    second = json.loads(flow.history_json(json.dumps(stats_request(words, json.loads(first["played"]), links=links))))
    assert "played" not in second


@pytest.mark.parametrize(("lang", "favourites"), [
    ("en", "Barrett Castle (4), Cathedral of Caterina (4), and The Starloom (1)"),
    ("fr", "Château de Barrett (4), Cathédrale de Caterina (4) et Le\u00a0Métier à étoiles (1)"),
    ("hu", "Barrett-vár (4), Caterina-székesegyház (4) és Csillagszövő (1)"),
])
def test_a_players_favourite_monuments_are_listed_as_the_language_lists(client, kept, lang, favourites):
    stats = history_stats.stats(kept, {}, {}, NOW)
    dora = next(player for player in stats["players"] if player["name"] == "Dóra")
    card = history_pieces.player_card(page_words(client, lang), 1, dora, {"result": "/r/%(code)s", "pad": "/pad"})
    assert "<dd>{}</dd>".format(favourites) in card

def coin_games() -> list:
    """Three games of Ana and Bo: two with coins (Ana keeps 3 then 0, Bo 1 then 2), one without."""
    games = []
    for n, coins in enumerate(((3, 1), (0, 2), None)):
        towns = [town("cottage well . .", ". . . .", ". . . .", ". . . ."), town("well . . .", ". . . .", ". . . .", ". . . .")]
        game = {"mode": "town-hall", "monuments": False, "cavern": False,
                "buildings": ["cottage", "farm", "well", "chapel", "tavern", "theater", "factory"],
                "players": [{"name": name, "monument": None, "town": rows} for name, rows in zip(("Ana", "Bo"), towns)]}
        if coins:
            game["coins"] = True
            for player, count in zip(game["players"], coins):
                player["coins"] = count
        assert problems(game) == []
        games.append({"code": encode(game), "when": NOW - n * 1000})
    return read(games)


def test_coins_left_are_averaged_over_the_games_played_with_coins():
    games = coin_games()
    assert [[p.get("coins") for p in game["summary"]["players"]] for game in games] == [[3, 1], [0, 2], [None, None]]
    by_name = {p["name"]: p for p in history_stats.stats(games, {}, {}, NOW)["players"]}
    # Ana: 3 + 0 coins in 2 games with coins, 1.5; Bo: 1 + 2, 1.5 too. The game without coins does not count.
    assert (by_name["Ana"]["coins"], by_name["Bo"]["coins"], by_name["Ana"]["games"]) == (15, 15, 3)


def test_a_player_who_never_played_with_coins_has_no_coins_figure(client, kept):
    assert {p["coins"] for p in history_stats.stats(kept, {}, {}, NOW)["players"]} == {None}
    html = json.loads(flow.history_json(json.dumps(stats_request(page_words(client, "en"), kept_games.kept(NOW)))))["html"]
    assert "Coins left" not in html


def test_the_page_shows_the_coins_figure(client):
    games = [{"code": game["code"], "when": game["when"]} for game in coin_games()]
    html = json.loads(flow.history_json(json.dumps(stats_request(page_words(client, "en"), games))))["html"]
    assert html.count("<dt>Coins left at the end, per game with coins</dt><dd>1.5</dd>") == 2
    # Each player's average points per colour has its coins bar, so the bars add up to the average.
    assert html.count('class="bar bar-coins"') == 2


def test_the_average_points_per_colour_add_up_to_the_average_in_a_game_with_coins():
    games = [{"code": encode(WHOLE_BOX), "when": 1764892800000, "summary": history_summary.summary(WHOLE_BOX)}]
    for player in history_stats.stats(games, {}, {}, 1764892800000)["players"]:
        # Tenths of points: Léa's colours add up to 26.0 for an average of 30.0 (her 4 points of coins left out).
        assert sum(player["colours"]) == player["average"], player["name"]


def test_the_plays_csv_is_written_in_the_pages_language_for_its_spreadsheets(client, kept):
    words = page_words(client, "fr")
    games = json.loads(json.dumps(kept[10:12]))
    games[1]["summary"]["players"][0]["name"] = "Bó; le 2e"
    links = {"result": "https://marquoir.example/fr/r/%(code)s", "pad": "https://marquoir.example/fr/pad"}
    games.append({"code": "pad?mode=town-hall&n0=Ana&blue0=12&n1=Bo&blue1=9", "when": games[1]["when"] + 1})
    games[2]["summary"] = history_summary.summary_of(games[2]["code"])
    text = json.loads(flow.history_json(json.dumps({"call": "csv", "played": json.dumps(games), "merged": {},
                                                    "words": {"stats": words["stats"], "modes": words["modes"]},
                                                    "links": links})))["csv"]
    rows = text.split("\r\n")
    assert rows[0] == "date;lien;mode;ordre à table;joueur;points;classement;vainqueur"
    # Each game's link opens it: its result, or the pad as it was kept.
    assert rows[1].split(";")[1:] == ["https://marquoir.example/fr/r/" + games[0]["code"], "Solo", "1", "Ana", "33", "1",
                                      "0"]
    assert rows[6].split(";")[1:4] == ["https://marquoir.example/fr/pad?mode=town-hall&n0=Ana&blue0=12&n1=Bo&blue1=9",
                                       "Hôtel de ville", "1"]
    # A name holding the separator is quoted, as a French spreadsheet reads it.
    assert next(csv.reader(io.StringIO(rows[2]), delimiter=";"))[2:5] == ["Maître d’œuvre", "1", "Bó; le 2e"]
