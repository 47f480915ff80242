"""The language table (webscore/languages.py) and what a language needs beside its row: the two agree.

A catalogue without a row would never be served, and a row without a catalogue would serve English under another
language's name; a mistyped dictionary or Open Graph locale would be noticed by no page test. A row has no plural
column: a language's plural rule is Babel's (CLDR's) for its tag, and its catalogue's Plural-Forms header must agree,
for a counted message's form is chosen by that header (grammar.plural_forms asks it one count of each CLDR category).
"""

import gettext
import pathlib
import re
import subprocess
import sys

import pyphen
import pytest
from babel import Locale
from babel.messages.plurals import get_plural

from webscore.languages import DEFAULT
from webscore.languages import LANGUAGES
from webscore.languages import ROWS
from webscore.languages import TRANSLATED

ROOT = pathlib.Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "translations"
SCREENSHOTS = ROOT / "static" / "screenshots"


def test_every_catalogue_has_a_row_and_every_row_but_the_source_language_a_catalogue():
    catalogues = {path.parts[-3] for path in TRANSLATIONS.glob("*/LC_MESSAGES/messages.po")}
    assert catalogues == set(TRANSLATED)
    assert DEFAULT not in catalogues
    assert set(LANGUAGES) == set(TRANSLATED) | {DEFAULT}


def test_every_row_has_its_manifest_screenshots_and_every_screenshot_folder_a_row():
    assert {path.name for path in SCREENSHOTS.iterdir() if path.is_dir()} == set(LANGUAGES)
    for lang in LANGUAGES:
        assert (SCREENSHOTS / lang / "town.jpg").is_file() and (SCREENSHOTS / lang / "results.jpg").is_file(), lang


def test_the_tags_are_one_each_lowercase_and_known_to_babel():
    assert len(set(LANGUAGES)) == len(LANGUAGES)
    assert LANGUAGES[0] == DEFAULT
    for lang in LANGUAGES:
        assert re.fullmatch(r"[a-z]{2,3}", lang), lang
        assert str(Locale.parse(lang)) == lang


@pytest.mark.parametrize("row", ROWS, ids=lambda row: row.tag)
def test_a_row_names_its_language_in_itself(row):
    assert row.name[:1].isupper()
    assert row.name.casefold() == Locale.parse(row.tag).get_language_name(row.tag).casefold()


@pytest.mark.parametrize("row", ROWS, ids=lambda row: row.tag)
def test_a_rows_open_graph_locale_is_its_language_and_a_territory(row):
    assert re.fullmatch(r"[a-z]{2,3}_[A-Z]{2}", row.og_locale), row.og_locale
    locale = Locale.parse(row.og_locale)
    assert (locale.language, locale.territory) == (row.tag, row.og_locale[-2:])


@pytest.mark.parametrize("row", ROWS, ids=lambda row: row.tag)
def test_a_rows_hyphenation_dictionaries_are_pyphens_of_its_language(row):
    assert row.hyphenation
    for name in row.hyphenation:
        # Named exactly: Pyphen would fall back from a mistyped name to another dictionary, or to none.
        assert name in pyphen.LANGUAGES, name
        assert name.split("_")[0] == row.tag, name


@pytest.mark.parametrize("row", ROWS, ids=lambda row: row.tag)
def test_a_rows_number_grouping_is_a_cldr_minimum(row):
    assert row.minimum_grouping_digits in (1, 2, 3, 4)


def test_the_catalogue_script_updates_the_translated_languages_of_the_table():
    script = (TRANSLATIONS / "update.sh").read_text()
    command = re.search(r'^translated=\$\(python -c "(.*)"\)$', script, re.M).group(1)
    printed = subprocess.run([sys.executable, "-c", command], cwd=ROOT, check=True, capture_output=True, text=True)
    assert printed.stdout.split() == list(TRANSLATED)
    assert 'for lang in $translated; do' in script


# Counts enough to meet every form of the three languages' rules, and the millions French says apart.
PLURAL_COUNTS = list(range(0, 250)) + [1000, 100000, 1000000, 1000001, 2000000]


def plural_forms_header(lang: str) -> str:
    catalogue = (TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po").read_text()
    return re.search(r'^"Plural-Forms: (.*)\\n"$', catalogue, re.M).group(1)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_catalogues_plural_forms_are_babels_for_its_tag(lang):
    babel = get_plural(lang)
    assert plural_forms_header(lang) == "nplurals={}; plural={};".format(babel.num_plurals, babel.plural_expr)
    # As many forms as CLDR has categories for the tag ("other" is left out of Babel's tags, and every language has it).
    rule = Locale.parse(lang).plural_form
    assert babel.num_plurals == len(set(rule.tags) | {"other"})


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_catalogues_plural_forms_choose_one_form_per_cldr_category(lang):
    header = plural_forms_header(lang)
    choose = gettext.c2py(re.search(r"plural=(.*);$", header).group(1))
    rule = Locale.parse(lang).plural_form
    categories = {}
    for n in PLURAL_COUNTS:
        categories.setdefault(choose(n), set()).add(rule(n))
    assert all(len(found) == 1 for found in categories.values()), categories
    assert len({next(iter(found)) for found in categories.values()}) == len(categories)
