"""Card names with soft hyphens where their words may break inside a town's square.

A square is a quarter of a phone's width: "Boulangerie", "Kereskedőház" or "Greenhouse" do not fit on one
line there, and a browser without hyphenation dictionaries (Chromium on Linux, for one) breaks them at any
letter. Pyphen's hyphenation dictionaries (LibreOffice's, for each of our languages) give where a word may
break; the browser then breaks it only there, with a hyphen shown. The names elsewhere stay as they are.
"""

import functools
import re

import pyphen

from ...flow.text import SOFT_HYPHEN
from ...languages import ROWS

# What parts a word into words that break on their own: apostrophes and the no-break spaces.
SEPARATORS = "(['’\u00a0\u202f])"
# A word the first dictionary cannot break is broken by the next ("Alms-house" by British English's).
DICTIONARIES = {row.tag: row.hyphenation for row in ROWS}


@functools.cache
def _dictionaries(lang: str) -> tuple:
    return tuple(pyphen.Pyphen(lang=name) for name in DICTIONARIES[lang])


def load_dictionaries() -> None:
    """Read every language's dictionaries now: Hungarian's takes most of a second, which the first Hungarian
    page of each worker would otherwise wait (the fuzzer's only answer over 1 s)."""
    for lang in DICTIONARIES:
        _dictionaries(lang)


def _inserted(lang: str, part: str) -> str:
    for dictionary in _dictionaries(lang):
        if dictionary.positions(part):
            return dictionary.inserted(part, hyphen=SOFT_HYPHEN)
    return part


def _word(lang: str, word: str) -> str:
    # Each part around an apostrophe or a no-break space is a word of its own: "Architect's", "d’Opaleye" break as
    # "Ar-chi-tect's", "d’Opa-leye", never "Architec-t's"; "Le Métier" (a no-break space) as "Le Mé-tier", never
    # with a break before the M.
    parts = re.split(SEPARATORS, word)
    broken = "".join(part if re.fullmatch(SEPARATORS, part) else _inserted(lang, part) for part in parts)
    # A word may already break after its own hyphen ("Barrett-vár"): no second one there.
    return broken.replace("-" + SOFT_HYPHEN, "-")


# The same few names and reminders, for every app of a process (the tests make thousands): made once each.
@functools.lru_cache(maxsize=4096)
def hyphenated(lang: str, text: str, longest_whole: int = 0) -> str:
    """Return text with a soft hyphen wherever the language lets each of its words break, but in the words of
    longest_whole letters or fewer: those that fit a line as they are, so a line breaks between words first."""
    return " ".join(word if len(word) <= longest_whole else _word(lang, word) for word in text.split(" "))
