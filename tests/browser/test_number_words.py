"""The browser writes numbers, lists of names and reasons exactly as the server does, in every language."""

import pytest
from flask_babel import ngettext

from support import examples
from support.apps import new_app
from support.browsing import PHONE
from support.phone import go_offline
from support.phone import install
from webscore.languages import LANGUAGES
from webscore.web.i18n import labels

NUMBERS = [-12345, -1000, -3, 0, 7, 999, 1000, 7992, 9999, 10000, 12345, 1234567]
NAMES = [["Ana"], ["Ana", "Bo"], ["Farm c1", "Granary d2", "Orchard a4"], ["{1}", "$&", "{0}", "$'", "Zoé"]]
COUNTS = list(range(0, 130)) + [999, 1000, 1001, 9999]


def server_words(lang: str):
    """Return the server's numbers and lists for one language."""
    app = new_app()
    with app.test_request_context("/{}/".format(lang)):
        app.preprocess_request()
        return [labels.number(n) for n in NUMBERS], [labels.name_list(names) for names in NAMES]


@pytest.fixture(scope="module")
def scripts(browser):
    """One page whose words.mjs is asked, in each language's pad in turn."""
    context = browser.new_context(service_workers="block", **PHONE)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_words_module_formats_like_the_server(scripts, live_server, lang):
    page = scripts
    page.goto(live_server + "/{}/pad".format(lang))
    numbers, lists = page.evaluate("""async ([numbers, names]) => {
        const words = await import("/static/js/words.mjs");
        return [numbers.map(words.number), names.map(words.list)];
    }""", [NUMBERS, NAMES])
    assert (numbers, lists) == server_words(lang)
    assert all("-" not in text for text in numbers)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_counted_message_takes_the_form_babel_gives_the_count(scripts, live_server, lang):
    page = scripts
    page.goto(live_server + "/{}/pad".format(lang))
    shown = page.evaluate("""async (counts) => {
        const words = await import("/static/js/words.mjs");
        return counts.map((n) => words.counted(words.words.empties, n));
    }""", COUNTS)
    app = new_app()
    with app.test_request_context("/{}/".format(lang)):
        app.preprocess_request()
        expected = [ngettext("%(num)d empty square", "%(num)d empty squares", n) for n in COUNTS]
    assert shown == expected


def reasons(page):
    """Return each reason line of the result page (folded under its town: its text), from the dash on, whitespace
    made single."""
    page.wait_for_selector(".town-result .reasons li", state="attached")
    lines = page.locator(".town-result .reasons li").all_text_contents()
    return [" ".join(line.split()).partition(" — ")[2] for line in lines]


def test_offline_results_word_reasons_as_the_server_does(browser, phone, live_server):
    code = examples.FOUR_PLAYERS_CODE
    # Read online in a context of its own: a result page is immutable, so this phone's HTTP cache would
    # otherwise hand the served page back offline instead of the offline shell under test.
    online = browser.new_context()
    try:
        served_page = online.new_page()
        served_page.goto(live_server + "/fr/r/" + code)
        served = reasons(served_page)
    finally:
        online.close()
    # reasons() makes every space single and plain, the no-break one before the colon too.
    assert "nourri par : Ferme b4" in served and "nourrie par : Ferme c1" in served
    page = phone.new_page()
    install(page, live_server)
    go_offline(phone)
    page.goto(live_server + "/fr/r/" + code)
    page.wait_for_selector(".offline-note")
    assert reasons(page) == served
