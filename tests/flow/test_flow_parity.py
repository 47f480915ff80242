"""The flow under MicroPython (as the browser runs it) answers exactly as under CPython."""

import json
import random

import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from support import examples
from support.apps import browser_words
from support.apps import new_app
from support.fortune_games import fortune_game
from support.strategies import games
from webscore import flow
from webscore.flow import new_game
from webscore.flow import setup_choices
from webscore.scoring import encode
from webscore.scoring.cards import CARD_COLOURS
from webscore.scoring.cards import MONUMENTS
from webscore.scoring.cards import cards_of_colour
from webscore.scoring.town import NAMES

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
# Field values as a hostile or careless form might send them: cards, numbers, other digits, noise.
VALUES = st.sampled_from(["", "Ana", " Bo ", "x" * 30, "²", "①", "3", "12", "-1", "٣", "３", "-۱۲", "𝟚", "farm", "cottage",
                          "warehouse",
                          "the-starloom", "solo", "town-hall", "y", "false", "A\u202eB", "\u00a0", "\u20032 ", "1234567",
                          "-99999999999999999999999"])
ACTIONS = st.sampled_from(["add", "remove-0", "remove-1", "up-1", "up-2", "up-²", "deal", "deal-monuments",
                           "first-game", "refresh", "start", "play", "check", "fly"])


def setup_fields():
    keys = ["players-{}".format(n) for n in range(8)] + ["monuments-{}".format(n) for n in range(3)] + [
        "dealt-0", "mode", "cavern", "without_monuments"] + list(CARD_COLOURS)
    cards = st.sampled_from([c for colour in CARD_COLOURS for c in cards_of_colour(colour)] + sorted(MONUMENTS))
    return st.dictionaries(st.sampled_from(keys), VALUES | cards, max_size=14)


@SETTINGS
@given(fields=setup_fields(), action=ACTIONS, seed=st.integers(0, 2 ** 32 - 1))
def test_setup_answers_are_identical(micropython_core, fields, action, seed):
    text = json.dumps({"fields": fields, "action": action, "seed": seed})
    assert micropython_core.flow_json("setup", text) == json.loads(flow.setup_json(text))


def test_a_link_to_play_again_is_read_alike_and_as_the_server_reads_it(micropython_core):
    # Offline, the setup page's script asks the core for what the server's page shows: the game's players, cards and
    # options; a code cut short, or two codes, a blank setup that says so. The other fields, the action too, are not read.
    rng = random.Random(20261206)
    played = [fortune_game(rng, count=4) for _ in range(6)] + [examples.load("four-players")]
    for game in played:
        code = encode(game)
        for again in (code, [code]):
            text = json.dumps({"fields": {"again": again, "players-0": "Zoé", "mode": "solo"}, "action": "play", "seed": 3})
            answer = json.loads(flow.setup_json(text))
            assert answer == micropython_core.flow_json("setup", text)
            assert answer == {"state": new_game.state_from_game(game), "offers": setup_choices.monument_offers(answer["state"]),
                              "focus": ""}
            assert answer["state"]["players"] == [p["name"] for p in game["players"]]
    unreadable = {"fields": {}, "general": [{"code": "again-unreadable", "player": None, "square": None, "value": None}]}
    for again in (code[:-3], [code, code], [code, code[:-3]], [code[:-3], code], "", []):
        text = json.dumps({"fields": {"again": again}, "action": "refresh", "seed": 0})
        answer = json.loads(flow.setup_json(text))
        assert answer == micropython_core.flow_json("setup", text)
        assert answer == {"state": new_game.default_state(), "offers": setup_choices.monument_offers(new_game.default_state()),
                          "focus": "", "problems": unreadable}


# Names of spaces that CPython's str.strip() trims and MicroPython's does not: both trim them alike, and nothing else.
@pytest.mark.parametrize("fields, action", [
    ({"players-0": "\u00a0", "players-1": "", "mode": "solo"}, "up-1"),
    ({"players-0": "\u3000Ana\u00a0", "players-1": "\u2009", "mode": "solo"}, "refresh"),
    ({"players-0": "\u00a0", "players-1": "Bo"}, "start"),
    ({"players-0": "\u202fAna\u205f", "players-1": "Bo\u1680"}, "start"),
    # Letters whose bytes begin as a no-break space's do (C2): a strip of bytes would cut them in half.
    ({"players-0": "²", "players-1": "Zoé\u00a0", "players-2": "①\u3000", "mode": "solo"}, "refresh"),
    ({"players-0": "\u00a0²", "players-1": "\u20032 é"}, "start"),
])
def test_names_of_spaces_are_read_alike(micropython_core, fields, action):
    text = json.dumps({"fields": fields, "action": action, "seed": 1})
    assert micropython_core.flow_json("setup", text) == json.loads(flow.setup_json(text))


@st.composite
def town_requests(draw):
    game = draw(games())
    n = draw(st.integers(1, len(game["players"])))
    # An address as a hand may alter it: a field the step does not know, a field given twice.
    keys = ["square_" + name for name in NAMES] + ["stored_" + name for name in NAMES[:4]] + [
        "master_builder_turns", "shrine_buildings", "completed_before", "go", "confirm", "monument", "from",
        "square_e5", "foo"]
    cards = st.sampled_from(game["buildings"] + sorted(MONUMENTS)[:3] + ["", "castle"])
    values = cards | VALUES | st.sampled_from(["next", "back", "results", "setup", "1", "empty", "scores"])
    fields = draw(st.dictionaries(st.sampled_from(keys), values | st.lists(values, min_size=2, max_size=2),
                                  max_size=20))
    return {"code": encode(game), "n": n, "fields": fields, "show": draw(st.booleans())}


@SETTINGS
@given(request=town_requests())
def test_town_answers_are_identical(micropython_core, request):
    text = json.dumps(request)
    assert micropython_core.flow_json("town", text) == json.loads(flow.town_json(text))


@pytest.fixture(scope="module")
def words():
    app = new_app()
    with app.test_client() as client:
        return browser_words(client, "hu")


@pytest.fixture
def core_with_words(micropython_core, words):
    """The core under MicroPython once given the words, as the browser's core keeps them: once for all of a test's
    examples (38 KB of JSON read again for each example took about half the test's time)."""
    micropython_core.flow_json("words", json.dumps(words))
    return micropython_core


@SETTINGS
@given(request=town_requests(), handed_in=st.none() | st.lists(st.booleans(), max_size=6))
def test_live_answers_are_identical(core_with_words, words, request, handed_in):
    # Each tap is asked without the words, which the core kept. A town at a table says which towns are handed in (a
    # list the length of the players); another list is none.
    text = json.dumps({"code": request["code"], "n": request["n"], "fields": request["fields"], "handed_in": handed_in})
    assert core_with_words.flow_json("live", text) == json.loads(flow.live_json(text, words))


@SETTINGS
@given(game=games())
def test_result_views_are_identical(micropython_core, game):
    code = encode(game)
    assert micropython_core.flow_json("result", code) == json.loads(flow.result_json(code))


@pytest.mark.parametrize("seed", range(16))
def test_fortune_result_views_are_identical(micropython_core, seed):
    # Coins spent on lines and pairs, trees, Fortune's cards: the offline result draws what the server does.
    code = encode(fortune_game(random.Random(seed)))
    assert micropython_core.flow_json("result", code) == json.loads(flow.result_json(code))


@SETTINGS
@given(game=games(modes=("master-builder",)), fields=st.dictionaries(
    st.sampled_from(["turns-1", "turns-2", "turns-3", "turns-7", "turns-²"]), VALUES, max_size=4))
def test_tie_turns_answers_are_identical(micropython_core, game, fields):
    text = json.dumps({"code": encode(game), "fields": fields})
    assert micropython_core.flow_json("turns", text) == json.loads(flow.turns_json(text))
