"""A counted message writes its number as the language writes it, whatever piece says it: a stranger imported 1,234
games into "Your games" and read "1234 parties ajoutées." under a count of "1 234 parties" (issue 49)."""

import pytest

from support.apps import new_app
from webscore.flow import history_pieces
from webscore.flow import table_pieces
from webscore.web.i18n.history_words import history_words
from webscore.web.i18n.table_words import table_words
from webscore.web.i18n.words import words as browser_words


def page_words(lang: str):
    app = new_app()
    with app.test_request_context("/{}/".format(lang)):
        app.preprocess_request()
        return browser_words(), history_words(), table_words()


@pytest.mark.parametrize(("lang", "imported", "deleted"), [
    ("en", "1,234 games added.", "1,234"),
    # French groups with a narrow no-break space; Hungarian groups from 10,000 only, with a no-break space.
    ("fr", "1\u202f234\u00a0parties ajoutées.", "1\u202f234\u00a0parties"),
    ("hu", "1234\u00a0játszma hozzáadva.", "1234"),
])
def test_the_games_page_writes_its_counts_as_the_language_does(lang, imported, deleted):
    words, texts, _ = page_words(lang)
    lines = history_pieces.games_lines(words, texts, imported=1234, delete_count=1234)
    assert lines["imported"] == imported
    assert deleted in lines["delete_confirm"]


@pytest.mark.parametrize(("lang", "said"), [("en", "12,345 changes waiting to be sent."),
                                            ("fr", "12\u202f345\u00a0modifications en attente d’envoi."),
                                            ("hu", "12\u00a0345\u00a0módosítás elküldésre vár.")])
def test_a_tables_waiting_changes_are_counted_as_the_language_writes_them(lang, said):
    words, _, text = page_words(lang)
    assert table_pieces.table_town_lines(words, text, status={"waiting": 12345})["status"].endswith(said)
