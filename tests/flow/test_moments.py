"""A moment (a game's day, a save's time) is written by the flow from the phone's clock, by Babel's pattern of the
page's language (issue 49), where the scripts wrote it with Intl.DateTimeFormat: the same text Chromium wrote, but
English's AM and PM now kept to their time by a narrow no-break space, as Babel's patterns write them."""

import html
import json
import re

import pytest

from support.apps import new_app
from webscore.flow import moments
from webscore.languages import LANGUAGES
from webscore.web.i18n.words import words as browser_words

MORNING = [2026, 12, 5, 9, 45, 7]
EVENING = [2026, 1, 5, 21, 5, 7]


def page_words(lang: str) -> dict:
    app = new_app()
    with app.test_request_context("/{}/".format(lang)):
        app.preprocess_request()
        return json.loads(json.dumps(browser_words()))


@pytest.mark.parametrize(("lang", "day", "time", "day_time"), [
    ("en", "Dec 5, 2026", "9:05:07\u202fPM", "Jan 5, 2026, 9:05\u202fPM"),
    ("fr", "5 déc. 2026", "21:05:07", "5 janv. 2026, 21:05"),
    ("hu", "2026. dec. 5.", "21:05:07", "2026. jan. 5. 21:05"),
])
def test_a_moment_is_written_as_the_language_writes_it(lang, day, time, day_time):
    words = page_words(lang)
    assert moments.moments(words, "day", [MORNING]) == [day]
    assert moments.moment(words, "time", EVENING) == time
    assert moments.moment(words, "day_time", EVENING) == day_time


@pytest.mark.parametrize(("lang", "said"), [("en", "Dec 5, 2026, 9:45\u202fAM"), ("fr", "5 déc. 2026, 09:45"),
                                            ("hu", "2026. dec. 5. 9:45")])
def test_a_morning_keeps_its_hours_as_the_language_writes_them(lang, said):
    assert moments.moment(page_words(lang), "day_time", MORNING) == said


def test_midnight_and_noon_on_a_twelve_hour_clock_are_twelve():
    words = page_words("en")
    assert moments.moment(words, "time", [2026, 1, 1, 0, 0, 0]) == "12:00:00\u202fAM"
    assert moments.moment(words, "time", [2026, 1, 1, 12, 0, 0]) == "12:00:00\u202fPM"


def test_a_pattern_s_quoted_text_stands_as_it_is():
    assert moments.pattern_parts("d 'de' MMM, h'h' ''") == [
        ["d", 1], [" de ", 0], ["M", 3], [", ", 0], ["h", 1], ["h '", 0]]


def filled(slots: str, clock: list) -> str:
    """What home.js makes of the slots: each filled by its texts at the clock part's value, or the value itself."""
    def slot(found):
        value = clock[int(found.group(1))]
        return json.loads(html.unescape(found.group(2)))[value] if found.group(2) else str(value)
    return html.unescape(re.sub(r'<span data-clock="(\d)"(?: data-texts="([^"]*)")?></span>', slot, slots))


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("clock", [MORNING, EVENING, [2027, 2, 28, 0, 0, 59], [2030, 10, 31, 12, 59, 0]])
def test_a_moment_s_slots_filled_by_the_clock_read_as_the_moment(lang, clock):
    words = page_words(lang)
    assert filled(moments.moment_slots(words, "day_time"), clock) == moments.moment(words, "day_time", clock)
