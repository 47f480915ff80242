"""Whatever arrives, Marquoir answers clearly: never a 500, never a damaged code shown as valid."""

import binascii
import string

import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from support import examples
from support.apps import new_app
from support.strategies import games
from support.webflow import SETUP
from support.webflow import code_of
from webscore.languages import LANGUAGES
from webscore.scoring import CodeError
from webscore.scoring import InvalidGame
from webscore.scoring import decode
from webscore.scoring import encode
from webscore.scoring import game_from_code
from webscore.scoring import score
from webscore.scoring.code_text import from_text
from webscore.scoring.code_text import to_text
from webscore.scoring.validate import problems

RULEBOOK = examples.RULEBOOK_CODE
APP = new_app()
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
URL_SAFE = string.ascii_letters + string.digits + "-_"
MESSAGES = {"en": "This link cannot be opened", "fr": "Impossible d’ouvrir ce lien",
            "hu": "Ez a link nem nyitható meg"}

texts = st.one_of(
    st.text(max_size=40),
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=300),
    st.sampled_from(["", " ", "<script>alert(1)</script>", "\x00\x01\x1b", "é" * 30, "Ω≈ç√∫", "日本語の名前",
                     "‮evil", "a" * 5000, "-1", "99999999999999999999", "1e9", "NaN", "%00", "../../etc/passwd"]),
)


def get(path, **kwargs):
    with APP.test_client() as client:
        response = client.get(path, **kwargs)
        response.close()
        return response


REASONS = {"truncated", "bad-character", "too-long", "damaged", "version", "malformed"}


def sealed(payload: bytes) -> str:
    """Return a code of these bytes with a matching 24-bit check, as a forger who knows the format makes it."""
    return to_text(payload + (binascii.crc32(payload) & 0xFFFFFF).to_bytes(3, "big"))


def assert_refused_or_faithful(code: str):
    """A code is refused with a known reason, or it holds a valid game that encodes back to the same game."""
    try:
        game = game_from_code(code)
    except CodeError as error:
        assert error.reason in REASONS
        return None
    except InvalidGame as error:
        assert error.problems
        return None
    assert problems(game) == []
    assert game_from_code(encode(game)) == game
    return game


@pytest.mark.slow
@SETTINGS
@given(st.binary(max_size=120))
def test_random_bytes_as_a_code_are_refused_or_valid(data):
    if len(data) < 3 or data[-3:] != (binascii.crc32(data[:-3]) & 0xFFFFFF).to_bytes(3, "big"):
        with pytest.raises(CodeError) as refused:
            game_from_code(to_text(data))
        assert refused.value.reason in REASONS
    assert_refused_or_faithful(sealed(data))


@pytest.mark.slow
@SETTINGS
@given(games(), st.data())
def test_bit_flips_and_truncations_never_pass_as_the_original(game, data):
    raw = from_text(encode(game))
    position = data.draw(st.integers(0, len(raw) * 8 - 1))
    flipped = bytearray(raw)
    flipped[position // 8] ^= 1 << (position % 8)
    cut = data.draw(st.integers(0, len(raw) - 1))
    for damaged in (bytes(flipped), raw[:cut]):
        try:
            decoded = decode(to_text(damaged))
        except CodeError:
            continue
        assert decoded != decode(encode(game)), "a damaged code decoded as the original game"


def test_huge_values_and_wrong_versions_are_refused():
    raw = bytearray(from_text(RULEBOOK))
    for version in (0, 4, 255):
        wrong = bytearray(raw)
        wrong[0] = version
        with pytest.raises(CodeError) as refused:
            decode(sealed(bytes(wrong[:-3])))
        assert refused.value.reason == "version"
    for header in ([1, 0, 0, 0, 1], [2, 0, 0, 0, 0, 1]):
        with pytest.raises(CodeError) as refused:
            decode(sealed(bytes(header) + bytes([255] * 20)))
        assert refused.value.reason in ("malformed", "truncated")


@pytest.mark.slow
@SETTINGS
@given(st.text(alphabet=URL_SAFE, min_size=1, max_size=700), st.sampled_from(LANGUAGES))
def test_any_code_in_a_link_gets_a_page_in_the_readers_language(code, lang):
    for path in ("/{}/r/{}".format(lang, code), "/{}/g/{}/1".format(lang, code), "/qr/{}.svg".format(code)):
        response = get(path, headers={"Accept-Language": lang})
        assert response.status_code in (200, 400, 404), path
        if response.status_code == 400:
            assert MESSAGES[lang] in response.get_data(as_text=True)


@pytest.mark.slow
@SETTINGS
@given(st.text(max_size=60), st.sampled_from(LANGUAGES))
def test_any_path_is_answered_without_a_server_error(path, lang):
    response = get("/" + lang + "/" + path.lstrip("/"))
    assert response.status_code < 500


@pytest.mark.slow
@SETTINGS
@given(st.dictionaries(st.sampled_from(list(SETUP) + ["players-7", "monuments-9", "dealt-0", "again", "cavern",
                                                      "without_monuments", "players-x"]), texts, max_size=12))
def test_setup_form_never_fails(fields):
    response = get("/fr/new", query_string=fields)
    assert response.status_code in (200, 302, 414, 422) or response.status_code == 400 and "again" in fields
    if response.status_code == 302:
        assert problems(decode(code_of(response.headers["Location"]))) == []


@pytest.mark.slow
@SETTINGS
@given(st.dictionaries(st.sampled_from(["square_a1", "square_d4", "stored_a1", "stored_d4", "go",
                                        "master_builder_turns", "shrine_buildings", "completed_before"]),
                       texts, max_size=8))
def test_town_form_never_fails(fields):
    with APP.test_client() as client:
        code = code_of(client.get("/en/new", query_string=SETUP).headers["Location"])
        response = client.get("/hu/g/{}/2/save".format(code), query_string=fields)
        assert response.status_code in (200, 302, 414, 422)
        if response.status_code == 200:
            # Only the question before scoring towns that look unfinished answers 200 here.
            assert 'name="confirm" value="empty"' in response.text
        if response.status_code == 302:
            game = decode(code_of(response.headers["Location"]))
            assert problems(game) == []


@pytest.mark.slow
@SETTINGS
@given(st.dictionaries(st.sampled_from(["Accept-Language", "Cookie", "X-Forwarded-Proto", "X-Forwarded-Host",
                                        "X-Forwarded-For", "Host", "Referer"]),
                       st.text(alphabet=string.printable.strip("\r\n\x0b\x0c"), max_size=80), max_size=5))
def test_odd_headers_never_fail(headers):
    for path in ("/", "/en/", "/r/" + RULEBOOK, "/en/r/" + RULEBOOK):
        response = get(path, headers=headers)
        assert response.status_code in (200, 302, 400), (path, headers)


@pytest.mark.slow
@SETTINGS
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | texts,
                    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
                    max_leaves=30))
def test_any_json_value_as_a_game_file_is_answered_with_problems(value):
    found = problems(value)
    assert found
    try:
        score(value)
    except InvalidGame as error:
        assert error.problems == found


@pytest.mark.slow
@SETTINGS
@given(games(), st.sampled_from(["players", "buildings", "mode", "monuments"]), texts)
def test_a_valid_game_with_one_field_replaced_is_never_scored_wrongly(game, key, value):
    broken = dict(game, **{key: value})
    found = problems(broken)
    if found:
        with pytest.raises(InvalidGame):
            score(broken)
        return
    # Accepted after all (a text that happens to be a mode): its link must score exactly the same.
    assert score(game_from_code(encode(broken))) == score(broken)


def test_query_length_is_limited(client):
    response = client.get("/hu/new", query_string={"players-0": "x" * APP.config["MAX_QUERY_LENGTH"]})
    assert response.status_code == 414
    assert "Túl sok egyszerre" in response.text


def test_the_longest_town_form_fits_the_limit(client):
    code = code_of(client.get("/en/new", query_string=SETUP).headers["Location"])
    fields = {"square_" + c + r: "feast-hall" for c in "abcd" for r in "1234"}
    fields.update({"stored_" + c + r: "3" for c in "abcd" for r in "1234"})
    fields.update(master_builder_turns="999", shrine_buildings="16", completed_before="5", go="results", confirm="empty")
    response = client.get("/en/g/{}/3/save".format(code), query_string=fields)
    assert len(response.request.query_string) < APP.config["MAX_QUERY_LENGTH"] // 2
    assert response.status_code == 302


def test_a_malformed_host_gets_a_plain_400():
    response = get("/en/", headers={"Host": "."})
    assert response.status_code == 400
    assert "<h1>Something is not right</h1>" in response.text


# More players than a game has leave too few monuments to deal two each: the form says why, in its language.
@pytest.mark.parametrize(("lang", "words"), [("en", "A game has 1 to 6 players."),
                                             ("hu", "Egy játszmában 1–6\u00a0játékos vehet részt.")])
def test_dealing_monuments_to_more_players_than_a_game_has_is_a_422(client, lang, words):
    query = dict({"players-{}".format(n): "P{}".format(n) for n in range(8)}, action="deal-monuments")
    response = client.get("/{}/new".format(lang), query_string=query)
    assert response.status_code == 422
    assert words in response.text
    assert 'value="P7"' in response.text
