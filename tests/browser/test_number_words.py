"""The browser writes numbers and lists of names exactly as the server does, in every language."""

import pytest

from webscore import create_app
from webscore.web import labels

NUMBERS = [-12345, -1000, -3, 0, 7, 999, 1000, 7992, 9999, 10000, 12345, 1234567]
NAMES = [["Ana"], ["Ana", "Bo"], ["Farm c1", "Granary d2", "Orchard a4"]]


def server_words(lang: str):
    """Return the server's numbers and lists for one language."""
    app = create_app({"TESTING": True})
    with app.test_request_context("/{}/".format(lang)):
        app.preprocess_request()
        return [labels.number(n) for n in NUMBERS], [labels.name_list(names) for names in NAMES]


@pytest.mark.parametrize("lang", ["en", "fr", "hu"])
def test_words_module_formats_like_the_server(phone, live_server, lang):
    page = phone.new_page()
    page.goto(live_server + "/{}/pad".format(lang))
    numbers, lists = page.evaluate("""async ([numbers, names]) => {
        const words = await import("/static/js/words.mjs");
        return [numbers.map(words.number), names.map(words.list)];
    }""", [NUMBERS, NAMES])
    assert (numbers, lists) == server_words(lang)
    assert all("-" not in text for text in numbers)
