"""A page the offline shell draws is the page the server draws: the same elements, attributes and words.

Each page is read online by a phone of its own (a served result is immutable: the offline phone's HTTP cache would
otherwise hand it back offline), then offline from the shell, and the parts both draw are compared as trees.
"""

import re

import pytest
from playwright.sync_api import expect

from support import examples
from support.browsing import WAIT
from support.browsing import forget
from support.phone import go_offline
from support.phone import go_online
from support.phone import install
from support.phone import offline_told
from support.tables import empty_setup
from support.tables import hand_in
from support.towns import town
from webscore.languages import LANGUAGES
from webscore.scoring import encode

# An element as a tree: its tag, its attributes (sorted), then its children; text with its spaces made single,
# and text that is only spaces left out (the server's templates indent, the script does not).
SHAPE = """(selector) => {
  const shape = (node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = node.textContent.replace(/\\s+/g, " ");
      return text.trim() ? text : null;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return null;
    const attributes = [...node.attributes].map((a) => [a.name, a.value]).sort();
    return [node.tagName.toLowerCase(), attributes, ...[...node.childNodes].map(shape).filter((c) => c !== null)];
  };
  // Text written in pieces reads as one (normalize() joins neighbouring text nodes of a copy).
  return [...document.querySelectorAll(selector)].map((element) => {
    const copy = element.cloneNode(true);
    copy.normalize();
    return shape(copy);
  });
}"""
RESULT_PARTS = (".ranking > li", "table.pad", "section.town-result", "form.turns", "main h1", "main h2",
                "main p.hint:not(.offline-note)", ".share a[data-bgstats]")
# A game with coins and Tiny Trees: Léa's Hollow Hill asks its swaps, every town its coins, and the seed is on the board.
FORTUNE = {"mode": "master-builder", "monuments": True, "cavern": False, "coins": True, "tiny_trees": True,
           "buildings": ["cottage", "root-cellar", "well", "chapel", "tavern", "theater", "factory"],
           "players": [{"name": "Léa", "monument": "hollow-hill", "coins": 2, "seed": "d4", "hollow_hill_swaps": 1,
                        "town": town("hollow-hill cottage root-cellar .", "cottage chapel . .", ". . . .", ". . . .")},
                       {"name": "Noé", "monument": None, "coins": 4, "seed": "a1",
                        "town": town("cottage well . .", ". . . .", ". . . .", ". . . .")}]}
GAMES = {"four-players": examples.FOUR_PLAYERS_CODE, "rulebook": examples.RULEBOOK_CODE,
         "tied": encode(examples.tied_game()), "fortune": encode(FORTUNE)}


def shapes(page, parts) -> dict:
    return {part: page.evaluate(SHAPE, part) for part in parts}


@pytest.fixture(scope="module")
def offline_phone(browser, live_server):
    context = browser.new_context()
    install(context.new_page(), live_server)
    go_offline(context)
    yield context
    context.close()


@pytest.fixture(scope="module")
def offline_tab(offline_phone):
    """One tab of the offline phone, which the tests open their addresses in, in turn: a new tab each time was a new
    renderer process each time, and as much CPU as the page it opened."""
    page = offline_phone.new_page()
    yield page
    page.close()


@pytest.fixture
def offline(offline_tab, live_server):
    """The offline phone's tab, its session storage cleared as a new tab's (a page opened by address, never by a
    reload or Back, reads nothing there anyway)."""
    if offline_tab.url.startswith(live_server):
        offline_tab.evaluate("sessionStorage.clear()")
    return offline_tab


@pytest.fixture(scope="module")
def online_phone(browser):
    """One phone with the network that reads every served page, without a service worker (as at a first visit)."""
    context = browser.new_context(service_workers="block")
    yield context.new_page()
    context.close()


@pytest.fixture
def served(online_phone, live_server):
    """The online phone, its last page left and its cookies and storage cleared as a fresh phone's."""
    online_phone.goto("about:blank")
    forget(online_phone, live_server)
    return online_phone


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_result_is_drawn_offline_as_the_server_draws_it(served, offline, live_server, lang, game):
    address = "{}/{}/r/{}".format(live_server, lang, GAMES[game])
    served.goto(address)
    parts = shapes(served, RESULT_PARTS)
    page = offline
    page.goto(address)
    page.wait_for_selector(".offline-note")
    assert shapes(page, RESULT_PARTS) == parts
    assert all(parts[part] for part in RESULT_PARTS[:3])
    # The game goes to BG Stats offline too: its link is drawn as the server draws it.
    assert parts[".share a[data-bgstats]"]


# A code whose check no longer matches; a code with a character no code has, a broken %-escape (kept as written).
BROKEN = {"check": "/r/" + examples.FOUR_PLAYERS_CODE[:-3] + "AAA", "escape": "/g/%ZZ/1"}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("broken", sorted(BROKEN))
def test_a_link_that_cannot_be_opened_is_said_offline_as_the_server_says_it(served, offline, live_server, lang, broken):
    address = "{}/{}{}".format(live_server, lang, BROKEN[broken])
    page = offline
    page.goto(address)
    page.wait_for_selector("#app .notice")
    drawn = page.evaluate(SHAPE, "#app .notice")
    # Drawn by the server as an error page (400), with its two ways on.
    response = served.goto(address)
    assert response.status == 400
    assert served.evaluate(SHAPE, "main .notice") == drawn
    assert [link[1] for link in drawn[0][-1][2:]] == [
        [["class", "button"], ["href", "/{}/".format(lang)]], [["class", "button"], ["href", "/{}/new".format(lang)]]]


@pytest.mark.parametrize("path", ["/fr/nothing-here", "/nothing-here", "/hu/r",
                                  "/en/g/{}/9".format(examples.FOUR_PLAYERS_CODE)])
def test_an_address_that_is_none_of_ours_is_not_found_offline_as_on_the_server(served, offline, offline_phone, live_server,
                                                                              path):
    page = offline
    page.goto(live_server + path)
    page.wait_for_selector("#app .notice")
    drawn = page.evaluate(SHAPE, "#app .notice")
    # In the same reader's language as the offline phone's (its language cookie), for the address that names none.
    served.context.add_cookies(offline_phone.cookies())
    assert served.goto(live_server + path).status == 404
    assert served.evaluate(SHAPE, "main .notice") == drawn


def test_the_shell_opened_at_its_own_address_says_there_is_no_page_there(browser, live_server):
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(live_server + "/hu/offline")
        expect(page.locator("#app .notice h1")).to_have_text("Az oldal nem található", timeout=WAIT)
        assert page.title() == "Az oldal nem található · Marquoir"
    finally:
        context.close()


@pytest.mark.parametrize("lang, title", [("en", "This page needs the network."), ("hu", "Ehhez az oldalhoz hálózat kell.")])
def test_a_page_that_needs_the_network_says_so_offline_and_offers_a_reload(offline, live_server, lang, title):
    page = offline
    page.goto("{}/{}/t/new?code={}".format(live_server, lang, examples.FOUR_PLAYERS_CODE))
    expect(page.locator("#app .notice h1")).to_have_text(title, timeout=WAIT)
    assert page.locator("#app .notice button[data-action=reload]").count() == 1
    assert page.locator("#app .notice a.button").evaluate_all("links => links.map((a) => a.getAttribute('href'))") == [
        "/{}/".format(lang), "/{}/new".format(lang)]


# The server's page holds its parts in <main>; the shell draws them into <div id="app"> there.
SERVED_TOWN, DRAWN_TOWN = "main > :not(script, template, #app)", "#app > *"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game, n", [("four-players", 1), ("four-players", 4), ("rulebook", 1), ("fortune", 1),
                                     ("fortune", 2)])
def test_a_town_step_is_drawn_offline_as_the_server_draws_it(served, offline, live_server, lang, game, n):
    address = "{}/{}/g/{}/{}".format(live_server, lang, GAMES[game], n)
    served.goto(address)
    town_drawn_offline_as_served(served, offline, address)


def town_drawn_offline_as_served(served, page, address):
    """Once the live score has answered on the served page (it holds its numbers from the start), open the same
    address offline in page and check the town is drawn the same; return the offline page."""
    served.wait_for_selector("form[data-live-total]")
    town = served.evaluate(SHAPE, SERVED_TOWN)
    page.goto(address)
    page.wait_for_selector("form[data-live-total]")
    assert page.evaluate(SHAPE, DRAWN_TOWN) == town
    return page


# Addresses no form of ours sends, and what the step says of each, in English and Hungarian: a square given twice,
# a button it does not have. A card that is none is named on its square, until the live score finds the square
# as the form now holds it (empty) answered, as on a town refused when saved.
ALTERED = {
    "square_a1=farm&square_a1=well&square_b1=cottage": ("This address gives square_a1 twice.",
                                                        "Ez a cím kétszer adja meg ezt: square_a1."),
    "square_a1=farm&go=banana": ("This address gives go a value this page does not know.",
                                 "Ez a cím olyan értéket ad ennek a mezőnek, amelyet ez az oldal nem ismer: go."),
    "square_a1=banana&square_b1=farm": None,
    # An answer given that saving refuses, named on its field as saving names it.
    "square_a1=warehouse&stored_a1=-1": ("Enter how many resources are stored, from 0 to 3.",
                                         "Add meg, hány nyersanyag van rajta tárolva (0–3)."),
}


@pytest.mark.parametrize("lang", ["en", "hu"])
@pytest.mark.parametrize("query", sorted(ALTERED))
def test_an_altered_town_address_is_refused_offline_as_the_server_refuses_it(served, offline, live_server, lang, query):
    address = "{}/{}/g/{}/1?{}".format(live_server, lang, GAMES["four-players"], query)
    assert served.goto(address).status == 422
    page = town_drawn_offline_as_served(served, offline, address)
    if ALTERED[query]:
        # Read without the soft hyphens a square's words may break at.
        assert [shown.replace("\u00ad", "") for shown in page.locator("#app .error").all_inner_texts()] == \
            [ALTERED[query][lang == "hu"]]


# What the table's page and its offline stand-in both show of each player: the name, isolated, the status, the total.
PLAYER_PARTS = ".table-player bdi, .table-player .table-status, .table-player .table-total"
# And the page around them: its heading, the players' heading, the result's button once the scores are shown.
TABLE_PARTS = "section.table > h1, section.table > h2:first-of-type, #table-result"


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_players_of_a_table_are_drawn_offline_as_the_server_draws_them(browser, live_server, lang):
    context = browser.new_context()
    try:
        page = context.new_page()
        install(page, live_server)
        page.goto("{}/{}/t/new?code={}".format(live_server, lang, encode(empty_setup(examples.tied_game()))))
        page.click("form[method=post] button[type=submit]")
        page.wait_for_url(re.compile(r".*/{}/t/[A-Za-z0-9_-]{{22,}}$".format(lang)))
        hand_in(page.url, examples.tied_game(), 1)
        expect(page.locator(".table-player[data-player='2'] .table-total")).not_to_be_empty(timeout=WAIT)
        table_id = page.url.rsplit("/", 1)[1]
        page.wait_for_function("""(id) => JSON.parse(localStorage.getItem('marquoir-table-state:' + id) || "null")
            ?.players?.[1]?.total !== null""", arg=table_id, timeout=WAIT)
        served = page.evaluate(SHAPE, PLAYER_PARTS)
        around = page.evaluate(SHAPE, TABLE_PARTS)
        go_offline(context)
        page.reload()
        offline_told(context, page)
        page.wait_for_selector(".table-offline")
        assert page.evaluate(SHAPE, PLAYER_PARTS) == served
        assert page.evaluate(SHAPE, TABLE_PARTS) == around
        assert [part[0] for part in around] == ["h1", "h2"]
        assert [part[0] for part in served[:3]] == ["bdi", "span", "span"]
    finally:
        go_online(context)
        context.close()
