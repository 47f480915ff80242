"""Emoji joined by ZERO WIDTH JOINER, and the flags written with tags, are welcome in names; a joiner or a tag
anywhere else is still refused."""

import json
import shutil
import subprocess

import pytest

from support import examples
from webscore.scoring import score_json
from webscore.scoring.emoji import PICTOGRAPHIC_RANGES
from webscore.scoring.names import MAX_NAME
from webscore.scoring.validate import problems

ZWJ = "\u200d"
JOINED = [
    "\U0001f468\u200d\U0001f469\u200d\U0001f467",  # family: man, woman, girl
    "\U0001f9d1\u200d\U0001f33e Ana",  # farmer, then a name
    "\U0001f3f3\ufe0f\u200d\U0001f308",  # rainbow flag: white flag, variation selector, rainbow
    "\u2764\ufe0f\u200d\U0001f525",  # heart on fire
    "\U0001f469\U0001f3fd\u200d\U0001f4bb",  # technologist with a skin tone
    "\U0001f3c3\u200d\u2640\ufe0f",  # woman running
    "\U0001f408\u200d\u2b1b",  # black cat
    "\U0001f441\ufe0f\u200d\U0001f5e8\ufe0f",  # eye in speech bubble
    "\U0001faf1\U0001f3fb\u200d\U0001faf2\U0001f3fc",  # handshake, two skin tones
    "Bo \U0001f9d1\u200d\U0001f373",  # a name, then a cook
]
SCOTLAND = "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
STRAY_TAGS = [SCOTLAND[:-1], SCOTLAND[:-1] + "x", "A" + SCOTLAND[1:], "\U000e007f", "\U0001f3f4\U000e007f",
              "\U0001f3f4\U000e0067\U000e007f\U000e007f", "\U0001f600" + SCOTLAND[1:]]
STRAY = [
    ZWJ + "Ana", "Ana" + ZWJ, "A" + ZWJ + "na", "\u0915\u094d" + ZWJ + "\u0937",  # start, end, between letters
    "\U0001f600" + ZWJ, ZWJ + "\U0001f600", "\U0001f600" + ZWJ + "A", "A" + ZWJ + "\U0001f600",
    "\U0001f468" + ZWJ + ZWJ + "\U0001f469",  # doubled
    "\U0001f468\u200c\U0001f469",  # a non-joiner is no part of an emoji
    "\ufe0f" + ZWJ + "\U0001f600", "\U0001f3fb" + ZWJ + "\U0001f600",  # a selector or a skin tone alone
    "\U0001f468" + ZWJ + "\u200b\U0001f469",
]


def named(name: str) -> dict:
    game = examples.load("rulebook-28")
    game["players"][0]["name"] = name
    return game


def codes(name: str) -> list:
    return [item["code"] for item in problems(named(name)) if item["player"] == 0]


@pytest.mark.parametrize("name", JOINED)
def test_emoji_joined_by_zero_width_joiners_are_welcome(name):
    assert codes(name) == []


@pytest.mark.parametrize("name", STRAY)
def test_a_joiner_outside_an_emoji_sequence_is_refused(name):
    assert codes(name) == ["name-format-character"]


def test_each_part_of_a_joined_emoji_counts_toward_the_limit():
    family = JOINED[0]
    assert len(family) == 5
    assert codes(family * 4 + "Ana1") == []
    assert len(family * 4 + "Ana1") == MAX_NAME
    assert codes(family * 5) == ["name-too-long"]


@pytest.mark.parametrize("name", JOINED + STRAY)
def test_micropython_judges_joined_names_alike(micropython_core, name):
    # As the browser sends it: JSON.stringify writes an emoji as itself, MicroPython's json would read the
    # escaped surrogate pair Python writes as two lone surrogates.
    text = json.dumps(named(name), ensure_ascii=False)
    assert micropython_core.score_json(text) == json.loads(score_json(text))


def test_the_pictographic_ranges_are_unicodes_extended_pictographic():
    # CPython's unicodedata has no emoji properties; Node's regular expressions do (ICU).
    script = """
    const re = /\\p{Extended_Pictographic}/u; const found = []; let start = -1;
    for (let c = 0; c <= 0x110000; c++) {
      const yes = c <= 0x10ffff && re.test(String.fromCodePoint(c));
      if (yes && start < 0) start = c;
      if (!yes && start >= 0) { found.push([start, c - 1]); start = -1; }
    }
    console.log(JSON.stringify(found));
    """
    node = shutil.which("node")
    assert node, "Node.js is needed (apt-get install nodejs)"
    answer = subprocess.run([node, "-e", script], capture_output=True, text=True, check=True)
    assert [list(pair) for pair in PICTOGRAPHIC_RANGES] == json.loads(answer.stdout)


@pytest.mark.parametrize("name", [SCOTLAND, "Ana " + SCOTLAND, SCOTLAND + SCOTLAND])
def test_the_flags_written_with_tags_are_welcome(name):
    assert codes(name) == []


@pytest.mark.parametrize("name", STRAY_TAGS)
def test_a_tag_outside_a_flag_is_refused(name):
    assert codes(name) == ["name-format-character"]


@pytest.mark.parametrize("name", [SCOTLAND] + STRAY_TAGS)
def test_micropython_judges_flags_alike(micropython_core, name):
    text = json.dumps(named(name), ensure_ascii=False)
    assert micropython_core.score_json(text) == json.loads(score_json(text))
