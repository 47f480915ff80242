"""The browser writes numbers, lists of names and reasons exactly as Babel and the server do, in every language: with
the flow's pieces (webscore/flow/text.py under MicroPython, in the core's worker), never a formatter of its own."""

import json
import re

import pytest
from flask_babel import ngettext
from playwright.sync_api import expect

from support import babel_written
from support import examples
from support.apps import new_app
from support.browsing import PHONE
from support.browsing import WAIT
from support.phone import go_offline
from support.phone import install
from support.tables import empty_setup
from webscore.languages import LANGUAGES
from webscore.scoring import encode

NUMBERS = [-12345, -1000, -3, 0, 7, 999, 1000, 7992, 9999, 10000, 12345, 1234567]
NAMES = [["Ana"], ["Ana", "Bo"], ["Farm c1", "Granary d2", "Orchard a4"], ["{1}", "$&", "{0}", "$'", "Zoé"]]
COUNTS = list(range(0, 130)) + [999, 1000, 1001, 9999]


def server_words(lang: str):
    """Return the numbers and lists for one language as Babel writes them."""
    return [babel_written.number(lang, n) for n in NUMBERS], [babel_written.names(lang, names) for names in NAMES]


# The pieces asked with templates that hold nothing but what is tested: running_total's "%(num)s" is the number,
# table_town_lines' "%(names)s" the list, games_lines' counted message the count's form.
ASKED = """async ([numbers, names, counts]) => {
    const { words } = await import("/static/js/words.mjs");
    const core = await (await import("/static/js/core.mjs")).loadBrowserCore();
    const bare = { ...words, ui: { ...words.ui, running_total: "%(num)s" } };
    return [await Promise.all(numbers.map((total) => core.draw("running_total", { words: bare, scored: { total } }))),
        await Promise.all(names.map(async (list) => (await core.draw("table_town_lines", { words, text: {
            empty_end: "%(names)s", end_game_asked: "" }, empty: list })).empty)),
        await Promise.all(counts.map(async (n) => (await core.draw("games_lines", { words, texts: {
            delete_confirm: words.empties }, delete_count: n })).delete_confirm))];
}"""


@pytest.fixture(scope="module")
def scripts(browser):
    """One page whose core is asked, in each language's pad in turn."""
    context = browser.new_context(service_workers="block", **PHONE)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pieces_in_the_browser_format_like_the_server(scripts, live_server, lang):
    page = scripts
    page.goto(live_server + "/{}/pad".format(lang))
    numbers, lists, _ = page.evaluate(ASKED, [NUMBERS, NAMES, []])
    assert (numbers, lists) == server_words(lang)
    assert all("-" not in text for text in numbers)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_counted_message_takes_the_form_babel_gives_the_count(scripts, live_server, lang):
    page = scripts
    page.goto(live_server + "/{}/pad".format(lang))
    _, _, shown = page.evaluate(ASKED, [[], [], COUNTS])
    app = new_app()
    with app.test_request_context("/{}/".format(lang)):
        app.preprocess_request()
        # Babel's form for the count, the count written as the language writes numbers (1,000 in English, where
        # Babel's ngettext puts it in ungrouped).
        expected = [ngettext("%(num)d empty square", "%(num)d empty squares", n).replace(str(n), babel_written.number(lang, n), 1)
                    for n in COUNTS]
    assert shown == expected


FORMATTERS = ("number", "list", "fill", "pluralForm", "counted", "pair", "problemText")


def test_the_words_module_formats_nothing_itself(scripts, live_server):
    page = scripts
    page.goto(live_server + "/en/pad")
    exported = page.evaluate("""async () => Object.keys(await import("/static/js/words.mjs"))""")
    assert not set(FORMATTERS) & set(exported)


# A total a table's state gives, grouped in both languages: its minus and its group as each writes them (Babel's:
# a narrow no-break space in French, a no-break space in Hungarian, which groups from five digits).
WRITTEN = {"fr": "\u221212\u202f345 points", "hu": "\u221212\u00a0345 pont"}
# The same total where it is the least the town makes, until the town on its right is handed in (table_view's "least").
AT_LEAST = {"fr": "Terminée · au moins {}", "hu": "Kész · legalább {}"}


@pytest.mark.parametrize("lang", sorted(WRITTEN))
def test_a_tables_sum_is_the_flows_text(phone, live_server, lang):
    """The table's page writes each player's sum as the flow's piece does (table_pieces.table_news), in the
    page's language: a negative number, grouped, as Babel writes it, and as the server's page does; "at least" where
    the state says it is the least the town makes."""
    page = phone.new_page()
    page.goto(live_server + "/en/t/new?code=" + encode(empty_setup(examples.load("four-players"))))
    page.click("text=Open the table")
    page.wait_for_url(re.compile(r".*/en/t/[A-Za-z0-9_-]{22,}$"))
    table = page.url.replace("/en/t/", "/{}/t/".format(lang))

    def negative(route):
        state = json.loads(route.fetch().text())
        state["players"][0].update(status="done", total=-12345, least=True)
        route.fulfill(status=200, content_type="application/json", body=json.dumps(state))

    page.route(re.compile(r"/state$"), negative)
    page.goto(table)
    expect(page.locator('.table-player[data-player="1"] .table-total')).to_have_text(WRITTEN[lang], timeout=WAIT)
    expect(page.locator('.table-player[data-player="1"] .table-said')).to_have_text(AT_LEAST[lang].format(WRITTEN[lang]))
    assert babel_written.number(lang, -12345) == WRITTEN[lang].rpartition(" ")[0]


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
