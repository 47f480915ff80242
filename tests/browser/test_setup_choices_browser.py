"""The setup form on the phone (the flow under MicroPython): "Without monuments" keeps the monuments aside. A name typed
while Start is refused answers its message."""

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from support.browsing import CORE_READY
from support.browsing import HELD
from support.browsing import HOLD_CORE
from support.browsing import WAIT
from support.browsing import opened_with_core_held
from support.phone import offline_tab
from support.webflow import code_of
from webscore.languages import LANGUAGES
from webscore.scoring import decode

# As the page draws a colour without a card (setup.html, chosen_card).
RED_NONE = "piros: nincs kiválasztott kártya"
# A card of every colour: a start refused is refused for its names alone.
CARDS = "&red=farm&grey=well&orange=chapel&green=tavern&yellow=theater&navy=factory"


def test_without_monuments_keeps_each_players_monument_aside_until_unticked(tab, live_server):
    # Ticked, then unticked: the monuments dealt and chosen were gone.
    page = tab
    page.goto(live_server + "/en/new")
    page.fill("#players-0", "Ana")
    page.fill("#players-1", "Bo")
    page.wait_for_function(CORE_READY, timeout=WAIT)
    page.select_option("#monuments-0", "barrett-castle")
    page.check("input[name=without_monuments]")
    expect(page.locator("#monuments-0")).to_be_hidden()
    page.uncheck("input[name=without_monuments]")
    expect(page.locator("#monuments-0")).to_have_value("barrett-castle")
    page.click("button[value=deal-monuments]")
    pair = page.locator("#monuments-1-1")
    expect(pair).to_be_visible()
    dealt = [page.locator("li:nth-child({}) .dealt-name".format(n)).all_text_contents() for n in (1, 2)]
    # A screen reader is told the pairs dealt, each by its player.
    expect(page.locator("#announce")).to_have_text("Monuments dealt: 2 each. Ana: {} or {}. Bo: {} or {}.".format(
        *dealt[0], *dealt[1]))
    pair.check()
    kept = pair.get_attribute("value")
    page.check("input[name=without_monuments]")
    expect(pair).to_be_hidden()
    expect(page.locator("button[value=deal-monuments]")).to_be_hidden()
    expect(page.locator(".js-error")).to_have_count(0)
    # Kept in the address too: a reload, then unticked, shows each row as it was.
    expect(page).to_have_url(re.compile(r"[?&]monuments-1={}(&|$)".format(kept)))
    page.reload()
    page.wait_for_function(CORE_READY, timeout=WAIT)
    page.uncheck("input[name=without_monuments]")
    expect(pair).to_be_checked()
    expect(page.locator(".dealt-name")).to_have_text(dealt[0] + dealt[1])
    expect(page.locator(".js-error")).to_have_count(0)
    # Started ticked, the game has none.
    page.check("input[name=without_monuments]")
    expect(pair).to_be_hidden()
    page.click("button[value=start]")
    page.wait_for_url("**/g/**/1")
    game = decode(code_of(page.url))
    assert game["monuments"] is False and [(p["name"], p["monument"]) for p in game["players"]] == [
        ("Ana", None), ("Bo", None)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_building_radio_is_named_by_its_card_and_described_by_its_reminder(tab, live_server, lang):
    page = tab
    page.goto(live_server + "/{}/new".format(lang))
    page.click("details.chooser summary")
    # The base game's 24 (Fortune's are offered once its switch is on).
    radios = page.locator(".card-option:not(.fortune-card) .card-choice input[type=radio]")
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


def test_a_tap_anywhere_on_a_card_chooses_it_and_its_rule_is_a_link_beside_it(browser, live_server):
    # Tried before: the centre of the Farm card in Hungarian opened the rules page (its link sat inside the card).
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(live_server + "/hu/new")
    page.click("details.chooser summary")
    for card in page.locator(".card-option:not(.fortune-card) .card-choice input[type=radio]").all():
        value = card.get_attribute("value")
        label = page.locator("label.card-choice[data-card={}]".format(value))
        label.scroll_into_view_if_needed()
        box = label.bounding_box()
        # Its centre, and the end of its text, where the rule's link stood.
        for x in (box["x"] + box["width"] / 2, box["x"] + box["width"] - 4):
            page.touchscreen.tap(x, box["y"] + box["height"] / 2)
            expect(card).to_be_checked()
            assert urlsplit(page.url).path == "/hu/new"
        assert label.locator("a").count() == 0
    link = page.locator(".card-option[data-card=farm] .rule-link")
    expect(link).to_have_text("Szabály")
    expect(link).to_have_attribute("href", "/hu/rules#card-farm")
    context.close()


def test_back_from_a_cards_rule_reopens_the_chooser_as_it_was(tab, live_server):
    page = tab
    page.goto(live_server + "/fr/new")
    page.click("details.chooser summary")
    page.click("label.card-choice[data-card=orchard]")
    page.click(".card-option[data-card=temple] .rule-link")
    page.wait_for_url("**/fr/rules#card-temple")
    page.go_back()
    page.wait_for_url("**/fr/new**")
    expect(page.locator("details.chooser")).to_have_attribute("open", "")
    expect(page.locator("input[name=red][value=orchard]")).to_be_checked()
    expect(page.locator(".card-option[data-card=temple] .rule-link")).to_be_in_viewport()


def test_the_expansions_switches_offer_fortunes_cards_and_start_a_game_with_them(browser, live_server):
    # A table with the whole box, on a 360 px phone in French: coins, Fortune's cards and monuments, Tiny Trees.
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(live_server + "/fr/new")
    page.wait_for_function("() => performance.getEntriesByName('marquoir:core-ready').length === 1")
    page.fill("#players-0", "Léa")
    page.fill("#players-1", "Noé")
    page.click("details.chooser summary")
    expect(page.locator("label.card-choice[data-card=root-cellar]")).to_be_hidden()
    expect(page.locator("#monuments-0 option:not([hidden])")).to_have_count(16)
    page.get_by_label("Cartes Fortune").check()
    page.get_by_label("Pièces").check()
    page.get_by_label("Tiny Trees").check()
    expect(page.locator("label.card-choice[data-card=root-cellar]")).to_be_visible()
    expect(page.locator("fieldset.colour input[name=red]")).to_have_count(6)
    # Fortune's monuments come with their own switch.
    expect(page.locator("#monuments-0 option:not([hidden])")).to_have_count(16)
    page.get_by_label("Monuments Fortune").check()
    expect(page.locator("#monuments-0 option:not([hidden])")).to_have_count(26)
    page.click("label.card-choice[data-card=root-cellar]")
    expect(page.locator(".chosen-card[data-colour=red]")).to_have_text("Cellier")
    page.select_option("#monuments-0", "hollow-hill")
    page.click("button[value=start]")
    page.wait_for_url("**/fr/g/**/1")
    game = decode(code_of(page.url))
    assert (game["coins"], game["tiny_trees"], game["fortune_monuments"]) == (True, True, True)
    assert game["buildings"][1] == "root-cellar"
    assert game["players"][0]["monument"] == "hollow-hill"
    context.close()


def test_fortunes_cards_leave_the_chooser_with_its_switch(tab, live_server):
    page = tab
    page.goto(live_server + "/hu/new")
    page.wait_for_function("() => performance.getEntriesByName('marquoir:core-ready').length === 1")
    page.get_by_label("Fortune-kártyák").check()
    page.click("details.chooser summary")
    page.click("label.card-choice[data-card=tithe-barn]")
    red = page.locator(".chosen-card[data-colour=red]")
    expect(red).to_have_text("Dézsmapajta")
    page.get_by_label("Fortune-kártyák").uncheck()
    expect(page.locator("label.card-choice[data-card=tithe-barn]")).to_be_hidden()
    # The row of the seven says the red card is gone with its switch, as the page says a colour without a card.
    expect(red).to_have_text(RED_NONE)
    expect(page.locator("input[name=red]:checked")).to_be_hidden()
    expect(page.locator("#monuments-0 option:not([hidden])")).to_have_count(16)
    # Ticked again, the card chosen is back: it stayed chosen out of sight.
    page.get_by_label("Fortune-kártyák").check()
    expect(red).to_have_text("Dézsmapajta")
    expect(page.locator("input[name=red][value=tithe-barn]")).to_be_checked()
    page.get_by_label("Fortune-kártyák").uncheck()
    expect(red).to_have_text(RED_NONE)
    # Refused with the chooser folded: it opens at the colour's message, which names the card out of sight and says
    # what to do, and takes the focus, the title saying Error as the server's page does; a card chosen answers it, and
    # the title is the page's own again.
    page.click("details.chooser summary")
    page.click("button[value=start]")
    message = page.locator("fieldset.colour.c-red .error")
    expect(message).to_have_text("Dézsmapajta: ez Fortune-kártya. Kapcsold be a Fortune-kártyákat, hogy játszhassatok "
                                 "vele, vagy válassz az alapjáték kártyái közül.")
    expect(page.locator("details.chooser")).to_have_attribute("open", "")
    expect(message).to_be_focused()
    expect(message).to_be_in_viewport()
    expect(page).to_have_title("Hiba: Új játszma · Marquoir")
    page.click("label.card-choice[data-card=farm]")
    expect(page.locator(".error")).to_have_count(0)
    expect(page).to_have_title("Új játszma · Marquoir")


def test_a_name_typed_while_start_is_refused_for_it_leaves_no_message(phone, live_server):
    # The refusal drew "Another player has this name" under the name typed while it was on its way, and Error in the
    # title, where a name typed answers its row's message.
    page = opened_with_core_held(phone, live_server + "/en/new?players-0=Ana&players-1=ana" + CARDS)
    page.evaluate("window.holdCore()")
    page.click("button[value=start]")
    page.wait_for_function(HELD, timeout=WAIT)
    name = page.locator("#players-1")
    name.click()
    page.keyboard.press("End")
    page.keyboard.type("Bo")
    # Held: the refusal and the row's buttons worded for the name typed, then the refusal's words and the buttons
    # worded again, then its title: the page draws the refusal as the last is let go.
    for held in (2, 2, 1):
        page.wait_for_function("(held) => window.coreHeld() === held", arg=held, timeout=WAIT)
        page.evaluate("window.passCore()")
    page.evaluate("window.releaseCore()")
    expect(page.locator(".error")).to_have_count(0)
    expect(name).not_to_have_attribute("aria-invalid", "true")
    expect(page).to_have_title("New game · Marquoir")
    expect(page).not_to_have_url(re.compile(r"[?&]action="))
    expect(name).to_have_value("anaBo")
    expect(name).to_be_focused()
    expect(page.locator('button[value="remove-1"]')).to_have_accessible_name("Remove anaBo")
    # Tapped again, Start starts the game with the names as typed.
    page.click("button[value=start]")
    page.wait_for_url("**/en/g/**/1", timeout=WAIT)
    assert [player["name"] for player in decode(code_of(page.url))["players"]] == ["Ana", "anaBo"]


@pytest.mark.parametrize(("box", "answered", "count"), [
    ("fortune", "form.setup.is-fortune", 1),
    ("fortune_monuments", "#monuments-0 option:not([hidden])", 26),
])
def test_a_monument_picked_while_a_ticked_box_is_answered_stays_picked(phone, live_server, box, answered, count):
    # Picked within 50 ms of the tick, while the page answered it, the monument went back to "Pas de monument" (4 times
    # in 10): the answer drew each row's monument as it was when the box was ticked.
    page = opened_with_core_held(phone, live_server + "/fr/new?players-0=Zoé&players-1=Luc")
    page.evaluate("window.holdCore()")
    page.check("input[name={}]".format(box))
    page.wait_for_function(HELD, timeout=WAIT)
    page.select_option("#monuments-1", "barrett-castle")
    page.evaluate("window.releaseCore()")
    # Answered: the box's answer is drawn (Fortune's cards offered, or its monuments), and Luc's pick stays.
    expect(page.locator(answered)).to_have_count(count, timeout=WAIT)
    expect(page.locator("#monuments-1")).to_have_value("barrett-castle")
    expect(page.locator("#monuments-0")).to_have_value("")
    expect(page).to_have_url(re.compile(r"[?&]monuments-1=barrett-castle(&|$)"))
    page.close()


@pytest.mark.parametrize("first, second", [("Ádám", "ádám"), ("Éva", "éva"), ("Őrs", "őrs"), ("Ÿann", "ÿann"),
                                           ("Ștefan", "ștefan"), ("Άρης", "άρης"), ("Жанна", "жанна"), ("Єва", "єва"),
                                           ("Νίκος", "ΝΊΚΟΣ")])
def test_two_names_told_apart_by_the_case_of_an_accented_letter_alone_are_refused_on_the_phone(tab, live_server,
                                                                                               first, second):
    # The phone's core lowered ASCII letters alone: it started a game of Ádám and ádám, which the server refuses; then
    # Latin ones alone, and a game of Άρης and άρης, Жанна and жанна.
    page = tab
    page.goto(live_server + "/hu/new?players-0={}&players-1={}".format(first, second) + CARDS)
    page.wait_for_function(CORE_READY, timeout=WAIT)
    page.click("button[value=start]")
    expect(page.locator(".error")).to_have_text(
        ["Egy másik játékosnak is ez a neve: írj mellé valamit, ami megkülönbözteti őket, például egy kezdőbetűt."])
    expect(page).to_have_title("Hiba: Új játszma · Marquoir")
    expect(page.locator("#players-1")).to_have_value(second)
    assert urlsplit(page.url).path == "/hu/new"


# An address of a card given a colour not its own, and no players, as each language names the card on its colour.
WRONG_COLOUR = {"en": "Red: Well is not a card of this colour.",
                "fr": "Rouge\u00a0: la carte Puits n’est pas de cette couleur.",
                "hu": "Piros: Kút – ez a kártya nem ilyen színű."}


def test_the_phone_offline_draws_an_address_of_buildings_alone_as_the_server_does(phone, live_server):
    # The phone's core draws the address on its stored blank page: it opened with one row where a new game has two, and
    # a Well given for red was only "Choose one card of each colour."
    page = offline_tab(phone, live_server)
    for lang in LANGUAGES:
        page.goto(live_server + "/{}/new?red=well&grey=well&orange=chapel&green=tavern&yellow=theater&navy=factory"
                  .format(lang))
        expect(page.locator("fieldset.c-red .error")).to_have_text(WRONG_COLOUR[lang], timeout=WAIT)
        expect(page.locator(".error")).to_have_count(1)
        expect(page.locator("ol.players > li")).to_have_count(2)
        expect(page.locator("input[name=grey][value=well]")).to_be_checked()
        expect(page.locator("input[name=red]:checked")).to_have_count(0)
        expect(page.locator("input[name=green][value=tavern]")).to_be_checked()


# A colour without a card in the row of the seven, as each language says it (setup.html, chosen_card).
NO_CARD = {"en": ("green: no card chosen", "navy: no card chosen"),
           "fr": ("vert\u00a0: aucune carte choisie", "bleu marine\u00a0: aucune carte choisie"),
           "hu": ("zöld: nincs kiválasztott kártya", "sötétkék: nincs kiválasztott kártya")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_solo_chosen_on_the_phone_shows_a_card_it_leaves_out_as_no_card(tab, live_server, lang):
    # The Schoolhouse and the Oddity Shop left the chooser with Solo, but the row of the seven still named them, and
    # only Start said they could not be played.
    page = tab
    page.goto(live_server + "/{}/new?players-0=Ana&fortune=y&red=farm&grey=well&orange=chapel&green=schoolhouse"
              "&yellow=theater&navy=oddity-shop".format(lang))
    page.wait_for_function(CORE_READY, timeout=WAIT)
    green, navy = page.locator(".chosen-card[data-colour=green]"), page.locator(".chosen-card[data-colour=navy]")
    named = (green.text_content(), navy.text_content())
    page.check("input[name=mode][value=solo]")
    expect(green).to_have_text(NO_CARD[lang][0])
    expect(navy).to_have_text(NO_CARD[lang][1])
    # Kept through a reload, drawn by the server, and chosen still out of sight: another mode names them again.
    page.reload()
    expect(green).to_have_text(NO_CARD[lang][0])
    page.wait_for_function(CORE_READY, timeout=WAIT)
    page.check("input[name=mode][value=town-hall]")
    expect(green).to_have_text(named[0])
    expect(navy).to_have_text(NO_CARD[lang][1])
    page.check("input[name=mode][value=master-builder]")
    expect(navy).to_have_text(named[1])


# An address giving a colour twice, as each language names it (the address's own word for the colour).
NAVY_TWICE = {"en": "This address gives navy twice.", "fr": "Cette adresse donne deux fois navy.",
              "hu": "Ez a cím kétszer adja meg ezt: navy."}


def test_the_phone_offline_names_a_colour_an_address_gives_twice_as_the_server_does(phone, live_server):
    # The phone's core was handed each field's first value alone: it drew the Factory without a word, and Start began
    # the game the server refuses with "This address gives navy twice."
    page = offline_tab(phone, live_server)
    for lang in LANGUAGES:
        page.goto(live_server + "/{}/new?players-0=Ana&players-1=Bo{}&navy=bank".format(lang, CARDS))
        expect(page.locator(".error")).to_have_text([NAVY_TWICE[lang]], timeout=WAIT)
        expect(page.locator("input[name=navy][value=factory]")).to_be_checked()
        expect(page.locator("#players-0")).to_have_value("Ana")
        expect(page.locator("#players-1")).to_have_value("Bo")
        expect(page.locator(".chosen-card[data-colour=navy] .chosen-name")).to_have_text(
            {"en": "Factory", "fr": "Usine", "hu": "Gyár"}[lang])


def test_a_field_given_twice_stays_twice_in_the_address_while_the_phone_offline_has_not_named_it(phone, live_server):
    # A name typed before the core had drawn the address wrote the address again from the form: the red given twice, one
    # no card, was written once, or its two texts joined by a comma ("red=zzz,farm"), and a reload named it no more.
    page = offline_tab(phone, live_server)
    page.add_init_script(script=HOLD_CORE)
    page.goto(live_server + "/fr/new?players-0=Ana&red=zzz&red=farm&grey=well&orange=chapel&green=tavern"
              "&yellow=theater&navy=factory&navy=bank")
    page.wait_for_function(HELD, timeout=WAIT)
    page.fill("#players-1", "Bo")
    expect(page).to_have_url(re.compile(r"[?&]players-1=Bo(&|$)"))
    assert re.search(r"[?&]red=zzz&red=farm&", page.url) and re.search(r"[?&]navy=factory&navy=bank&", page.url)
    page.evaluate("window.releaseCore()")
    # Drawn, the address's mistakes are named as the server's page names them: each field given twice, in the order
    # of their names (the phone put the last on top), and red's want of a card.
    expect(page.locator("fieldset.c-red .error")).to_have_text("Choisissez une carte de chaque couleur.", timeout=WAIT)
    expect(page.locator(".error")).to_have_text(["Cette adresse donne deux fois navy.", "Cette adresse donne deux fois red.",
                                                 "Choisissez une carte de chaque couleur."])
    expect(page.locator("#players-1")).to_have_value("Bo")
