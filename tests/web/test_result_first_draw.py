"""How result pages are drawn, under hostile names, headers and codes: frames, kept pieces, the first draw before Flask.

Every answer is compared with the answer of the old drawing: an app of its own where the page is drawn
whole by its template (frames.framed draws it whole), with fresh pieces, through Flask's view (nothing
drawn before Flask), its kept pages and addresses emptied before each answer.
"""

import copy
import re
import threading
from unittest import mock

import pytest
from werkzeug.test import EnvironBuilder
from werkzeug.test import run_wsgi_app

from support import examples
from support.apps import new_app
from support.cycles import garbage_of
from support.strategies import same_random_games
from webscore.languages import LANGUAGES
from webscore.scoring import encode
from webscore.scoring import game_from_code
from webscore.scoring.code import _crc
from webscore.scoring.code_layouts import VERSION
from webscore.scoring.code_text import from_text
from webscore.scoring.code_text import to_text
from webscore.web.http.cache import cache
from webscore.web.http.page_cache import KeptPages
from webscore.web.results import frames
from webscore.web.results import pieces as pieces_module

ROOT = "http://marquoir.test"
HOSTILE_NAMES = ["\ue000code\ue001", "\ue000ranking0\ue001x", "\ue001\ue000", "\ue000title\ue001\ue000description\ue001",
                 "{{ code }}", "{% raw %}{0}", "%(name)s %s %%", "\\x\\u0041\\", "<script>a</script>", "&amp; \"'",
                 "\u202eRTL\u202c", "שלום עולם", "W" * 24, "\ue000towns0\ue001", "\ue000code_tail\ue001",
                 "\ue000pad_names\ue001", "\ue000game_key\ue001", "\ue000zz9\ue001", "\ue000CODE\ue001", "\u00a0é\u0301"]


def shortcut_of(app) -> KeptPages:
    layer = app.wsgi_app
    while not isinstance(layer, KeptPages):
        layer = getattr(layer, "wsgi_app", None) or layer.app
    return layer


def answer(wsgi_app, path: str, headers=None, base: str = ROOT, environ=None) -> tuple:
    built = EnvironBuilder(path=path, headers=headers or {}, base_url=base).get_environ()
    built.update(environ or {})
    body, status, found = run_wsgi_app(wsgi_app, built, buffered=True)
    # The cookie's expiry date is the second it was set.
    listed = sorted((name, re.sub(r"Expires=[^;]+; ", "", value)) for name, value in found.items() if name != "Date")
    return status, listed, b"".join(body)


class Apps:
    """An app as it is now, and one drawing as before: whole pages, fresh pieces, Flask's view."""

    def __init__(self, folder):
        self.now = new_app(TABLES_DATABASE=str(folder / "now.sqlite3"))
        self.before = new_app(TABLES_DATABASE=str(folder / "before.sqlite3"))
        shortcut_of(self.before).drawers.clear()

    def new(self, path, headers=None, **kwargs):
        return answer(self.now.wsgi_app, path, headers, **kwargs)

    def old(self, path, headers=None, **kwargs):
        for kind in ("pages", "frames", "addresses", "pieces"):
            cache(self.before)[kind].values.clear()
        with mock.patch.object(frames, "framed", lambda key, code, parts, draw: draw(parts)):
            return answer(self.before.wsgi_app, path, headers, **kwargs)


@pytest.fixture
def apps(tmp_path):
    return Apps(tmp_path)


@pytest.fixture(scope="module")
def shared(tmp_path_factory):
    # One worker answering many readers in turn: what one leaves kept, the next meets.
    return Apps(tmp_path_factory.mktemp("shared"))


def renamed(game: dict, names: list) -> dict:
    changed = copy.deepcopy(game)
    for player, name in zip(changed["players"], names):
        player["name"] = name
    return changed


def valid_code(game: dict):
    try:
        code = encode(game)
        game_from_code(code)
    except ValueError:
        return None
    return code


def layouts() -> list:
    """Return two games of every mode, count of players, cavern and monuments that is valid: each pair shares a frame."""
    four = examples.load("four-players")
    found = []
    for mode in ("master-builder", "town-hall", "solo"):
        for count in range(1, 7):
            for cavern in (False, True):
                for monuments in (False, True):
                    for variant in range(2):
                        game = copy.deepcopy(four)
                        game.update(mode=mode, cavern=cavern, monuments=monuments)
                        game["players"] = [copy.deepcopy(four["players"][n % 4]) for n in range(count)]
                        for n, player in enumerate(game["players"]):
                            player["name"] = HOSTILE_NAMES[(variant * 7 + n) % len(HOSTILE_NAMES)] + str(n)
                            if not monuments or n >= 4:
                                player["town"] = [[None if card == player["monument"] else card for card in row]
                                                  for row in player["town"]]
                                player["monument"] = None
                                player.pop("completed_before", None)
                                player.pop("shrine_buildings", None)
                            player.pop("master_builder_turns", None)
                            if mode == "master-builder":
                                player["master_builder_turns"] = n + variant
                        game["players"][0]["town"][0][variant] = None
                        found.append(valid_code(game))
    return [code for code in found if code]


@pytest.mark.slow
def test_every_layout_filled_in_a_frame_is_the_page_drawn_whole(apps):
    codes = layouts()
    assert len(codes) >= 60
    for n, code in enumerate(codes):
        path = "/{}/r/{}".format(LANGUAGES[n % len(LANGUAGES)], code)
        assert apps.new(path) == apps.old(path), path


# Slow: every hostile name drawn by two apps (1.1 s).
@pytest.mark.slow
def test_hostile_names_never_reach_another_game_s_page(apps):
    four = examples.load("four-players")
    codes = []
    for n in range(0, len(HOSTILE_NAMES), 4):
        codes.append(valid_code(renamed(four, HOSTILE_NAMES[n:n + 4])))
    codes.append(valid_code(renamed(four, [examples.RULEBOOK_CODE[:24], examples.FOUR_PLAYERS_CODE[-24:]])))
    for game in same_random_games(12):
        names = [HOSTILE_NAMES[(len(codes) + n) % len(HOSTILE_NAMES)] for n in range(len(game["players"]))]
        codes.append(valid_code(renamed(game, names)))
    codes = [code for code in codes if code] + [short_code(name) for name in HOSTILE_NAMES[:3]]
    assert len(codes) >= 18
    for base in (ROOT, "https://other.test:8443/under"):
        for code in codes:
            for lang in ("en", "hu"):
                path = "/{}/r/{}".format(lang, code)
                assert apps.new(path, base=base) == apps.old(path, base=base), base + path


FIRST_VIEWS = [
    {}, {"Accept-Encoding": "br;q=0"}, {"Accept-Encoding": "gzip;q=0, br;q=0"}, {"Accept-Encoding": "*"},
    {"Accept-Encoding": "identity;q=0"}, {"Accept-Encoding": "BR"}, {"Accept-Encoding": ",,;;"},
    {"Cookie": "lang=en"}, {"Cookie": "lang=en; lang=fr"}, {"Cookie": ";;=;"}, {"Accept-Language": "hu"},
    {"If-None-Match": "*"}, {"If-None-Match": 'W/"x"'}, {"Range": "bytes=0-10"},
    {"X-Forwarded-Proto": "https"}, {"X-Forwarded-Proto": "javascript"}, {"X-Forwarded-Host": "evil.test"},
    {"X-Forwarded-Prefix": "/evil"}, {"Host": "MARQUOIR.TEST"}, {"Host": "marquoir.test:80"},
    {"Host": "marquoir.test:99999"}, {"Host": "marquoir.test:"}, {"Host": "[::1]:8080"}, {"Host": "a b"},
    {"Host": 'x"><script>'}, {"Host": "\xee\x80\x80code\xee\x80\x81"}, {"Host": ""},
    {"Connection": "upgrade", "Upgrade": "websocket"}, {"Content-Type": "text/plain"}, {"X-Long": "x" * 9000},
    {"X-Field-{}".format(n): "1" for n in range(63)}, {"X-Field-{}".format(n): "1" for n in range(64)},
]


@pytest.mark.parametrize("headers", FIRST_VIEWS, ids=range(len(FIRST_VIEWS)))
def test_a_first_view_with_hostile_headers_is_answered_as_before(shared, headers):
    n = FIRST_VIEWS.index(headers)
    path = "/{}/r/{}".format(LANGUAGES[n % len(LANGUAGES)], encode(renamed(examples.load("four-players"), ["First{}".format(n)])))
    first = shared.new(path, headers)
    assert first == shared.old(path, headers), headers
    assert not first[0].startswith("5")
    # The same page seen again by a plain visitor is not marked by the first one.
    assert shared.new(path) == shared.old(path)


def test_a_first_view_that_holds_the_page_s_tag_is_answered_as_before(shared):
    path = "/hu/r/" + examples.RULEBOOK_CODE
    tag = dict(shared.old(path, {"Accept-Encoding": "br"})[1])["ETag"]
    first = shared.new(path, {"Accept-Encoding": "br", "If-None-Match": tag})
    assert first[0] == "304 NOT MODIFIED"
    assert first == shared.old(path, {"Accept-Encoding": "br", "If-None-Match": tag})
    assert shared.new(path) == shared.old(path)


def test_a_tie_asking_for_turns_between_games_of_one_frame_is_answered_as_before(apps):
    four = examples.load("four-players")
    tie = copy.deepcopy(four)
    tie["monuments"] = False
    tie["players"] = [{"name": name, "monument": None, "town": [[None] * 4 for _ in range(4)]}
                      for name in ("\ue000code\ue001", "\ue000ranking0\ue001", "<b>x</b>")]
    tied = encode(tie)
    three = renamed(four, ["Before", "Tie", "After"])
    three["players"] = three["players"][:3]
    plain = encode(three)
    for path in ["/en/r/" + plain, "/en/r/" + tied, "/en/r/" + tied + "?x", "/en/r/" + tied + "/turns",
                 "/en/r/" + tied + "/turns?turns-1=1&turns-2=%EE%80%80code%EE%80%81&turns-3=",
                 "/en/r/" + tied + "/turns?turns-1=1&turns-2=2&turns-3=3", "/fr/r/" + tied + "?turns-1=%E2%80%AE",
                 "/en/r/" + plain + "?%EE%80%80code%EE%80%81=1", "/en/r/" + plain + "?code=x&lang=fr&_external=1",
                 "/hu/r/" + tied, "/hu/r/" + plain]:
        assert apps.new(path) == apps.old(path), path


@pytest.mark.parametrize("method", ["HEAD", "POST", "OPTIONS", "get", "PUT"])
def test_other_methods_on_a_page_not_drawn_yet_are_answered_as_before(shared, method):
    path = "/fr/r/" + encode(renamed(examples.load("four-players"), [method]))
    environ = {"REQUEST_METHOD": method}
    assert shared.new(path, environ=environ) == shared.old(path, environ=environ)
    assert shared.new(path) == shared.old(path)


def damaged_codes() -> list:
    code = examples.FOUR_PLAYERS_CODE
    data = from_text(code)
    payload = data[:-3]
    later = bytes([VERSION + 1])  # a version no Marquoir wrote yet
    return [code[:-4], code[:-1], code[:-2] + ("B" if code[-2] == "A" else "A") + code[-1], code + "A", "A", "AAAA",
            "A" * 1500, "A" * 2100, to_text(later + payload[1:] + _crc(later + payload[1:])),
            to_text(b"\x01" + b"\xff" * 8 + _crc(b"\x01" + b"\xff" * 8)), to_text(payload + b"\0" + _crc(payload + b"\0"))]


def test_a_damaged_code_is_refused_as_before_and_never_with_a_500(apps):
    for code in damaged_codes():
        for suffix in ("", "/turns", ".png", "/"):
            for path in ("/en/r/" + code + suffix, "/r/" + code + suffix):
                found = apps.new(path)
                assert found == apps.old(path), path[:40]
                assert found[0][:3] in ("302", "400", "404", "414"), path[:40]
    # Nothing was kept for them.
    assert not cache(apps.now)["frames"].values
    assert not cache(apps.now)["pages"].values


def test_paths_spelt_otherwise_are_answered_as_before(shared):
    code = encode(renamed(examples.load("four-players"), ["Spelt"]))
    for path in ("/en/r/%41" + code[1:], "/%65n/r/" + code, "/EN/r/" + code, "/en//r/" + code, "//en/r/" + code,
                 "/en/r/" + code + "?", "/en/r/" + code + "?&", "/en/r/" + code + "?a", "/en/r/" + code + "/turns"):
        assert shared.new(path) == shared.old(path), path
    # The language-neutral link: the reader's cookie, else their languages.
    for headers in ({}, {"Cookie": "lang=hu"}, {"Cookie": "lang=xx"}, {"Accept-Language": "fr-CA, en;q=0.9"},
                    {"Accept-Language": "*;q=0, hu;q=0"}, {"Cookie": "lang=fr", "Accept-Language": "hu"}):
        assert shared.new("/r/" + code, headers) == shared.old("/r/" + code, headers), headers


def short_code(name: str) -> str:
    """Return the code of a solo game of empty squares: 31 characters, most of them "A"."""
    return encode({"mode": "solo", "monuments": False, "cavern": False,
                   "buildings": ["cottage", "farm", "well", "temple", "feast-hall", "theater", "warehouse"],
                   "players": [{"name": name, "monument": None, "town": [[None] * 4 for _ in range(4)]}]})


def test_a_host_that_spells_the_code_keeps_it_on_another_game(apps):
    first, second = short_code("A"), short_code("B")
    assert len(second) == 31
    host = {"Host": second + ".test"}
    for code in (first, second, short_code("C")):
        path = "/en/r/" + code
        page = apps.new(path, host)
        assert page == apps.old(path, host)
        # Links name the host as werkzeug reads it: in small letters.
        assert 'value="http://{}.test/r/{}"'.format(second.lower(), code).encode() in page[2]


def test_a_host_too_long_to_name_a_site_is_refused_as_before(apps):
    code = encode(renamed(examples.load("four-players"), ["Long host"]))
    host = {"Host": code + ".test"}
    assert apps.new("/en/r/" + code, host) == apps.old("/en/r/" + code, host)
    assert apps.new("/en/r/" + code, host)[0] == "400 BAD REQUEST"


@pytest.mark.slow
def test_threads_drawing_pages_of_one_frame_at_once_draw_them_as_before(apps, monkeypatch):
    four = examples.load("four-players")
    codes = [encode(renamed(four, ["Thread{}".format(n)])) for n in range(24)]
    codes += [encode(game) for game in same_random_games(8)]
    paths = ["/{}/r/{}".format(lang, code) for code in codes for lang in ("en", "hu")]
    expected = {path: apps.old(path) for path in paths}
    # Stores emptied again and again while other threads read them.
    monkeypatch.setattr(cache(apps.now)["frames"], "limit", 1)
    monkeypatch.setattr(pieces_module, "LIMIT", 4)
    monkeypatch.setattr(cache(apps.now)["pages"], "limit", 3)
    wrong = []

    def visit(first):
        for path in paths[first::4] * 2:
            found = apps.new(path)
            if found != expected[path]:
                wrong.append((path, found[0]))

    threads = [threading.Thread(target=visit, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert wrong == []
    assert len(cache(apps.now)["pages"]) <= 3
    assert len(cache(apps.now)["frames"]) <= 1


def test_kept_pages_and_frames_stay_bounded_and_right_under_many_hosts(apps, monkeypatch):
    monkeypatch.setattr(cache(apps.now)["frames"], "limit", 3)
    monkeypatch.setattr(cache(apps.now)["pages"], "limit", 4)
    four = examples.load("four-players")
    for n in range(12):
        base = "http://host{}.test".format(n % 6)
        path = "/fr/r/" + encode(renamed(four, ["Many{}".format(n)]))
        assert apps.new(path, base=base) == apps.old(path, base=base)
        assert len(cache(apps.now)["pages"]) <= 4
        assert len(cache(apps.now)["frames"]) <= 3


def farm_games() -> list:
    """Return solo games of a Farm and Cottages, the Farm on each square: each feeds its Cottages from there."""
    codes = []
    for square in range(16):
        cells = ["cottage"] * 16
        cells[square] = "farm"
        codes.append(encode({"mode": "solo", "monuments": False, "cavern": False,
                             "buildings": ["cottage", "farm", "well", "temple", "feast-hall", "theater", "warehouse"],
                             "players": [{"name": "Solo", "monument": None,
                                          "town": [cells[row * 4:row * 4 + 4] for row in range(4)]}]}))
    return codes


def test_reasons_kept_per_language_stay_within_their_bound(apps, monkeypatch):
    # A Cottage's reason line is kept by who feeds it: a client choosing the feeders chooses the keys.
    monkeypatch.setattr(pieces_module, "LIMIT", 8)
    for code in farm_games() * 2:
        path = "/en/r/" + code
        assert apps.new(path)[0] == "200 OK"
    # A line is kept by who feeds its square: a client choosing the feeders chooses the keys.
    assert len(cache(apps.now)["pieces"]) == 1
    for kept in cache(apps.now)["pieces"].values.values():
        for name in ("grid_lines", "grid_squares", "pad_cells", "pad_heads"):
            assert len(getattr(kept, name)) <= 8, name


def test_the_rankings_game_is_written_as_the_templates_tojson_writes_it():
    # results.js reads the game back from the ranking's data-game; it is written by one encoder made once.
    from webscore.web.results.views import as_json

    app = new_app()
    players = [{"name": name, "monument": None} for name in HOSTILE_NAMES]
    identity = {"mode": "master-builder", "buildings": ["cottage", "well"],
                "players": players + [{"name": "Zoé", "monument": "fort-ironweed"}]}
    with app.test_request_context("/en/"):
        assert as_json(identity) == app.jinja_env.from_string("{{ value|tojson }}").render(value=identity)
    assert "<" not in as_json(identity) and "&" not in as_json(identity) and "'" not in as_json(identity)
    assert as_json({"b": 1, "a": "é"}) == '{"a": "\\u00e9", "b": 1}'


def test_a_result_page_drawn_for_the_first_time_leaves_nothing_of_ours_to_the_garbage_collector(tmp_path):
    app = new_app(TABLES_DATABASE=str(tmp_path / "tables.sqlite3"))
    client = app.test_client()
    codes = [encode(examples.load(name)) for name in examples.NAMES] + [encode(examples.tied_game(turns=(3, 3, 2)))]
    client.get("/en/r/" + codes[0])
    answers = []
    found = garbage_of(lambda: answers.extend(client.get("/en/r/" + code).status_code for code in codes[1:]))
    assert answers == [200] * (len(codes) - 1) and found == []
