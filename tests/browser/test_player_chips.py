"""The players' buttons on a town step say which towns are saved, with each finished town's total."""

import copy

import pytest
from playwright.sync_api import expect

from support import examples
from webscore.flow.town_live import saved_totals
from webscore.languages import LANGUAGES
from webscore.scoring import encode
from webscore.scoring import score

STATE = {"en": ("{} points", "not entered yet", "at least {} points"),
         "fr": ("{}\u00a0points", "pas encore saisie", "au moins {}\u00a0points"),
         "hu": ("{}\u00a0pont", "még nincs beírva", "legalább {}\u00a0pont")}


def game_with_an_empty_town():
    game = copy.deepcopy(examples.load("four-players"))
    game["players"][1]["town"] = [[None] * 4 for _ in range(4)]
    game["players"][1]["stored"] = {}
    game["players"][1]["completed_before"] = None
    return game


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_other_town_says_whether_it_is_saved_and_its_total(tab, live_server, lang):
    game = game_with_an_empty_town()
    # Csongork's Feast Halls read Bernadet's town, on his right and empty: his chip shows the least it makes (33,
    # his result 35 once her town came in), never a number taken back, and says it is the least, as his step does.
    totals = saved_totals(game)
    done, not_yet, least = STATE[lang]
    page = tab
    page.goto(live_server + "/{}/g/{}/1".format(lang, encode(game)))
    chips = page.locator(".steps li")
    expect(chips).to_have_text([game["players"][0]["name"],
                                game["players"][1]["name"] + " " + not_yet,
                                game["players"][2]["name"] + " ✓ " + least.format(totals[2]),
                                game["players"][3]["name"] + " ✓ " + done.format(totals[3])])
    # A screen reader hears the name and the state, not the tick.
    expect(chips.nth(2).get_by_role("button")).to_have_accessible_name(
        game["players"][2]["name"] + " " + least.format(totals[2]))
    # Every chip fits a 360 px phone, each a 44 px target.
    for box in [chip.bounding_box() for chip in chips.all()]:
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360 and box["height"] >= 44


def test_a_town_entered_then_left_by_its_chip_shows_its_total_there(tab, live_server):
    game = game_with_an_empty_town()
    page = tab
    page.goto(live_server + "/en/g/{}/2".format(encode(game)))
    page.wait_for_selector("form.js-town[data-live-total]")
    page.click(".palette .tool[data-card=cottage]")
    for square in ("a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2"):
        page.click(".square[data-square={}] .square-button".format(square))
    page.click(".palette .tool[data-card=farm]")
    page.click(".square[data-square=a3] .square-button")
    # A Farm feeds four Cottages: 4 × 3 points, less 7 empty squares.
    expect(page.locator(".running-total")).to_have_text("Running total: 5")
    page.get_by_role("button", name="Annabell").click()
    expect(page.locator("h1")).to_have_text("Town of Annabell")
    expect(page.locator(".steps li").nth(1)).to_have_text("Bernadet ✓ 5 points")


def test_a_town_saved_with_few_buildings_shows_its_total_not_not_entered(tab, live_server):
    game = game_with_an_empty_town()
    game["players"][1]["town"][0][:3] = ["cottage", "cottage", "farm"]
    total = score(game)["players"][1]["total"]
    page = tab
    page.goto(live_server + "/fr/g/{}/1".format(encode(game)))
    expect(page.locator(".steps li").nth(1)).to_have_text("Bernadet ✓ {} points".format(str(total).replace("-", "\u2212")))


def test_a_chips_name_and_its_state_stand_apart(tab, live_server):
    page = tab
    page.goto(live_server + "/fr/g/{}/1".format(examples.FOUR_PLAYERS_CODE))
    chip = page.locator(".steps button").first
    name, state = chip.locator("bdi").bounding_box(), chip.locator(".chip-state").bounding_box()
    # On one line or two, never run together ("Bernadet✓ 28 points").
    assert state["x"] - (name["x"] + name["width"]) >= 4 or state["y"] >= name["y"] + name["height"]
