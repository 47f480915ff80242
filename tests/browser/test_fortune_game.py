"""A four-player game with the whole box (Fortune's cards, monuments and coins, Tiny Trees), in French on a
360×740 phone from the setup to the result, then the same game at a table of two phones under a phone's
latency. Every town's running total is the core's, the result ranks as the core does, coins are a row of the
pad and Ödön's seed grows into a tree on the one square he leaves empty."""

import re

from playwright.sync_api import expect

from support.browsing import PHONE
from support.browsing import WAIT
from support.phone import read_results
from support.phone import slow_network
from support.phone import tap_town
from support.tables import empty_setup
from support.whole_box import BUILDINGS
from support.whole_box import FACTS
from support.whole_box import GAME
from support.whole_box import MONUMENTS
from support.whole_box import NAMES
from support.whole_box import ROWS
from webscore.scoring import encode
from webscore.scoring import problems
from webscore.scoring import score

SCORED = {player["name"]: player for player in score(GAME)["players"]}
RESULTS = {name: (SCORED[name]["total"], SCORED[name]["place"]) for name in NAMES}


def french_number(value: int) -> str:
    return str(value).replace("-", "\u2212")


def test_the_game_is_valid_and_uses_what_the_box_adds():
    assert problems(GAME) == []
    # Léa (Estival Festival, 5 coins) buys columns a, b and c; Ödön rows and columns for 3 of his 4 coins, and his
    # seed on c4, his one square without a building, grows into a tree. Ödön wins, Noé's Hollow Hill scores 7 − 2.
    assert RESULTS == {"Léa": (30, 2), "Noé": (-5, 4), "Ödön": (41, 1), "Zoé": (8, 3)}
    assert [SCORED[name]["coins"]["left"] for name in NAMES] == [2, 2, 1, 4]
    assert SCORED["Ödön"]["squares"][14]["reason"] == "tree"


def set_up_in_french(page, base):
    page.goto(base + "/fr/new")
    page.wait_for_function("() => performance.getEntriesByName('marquoir:core-ready').length === 1")
    page.fill("#players-0", NAMES[0])
    page.fill("#players-1", NAMES[1])
    for n in (2, 3):
        page.click("button[value=add]")
        page.fill("#players-{}".format(n), NAMES[n])
    page.get_by_label("Cartes Fortune").check()
    page.get_by_label("Monuments Fortune").check()
    page.get_by_label("Pièces").check()
    page.get_by_label("Tiny Trees").check()
    page.click("details.chooser summary")
    for card in BUILDINGS[1:]:
        page.click("label.card-choice[data-card={}]".format(card))
    for n, name in enumerate(NAMES):
        page.select_option("#monuments-{}".format(n), MONUMENTS[name])
    page.click("button[value=start]")
    page.wait_for_url("**/fr/g/**/1")



def enter_town(page, name):
    """Put the seed, tap the town in, then give its coins (and Hollow Hill's swaps): the total follows the core."""
    facts = FACTS[name]
    page.click(".palette .tool[data-seed]")
    page.click(".square[data-square={}] .square-button".format(facts["seed"]))
    tap_town(page, ROWS[name])
    page.fill("#coins", str(facts["coins"]))
    if "hollow_hill_swaps" in facts:
        page.fill("#hollow_hill_swaps", str(facts["hollow_hill_swaps"]))
    # Léa's Schoolhouse reads the coins of Zoé, on her right, entered last: Léa's chest is full (5 coins, her Estival
    # Festival's fifth place), the most any chest holds, so she has as many whatever Zoé keeps, and her 30 is sure.
    said = "Total provisoire\u00a0: {}".format(french_number(SCORED[name]["total"]))
    expect(page.locator(".running-total")).to_have_text(said, timeout=WAIT)


def assert_the_result(page):
    assert read_results(page) == RESULTS
    expect(page.locator("table.pad tr.c-coins td")).to_have_text(
        [french_number(SCORED[name]["by_colour"]["coins"]) for name in NAMES])
    expect(page.locator("#town-3 .result-grid .square.tree")).to_have_text(re.compile(r"c4\s*Arbre\s*2"))
    expect(page.locator("#town-3 .reasons")).to_contain_text("c4 Arbre\u00a0: 2")


def test_a_four_player_game_with_the_whole_box_from_setup_to_result_in_french(phone, live_server):
    page = phone.new_page()
    set_up_in_french(page, live_server)
    for n, name in enumerate(NAMES, start=1):
        expect(page.locator("h1")).to_have_text("Bourgade\u00a0: " + name)
        enter_town(page, name)
        page.click("button[name=go][value={}]".format("next" if n < 4 else "results"))
        if n < 4:
            page.wait_for_url("**/{}".format(n + 1))
    # Noé's town, four buildings and twelve empty squares, looks barely begun: the table says it is finished.
    page.click(".confirm button[value=results]")
    page.wait_for_url("**/fr/r/**")
    assert_the_result(page)
    assert page.url.endswith("/fr/r/" + encode(GAME))


def test_the_same_game_at_a_table_of_two_phones(browser, live_server):
    contexts = [browser.new_context(**PHONE) for _ in range(2)]
    pages = [context.new_page() for context in contexts]
    # A phone's latency, each its own: the low end of a phone's network (100 to 300 ms), this test being about the whole
    # box at a table, not about a slow network (test_table_sync.py is); every request waits for it.
    for page, latency in zip(pages, (100, 150)):
        slow_network(page, latency)
    pages[0].goto("{}/fr/t/new?code={}".format(live_server, encode(empty_setup(GAME))))
    pages[0].click("form[method=post] button[type=submit]")
    pages[0].wait_for_url(re.compile(r".*/fr/t/[A-Za-z0-9_-]{22,}$"))
    table_url = pages[0].url
    # Each phone enters two towns, one after the other; "Terminé" hands each in.
    for n, name in enumerate(NAMES):
        page = pages[n // 2]
        page.goto("{}/{}".format(table_url, n + 1))
        expect(page.locator(".table-save-status")).to_have_text("Tout est enregistré.", timeout=WAIT)
        enter_town(page, name)
        page.click("[data-action=done]")
        page.wait_for_url(re.compile(r".*/fr/(t/[A-Za-z0-9_-]{22,}|r/.*)$"), timeout=WAIT)
    for page in pages:
        page.wait_for_url("**/fr/r/" + encode(GAME), timeout=WAIT)
        assert_the_result(page)
    for context in contexts:
        context.close()
