"""Card names broken inside a town's square only where their words may break (webscore/web/i18n/hyphens.py):
never at a word's first letter, after an apostrophe or a no-break space."""

import pytest

from support.apps import browser_words
from webscore.languages import LANGUAGES
from webscore.web.i18n.hyphens import SOFT_HYPHEN
from webscore.web.i18n.hyphens import hyphenated


@pytest.mark.parametrize(("lang", "name", "broken"), [
    ("fr", "Le\u00a0Métier à étoiles", "Le\u00a0Mé\u00adtier à étoiles"),
    ("en", "Architect's Guild", "Ar\u00adchi\u00adtect's Guild"),
    ("fr", "d’Opaleye", "d’Opa\u00adleye"),
])
def test_a_word_breaks_inside_never_at_its_start(lang, name, broken):
    assert hyphenated(lang, name) == broken


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_square_name_breaks_before_its_first_letter(client, lang):
    names = browser_words(client, lang)["square_cards"].values()
    assert [name for name in names if name.startswith(SOFT_HYPHEN) or any(
        separator + SOFT_HYPHEN in name for separator in (" ", "\u00a0", "\u202f", "'", "’", "-"))] == []
