"""A finished game handed to BG Stats: the play its link holds, as BG Stats reads it (url-decoded JSON)."""

import copy
import json
from urllib.parse import quote
from urllib.parse import unquote

import pytest

from support import examples
from support.towns import town
from webscore.flow import bgstats
from webscore.flow import pad_pieces
from webscore.flow import result_pieces
from webscore.flow import result_view
from webscore.scoring import encode
from webscore.scoring import problems
from webscore.scoring import score_valid_game
from webscore.scoring.pad import pad_from_fields

LINK = "https://marquoir.test/s/CODE"
GAME = {"name": "Tiny Towns", "bggId": 265736, "sourceGameId": "tiny-towns", "highestWins": True, "noPoints": False}


def play_of(game):
    """Return the play the BG Stats link of a game holds, read back as BG Stats reads it."""
    code = encode(game)
    address = bgstats.address(bgstats.play(result_view.view(game, score_valid_game(game)), code), LINK)
    head, _, data = address.partition("?data=")
    assert head == "https://app.bgstatsapp.com/createPlay.html"
    assert set(data) <= set(bgstats.UNRESERVED + "%0123456789ABCDEF")
    return code, json.loads(unquote(data))


def expected(code, players):
    return {"sourceName": "Marquoir", "sourcePlayId": code, "game": GAME, "comments": LINK, "players": [
        {"name": name, "sourcePlayerId": name, "score": score, "rank": rank, "winner": winner, "seatOrder": seat}
        for seat, (name, score, rank, winner) in enumerate(players, start=1)]}


def test_a_tie_for_first_place_is_won_by_each_of_the_tied():
    code, play = play_of(examples.tied_game(names=("Ann", "Bő", "Cy"), turns=(2, 2, 3)))
    # Ann and Bő tie on 2 points and 2 turns as Master Builder; Cy, with more turns, is third.
    assert play == expected(code, [("Ann", 2, 1, True), ("Bő", 2, 1, True), ("Cy", 2, 3, False)])


def test_a_solo_game_is_logged_with_its_score_and_won_by_no_one():
    game = examples.load("rulebook-28")
    assert game["mode"] == "solo"
    total = score_valid_game(game)["players"][0]["total"]
    code, play = play_of(game)
    assert play == expected(code, [(game["players"][0]["name"], total, 1, False)])


def test_six_players_keep_their_seats_and_ranks():
    game = examples.load("four-players")
    extra = [copy.deepcopy(game["players"][0]), copy.deepcopy(game["players"][3])]
    for player, name in zip(extra, ("Emese", "Ferenc")):
        player["name"] = name
        player["monument"] = None
        player["town"] = [[None if card in ("barrett-castle", "cathedral-of-caterina") else card for card in row]
                          for row in player["town"]]
    game["players"] += extra
    result = score_valid_game(game)
    rows = [(p["name"], r["total"], r["place"], r["place"] == 1) for p, r in zip(game["players"], result["players"])]
    code, play = play_of(game)
    assert play == expected(code, rows)
    assert [p["seatOrder"] for p in play["players"]] == [1, 2, 3, 4, 5, 6]
    assert sum(p["winner"] for p in play["players"]) == 1


@pytest.mark.parametrize("name", ['Al "Ace"', "back\\slash", "Zsófi 👩‍👩‍👧", "\u05d3\u05e0\u05d4", "a&b<c>"])
def test_a_name_of_any_characters_reads_back_as_typed(name):
    game = examples.tied_game(names=(name, "Bo"))
    assert play_of(game)[1]["players"][0]["name"] == name


def test_the_phone_draws_the_same_link_as_the_server(micropython_core):
    game = examples.tied_game(names=('Al "Ace"', "Zsófi 👩‍👩‍👧", "\u05d3\u05e0\u05d4"), turns=(1, 2, 3))
    view = result_view.view(game, score_valid_game(game))
    args = {"words": examples_words(), "link": LINK, "again": "/en/new?again=x",
            "play": bgstats.play(view, encode(game))}
    assert micropython_core.flow_json("draw", json.dumps(["share", args])) == result_pieces.share(**args)


def examples_words():
    """The page words a result's share section takes, in English."""
    from webscore import create_app
    from webscore.web.i18n.words import page_words_of_browser

    with create_app().test_request_context("/en/"):
        return json.loads(json.dumps(page_words_of_browser()))


@pytest.mark.parametrize(("flags", "cards", "comment"), [
    ({"coins": True}, [], "Tiny Towns: Fortune\n" + LINK),
    ({"tiny_trees": True}, [], "Tiny Towns: Tiny Trees\n" + LINK),
    ({}, ["root-cellar"], "Tiny Towns: Fortune\n" + LINK),
    # Fortune's monuments dealt, none held and no card of it: the table played with it all the same.
    ({"fortune_monuments": True}, [], "Tiny Towns: Fortune\n" + LINK),
    ({"fortune_monuments": False}, [], LINK),
    ({"coins": True, "tiny_trees": True}, ["tithe-barn"], "Tiny Towns: Fortune\nTiny Towns: Tiny Trees\n" + LINK),
])
def test_the_comment_names_the_expansions_played_above_the_link(flags, cards, comment):
    game = fortune_free_game()
    game.update(flags)
    if cards:
        game["buildings"] = ["cottage", cards[0]] + game["buildings"][2:]
    for player in game["players"]:
        if flags.get("coins"):
            player["coins"] = 1
        if flags.get("tiny_trees"):
            player["seed"] = "d4"
    assert problems(game) == []
    assert play_of(game)[1]["comments"] == comment


def test_a_fortune_monument_alone_is_fortune_played():
    game = fortune_free_game()
    game["monuments"] = True
    game["players"][0]["monument"] = "the-prism-forge"
    game["players"][0]["town"][3][3] = "the-prism-forge"
    assert problems(game) == []
    assert play_of(game)[1]["comments"] == "Tiny Towns: Fortune\n" + LINK


def test_a_base_game_comment_is_the_link_alone():
    assert play_of(fortune_free_game())[1]["comments"] == LINK


PAD = "mode=town-hall&n0=Ana&blue0=12&n1=Bo&blue1=9"


@pytest.mark.parametrize(("cells", "comment"), [
    ("&coins0=3", "Tiny Towns: Fortune\n" + LINK),
    # A coins cell of 0 is a chest kept empty: the table played with coins all the same.
    ("&coins1=0", "Tiny Towns: Fortune\n" + LINK),
    ("&empty1=0&tree1=1", "Tiny Towns: Tiny Trees\n" + LINK),
    ("&coins0=2&empty0=0&tree0=1", "Tiny Towns: Fortune\nTiny Towns: Tiny Trees\n" + LINK),
    ("", LINK),
])
def test_a_quick_pads_comment_names_the_expansions_its_rows_show(cells, comment):
    query = PAD + cells
    read = pad_from_fields([tuple(pair.split("=")) for pair in query.split("&")])
    assert read["problems"] == []
    drawn = pad_pieces.pad_bgstats(examples_words(), read["result"]["players"], LINK, query)
    address = drawn.split('href="')[1].split('"')[0].replace("&amp;", "&")
    assert json.loads(unquote(address.partition("?data=")[2]))["comments"] == comment


def fortune_free_game() -> dict:
    """A base game of two, no red building built (the tests change the red card)."""
    towns = [town("cottage cottage well .", ". . . .", ". . . .", ". . . ."),
             town("cottage . . .", ". . . .", ". . . .", ". . . .")]
    return {"mode": "town-hall", "monuments": False, "cavern": False,
            "buildings": ["cottage", "farm", "well", "chapel", "tavern", "theater", "factory"],
            "players": [{"name": name, "monument": None, "town": rows} for name, rows in zip(("Ana", "Bo"), towns)]}


@pytest.mark.parametrize("text", ["", "/", "//", "a/b", "https://marquoir.test:8000/r/AwQDMTME-_x", "CODE_-.~09az",
                                  "a b/c d/", "Zsófi 👩‍👩‍👧/שלום", "\"quoted\"/\\", "%2F/%", "~/-/_/."])
def test_text_is_percent_encoded_as_encode_uri_component_does_less_its_marks(text):
    # Segment by segment where the text holds slashes; every segment unreserved or not.
    assert bgstats._quote(text) == quote(text, safe="")


@pytest.mark.parametrize("value", ["", "CODE_-.~09az", 'Al "Ace"', "back\\slash", "Zsófi 👩‍👩‍👧", "line\nbreak",
                                   "https://marquoir.test/r/AwQD", " ~", "end\x7f", "\x1fstart", "tab\tin", "a\x80b",
                                   "".join(chr(n) for n in range(0x20, 0x7F))])
def test_a_json_string_is_percent_encoded_whole(value):
    assert bgstats._quote_text(value) == quote(bgstats._text(value), safe="")
    assert json.loads(unquote(bgstats._quote_text(value))) == value
    assert json.loads(bgstats._text(value)) == value
    if not any(char < " " or "\x7f" <= char <= "\x9f" for char in value):
        # Without control characters (DEL and C1 too, which JSON leaves as they are), as CPython's JSON writes it.
        assert bgstats._text(value) == json.dumps(value, ensure_ascii=False)
