"""Hostile requests, one class at a time: each answers 4xx (or its page) with our page and our headers."""

import html
import json
import pathlib
import re
import shutil

import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from support import examples
from support.apps import new_app
from support.hostile import BIDI_AND_INVISIBLE
from support.hostile import LARGEST_NAMES
from support.hostile import URL_FOR_KEYS
from support.hostile import largest_game
from support.webflow import SETUP
from support.webflow import code_of
from support.webflow import errors
from webscore import create_app
from webscore.scoring import decode
from webscore.scoring import encode
from webscore.scoring.code_layouts import MAX_CODE
from webscore.web.http.cache import cache
from webscore.web.http.security import HEADERS
from webscore.web.i18n import catalogues

RULEBOOK = examples.RULEBOOK_CODE
FOUR = encode(examples.load("four-players"))
APP = new_app()
SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ROOT = pathlib.Path(__file__).resolve().parents[2]
ORIGIN = "https://scores.example.org"


def get(path, app=APP, **kwargs):
    with app.test_client() as client:
        response = client.get(path, **kwargs)
        response.get_data()
        response.close()
        return response


def assert_ours(response):
    """Check a response carries every security header (so it is this app's answer, not the server's)."""
    for name, value in HEADERS.items():
        assert response.headers.get(name) == value, (response.status_code, name)


# 1. Memory per spelling of a static path

def stored_copies(app, name: str) -> list:
    return [key[0] for key in cache(app)["files"].values if key[0].endswith(name)]


def test_six_hundred_spellings_of_one_file_keep_one_copy(make_app):
    app = make_app()
    plain = get("/static/css/marquoir.css", app, headers={"Accept-Encoding": "identity"}).data
    for i in range(600):
        spelling = ["/static/css/x{}/../marquoir.css", "/static/./css/marquoir.css?v={}",
                    "/static/css/./x{}/./../marquoir.css"][i % 3].format(i)
        encoding = "br" if i % 2 else "gzip"
        response = get(spelling, app, headers={"Accept-Encoding": encoding})
        assert response.status_code == 200, spelling
        assert response.headers["Content-Encoding"] == encoding
    assert stored_copies(app, "marquoir.css") == [str((ROOT / "static" / "css" / "marquoir.css").resolve())]
    assert len(plain) > 500


def test_pages_are_never_kept_as_files(make_app):
    app = make_app()
    before = len(cache(app)["files"])
    for i in range(50):
        assert get("/en/?x={}".format(i), app, headers={"Accept-Encoding": "br"}).status_code == 200
    assert len(cache(app)["files"]) == before


# 2. Query keys that collide with url_for arguments

REPROS = ["/en/?_method=POST", "/en/rules?endpoint=1", "/en/r/{}?endpoint=x".format(RULEBOOK),
          "/en/?_scheme=https&_external=", "/pad?lang=fr", "/pad?_external=1", "/en/r/{}?values=1".format(RULEBOOK),
          "/en/?_anchor=x", "/fr/play?code=x&lang=hu", "/hu/pad?endpoint=a&endpoint=b"]


@pytest.mark.parametrize("path", REPROS)
def test_url_for_arguments_in_the_query_are_only_query(path):
    response = get(path)
    assert response.status_code in (200, 302)
    assert_ours(response)
    if response.status_code == 200:
        links = re.findall(r'hreflang="(\w\w)"[^>]*href="([^"]*)"', response.text)
        assert len(links) == 2
        for lang, href in links:
            target = html.unescape(href)
            assert target.startswith("/{}/".format(lang)), target
            assert target.split("?", 1)[1] == path.split("?", 1)[1]


def test_a_shared_pad_keeps_its_whole_query():
    response = get("/pad?lang=fr&_external=1&n0=Ana&n0=Bo", headers={"Accept-Language": "hu"})
    assert response.status_code == 302
    assert response.headers["Location"] == "/hu/pad?lang=fr&_external=1&n0=Ana&n0=Bo"


def test_the_query_never_replaces_the_pages_own_code_or_step():
    response = get("/en/r/{}?code=ZZZ&n=9".format(RULEBOOK))
    assert 'href="/fr/r/{}?code=ZZZ&amp;n=9"'.format(RULEBOOK) in response.text
    step = code_of(get("/en/new", query_string=SETUP).headers["Location"])
    response = get("/en/g/{}/2?code=ZZZ&n=3".format(step))
    # No field of a town step's form: let be, and the step drawn still its own.
    assert response.status_code == 200
    assert errors(response.text) == []
    assert 'formaction="/hu/g/{}/2"'.format(step) in response.text


@SETTINGS
@given(st.lists(st.tuples(st.one_of(st.sampled_from(URL_FOR_KEYS), st.text(max_size=8)), st.text(max_size=12)),
                min_size=1, max_size=4),
       st.sampled_from(["/en/", "/fr/rules", "/hu/play", "/en/pad", "/pad", "/", "/en/r/" + RULEBOOK,
                        "/r/" + RULEBOOK, "/en/offline", "/nowhere", "/qr/{}.svg".format(RULEBOOK)]))
def test_any_query_on_any_page_is_answered(pairs, path):
    response = get(path, query_string=pairs)
    assert response.status_code in (200, 301, 302, 308, 404)
    assert_ours(response)


# The error page itself

def test_an_error_page_that_cannot_be_drawn_still_answers_ours(monkeypatch):
    from webscore.web.http import errors as error_pages

    def broken(*args, **kwargs):
        raise RuntimeError("template failed")

    monkeypatch.setattr(error_pages, "render_template", broken)
    response = get("/en/nowhere")
    assert response.status_code == 404
    assert "<h1>Page not found</h1>" in response.text
    assert_ours(response)


def broken_app():
    app = new_app(TESTING=False, PROPAGATE_EXCEPTIONS=False)

    @app.get("/en/broken")
    def broken():
        raise RuntimeError("a bug")

    @app.get("/en/body")
    def body():
        from flask import request
        return str(len(request.get_data()))

    return app


@pytest.mark.parametrize(("method", "path", "kwargs", "status"), [
    ("get", "/en/r/AAAA", {}, 400),
    ("get", "/en/", {"headers": {"Host": "."}}, 400),
    ("get", "/en/nowhere", {}, 404),
    ("post", "/en/", {}, 405),
    ("delete", "/en/r/" + RULEBOOK, {}, 405),
    ("get", "/en/body", {"data": b"x" * (17 * 1024)}, 413),
    ("get", "/en/?" + "a" * 5000, {}, 414),
    ("get", "/en/r/" + "A" * 3000, {}, 414),
    ("get", "/en/", {"headers": {"X-Long": "a" * 9000}}, 431),
    ("get", "/en/", {"headers": [("X-Many-" + str(i), "1") for i in range(70)]}, 431),
    ("get", "/en/broken", {}, 500),
])
def test_every_error_carries_the_security_headers_and_our_page(method, path, kwargs, status):
    with broken_app().test_client() as client:
        response = getattr(client, method)(path, **kwargs)
        assert response.status_code == status
        assert_ours(response)
        assert "<h1>" in response.text and "Marquoir" not in response.headers.get("Server", "")


CARDS_CHOSEN = "&red=farm&grey=well&orange=chapel&green=tavern&yellow=theater&navy=factory&action=start"


@pytest.mark.parametrize("lang, said", [
    ("en", "This name has lost a character on its way (shown as �): type it again."),
    ("fr", "Ce nom a perdu un caractère en route (affiché �)\u00a0: saisissez-le de nouveau."),
    ("hu", "Ez a név útközben elvesztett egy karaktert (� jelöli): írd be újra."),
])
@pytest.mark.parametrize("name, shown", [
    # Half of a UTF-16 pair, as UTF-8 (three bytes no UTF-8 text holds): a game of a player named "%ED%A0%80" was started.
    ("%ED%A0%80", "\ufffd\ufffd\ufffd"),
    # A byte that begins no character, percent-encoded or raw (as a server hands it on: WSGI's Latin-1).
    ("Ana%FF", "Ana\ufffd"), ("Ana\xff", "Ana\ufffd"),
])
def test_a_name_whose_bytes_are_no_text_is_refused_in_the_readers_language_and_kept(client, lang, said, name, shown):
    answer = client.get("/{}/new".format(lang),
                        environ_overrides={"QUERY_STRING": "players-0=" + name + "&players-1=Bo" + CARDS_CHOSEN})
    assert answer.status_code == 422
    assert_ours(answer)
    assert errors(answer.text) == [said]
    # What came is shown as it was read, the other fields as they were sent.
    assert 'value="{}"'.format(shown) in answer.text and 'value="Bo"' in answer.text


def test_a_game_whose_name_holds_the_lost_character_still_opens(client):
    # Typed or pasted as itself (%EF%BF%BD, text), "�" made a name of a game before the setup refused it: its links, its
    # result and its play again still open, and the setup asks for the name again before it starts another game.
    game = examples.load("four-players")
    game["players"][0]["name"] = "Ana\ufffd"
    code = encode(game)
    for address in ("/en/r/" + code, "/en/g/{}/1".format(code), "/en/new?again=" + code):
        assert client.get(address).status_code == 200, address
    again = client.get("/fr/new?again={}&action=start".format(code))
    assert again.status_code == 422
    assert errors(again.text) == ["Ce nom a perdu un caractère en route (affiché �)\u00a0: saisissez-le de nouveau."]


@pytest.mark.parametrize("name, read", [("%C3%89va", "Éva"), ("\xc3\x89va", "Éva"), ("%F0%9F%98%80", "😀"),
                                        ("%25ED%25A0%2580", "%ED%A0%80")])
def test_a_query_of_text_is_read_whatever_its_letters(client, name, read):
    # Éva percent-encoded and as raw bytes (a raw byte that is no UTF-8 was a 500), an emoji, and the characters
    # "%ED%A0%80" typed as such: text, read as typed.
    answer = client.get("/en/new", environ_overrides={"QUERY_STRING": "players-0=" + name + "&players-1=Bo" + CARDS_CHOSEN})
    assert answer.status_code == 302
    assert decode(code_of(answer.location))["players"][0]["name"] == read


@pytest.mark.parametrize("lang, words", [("fr", "Un problème est survenu"), ("hu", "Valami nem stimmel")])
def test_a_refused_method_keeps_its_page_in_the_language_and_its_allow_header(client, lang, words):
    answer = client.put("/{}/new".format(lang))
    assert answer.status_code == 405
    assert words in answer.get_data(as_text=True)
    assert answer.headers["Content-Type"] == "text/html; charset=utf-8"
    assert "GET" in answer.headers["Allow"].replace(" ", "").split(",")


# 4. Forged host

@pytest.mark.parametrize("path", ["/en/r/" + RULEBOOK, "/en", "/r/" + RULEBOOK, "/", "/qr/{}.svg".format(RULEBOOK),
                                  "/pad?n0=Ana", "/favicon.ico"])
def test_a_forwarded_host_is_never_followed(path):
    response = get(path, headers={"X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https",
                                  "Host": "scores.example"})
    assert "evil.example" not in response.headers.get("Location", "")
    assert "evil.example" not in response.get_data(as_text=True)
    if path.startswith("/qr/"):
        assert response.headers["Vary"] == "Accept-Encoding"


def test_the_share_link_and_qr_name_the_requests_own_host():
    response = get("/en/r/" + RULEBOOK, headers={"X-Forwarded-Host": "evil.example", "Host": "scores.example"})
    assert 'value="http://scores.example/r/{}"'.format(RULEBOOK) in response.text


def test_a_deployment_names_its_hosts(monkeypatch):
    monkeypatch.setenv("FLASK_TRUSTED_HOSTS", '["scores.example"]')
    app = create_app()
    assert app.config["TRUSTED_HOSTS"] == ["scores.example"]
    assert get("/en/", app, headers={"Host": "scores.example"}).status_code == 200
    response = get("/en/r/" + RULEBOOK, app, headers={"Host": "evil.example"})
    assert response.status_code == 400
    assert "evil.example" not in response.text
    assert_ours(response)


# 5. Every valid game's link opens

@pytest.mark.parametrize("script", sorted(LARGEST_NAMES))
def test_the_largest_game_of_each_script_opens(script):
    code = encode(largest_game(LARGEST_NAMES[script]))
    assert len(code) <= MAX_CODE
    response = get("/en/r/" + code)
    assert response.status_code == 200
    assert response.text.count(html.escape(LARGEST_NAMES[script])) >= 6
    assert get("/r/" + code).status_code == 302
    assert get("/qr/{}.svg".format(code)).status_code == 200
    assert get("/hu/g/{}/6".format(code)).status_code == 200


# 7. Bidirectional and invisible characters in names

@pytest.mark.parametrize("char", BIDI_AND_INVISIBLE)
def test_the_setup_form_refuses_a_name_with_a_format_character(char):
    response = get("/en/new", query_string=dict(SETUP, **{"players-0": "Eve" + char}))
    assert response.status_code == 422
    assert "Names cannot hold invisible characters or marks that change the writing direction." in errors(response.text)
    assert_ours(response)


def test_names_are_isolated_where_they_are_shown():
    page = get("/en/r/" + FOUR).text
    assert re.search(r'<span class="who"><bdi>[^<]+</bdi></span>', page)
    assert re.search(r'<th scope="col"><bdi>[^<]+</bdi></th>', page)
    assert re.search(r"<h3><bdi>[^<]+</bdi> — ", page)
    step = code_of(get("/en/new", query_string=SETUP).headers["Location"])
    town = get("/en/g/{}/1".format(step)).text
    assert "<h1>Town of <bdi>Ana</bdi></h1>" in town
    assert '<strong aria-current="step" dir="auto">Ana</strong>' in town
    setup = get("/en/new").text
    assert re.search(r'<input[^>]*class="name"[^>]*dir="auto"|<input[^>]*dir="auto"[^>]*class="name"', setup)


# 8. Limits: ours answer before gunicorn's

def test_gunicorn_limits_sit_above_the_apps():
    procfile = (ROOT / "Procfile").read_text()
    line = int(re.search(r"--limit-request-line (\d+)", procfile).group(1))
    fields = int(re.search(r"--limit-request-fields (\d+)", procfile).group(1))
    field_size = int(re.search(r"--limit-request-field_size (\d+)", procfile).group(1))
    config = APP.config
    longest_line = len("OPTIONS ") + config["MAX_PATH_LENGTH"] + 1 + config["MAX_QUERY_LENGTH"] + len(" HTTP/1.1")
    assert longest_line < line <= 8190
    assert config["MAX_HEADER_FIELDS"] < fields
    assert config["MAX_HEADER_LENGTH"] + 256 < field_size
    # The longest address of ours fits the path limit.
    assert len("/hu/g/{}/6/save".format("A" * MAX_CODE)) < config["MAX_PATH_LENGTH"]


# 9. Production key

@pytest.mark.parametrize("key", ["", "x", "123", "a" * 31])
def test_production_refuses_a_short_key_and_says_how_to_make_one(key):
    with pytest.raises(RuntimeError) as refused:
        create_app({"PRODUCTION": True, "SECRET_KEY": key, "PUBLIC_ORIGIN": ORIGIN})
    assert 'python -c "import secrets; print(secrets.token_hex(32))"' in str(refused.value)
    assert create_app({"PRODUCTION": True, "SECRET_KEY": "a" * 32, "PUBLIC_ORIGIN": ORIGIN}).config["PRODUCTION"] is True


def test_a_numeric_key_from_the_environment_is_refused(monkeypatch):
    monkeypatch.setenv("FLASK_PRODUCTION", "true")
    monkeypatch.setenv("FLASK_PUBLIC_ORIGIN", ORIGIN)
    monkeypatch.setenv("FLASK_SECRET_KEY", "123")
    with pytest.raises(RuntimeError, match="FLASK_SECRET_KEY"):
        create_app()


# 10. One player plays Solo; one catalogue folder for a read-only install

@pytest.mark.parametrize("mode", ["master-builder", "town-hall"])
def test_the_setup_form_says_one_player_plays_solo(mode):
    query = {key: value for key, value in SETUP.items() if not key.endswith(("-1", "-2"))}
    response = get("/en/new", query_string=dict(query, mode=mode))
    assert response.status_code == 422
    assert "One player plays Solo: choose Solo, or add a player." in errors(response.text)


def test_a_read_only_install_shares_one_catalogue_folder(tmp_path, monkeypatch, read_only_translations):
    source = read_only_translations
    made = []
    monkeypatch.setattr(catalogues.tempfile, "mkdtemp", lambda **kwargs: made.append(kwargs) or str(tmp_path / "other"))
    first = catalogues.compile_catalogues(source)
    assert catalogues.compile_catalogues(source) == first
    assert first.parent == tmp_path / "temporary"
    assert first.name.startswith("marquoir-translations-")
    assert (first / "hu" / "LC_MESSAGES" / "messages.mo").exists()
    assert made == []
    assert sorted(path.name for path in first.rglob("*.tmp")) == []


SERVICE_WORKER_HARNESS = """
const script = require("fs").readFileSync(0, "utf8");
const listeners = {};
globalThis.self = { location: { href: "http://marquoir.test/sw.js", origin: "http://marquoir.test" },
                    addEventListener: (name, fn) => { listeners[name] = fn; } };
const stored = [];
const cache = {
  keys: async () => stored.map((url) => ({ url })),
  delete: async (request) => { stored.splice(stored.indexOf(request.url), 1); return true; },
};
(0, eval)(script + "\\n;globalThis.forget = forgetOldPages; globalThis.precache = ASSETS.concat(...Object.values(PAGES));");
for (const path of precache) stored.push(new URL(path, "http://marquoir.test/").href);
for (let i = 0; i < 70; i++) stored.push("http://marquoir.test/en/r/CODE" + i);
forget(cache).then(() => console.log(JSON.stringify({ stored, precache: precache.length })));
"""


def test_the_service_worker_forgets_all_but_the_last_50_pages():
    import subprocess

    node = shutil.which("node")
    assert node, "Node.js runs the service worker's trimming (apt-get install nodejs)"
    script = get("/sw.js").text
    done = subprocess.run([node, "-e", SERVICE_WORKER_HARNESS], input=script, capture_output=True, text=True,
                          check=True, timeout=60)
    answer = json.loads(done.stdout)
    pages = [url for url in answer["stored"] if "/en/r/CODE" in url]
    assert pages == ["http://marquoir.test/en/r/CODE{}".format(i) for i in range(20, 70)]
    assert len(answer["stored"]) == answer["precache"] + 50


@pytest.mark.parametrize("host", ["127.0.0.1:99999", "127.0.0.1:-1", "[::1", "x y", "é.example", "a" * 300])
@pytest.mark.parametrize("path", ["/en", "/en/", "/", "/r/" + RULEBOOK])
def test_a_host_that_names_no_site_gets_our_400(host, path):
    from werkzeug.test import EnvironBuilder
    from werkzeug.test import run_wsgi_app

    # Straight to the app: the test client itself cannot send a port out of range.
    environ = EnvironBuilder(path=path).get_environ()
    environ["HTTP_HOST"] = host
    body, status, headers = run_wsgi_app(broken_app(), environ, buffered=True)
    assert status == "400 BAD REQUEST"
    for name, value in HEADERS.items():
        assert headers[name] == value
    assert b"<h1>Something is not right</h1>" in b"".join(body)


# A name longer than the file system takes ("File name too long") was a 500: it names no file of ours.
@pytest.mark.parametrize("path", ["/static/" + "a" * 300, "/static/v/0123456789ab/" + "a" * 300,
                                  "/static/css/" + "b" * 256 + "/x.css", "/core/scoring/" + "c" * 300 + ".py"])
def test_a_path_that_can_name_no_file_is_a_404_of_ours(make_app, path):
    answer = make_app().test_client().get(path)
    assert answer.status_code == 404
    assert "<h1>Page not found</h1>" in answer.text
    assert answer.headers["Content-Security-Policy"] == HEADERS["Content-Security-Policy"]
