"""A stranger's hostile requests for kept result pages: odd headers, methods, cookies, query strings."""

import gzip
import re

import brotli
import pytest

from support import examples
from support.webflow import fresh_client
from support.webflow import text_of
from webscore import create_app

CODE = examples.FOUR_PLAYERS_CODE
LANGS = ("en", "fr", "hu")
TOO_MUCH_FR = "Trop de données d’un coup Cette demande dépasse de loin ce qu’une partie nécessite."
WRONG_METHOD_HU = "Valami nem stimmel Erre a kérésre így nem lehet válaszolni."


@pytest.fixture()
def client(tmp_path):
    return fresh_client(tmp_path)


@pytest.mark.parametrize("etag_of", [
    lambda etag: etag, lambda etag: "W/" + etag, lambda etag: etag + ', "other"',
    lambda etag: '"other", ' + etag, lambda etag: "*", lambda etag: etag[:-1] + '-gzip"'])
@pytest.mark.parametrize("lang", LANGS)
def test_a_matching_if_none_match_gives_304_with_no_body(client, lang, etag_of):
    etag = client.get("/{}/r/{}".format(lang, CODE)).headers["ETag"]
    again = client.get("/{}/r/{}".format(lang, CODE), headers={"If-None-Match": etag_of(etag)})
    assert again.status_code == 304
    assert again.data == b""
    assert again.headers["ETag"] == etag
    assert again.headers["Cache-Control"] == "public, max-age=31536000, immutable"


def test_another_languages_etag_or_garbage_gives_the_whole_page(client):
    english = client.get("/en/r/" + CODE)
    french = client.get("/fr/r/" + CODE)
    for value in (english.headers["ETag"], "garbage", '""', "W/"):
        again = client.get("/fr/r/" + CODE, headers={"If-None-Match": value})
        assert again.status_code == 200
        assert again.data == french.data


def test_head_answers_like_get_without_a_body(client):
    page = client.get("/hu/r/" + CODE)
    head = client.head("/hu/r/" + CODE)
    assert head.status_code == 200
    assert head.data == b""
    assert head.headers["ETag"] == page.headers["ETag"]
    assert head.headers["Content-Length"] == str(len(page.data))
    assert client.head("/hu/r/" + CODE, headers={"If-None-Match": page.headers["ETag"]}).status_code == 304


@pytest.mark.parametrize("prefix", ["de", "EN", "Fr", "fr-FR", "xx", "zz"])
@pytest.mark.parametrize("accepted", LANGS)
def test_an_unknown_language_prefix_redirects_to_the_readers_language(tmp_path, prefix, accepted):
    answer = fresh_client(tmp_path).get("/{}/r/{}".format(prefix, CODE), headers={"Accept-Language": accepted})
    assert answer.status_code == 302
    assert answer.headers["Location"] == "/{}/r/{}".format(accepted, CODE)


def test_no_language_prefix_redirects_to_the_readers_language(client):
    answer = client.get("/r/" + CODE, headers={"Accept-Language": "hu-HU,hu;q=0.9"})
    assert answer.status_code == 302
    assert answer.headers["Location"] == "/hu/r/" + CODE


@pytest.mark.parametrize("accept", ["hu", "*", "zz", "fr;q=abc", "x" * 5000, "en-US,en;q=0.9", ""])
def test_accept_language_never_changes_a_prefixed_page(client, accept):
    page = client.get("/fr/r/" + CODE)
    again = client.get("/fr/r/" + CODE, headers={"Accept-Language": accept})
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


def test_an_overlong_if_none_match_is_refused_in_the_pages_language(client):
    answer = client.get("/hu/r/" + CODE, headers={"If-None-Match": '"' + "a" * 10000 + '"'})
    assert answer.status_code == 431


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
def test_an_odd_first_request_does_not_change_the_kept_page(tmp_path, how):
    reference = fresh_client(tmp_path, "reference")
    for lang in LANGS:
        client = fresh_client(tmp_path, how.replace(" ", "-") + lang)
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


def test_a_kept_pages_style_sheet_still_comes_under_another_versions_address(client):
    page = client.get("/en/r/" + CODE).get_data(as_text=True)
    sheet = re.search(r'href="(/static/v/[0-9a-f]+/css/marquoir\.css)"', page).group(1)
    current = client.get(sheet)
    assert current.status_code == 200
    assert current.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    # A page kept by a phone for a year names an older version: its style sheet must still come, unkept.
    older = client.get(re.sub(r"/v/[0-9a-f]+/", "/v/000000000000/", sheet))
    assert older.status_code == 200
    assert older.data == current.data
    assert older.headers["Cache-Control"] == "no-cache"


@pytest.mark.parametrize("cookie", ["lang=<script>", "lang=de", "lang=", 'lang="hu', "=;;=", "session=garbage",
                                    "x=" + "a" * 8000, "lang=hu; lang=en"])
def test_an_odd_cookie_never_changes_a_prefixed_page(tmp_path, cookie):
    app = create_app({"TESTING": True, "TABLES_DATABASE": str(tmp_path / "t.sqlite3")})
    page = app.test_client(use_cookies=False).get("/fr/r/" + CODE)
    again = app.test_client(use_cookies=False).get("/fr/r/" + CODE, headers={"Cookie": cookie})
    assert again.status_code == 200
    assert again.data == page.data


@pytest.mark.parametrize("cookie,goes_to", [("lang=fr", "fr"), ('lang="fr"', "fr"), ("lang=en; lang=hu", "en"),
                                            ("lang=<script>", "hu"), ("lang=FR", "hu"), ("lang=%66r", "hu")])
def test_an_unknown_prefix_follows_a_good_cookie_before_accept_language(tmp_path, cookie, goes_to):
    app = create_app({"TESTING": True, "TABLES_DATABASE": str(tmp_path / "t.sqlite3")})
    client = app.test_client(use_cookies=False)
    for address in ("/r/" + CODE, "/de/r/" + CODE):
        answer = client.get(address, headers={"Cookie": cookie, "Accept-Language": "hu"})
        assert answer.status_code == 302
        assert answer.headers["Location"] == "/{}/r/{}".format(goes_to, CODE)


@pytest.mark.parametrize("lang, words", [("fr", "Quelque chose cloche"), ("hu", "Valami nem stimmel")])
def test_a_refused_method_keeps_its_page_in_the_language_and_its_allow_header(client, lang, words):
    answer = client.put("/{}/new".format(lang))
    assert answer.status_code == 405
    assert words in answer.get_data(as_text=True)
    assert answer.headers["Content-Type"] == "text/html; charset=utf-8"
    assert "GET" in answer.headers["Allow"].replace(" ", "").split(",")
