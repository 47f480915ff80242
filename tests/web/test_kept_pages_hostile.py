"""A kept page under odd requests: sent only as the view would send it (not to hosts or addresses it refuses, nor in
a refused encoding), the same page whatever else a request carries, and refusals in the page's language."""

import gzip

import brotli
import pytest
from werkzeug.test import EnvironBuilder
from werkzeug.test import run_wsgi_app

from support import examples
from support.webflow import text_of
from webscore.languages import LANGUAGES
from webscore.web.http.cache import Store
from webscore.web.http.cache import cache

RESULT = "/en/r/" + examples.FOUR_PLAYERS_CODE
CODE = examples.FOUR_PLAYERS_CODE
TOO_MUCH_FR = "Trop de données d’un coup Cette demande dépasse de loin ce qu’une partie nécessite."
WRONG_METHOD_HU = "Valami nem stimmel Erre a kérésre így nem lehet válaszolni."


def status(app, path: str, host="marquoir.test", raw_path=None) -> str:
    """Return the status of a GET sent to the whole app; host None sends no Host header at all."""
    environ = EnvironBuilder(path=path, base_url="http://marquoir.test").get_environ()
    if host is None:
        del environ["HTTP_HOST"]
    else:
        environ["HTTP_HOST"] = host
    if raw_path is not None:
        environ["RAW_URI"] = environ["REQUEST_URI"] = raw_path
    _, found, _ = run_wsgi_app(app.wsgi_app, environ, buffered=True)
    return found


@pytest.mark.parametrize("path", [RESULT, "/fr/", "/hu/new"])
def test_an_untrusted_host_is_refused_though_the_page_is_kept_for_a_trusted_one(make_app, path):
    app = make_app(TRUSTED_HOSTS=["scores.example"])
    assert status(app, path, host="scores.example") == "200 OK"
    assert status(app, path, host="scores.example") == "200 OK"
    assert [key[-2] for key in cache(app)["pages"].values] == ["scores.example"]
    assert status(app, path, host="evil.example") == "400 BAD REQUEST"
    assert status(app, path, host="scores.example.evil.example") == "400 BAD REQUEST"


def test_an_empty_host_is_refused_though_the_page_is_kept_for_a_request_without_one(make_app):
    # HTTP/1.0 may name no host (the server's name is used); an empty Host header names none at all.
    app = make_app()
    assert status(app, RESULT, host="") == "400 BAD REQUEST"
    assert status(app, RESULT, host=None) == "200 OK"
    assert status(app, RESULT, host="") == "400 BAD REQUEST"


def test_a_percent_encoded_address_over_the_limit_is_refused_though_its_page_is_kept(make_app):
    app = make_app()
    spelt = "/en/r/" + "".join("%{:02X}".format(ord(c)) for c in examples.FOUR_PLAYERS_CODE)
    app.config["MAX_PATH_LENGTH"] = len(RESULT)
    assert status(app, RESULT, raw_path=spelt) == "414 REQUEST URI TOO LONG"
    assert status(app, RESULT) == "200 OK"
    assert status(app, RESULT, raw_path=spelt) == "414 REQUEST URI TOO LONG"
    assert status(app, RESULT, raw_path=RESULT) == "200 OK"


class DroppedOnTheWay(dict):
    """Values another thread drops as soon as they are stored (a threaded server, its store past its bound)."""

    def __setitem__(self, key, value):
        super().__setitem__(key, value)
        self.clear()


def test_a_value_dropped_by_another_thread_as_it_is_stored_is_still_the_one_returned():
    store = Store(2)
    store.values = DroppedOnTheWay()
    made = object()
    assert store.get("page", lambda: made) is made
    assert store.peek("page") is None


@pytest.mark.parametrize("refused", ["gzip;q=0", "br;q=0, gzip;q=0", "br;q=abc"])
@pytest.mark.parametrize("path", [RESULT, "/en/rules", "/static/css/marquoir.css"])
def test_an_encoding_the_client_refuses_is_never_used_first_or_again(make_app, path, refused):
    # flask_compress reads "q=0" as a wish; a page that chose its encoding (and its ETag) is left alone.
    client = make_app().test_client()
    first = client.get(path, headers={"Accept-Encoding": refused})
    again = client.get(path, headers={"Accept-Encoding": refused})
    assert first.status_code == 200
    assert "Content-Encoding" not in first.headers
    assert (again.get_data(), again.headers["ETag"]) == (first.get_data(), first.headers["ETag"])


@pytest.mark.parametrize("accept", ["hu", "*", "zz", "fr;q=abc", "x" * 5000, "en-US,en;q=0.9", ""])
def test_accept_language_never_changes_a_prefixed_page(client, accept):
    page = client.get("/fr/r/" + CODE)
    again = client.get("/fr/r/" + CODE, headers={"Accept-Language": accept})
    assert again.status_code == 200
    assert again.data == page.data


@pytest.mark.parametrize("cookie", ["lang=<script>", "lang=de", "lang=", 'lang="hu', "=;;=", "session=garbage",
                                    "x=" + "a" * 8000, "lang=hu; lang=en"])
def test_an_odd_cookie_never_changes_a_prefixed_page(make_app, cookie):
    app = make_app()
    page = app.test_client(use_cookies=False).get("/fr/r/" + CODE)
    again = app.test_client(use_cookies=False).get("/fr/r/" + CODE, headers={"Cookie": cookie})
    assert again.status_code == 200
    assert again.data == page.data


@pytest.mark.parametrize("accept,encoding", [
    ("gzip", "gzip"), ("br", "br"), ("gzip, deflate, br", "br"), ("br;q=0, gzip", "gzip"), ("GZIP", "gzip"),
    ("gzip;q=0", None), ("identity", None), ("gzip;q=0, br;q=0", None), ("identity;q=0", None), ("*;q=0", None),
    ("gzip;q=nan", None), ("gzip;q=-1", None), ("deflate", None), (", , ;", None), ("x" * 5000, None), ("\x00", None),
])
def test_every_accept_encoding_gives_the_same_page(client, accept, encoding):
    plain = client.get("/hu/r/" + CODE, headers={"Accept-Encoding": "identity"})
    answer = client.get("/hu/r/" + CODE, headers={"Accept-Encoding": accept})
    assert answer.status_code == 200
    assert answer.headers.get("Content-Encoding") == encoding
    body = {"gzip": gzip.decompress, "br": brotli.decompress, None: bytes}[encoding](answer.data)
    assert body == plain.data
    assert "Accept-Encoding" in answer.headers["Vary"]
    suffix = "" if encoding is None else "-" + encoding
    assert answer.headers["ETag"] == plain.headers["ETag"][:-1] + suffix + '"'


@pytest.mark.parametrize("accept, encoding", [("br;q=0", None), ("*", "br"), ("identity;q=0", None)])
def test_odd_accept_encoding_still_gives_a_kept_page(client, accept, encoding):
    """Serve the kept page with the expected encoding for odd Accept-Encoding values."""
    response = client.get(f"/fr/r/{CODE}", headers={"Accept-Encoding": accept})
    assert response.status_code == 200
    assert response.headers.get("Content-Encoding") == encoding
    assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert "Set-Cookie" not in response.headers


def test_a_query_string_shows_the_same_scores_and_escapes_what_it_carries(client):
    plain = client.get("/fr/r/" + CODE)
    answer = client.get("/fr/r/" + CODE + '?q="><script>alert(1)</script>{{7*7}}&%ff=%00')
    page = answer.get_data(as_text=True)
    assert answer.status_code == 200
    assert text_of(page) == text_of(plain.get_data(as_text=True))
    assert "<script>alert(1)" not in page
    assert "immutable" not in answer.headers.get("Cache-Control", "")


def test_a_long_query_string_is_refused_in_the_pages_language(client):
    answer = client.get("/fr/r/" + CODE + "?" + "x" * 9000)
    assert answer.status_code == 414
    assert TOO_MUCH_FR in text_of(answer.get_data(as_text=True))


FIRST_ASKED = {
    "query string": lambda c, lang: c.get("/{}/r/{}?a=1".format(lang, CODE)),
    "HEAD": lambda c, lang: c.head("/{}/r/{}".format(lang, CODE)),
    "gzip": lambda c, lang: c.get("/{}/r/{}".format(lang, CODE), headers={"Accept-Encoding": "gzip"}),
    "br": lambda c, lang: c.get("/{}/r/{}".format(lang, CODE), headers={"Accept-Encoding": "br"}),
    "If-None-Match": lambda c, lang: c.get("/{}/r/{}".format(lang, CODE), headers={"If-None-Match": "*"}),
    "another language's cookie": lambda c, lang: (c.set_cookie("lang", "hu" if lang != "hu" else "fr"),
                                                  c.get("/{}/r/{}".format(lang, CODE))),
    "POST": lambda c, lang: c.post("/{}/r/{}".format(lang, CODE)),
    "another host": lambda c, lang: c.get("/{}/r/{}".format(lang, CODE), headers={"Host": "evil.example"}),
}


@pytest.mark.parametrize("how", sorted(FIRST_ASKED))
def test_an_odd_first_request_does_not_change_the_kept_page(make_app, how):
    reference = make_app().test_client()
    for lang in LANGUAGES:
        client = make_app().test_client()
        FIRST_ASKED[how](client, lang)
        kept = client.get("/{}/r/{}".format(lang, CODE))
        expected = reference.get("/{}/r/{}".format(lang, CODE))
        assert kept.status_code == 200
        assert kept.data == expected.data
        assert b"evil.example" not in kept.data


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH"])
def test_another_method_is_refused_in_the_pages_language(client, method):
    answer = client.open("/hu/r/" + CODE, method=method)
    assert answer.status_code == 405
    assert WRONG_METHOD_HU in text_of(answer.get_data(as_text=True))


def test_a_refused_method_says_which_methods_are_allowed(client):
    answer = client.post("/en/r/" + CODE)
    assert answer.status_code == 405
    assert set(answer.headers["Allow"].replace(" ", "").split(",")) == {"GET", "HEAD", "OPTIONS"}
