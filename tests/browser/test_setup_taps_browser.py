"""Buttons of the setup tapped faster than the page answers them: each taken in turn, once, on the player it named;
what each says, and where it leaves the focus. Cards tapped while it answers: the last tapped stays chosen, and
answers its colour's message."""

import re

import pytest
from playwright.sync_api import expect

from support.browsing import CORE_READY
from support.browsing import HELD
from support.browsing import HOLD_CORE
from support.browsing import WAIT
from support.browsing import opened_with_core_held
from support.browsing import typed_while_core_held
from support.phone import double_tap
from support.webflow import code_of
from webscore.languages import LANGUAGES
from webscore.scoring import decode

# Taps the buttons of these selectors in one go: no answer is drawn between them, as when a quick hand or a slow phone
# taps again before the rows of the tap before are there.
TAP_ALL = "(selectors) => { for (const selector of selectors) document.querySelector(selector).click(); }"
# A setup refused, in each language: its title, as the server's page titles it, the page's own title once the
# problem is answered, and the message of a name left blank.
REFUSED = {"en": ("Error: New game · Marquoir", "New game · Marquoir", "Enter a name."),
           "fr": ("Erreur – Nouvelle partie · Marquoir", "Nouvelle partie · Marquoir", "Saisissez un nom."),
           "hu": ("Hiba: Új játszma · Marquoir", "Új játszma · Marquoir", "Adj meg egy nevet.")}
# A card of every colour but red; with Fortune's cards on, red offers six, Root Cellar and Tithe Barn among them.
BUT_RED = "&grey=well&orange=chapel&green=tavern&yellow=theater&navy=factory"
FORTUNE_BUT_RED = "&fortune=y" + BUT_RED


def names(page):
    return page.locator("ol.players input.name")


def expect_names(page, wanted):
    expect(names(page)).to_have_count(len(wanted))
    for n, name in enumerate(wanted):
        expect(names(page).nth(n)).to_have_value(name)


def test_buttons_tapped_before_the_rows_are_drawn_again_each_act_once_on_the_player_they_named(tab, live_server):
    page = tab
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


def test_a_start_refused_for_its_problems_starts_once_they_are_mended(tab, live_server):
    # Refused for two players of one name, then mended: the second tap on the same button was taken for a double tap
    # and did nothing, the message left standing.
    page = tab
    page.goto(live_server + "/hu/new?players-0=Ana&players-1=+ana+&red=farm&grey=well&orange=chapel&green=tavern"
                            "&yellow=theater&navy=factory")
    page.wait_for_function(CORE_READY, timeout=WAIT)
    start = page.locator('button[value="start"]')
    start.click()
    expect(page.locator(".js-error")).to_have_text(
        ["Egy másik játékosnak is ez a neve: írj mellé valamit, ami megkülönbözteti őket, például egy kezdőbetűt."])
    names(page).nth(1).fill("Ana B.")
    start.click()
    page.wait_for_url("**/g/**/1", timeout=WAIT)


def refused_at_start(page, base: str, lang: str) -> None:
    """Open the setup in a language, name its second player alone and tap Start: refused, the first name missing."""
    page.goto(base + "/{}/new".format(lang))
    page.wait_for_function(CORE_READY, timeout=WAIT)
    page.fill("#players-1", "Bo")
    page.locator('button[value="start"]').click()
    expect(page.locator(".error")).to_have_text([REFUSED[lang][2]])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_start_refused_says_error_in_the_title_and_focuses_the_name_to_mend(tab, live_server, lang):
    # The title stayed the page's own and the focus on the button, where the server's page and a town's say Error.
    page = tab
    refused_at_start(page, live_server, lang)
    expect(page).to_have_title(REFUSED[lang][0])
    expect(page.locator("#players-0")).to_be_focused()
    expect(page.locator(".error")).to_be_in_viewport()
    # Answered by the next button (a player added), the message goes, and "Error" with it.
    page.locator('button[value="add"]').click()
    expect(names(page)).to_have_count(3)
    expect(page.locator(".error")).to_have_count(0)
    expect(page).to_have_title(REFUSED[lang][1])
    # Refused again, a name typed answers its row's message, and the last one answered "Error" goes: typed, the
    # message stood and the title said Error until the next button.
    page.locator('button[value="start"]').click()
    expect(page.locator(".error")).to_have_text([REFUSED[lang][2]] * 2)
    page.locator("#players-0").press_sequentially("Ana")
    expect(page.locator(".error")).to_have_text([REFUSED[lang][2]])
    expect(page).to_have_title(REFUSED[lang][0])
    expect(page.locator("#players-0")).not_to_have_attribute("aria-invalid", "true")
    page.locator("#players-2").press_sequentially("Cy")
    expect(page.locator(".error")).to_have_count(0)
    expect(page).to_have_title(REFUSED[lang][1])


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_a_start_refused_names_its_problem_again_when_reloaded_and_never_starts_the_game(tab, live_server, lang):
    # Reloaded (or woken by the phone), the page showed the form without its message.
    page = tab
    refused_at_start(page, live_server, lang)
    page.reload()
    expect(page.locator(".error")).to_have_text([REFUSED[lang][2]])
    expect(page).to_have_title(REFUSED[lang][0])
    expect(page.locator("#players-1")).to_have_value("Bo")
    # Answered, the message goes from the address too: reloaded then, the form is as typed, and no game starts.
    page.wait_for_function(CORE_READY, timeout=WAIT)
    page.locator("#players-0").press_sequentially("Ana")
    expect(page.locator(".error")).to_have_count(0)
    expect(page).not_to_have_url(re.compile(r"[?&]action="))
    page.reload()
    expect(page.locator("#players-0")).to_have_value("Ana")
    expect(page.locator(".error")).to_have_count(0)
    expect(page).to_have_title(REFUSED[lang][1])
    assert "/new?" in page.url


def test_a_player_removed_from_six_can_be_added_again_and_six_say_why_there_is_no_more(tab, live_server):
    # Seven players drawn by the server (an address made by hand): refused, its message has the focus and the title
    # says Error; a player removed answers it, where the title went on saying Error.
    page = tab
    page.goto(live_server + "/fr/new?" + "&".join("players-{}=P{}".format(n, n) for n in range(7)))
    message = page.locator("p.error")
    expect(message).to_have_text("Une partie se joue de 1\u00a0à 6\u00a0joueurs.")
    expect(message).to_be_focused()
    expect(page).to_have_title(REFUSED["fr"][0])
    page.wait_for_function(CORE_READY)
    page.get_by_role("button", name="Retirer P6").click()
    expect(page.locator(".error")).to_have_count(0)
    expect(page).to_have_title(REFUSED["fr"][1])
    # Six players (a rematch, Back to the setup): its "Add a player" was not there to be shown.
    add, full = page.locator('button[value="add"]'), page.locator(".players-full")
    expect(full).to_have_text("Une partie se joue de 1\u00a0à 6\u00a0joueurs.")
    expect(add).to_be_hidden()
    page.get_by_role("button", name="Retirer P5").click()
    expect_names(page, ["P{}".format(n) for n in range(5)])
    expect(add).to_be_visible()
    # Said, and the focus on the button after the row gone (never a name, which opens a phone's keyboard).
    expect(page.locator("#announce")).to_have_text("Joueur retiré\u00a0: P5.")
    expect(add).to_be_focused()
    expect(full).to_be_hidden()
    add.click()
    expect_names(page, ["P{}".format(n) for n in range(5)] + [""])
    expect(full).to_be_visible()
    expect(add).to_be_hidden()
    # Monuments left out, then chosen again: the deal's button comes back with them.
    deal = page.locator('button[value="deal-monuments"]')
    page.locator("#without_monuments").check()
    expect(deal).to_be_hidden()
    page.locator("#without_monuments").uncheck()
    expect(deal).to_be_visible()


def test_a_double_tap_on_a_players_cross_removes_that_player_alone(tab, live_server):
    # The rows below move up once the player is gone: the second tap found the next player's ✕ under the finger.
    page = tab
    page.goto(live_server + "/en/new?players-0=Ana&players-1=Bo&players-2=Cy&players-3=Dee")
    page.wait_for_function(CORE_READY)
    expect_names(page, ["Ana", "Bo", "Cy", "Dee"])
    double_tap(page, page.get_by_role("button", name="Remove Bo"))
    expect_names(page, ["Ana", "Cy", "Dee"])
    # Said, and the focus on the next row's ✕: a button, never a name, which opens a phone's keyboard.
    expect(page.locator("#announce")).to_have_text("Player removed: Bo.")
    expect(page.locator('button[value="remove-1"]')).to_be_focused()
    expect(page.locator('button[value="remove-1"]')).to_have_accessible_name("Remove Cy")
    # A tap after them is taken after them: the rows are those of one removal.
    page.get_by_role("button", name="Remove Dee").click()
    expect_names(page, ["Ana", "Cy"])
    expect(page.locator("#announce")).to_have_text("Player removed: Dee.")
    expect(page.locator('button[value="add"]')).to_be_focused()
    # A row's buttons are named by the name as it is typed, before the rows are drawn again.
    page.locator("#players-1").press("End")
    page.keyboard.type("ra")
    move = page.locator('button[value="up-1"]')
    expect(move).to_have_accessible_name("Move Cyra up")
    expect(page.locator('button[value="remove-1"]')).to_have_accessible_name("Remove Cyra")
    move.click()
    expect_names(page, ["Cyra", "Ana"])
    expect(page.locator("#announce")).to_have_text("Cyra moved up: player 1 of 2.")
    expect(page.locator('button[value="remove-0"]')).to_be_focused()


def test_a_name_typed_right_after_add_a_player_is_the_new_players_however_late_their_row_comes(phone, live_server):
    # The letters went to the button tapped, and were lost, until the new row was drawn.
    page = opened_with_core_held(phone, live_server + "/hu/new?players-0=%C3%81gi&players-1=Bence")
    # The core as a slow phone has it: the row comes well after the tap and the letters typed after it.
    typed_while_core_held(page, page.get_by_role("button", name="Játékos hozzáadása"), "Csu\baba")
    name = page.locator("#players-2")
    expect(name).to_have_value("Csaba")
    expect(name).to_be_focused()
    page.keyboard.type(" K")
    expect(name).to_have_value("Csaba K")
    expect(page.locator('button[value="remove-2"]')).to_have_accessible_name("Csaba K eltávolítása")
    expect(page).to_have_url(re.compile(r"[?&]players-2=Csaba\+K(&|$)"))
    page.reload()
    expect_names(page, ["Ági", "Bence", "Csaba K"])


def test_letters_typed_after_add_a_player_that_adds_none_go_into_no_name(phone, live_server):
    # Solo keeps one player: the letters went into Ana's name, as if hers were the new row.
    page = opened_with_core_held(phone, live_server + "/en/new?mode=solo&players-0=Ana")
    expect_names(page, ["Ana"])
    # The core as a slow phone has it: its answer comes after the letters.
    typed_while_core_held(page, page.get_by_role("button", name="Add a player"), "Bo")
    page.wait_for_function("() => window.coreHeld() === 0", timeout=WAIT)
    expect_names(page, ["Ana"])
    page.locator("#players-0").click()
    page.keyboard.press("End")
    page.keyboard.type("!")
    expect(page.locator("#players-0")).to_have_value("Ana!")


def test_a_name_typed_while_the_page_answers_a_switch_stays_as_typed_and_names_its_buttons(phone, live_server):
    # The rows drawn again without monuments took the names as they were once the answer was worded: letters typed
    # while it was were lost.
    page = opened_with_core_held(phone, live_server + "/en/new?players-0=Ana&players-1=Bo")
    page.evaluate("window.holdCore()")
    page.get_by_label("Without monuments").check()
    page.wait_for_function(HELD, timeout=WAIT)
    page.locator("#players-1").click()
    page.keyboard.press("End")
    page.keyboard.type("b")
    page.evaluate("window.passCore()")
    page.wait_for_function(HELD, timeout=WAIT)
    page.keyboard.type("by")
    page.evaluate("window.releaseCore()")
    expect(page.locator("#monuments-1")).to_be_hidden()
    expect(page.locator("#players-1")).to_have_value("Bobby")
    expect(page.locator("#players-1")).to_be_focused()
    expect(page.locator('button[value="remove-1"]')).to_have_accessible_name("Remove Bobby")
    expect(page).to_have_url(re.compile(r"[?&]players-1=Bobby(&|$)"))


def red_tapped_over_two_answers(page, first: str, second: str) -> None:
    """On a page opened with HOLD_CORE, tap a red card, let the core's answers held by then go, and tap another red card
    while it holds the next one; then let every answer go."""
    page.click("label.card-choice[data-card={}]".format(first))
    page.wait_for_function(HELD, timeout=WAIT)
    page.evaluate("window.passCore()")
    page.wait_for_function(HELD, timeout=WAIT)
    page.click("label.card-choice[data-card={}]".format(second))
    page.evaluate("window.releaseCore()")


def test_the_red_card_tapped_last_stays_chosen_however_late_the_page_answers_a_switch(phone, live_server):
    # The answer to a switch drew the cards as they were when the page asked it: a card tapped meanwhile was undone.
    # A phone (four times slower, 200 ms away) starting up left Root Cellar for Root Cellar then Tithe Barn.
    page = phone.new_page()
    page.add_init_script(script=HOLD_CORE)
    page.goto(live_server + "/en/new?players-0=Ana&players-1=Bo" + FORTUNE_BUT_RED)
    chosen, monuments = page.locator(".chosen-card[data-colour=red]"), page.locator("#monuments-0 option:not([hidden])")
    # Switched on before the core is ready, Fortune's monuments are answered once it is: Root Cellar is tapped before,
    # Tithe Barn while that answer is on its way.
    page.get_by_label("Fortune's monuments").check()
    page.click("details.chooser summary")
    red_tapped_over_two_answers(page, "root-cellar", "tithe-barn")
    expect(monuments).to_have_count(26)
    expect(chosen).to_have_text("Tithe Barn")
    expect(page.locator("input[name=red]:checked")).to_have_value("tithe-barn")
    expect(page).to_have_url(re.compile(r"[?&]red=tithe-barn(&|$)"))
    # Ready, a switch answered as late: Root Cellar tapped while its answer is on its way, Orchard while the words
    # for it are.
    page.evaluate("window.holdCore()")
    page.get_by_label("Fortune's monuments").uncheck()
    red_tapped_over_two_answers(page, "root-cellar", "orchard")
    expect(monuments).to_have_count(16)
    expect(chosen).to_have_text("Orchard")
    expect(page.locator("input[name=red]:checked")).to_have_value("orchard")
    page.click("button[value=start]")
    page.wait_for_url("**/en/g/**/1", timeout=WAIT)
    game = decode(code_of(page.url))
    assert game["buildings"] == ["cottage", "orchard", "well", "chapel", "tavern", "theater", "factory"]
    assert (game.get("fortune_monuments", False), [player["name"] for player in game["players"]]) == (False, ["Ana", "Bo"])


def test_a_card_tapped_while_start_is_refused_for_want_of_its_colour_leaves_no_message(phone, live_server):
    # The refusal drew red's message, and Error in the title, under the card tapped while it was on its way.
    page = opened_with_core_held(phone, live_server + "/fr/new?players-0=Ana&players-1=Bo" + BUT_RED)
    page.click("details.chooser summary")
    page.evaluate("window.holdCore()")
    page.click("button[value=start]")
    page.wait_for_function(HELD, timeout=WAIT)
    page.click("label.card-choice[data-card=farm]")
    # Its answer, the words for it, then its title: the page draws it as the last is let go.
    for _ in range(2):
        page.evaluate("window.passCore()")
        page.wait_for_function(HELD, timeout=WAIT)
    page.evaluate("window.releaseCore()")
    expect(page.locator("fieldset.c-red .error")).to_have_count(0)
    expect(page.locator("fieldset.c-red")).not_to_have_attribute("aria-describedby", re.compile(".*"))
    expect(page.locator(".error")).to_have_count(0)
    expect(page).to_have_title(REFUSED["fr"][1])
    expect(page).not_to_have_url(re.compile(r"[?&]action="))
    expect(page.locator(".chosen-card[data-colour=red]")).to_have_text("Ferme")
    # Tapped again, Start starts the game with it.
    page.click("button[value=start]")
    page.wait_for_url("**/fr/g/**/1", timeout=WAIT)
    game = decode(code_of(page.url))
    assert game["buildings"] == ["cottage", "farm", "well", "chapel", "tavern", "theater", "factory"]
