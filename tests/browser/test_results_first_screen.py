"""The scores open with who won, the ranking and the ways to share, in a 360×740 phone's first screen; each
town's detail folds under its heading, opened on demand and printed open."""

import pytest
from playwright.sync_api import expect

from support import examples
from webscore.languages import LANGUAGES
from webscore.scoring import encode
from webscore.scoring import score

CODE = examples.FOUR_PLAYERS_CODE
SCREEN = 740
WINS = {"en": "{} wins with {} points", "fr": "{} l’emporte avec {} points", "hu": "{} nyert {} ponttal"}


def bottom(page, selector):
    box = page.locator(selector).bounding_box()
    return box["y"] + box["height"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_winner_the_ranking_and_the_share_actions_are_in_the_first_screen(tab, live_server, lang):
    players = score(examples.load("four-players"))["players"]
    first = min(players, key=lambda player: player["place"])
    page = tab
    page.goto(live_server + "/{}/r/{}".format(lang, CODE))
    expect(page.locator(".winner")).to_have_text(WINS[lang].format(first["name"], first["total"]))
    expect(page.locator(".share-button")).to_be_visible()
    for selector in (".winner", ".rank >> nth=-1", ".share-url", ".share-button", "a[data-bgstats]", ".picture-button"):
        assert bottom(page, selector) <= SCREEN, selector
    # Folded, the whole page of four towns is at most three screens.
    assert page.evaluate("() => document.documentElement.scrollHeight") <= 3 * SCREEN


def test_a_towns_detail_folds_under_its_heading_and_opens_on_demand(tab, live_server):
    page = tab
    page.goto(live_server + "/en/r/" + CODE)
    town = page.locator("#town-2")
    expect(town.locator(".result-grid")).to_be_hidden()
    # Its way to change it stays in sight, folded.
    expect(town.get_by_role("link", name="Change this town")).to_be_visible()
    town.locator("summary").click()
    expect(town.locator(".result-grid")).to_be_visible()
    expect(town.locator(".reasons li").first).to_be_visible()
    box = town.locator("summary").bounding_box()
    assert box["height"] >= 44


def test_a_printed_result_shows_every_town_open(tab, live_server):
    page = tab
    page.goto(live_server + "/en/r/" + CODE)
    page.emulate_media(media="print")
    for n in range(1, 5):
        expect(page.locator("#town-{} .result-grid".format(n))).to_be_visible()


def test_a_tie_for_first_place_is_worded_as_a_tie(tab, live_server):
    game = examples.tied_game(names=("Ann", "Bo", "Cy"))
    page = tab
    page.goto(live_server + "/en/r/" + encode(game))
    total = score(game)["players"][0]["total"]
    expect(page.locator(".winner")).to_have_text("Ann, Bo, and Cy share first place with {} points".format(total))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_with_a_tie_to_break_its_form_comes_right_under_the_ranking_in_the_first_screen(tab, live_server, lang):
    # The tie is what the table reads first: its form follows the ranking (it sat under the QR code), and the
    # ways to share come after it.
    page = tab
    page.goto(live_server + "/{}/r/{}".format(lang, encode(examples.tied_game(names=("Anna", "Béla")))))
    expect(page.locator("form.turns")).to_be_visible()
    for selector in (".winner", ".rank >> nth=-1", "#turns-1"):
        assert bottom(page, selector) <= SCREEN, selector
    assert bottom(page, ".ranking") <= page.locator("form.turns").bounding_box()["y"]
    assert bottom(page, "form.turns") <= page.locator(".share").bounding_box()["y"]


def test_a_ties_turn_boxes_stand_in_one_column_whatever_the_names(tab, live_server):
    page = tab
    page.goto(live_server + "/fr/r/{}".format(encode(examples.tied_game(names=("Al", "Bernadette-Joséphine", "Cy")))))
    boxes = [page.locator("#turns-{}".format(n)).bounding_box() for n in (1, 2, 3)]
    assert len({(box["x"], box["width"]) for box in boxes}) == 1
