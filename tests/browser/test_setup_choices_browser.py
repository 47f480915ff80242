"""The setup form on the phone (the flow under MicroPython): ticking "Without monuments" says what it leaves out."""

import pytest
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


@pytest.mark.parametrize("lang", ["en", "fr", "hu"])
def test_each_building_radio_is_named_by_its_card_and_described_by_its_reminder(phone, live_server, lang):
    page = phone.new_page()
    page.goto(live_server + "/{}/new".format(lang))
    page.click("details.chooser summary")
    radios = page.locator(".card-choice input[type=radio]")
    cards = [radio.get_attribute("value") for radio in radios.all()]
    assert len(cards) == 24
    # A screen reader says each card's name first, not its layout: the 24 radios as the accessibility tree has them.
    names = [page.locator("#card-name-" + card).text_content() for card in cards]
    tree = page.locator("form.setup").aria_snapshot()
    assert [line.split('"')[1] for line in tree.splitlines() if line.strip().startswith("- radio ") and '"' in line][-24:] \
        == names
    # Each described by its reminder, then its layout (the first card of each colour).
    for card in cards[::4]:
        radio = page.locator(".card-choice input[value={}]".format(card))
        reminder = " ".join(page.locator("#card-reminder-" + card).text_content().split())
        layout = page.locator("#card-layout-" + card).get_attribute("aria-label")
        expect(radio).to_have_accessible_description(reminder + " " + layout)
