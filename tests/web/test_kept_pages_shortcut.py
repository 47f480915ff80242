"""A kept page seen again is sent before Flask's request handling, exactly as the view would send it."""

import re

import pytest
from flask import request
from werkzeug.test import EnvironBuilder
from werkzeug.test import run_wsgi_app

from support import examples
from webscore.web.http import page_cache
from webscore.web.http.cache import cache
from webscore.web.http.page_cache import KeptPages
from webscore.web.results import views as results

PAGES = ["/en/r/" + examples.FOUR_PLAYERS_CODE, "/hu/r/" + examples.RULEBOOK_CODE, "/fr/new", "/en/", "/fr/rules",
         "/hu/play", "/en/pad"]
ASKED = [
    {},
    {"Accept-Encoding": "br, gzip"},
    {"Accept-Encoding": "gzip", "Cookie": "lang=fr"},
    {"Accept-Encoding": "identity", "Cookie": "lang=hu; other=1"},
    {"Cookie": "lang=en"},
]


def shortcut_of(app) -> KeptPages:
    layer = app.wsgi_app
    while not isinstance(layer, KeptPages):
        layer = getattr(layer, "wsgi_app", None) or layer.app
    return layer


def answer(wsgi_app, path: str, headers: dict, scheme: str = "http") -> tuple:
    environ = EnvironBuilder(path=path, headers=headers, base_url="{}://marquoir.test".format(scheme)).get_environ()
    body, status, found = run_wsgi_app(wsgi_app, environ, buffered=True)
    # The cookie's expiry date is the second it was set.
    listed = sorted((name, re.sub(r"Expires=[^;]+; ", "", value)) for name, value in found.items())
    return status, listed, b"".join(body)


@pytest.mark.parametrize("path", PAGES)
@pytest.mark.parametrize("headers", ASKED)
@pytest.mark.parametrize("scheme", ["http", "https"])
def test_the_shortcut_answers_as_the_view_does(app, path, headers, scheme):
    shortcut = shortcut_of(app)
    drawn = answer(shortcut, path, headers, scheme)
    assert drawn[0] == "200 OK"
    assert answer(shortcut, path, headers, scheme) == drawn
    assert answer(shortcut.wsgi_app, path, headers, scheme) == drawn
    tag = dict(drawn[1])["ETag"]
    revalidated = answer(shortcut, path, dict(headers, **{"If-None-Match": tag}), scheme)
    assert revalidated[0] == "304 NOT MODIFIED"
    assert revalidated == answer(shortcut.wsgi_app, path, dict(headers, **{"If-None-Match": tag}), scheme)


@pytest.mark.parametrize("path", [page for page in PAGES if "/r/" in page])
@pytest.mark.parametrize("headers", ASKED)
def test_a_result_drawn_before_flask_is_answered_as_the_view_draws_it(make_app, path, headers):
    drawn_before = make_app()
    drawn_by_view = make_app()
    first = answer(shortcut_of(drawn_before), path, headers)
    assert first[0] == "200 OK"
    assert first == answer(shortcut_of(drawn_by_view).wsgi_app, path, headers)


def test_a_result_seen_for_the_first_time_is_drawn_before_flask_s_response_handling(app):
    client = app.test_client(use_cookies=False)
    checked, answered = [], []
    app.before_request(lambda: checked.append(1))
    app.after_request(lambda response: answered.append(response) or response)
    first = client.get(PAGES[0], headers={"Accept-Encoding": "br"})
    assert (first.status_code, len(checked), answered) == (200, 1, [])
    # A damaged code goes on to Flask, which answers with its page for it.
    damaged = client.get(PAGES[0][:-4])
    assert damaged.status_code == 400 and len(answered) == 1


def test_a_page_seen_again_does_not_enter_flask(app):
    client = app.test_client(use_cookies=False)
    entered = []
    app.before_request(lambda: entered.append(1))
    first = client.get(PAGES[0], headers={"Accept-Encoding": "br"})
    again = client.get(PAGES[0], headers={"Accept-Encoding": "br"})
    assert (first.status_code, again.status_code, len(entered)) == (200, 200, 1)
    assert again.get_data() == first.get_data()
    assert "Set-Cookie" not in again.headers
    assert again.headers["Content-Security-Policy"].startswith("default-src 'self'")


@pytest.mark.parametrize("path", PAGES)
def test_a_kept_page_sets_no_cookie_drawn_or_seen_again(app, path):
    # The same bytes and headers for every reader: a CDN or proxy in front stores no answer with a cookie.
    client = app.test_client(use_cookies=False)
    for asked in ASKED:
        response = client.get(path, headers=asked)
        assert response.status_code == 200
        assert "Set-Cookie" not in response.headers
        assert "Cookie" not in response.headers.get("Vary", "")


def test_a_page_drawn_for_its_reader_keeps_its_language_in_a_cookie(app):
    client = app.test_client(use_cookies=False)
    # With a query, a page is drawn for its visitor alone (its language links keep the query).
    assert client.get("/hu/?from=qr").headers["Set-Cookie"].startswith("lang=hu; ")
    assert client.get("/fr/r/{}?from=qr".format(examples.FOUR_PLAYERS_CODE)).headers["Set-Cookie"].startswith("lang=fr; ")
    assert "Set-Cookie" not in client.get("/hu/?from=qr", headers={"Cookie": "lang=hu"}).headers


def test_too_many_headers_still_get_their_page(client):
    assert client.get(PAGES[0]).status_code == 200
    crowded = {"X-Field-{}".format(n): "1" for n in range(70)}
    response = client.get(PAGES[0], headers=crowded)
    assert response.status_code == 431
    assert "<h1>Too much at once</h1>" in response.get_data(as_text=True)


def test_another_host_is_not_sent_a_page_drawn_for_the_first(make_app):
    client = make_app().test_client()
    page = client.get(PAGES[0], base_url="http://one.test").get_data(as_text=True)
    other = client.get(PAGES[0], base_url="http://two.test").get_data(as_text=True)
    assert "http://one.test/r/" in page
    assert "http://two.test/r/" in other and "one.test" not in other


def test_a_head_request_or_a_query_goes_to_flask(app, client):
    entered = []
    app.before_request(lambda: entered.append(1))
    client.get(PAGES[0])
    assert client.head(PAGES[0]).status_code == 200
    assert client.get(PAGES[0] + "?x=1").status_code == 200
    assert len(entered) == 3


@pytest.mark.parametrize(("path", "heading"), [
    ("/en/", "<h1>Tiny Towns scores, exact to the last point</h1>"), ("/fr/rules", "<h1>Les règles en cinq minutes</h1>"),
    ("/hu/play", "<title>Játék közben · Marquoir</title>"), ("/en/pad", "<h1>Quick score pad</h1>")])
def test_pages_of_one_language_are_kept_and_revalidated(app, client, path, heading):
    first = client.get(path)
    assert first.status_code == 200
    assert first.headers["Cache-Control"] == "no-cache"
    assert heading in first.get_data(as_text=True)
    assert client.get(path).get_data() == first.get_data()
    assert client.get(path, headers={"If-None-Match": first.headers["ETag"]}).status_code == 304
    kind = path.split("/")[2] or "home"
    assert [key[:2] for key in cache(app)["pages"].values] == [(kind, path.split("/")[1])]


def test_a_page_of_one_language_with_a_query_is_drawn_for_its_visitor(app, client):
    page = client.get("/en/pad?players=Ana")
    assert page.status_code == 200
    assert "ETag" not in page.headers
    assert "/fr/pad?players=Ana" in page.get_data(as_text=True)
    assert not cache(app)["pages"].values


def test_a_fault_while_drawing_a_first_view_is_logged_and_answered_by_flask(make_app, monkeypatch, caplog):
    app = make_app(PROPAGATE_EXCEPTIONS=False)

    def broken(game, code, turn_problems=None):
        raise RuntimeError("a fault of ours")

    monkeypatch.setattr(results, "render", broken)
    response = app.test_client().get(PAGES[0])
    assert response.status_code == 500
    # Logged by the early draw, then by Flask, which meets the fault again and answers with its page.
    assert [record.exc_info[1].args for record in caplog.records if record.exc_info] == [("a fault of ours",)] * 2


@pytest.mark.parametrize("kind", sorted(page_cache.PAGES))
def test_each_row_of_the_table_of_pages_is_its_endpoints_address_and_kept_as_it_says(client, kind):
    # A row's endpoint draws its address, the page is kept and sent again with the row's caching; a row stored
    # offline is in the service worker's list, and a bare one opens from its address without a language.
    endpoint, path, policy, offline, bare = page_cache.PAGES[kind]
    address = {"result": "/fr/r/" + examples.FOUR_PLAYERS_CODE, "town": "/fr/g/{}/2".format(examples.FOUR_PLAYERS_CODE)}
    asked = address.get(kind, "/fr/" + path)
    first = client.get(asked)
    assert (first.status_code, first.headers["Cache-Control"]) == (200, policy)
    assert client.get(asked, headers={"If-None-Match": first.headers["ETag"]}).status_code == 304
    with client.application.test_request_context(asked):
        assert request.endpoint == endpoint
    stored = client.get("/sw.js").get_data(as_text=True)
    assert ('"{}"'.format(asked) in stored) == offline
    fresh = client.application.test_client()
    bare_answer = fresh.get("/" + path, headers={"Accept-Language": "hu"}) if path.isalpha() else None
    assert (bare_answer is not None and bare_answer.status_code == 302
            and bare_answer.headers["Location"] == "/hu/" + path) == bare
