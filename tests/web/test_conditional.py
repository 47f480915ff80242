"""If-None-Match as RFC 9110 writes it, read in one place and honoured alike by every answer that has a tag.

What a library's parser happens to accept is not asserted anywhere: only the grammar
`If-None-Match = "*" / #entity-tag`, weak comparison, and a malformed field ignored (the full answer).
"""

import pytest

from support import examples
from support.apps import new_app
from support.tables import empty_setup
from support.tables import open_table
from webscore.languages import LANGUAGES
from webscore.scoring import encode
from webscore.web.http import conditional


@pytest.mark.parametrize(("field", "named"), [
    ('"a"', {"a"}),
    ('W/"a"', {"a"}),
    ('"a", W/"b" ,"c"', {"a", "b", "c"}),
    (' "a" ', {"a"}),
    (',"a",,', {"a"}),
    ('""', {""}),
    ('"a\x80b"', {"a\x80b"}),
    ("", set()),
    (",", set()),
])
def test_a_field_of_entity_tags_names_them_without_quotes_or_weakness(field, named):
    assert conditional.parse(field) == frozenset(named)


@pytest.mark.parametrize("field", ["*", " *", "*\t"])
def test_a_lone_star_names_any_representation(field):
    assert conditional.parse(field) is conditional.ANY


@pytest.mark.parametrize("field", [
    "W/*", '"a", *', '*, "a"', "**", "a", "W/a", 'w/"a"', '"a" "b"', '"a', 'a"', '"a"b', '"a b"', '"a"x"',
    '"a";"b"', 'W/ "a"', '"\x7f"', '"a\x00"',
])
def test_a_field_outside_the_grammar_names_nothing(field):
    assert conditional.parse(field) is None
    assert conditional.names_current(field, "a", "b", "*") is False


def test_no_field_is_no_condition():
    assert conditional.parse(None) is None
    assert conditional.names_current(None, "a") is False


def test_a_named_tag_matches_weakly_and_only_itself():
    assert conditional.names_current('W/"a"', "a")
    assert conditional.names_current('"x", "b"', "a", "b")
    assert not conditional.names_current('"x"', "a", "b")
    assert not conditional.names_current('"A"', "a")
    assert conditional.names_current("*", "a")


@pytest.fixture(scope="module")
def answers(tmp_path_factory):
    """Return the test client and, for each kind of answer with a tag, (its address, its current tag)."""
    database = tmp_path_factory.mktemp("tables") / "tables.sqlite3"
    app = new_app(SERVER_NAME="marquoir.test", TABLES_DATABASE=str(database))
    client = app.test_client()
    table = open_table(client, encode(empty_setup(examples.load("four-players"))))
    addresses = {
        "kept result page": "/en/r/" + examples.FOUR_PLAYERS_CODE,
        "kept setup form": "/en/new",
        "static file": "/static/css/marquoir.css",
        "versioned static file": "/static/v/{}/css/marquoir.css".format(app.config["ASSET_VERSION"]),
        "result picture": "/en/r/{}.png".format(examples.FOUR_PLAYERS_CODE),
        "table state": "/en/t/{}/state".format(table),
    }
    tags = {}
    for kind, address in addresses.items():
        first = client.get(address)
        assert first.status_code == 200, kind
        tags[kind] = (address, first.headers["ETag"])
    return client, tags


KINDS = ["kept result page", "kept setup form", "static file", "versioned static file", "result picture", "table state"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("spelling", ["{}", "W/{}", '"other", {}', 'W/"other",W/{}', "*", " * "])
def test_every_answer_with_a_tag_is_a_304_when_the_field_names_it(answers, kind, spelling):
    client, tags = answers
    address, tag = tags[kind]
    again = client.get(address, headers={"If-None-Match": spelling.format(tag)})
    assert (again.status_code, again.get_data()) == (304, b"")
    assert again.headers["ETag"] == tag


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("spelling", ["W/*", "{}, *", "*, {}", '"other"', "{} {}", "{bare}", "W/{bare}", ""])
def test_every_answer_with_a_tag_is_whole_when_the_field_names_nothing_current(answers, kind, spelling):
    client, tags = answers
    address, tag = tags[kind]
    field = spelling.format(tag, tag, bare=tag.strip('"'))
    again = client.get(address, headers={"If-None-Match": field})
    assert again.status_code == 200
    assert again.get_data() == client.get(address).get_data()


@pytest.mark.parametrize("etag_of", [
    lambda etag: etag, lambda etag: "W/" + etag, lambda etag: etag + ', "other"',
    lambda etag: '"other", ' + etag, lambda etag: "*", lambda etag: etag[:-1] + '-gzip"'])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_matching_if_none_match_gives_304_with_no_body(client, lang, etag_of):
    etag = client.get("/{}/r/{}".format(lang, examples.FOUR_PLAYERS_CODE)).headers["ETag"]
    again = client.get("/{}/r/{}".format(lang, examples.FOUR_PLAYERS_CODE), headers={"If-None-Match": etag_of(etag)})
    assert again.status_code == 304
    assert again.data == b""
    assert again.headers["ETag"] == etag
    assert again.headers["Cache-Control"] == "public, max-age=31536000, immutable"


def test_another_languages_etag_or_garbage_gives_the_whole_page(client):
    english = client.get("/en/r/" + examples.FOUR_PLAYERS_CODE)
    french = client.get("/fr/r/" + examples.FOUR_PLAYERS_CODE)
    for value in (english.headers["ETag"], "garbage", '""', "W/"):
        again = client.get("/fr/r/" + examples.FOUR_PLAYERS_CODE, headers={"If-None-Match": value})
        assert again.status_code == 200
        assert again.data == french.data


def test_an_overlong_if_none_match_is_refused_with_a_431(client):
    answer = client.get("/hu/r/" + examples.FOUR_PLAYERS_CODE, headers={"If-None-Match": '"' + "a" * 10000 + '"'})
    assert answer.status_code == 431
