"""Four phones at one table (four browser contexts): a whole game in parallel, a phone offline, a hand-over.

Conflicts, merges, outages and latency: test_table_sync.py.
"""

import json
import re
import urllib.request

import pytest
from playwright.sync_api import expect

from support import examples
from support.browsing import WAIT
from support.browsing import Server
from support.phone import go_offline
from support.phone import held_back
from support.phone import tap_town
from support.tables import empty_setup
from support.tables import open_table_at
from support.tables import saved_town
from support.tables import town_code
from webscore.scoring import encode

GAME = examples.load("four-players")
SETUP = encode(empty_setup(GAME))
# What a phone says once the table acknowledged everything it had to send.
SAVED = re.compile(r"^Last saved at \d")
# The storages behave alike (tests/web/test_tables.py runs every case on both); the whole game runs on both here.
SQLITE_ONLY = pytest.mark.parametrize("table_config", ["sqlite"], indirect=True)


@pytest.fixture
def table_server(table_config):
    server = Server(table_config)
    yield server.url
    server.stop()


def rows_of(n):
    return [" ".join(card or "." for card in row) for row in GAME["players"][n]["town"]]


def open_table(page, base) -> str:
    page.goto(base + "/en/t/new?code=" + SETUP)
    page.click("text=Open the table")
    page.wait_for_url(re.compile(r".*/en/t/[A-Za-z0-9_-]{22,}$"))
    return page.url


def state(table_url):
    with urllib.request.urlopen(table_url + "/state") as answer:
        return json.load(answer)


def town_of(n) -> list:
    return [card for row in GAME["players"][n]["town"] for card in row]


def open_town(page, table_url, n):
    page.goto(table_url)
    page.click(".table-player[data-player='{}'] a".format(n + 1))
    page.wait_for_selector("form.js-town")
    # The live score has answered and the town's outbox is kept (its status said).
    page.wait_for_selector("form[data-live-total]", timeout=WAIT)
    expect(page.locator(".table-save-status")).not_to_be_empty(timeout=WAIT)


def enter_town(page, n):
    """Tap player n's town of the example game and fill its facts, as a player would."""
    player = GAME["players"][n]
    tap_town(page, rows_of(n))
    for square, load in player["stored"].items():
        page.fill("#stored_" + square, str(load))
    for fact in ("master_builder_turns", "shrine_buildings", "completed_before"):
        if player.get(fact) is not None:
            page.fill("#" + fact, str(player[fact]))


@SQLITE_ONLY
def test_the_setup_page_opens_a_table(phones, table_server):
    page = phones[0].new_page()
    page.goto(table_server + "/en/new")
    page.fill("#players-0", "Ana")
    page.fill("#players-1", "Bo")
    page.click("button[value=table]")
    page.wait_for_url("**/en/t/new?code=*")
    page.click("text=Open the table")
    page.wait_for_url(re.compile(r".*/en/t/[A-Za-z0-9_-]{22,}$"))
    expect(page.locator(".table-player .who")).to_have_text(["Ana", "Bo"])
    expect(page.locator(".table-status")).to_have_text(["Not started", "Not started"])


def test_four_phones_score_a_game_in_parallel(phones, table_server):
    pages = [context.new_page() for context in phones]
    table_url = open_table(pages[0], table_server)
    for n, page in enumerate(pages):
        open_town(page, table_url, n)
    for n, page in enumerate(pages):
        enter_town(page, n)
    for page in pages:
        expect(page.locator(".table-save-status")).to_have_text(SAVED, timeout=WAIT)
    assert [saved_town(table_url, n) for n in range(4)] == [town_of(n) for n in range(4)]
    for page in pages:
        page.click("[data-action=done]")
    result = "/en/r/" + encode(GAME)
    for page in pages:
        page.wait_for_url("**" + result, timeout=WAIT)
        page.wait_for_selector(".ranking li")
    totals = [page.locator(".ranking").inner_text() for page in pages]
    assert totals[1:] == totals[:1] * 3


@SQLITE_ONLY
def test_a_phone_offline_mid_entry_sends_its_taps_when_back(phones, table_server):
    page = phones[0].new_page()
    table_url = open_table(page, table_server)
    open_town(page, table_url, 2)
    page.click(".tool[data-card=cottage]")
    page.click(".square[data-square=a1]")
    expect(page.locator(".table-save-status")).to_have_text(SAVED, timeout=WAIT)
    go_offline(phones[0])
    enter_town(page, 2)
    expect(page.locator(".table-offline")).to_be_visible(timeout=WAIT)
    assert saved_town(table_url, 2) != town_of(2)
    phones[0].set_offline(False)
    expect(page.locator(".table-save-status")).to_have_text(SAVED, timeout=WAIT)
    expect(page.locator(".table-offline")).to_be_hidden()
    assert saved_town(table_url, 2) == town_of(2)


def town_with_a_script_held_back(phones, table_server, script):
    """Open a table (its form sent without a browser), then player 2's town on the second phone, its script
    (static/js/<script>) held back as it comes late; return the table's address, the town's page (its document in)
    and release(page)."""
    table_url = open_table_at(table_server, SETUP)
    release = held_back(phones[1], script)
    page = phones[1].new_page()
    page.goto(table_url + "/2", wait_until="commit")
    return table_url, page, release


@SQLITE_ONLY
def test_taps_made_before_a_table_towns_script_runs_reach_the_table(phones, table_server):
    # A player opens their town for the first time on their own phone; its script comes late.
    table_url, page, release = town_with_a_script_held_back(phones, table_server, "town.js")
    page.wait_for_function("() => Array.isArray(window.marquoirEarlyTaps)", timeout=WAIT)
    page.click(".palette .tool[data-card=well]")
    page.click(".square[data-square=c3] .square-button")
    page.click(".square[data-square=d4] .square-button")
    release(page)
    expect(page.locator(".table-save-status")).to_have_text(SAVED, timeout=WAIT)
    expect(page.locator("#square_d4")).to_have_value("well")
    assert saved_town(table_url, 1)[10] == "well"
    assert saved_town(table_url, 1)[15] == "well"


@SQLITE_ONLY
def test_taps_town_js_answered_before_the_tables_script_ran_reach_the_table(phones, table_server):
    # The table's script (table.mjs) comes after town.js has run and answered the player's taps.
    table_url, page, release = town_with_a_script_held_back(phones, table_server, "table.mjs")
    page.wait_for_selector("form.js-town")
    page.click(".palette .tool[data-card=farm]")
    page.click(".square[data-square=a1] .square-button")
    page.click(".palette .tool[data-card=cottage]")
    page.click(".square[data-square=b1] .square-button")
    expect(page.locator("#square_b1")).to_have_value("cottage")
    release(page)
    expect(page.locator(".table-save-status")).to_have_text(SAVED, timeout=WAIT)
    expect(page.locator("#square_a1")).to_have_value("farm")
    expect(page.locator("#square_b1")).to_have_value("cottage")
    assert saved_town(table_url, 1)[:2] == ["farm", "cottage"]


@SQLITE_ONLY
def test_done_tapped_before_the_core_is_ready_on_a_page_left_at_once_hands_the_town_in(phones, table_server):
    table_url = open_table_at(table_server, SETUP)
    # The core's worker never starts on this page: what is tapped waits for it, "Done" too.
    worker = re.compile(r".*/js/core-worker\.mjs$")
    phones[1].route(worker, lambda route: None)
    page = phones[1].new_page()
    page.goto(table_url + "/2")
    page.wait_for_selector("form.js-town")
    page.click(".palette .tool[data-card=farm]")
    page.click(".square[data-square=a1] .square-button")
    page.click("[data-action=done]")
    # Left at once (a reload), before the core took anything in; the next page has its core.
    phones[1].unroute(worker)
    page.reload()
    # The next page hands the town in: sent, and back at the table, where it shows done.
    page.wait_for_url(table_url, timeout=WAIT)
    expect(page.locator(".table-player[data-player='2']")).to_have_attribute("data-status", "done", timeout=WAIT)
    assert saved_town(table_url, 1)[0] == "farm"


@SQLITE_ONLY
def test_a_phone_without_network_hands_its_town_over_by_link(phones, table_server):
    host, lonely = phones[0].new_page(), phones[1].new_page()
    table_url = open_table(host, table_server)
    open_town(lonely, table_url, 3)
    go_offline(phones[1])
    enter_town(lonely, 3)
    lonely.click("[data-action=handover]")
    # Drawn once the core (in its worker) has made the town's code.
    expect(lonely.locator(".handover-url")).to_have_value(re.compile(r"/take\?town="))
    link = lonely.locator(".handover-url").input_value()
    assert link == table_url + "/take?town=" + town_code(GAME, 3)
    host.goto(link)
    expect(host.locator("li")).to_have_text(["Dominika"])
    host.click("text=Take in and hand in")
    host.wait_for_url(table_url)
    expect(host.locator(".table-player[data-player='4']")).to_have_attribute("data-status", "done")
    assert saved_town(table_url, 3) == town_of(3)
