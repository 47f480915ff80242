"""A monument chosen on a town step applies at once: the step comes back with its building in the palette."""

import copy
import re

from playwright.sync_api import expect

from support import examples
from webscore.scoring import decode
from webscore.scoring import encode


def code_without_first_monument():
    game = copy.deepcopy(examples.load("four-players"))
    game["players"][0]["monument"] = None
    game["players"][0]["town"] = [[None if card == "barrett-castle" else card for card in row]
                                  for row in game["players"][0]["town"]]
    return encode(game)


def test_a_monument_chosen_on_a_town_step_applies_at_once(tab, live_server):
    page = tab
    page.goto(live_server + "/en/g/{}/1".format(code_without_first_monument()))
    page.wait_for_selector("form.js-town[data-live-total]")
    expect(page.locator(".palette .tool[data-colour=monument]")).to_have_count(0)
    # Its button is for pages without scripts: here the choice itself is enough.
    expect(page.locator(".monument-fact button")).to_be_hidden()
    page.select_option("#monument", "fort-ironweed")
    expect(page.locator(".palette .tool[data-card=fort-ironweed]")).to_be_visible()
    expect(page.locator("#monument")).to_have_value("fort-ironweed")
    code = page.url.split("/g/")[1].split("/")[0]
    assert decode(code)["players"][0]["monument"] == "fort-ironweed"
    page.wait_for_selector("form.js-town[data-live-total]")
    page.click(".palette .tool[data-card=fort-ironweed]")
    page.click(".square[data-square=d4] .square-button")
    expect(page.locator(".square[data-square=d4] .square-card")).to_have_text("Fort Iron\u00adweed,")


def test_without_scripts_the_monuments_button_sends_the_choice(phone_without_js, live_server):
    page = phone_without_js.new_page()
    page.goto(live_server + "/en/g/{}/1".format(code_without_first_monument()))
    page.select_option("#monument", "fort-ironweed")
    expect(page.locator(".monument-fact button")).to_be_visible()
    page.click(".monument-fact button")
    expect(page.locator("#monument")).to_have_value("fort-ironweed")
    expect(page.locator(".palette .tool[data-card=fort-ironweed]")).to_have_count(1)


def test_a_monument_chosen_while_the_town_has_a_problem_is_offered_beside_it(tab, live_server):
    page = tab
    page.goto(live_server + "/fr/g/{}/1".format(code_without_first_monument()))
    page.wait_for_selector("form.js-town[data-live-total]")
    page.click(".palette .tool[data-card=warehouse]")
    page.click(".square[data-square=d4] .square-button")
    page.fill("#stored_d4", "-1")
    page.select_option("#monument", "barrett-castle")
    # The town is sent as it stands: its problem is shown, and the monument chosen is offered to place.
    expect(page.locator(".square[data-square=d4] .error")).to_have_text(
        "Indiquez combien de ressources sont stockées, de 0 à 3.")
    expect(page.locator("#monument")).to_have_value("barrett-castle")
    expect(page.locator(".palette .tool[data-card=barrett-castle]")).to_have_count(1)


def test_a_monument_in_the_address_that_is_none_offers_none_and_is_named(tab, live_server):
    page = tab
    answer = page.goto(live_server + "/en/g/{}/1?monument=%3Cb%3E&square_a1=cottage".format(code_without_first_monument()))
    assert answer.status == 422
    page.wait_for_selector("form.js-town[data-live-total]")
    expect(page.locator(".palette .tool[data-colour=monument]")).to_have_count(0)
    expect(page.locator("#town-form .error")).to_have_text(["This is not a monument of the game."])
    expect(page.locator(".monument-fact .error")).to_have_text("This is not a monument of the game.")
    expect(page.locator("#square_a1")).to_have_value("cottage")
    expect(page.locator("#monument")).to_have_attribute("aria-describedby", "monument-error-1")


def test_a_card_in_the_address_that_is_none_is_named_on_its_square_until_the_square_is_changed(tab, live_server):
    page = tab
    answer = page.goto(live_server + "/fr/g/{}/1?square_a1=banana&square_b1=farm".format(code_without_first_monument()))
    assert answer.status == 422
    page.wait_for_selector("form.js-town[data-live-total]")
    # The live score has answered the town as the form holds it (a1 empty): the square still says why.
    square = page.locator(".square[data-square=a1]")
    expect(square.locator(".error")).to_have_text("Ce n’est pas une carte du jeu.")
    expect(square).to_have_class(re.compile(r"\bhas-error\b"))
    page.click(".palette .tool[data-card=cottage]")
    square.locator(".square-button").click()
    expect(square.locator(".error")).to_have_count(0)
    expect(square).not_to_have_class(re.compile(r"\bhas-error\b"))
    expect(page.locator("#square_a1")).not_to_have_attribute("aria-invalid", "true")
