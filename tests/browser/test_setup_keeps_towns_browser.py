"""Players edited by identity: towns entered stay with their players when the setup is changed (issue case 2).

Four friends enter Ana's and Bo's towns, go Back to the setup, remove Bo and enter the towns again: Ana's
town is still hers. The same from a town step's own button, in French, without going Back.
"""

import re
from urllib.parse import urlencode

from playwright.sync_api import expect

from support.browsing import CORE_READY
from support.phone import go_offline
from support.phone import install
from support.phone import slow_network
from support.phone import tap_town
from support.webflow import SETUP
from webscore.scoring import decode

ANA = ("cottage farm cottage .", ". . . .", ". . . .", ". . . .")
BO = ("well . . .", ". . . .", ". . . .", ". . . .")


def _set_up(page, base, lang, names):
    page.goto(base + "/{}/new".format(lang))
    page.wait_for_function(CORE_READY)
    for n, name in enumerate(names):
        if n >= 2:
            page.click("button[value=add]")
        page.fill("#players-{}".format(n), name)
    page.click("button[value=start]")
    page.wait_for_url("**/g/**/1")
    page.wait_for_selector("form.js-town[data-live-total]")


def _next(page, heading=None):
    """Tap "Next player" and wait until the next town answers its taps (its heading checked when given)."""
    page.click("button[value=next]")
    if heading:
        expect(page.locator("h1")).to_have_text(heading)
    page.wait_for_selector("form.js-town[data-live-total]")


def _town(url):
    return decode(re.search(r"/(?:g|r)/([A-Za-z0-9_-]+)", url).group(1))


def test_back_to_the_setup_and_a_player_removed_keeps_the_other_towns(tab, live_server):
    page = tab
    _set_up(page, live_server, "en", ["Ana", "Bo", "Cy"])
    tap_town(page, ANA)
    _next(page, "Town of Bo")
    tap_town(page, BO)
    _next(page, "Town of Cy")
    # Back, past the steps, to the setup: it is as it was left, and knows the towns entered since.
    for name in ("Town of Bo", "Town of Ana"):
        page.go_back()
        expect(page.locator("h1")).to_have_text(name)
    page.go_back()
    expect(page.locator("h1")).to_have_text("New game")
    page.wait_for_function(CORE_READY)
    page.get_by_role("button", name="Remove Bo").click()
    expect(page.locator("#players-1")).to_have_value("Cy")
    expect(page.locator("#players-2")).to_have_count(0)
    page.click("button[value=start]")
    page.wait_for_url("**/g/**/1")
    game = _town(page.url)
    assert [p["name"] for p in game["players"]] == ["Ana", "Cy"]
    assert game["players"][0]["town"][0] == ["cottage", "farm", "cottage", None]
    assert game["players"][1]["town"] == [[None] * 4 for _ in range(4)]
    # Two fed Cottages (6) and 13 empty squares (−13): not the −16 of an empty town.
    expect(page.locator(".running-total")).to_have_text("Running total: −7")


def test_a_town_step_button_opens_the_setup_with_every_town_kept(tab, live_server):
    page = tab
    _set_up(page, live_server, "fr", ["Ana", "Bo"])
    tap_town(page, ANA)
    _next(page)
    tap_town(page, BO)
    # Bo's town, not yet saved, is saved by the button that opens the setup.
    page.get_by_role("button", name="Modifier les joueurs ou les bâtiments").click()
    expect(page.locator("h1")).to_have_text("Nouvelle partie")
    page.wait_for_function(CORE_READY)
    # Bo moves up to play first; Cy joins.
    page.get_by_role("button", name="Remonter Bo").click()
    page.click("button[value=add]")
    page.fill("#players-2", "Cy")
    page.click("button[value=start]")
    page.wait_for_url("**/g/**/1")
    game = _town(page.url)
    assert [p["name"] for p in game["players"]] == ["Bo", "Ana", "Cy"]
    assert [p["town"][0] for p in game["players"]] == [
        ["well", None, None, None], ["cottage", "farm", "cottage", None], [None] * 4]


def test_a_town_typed_but_not_saved_follows_its_player_to_the_changed_setup(tab, live_server):
    page = tab
    _set_up(page, live_server, "en", ["Ann", "Bob", "Cat"])
    tap_town(page, ANA)
    _next(page, "Town of Bob")
    # Bob's town is typed, not saved; Back to the setup, Cat moves up to Bob's seat, Farm becomes Granary.
    tap_town(page, ("chapel . theater .", "farm . . .", ". . . .", ". . . ."))
    page.go_back()
    expect(page.locator("h1")).to_have_text("Town of Ann")
    page.go_back()
    expect(page.locator("h1")).to_have_text("New game")
    page.wait_for_function(CORE_READY)
    page.get_by_role("button", name="Move Cat up").click()
    expect(page.locator("#players-1")).to_have_value("Cat")
    page.click("details.chooser summary")
    page.get_by_role("radio", name="Granary").check()
    page.click("button[value=start]")
    page.wait_for_url("**/g/**/1")
    page.wait_for_selector("form.js-town[data-live-total]")
    page.click("button[value=next]")
    page.click("button[value=next]")
    expect(page.locator("h1")).to_have_text("Town of Bob")
    # His town as he left it, the Farm's square now the Granary's.
    for square, card in (("a1", "chapel"), ("c1", "theater"), ("a2", "granary"), ("b1", "")):
        expect(page.locator("#square_" + square)).to_have_value(card)


def test_offline_the_setup_opened_from_a_town_step_keeps_every_name_and_town(phone, live_server):
    page = phone.new_page()
    install(page, live_server)
    _set_up(page, live_server, "fr", ["Ana", "Bo"])
    tap_town(page, ANA)
    _next(page)
    tap_town(page, BO)
    go_offline(phone)
    # Drawn by the phone itself: the setup's blank page takes the address's names, seats and towns.
    page.get_by_role("button", name="Modifier les joueurs ou les bâtiments").click()
    expect(page.locator("h1")).to_have_text("Nouvelle partie")
    expect(page.locator("#players-0")).to_have_value("Ana")
    expect(page.locator("#players-1")).to_have_value("Bo")
    expect(page.locator("#origins-1")).to_have_value("1")
    kept = decode(page.input_value("input[name=towns]"))
    assert [p["town"][0] for p in kept["players"]] == [["cottage", "farm", "cottage", None], ["well", None, None, None]]


def _dora_joins(page):
    """From a Hungarian town step, open the setup by its button, add Dóra as the fourth player and start again."""
    page.get_by_role("button", name="Játékosok vagy épületek módosítása").click()
    expect(page.locator("h1")).to_have_text("Új játszma")
    page.wait_for_function(CORE_READY)
    page.click("button[value=add]")
    page.fill("#players-3", "Dóra")
    page.click("button[value=start]")

def test_a_game_changed_from_a_town_step_starts_again_at_that_town_and_stays_one_game(phone, live_server):
    # Three friends at 100 ms: Ana's town entered, then Cy's begun, when Dóra joins the table.
    page = phone.new_page()
    slow_network(page, 100)
    _set_up(page, live_server, "hu", ["Ana", "Bo", "Cy"])
    tap_town(page, ANA)
    _next(page, "Bo városa")
    _next(page, "Cy városa")
    tap_town(page, BO)
    _dora_joins(page)
    # Back where the table was: Cy's town, as she left it.
    page.wait_for_url("**/g/**/3")
    expect(page.locator("h1")).to_have_text("Cy városa")
    game = _town(page.url)
    assert [p["name"] for p in game["players"]] == ["Ana", "Bo", "Cy", "Dóra"]
    assert game["players"][2]["town"][0] == ["well", None, None, None]
    page.wait_for_selector("form.js-town[data-live-total]")
    # The home page lists the game once, with Dóra.
    page.goto(live_server + "/hu/")
    games = page.locator(".recent-list > li")
    expect(games).to_have_count(1)
    expect(games.first).to_contain_text("Dóra")


def test_the_setup_opens_from_a_town_whose_coins_and_seed_are_not_answered_and_the_town_comes_back(tab, live_server):
    # Coins and Tiny Trees: Ana's town has its buildings, its coins and seed not counted yet, when Dóra joins.
    page = tab
    page.goto(live_server + "/hu/new?" + urlencode(dict(SETUP, coins="y", tiny_trees="y")))
    page.wait_for_url("**/g/**/1")
    page.wait_for_selector("form.js-town[data-live-total]")
    tap_town(page, ANA)
    _dora_joins(page)
    page.wait_for_url("**/g/**/1?**")
    expect(page.locator("h1")).to_have_text("Ana városa")
    # Her town as she left it, still asking its coins.
    for square, card in (("a1", "cottage"), ("b1", "farm"), ("c1", "cottage"), ("d1", "")):
        expect(page.locator("#square_" + square)).to_have_value(card)
    expect(page.locator("#coins")).to_have_value("")
    assert [p["name"] for p in _town(page.url)["players"]] == ["Ana", "Bo", "Cy", "Dóra"]


# Storage that takes nothing written to it (full): the drafts are never kept.
DRAFTS_REFUSED = """
const setItem = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) {
  if (key === "marquoir.drafts") throw new DOMException("full", "QuotaExceededError");
  return setItem.call(this, key, value);
};
"""


def test_a_town_whose_draft_cannot_be_kept_asks_its_coins_before_the_setup_and_keeps_the_town(phone, live_server):
    # The phone's storage is full: the town typed is no draft, so going to the setup without its coins would lose it.
    page = phone.new_page()
    page.add_init_script(DRAFTS_REFUSED)
    page.goto(live_server + "/en/new?" + urlencode(dict(SETUP, coins="y")))
    page.wait_for_url("**/g/**/1")
    page.wait_for_selector("form.js-town[data-live-total]")
    tap_town(page, ANA)
    page.get_by_role("button", name="Change the players or buildings").click()
    expect(page.locator(".fact .error")).to_have_text("How many coins are in the chest, before any are spent at the end?")
    expect(page.locator("h1")).to_have_text("Town of Ana")
    for square, card in (("a1", "cottage"), ("b1", "farm"), ("c1", "cottage"), ("d1", "")):
        expect(page.locator("#square_" + square)).to_have_value(card)
