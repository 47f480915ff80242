"""The walk-through as a newcomer meets it on a 360 px phone: Back, Forward and reload lose nothing,
and no step is a dead end, with and without JavaScript."""

import re

import pytest
from playwright.sync_api import expect

from support.phone import set_up
from support.phone import tap_town
from support.webflow import code_of
from webscore.scoring import decode

CONTEXTS = ["tab", "phone_without_js"]


def new_page(request, context_name):
    """The test's page: the module's one tab (see tab), or a new tab of a fresh phone without JavaScript."""
    context = request.getfixturevalue(context_name)
    return context if context_name == "tab" else context.new_page()


def typed_setup(page, base):
    """Type three names (the third row added by "Add a player") and choose two monuments."""
    page.goto(base + "/en/new")
    page.fill("#players-0", "Ana")
    page.fill("#players-1", "Bo")
    page.click("button[value=add]")
    page.fill("#players-2", "Cy")
    page.select_option("#monuments-0", "barrett-castle")
    page.select_option("#monuments-2", "the-starloom")


def assert_setup_as_left(page):
    expect(page.locator("ol.players > li")).to_have_count(3)
    assert [page.input_value("#players-{}".format(n)) for n in range(3)] == ["Ana", "Bo", "Cy"]
    assert page.input_value("#monuments-0") == "barrett-castle"
    assert page.input_value("#monuments-2") == "the-starloom"


@pytest.mark.parametrize("context_name", CONTEXTS)
def test_back_from_the_first_town_shows_the_setup_as_it_was_left(request, live_server, context_name):
    page = new_page(request, context_name)
    typed_setup(page, live_server)
    page.click("button[value=start]")
    page.wait_for_url("**/g/**/1")
    page.go_back()
    assert_setup_as_left(page)


@pytest.mark.parametrize("context_name", CONTEXTS)
def test_back_from_a_card_rule_shows_the_setup_as_it_was_left(request, live_server, context_name):
    page = new_page(request, context_name)
    typed_setup(page, live_server)
    page.click("details.chooser summary")
    page.click(".card-option[data-card=chapel] .rule-link")
    page.wait_for_url("**/rules#card-chapel")
    page.go_back()
    assert_setup_as_left(page)


def test_back_to_a_start_refused_then_mended_shows_no_message_its_fields_answer(phone_without_js, live_server):
    # Refused for a name left blank, mended, started: Back drew the refused page's "Enter a name." beside the name
    # typed since, which the browser put back. It is drawn as it was refused, its message true of its fields.
    page = phone_without_js.new_page()
    page.goto(live_server + "/en/new")
    page.fill("#players-0", "Ana")
    page.click("button[value=start]")
    expect(page.locator(".error")).to_have_text(["Enter a name."])
    page.fill("#players-1", "Bo")
    page.click("button[value=start]")
    page.wait_for_url("**/g/**/1")
    assert [player["name"] for player in decode(code_of(page.url))["players"]] == ["Ana", "Bo"]
    page.go_back()
    page.wait_for_url("**/new?**")
    expect(page.locator(".error")).to_have_text(["Enter a name."])
    assert [page.input_value("#players-{}".format(n)) for n in range(2)] == ["Ana", ""]

def test_a_later_town_is_kept_after_back_to_an_earlier_one(tab, live_server):
    page = tab
    set_up(page, live_server)
    page.click("button[value=next]")
    page.wait_for_url("**/2")
    eight = ("cottage cottage cottage cottage", "well well . .", "feast-hall feast-hall . .", ". . . .")
    tap_town(page, eight)
    expect(page.locator(".square.filled")).to_have_count(8)
    page.go_back()
    page.wait_for_url("**/1")
    page.click("button[value=next]")
    # The kept draft is written back into the address (?square_a1=…), possibly before the wait begins.
    page.wait_for_url(re.compile(r".*/2(\?.*)?$"))
    expect(page.locator(".square.filled")).to_have_count(8)
    assert page.input_value("#square_d1") == "cottage"
    page.click("button[value=next]")
    page.wait_for_url("**/3")
    town = decode(code_of(page.url))["players"][1]["town"]
    assert town[0] == ["cottage"] * 4 and town[2][:2] == ["feast-hall", "feast-hall"]


def test_a_town_in_the_address_is_shown_as_it_says_rather_than_the_town_kept_on_the_phone(tab, live_server):
    # A link or a hand names a square of the town: that town is the step's, not the draft kept of it (an address
    # without square_a1 was once replaced by the draft, its square lost without a word).
    page = tab
    set_up(page, live_server)
    page.click("button[value=next]")
    page.wait_for_url("**/2")
    tap_town(page, ("cottage . . .", ". . . .", ". . . .", ". . . ."))
    expect(page.locator(".square.filled")).to_have_count(1)
    page.goto(page.url.split("?")[0] + "?square_d4=well")
    page.wait_for_selector("form.js-town")
    expect(page.locator("#square_d4")).to_have_value("well")
    expect(page.locator(".square.filled")).to_have_count(1)
    assert page.input_value("#square_a1") == ""


@pytest.mark.parametrize("context_name", CONTEXTS)
def test_two_players_with_one_monument_read_the_message_under_the_row(request, live_server, context_name):
    page = new_page(request, context_name)
    page.goto(live_server + "/en/new")
    page.fill("#players-0", "Ana")
    page.fill("#players-1", "Bo")
    page.select_option("#monuments-0", "the-starloom")
    page.select_option("#monuments-1", "the-starloom")
    page.click("button[value=start]")
    message = page.locator(".player-row .error").first
    expect(message).to_have_text("Each monument exists once: another player already has this one.")
    box = message.bounding_box()
    row = page.locator(".player-row").nth(1).bounding_box()
    assert box["width"] > 0.8 * row["width"]
    assert box["y"] > page.locator("#monuments-1").bounding_box()["y"]


@pytest.mark.parametrize("context_name", CONTEXTS)
def test_choosing_solo_leaves_one_player_row(request, live_server, context_name):
    page = new_page(request, context_name)
    page.goto(live_server + "/en/new")
    page.fill("#players-0", "Ana")
    page.check("input[name=mode][value=solo]")
    if context_name == "phone_without_js":
        page.click("button.small[value=refresh]")
    else:
        expect(page.locator("button.small[value=refresh]")).to_be_hidden()
    expect(page.locator("ol.players > li")).to_have_count(1)
    assert page.input_value("#players-0") == "Ana"


def test_seven_players_in_an_address_are_refused_not_cut(tab, live_server):
    page = tab
    names = "&".join("players-{}=P{}".format(n, n) for n in range(7))
    response = page.goto(live_server + "/en/new?" + names)
    assert response.status == 422
    expect(page.locator("ol.players > li")).to_have_count(7)
    expect(page.locator("form.setup > .error")).to_have_text("A game has 1 to 6 players.")


@pytest.mark.parametrize("context_name", CONTEXTS)
def test_empty_towns_are_scored_only_after_a_yes(request, live_server, context_name):
    page = new_page(request, context_name)
    set_up(page, live_server)
    page.click("button[value=next]")
    page.click("button[value=next]")
    page.click("button[value=results]")
    expect(page.locator(".confirm p")).to_have_text(
        "The towns of Ana, Bo, and Cy are empty or barely begun: see the scores anyway?")
    assert "/g/" in page.url
    page.click(".confirm button[value=results]")
    page.wait_for_url("**/r/**")
    expect(page.locator(".ranking li")).to_have_count(3)


def test_a_tie_that_needs_turns_asks_only_the_tied_players(tab, live_server):
    page = tab
    set_up(page, live_server)
    page.click("button[value=next]")
    page.click("button[value=next]")
    page.click("button[value=results]")
    page.click(".confirm button[value=results]")
    page.wait_for_url("**/r/**")
    # Three empty towns, all level on -16 with no turns entered: each of them is asked.
    expect(page.locator("form.turns input")).to_have_count(3)
    page.fill("#turns-1", "4")
    page.fill("#turns-2", "2")
    page.fill("#turns-3", "3")
    page.click("form.turns button.primary")
    page.wait_for_url("**/r/**")
    rows = page.locator(".ranking li")
    places = {rows.nth(n).locator(".who").inner_text(): rows.nth(n).get_attribute("data-place") for n in range(3)}
    assert places == {"Bo": "1", "Cy": "2", "Ana": "3"}
    # The tie is broken; its form stays, with the turns given by place, for the table to correct them.
    assert [field.input_value() for field in page.locator("form.turns input").all()] == ["2", "3", "4"]
