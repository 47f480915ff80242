"""A number and the word that follows it never part at a line's end: "32 ⏎ points" reads as two things.

Every counted (plural) message of the French and Hungarian catalogues puts a no-break space (U+00A0)
between its number placeholder and the next word, as the typography of both languages wants.
"""

import pathlib
import re

import pytest
from babel.messages.pofile import read_po

ROOT = pathlib.Path(__file__).resolve().parents[2]
# A count's placeholder followed by anything breakable: a plain space, or a narrow one a browser may break at.
BREAK_AFTER_NUMBER = re.compile(r"%\((?:num|total|count)\)[sd][ \t]")
# French "20 de points" (a count of a million or more): the "de" stays with both.
BREAK_IN_DE = re.compile(r"%\((?:num|total|count)\)[sd]\u00a0de ")


def counted_messages(lang: str):
    with (ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        catalogue = read_po(handle, locale=lang)
    return [message for message in catalogue if message.id and isinstance(message.string, tuple)]


@pytest.mark.parametrize("lang", ["fr", "hu"])
def test_no_counted_message_lets_its_number_part_from_its_word(lang):
    messages = counted_messages(lang)
    assert messages
    broken = [(message.id[0], form) for message in messages for form in message.string
              if BREAK_AFTER_NUMBER.search(form) or BREAK_IN_DE.search(form)]
    assert broken == []


def test_the_check_sees_a_plain_space_after_a_number():
    assert BREAK_AFTER_NUMBER.search("%(num)d cases vides")
    assert BREAK_AFTER_NUMBER.search("avec %(total)s points")
    assert not BREAK_AFTER_NUMBER.search("%(num)d\u00a0cases vides")
    assert not BREAK_AFTER_NUMBER.search("qui en a %(num)d")
    assert BREAK_IN_DE.search("%(total)s\u00a0de points")
