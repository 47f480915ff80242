"""Hostile game files: the core refuses each with its problems (exit 2 from the CLI), never a traceback."""

import json
import os
import subprocess
import sys
import unicodedata

import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from support import examples
from support.hostile import BIDI_AND_INVISIBLE
from support.hostile import LARGEST_NAMES
from support.hostile import hostile_games
from support.hostile import hostile_names
from support.hostile import largest_game
from webscore.scoring import decode
from webscore.scoring import encode
from webscore.scoring import pad_fields_json
from webscore.scoring import pad_json
from webscore.scoring import score_json
from webscore.scoring import score_town_json
from webscore.scoring import table_json
from webscore.scoring.__main__ import MAX_INPUT
from webscore.scoring.code_layouts import MAX_CODE
from webscore.scoring.names import is_hidden
from webscore.scoring.validate import problems

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
RULEBOOK = examples.load("rulebook-28")
FOUR = examples.load("four-players")


def run(data: bytes, *args):
    return subprocess.run([sys.executable, "-m", "webscore.scoring", *args, "-"], input=data,
                          capture_output=True, check=False)


def with_square(value) -> bytes:
    game = json.loads(json.dumps(RULEBOOK))
    game["players"][0]["town"][0][0] = value
    return json.dumps(game).encode()


def with_name(name: str) -> bytes:
    game = json.loads(json.dumps(RULEBOOK))
    game["players"][0]["name"] = name
    return json.dumps(game).encode()


HOSTILE_FILES = {
    "square-a-list": (with_square(["cottage"]), "player 1, square a1: unknown-card\n"),
    "square-an-object": (with_square({"cottage": 1}), "player 1, square a1: unknown-card\n"),
    "nested-100000": (b"[" * 100_000, "cannot read -: nested too deeply to be a game file\n"),
    "nested-objects": (b'{"a":' * 100_000, "cannot read -: nested too deeply to be a game file\n"),
    "lone-surrogate": (with_name("A\ud800"), "player 1: name-format-character\n"),
    "right-to-left-override": (with_name("Eve\u202e"), "player 1: name-format-character\n"),
    "over-1-mb": (b" " * MAX_INPUT + b"{}", "cannot read -: larger than 1 MB, far more than any game file\n"),
    "latin-1": ('{"mode": "é"}'.encode("latin-1"), "cannot read -: not UTF-8 text (invalid continuation byte)\n"),
    "utf-16": (json.dumps(RULEBOOK).encode("utf-16"), "cannot read -: not UTF-8 text (invalid start byte)\n"),
    "huge-integer": (b"1" * 5000, None),
    "key-twice": (json.dumps(RULEBOOK).replace('"mode": ', '"mode": "town-hall", "mode": ', 1).encode(),
                  'cannot read -: the key "mode" is given twice in one object\n'),
    "key-twice-in-a-player": (json.dumps(RULEBOOK).replace('"name": ', '"name": "Bo", "name": ', 1).encode(),
                              'cannot read -: the key "name" is given twice in one object\n'),
    "one-player-master-builder": (json.dumps(dict(RULEBOOK, mode="master-builder")).encode(),
                                  'one-player-plays-solo ("master-builder")\n'),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(HOSTILE_FILES))
@pytest.mark.parametrize("link", [False, True])
def test_the_cli_refuses_every_hostile_file_with_exit_2(name, link):
    data, message = HOSTILE_FILES[name]
    done = run(data, *(["--link"] if link else []))
    assert done.returncode == 2, done.stderr
    assert done.stdout == b""
    stderr = done.stderr.decode("utf-8")
    assert "Traceback" not in stderr
    if message is None:
        assert stderr.startswith("cannot read -: ")
    else:
        assert stderr == message


def test_a_file_with_a_byte_order_mark_is_read(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(RULEBOOK).encode())
    done = subprocess.run([sys.executable, "-m", "webscore.scoring", str(path)], capture_output=True, check=False)
    assert done.returncode == 0
    assert json.loads(done.stdout)["players"][0]["total"] == 28


def test_a_file_of_exactly_the_limit_is_read():
    text = json.dumps(RULEBOOK).encode()
    done = run(text + b" " * (MAX_INPUT - len(text)))
    assert done.returncode == 0
    assert json.loads(done.stdout)["players"][0]["total"] == 28


@pytest.mark.slow
@SETTINGS
@given(st.one_of(hostile_games(RULEBOOK), hostile_games(FOUR)))
def test_validation_and_score_json_never_raise(game):
    found = problems(game)
    answer = json.loads(score_json(json.dumps(game)))
    assert ("problems" in answer) == bool(found)
    if not found:
        assert decode(answer["code"]) == decode(encode(game))


@pytest.mark.parametrize("text", ["[" * 100_000, '{"a":' * 100_000, "1" * 5000, "\"\\ud800\"", "NaN"])
def test_score_json_answers_any_text(text):
    answer = json.loads(score_json(text))
    assert answer["problems"][0]["code"] in ("not-json", "game-not-a-record")


@pytest.mark.parametrize("text", ["[" * 100_000, '{"a":' * 100_000])
def test_every_door_answers_json_nested_too_deeply_as_broken_json(text):
    # Each door reads its JSON as score_json does: nesting deeper than the interpreter recurses is not JSON it can
    # read, answered with the door's own word for that, never a RecursionError.
    assert json.loads(score_town_json(text, 0))["problems"][0]["code"] == "not-json"
    assert json.loads(pad_json(text))["problems"][0]["code"] == "unknown-mode"
    assert json.loads(pad_fields_json(text))["problems"][0]["code"] == "not-json"
    assert json.loads(table_json(text)) == {"error": "request"}


@SETTINGS
@given(hostile_names())
def test_names_with_invisible_or_direction_characters_are_refused(name):
    game = json.loads(with_name(name[-24:]))
    assert {"code": "name-format-character", "player": 0, "square": None, "value": None} in problems(game)


def test_every_format_character_is_refused():
    for code in range(sys.maxunicode + 1):
        if unicodedata.category(chr(code)) in ("Cf", "Cs", "Zl", "Zp"):
            assert is_hidden(chr(code)), hex(code)
    for char in BIDI_AND_INVISIBLE:
        assert is_hidden(char), hex(ord(char))


@pytest.mark.parametrize("name", ["Ödön", "Zoé", "山田", "😀 Ana", "Åsa-Lena O'Brien", "Ægir"])
def test_names_of_every_script_stay_welcome(name):
    assert problems(json.loads(with_name(name))) == []


@pytest.mark.parametrize("mode", ["master-builder", "town-hall"])
def test_one_player_plays_solo(mode):
    game = dict(RULEBOOK, mode=mode)
    assert problems(game) == [{"code": "one-player-plays-solo", "player": None, "square": None, "value": mode}]
    assert problems(dict(FOUR, players=FOUR["players"][:2])) == []


@pytest.mark.parametrize("script", sorted(LARGEST_NAMES))
def test_the_largest_game_of_each_script_fits_a_code(script):
    game = largest_game(LARGEST_NAMES[script])
    assert problems(game) == []
    code = encode(game)
    assert len(code) <= MAX_CODE
    assert decode(code) == decode(encode(json.loads(json.dumps(game))))
    if script == "emoji":
        # Four bytes a character: no valid game is longer, and the limit is exactly this one.
        assert len(code) == MAX_CODE


def test_the_cli_links_the_largest_game():
    done = run(json.dumps(largest_game(LARGEST_NAMES["emoji"])).encode(), "--link")
    assert done.returncode == 0
    assert len(done.stdout.decode().strip()) == len("/r/") + MAX_CODE


def test_hostile_files_are_refused_alike_under_micropython(micropython_core):
    for data in (with_name("Eve\u202e"), with_name("a\u200db"), with_name("A\U000e0041"),
                 json.dumps(dict(RULEBOOK, mode="town-hall")).encode(), b"[" * 100_000):
        text = data.decode()
        assert micropython_core.score_json(text) == json.loads(score_json(text))


def test_the_largest_games_are_read_alike_under_micropython(micropython_core):
    for name in LARGEST_NAMES.values():
        # As the browser sends it: JSON.stringify writes emoji as they are. (MicroPython's json does not join
        # an escaped surrogate pair "\ud83d\ude00" into one character, so escaped emoji would count twice.)
        text = json.dumps(largest_game(name), ensure_ascii=False)
        answer = micropython_core.score_json(text)
        assert answer == json.loads(score_json(text))
        assert len(answer["code"]) <= MAX_CODE
        assert micropython_core.score_code_json(answer["code"])["game"]["players"][5]["name"] == name


GAME_FILE = str(examples.path("four-players"))


def scored_into(stdout) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "webscore.scoring", GAME_FILE], stdout=stdout,
                          stderr=subprocess.PIPE, check=False)


@pytest.mark.parametrize(("output", "reason"), [("full", "No space left on device"), ("broken", "Broken pipe")])
def test_an_output_that_takes_nothing_is_exit_2_with_a_line_saying_why(output, reason):
    if output == "full":
        with open("/dev/full", "wb") as full:
            done = scored_into(full)
    else:
        read, write = os.pipe()
        os.close(read)
        try:
            done = scored_into(write)
        finally:
            os.close(write)
    assert done.returncode == 2
    assert done.stderr.decode() == "cannot write the result: {}\n".format(reason)


def test_no_output_at_all_is_exit_2_with_a_line_saying_why():
    done = subprocess.run("exec {} -m webscore.scoring {} >&-".format(sys.executable, GAME_FILE), shell=True,
                          stderr=subprocess.PIPE, check=False)
    assert (done.returncode, done.stderr.decode()) == (2, "cannot write the result: standard output is closed\n")
