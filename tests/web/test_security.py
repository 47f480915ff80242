"""Security headers on every route, the production key check, and escaping of what players type."""

import base64
import hashlib
import pathlib
import re

import pytest
import rcssmin
from werkzeug.exceptions import HTTPException

from support import examples
from support.webflow import SETUP
from support.webflow import code_of
from webscore import DEV_SECRET_KEY
from webscore import create_app
from webscore.web.http.security import CORE_HINTS_SCRIPT
from webscore.web.http.security import EARLY_TAPS_SCRIPT
from webscore.web.http.security import STYLE_SHEET

ROOT = pathlib.Path(__file__).resolve().parents[2]
RULEBOOK = examples.RULEBOOK_CODE
GONE = "A" * 22  # a table id no table has
ORIGIN = "https://scores.example.org"


def routes(client):
    game = code_of(client.get("/en/new", query_string=SETUP).headers["Location"])
    return ["/", "/en/", "/fr/new", "/hu/rules", "/en/g/{}/1".format(game), "/en/g/{}/1/save".format(game),
            "/en/r/" + RULEBOOK, "/r/" + RULEBOOK, "/qr/{}.svg".format(RULEBOOK), "/en/r/{}.png".format(RULEBOOK), "/en/r/AAAA",
            "/nowhere", "/favicon.ico", "/static/css/marquoir.css", "/sw.js", "/manifest.webmanifest",
            "/hu/manifest.webmanifest", "/core/core.bundle", "/core/scoring/game.py", "/fr/offline",
            "/en/play", "/hu/pad", "/fr/games", "/games", "/pad?n0=Ana", "/new", "/rules", "/play?code=" + RULEBOOK,
            "/en/r/{}/turns".format(RULEBOOK),
            "/en/t/new?code=" + RULEBOOK, "/t/" + GONE, "/fr/t/" + GONE, "/en/t/{}/state".format(GONE),
            "/hu/t/{}/1".format(GONE), "/fr/t/{}/1/town".format(GONE), "/en/t/{}/take".format(GONE),
            "/t/{}/qr.svg".format(GONE), "/hu/t/{}/qr.svg".format(GONE)]


def test_every_rule_of_the_app_is_reached_by_these_routes(app, client):
    """The header tests below request routes(): each rule of the app must be among them."""
    adapter = app.url_map.bind("marquoir.test")
    reached = set()
    for path in routes(client):
        for method in ("GET", "POST"):
            try:
                reached.add(adapter.match(path.split("?")[0], method=method)[0])
            except HTTPException:
                continue
    assert reached == {rule.endpoint for rule in app.url_map.iter_rules()}


def test_security_headers_on_every_route(client):
    for path in routes(client):
        response = client.get(path)
        response.close()
        headers = response.headers
        policy = headers["Content-Security-Policy"]
        assert "script-src 'self' 'wasm-unsafe-eval'" in policy, path
        assert "style-src 'self'" in policy and "unsafe-inline" not in policy, path
        assert "frame-ancestors 'none'" in policy and "http" not in policy, path
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "no-referrer"
        assert headers["Permissions-Policy"].startswith("camera=()")


def test_pages_hold_no_inline_script_or_style(client):
    for path in routes(client):
        response = client.get(path, follow_redirects=True)
        if response.mimetype in ("image/png", "application/octet-stream"):
            response.close()
            continue
        html = response.get_data(as_text=True)
        response.close()
        assert " style=" not in html, path
        assert "onclick=" not in html, path
        # The two inline scripts, each let in by its hash alone: the core's hints, asked for where no service worker
        # serves the page (test_module_hints.py), and on a town's page the script that keeps its early taps.
        assert set(re.findall(r"<script>(.*?)</script>", html, re.S)) <= {CORE_HINTS_SCRIPT, EARLY_TAPS_SCRIPT}, path
        # The one inline style: the style sheet itself, on a result page, let in by its hash alone.
        assert re.findall(r"<style[^>]*>(.*?)</style>", html, re.S) in ([], [STYLE_SHEET]), path


def test_a_result_page_holds_its_style_sheet_and_the_policy_names_its_hash(client):
    source = (ROOT / "static" / "css" / "marquoir.css").read_text(encoding="utf-8")
    sheet = rcssmin.cssmin(source)
    # Held without its comments and spaces, every rule kept: a quarter fewer bytes to send and compress.
    assert "/*" not in sheet and "\n" not in sheet and len(sheet) < 0.8 * len(source)
    assert sheet.count("{") == re.sub(r"/\*.*?\*/", "", source, flags=re.S).count("{")
    page = client.get("/en/r/" + RULEBOOK)
    assert page.text.count("<style>" + sheet + "</style>") == 1
    assert 'rel="stylesheet"' not in page.text
    digest = base64.b64encode(hashlib.sha256(sheet.encode()).digest()).decode()
    assert "style-src 'self' 'sha256-{}';".format(digest) in page.headers["Content-Security-Policy"]
    # So does a town step; every other page links it, cached once for all of them.
    town = client.get("/en/g/{}/1".format(examples.FOUR_PLAYERS_CODE)).text
    assert town.count("<style>" + sheet + "</style>") == 1 and 'rel="stylesheet" href="/static/v/' in town  # noscript.css
    assert "<style" not in client.get("/en/new").text
    assert 'rel="stylesheet" href="/static/v/' in client.get("/en/new").text


def test_a_town_page_holds_the_script_keeping_its_early_taps_and_the_policy_names_its_hash(client):
    source = (ROOT / "webscore" / "templates" / "early-taps.js").read_text(encoding="utf-8")
    page = client.get("/en/g/{}/1".format(examples.FOUR_PLAYERS_CODE))
    head = page.text[:page.text.index("</head>")]
    scripts = [script for script in re.findall(r"<script>(.*?)</script>", head, re.S) if "marquoirEarlyTaps" in script]
    # In the page's head, without its lines of comment, its code whole; no file of it asked for.
    assert len(scripts) == 1 and "//" not in scripts[0] and "early-taps" not in page.text
    assert [line for line in source.splitlines() if not line.lstrip().startswith("//")] == scripts[0].splitlines()
    digest = base64.b64encode(hashlib.sha256(scripts[0].encode()).digest()).decode()
    assert "'sha256-{}'".format(digest) in page.headers["Content-Security-Policy"].split("; ")[1].split()
    # The blank setup, which keeps no taps, holds it not.
    assert "marquoirEarlyTaps" not in client.get("/en/new").text


def test_production_refuses_the_development_key():
    with pytest.raises(RuntimeError, match="FLASK_SECRET_KEY"):
        create_app({"PRODUCTION": True, "SECRET_KEY": DEV_SECRET_KEY, "PUBLIC_ORIGIN": ORIGIN})
    production = create_app({"PRODUCTION": True, "SECRET_KEY": "a real secret of thirty-two chars", "PUBLIC_ORIGIN": ORIGIN})
    assert production.config["PRODUCTION"] is True


def test_production_reads_its_settings_from_the_environment(monkeypatch):
    monkeypatch.setenv("FLASK_PRODUCTION", "true")
    monkeypatch.setenv("FLASK_PUBLIC_ORIGIN", ORIGIN)
    with pytest.raises(RuntimeError):
        create_app()
    monkeypatch.setenv("FLASK_SECRET_KEY", "from the environment, long enough")
    assert create_app().config["SECRET_KEY"] == "from the environment, long enough"


def test_procfile_runs_gunicorn_in_production_on_port_behind_one_proxy():
    line = (ROOT / "Procfile").read_text().strip()
    assert line.startswith("web: FLASK_PRODUCTION=true FLASK_PROXIES=${FLASK_PROXIES:-1} gunicorn --bind 0.0.0.0:$PORT ")
    assert line.endswith('"webscore:create_app()"')
    # Gunicorn trusts no peer's forwarded headers (nor a SCRIPT_NAME header): the app decides (PROXIES).
    assert " --forwarded-allow-ips='' " in line
    # Requests read whole by each worker's loop before a thread takes them (webscore/web/http/buffering.py).
    assert " --worker-class webscore.web.http.buffering.BufferingWorker --threads ${WEB_THREADS:-100} " in line
    assert " --worker-connections 4000 " in line


def test_https_behind_a_proxy_makes_https_share_links(make_app):
    client = make_app(PROXIES=1).test_client()
    response = client.get("/en/r/" + RULEBOOK, headers={"X-Forwarded-Proto": "https", "Host": "scores.example",
                                                        "X-Forwarded-Host": "evil.example"})
    assert 'value="https://scores.example/r/{}"'.format(RULEBOOK) in response.text
    assert "evil.example" not in response.text


def test_names_are_escaped_everywhere(client):
    from markupsafe import escape

    evil = "<b>Bo</b><img src=x>"
    query = dict(SETUP, **{"players-0": evil})
    location = client.get("/en/new", query_string=query).headers["Location"]
    for path in (location, location.replace("/1", "/1/save") + "?go=results"):
        response = client.get(path, follow_redirects=True)
        assert "<img src=x>" not in response.text and "<b>Bo</b>" not in response.text
        assert str(escape(evil)) in response.text


def test_a_page_drawn_the_same_for_every_reader_opens_no_session(app):
    from flask import session

    from webscore.web.http.security import SESSIONLESS

    with app.test_request_context("/en/r/" + RULEBOOK, environ_base={SESSIONLESS: True}):
        # The null session: nothing in it, and nothing can be written to it.
        assert app.session_interface.is_null_session(session)
        with pytest.raises(RuntimeError):
            session["lang"] = "en"
    with app.test_request_context("/en/r/" + RULEBOOK):
        assert not app.session_interface.is_null_session(session)


def test_a_result_drawn_before_flask_leaves_the_request_as_it_found_it(app):
    # Drawn with the request's session left unopened; the flag that said so is gone for whatever comes next.
    from werkzeug.test import EnvironBuilder
    from werkzeug.test import run_wsgi_app

    from webscore.web.http.security import SESSIONLESS

    shortcut = app.extensions["marquoir.kept_pages"]
    statuses = []

    def start_response(status, headers, exc_info=None):
        statuses.append(status)

    for path in ("/en/r/" + RULEBOOK, "/en/r/" + RULEBOOK[:-3]):
        environ = EnvironBuilder(path=path, base_url="http://marquoir.test").get_environ()
        b"".join(shortcut(environ, start_response))
        assert SESSIONLESS not in environ
    assert statuses == ["200 OK", "400 BAD REQUEST"]
    # A kept page is the same for every reader: it sets no cookie.
    assert "Set-Cookie" not in run_wsgi_app(app, EnvironBuilder(path="/en/r/" + RULEBOOK).get_environ(), buffered=True)[2]
