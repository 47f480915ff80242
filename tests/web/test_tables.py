"""A table through the Flask test client, against SQLite and Redis alike (the table_config fixture)."""

import copy
import io
import json
import re

import pytest
from flask import request
from werkzeug.test import EnvironBuilder
from werkzeug.test import run_wsgi_app

from support import examples
from support.tables import empty_setup
from support.tables import town_code
from support.tables import town_op
from support.webflow import text_of
from webscore.flow.sync import public
from webscore.flow.sync import town_from_fields
from webscore.flow.town_fields import fields_of
from webscore.scoring import decode
from webscore.scoring import encode
from webscore.scoring import score
from webscore.web.tables.store import LIFETIME

GAME = examples.load("four-players")
SETUP = encode(empty_setup(GAME))
JSON_CALL = {"X-Requested-With": "marquoir"}


@pytest.fixture
def table_app(make_app, table_config):
    return make_app(**table_config)


@pytest.fixture
def phone(table_app):
    return table_app.test_client()


def token(html: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def shown_version(html: str) -> str:
    return re.search(r'name="version" value="([0-9]+)"', html).group(1)


def open_table(phone, lang="en") -> str:
    """Open a table for the four-player setup; return its id."""
    page = phone.get("/{}/t/new?code={}".format(lang, SETUP))
    answer = phone.post("/{}/t/new".format(lang), data={"code": SETUP, "csrf_token": token(page.text)})
    assert answer.status_code == 303
    return answer.location.rsplit("/", 1)[1]


CLIENT = "phone-one-a"


def send(phone, table, n, op, client=CLIENT, lang="en", body=None, **headers):
    """Send one operation of a phone's outbox for player n's town (from 1); body adds to what the save says."""
    return phone.post("/{}/t/{}/{}".format(lang, table, n), json=dict({"client": client, "op": op}, **(body or {})),
                      headers=dict(JSON_CALL, **headers))


def save(phone, table, n, version=0, done=False, client=CLIENT, seq=1, **headers):
    """Send player n's (from 1) town of the example game, over a version, and hand it in when done."""
    answer = send(phone, table, n, town_op(GAME, n - 1, seq, version), client, **headers)
    if done and answer.status_code == 200:
        answer = send(phone, table, n, {"seq": seq + 1, "done": True}, client, **headers)
    return answer


def statuses(html: str) -> list:
    return re.findall(r'data-status="([a-z-]+)"', html)


def test_the_setup_page_offers_a_table(phone):
    query = {"players-0": "Ana", "players-1": "Bo", "mode": "town-hall", "red": "farm", "grey": "well",
             "orange": "chapel", "green": "feast-hall", "yellow": "theater", "navy": "warehouse", "action": "table"}
    answer = phone.get("/en/new", query_string=query)
    assert answer.status_code == 302
    assert answer.location.startswith("/en/t/new?code=")
    assert "Open the table" in phone.get(answer.location).text


def test_opening_a_table_needs_the_forms_token(phone):
    answer = phone.post("/fr/t/new", data={"code": SETUP})
    assert answer.status_code == 400
    assert "Ce formulaire a expiré" in answer.text


def test_a_damaged_setup_code_opens_no_table(phone):
    assert phone.get("/en/t/new?code=AAAA").status_code == 400


def test_a_form_that_sends_two_codes_opens_no_table(phone):
    page = phone.get("/en/t/new?code=" + SETUP)
    answer = phone.post("/en/t/new", data={"code": [SETUP, SETUP], "csrf_token": token(page.text)})
    assert answer.status_code == 400
    assert "This address gives code twice." in answer.text


def test_the_table_page_lists_the_players_and_joins_by_qr_and_short_link(phone, table_app):
    table = open_table(phone)
    page = phone.get("/en/t/" + table)
    assert page.status_code == 200
    assert re.findall(r'class="button who"[^>]*><bdi>([^<]+)</bdi><', page.text) == [
        p["name"] for p in GAME["players"]]
    assert statuses(page.text) == ["not-started"] * 4
    assert page.text.count('<span class="table-status">Not started</span>') == 4
    assert "http://localhost/t/" + table in page.text
    # The QR code is asked for in the page's language: a table gone or out of reach is said in it.
    assert '<img class="qr" src="/en/t/{}/qr.svg"'.format(table) in page.text
    assert '<img class="qr" src="/fr/t/{}/qr.svg"'.format(table) in phone.get("/fr/t/" + table).text
    for address in ("/en/t/{}/qr.svg", "/fr/t/{}/qr.svg", "/t/{}/qr.svg"):
        picture = phone.get(address.format(table))
        assert (picture.status_code, picture.mimetype) == (200, "image/svg+xml")
    assert phone.get("/fr/t/{}/qr.svg".format(table)).data == phone.get("/t/{}/qr.svg".format(table)).data
    newcomer = table_app.test_client()
    assert newcomer.get("/t/" + table, headers={"Accept-Language": "hu"}).location == "/hu/t/" + table


def test_a_whole_game_handed_in_town_by_town_ends_on_the_result_page(phone):
    table = open_table(phone)
    for n in range(4):
        assert save(phone, table, n + 1).json["town"]["version"] == 1
    assert statuses(phone.get("/en/t/" + table).text) == ["entering"] * 4
    totals = [p["total"] for p in score(GAME)["players"]]
    for n in range(3):
        town = public(town_from_fields(fields_of(GAME["players"][n]), 2, True))
        assert send(phone, table, n + 1, {"seq": 2, "done": True}).json == {
            "seq": 2, "town": town, "revision": 5 + n, "finished": False, "result": None}
    state = phone.get("/en/t/{}/state".format(table)).json
    assert [p["status"] for p in state["players"]] == ["done", "done", "done", "entering"]
    assert [p["total"] for p in state["players"]] == totals[:3] + [None]
    assert state["result"] is None
    last = send(phone, table, 4, {"seq": 2, "done": True}, lang="hu").json
    assert (last["finished"], last["result"]) == (True, "/hu/r/" + encode(GAME))
    state = phone.get("/hu/t/{}/state".format(table)).json
    assert state["result"] == "/hu/r/" + encode(GAME)
    assert phone.get(state["result"]).status_code == 200
    # The last "done" sent again (its answer lost) is acknowledged; anything new is refused, with the result.
    assert send(phone, table, 4, {"seq": 2, "done": True}).status_code == 200
    late = send(phone, table, 1, {"seq": 3, "set": {"square_a1": ["", 2]}})
    assert (late.status_code, late.json["result"]) == (409, "/en/r/" + encode(GAME))


def test_a_square_set_otherwise_by_another_phone_is_a_conflict_and_other_squares_merge(phone):
    table = open_table(phone)
    first = send(phone, table, 2, {"seq": 1, "set": {"square_a1": ["farm", 0], "square_b1": ["well", 0]}}, "phone-A-aaa")
    assert first.json["town"] == {"fields": {"square_a1": "farm", "square_b1": "well", "monument": "the-starloom"},
                                  "version": 1, "done": False}
    # The town is phone A's: phone B changes it only by taking it over.
    owned = send(phone, table, 2, {"seq": 1, "set": {"square_a1": ["cottage", 0], "square_c1": ["farm", 0]}}, "phone-B-bbb")
    assert (owned.status_code, owned.json["reason"], owned.json["town"]) == (409, "owned", first.json["town"])
    clash = send(phone, table, 2, {"seq": 1, "set": {"square_a1": ["cottage", 0], "square_c1": ["farm", 0]}}, "phone-B-bbb",
                 body={"take": True})
    assert clash.status_code == 409
    assert (clash.json["conflict"], clash.json["town"], clash.json["message"]) == (
        {"square_a1": ["farm", "cottage"]}, first.json["town"], "This town was changed on another phone.")
    # The same value is no conflict; another square merges.
    merged_in = send(phone, table, 2, {"seq": 1, "set": {"square_a1": ["farm", 0], "square_c1": ["farm", 0]}}, "phone-B-bbb",
                     body={"take": True})
    assert merged_in.json["town"]["fields"] == {"square_a1": "farm", "square_b1": "well", "square_c1": "farm",
                                                "monument": "the-starloom"}
    assert merged_in.json["town"]["version"] == 2


def test_following_the_table_answers_304_until_it_changes(phone):
    table = open_table(phone)
    first = phone.get("/en/t/{}/state".format(table))
    again = phone.get("/en/t/{}/state".format(table), headers={"If-None-Match": first.headers["ETag"]})
    assert (again.status_code, again.data) == (304, b"")
    save(phone, table, 1)
    changed = phone.get("/en/t/{}/state".format(table), headers={"If-None-Match": first.headers["ETag"]})
    assert changed.status_code == 200
    assert changed.json["players"][0]["status"] == "entering"


@pytest.mark.parametrize(("headers", "status"), [
    ({"X-Requested-With": ""}, 403),
    ({"Origin": "https://elsewhere.example"}, 403),
])
def test_a_save_from_another_site_is_refused(phone, headers, status):
    table = open_table(phone)
    answer = save(phone, table, 1, **headers)
    assert answer.status_code == status
    assert answer.json == {"message": "This request did not come from Marquoir."}


def test_a_save_bigger_than_a_town_is_refused_in_the_readers_language(phone):
    table = open_table(phone)
    answer = phone.post("/fr/t/{}/1".format(table), json={"client": CLIENT, "op": "A" * 3000}, headers=JSON_CALL)
    assert answer.status_code == 413
    assert answer.json["message"] == "Cette demande dépasse de loin ce qu’une partie nécessite."


@pytest.mark.parametrize("body", [{"town": "x", "version": 0}, {"client": CLIENT}, {"op": {"seq": 1, "done": True}}, [],
                                  {"client": "short", "op": {"seq": 1, "done": True}},
                                  {"client": CLIENT, "op": {"seq": 1, "done": True}, "more": 1}])
def test_a_malformed_save_is_a_400(phone, body):
    table = open_table(phone)
    answer = phone.post("/en/t/{}/1".format(table), json=body, headers=JSON_CALL)
    assert answer.status_code == 400


@pytest.mark.parametrize("changes", [{"square_a1": ["cathedral", 0]}, {"square_a1": ["nothing", 0]},
                                     {"square_e1": ["farm", 0]}, {"monument": ["farm", 0]}, {"square_a1": ["farm" * 7, 0]}])
def test_a_card_this_town_cannot_hold_or_an_unknown_field_is_refused(phone, changes):
    table = open_table(phone)
    answer = send(phone, table, 1, {"seq": 1, "set": changes})
    assert (answer.status_code, answer.json) == (400, {"message": "This request cannot be answered as it is."})
    assert phone.get("/en/t/{}/1/town".format(table)).json["town"]["version"] == 0


@pytest.mark.parametrize("monument", ["grand-mausoleum-of-the-rodina", "archive-of-the-second-age"])
def test_a_monument_whose_name_is_longer_than_24_characters_is_placed_at_a_table(phone, monument):
    # Issue 50: a square's value was refused past 24 characters (400), so a player holding one of these monuments
    # could never place it, and the phone dropped the operation with the taps that travelled with it.
    game = examples.load("four-players")
    game["players"][0]["monument"] = monument
    setup = encode(empty_setup(game))
    page = phone.get("/en/t/new?code={}".format(setup))
    table = phone.post("/en/t/new", data={"code": setup, "csrf_token": token(page.text)}).location.rsplit("/", 1)[1]
    answer = send(phone, table, 1, {"seq": 1, "set": {"square_a1": [monument, 0], "square_b1": ["farm", 0]}})
    assert answer.status_code == 200
    assert answer.json["town"]["fields"] == {"monument": monument, "square_a1": monument, "square_b1": "farm"}


def test_a_player_the_table_does_not_have_is_a_404(phone):
    table = open_table(phone)
    assert send(phone, table, 5, {"seq": 1, "done": True}).status_code == 404
    assert phone.get("/en/t/{}/5/town".format(table)).status_code == 404


def test_tables_opened_per_phone_are_limited(make_app, table_config):
    table_config["TABLES_PER_HOUR"] = 2
    phone = make_app(**table_config).test_client()
    open_table(phone)
    open_table(phone)
    page = phone.get("/fr/t/new?code=" + SETUP)
    answer = phone.post("/fr/t/new", data={"code": SETUP, "csrf_token": token(page.text)})
    assert answer.status_code == 429
    assert "Ce téléphone a ouvert beaucoup de tables" in answer.text


def test_saves_per_phone_are_limited(make_app, table_config):
    table_config["TABLE_SAVES_PER_MINUTE"] = 3
    phone = make_app(**table_config).test_client()
    table = open_table(phone)
    # Each over the version the town is at (1 once the first is in): a version the town never had is refused.
    answers = [save(phone, table, 1, min(v, 1), seq=v + 1) for v in range(4)]
    assert [answer.status_code for answer in answers] == [200, 200, 200, 429]
    assert answers[3].headers["Retry-After"] == "10"


def test_an_unknown_table_is_a_404_that_offers_to_start_again(phone):
    answer = phone.get("/fr/t/AAAAAAAAAAAAAAAAAAAAAAAA")
    assert answer.status_code == 404
    assert "Cette table n’existe plus" in answer.text
    assert 'href="/fr/new"' in answer.text
    assert phone.get("/en/t/AAAAAAAAAAAAAAAAAAAAAAAA/state").status_code == 404
    assert phone.get("/en/t/short").status_code == 404


def test_an_expired_table_is_gone(make_app, table_config):
    app = make_app(**table_config)
    phone = app.test_client()
    table = open_table(phone)
    # A save before the end: the worker now knows the table's setup, and must still find it gone.
    assert save(phone, table, 2).status_code == 200
    table_config["TABLES_CLOCK"].now += LIFETIME + 1
    assert phone.get("/en/t/" + table).status_code == 404
    assert phone.get("/en/t/{}/1".format(table)).status_code == 404
    assert phone.get("/en/t/{}/1/town".format(table)).status_code == 404
    gone = save(phone, table, 1)
    assert (gone.status_code, gone.json["message"]) == (404, "This table is gone.")
    assert save(phone, table, 2, 1, seq=2).status_code == 404


def test_a_restarted_app_loses_nothing(make_app, table_config):
    phone = make_app(**table_config).test_client()
    table = open_table(phone)
    save(phone, table, 1, done=True)
    save(phone, table, 2)
    restarted = make_app(**table_config).test_client()
    state = restarted.get("/en/t/{}/state".format(table)).json
    assert [p["status"] for p in state["players"]] == ["done", "entering", "not-started", "not-started"]
    assert [p["version"] for p in state["players"]] == [2, 1, 0, 0]
    first = GAME["players"][1]["town"][0][0]
    assert re.search(r'<select[^>]*id="square_a1".*?<option selected value="{}"'.format(first),
                     restarted.get("/en/t/{}/2".format(table)).text, re.S)
    # The phone's next operation after the restart: neither lost nor applied twice (its number is taken: refused).
    assert send(restarted, table, 2, {"seq": 1, "set": {}}).status_code == 422
    assert send(restarted, table, 2, {"seq": 2, "done": True}).json["town"]["version"] == 2


def test_the_town_step_shows_the_saved_town(phone):
    table = open_table(phone)
    save(phone, table, 3)
    page = phone.get("/en/t/{}/3".format(table)).text
    assert 'data-version="1"' in page
    first = GAME["players"][2]["town"][0][0]
    assert re.search(r'<select[^>]*id="square_a1".*?<option selected value="{}"'.format(first), page, re.S)


def test_a_town_handed_over_by_link_is_taken_in(phone):
    table = open_table(phone)
    link = "http://localhost/en/t/{}/take?town={}".format(table, town_code(GAME, 1))
    page = phone.get("/en/t/{}/take".format(table), query_string={"town": link})
    assert "Bernadet" in page.text
    assert phone.post("/en/t/{}/take".format(table), data={"town": link}).status_code == 400
    answer = phone.post("/en/t/{}/take".format(table), data={"town": link, "csrf_token": token(page.text),
                                                            "version": shown_version(page.text)})
    assert answer.status_code == 303
    assert statuses(phone.get("/en/t/" + table).text) == ["not-started", "done", "not-started", "not-started"]


def test_a_damaged_hand_over_link_says_so(phone):
    table = open_table(phone)
    answer = phone.get("/hu/t/{}/take".format(table), query_string={"town": "/en/g/AAAAAAAA/1"})
    assert answer.status_code == 422


def test_following_the_table_sets_no_language_cookie(table_app):
    phone = table_app.test_client(use_cookies=False)
    table = open_table(table_app.test_client())
    followed = phone.get("/fr/t/{}/state".format(table))
    assert followed.status_code == 200
    assert "Set-Cookie" not in followed.headers
    page = phone.get("/fr/t/{}".format(table))
    assert page.status_code == 200
    assert page.headers["Set-Cookie"].startswith("lang=fr;")


def test_a_table_and_its_towns_are_never_stored(phone):
    # The service worker stores no no-store page: offline, its shell draws them from what the phone kept.
    table = open_table(phone)
    for page in (phone.get("/en/t/{}".format(table)), phone.get("/en/t/{}/1".format(table))):
        assert (page.status_code, page.headers["Cache-Control"]) == (200, "no-store")


def test_a_followed_table_is_answered_before_the_app_as_the_view_answers(table_app):
    entered = []
    table_app.before_request(lambda: entered.append(request.path))
    phone = table_app.test_client()
    table = open_table(phone)
    address = "/hu/t/{}/state".format(table)
    entered.clear()
    first = phone.get(address)
    # A query takes the request to the view, which must answer with the same bytes and headers.
    viewed = phone.get(address + "?from=view")
    assert entered == [address]
    assert (first.status_code, first.data, sorted(first.headers.items())) == \
           (viewed.status_code, viewed.data, sorted(viewed.headers.items()))
    assert first.headers["ETag"] == '"0-hu"'
    assert first.headers["Cache-Control"] == "no-cache"
    assert first.json["players"][1] == {"name": "Bernadet", "status": "not-started", "total": None, "least": False,
                                        "version": 0}
    again = phone.get(address, headers={"If-None-Match": first.headers["ETag"]})
    assert (again.status_code, again.data) == (304, b"")
    assert again.headers["Content-Security-Policy"] == first.headers["Content-Security-Policy"]
    # Another language's tag and a changed table get the state, still without entering the app.
    assert phone.get("/en/t/{}/state".format(table), headers={"If-None-Match": first.headers["ETag"]}).json == first.json
    save(phone, table, 1, done=True)
    entered.clear()
    changed = phone.get(address, headers={"If-None-Match": first.headers["ETag"]})
    # Its town sent, then handed in: two changes.
    assert (changed.status_code, changed.headers["ETag"]) == (200, '"2-hu"')
    # Her total is the least her Feast Halls make while Dominika, on her right, has not handed her town in.
    assert changed.json["players"][0] == {"name": GAME["players"][0]["name"], "status": "done", "total": 36,
                                          "least": True, "version": 2}
    assert entered == []
    # A weak or listed tag is read as the view reads it, still without entering the app.
    assert phone.get(address, headers={"If-None-Match": 'W/"2-hu"'}).status_code == 304
    assert phone.get(address, headers={"If-None-Match": '"0-hu", "2-hu"'}).status_code == 304
    assert entered == []
    # A finished table (its state links to the result) and a gone one are the view's.
    for n in range(2, 5):
        save(phone, table, n, done=True)
    entered.clear()
    finished = phone.get(address)
    assert finished.json["result"] == "/hu/r/" + encode(GAME)
    assert phone.get("/hu/t/{}/state".format("x" * 22)).status_code == 404
    assert entered == [address, "/hu/t/{}/state".format("x" * 22)]


# A number that is a boolean, a fraction, huge or below zero, a "done" that is not true, or two kinds at once
# are refused as malformed, never taken nor read as a conflict.
@pytest.mark.parametrize("op", [{"seq": True, "done": True}, {"seq": 1.5, "done": True}, {"seq": 2 ** 40, "done": True},
                                {"seq": 0, "done": True}, {"seq": -1, "done": True}, {"seq": 1, "done": 1},
                                {"seq": 1, "done": None}, {"seq": 1, "done": False}, {"seq": 1, "reopen": "yes"},
                                {"seq": 1, "done": True, "reopen": True}, {"seq": 1, "set": {"square_a1": ["farm", True]}},
                                {"seq": 1, "set": {"square_a1": ["farm", -1]}}, {"seq": 1, "set": {"square_a1": ["farm"]}},
                                {"seq": 1, "set": {"square_a1": [1, 0]}}, {"seq": 1, "set": []}, {"seq": 1}])
def test_an_operation_of_the_wrong_shape_is_a_400(phone, op):
    table = open_table(phone)
    answer = send(phone, table, 1, op)
    assert answer.status_code == 400
    assert answer.json["message"] == "This request cannot be answered as it is."


def test_a_town_handed_over_after_the_scores_are_shown_says_so(phone):
    table = open_table(phone)
    for n in range(4):
        assert save(phone, table, n + 1, done=True).status_code == 200
    link = "http://localhost/fr/t/{}/take?town={}".format(table, town_code(GAME, 1))
    page = phone.get("/fr/t/{}/take".format(table), query_string={"town": link})
    answer = phone.post("/fr/t/{}/take".format(table), data={"town": link, "csrf_token": token(page.text),
                                                            "version": shown_version(page.text)})
    assert answer.status_code == 409
    assert "Les scores sont déjà affichés" in answer.text


def test_a_body_nested_past_any_town_is_a_400_and_a_long_one_sent_in_chunks_a_413(table_app, phone):
    table = open_table(phone)
    nested = '{"client": "phone-one-a", "op": ' + "[" * 1000 + "]" * 1000 + "}"
    answer = phone.post("/en/t/{}/1".format(table), data=nested, content_type="application/json", headers=JSON_CALL)
    assert (answer.status_code, answer.json) == (400, {"message": "This request cannot be answered as it is."})
    # Sent in chunks, a body names no length: it is bounded by the bytes read all the same.
    body = json.dumps({"client": CLIENT, "op": {"seq": 1, "set": {"square_a1": ["farm", 0]}}, "pad": "x" * 12000})
    environ = EnvironBuilder(path="/fr/t/{}/1".format(table), method="POST", input_stream=io.BytesIO(body.encode()),
                             headers=dict(JSON_CALL, **{"Content-Type": "application/json",
                                                        "Transfer-Encoding": "chunked"})).get_environ()
    environ.pop("CONTENT_LENGTH", None)
    environ["wsgi.input_terminated"] = True
    sent, status, _ = run_wsgi_app(table_app.wsgi_app, environ, buffered=True)
    assert status == "413 REQUEST ENTITY TOO LARGE"
    assert json.loads(b"".join(sent)) == {"message": "Cette demande dépasse de loin ce qu’une partie nécessite."}


def test_a_half_entered_town_never_stops_the_table_of_a_town_handed_in(phone):
    table = open_table(phone)
    assert save(phone, table, 1, done=True).status_code == 200
    # Bernadet places The Starloom before saying how many towns were completed before hers, and a load of
    # 300 on a Warehouse: still a town being entered, which the table's page and state go on showing.
    half = send(phone, table, 2, {"seq": 1, "set": {"square_a1": ["the-starloom", 0], "square_b1": ["warehouse", 0],
                                                      "stored_b1": ["300", 0]}}, client="phone-two-b")
    assert half.status_code == 200
    state = phone.get("/en/t/{}/state".format(table))
    assert state.status_code == 200
    assert [p["status"] for p in state.json["players"]] == ["done", "entering", "not-started", "not-started"]
    assert phone.get("/en/t/" + table).status_code == 200
    refused = send(phone, table, 2, {"seq": 2, "done": True}, client="phone-two-b")
    assert refused.status_code == 422
    # Each sentence once, naming its squares.
    assert refused.json["problems"] == ["A Warehouse stores at most 3 resources. Square b1.",
                                        "How many players completed their town before this one?"]


@pytest.mark.parametrize(("address", "status", "words"), [
    ("/fr/t/xxx", 404, "Cette table n’existe plus"),
    ("/hu/t/xxx", 404, "Ez az asztal már nem létezik"),
    ("/hu/t/" + "a" * 40 + "/9", 404, "Ez az asztal már nem létezik"),
    ("/fr/t/ID/0", 404, "Page introuvable"),
    ("/hu/t/ID/0", 404, "Az oldal nem található"),
    ("/fr/t/ID/5", 404, "Page introuvable"),
    ("/fr/t/ID/99999999999999999999", 404, "Page introuvable"),
    ("/fr/t/ID/take?town=%00%ff", 422, "Ce n’est pas une bourgade de Marquoir."),
    ("/hu/t/ID/take?town=%00%ff", 422, "Ez nem Marquoir-város."),
    ("/hu/t/xxx/take?town=abc", 404, "Ez az asztal már nem létezik"),
    ("/fr/t/new?code=%00%ff", 400, "Impossible d’ouvrir ce lien"),
    ("/hu/t/new", 400, "Ez a link nem nyitható meg"),
    # Two codes leave the game unsaid: neither is taken.
    ("/fr/t/new?code={}&code=AAAA".format(SETUP), 400, "Cette adresse donne deux fois code."),
    ("/hu/t/new?code={0}&code={0}".format(SETUP), 400, "Ez a cím kétszer adja meg ezt: code."),
])
def test_a_wrong_table_address_is_refused_in_the_pages_language(client, address, status, words):
    table = open_table(client, "fr")
    answer = client.get(address.replace("ID", table))
    assert answer.status_code == status
    assert words in answer.text


# One town, one address: Werkzeug's int converter would also take a leading zero and other scripts' digits.
@pytest.mark.parametrize("player", ["01", "%D9%A1", "%EF%BC%91"])
def test_a_town_address_with_an_odd_spelling_of_its_player_number_is_not_found(client, player):
    table = open_table(client, "fr")
    answer = client.get("/fr/t/{}/{}".format(table, player))
    assert answer.status_code == 404
    assert "Page introuvable" in answer.text


@pytest.mark.parametrize(("lang", "words"), [("fr", "Ce joueur n’est pas à cette table."),
                                             ("hu", "Nincs ilyen játékos ennél az asztalnál.")])
def test_a_save_for_a_player_who_is_not_there_is_refused_in_the_pages_language(client, lang, words):
    table = open_table(client, lang)
    answer = client.post("/{}/t/{}/0".format(lang, table), json={"client": CLIENT, "op": {"seq": 1, "done": True}},
                         headers=JSON_CALL)
    assert answer.status_code == 404
    assert answer.get_json() == {"message": words}


# A player that is no number would get an HTML page; a phone's calls get JSON in their language.
@pytest.mark.parametrize("player", ["-1", "abc", "00x", "1.0", "+1"])
def test_a_player_that_is_no_number_gets_the_json_answer_in_the_pages_language(phone, player):
    table = open_table(phone, "fr")
    for answer in (phone.post("/fr/t/{}/{}".format(table, player), json={"client": CLIENT, "op": {"seq": 1, "done": True}},
                              headers=JSON_CALL),
                   phone.get("/fr/t/{}/{}/town".format(table, player))):
        assert (answer.status_code, answer.json) == (404, {"message": "Ce joueur n’est pas à cette table."})


# Values no phone sends must not be kept (another player's monument, a control or direction character).
@pytest.mark.parametrize(("field", "value"), [("square_a1", "the-starloom"), ("stored_a1", "\u0000"),
                                              ("stored_a1", "1\u007f"), ("stored_a1", "2\u200b"),
                                              ("completed_before", "\u202e2"), ("master_builder_turns", "\u20661")])
def test_a_value_no_phone_could_send_is_refused(phone, field, value):
    table = open_table(phone, "hu")
    answer = send(phone, table, 1, {"seq": 1, "set": {field: [value, 0]}}, lang="hu")
    assert (answer.status_code, answer.json) == (400, {"message": "Erre a kérésre így nem lehet válaszolni."})
    assert phone.get("/hu/t/{}/1/town".format(table)).json["town"]["version"] == 0


# A number box takes any text: what a phone typed there is kept with the squares sent beside it, and named when the
# town is handed in, in the box's words.
@pytest.mark.parametrize(("field", "value", "said"), [
    ("stored_b1", "abc", ["Enter how many resources are stored, from 0 to 3. Square b1.",
                          "How many players completed their town before this one?"]),
    ("stored_b1", "\u2462", ["Enter how many resources are stored, from 0 to 3. Square b1.",
                             "How many players completed their town before this one?"]),
    ("completed_before", "1 0", ["Enter a whole number.", "How many players completed their town before this one?"]),
    ("completed_before", "\u00b2", ["Enter a whole number.", "How many players completed their town before this one?"])])
def test_a_number_typed_otherwise_than_in_digits_is_kept_and_named_at_the_hand_in(phone, field, value, said):
    table = open_table(phone)
    typed = send(phone, table, 2, {"seq": 1, "set": {"square_a1": ["the-starloom", 0], "square_b1": ["warehouse", 0],
                                                       field: [value, 0]}}, client="phone-two-b")
    assert typed.status_code == 200
    fields = phone.get("/en/t/{}/2/town".format(table)).json["town"]["fields"]
    assert (fields["square_a1"], fields["square_b1"], fields[field]) == ("the-starloom", "warehouse", value)
    # The table's page, its state and the town's own page go on drawing the town being entered.
    assert [p["status"] for p in phone.get("/en/t/{}/state".format(table)).json["players"]][1] == "entering"
    assert phone.get("/en/t/" + table).status_code == 200
    assert phone.get("/en/t/{}/2".format(table)).status_code == 200
    refused = send(phone, table, 2, {"seq": 2, "done": True}, client="phone-two-b")
    assert refused.status_code == 422
    assert refused.json["problems"] == said


# A wrong method on a phone's call got the HTML error page; it is JSON in the page's language, with Allow.
@pytest.mark.parametrize(("method", "path", "allowed"), [("put", "/fr/t/{}/1", "GET, HEAD, OPTIONS, POST"),
                                                         ("delete", "/fr/t/{}/1", "GET, HEAD, OPTIONS, POST"),
                                                         ("post", "/fr/t/{}/1/town", "GET, HEAD, OPTIONS")])
def test_a_wrong_method_on_a_phones_call_is_a_json_405(phone, method, path, allowed):
    table = open_table(phone, "fr")
    answer = getattr(phone, method)(path.format(table), data=b"{}", headers=JSON_CALL)
    assert (answer.status_code, answer.json) == (405, {"message": "Impossible de répondre à cette demande telle quelle."})
    assert sorted(answer.headers["Allow"].split(", ")) == sorted(allowed.split(", "))
    # The table's pages stay pages: a wrong method on the take-in form gets the HTML page.
    assert phone.put("/fr/t/{}/take".format(table)).mimetype == "text/html"


def test_a_bare_address_of_a_new_table_keeps_its_code_in_the_readers_language(phone, table_app):
    answer = phone.get("/t/new", query_string={"code": SETUP}, headers={"Accept-Language": "fr"})
    assert answer.status_code == 302
    assert answer.location == "/fr/t/new?code=" + SETUP
    page = phone.get(answer.location)
    assert page.status_code == 200
    assert 'name="code" value="{}"'.format(SETUP) in page.text


def test_a_towns_page_at_a_table_totals_it_beside_the_towns_handed_in_as_the_tables_list_does(phone):
    # Dominika, on Annabell's right, is entering her town: her Cottages are in, her two Feast Halls not yet. Annabell's
    # page scores her Feast Halls as the table's list does, as if Dominika had more: "at least" 36 until her town is
    # handed in. Beside Dominika's town as entered so far they beat it, and the page said 38 where the list said
    # "at least 36", and took 2 points back once Dominika's Feast Halls came in.
    table = open_table(phone)
    being_entered = copy.deepcopy(GAME)
    being_entered["players"][3]["town"] = [[None if card == "feast-hall" else card for card in row]
                                           for row in GAME["players"][3]["town"]]
    assert send(phone, table, 4, town_op(being_entered, 3, 1, 0)).status_code == 200
    assert save(phone, table, 1, done=True).status_code == 200
    page = phone.get("/en/t/{}/1".format(table)).text
    assert "at least 36 until the town of Dominika is handed in" in text_of(page)
    # The live score reads the same towns: Dominika's not handed in, none of hers.
    scored = decode(re.search(r'data-score-code="([^"]+)"', page).group(1))
    assert [any(card for row in player["town"] for card in row) for player in scored["players"]] == \
        [True, False, False, False]
    # Handed in, her town is read: Annabell's 36 is sure.
    assert send(phone, table, 4, town_op(GAME, 3, 2, 1)).status_code == 200
    assert send(phone, table, 4, {"seq": 3, "done": True}).status_code == 200
    said = text_of(phone.get("/en/t/{}/1".format(table)).text)
    assert "Running total: 36 Tap" in said and "until the town of" not in said


@pytest.mark.parametrize("lang, said", [
    ("en", ["Done · at least 36 points", "Done · 28 points", "Not started", "Entering"]),
    ("fr", ["Terminée · au moins 36\u00a0points", "Terminée · 28\u00a0points", "Pas commencée", "En cours de saisie"]),
    ("hu", ["Kész · legalább 36\u00a0pont", "Kész · 28\u00a0pont", "Még nem kezdte el", "Bevitel alatt"])])
def test_the_tables_list_says_a_towns_status_and_its_total_sure_or_at_least_alike(phone, lang, said):
    # Annabell's Feast Halls make the least they can until Dominika, on her right, hands her town in: "at least" 36.
    # Bernadet's total is sure. Each line reads its status, a separator, then its total, the least one as the sure.
    table = open_table(phone, lang)
    assert save(phone, table, 1, done=True).status_code == 200
    assert save(phone, table, 2, done=True).status_code == 200
    assert save(phone, table, 4).status_code == 200
    page = phone.get("/{}/t/{}".format(lang, table)).text
    assert [text_of(line) for line in re.findall(r'<span class="table-said">(.*?)</span>\n', page)] == said
