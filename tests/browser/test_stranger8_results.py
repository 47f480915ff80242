"""A stranger on a phone, in French and Hungarian: hostile names, a tie, reloads, second tabs, Back and Forward."""

import copy
import re

from support import examples
from support.phone import CORE_START_MS
from support.phone import go_offline
from support.phone import install
from support.phone import tap_town
from webscore.scoring import encode

NAMES = ["<b>Zoé</b>", "\"'&amp;", "שלום 🎲"]
# Each town: 3 fed Cottages (9) + Chapel (3) + Well (0) - 10 empty squares = 2 points, so all three tie.
TOWN = ("cottage cottage farm .", "cottage chapel well .", ". . . .", ". . . .")


def whole(page) -> str:
    """Return the page as the browser holds it."""
    return page.evaluate("document.documentElement.outerHTML")


def ranking(page) -> str:
    """Return the words of the ranking, on one line."""
    return re.sub(r"\s+", " ", page.locator(".ranking").inner_text()).strip()


def see_scores(page):
    """Press "See the scores", answering yes when towns look unfinished."""
    page.click("button[value=results]")
    if page.locator(".confirm button[value=results]").count():
        page.click(".confirm button[value=results]")
    page.wait_for_url("**/r/**")


def play_tied_game(page, base, lang):
    """Set up three hostile names in lang, enter three equal towns, and open the result page."""
    page.goto("{}/{}/new".format(base, lang))
    page.fill("#players-0", NAMES[0])
    page.fill("#players-1", NAMES[1])
    page.click("button[value=add]")
    page.fill("#players-2", NAMES[2])
    page.click("button[value=start]")
    page.wait_for_url("**/g/**/1")
    for n in range(3):
        tap_town(page, TOWN)
        if n < 2:
            page.click("button[value=next]")
            page.wait_for_url("**/g/**/{}".format(n + 2))
        else:
            see_scores(page)


def test_a_french_result_is_the_same_page_however_it_is_reached(phone, live_server):
    page = phone.new_page()
    play_tied_game(page, live_server, "fr")
    address = page.url
    assert "/fr/r/" in address
    reached = whole(page)
    tie = "2 points place partagée Pour départager cette égalité, indiquez combien de tours chacun a été Maître d’œuvre."
    assert ranking(page) == " ".join("1 {} {}".format(name, tie) for name in NAMES)
    page.reload()
    assert whole(page) == reached
    other = phone.new_page()
    other.goto(address)
    assert whole(other) == reached
    other.close()
    # Change the second town: a new address; Back walks to the old result, unchanged.
    page.locator("a", has_text="Modifier cette bourgade").nth(1).click()
    page.wait_for_url("**/g/**/2")
    page.click(".tool[data-card='cottage']")
    page.click(".square[data-square='d1']")
    page.click("button[value=next]")
    page.wait_for_url("**/g/**/3")
    see_scores(page)
    changed = page.url
    assert changed != address
    assert ranking(page).startswith("1 \"'&amp; 7 points 2 <b>Zoé</b> 2 points place partagée")
    while page.url != address:
        page.go_back()
    assert whole(page) == reached
    while page.url != changed:
        page.go_forward()
    page.click("a[hreflang=hu]")
    page.wait_for_url("**/hu/r/**")
    assert ranking(page).startswith("1 \"'&amp; 7 pont 2 <b>Zoé</b> 2 pont megosztott helyezés")
    page.go_back()
    assert page.url == changed
    assert ranking(page).startswith("1 \"'&amp; 7 points")


def test_a_result_drawn_offline_shows_no_stray_word(phone, live_server):
    """Drawn on the phone without network, a game with no tie left shows no stray "null" after its ranking."""
    code = examples.FOUR_PLAYERS_CODE
    page = phone.new_page()
    install(page, live_server)
    go_offline(phone)
    page.goto(live_server + "/hu/r/" + code)
    page.wait_for_selector(".ranking li", timeout=CORE_START_MS)
    assert page.locator(".offline-note").count() == 1
    assert page.locator(".ranking").inner_text().split() == ["1", "Annabell", "36", "pont", "2", "Csongork", "33", "pont",
                                                             "3", "Bernadet", "28", "pont", "4", "Dominika", "27", "pont"]
    # Text lying loose in the page, outside any paragraph, heading or list: none is meant to be there.
    loose = page.evaluate("""() => [...document.querySelectorAll("main, main section, main div")]
      .flatMap((node) => [...node.childNodes]).filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent.trim()).filter(Boolean)""")
    assert loose == []
    assert "null" not in page.locator("main").inner_text()


def tied_code() -> str:
    """Return the code of three hostile names tied on 2 points, Master Builder turns not yet given."""
    game = copy.deepcopy(examples.load("four-players"))
    game["monuments"] = False
    game["buildings"] = ["cottage", "farm", "well", "chapel", "tavern", "theater", "factory"]
    rows = [[None if card == "." else card for card in row.split()] for row in TOWN]
    game["players"] = [{"name": name, "monument": None, "town": copy.deepcopy(rows)} for name in NAMES]
    return encode(game)


def test_turns_refused_offline_keep_what_was_typed(phone, live_server):
    """Offline, a refused tie-break shows its message and keeps every number typed, as the server's page does."""
    page = phone.new_page()
    install(page, live_server)
    go_offline(phone)
    page.goto("{}/fr/r/{}".format(live_server, tied_code()))
    page.wait_for_selector("form.turns", timeout=CORE_START_MS)
    page.fill("#turns-1", "1000")
    page.fill("#turns-2", "1")
    page.fill("#turns-3", "2")
    page.click("form.turns button[type=submit]")
    page.wait_for_url("**/turns?**")
    page.wait_for_selector("form.turns .error", timeout=CORE_START_MS)
    assert page.locator("form.turns .error").inner_text() == "Indiquez un nombre de tours entre 0 et 999."
    assert [page.input_value("#turns-{}".format(n)) for n in (1, 2, 3)] == ["1000", "1", "2"]
