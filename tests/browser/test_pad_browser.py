"""The quick score pad on a phone: empty squares counted once, negative points without a minus key, and
an address the pad cannot read is named, not dropped."""

import contextlib

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from support.browsing import HOLD_CORE
from support.browsing import WAIT
from support.browsing import typed_while_core_held
from support.phone import TAPS
from support.phone import double_tap
from support.phone import drawn
from support.phone import go_offline
from support.phone import install
from support.phone import tap_and_type

ROWS = """() => [...document.querySelectorAll(".ranking li")]
    .map((li) => [li.querySelector(".who").innerText, li.dataset.total, li.dataset.place])"""


def pad_rows(page, rows):
    """Assert the ranking's rows (who, total, place) once the pad has worked them out: each field typed is counted
    after it is typed, so the rows of the field before may still be in view."""
    with contextlib.suppress(PlaywrightTimeoutError):
        page.wait_for_function("(rows) => JSON.stringify(({})()) === JSON.stringify(rows)".format(ROWS), arg=rows,
                               timeout=WAIT)
    assert [tuple(row) for row in page.evaluate(ROWS)] == rows


def test_empty_squares_are_counted_once_taken_off_and_break_the_tie(browser, phone, live_server):
    page = phone.new_page()
    install(page, live_server)
    go_offline(phone)
    page.goto(live_server + "/en/pad")
    drawn(page, "#n0")
    page.fill("#n0", "Ana")
    page.fill("#n1", "Bo")
    page.fill("#blue0", "12")
    page.fill("#empty0", "2")
    pad_rows(page, [("Ana", "10", "1"), ("Bo", "0", "2")])
    page.fill("#blue1", "11")
    page.fill("#empty1", "1")
    # Level on 10: a Master Builder game asks for turns first, never again for empty squares.
    expect(page.locator(".fact-t0")).to_be_visible()
    assert page.locator(".fact-c0").is_hidden()
    assert page.locator("#e0").count() == 0
    page.fill("#t0", "3")
    page.fill("#t1", "3")
    expect(page.locator(".ranking li").first).to_have_attribute("data-player", "1")
    pad_rows(page, [("Bo", "10", "1"), ("Ana", "10", "2")])
    # Each tied row says its own number, the winner's and the other's alike.
    expect(page.locator(".ranking li .tie")).to_have_text(["tie-break: 1 empty square", "tie-break: 2 empty squares"])
    link = page.locator(".share-url").input_value()
    assert link.startswith(live_server + "/pad?") and "empty0=2" in link
    phone.set_offline(False)
    other = browser.new_context(locale="fr-FR")
    try:
        fresh = other.new_page()
        fresh.goto(link)
        drawn(fresh, "#n0")
        expect(fresh.locator(".ranking li")).to_have_count(2)
        pad_rows(fresh, [("Bo", "10", "1"), ("Ana", "10", "2")])
        assert fresh.locator("html").get_attribute("lang") == "fr"
        assert fresh.locator(".ranking .tie").first.inner_text() == "départage\u00a0: 1\u00a0case vide"
    finally:
        other.close()


def test_a_negative_entry_is_typed_with_the_sign_button_on_a_number_keypad(tab, live_server):
    page = tab
    page.goto(live_server + "/en/pad?n0=Ana&blue0=9&n1=Bo")
    drawn(page, "#n0")
    navy = page.locator("#navy0")
    expect(navy).to_have_attribute("inputmode", "numeric")
    # Only the columns that can go below zero carry the sign button: green, navy and the monument (Hollow Hill).
    assert page.locator(".pad-player").first.locator(".sign").count() == 3
    assert page.locator("#blue0 ~ .sign").count() == 0
    page.locator("#navy0 ~ .sign").click()
    assert page.evaluate("document.activeElement.id") == "navy0"
    page.keyboard.type("3")
    expect(navy).to_have_value("-3")
    expect(page.locator(".ranking li[data-player='0']")).to_have_attribute("data-total", "6")
    page.locator("#green0 ~ .sign").click()
    page.keyboard.type("5")
    expect(page.locator(".ranking li[data-player='0']")).to_have_attribute("data-total", "1")
    # The sign button takes the minus off again.
    page.locator("#navy0 ~ .sign").click()
    expect(navy).to_have_value("3")
    expect(page.locator(".ranking li[data-player='0']")).to_have_attribute("data-total", "7")
    assert "navy0=3" in page.url and "green0=-5" in page.url
    # Each of a player's buttons says whose it is, and the ± the row it changes, as the name is typed.
    expect(page.locator("#navy0 ~ .sign")).to_have_accessible_name("Change the sign of Navy: Ana")
    page.locator("#n0").fill("Zoé")
    expect(page.locator("#navy0 ~ .sign")).to_have_accessible_name("Change the sign of Navy: Zoé")
    expect(page.locator("[data-action=remove-0]")).to_have_accessible_name("Remove this player: Zoé")
    page.locator("#n1").fill("")
    expect(page.locator("#green1 ~ .sign")).to_have_accessible_name("Change the sign of Green: Player 2")
    expect(page.locator("[data-action=remove-1]")).to_have_accessible_name("Remove this player: Player 2")


def test_an_unknown_column_in_the_address_is_named_until_left_out(tab, live_server):
    page = tab
    page.goto(live_server + "/en/pad?n0=Ana&bleu0=12&n1=Bo&blue1=4")
    drawn(page, "#n0")
    problems = page.locator(".pad-problems")
    expect(problems).to_contain_text("This address holds a field the pad does not know: bleu0.")
    assert page.locator(".ranking li").count() == 0
    # Typing elsewhere keeps the refusal in view: the field is not dropped behind the reader's back.
    page.fill("#blue0", "12")
    expect(problems).to_contain_text("bleu0")
    assert "bleu0=12" in page.url
    page.get_by_role("button", name="Leave them out").click()
    expect(problems).to_be_hidden()
    assert "bleu0" not in page.url
    pad_rows(page, [("Ana", "12", "1"), ("Bo", "4", "2")])


def test_impossible_values_get_a_message_beside_their_field(tab, live_server):
    page = tab
    page.goto(live_server + "/en/pad?n0=Ana&empty0=17&red0=3&n1=Bo&navy1=-60")
    drawn(page, "#n0")
    expect(page.locator("#problem-empty0")).to_have_text("From 0 to 16 in one town.")
    expect(page.locator("#problem-red0")).to_have_text("Red buildings score no points.")
    expect(page.locator("#problem-navy1")).to_have_text("From \u221248 to 64 in one town.")
    expect(page.locator("#empty0")).to_have_attribute("aria-invalid", "true")
    assert page.locator(".ranking li").count() == 0
    page.fill("#empty0", "16")
    page.fill("#red0", "0")
    page.fill("#navy1", "-48")
    expect(page.locator(".ranking li")).to_have_count(2)
    assert page.locator(".field-problem:not(:empty)").count() == 0


def test_one_player_is_sent_to_solo_and_seven_are_refused(tab, live_server):
    page = tab
    page.goto(live_server + "/en/pad?n0=Zoé&blue0=30")
    drawn(page, "#n0")
    expect(page.locator("#problem-mode")).to_have_text("One player plays Solo: choose Solo, or add a player.")
    page.select_option("#pad-mode", "solo")
    expect(page.locator(".ranking li")).to_have_count(1)
    expect(page.locator("#problem-mode")).to_be_empty()
    page.goto(live_server + "/en/pad?" + "&".join("n{0}=P{0}".format(p) for p in range(7)))
    drawn(page, "#n0")
    expect(page.locator(".pad-problems")).to_contain_text("A game has 1 to 6 players.")
    expect(page.locator(".pad-player")).to_have_count(6)
    assert page.locator(".add-player").count() == 0
    # The button gives way to why.
    expect(page.locator(".pad-form .players-full")).to_have_text("A game has 1 to 6 players.")


def test_adding_and_removing_players_keeps_the_focus_and_the_values(tab, live_server):
    page = tab
    page.goto(live_server + "/en/pad")
    drawn(page, "#n0")
    page.fill("#n0", "Ana")
    page.get_by_role("button", name="Add a player").click()
    expect(page.locator(".pad-player")).to_have_count(3)
    # The new player's name takes the focus, in sight.
    expect(page.locator("#n2")).to_be_focused()
    expect(page.locator("#n2")).to_be_in_viewport()
    assert page.locator("#n0").input_value() == "Ana"
    page.fill("#n2", "Cy")
    page.fill("#navy2", "-3")
    page.locator(".pad-player").nth(1).get_by_role("button", name="Remove this player").click()
    expect(page.locator(".pad-player")).to_have_count(2)
    assert (page.locator("#n1").input_value(), page.locator("#navy1").input_value()) == ("Cy", "-3")
    assert page.evaluate("document.activeElement.dataset.action") == "remove-1"


# Taps the buttons of these selectors in one go: no form is drawn between them, as when a quick hand or a slow phone
# taps again before the form of the tap before is there.
TAP_ALL = "(selectors) => { for (const selector of selectors) document.querySelector(selector).click(); }"


def test_buttons_tapped_before_the_form_is_drawn_again_each_act_once_on_the_player_they_named(tab, live_server):
    page = tab
    page.goto(live_server + "/en/pad?n0=Ana&blue0=9&n1=Bo&n2=Cy&n3=Dee&blue3=4")
    drawn(page, "#n0")
    players = page.locator(".pad-player")
    expect(players).to_have_count(4)
    # Cy's ✕, Bo's, and Bo's again, on the same form: Cy and Bo go, the double tap is one tap, and Dee keeps her points.
    page.evaluate(TAP_ALL, ['[data-action="remove-2"]', '[data-action="remove-1"]', '[data-action="remove-1"]'])
    expect(players).to_have_count(2)
    expect(page.locator("#n1")).to_have_value("Dee")
    expect(page.locator("#blue1")).to_have_value("4")
    # "Add a player" twice on the same form is one player more.
    page.evaluate(TAP_ALL, ['[data-action="add"]', '[data-action="add"]'])
    expect(players).to_have_count(3)
    players.nth(1).get_by_role("button", name="Remove this player").click()
    expect(players).to_have_count(2)
    assert [page.locator("#n{}".format(n)).input_value() for n in range(2)] == ["Ana", ""]


def test_a_name_typed_right_after_add_a_player_is_the_new_players_however_late_their_row_comes(phone, live_server):
    # The letters went to the button tapped, and were lost, until the core drew the new row.
    page = phone.new_page()
    page.add_init_script(script=HOLD_CORE)
    page.goto(live_server + "/fr/pad?n0=Ana&n1=Bo")
    page.evaluate("window.releaseCore()")
    drawn(page, "#n0")
    players = page.locator(".pad-player")
    expect(players).to_have_count(2)
    # The core as a slow phone has it: the row comes well after the tap and the letters typed after it.
    typed_while_core_held(page, page.get_by_role("button", name="Ajouter un joueur"), "Cyz\bra")
    expect(players).to_have_count(3)
    name = page.locator("#n2")
    expect(name).to_have_value("Cyra")
    expect(name).to_be_focused()
    page.keyboard.type(" B")
    expect(name).to_have_value("Cyra B")
    assert [page.locator("#n{}".format(n)).input_value() for n in range(2)] == ["Ana", "Bo"]


def test_a_double_tap_on_add_a_player_adds_one(tab, live_server):
    page = tab
    page.goto(live_server + "/en/pad?n0=Ana&n1=Bo")
    drawn(page, "#n0")
    players = page.locator(".pad-player")
    expect(players).to_have_count(2)
    double_tap(page, page.get_by_role("button", name="Add a player"))
    expect(players).to_have_count(3)
    # A ✕ tapped after them is taken after them: one player was added.
    players.nth(2).get_by_role("button", name="Remove this player").click()
    expect(players).to_have_count(2)
    assert [page.locator("#n{}".format(n)).input_value() for n in range(2)] == ["Ana", "Bo"]


def test_the_places_stay_in_sight_while_points_are_typed(tab, live_server):
    page = tab
    page.goto(live_server + "/en/pad")
    drawn(page, "#n0")
    page.fill("#n0", "Ana")
    page.fill("#n1", "Bo")
    page.fill("#blue0", "12")
    page.fill("#blue1", "15")
    # Typing the first player's last points, at the top of a 360×740 phone: the places show below, in sight.
    page.locator("#empty0").focus()
    page.keyboard.type("1")
    expect(page.locator(".ranking li")).to_have_count(2)
    expect(page.locator(".ranking li .who")).to_have_text(["Bo", "Ana"])
    field = page.locator("#empty0").bounding_box()
    places = page.locator(".ranking").bounding_box()
    assert field["y"] + field["height"] <= places["y"]
    assert places["y"] + places["height"] <= 740
    # Compact: two players' places take at most a sixth of the screen.
    assert places["height"] <= 740 / 6
    # The Cathedral's box is a whole line to tap.
    cathedral = page.locator(".pad-cathedral").first.bounding_box()
    box = page.locator(".pad-cathedral input").first.bounding_box()
    assert cathedral["height"] >= 44 and box["width"] >= 24 and box["height"] >= 24


def test_names_typed_one_after_the_other_are_kept_while_the_places_appear(phone, live_server):
    page = phone.new_page()
    page.add_init_script(TAPS)
    page.goto(live_server + "/fr/pad")
    drawn(page, "#n0")
    # Tapped and typed at once, as a thumb does: each field is scrolled clear of the places at the foot.
    tap_and_type(page, "#n0", "<b>x</b>")
    tap_and_type(page, "#n1", "\"'&", delay=90)
    tap_and_type(page, "#blue0", "12", delay=90)
    tap_and_type(page, "#blue1", "9")
    # A cold core may take longer than an expect's default to answer first.
    expect(page.locator(".ranking li .who")).to_have_text(["<b>x</b>", "\"'&"], timeout=WAIT)
    assert [page.input_value(field) for field in ("#n0", "#n1", "#blue0", "#blue1")] == ["<b>x</b>", "\"'&", "12", "9"]


def test_a_cell_that_does_not_read_leaves_the_places_in_sight_dimmed(tab, live_server):
    page = tab
    page.goto(live_server + "/hu/pad")
    drawn(page, "#n0")
    page.fill("#n0", "Ági")
    page.fill("#blue0", "12")
    expect(page.locator(".ranking li .who")).to_have_text(["Ági", "2. játékos"])
    page.fill("#blue1", "1e3")
    expect(page.locator(".ranking")).to_have_class("ranking is-stale")
    # They say they are from before, in the page's language, above the places.
    said = page.locator(".ranking").evaluate("(node) => getComputedStyle(node, '::before').content")
    assert said == '"A helyezések a legutóbbi módosítás előttiek: javítsd a megjelölt mezőt."'
    expect(page.locator(".ranking li .who")).to_have_text(["Ági", "2. játékos"])
    page.fill("#blue1", "3")
    expect(page.locator(".ranking")).to_have_class("ranking")
