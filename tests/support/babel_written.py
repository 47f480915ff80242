"""How Babel writes a whole number and a list of names in a language: what the flow's text.number and text.name_list
are checked against (the app itself formats with the flow's functions alone)."""

from babel.lists import format_list
from babel.numbers import format_decimal

from webscore.languages import ROWS

# CLDR's minimumGroupingDigits, which Babel's format_decimal does not follow (Hungarian writes "7992", "12 345").
GROUPED_FROM = {row.tag: 10 ** (2 + row.minimum_grouping_digits) for row in ROWS}


def number(lang: str, value: int) -> str:
    """Return a whole number as Babel writes it in a language, grouped from its minimum grouping digits, with a true
    minus sign."""
    return format_decimal(value, locale=lang, group_separator=abs(value) >= GROUPED_FROM[lang]).replace("-", "\u2212")


def names(lang: str, listed: list) -> str:
    """Return names joined as Babel lists them in a language."""
    return format_list(listed, locale=lang)
