"""How a language counts, lists and writes numbers, from Babel's CLDR data, for the words given to the browser.

The browser words a count, a list and a number itself (the flow's text.py, under MicroPython): it is given each
counted message's forms by plural category (a message marked with plural_pair where it has its one home), the
category of every count it may show, the patterns that join a list and how whole numbers are grouped. Apart from
the catalogues' words (translating.py) because these are the language's rules, asked once per process.
"""

import functools

from babel import Locale
from babel.numbers import get_group_symbol
from flask_babel import get_translations

from ...languages import ROWS
from . import LANGUAGES
from . import current_language

# The browser picks a counted message's form by the count's category; every count the app shows (squares,
# buildings, points, changes waiting) is well below this.
COUNTS = 10000


def plural_categories(lang: str) -> dict:
    """Return the CLDR plural category of every count below COUNTS that is not "other", by Babel's rule."""
    return dict(_plural_categories(lang))


# Babel's rules are the same for a language in every app of a process: each is asked once per process (made
# per app, as the stores keep their values, asking it 2 x 10,000 times made a third of a new app's first page).
@functools.lru_cache(maxsize=len(LANGUAGES))
def _plural_categories(lang: str) -> dict:
    rule = Locale.parse(lang).plural_form
    categories = ((n, rule(n)) for n in range(COUNTS))
    return {str(n): category for n, category in categories if category != "other"}


def list_patterns(lang: str) -> dict:
    """Return how the language joins a list ("{0}, {1}", "{0} and {1}"), Babel's patterns for format_list."""
    return dict(Locale.parse(lang).list_patterns["standard"])


def plural_forms(singular: str, plural: str) -> dict:
    """Return a counted message's forms by CLDR plural category, with %(num)d left for the browser."""
    translations = get_translations()
    return {category: translations.ungettext(singular, plural, n) for category, n in _first_counts(current_language())}


@functools.lru_cache(maxsize=len(LANGUAGES))
def _first_counts(lang: str) -> tuple:
    """Return each CLDR plural category of a language with the first count that takes it, by Babel's rule (per
    process, as _plural_categories)."""
    rule = Locale.parse(lang).plural_form
    # Babel leaves "other" out of a rule's tags: every language has it.
    wanted = len(set(rule.tags) | {"other"})
    first = {}
    for n in list(range(0, 200)) + [1000000]:
        first.setdefault(rule(n), n)
        if len(first) == wanted:
            break
    return tuple(first.items())


def plural_pair(singular: str, plural: str) -> tuple:
    """Mark a counted message for extraction (keyword plural_pair:1,2); it is translated where used."""
    return singular, plural


# CLDR's minimumGroupingDigits, which the browser's Intl.NumberFormat follows and Babel does not (Hungarian
# leaves four-digit numbers whole: "7992", "12 345"), by the language table.
MINIMUM_GROUPING_DIGITS = {row.tag: row.minimum_grouping_digits for row in ROWS}
MINUS = "\u2212"


def number_words(lang: str) -> dict:
    """Return how a language writes whole numbers, for the flow's text.number, which writes every number shown.

    The group separator and the group size are Babel's; numbers from `grouped_from` on are grouped.
    """
    return {"minus": MINUS, "group": get_group_symbol(locale=lang),
            "grouping": Locale.parse(lang).decimal_formats[None].grouping[0],
            "grouped_from": 10 ** (2 + MINIMUM_GROUPING_DIGITS.get(lang, 1))}
