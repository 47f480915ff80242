"""Players remembered (issue 28): the setup offers the names of the games kept on this phone, most recent first,
one tap each, while a name is still to be typed."""

import json
import re

from playwright.sync_api import expect

# Two games kept on this phone, the newest first, as recent.mjs keeps them.
KEPT = [{"id": "b", "lang": "fr", "code": "B", "path": "/fr/r/B", "names": ["Zsófi", "Ben", "Anna"], "finished": True,
         "when": 2}, {"id": "a", "lang": "fr", "code": "A", "path": "/fr/r/A", "names": ["Anna", "Cleo"],
                      "finished": True, "when": 1}]


def test_recent_names_are_offered_and_seat_a_player_in_one_tap(tab, live_server):
    page = tab
    page.goto(live_server + "/fr/")
    page.evaluate("(kept) => localStorage.setItem('marquoir.games', kept)", json.dumps(KEPT))
    page.goto(live_server + "/fr/new")
    chips = page.get_by_role("group", name="Joueurs récents").get_by_role("button")
    expect(chips).to_have_text(["Zsófi", "Ben", "Anna", "Cleo"])
    chips.filter(has_text="Anna").click()
    expect(page.locator("#players-0")).to_have_value("Anna")
    # A name seated is offered no more; the next tap seats the next empty row.
    expect(chips).to_have_text(["Zsófi", "Ben", "Cleo"])
    chips.filter(has_text="Ben").click()
    expect(page.locator("#players-1")).to_have_value("Ben")
    # Every row named: nothing to fill, nothing offered, until a row is added.
    expect(page.locator(".recent-names")).to_be_hidden()
    page.wait_for_function("() => performance.getEntriesByName('marquoir:core-ready').length === 1")
    page.click("button[value=add]")
    expect(page.locator("#players-2")).to_be_visible()
    expect(chips).to_have_text(["Zsófi", "Cleo"])
    chips.filter(has_text="Zsófi").click()
    expect(page.locator("#players-2")).to_have_value("Zsófi")
    # What was seated is in the address, as typed names are: a reload keeps it.
    expect(page).to_have_url(re.compile(r"players-2=Zs%C3%B3fi(&|$)"))
    page.reload()
    expect(page.locator("#players-2")).to_have_value("Zsófi")


def test_a_phone_without_kept_games_offers_no_names(tab, live_server):
    page = tab
    page.goto(live_server + "/en/new")
    page.fill("#players-0", "Anna")
    expect(page.locator(".recent-names")).to_be_hidden()


def test_a_game_kept_in_one_language_opens_in_the_home_pages(tab, live_server):
    # The Hungarian home page linked the games kept from French pages to French pages (/fr/r/…).
    page = tab
    page.goto(live_server + "/hu/")
    kept = KEPT + [{"id": "c", "lang": "fr", "code": "C", "path": "/fr/g/C/2", "names": ["Ana"], "finished": False,
                    "when": 0}]
    page.evaluate("(kept) => localStorage.setItem('marquoir.games', kept)", json.dumps(kept))
    page.reload()
    links = page.locator(".recent-list li a")
    expect(links).to_have_count(3)
    assert [links.nth(i).get_attribute("href") for i in range(3)] == ["/hu/r/B", "/hu/r/A", "/hu/g/C/2"]
