"""The languages Marquoir speaks: one row each, read by the app, translations/update.sh, the screenshots and the tests.

Adding a language is a row here and its catalogue, translations/<tag>/LC_MESSAGES/messages.po (README, "Layout");
tests/web/test_language_table.py checks that the two agree. How a language writes numbers, lists and counted
words is Babel's (CLDR's), but for what a row says otherwise. A row has no plural column: the plural rule is Babel's
for the tag, and the catalogue's Plural-Forms header (as pybabel init writes it) must be the same rule, which
tests/web/test_language_table.py checks too.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Language:
    """A language of the pages, its words in translations/<tag>/ (English's are the code's own)."""

    # The address prefix, the lang attribute and the catalogue's folder: "en", "fr", "hu".
    tag: str
    # The language named in itself, for the language switch.
    name: str
    # Open Graph names a locale with its territory.
    og_locale: str
    # Pyphen's hyphenation dictionaries (LibreOffice's) for the names in a town's squares: a word the first
    # cannot break is broken by the next ("Alms-house" by British English's).
    hyphenation: tuple
    # CLDR's minimumGroupingDigits, which the browser's Intl.NumberFormat follows and Babel does not: at 2, four-digit
    # numbers stay whole ("7992", "12 345").
    minimum_grouping_digits: int = 1
    # The separator of the plays' CSV: a spreadsheet of the language opens a file with it in columns (";" where the
    # decimal mark is a comma).
    spreadsheet_separator: str = ","


ROWS = (
    # The site's English is British.
    Language("en", "English", "en_GB", ("en_US", "en_GB")),
    Language("fr", "Français", "fr_FR", ("fr",), spreadsheet_separator=";"),
    Language("hu", "Magyar", "hu_HU", ("hu_HU",), minimum_grouping_digits=2, spreadsheet_separator=";"),
)
# The source language: the code's messages are its words, so it has no catalogue.
DEFAULT = "en"
LANGUAGES = tuple(row.tag for row in ROWS)
# The languages with a catalogue, translated from the default.
TRANSLATED = tuple(tag for tag in LANGUAGES if tag != DEFAULT)
