"""A number and the word that follows it never part at a line's end: "32 ⏎ points" reads as two things.

Every counted (plural) message of the catalogues (French, Hungarian) puts a no-break space (U+00A0)
between its number placeholder and the next word, as the typography of those languages wants.
"""

import pathlib
import re

import pytest
from babel.messages.pofile import read_po

from webscore.languages import TRANSLATED

ROOT = pathlib.Path(__file__).resolve().parents[2]
# A count's placeholder followed by anything breakable: a plain space, or a narrow one a browser may break at.
BREAK_AFTER_NUMBER = re.compile(r"%\((?:num|total|count)\)[sd][ \t]")
# French "20 de points" (a count of a million or more): the "de" stays with both.
BREAK_IN_DE = re.compile(r"%\((?:num|total|count)\)[sd]\u00a0de ")


def counted_messages(lang: str):
    with (ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        catalogue = read_po(handle, locale=lang)
    return [message for message in catalogue if message.id and isinstance(message.string, tuple)]


@pytest.mark.parametrize("lang", TRANSLATED)
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


# Any message: a written number (or a count's placeholder) and the word after it, parted by a plain space.
BREAK_AFTER_WRITTEN_NUMBER = re.compile(r"(?<![\w.,:/%-])(?:\d+|%\((?:num|count|total|low|high)\)[sd]) (?=[^\W\d_])")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_message_lets_a_written_number_part_from_the_word_after_it(lang):
    # "les 8 ⏎ cases", "48 ⏎ óráig": the card chooser and a gone table's page broke there at 360 px.
    with (ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        catalogue = read_po(handle, locale=lang)
    texts = [(message.id, form) for message in catalogue if message.id
             for form in (message.string if isinstance(message.string, tuple) else (message.string,))]
    assert [(key, text) for key, text in texts if BREAK_AFTER_WRITTEN_NUMBER.search(text)] == []


def test_the_check_sees_a_written_number_before_its_word():
    assert BREAK_AFTER_WRITTEN_NUMBER.search("des 8 cases qui l’entourent")
    assert BREAK_AFTER_WRITTEN_NUMBER.search("48 óráig")
    assert not BREAK_AFTER_WRITTEN_NUMBER.search("des 8\u00a0cases")
    assert not BREAK_AFTER_WRITTEN_NUMBER.search("a1 et b2 sont")
