"""A moment written in the page's language by Babel's own pattern for it (words["dates"], given by the server):
a day ("Dec 5, 2026"), a time ("9:45:12 AM"), or both. The phone reads its clock's parts, in its own time zone,
as [year, month, day, hour, minute, second]; the writing is here alone, on the server and under MicroPython.
"""

import json

from .text import escape

# Which of the clock's parts a pattern's letter writes.
CLOCK = {"y": 0, "M": 1, "L": 1, "d": 2, "h": 3, "H": 3, "a": 3, "m": 4, "s": 5}
# The values each clock part takes, for a page that writes a moment without the core (moment_slots).
VALUES = (None, range(13), range(32), range(24), range(60), range(60))


def pattern_parts(pattern: str) -> list:
    """Return a Babel pattern's parts, in order: [text, 0] for text written as it stands ('quoted' too), and
    [letter, count] for a field ("MMM": ["M", 3])."""
    parts = []
    at = 0
    while at < len(pattern):
        char = pattern[at]
        if "a" <= char.lower() <= "z":
            end = at
            while end < len(pattern) and pattern[end] == char:
                end += 1
            parts.append([char, end - at])
            at = end
            continue
        if char == "'":
            end = pattern.find("'", at + 1)
            end = len(pattern) if end < 0 else end
            text = "'" if end == at + 1 else pattern[at + 1:end]
            at = end + 1
        else:
            text = char
            at += 1
        if parts and parts[-1][1] == 0:
            parts[-1][0] += text
        else:
            parts.append([text, 0])
    return parts


def field_text(dates: dict, letter: str, count: int, value: int) -> str:
    """Return a pattern's field written for its clock part's value: a month's name, a half of the day, digits."""
    if letter in "ML" and count >= 3:
        return dates["months"][value - 1]
    if letter == "a":
        return dates["periods"][0 if value < 12 else 1]
    if letter == "h":
        value = value % 12 or 12
    if letter == "y" and count == 2:
        value %= 100
    digits = str(value)
    return "0" * (count - len(digits)) + digits if letter != "y" or count == 2 else digits


def moment(words: dict, kind: str, clock: list) -> str:
    """Return a moment written by the language's pattern of its kind ("day", "time" or "day_time"), from its clock's
    parts."""
    dates = words["dates"]
    return "".join(part if count == 0 else field_text(dates, part, count, clock[CLOCK[part]])
                   for part, count in pattern_parts(dates[kind]))


def moments(words: dict, kind: str, clocks: list) -> list:
    """Return moments of a kind, each from its clock's parts: what a page writes in its <time> elements."""
    return [moment(words, kind, clock) for clock in clocks]


def moment_slots(words: dict, kind: str) -> str:
    """Return a moment's pattern as HTML for a page without the core (home.js): its text as it stands, each field a
    slot naming its clock part (data-clock) and giving that field written for each value the part takes
    (data-texts, by the value); the year's slot, none: its digits stand as they are."""
    dates = words["dates"]
    html = []
    for part, count in pattern_parts(dates[kind]):
        if count == 0:
            html.append(escape(part))
            continue
        at = CLOCK[part]
        texts = "" if VALUES[at] is None else ' data-texts="{}"'.format(escape(json.dumps(
            [field_text(dates, part, count, value) if value or at >= 3 else "" for value in VALUES[at]],
            ensure_ascii=False)))
        html.append('<span data-clock="{}"{}></span>'.format(at, texts))
    return "".join(html)
