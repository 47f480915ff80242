"""A result page filled in its kept frame is the page its template draws whole, game after game."""

import copy
import hashlib

import pytest

from support import examples
from support.strategies import same_random_games
from webscore.languages import LANGUAGES
from webscore.scoring import encode
from webscore.web.http.cache import cache
from webscore.web.results import frames

ROOTS = ("http://marquoir.test", "https://other.test/under")


def renamed(game: dict, names: list) -> dict:
    changed = copy.deepcopy(game)
    for player, name in zip(changed["players"], names):
        player["name"] = name
    return changed


def codes() -> list:
    """Return games that share frames: the examples, each again with other names (markup too), random ones."""
    found = [examples.load(name) for name in examples.NAMES]
    found += [renamed(game, ["<b>Ana</b> & \"Bo\"", "Ö'ő", "\ue000title\ue001", "Zé"]) for game in found]
    found += same_random_games(40)
    return list(dict.fromkeys(encode(game) for game in found))


def pages(app, paths: list) -> list:
    client = app.test_client()
    return [(path, root, client.get(path, base_url=root).get_data(as_text=True)) for path in paths for root in ROOTS]


@pytest.mark.slow
def test_pages_filled_in_their_frames_are_the_pages_drawn_whole(make_app, monkeypatch):
    paths = ["/{}/r/{}".format(lang, code) for code in codes() for lang in LANGUAGES]
    framed = pages(make_app(), paths)
    monkeypatch.setattr(frames, "framed", lambda key, code, parts, draw: draw(parts))
    # A second app: the frames of the first were kept in that app only.
    whole = pages(make_app(), paths)
    assert len(framed) == len(whole) == len(paths) * len(ROOTS)
    for (path, root, page), (_, _, drawn) in zip(framed, whole):
        assert page == drawn, root + path


def test_a_frame_is_kept_per_language_root_and_layout(app):
    client = app.test_client()
    four = examples.load("four-players")
    for n in range(5):
        client.get("/fr/r/" + encode(renamed(four, ["Ana{}".format(n)])))
    client.get("/en/r/" + encode(four))
    client.get("/fr/r/" + encode(four), base_url="https://other.test")
    client.get("/fr/r/" + examples.RULEBOOK_CODE)
    assert len(cache(app)["frames"]) == 4


def test_a_page_with_a_query_or_a_turns_form_is_drawn_whole(app, monkeypatch):
    drawn = []
    monkeypatch.setattr(frames, "Frame", lambda page, code: drawn.append(code))
    client = app.test_client()
    assert client.get("/en/r/{}?from=here".format(examples.FOUR_PLAYERS_CODE)).status_code == 200
    # Two empty towns, tied on everything: the page asks for their turns as Master Builder.
    tie = examples.load("four-players")
    tie["monuments"] = False
    tie["players"] = [{"name": name, "monument": None, "town": [[None] * 4 for _ in range(4)]} for name in "AB"]
    page = client.get("/en/r/" + encode(tie)).get_data(as_text=True)
    assert 'name="turns-1"' in page and 'name="turns-2"' in page
    assert drawn == []


def test_a_root_that_spells_a_code_keeps_it_on_the_next_game(app):
    client = app.test_client()
    first, second = examples.FOUR_PLAYERS_CODE, encode(renamed(examples.load("four-players"), ["Ana"]))
    root = "http://marquoir.test/" + first
    for code in (first, second):
        page = client.get("/en/r/" + code, base_url=root).get_data(as_text=True)
        assert 'value="{}/r/{}"'.format(root, code) in page


def filled(frame, code: str, parts: dict) -> bytes:
    """Return a frame filled in, its entity tag checked: the start of the page's SHA-256, as any page's."""
    page = frame.fill(code, parts)
    assert page.etag == hashlib.sha256(page.body).hexdigest()[:20]
    return page.body


@pytest.mark.parametrize("page, code", [("a\ue000code\ue001b", "XYZ"), ("<p>XYZ</p><i>XYZ</i>", "XYZ"),
                                        ("é" * 2500 + "XYZ" + "ő" * 3000, "XYZ"), ("XYZ" + "x" * 4001, "XYZ")])
def test_a_frame_puts_the_code_and_parts_back_where_they_were(page, code):
    frame = frames.Frame(page, code)
    assert filled(frame, "Q", {}) == page.replace(code, "Q").replace("\ue000code\ue001", "Q").encode()
    marked = frames.stand_ins({"town": ["a", "b"], "title": "t"})
    head = page.replace(code, "").replace("\ue000code\ue001", "")
    frame = frames.Frame(head + "<h1>{}</h1>{}{}XYZ".format(marked["title"], *marked["town"]), code)
    assert filled(frame, "C", {"town": ["<p>1</p>", "<p>ű</p>"], "title": "T"}) == (
        head + "<h1>T</h1><p>1</p><p>ű</p>C").encode()
