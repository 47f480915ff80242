"""Whole games in Debian's Chromium on a phone-sized screen, with and without JavaScript."""

import re

from playwright.sync_api import expect

from support.browsing import HOLD_CORE
from support.browsing import WAIT
from support.examples import FOUR_PLAYERS_CODE
from support.phone import EXPECTED
from support.phone import play
from support.phone import read_results
from support.phone import select_town
from support.phone import set_up
from support.phone import tap_town
from support.webflow import code_of
from webscore.scoring import decode
from webscore.scoring import score


def test_whole_game_with_tap_to_place(tab, live_server):
    page = tab
    results = play(page, live_server, tap_town)
    assert results == EXPECTED
    server = score(decode(code_of(page.url)))["players"]
    assert [p["total"] for p in server] == [20, -5, 8]


def test_whole_game_without_javascript(phone_without_js, live_server):
    page = phone_without_js.new_page()
    assert play(page, live_server, select_town) == EXPECTED


def test_shared_link_in_a_fresh_context_shows_the_same_totals(browser, tab, live_server):
    page = tab
    play(page, live_server, tap_town)
    link = page.locator(".share-url").input_value()
    assert link == live_server + "/r/" + code_of(page.url)
    other = browser.new_context(locale="en-GB")
    try:
        fresh = other.new_page()
        fresh.goto(link)
        assert read_results(fresh) == EXPECTED
    finally:
        other.close()


def test_undo_and_clear(tab, live_server):
    page = tab
    set_up(page, live_server)
    page.click(".tool[data-card=cottage]")
    page.click(".square[data-square=a1]")
    page.click(".square[data-square=b1]")
    assert page.locator("#square_b1").input_value() == "cottage"
    page.click("[data-action=undo]")
    assert page.locator("#square_b1").input_value() == ""
    assert page.locator("#square_a1").input_value() == "cottage"
    page.click("[data-action=clear]")
    assert page.locator("#square_a1").input_value() == ""
    # Cleared again, the empty town adds no step to Undo: one Undo brings the Cottage back.
    page.click("[data-action=clear]")
    page.click("[data-action=undo]")
    assert page.locator("#square_a1").input_value() == "cottage"


def test_a_warehouse_asks_for_its_load_on_the_square(tab, live_server):
    page = tab
    set_up(page, live_server, navy="warehouse")
    page.click(".tool[data-card=warehouse]")
    page.click(".square[data-square=c2]")
    expect(page.locator(".square[data-square=c2] .stored")).to_be_visible()
    page.fill("#stored_c2", "-1")
    page.click("button[value=next]")
    # Read without the soft hyphens its words may break at in a square.
    assert page.locator(".square[data-square=c2] .error").inner_text().replace("\u00ad", "") == \
        "Enter how many resources are stored, from 0 to 3."
    assert page.locator("#square_c2").input_value() == "warehouse"


def test_a_reload_keeps_unsaved_taps(tab, live_server):
    page = tab
    set_up(page, live_server)
    page.click(".tool[data-card=farm]")
    page.click(".square[data-square=d4]")
    page.reload()
    assert page.locator("#square_d4").input_value() == "farm"
    # The card's name, with the comma that ends it, said, not seen.
    assert page.locator(".square[data-square=d4] .square-card").inner_text() == "Farm,"


def test_a_reload_right_after_a_tap_keeps_it_where_the_address_held_the_town_already(phone, live_server):
    page = phone.new_page()
    page.add_init_script(script=HOLD_CORE)
    page.goto(live_server + "/en/g/{}/1".format(FOUR_PLAYERS_CODE))
    page.wait_for_function("() => window.coreHeld() > 0", timeout=WAIT)
    page.evaluate("window.releaseCore()")
    page.wait_for_selector("form.js-town[data-live-total]")
    page.click(".tool[data-card=farm]")
    page.click(".square[data-square=a1] .square-button")
    expect(page.locator(".running-total")).to_have_text("Running total: 34")
    expect(page).to_have_url(re.compile(r"[?&]square_a1=farm&"))
    # A second tap, reloaded before the live score answers it: the address has not had it yet.
    page.evaluate("window.holdCore()")
    page.click(".square[data-square=b1] .square-button")
    expect(page.locator("#square_b1")).to_have_value("farm")
    assert "square_b1=farm" not in page.url
    page.reload()
    expect(page.locator("#square_b1")).to_have_value("farm")
    expect(page.locator(".square[data-square=b1] .square-card")).to_have_text("Farm,")
    expect(page.locator("#square_a1")).to_have_value("farm")
    assert "square_b1=farm" in page.url
    # Until the live score has the town as it was left, the numbers drawn for the address loaded are not shown
    # as its own: the square changed shows no points and the total says it is not up to date.
    expect(page.locator(".square[data-square=b1] .square-points")).to_have_text("")
    expect(page.locator(".square[data-square=b1] .square-button")).to_have_accessible_name("b1, Farm,")
    expect(page.locator(".running-total")).to_have_class(re.compile(r"\bis-stale\b"))
    page.wait_for_function("() => window.coreHeld() > 0", timeout=WAIT)
    page.evaluate("window.releaseCore()")
    expect(page.locator(".square[data-square=b1] .square-points")).to_have_text("0", timeout=WAIT)
    expect(page.locator(".running-total")).not_to_have_class(re.compile(r"\bis-stale\b"))
    live = page.locator(".running-total").inner_text()
    # Reloaded again, the server draws the town the address holds: the same, with the same total.
    page.reload()
    expect(page.locator("#square_b1")).to_have_value("farm")
    expect(page.locator(".running-total")).to_have_text(live)


def test_moving_between_players_keeps_each_town(tab, live_server):
    page = tab
    set_up(page, live_server)
    page.click(".tool[data-card=well]")
    page.click(".square[data-square=c3]")
    page.click(".steps button:has-text('Cy')")
    assert page.locator("h1").inner_text() == "Town of Cy"
    page.click(".steps button:has-text('Ana')")
    assert page.locator("#square_c3").input_value() == "well"
