"""The quick pad as a way to finish a game (issue 47, point 9): its form is there with the page (drawn by the
server for its address, typed in before the core is ready), a player's cells stand two a row on a 360 px phone,
and once every place is known the game is logged in BG Stats like any result."""

import json
import re
from urllib.parse import unquote

from playwright.sync_api import expect

from support.browsing import WAIT
from support.phone import TAPS
from support.phone import played
from support.phone import slow_network
from support.phone import tap_and_type

CORE = re.compile(r".*/vendor/micropython/.*")


def test_the_form_is_typed_in_before_the_core_is_ready_and_kept(phone, live_server):
    page = phone.new_page()
    held = []

    def hold(route):
        held.append(route)
    page.route(CORE, hold)
    page.goto(live_server + "/en/pad")
    # No core yet: the server's form is there, and takes what is typed.
    page.fill("#n0", "Ana")
    page.fill("#blue0", "12")
    page.fill("#n1", "Bo")
    page.fill("#blue1", "9")
    for route in held:
        route.continue_()
    page.unroute(CORE, hold)
    expect(page.locator(".ranking li .who")).to_have_text(["Ana", "Bo"], timeout=WAIT)
    assert "n0=Ana" in page.url and "blue0=12" in page.url


def test_a_players_cells_stand_two_a_row_on_a_phone(phone, live_server):
    page = phone.new_page()
    page.goto(live_server + "/en/pad?n0=Ana&n1=Bo")
    blue, red = (page.locator("#{}0".format(colour)).bounding_box() for colour in ("blue", "red"))
    assert blue["y"] == red["y"] and blue["x"] < red["x"]
    # Eleven cells in six rows, under 600 px (a player's pad was one column of 1,000 px).
    assert page.locator(".pad-points").first.bounding_box()["height"] < 600


FINISHED = "/pad?mode=town-hall&n0=Ana&blue0=12&n1=Bo&blue1=15&empty1=1"


def finished_pad(phone, base, lang):
    """Open a finished pad (Ana 12, Bo 15 − 1) on a phone at 100 ms."""
    page = phone.new_page()
    slow_network(page, 100)
    page.goto(base + "/" + lang + FINISHED)
    return page


def test_a_finished_pad_is_logged_in_bg_stats_with_its_places(phone, live_server):
    page = finished_pad(phone, live_server, "en")
    link = page.locator(".pad-bgstats a[data-bgstats]")
    expect(link).to_have_text("Log in BG Stats", timeout=WAIT)
    play = json.loads(unquote(link.get_attribute("href").split("?data=")[1]))
    # Bo 15 − 1 = 14 wins over Ana's 12.
    assert [(p["name"], p["score"], p["rank"], p["winner"], p["seatOrder"]) for p in play["players"]] == [
        ("Ana", 12, 2, False, 1), ("Bo", 14, 1, True, 2)]
    assert play["sourcePlayId"].startswith("pad-") and play["comments"].endswith("blue1=15&empty1=1")
    # A player without a name: no play to log yet.
    page.fill("#n1", "")
    expect(page.locator(".pad-bgstats a")).to_have_count(0)


def test_a_finished_pad_counts_once_in_your_games_through_corrections_and_a_reload(phone, live_server):
    page = finished_pad(phone, live_server, "fr")
    kept = page.locator(".pad-kept a")
    expect(kept).to_have_text("Partie ajoutée à «\u00a0Vos parties\u00a0»", timeout=WAIT)
    # A correction, then a reload and another: still the one game, as it stands last.
    page.fill("#blue0", "20")
    expect(page.locator(".ranking li .who").first).to_have_text("Ana", timeout=WAIT)
    page.reload()
    page.fill("#blue0", "21")
    expect(page).to_have_url(re.compile(r".*blue0=21.*"), timeout=WAIT)
    expect(kept).to_be_visible(timeout=WAIT)
    played(page, ["pad?mode=town-hall&n0=Ana&blue0=21&n1=Bo&blue1=15&empty1=1"])
    kept.click()
    page.wait_for_function("() => performance.getEntriesByName('marquoir:games-drawn').length >= 1", timeout=WAIT)
    expect(page.locator(".stats-count")).to_have_text("1\u00a0partie")
    ana = page.locator("article.stats-player", has=page.get_by_role("heading", name="Ana", exact=True))
    expect(ana.locator("dd").first).to_have_text("1")
    # Her best town links back to the pad as it was kept, which opened again corrects the same game.
    best = ana.get_by_role("link", name="21")
    assert "/fr/pad?mode=town-hall&n0=Ana&blue0=21" in best.first.get_attribute("href")
    best.first.click()
    page.fill("#blue0", "22")
    expect(page).to_have_url(re.compile(r".*blue0=22.*"), timeout=WAIT)
    expect(kept).to_be_visible(timeout=WAIT)
    played(page, ["pad?mode=town-hall&n0=Ana&blue0=22&n1=Bo&blue1=15&empty1=1"])
    # A name erased: the pad is no longer a finished game, and leaves "Your games".
    page.fill("#n1", "")
    expect(kept).to_be_hidden(timeout=WAIT)
    assert page.evaluate("JSON.parse(localStorage.getItem('marquoir.played'))") == []


def test_the_cathedral_box_stays_inside_its_players_card_in_hungarian(phone, live_server):
    page = phone.new_page()
    page.goto(live_server + "/hu/pad?n0=Ana&n1=Bo")
    label = page.locator(".pad-cathedral").first
    expect(label).to_contain_text("megépítve")
    card = page.locator(".pad-player").first.bounding_box()
    box = label.bounding_box()
    assert box["x"] + box["width"] <= card["x"] + card["width"]
    # Nothing of it runs past its own box either ("székesegyház" did, at 360 px).
    assert label.evaluate("(node) => node.scrollWidth <= node.clientWidth")


def test_a_tree_box_shows_once_no_square_is_empty_and_adds_2(phone, live_server):
    page = phone.new_page()
    slow_network(page, 100)
    page.goto(live_server + "/fr/pad?mode=town-hall&n0=Ana&blue0=12&n1=Bo&blue1=13")
    tree = page.locator(".pad-tree").first
    expect(tree).to_be_hidden()
    page.fill("#empty0", "0")
    expect(tree).to_be_visible(timeout=WAIT)
    tree.locator("input").check()
    # Ana 12 + 2 = 14 passes Bo's 13.
    expect(page.locator(".ranking li .who")).to_have_text(["Ana", "Bo"], timeout=WAIT)
    expect(page.locator(".ranking li .total").first).to_have_text("14\u00a0points")
    assert "tree0=1" in page.url
    # A tree beside an empty square cannot be: said under the empty squares, the box kept in sight.
    page.fill("#empty0", "1")
    expect(page.locator("#problem-empty0")).to_have_text(
        "Un arbre ne pousse que si la graine est sur la seule case sans bâtiment\u00a0: il y a alors 0\u00a0case vide.",
        timeout=WAIT)
    expect(tree).to_be_visible()


def test_a_player_added_before_the_core_is_ready_keeps_everything_typed_meanwhile(phone, live_server):
    page = phone.new_page()
    page.add_init_script(TAPS)
    held = []
    page.route(CORE, lambda route: held.append(route))
    page.goto(live_server + "/fr/pad")
    # "Add a player" waits for the core; the table goes on typing, before it comes and while the form is redrawn.
    page.get_by_role("button", name="Ajouter un joueur").tap()
    tap_and_type(page, "#n0", "Alice")
    tap_and_type(page, "#blue0", "12")
    for route in held:
        route.continue_()
    page.unroute(CORE)
    tap_and_type(page, "#n1", "Béla", delay=20)
    tap_and_type(page, "#blue1", "9", delay=20)
    expect(page.locator("#n2")).to_be_attached(timeout=WAIT)
    tap_and_type(page, "#n2", "Cili", delay=20)
    expect(page.locator(".ranking li .who")).to_have_text(["Alice", "Béla", "Cili"], timeout=WAIT)
    assert [page.input_value(field) for field in ("#n0", "#blue0", "#n1", "#blue1", "#n2")] == [
        "Alice", "12", "Béla", "9", "Cili"]


def test_a_tie_on_the_pad_says_each_players_number_and_takes_turns_not_counted(phone, live_server):
    page = phone.new_page()
    slow_network(page, 100)
    # Ana 12 − 2 and Bo 13 − 3: level on 10, the turns asked.
    page.goto(live_server + "/fr/pad?n0=Ana&blue0=12&empty0=2&n1=Bo&blue1=13&empty1=3")
    expect(page.locator("#t0")).to_be_visible(timeout=WAIT)
    page.locator(".fact-t0").get_by_role("button", name="On ne les a pas comptés").tap()
    # Equal turns: the empty squares decide, each row with its own number.
    expect(page.locator(".ranking li .tie")).to_have_text(["départage\u00a0: 2\u00a0cases vides",
                                                          "départage\u00a0: 3\u00a0cases vides"], timeout=WAIT)
    assert (page.input_value("#t0"), page.input_value("#t1")) == ("0", "0")
    expect(page.locator(".pad-kept")).to_be_visible(timeout=WAIT)
    # Turns counted after all: 6 and 5 make Bo first, and each row says its turns.
    page.fill("#t0", "6")
    page.fill("#t1", "5")
    expect(page.locator(".ranking li .tie")).to_have_text(["départage\u00a0: 5\u00a0tours en tant que Maître d’œuvre",
                                                          "départage\u00a0: 6\u00a0tours en tant que Maître d’œuvre"],
                                                         timeout=WAIT)
    expect(page.locator(".ranking li .who")).to_have_text(["Bo", "Ana"])
