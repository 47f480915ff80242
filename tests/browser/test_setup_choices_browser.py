"""The setup form on the phone (the flow under MicroPython): ticking "Without monuments" says what it leaves out."""

from playwright.sync_api import expect

from support.browsing import WAIT
from support.webflow import code_of
from webscore.scoring import decode

NOTE = "This game is played without monuments: the monuments chosen are left out."


def test_ticking_without_monuments_leaves_the_chosen_ones_out_and_says_so(phone, live_server):
    page = phone.new_page()
    page.goto(live_server + "/en/new")
    page.fill("#players-0", "Ana")
    page.fill("#players-1", "Bo")
    page.select_option("#monuments-0", "barrett-castle")
    page.check("input[name=without_monuments]")
    expect(page.locator(".js-error")).to_have_text([NOTE], timeout=WAIT)
    expect(page.locator("#monuments-0")).to_be_hidden()
    expect(page.locator("button[value=deal-monuments]")).to_be_hidden()
    page.uncheck("input[name=without_monuments]")
    expect(page.locator(".js-error")).to_have_count(0)
    expect(page.locator("#monuments-0")).to_have_value("")
    page.check("input[name=without_monuments]")
    expect(page.locator(".js-error")).to_have_count(0)
    page.click("button[value=start]")
    page.wait_for_url("**/g/**/1")
    game = decode(code_of(page.url))
    assert game["monuments"] is False and [p["name"] for p in game["players"]] == ["Ana", "Bo"]
