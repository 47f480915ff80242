"""Square first, then building: a square tapped before any building is chosen offers the buildings right there
(issue case: both ways of entering a town work)."""

import pytest
from playwright.sync_api import expect

from webscore.flow import new_game
from webscore.flow import setup_start
from webscore.languages import LANGUAGES
from webscore.scoring import encode

TITLE = {"en": "What stands on a1?", "fr": "Qu’y a-t-il sur la case a1\u202f?", "hu": "Mi áll ezen a mezőn: a1?"}
FARM = {"en": "Farm", "fr": "Ferme", "hu": "Tanya"}


def _code():
    state = new_game.default_state()
    state["players"] = ["Anna", "Ben"]
    state["monuments"] = ["barrett-castle", ""]
    return encode(setup_start.game_of(state))


def _town(page, live_server, lang):
    page.goto(live_server + "/{}/g/{}/1".format(lang, _code()))
    page.wait_for_selector("form.js-town[data-live-total]")
    return page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_square_tapped_first_offers_the_buildings_and_places_the_one_chosen(tab, live_server, lang):
    page = _town(tab, live_server, lang)
    page.click(".square[data-square=a1] .square-button")
    sheet = page.locator(".square-offer")
    expect(sheet).to_be_visible()
    expect(sheet).to_have_role("group")
    expect(sheet).to_have_accessible_name(TITLE[lang])
    # The seven buildings and the player's monument, as the palette offers them, the first one focused.
    expect(sheet.locator(".tool")).to_have_count(8)
    assert sheet.locator(".tool").evaluate_all("(tools) => tools.map((t) => t.dataset.card)") == page.locator(
        ".palette .tool").evaluate_all("(tools) => tools.map((t) => t.dataset.card).filter(Boolean)")
    expect(sheet.locator(".tool").first).to_be_focused()
    sheet.get_by_role("button", name=FARM[lang], exact=True).click()
    expect(sheet).to_be_hidden()
    expect(page.locator("#square_a1")).to_have_value("farm")
    expect(page.locator(".square[data-square=a1] .square-button")).to_be_focused()
    # The building chosen stays chosen: the next square takes it at once, as if chosen in the palette.
    expect(page.locator(".palette .tool[data-card=farm]")).to_have_attribute("aria-pressed", "true")
    page.click(".square[data-square=b1] .square-button")
    expect(page.locator("#square_b1")).to_have_value("farm")
    expect(sheet).to_be_hidden()


def test_a_tap_made_with_no_finger_elsewhere_closes_the_offer_as_a_fingers_tap_does(tab, live_server):
    # A screen reader's double tap clicks with no finger down, which the browser's light dismiss does not see.
    page = _town(tab, live_server, "en")
    page.click(".square[data-square=a1] .square-button")
    sheet = page.locator(".square-offer")
    expect(sheet).to_have_accessible_name(TITLE["en"])
    # Another square tapped with no building in hand: the offer follows it, its first building focused.
    page.locator(".square[data-square=b1] .square-button").dispatch_event("click")
    expect(sheet).to_have_accessible_name("What stands on b1?")
    expect(sheet.locator(".tool").first).to_be_focused()
    # A building chosen in the palette instead: the offer closes (it stayed open, asking about b1 while the Farm went on
    # c1), and the focus is on the building chosen, as a finger's tap leaves it.
    farm = page.locator(".palette .tool[data-card=farm]")
    farm.dispatch_event("click")
    expect(sheet).to_be_hidden()
    expect(farm).to_be_focused()
    page.locator(".square[data-square=c1] .square-button").dispatch_event("click")
    expect(page.locator("#square_c1")).to_have_value("farm")
    expect(sheet).to_be_hidden()
    assert [page.input_value("#square_" + name) for name in ("a1", "b1")] == ["", ""]


def test_escape_closes_the_offer_with_nothing_placed_and_the_square_focused(tab, live_server):
    page = _town(tab, live_server, "en")
    page.click(".square[data-square=c2] .square-button")
    expect(page.locator(".square-offer")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator(".square-offer")).to_be_hidden()
    expect(page.locator("#square_c2")).to_have_value("")
    expect(page.locator(".square[data-square=c2] .square-button")).to_be_focused()


def test_a_square_tapped_keeps_no_tint_and_shows_no_focus_ring(tab, live_server):
    page = _town(tab, live_server, "en")
    page.tap(".palette .tool[data-card=well]")
    page.tap(".square[data-square=c3] .square-button")
    expect(page.locator("#square_c3")).to_have_value("well")
    square = page.locator(".square[data-square=c3] .square-button")
    expect(square).to_be_focused()
    assert square.evaluate("(b) => [getComputedStyle(b).webkitTapHighlightColor, getComputedStyle(b).outlineStyle]") == [
        "rgba(0, 0, 0, 0)", "none"]


def test_at_200_percent_zoom_the_palette_leaves_the_squares_in_reach(browser, live_server):
    # A 360×740 phone at 200 % zoom: 180×370 CSS px.
    context = browser.new_context(viewport={"width": 180, "height": 370}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(live_server + "/hu/g/{}/1".format(_code()))
        page.wait_for_selector("form.js-town[data-live-total]")
        assert page.locator(".palette").bounding_box()["height"] <= 370 / 3
        page.tap(".palette .tool[data-card=farm]")
        page.locator(".square[data-square=d4] .square-button").scroll_into_view_if_needed()
        page.tap(".square[data-square=d4] .square-button")
        expect(page.locator("#square_d4")).to_have_value("farm")
    finally:
        context.close()
