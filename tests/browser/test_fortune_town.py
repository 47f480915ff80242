"""A game with coins and Tiny Trees entered on a 360×740 phone, in French: each town tapped in, its coins typed, its
seed tapped onto the board with the palette's Seed; each town's running total shown as the core scores it, then
the scores. Léa's seed lies on the one square she leaves empty, and grows into a tree; Noé builds over his."""

import pytest
from playwright.sync_api import expect

from support.phone import double_tap
from support.phone import read_results
from support.phone import select_town
from support.phone import tap_town
from support.tables import empty_setup
from support.towns import town
from support.webflow import code_of
from webscore.scoring import decode
from webscore.scoring import encode
from webscore.scoring import problems
from webscore.scoring import score

ROWS = {
    "Léa": ("cottage cottage chapel well", "cottage root-cellar tavern tavern", "theater factory cottage well",
            "cottage tavern chapel ."),
    "Noé": ("cottage root-cellar . factory", "well cottage tavern .", "chapel theater . .", ". . . ."),
}
FACTS = {"Léa": {"coins": 2, "seed": "d4"}, "Noé": {"coins": 4, "seed": "b1"}}
GAME = {"mode": "master-builder", "monuments": False, "cavern": False, "coins": True, "tiny_trees": True,
        "buildings": ["cottage", "root-cellar", "well", "chapel", "tavern", "theater", "factory"],
        "players": [dict({"name": name, "monument": None, "town": town(*ROWS[name])}, **FACTS[name])
                    for name in ("Léa", "Noé")]}
TOTALS = {player["name"]: player["total"] for player in score(GAME)["players"]}
PLACES = {player["name"]: player["place"] for player in score(GAME)["players"]}
RUNNING = "Total provisoire\u00a0: {}"
WAITING_FOR_COINS = ("Total provisoire\u00a0: remplissez d’abord le champ «\u00a0Pièces dans le coffre, "
                     "avant toute dépense de fin de partie\u00a0»")


def running(total: int) -> str:
    return RUNNING.format(str(total).replace("-", "\u2212"))


def test_the_game_file_is_valid_and_its_tree_grows():
    assert problems(GAME) == []
    # Léa's tree: +2 where her one empty square would cost 1.
    assert score(GAME)["players"][0]["by_colour"]["empty"] == 2


def test_a_game_with_coins_and_a_seed_is_entered_on_the_phone(tab, live_server):
    page = tab
    page.goto(live_server + "/fr/g/{}/1".format(encode(empty_setup(GAME))))
    for n, name in enumerate(("Léa", "Noé"), start=1):
        form = page.locator("form.js-town[data-live-total]")
        expect(form).to_have_attribute("data-player", str(n))
        seed = FACTS[name]["seed"]
        # The seed first, as at the table: the Seed, then its square; tapped again it is lifted, then put back.
        page.click(".palette .tool[data-seed]")
        page.click(".square[data-square={}] .square-button".format(seed))
        expect(page.locator(".square[data-square={}] .square-seed".format(seed))).to_be_visible()
        page.click(".square[data-square={}] .square-button".format(seed))
        expect(page.locator(".square-seed:visible")).to_have_count(0)
        page.click(".square[data-square={}] .square-button".format(seed))
        assert page.input_value("#seed") == seed
        expect(page.locator("#seed")).to_be_hidden()
        tap_town(page, ROWS[name])
        # A town with buildings waits for its coins: no number until they are given.
        total = page.locator(".running-total")
        expect(total).to_have_class("running-total is-waiting")
        expect(total).to_have_text(WAITING_FOR_COINS)
        assert form.get_attribute("data-live-total") == ""
        page.fill("#coins", str(FACTS[name]["coins"]))
        expect(total).to_have_text(running(TOTALS[name]))
        expect(form).to_have_attribute("data-live-total", str(TOTALS[name]))
        # A seed built over stays marked, under the building.
        expect(page.locator(".square[data-square={}] .square-seed".format(seed))).to_be_visible()
        # The address keeps the seed as it keeps the squares.
        assert "seed=" + seed in page.url
        page.click("button[name=go][value={}]".format("next" if n == 1 else "results"))
    page.wait_for_url("**/r/**")
    assert read_results(page) == {name: (TOTALS[name], PLACES[name]) for name in ("Léa", "Noé")}


@pytest.mark.parametrize("lang, running_total", [("en", "Running total: {}"), ("fr", RUNNING)])
def test_coins_typed_in_arabic_indic_digits_count_as_the_number_they_write(tab, live_server, lang, running_total):
    # A keyboard that writes ٤ for 4: the number field dropped it without a word, then the page called it no whole
    # number. It is the 4 it writes: Noé's total with his 4 coins.
    page = tab
    page.goto(live_server + "/{}/g/{}/2".format(lang, encode(empty_setup(GAME))))
    page.wait_for_selector("form.js-town[data-live-total]")
    page.click(".palette .tool[data-seed]")
    page.click(".square[data-square=b1] .square-button")
    tap_town(page, ROWS["Noé"])
    page.click("#coins")
    page.keyboard.type("\u0664")
    expect(page.locator("#coins")).to_have_value("\u0664")
    expect(page.locator(".running-total")).to_have_text(running_total.format(str(TOTALS["Noé"]).replace("-", "\u2212")))
    page.click("button[name=go][value=back]")
    page.wait_for_url("**/g/**/1")
    # Saved as the number it is.
    assert decode(code_of(page.url))["players"][1]["coins"] == 4


def test_without_scripts_the_seed_is_chosen_in_its_select(phone_without_js, live_server):
    page = phone_without_js.new_page()
    page.goto(live_server + "/fr/g/{}/2".format(encode(empty_setup(GAME))))
    select_town(page, ROWS["Noé"])
    page.fill("#coins", "4")
    page.select_option("#seed", "b1")
    page.click("button[name=go][value=back]")
    page.wait_for_url("**/g/**/1")
    page.goto(page.url[:-len("/1")] + "/2")
    assert page.input_value("#seed") == "b1" and page.input_value("#coins") == "4"


def test_the_seeds_mark_follows_its_select_as_a_table_sets_it(tab, live_server):
    page = tab
    page.goto(live_server + "/en/g/{}/2".format(encode(empty_setup(GAME))))
    page.wait_for_selector("form.js-town")
    # What a table does with a field another phone changed (table-town.mjs showTown).
    page.eval_on_selector("#seed", "(seed) => { seed.value = 'c3'; seed.dispatchEvent(new Event('change', { bubbles: true })); }")
    expect(page.locator(".square-seed:visible")).to_have_count(1)
    expect(page.locator(".square[data-square=c3] .square-seed")).to_be_visible()
    # A player who put no seed down: the box is the select's "none" both ways, and the board shows no seed.
    box = page.get_by_label("No seed put down")
    # A box as wide as every box of the app's (1.4rem), not as the facts' number fields.
    assert box.bounding_box()["width"] == pytest.approx(1.4 * 16, abs=0.1)
    page.eval_on_selector("#seed", "(seed) => { seed.value = 'none'; "
                          "seed.dispatchEvent(new Event('change', { bubbles: true })); }")
    expect(box).to_be_checked()
    expect(page.locator(".square-seed:visible")).to_have_count(0)
    # Unticked, the seed lies again where it lay before (c3).
    box.uncheck()
    assert page.input_value("#seed") == "c3"
    expect(page.locator(".square[data-square=c3] .square-seed")).to_be_visible()
    box.check()
    assert page.input_value("#seed") == "none"
    # The seed tapped onto a square afterwards lies there, and the box is unticked.
    page.click(".palette .tool[data-seed]")
    page.click(".square[data-square=a2] .square-button")
    expect(box).not_to_be_checked()
    assert page.input_value("#seed") == "a2"
    # Undone: no seed put down again.
    page.click('.palette [data-action="undo"]')
    expect(box).to_be_checked()
    # Clearing the town lifts the seed with the buildings: the seed is not known again; one Undo puts both back.
    page.click(".palette .tool[data-card=cottage]")
    page.click(".square[data-square=d4] .square-button")
    page.click('.palette [data-action="clear"]')
    expect(box).not_to_be_checked()
    assert page.input_value("#seed") == "" and page.input_value(".square[data-square=d4] .square-select") == ""
    expect(page.locator(".square-seed:visible")).to_have_count(0)
    page.click('.palette [data-action="undo"]')
    expect(box).to_be_checked()
    assert page.input_value("#seed") == "none" and page.input_value(".square[data-square=d4] .square-select") == "cottage"


def test_the_seed_double_tapped_onto_a_square_lies_there(tab, live_server):
    page = tab
    page.goto(live_server + "/en/g/{}/2".format(encode(empty_setup(GAME))))
    page.wait_for_selector("form.js-town")
    page.click(".palette .tool[data-seed]")
    double_tap(page, page.locator(".square[data-square=b1] .square-button"))
    expect(page.locator("#seed")).to_have_value("b1")
    # Undo double-tapped undoes one step, as a tap does: two Cottages put down, the last is taken back.
    page.click(".palette .tool[data-card=cottage]")
    page.click(".square[data-square=a1] .square-button")
    page.click(".square[data-square=c1] .square-button")
    expect(page.locator("#square_c1")).to_have_value("cottage")
    double_tap(page, page.locator('.palette [data-action="undo"]'))
    expect(page.locator("#square_c1")).to_have_value("")
    assert page.input_value("#square_a1") == "cottage" and page.input_value("#seed") == "b1"


def test_clearing_a_town_whose_seed_lies_off_the_board_takes_the_seeds_message_away(tab, live_server):
    # An address giving a seed on no square (made by hand, or cut short): the page says so on the seed's field; and a
    # card no game plays on b1 (a Castle), on its square.
    page = tab
    page.goto(live_server + "/en/g/{}/2/save?square_a1=cottage&square_b1=castle&coins=2&seed=e9&go=next".format(
        encode(empty_setup(GAME))))
    page.wait_for_selector("form.js-town")
    expect(page.locator("#seed")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#seed-error-1")).to_have_text("A seed lies on one square, from a1 to d4.")
    assert page.title() == "Error: Town of Noé · Marquoir"
    expect(page.locator("#square_b1-error-1")).to_have_text("This is not a card of the game.")
    # Cleared, the town holds nothing and no seed, and nothing is said to be wrong with it (before, the seed's message
    # stayed, and then b1's: neither the seed nor the Castle given had reached its field, so nothing was lifted).
    page.click('.palette [data-action="clear"]')
    expect(page.locator("#seed-error-1")).to_have_count(0)
    expect(page.locator("#seed")).not_to_have_attribute("aria-invalid", "true")
    expect(page.locator("#square_b1-error-1")).to_have_count(0)
    expect(page.locator("#square_b1")).not_to_have_attribute("aria-invalid", "true")
    assert page.input_value("#seed") == "" and page.input_value(".square[data-square=a1] .square-select") == ""
    # Nor does the page's title any more (it kept "Error: " before).
    expect(page).to_have_title("Town of Noé · Marquoir")
    # One Undo brings the Cottage back.
    page.click('.palette [data-action="undo"]')
    expect(page.locator(".square[data-square=a1] .square-select")).to_have_value("cottage")
