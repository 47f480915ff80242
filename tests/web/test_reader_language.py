"""The language a reader gets: kept pages are the same bytes for every reader and send no cookie; pages drawn for
one reader, and /, keep the reader's language."""

import pytest
import werkzeug.http

from support import examples
from support.apps import new_app
from webscore.languages import LANGUAGES
from webscore.web import i18n

CODE = examples.FOUR_PLAYERS_CODE
KEPT = ("/{}/", "/{}/rules", "/{}/play", "/{}/pad", "/{}/new", "/{}/r/" + CODE, "/{}/g/" + CODE + "/1")
ODD_COOKIES = ("lang=xx", "lang=FR", "lang=Hu", "lang=en-GB", "lang=%66r", "lang", "lang=; lang=hu",
               "lang=fr; lang=hu", "lang=hu; lang=fr", 'lang="fr', "lang=" + "a" * 4000, "lang=fr" + "x" * 8000,
               "session=forged.value; lang=hu")
ENCODINGS = ("gzip", "br", "identity", "gzip, br", "")


def fresh(tmp_path, name="tables"):
    """Return a cookie-less test client of a new app, whose page cache is empty."""
    app = new_app(SERVER_NAME="marquoir.test", TABLES_DATABASE=str(tmp_path / (name + ".sqlite3")))
    return app.test_client(use_cookies=False)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("pattern", KEPT)
def test_a_kept_page_is_the_same_bytes_and_headers_for_any_cookie_and_encoding(tmp_path, pattern, lang):
    path = pattern.format(lang)
    client = fresh(tmp_path)
    for encoding in ENCODINGS:
        plain = client.get(path, headers={"Accept-Encoding": encoding})
        assert plain.status_code == 200
        assert "Set-Cookie" not in plain.headers
        assert "Cookie" not in plain.headers["Vary"] and "Accept-Encoding" in plain.headers["Vary"]
        for cookie in ODD_COOKIES:
            other = "hu" if lang != "hu" else "fr"
            odd = client.get(path, headers={"Accept-Encoding": encoding, "Cookie": cookie, "Accept-Language": other})
            assert odd.status_code == 200, cookie
            assert "Set-Cookie" not in odd.headers, cookie
            assert odd.headers["Vary"] == plain.headers["Vary"], cookie
            assert odd.headers.get("Content-Encoding") == plain.headers.get("Content-Encoding"), cookie
            assert odd.headers["ETag"] == plain.headers["ETag"], cookie
            assert odd.data == plain.data, cookie


@pytest.mark.parametrize("pattern", KEPT)
def test_a_kept_page_revalidated_or_asked_by_head_sends_no_cookie(tmp_path, pattern):
    client = fresh(tmp_path)
    path = pattern.format("hu")
    tag = client.get(path).headers["ETag"]
    again = client.get(path, headers={"If-None-Match": tag, "Cookie": "lang=fr", "Accept-Language": "fr"})
    assert again.status_code == 304
    assert "Set-Cookie" not in again.headers
    head = client.head(path, headers={"Cookie": "lang=xx"})
    assert head.status_code == 200
    assert "Set-Cookie" not in head.headers


@pytest.mark.parametrize("cookie", ODD_COOKIES[:-1])
@pytest.mark.parametrize("path", ["/hu/g/{}/1?square_a1=cottage".format(CODE), "/hu/?from=qr", "/hu/r/{}?from=qr".format(CODE),
                                  "/hu/t/new?code={}".format(CODE)])
def test_a_page_drawn_for_its_reader_sets_its_language_whatever_odd_cookie_came(tmp_path, path, cookie):
    answer = fresh(tmp_path).get(path, headers={"Cookie": cookie, "Accept-Language": "fr"})
    assert answer.status_code == 200
    # The table's form also sets its session (CSRF): only the language cookie is looked at here.
    langs = [value for value in answer.headers.getlist("Set-Cookie") if value.startswith("lang=")]
    # Only "lang=hu; lang=fr" starts with the page's language: the first lang cookie is the one read.
    if cookie == "lang=hu; lang=fr":
        assert langs == []
    else:
        assert len(langs) == 1
        assert langs[0].startswith("lang=hu; Expires=")
        assert langs[0].endswith("; Max-Age=31536000; Path=/; SameSite=Lax")


@pytest.mark.parametrize("cookie,goes_to", [
    ("lang=hu", "hu"), ("lang=en", "en"), ('lang="hu"', "hu"), ("lang=xx", "fr"), ("lang=FR", "fr"),
    ("lang=Hu", "fr"), ("lang=en-GB", "fr"), ("lang", "fr"), ("lang=" + "h" * 4000, "fr"),
    ("lang=hu; lang=en", "hu"), ("lang=en; lang=hu", "en"), ("lang=; lang=hu", "fr"), (None, "fr"),
])
def test_the_bare_home_and_share_link_follow_a_good_cookie_else_the_browser(tmp_path, cookie, goes_to):
    client = fresh(tmp_path)
    headers = {"Accept-Language": "fr-FR, fr;q=0.9, en;q=0.5"}
    if cookie is not None:
        headers["Cookie"] = cookie
    for path in ("/", "/r/" + CODE):
        answer = client.get(path, headers=headers)
        assert answer.status_code == 302
        assert answer.headers["Location"] == "/{}{}".format(goes_to, path if path != "/" else "/")
        assert "Set-Cookie" not in answer.headers
        assert {"Accept-Language", "Cookie"} <= {part.strip() for part in answer.headers["Vary"].split(",")}


def test_with_neither_cookie_nor_a_known_browser_language_the_bare_links_open_in_english(tmp_path):
    client = fresh(tmp_path)
    for headers in ({}, {"Accept-Language": "de-DE, es;q=0.5"}, {"Accept-Language": "*"}, {"Cookie": "lang=de"}):
        assert client.get("/", headers=headers).headers["Location"] == "/en/"
        assert client.get("/r/" + CODE, headers=headers).headers["Location"] == "/en/r/" + CODE


@pytest.mark.parametrize("pattern", KEPT)
def test_a_reader_with_a_session_and_a_cookie_drawing_a_kept_page_first_leaks_nothing_into_it(tmp_path, pattern):
    # A reader who opened a table (session cookie, CSRF), entered a town in French and came from a QR code
    # draws the page into an empty cache first; everyone after gets exactly what a fresh server draws.
    path = pattern.format("hu")
    reader = new_app(SERVER_NAME="marquoir.test", TABLES_DATABASE=str(tmp_path / "reader.sqlite3")).test_client()
    assert reader.get("/fr/t/new?code=" + CODE).status_code == 200
    assert reader.get("/fr/g/{}/1".format(CODE)).status_code == 200
    assert reader.get_cookie("session", domain="marquoir.test") is not None
    assert reader.get_cookie("lang", domain="marquoir.test").value == "fr"
    assert reader.get(path + "?from=qr", headers={"Accept-Language": "fr"}).status_code == 200
    first = reader.get(path, headers={"Accept-Language": "fr"})
    other = fresh(tmp_path, "other-reader").get(path)
    assert first.status_code == other.status_code == 200
    assert "Set-Cookie" not in first.headers
    assert first.headers["ETag"] == other.headers["ETag"]
    assert first.data == other.data
    assert b"csrf" not in first.data.lower()
    # The address with a query string was drawn for this reader, and it kept Hungarian in the cookie.
    assert reader.get_cookie("lang", domain="marquoir.test").value == "hu"


# 700 tags none of ours, 4,900 bytes: under the limit of a header field, so the app reads it.
MANY_TAGS = ",".join("x{}{};q=0.5".format(chr(97 + n % 26), chr(97 + n // 26 % 26)) for n in range(700))


@pytest.mark.parametrize("path, header, expected", [
    ("/", "fr;q=0.9," + MANY_TAGS + ",hu", "/fr/"),
    ("/", MANY_TAGS + ",hu", "/en/"),
    ("/r/" + CODE, "hu-HU," + MANY_TAGS, "/hu/r/" + CODE),
    ("/static/nowhere", MANY_TAGS, None),
])
def test_a_long_accept_language_is_read_no_further_than_its_first_tags(tmp_path, monkeypatch, path, header, expected):
    """The work a request does on Accept-Language is counted, not timed: the tags werkzeug's parser splits it
    into and those negotiated, over the whole request (which may ask for the reader's language several times)."""
    split, negotiated = [], []
    parse_list = werkzeug.http.parse_list_header
    monkeypatch.setattr(werkzeug.http, "parse_list_header", lambda value: split.extend(parse_list(value)) or split[:])
    negotiate = i18n.negotiate_locale
    monkeypatch.setattr(i18n, "negotiate_locale", lambda tags, *args, **kwargs: negotiated.extend(tags) or negotiate(
        tags, *args, **kwargs))
    answer = fresh(tmp_path).get(path, headers={"Accept-Language": header})
    assert answer.location == expected
    assert 0 < len(split) <= i18n.MOST_TAGS
    assert 0 < len(negotiated) <= i18n.MOST_TAGS
