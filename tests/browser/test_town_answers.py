"""A town that needs an answer (a monument's fact, a Warehouse's load) says so where the total stands, and asks
for it beside the grid: the live score never shows a number that leaves the answer out.

Player 3 of the four-player example holds the Shrine of the Elder Tree, built with 9 buildings in town.
"""

import re

import pytest
from playwright.sync_api import expect

from support import examples
from webscore.languages import LANGUAGES
from webscore.scoring import score

CODE = examples.FOUR_PLAYERS_CODE
SHRINE_TOTAL = score(examples.load("four-players"))["players"][2]["total"]
WAITING = {
    "en": "Running total: answer “Buildings in town when the Shrine was built (Shrine included)” first",
    "fr": "Total provisoire\u00a0: remplissez d’abord le champ «\u00a0Bâtiments dans la bourgade quand le Sanctuaire a été "
          "construit (Sanctuaire compris)\u00a0»",
    "hu": "Eddigi pontszám: előbb töltsd ki ezt: „Épületek a városban a szentély megépítésekor (a szentéllyel együtt)”",
}
TOTAL = {"en": "Running total: {}", "fr": "Total provisoire\u00a0: {}", "hu": "Eddigi pontszám: {}"}


def open_town(page, live_server, lang="en", n=3):
    page.goto(live_server + "/{}/g/{}/{}".format(lang, CODE, n))
    page.wait_for_selector("form.js-town[data-live-total]")
    return page


def shown_points(page):
    return page.locator(".square .square-points").all_text_contents()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_shrine_without_its_answer_shows_no_number_until_it_is_given(tab, live_server, lang):
    page = open_town(tab, live_server, lang)
    expect(page.locator(".running-total")).to_have_text(TOTAL[lang].format(SHRINE_TOTAL))
    page.fill("#shrine_buildings", "")
    total = page.locator(".running-total")
    expect(total).to_have_text(WAITING[lang])
    expect(total).to_have_class("running-total is-waiting")
    # No square keeps a number that the missing answer may change, and no total is said.
    assert shown_points(page) == [""] * 16
    assert page.locator("form.town-form").get_attribute("data-live-total") == ""
    page.fill("#shrine_buildings", "9")
    expect(total).to_have_text(TOTAL[lang].format(SHRINE_TOTAL))
    expect(total).to_have_class("running-total")
    assert "" not in shown_points(page)


def test_a_shrine_placed_asks_for_its_answer_beside_the_grid_with_the_focus(tab, live_server):
    page = open_town(tab, live_server)
    page.fill("#shrine_buildings", "")
    page.click(".palette [data-action=clear]")
    page.click(".palette .tool[data-card=shrine-of-the-elder-tree]")
    page.click(".square[data-square=a1] .square-button")
    expect(page.locator(".running-total")).to_have_text(WAITING["en"])
    expect(page.locator("#shrine_buildings")).to_be_focused()
    # The question follows the grid at once, in sight once focused, on a 360×740 phone.
    grid = page.locator(".grid").bounding_box()
    question = page.locator("#shrine_buildings").bounding_box()
    assert grid["y"] + grid["height"] <= question["y"] <= grid["y"] + grid["height"] + 80
    assert question["y"] >= 0 and question["y"] + question["height"] <= 740
    expect(page.locator("#announce")).to_have_text("a1, Shrine of the Elder Tree. " + WAITING["en"])
    # One building in town when it was built (itself): 1 point, less 15 empty squares.
    page.keyboard.type("1")
    expect(page.locator(".running-total")).to_have_text("Running total: \u221214")
    expect(page.locator(".square[data-square=a1] .square-points")).to_have_text("1")


def test_an_answer_given_after_next_player_clears_its_error(tab, live_server):
    page = open_town(tab, live_server)
    page.fill("#shrine_buildings", "")
    page.click("button[name=go][value=next]")
    error = page.locator(".facts .error")
    expect(error).to_have_count(1)
    expect(page.locator("#shrine_buildings")).to_have_attribute("aria-invalid", "true")
    page.wait_for_selector("form.js-town[data-live-total]")
    expect(page.locator(".running-total")).to_have_text(WAITING["en"])
    page.fill("#shrine_buildings", "9")
    expect(page.locator(".running-total")).to_have_text("Running total: {}".format(SHRINE_TOTAL))
    expect(error).to_have_count(0)
    assert page.locator("#shrine_buildings").get_attribute("aria-invalid") is None
    assert page.locator("#shrine_buildings").get_attribute("aria-describedby") is None


GIVEN_TWICE = {"en": "This address gives {} twice.", "fr": "Cette adresse donne deux fois {}.",
               "hu": "Ez a cím kétszer adja meg ezt: {}."}
TITLE = {"en": "Town of Annabell · Marquoir", "fr": "Bourgade\u00a0: Annabell · Marquoir",
         "hu": "Annabell városa · Marquoir"}
ERROR_TITLE = {"en": "Error: {}", "fr": "Erreur – {}", "hu": "Hiba: {}"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_square_or_a_fact_given_twice_is_said_until_it_is_given_anew(tab, live_server, lang):
    # An address edited by hand gives a1, b1 and the turns twice: the page shows the first of each, and says so.
    tab.goto(live_server + "/{}/g/{}/1?square_a1=cottage&square_a1=farm&square_b1=well&square_b1=farm"
             "&master_builder_turns=3&master_builder_turns=4".format(lang, CODE))
    page = tab
    page.wait_for_selector("form.js-town[data-live-total]")
    messages = page.locator("form.town-form .error")
    said = {field: GIVEN_TWICE[lang].format(field) for field in ("master_builder_turns", "square_a1", "square_b1")}
    expect(messages).to_have_text([said["master_builder_turns"], said["square_a1"], said["square_b1"]])
    expect(page).to_have_title(ERROR_TITLE[lang].format(TITLE[lang]))
    # b1 given a building: its message goes (it stayed before), the others stay.
    page.click(".palette .tool[data-card=cottage]")
    page.click(".square[data-square=b1] .square-button")
    expect(page.locator("#square_b1")).to_have_value("cottage")
    expect(messages).to_have_text([said["master_builder_turns"], said["square_a1"]])
    # Clear town: a1's goes with its Cottage; the turns, which Clear leaves as they are, are still the first given.
    page.click(".palette [data-action=clear]")
    expect(page.locator("#square_a1")).to_have_value("")
    expect(messages).to_have_text([said["master_builder_turns"]])
    expect(page).to_have_title(ERROR_TITLE[lang].format(TITLE[lang]))
    # Typed, the turns are the player's: no message is left, nor "Error" in the title.
    page.fill("#master_builder_turns", "4")
    expect(messages).to_have_count(0)
    expect(page).to_have_title(TITLE[lang])


LOAD_OUT_OF_RANGE = {"en": "Running total: enter what the Warehouse on d4 stores, from 0 to 3",
                     "fr": "Total provisoire\u00a0: indiquez ce que stocke l’entrepôt de la case d4, de 0\u00a0à 3",
                     "hu": "Eddigi pontszám: add meg a raktár készletét 0\u00a0és 3\u00a0között (d4 mező)"}


LOAD_OVER = {"en": "A Warehouse stores at most 3 resources.", "fr": "Un entrepôt stocke au plus 3\u00a0ressources.",
             "hu": "Egy raktár legfeljebb 3\u00a0nyersanyagot tárol."}
LOAD_SAID = {"en": "d4, Warehouse, \u22122 points. {}", "fr": "d4, Entrepôt, \u22122\u00a0points. {}",
             "hu": "d4, Raktár, \u22122\u00a0pont. {}"}
LOAD_SAID_WAITING = {lang: "d4, {}. {}".format(card, LOAD_OUT_OF_RANGE[lang])
                     for lang, card in (("en", "Warehouse"), ("fr", "Entrepôt"), ("hu", "Raktár"))}
# Where a square's load label overlaps its field, or the focus ring drawn round it: "label", "ring".
CLEAR_OF_FIELD = """(square) => {
  const box = document.querySelector(`.square[data-square=${square}]`);
  const label = box.querySelector(".stored label").getBoundingClientRect();
  const field = box.querySelector(".stored-input");
  const style = getComputedStyle(field);
  const ring = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
  const top = field.getBoundingClientRect().top;
  return [label.bottom > top && "label", document.activeElement === field && label.bottom > top - ring && "ring"]
    .filter(Boolean);
}"""


# Resolved once the live score has answered the town's next change (town-scored: live.mjs).
NEXT_SCORING = """() => {
  const form = document.querySelector("form.town-form");
  window.nextScoring = new Promise((done) => form.addEventListener("town-scored", () => done(true), { once: true }));
}"""


def warehouse_total(load) -> int:
    """Return player 1's total with a Warehouse on d4 storing load (None: left blank, so nothing)."""
    game = examples.load("four-players")
    player = game["players"][0]
    player["town"][3][3] = "warehouse"
    player["stored"] = dict(player.get("stored") or {}, d4=load or 0)
    return score(game)["players"][0]["total"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_warehouse_placed_stores_nothing_until_its_load_is_given(tab, live_server, lang):
    # Its total shows at once; the load is asked on its square, one tap away, and counts once given.
    page = open_town(tab, live_server, lang, n=1)
    page.click(".palette .tool[data-card=warehouse]")
    page.click(".square[data-square=d4] .square-button")
    expect(page.locator(".running-total")).to_have_text(TOTAL[lang].format(warehouse_total(None)))
    expect(page.locator("#stored_d4")).to_be_visible()
    assert page.locator("#stored_d4").get_attribute("placeholder") == "0"
    page.fill("#stored_d4", "2")
    expect(page.locator(".running-total")).to_have_text(TOTAL[lang].format(warehouse_total(2)))
    assert warehouse_total(2) == warehouse_total(None) - 2
    # The load's change is said as a tap's is: the square, then the total; the square reads as it says itself.
    expect(page.locator("#announce")).to_have_text(LOAD_SAID[lang].format(TOTAL[lang].format(warehouse_total(2))))
    expect(page.locator(".square[data-square=d4] .square-button")).to_have_accessible_name(
        LOAD_SAID[lang].format("").removesuffix(". "))
    # Its label stays clear of the field and of the field's focus ring, under the card's name on two lines in French.
    assert page.evaluate(CLEAR_OF_FIELD, "d4") == []
    page.fill("#stored_d4", "")
    expect(page.locator(".running-total")).to_have_text(TOTAL[lang].format(warehouse_total(None)))
    expect(page.locator(".square[data-square=d4] .error")).to_have_count(0)
    # A load it cannot take: no number, and the range it takes; the field is marked at once, as the server marks it.
    page.fill("#stored_d4", "7")
    expect(page.locator(".running-total")).to_have_text(LOAD_OUT_OF_RANGE[lang])
    error = page.locator(".square[data-square=d4] .error")
    expect(error).to_have_text(LOAD_OVER[lang])
    expect(page.locator("#stored_d4")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#stored_d4")).to_have_attribute("aria-describedby", "stored_d4-error-1")
    expect(page.locator(".square[data-square=d4] .square-button")).to_have_attribute("aria-describedby", "stored_d4-error-1")
    expect(page.locator(".square[data-square=d4]")).to_have_class(re.compile(r"\bhas-error\b"))
    # Typed on, the same message stays one message; a load it takes answers it. Read once the page has scored the 8:
    # until then the words said and the message are the 7's, which these checks passed on as well.
    page.evaluate(NEXT_SCORING)
    page.fill("#stored_d4", "8")
    page.evaluate("() => window.nextScoring")
    expect(page.locator("#announce")).to_have_text(LOAD_SAID_WAITING[lang])
    expect(error).to_have_count(1)
    page.fill("#stored_d4", "3")
    expect(page.locator(".running-total")).to_have_text(TOTAL[lang].format(warehouse_total(3)))
    expect(error).to_have_count(0)
    assert page.locator("#stored_d4").get_attribute("aria-invalid") is None


def test_a_warehouse_load_given_after_next_player_clears_its_error_on_the_square(tab, live_server):
    page = open_town(tab, live_server, "fr", n=1)
    page.click(".palette .tool[data-card=warehouse]")
    page.click(".square[data-square=d4] .square-button")
    page.fill("#stored_d4", "-1")
    page.click("button[name=go][value=next]")
    error = page.locator(".square[data-square=d4] .error")
    expect(error).to_have_text("Indiquez combien de ressources sont stockées, de 0 à 3.")
    page.wait_for_selector("form.js-town[data-live-total]")
    page.fill("#stored_d4", "2")
    expect(page.locator(".running-total")).to_have_class("running-total")
    expect(error).to_have_count(0)
    expect(page.locator(".square[data-square=d4]")).not_to_have_class(re.compile(r"\bhas-error\b"))
    assert page.locator("#stored_d4").get_attribute("aria-invalid") is None
    assert page.locator(".square[data-square=d4] .square-button").get_attribute("aria-describedby") is None
