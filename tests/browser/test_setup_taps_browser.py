"""Buttons of the setup tapped faster than the page answers them: each taken in turn, once, on the player it named."""

from playwright.sync_api import expect

CORE_READY = "() => performance.getEntriesByName('marquoir:core-ready').length === 1"
# Taps the buttons of these selectors in one go: no answer is drawn between them, as when a quick hand or a slow phone
# taps again before the rows of the tap before are there.
TAP_ALL = "(selectors) => { for (const selector of selectors) document.querySelector(selector).click(); }"


def names(page):
    return page.locator("ol.players input.name")


def expect_names(page, wanted):
    expect(names(page)).to_have_count(len(wanted))
    for n, name in enumerate(wanted):
        expect(names(page).nth(n)).to_have_value(name)


def test_buttons_tapped_before_the_rows_are_drawn_again_each_act_once_on_the_player_they_named(phone, live_server):
    page = phone.new_page()
    page.goto(live_server + "/en/new?players-0=Ana&players-1=Bo&players-2=Cy&players-3=Dee")
    page.wait_for_function(CORE_READY)
    expect_names(page, ["Ana", "Bo", "Cy", "Dee"])
    # Cy's ✕, Bo's, and Bo's again, on the same rows: Cy and Bo go (Bo's ✕ is the second row's once Cy is gone,
    # as it was), and the double tap is one tap.
    page.evaluate(TAP_ALL, ['button[value="remove-2"]', 'button[value="remove-1"]', 'button[value="remove-1"]'])
    expect_names(page, ["Ana", "Dee"])
    # "Add a player" twice on the same rows is one player more; a ✕ tapped after them is taken after them.
    page.evaluate(TAP_ALL, ['button[value="add"]', 'button[value="add"]'])
    expect_names(page, ["Ana", "Dee", ""])
    page.get_by_role("button", name="Remove Dee").click()
    expect_names(page, ["Ana", ""])
    # The address keeps the rows as they are.
    assert "players-0=Ana&" in page.url and "players-2" not in page.url
