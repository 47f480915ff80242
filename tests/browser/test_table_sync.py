"""Nothing a player enters at a table is lost in transit: four phones under the network phones really have.

Each phone's requests are slowed by Chromium's own network emulation (DevTools' latency, 100 to 300 ms), cut
(offline), or meet a server that stopped and came back, or a 503. What the server holds once the phones
settle is read from the server itself; what each phone says is read from its page.
"""

import json
import re
import time
import urllib.request

import pytest
from playwright.sync_api import expect

from support import examples
from support.browsing import PHONE
from support.browsing import WAIT
from support.browsing import Server
from support.phone import go_offline
from support.phone import tap_town
from support.tables import empty_setup
from support.tables import town_code
from webscore.scoring import encode

GAME = examples.load("four-players")
SETUP = encode(empty_setup(GAME))
LATENCIES = (100, 160, 230, 300)
SAVED = re.compile(r"^Last saved at \d")
SQLITE_ONLY = pytest.mark.parametrize("table_config", ["sqlite"], indirect=True)


@pytest.fixture
def server(table_config):
    server = Server(table_config)
    yield server
    server.stop()


class Slowed:
    """A phone's page whose requests each take `latency` ms more (DevTools network conditions), which can go offline."""

    def __init__(self, context, latency: int):
        self.context = context
        self.latency = latency
        self.page = context.new_page()
        self.devtools = context.new_cdp_session(self.page)
        self.devtools.send("Network.enable")
        self.conditions(offline=False)

    def conditions(self, offline: bool) -> None:
        self.devtools.send("Network.emulateNetworkConditions", {"offline": offline, "latency": self.latency,
                                                                "downloadThroughput": -1, "uploadThroughput": -1})

    def offline(self) -> None:
        self.conditions(offline=True)
        go_offline(self.context)

    def online(self) -> None:
        self.context.set_offline(False)
        self.conditions(offline=False)


def slowed(context, latency: int):
    """Return a page of the phone whose requests each take `latency` ms more."""
    return Slowed(context, latency).page


def open_table(page, base) -> str:
    page.goto(base + "/en/t/new?code=" + SETUP)
    page.click("text=Open the table")
    page.wait_for_url(re.compile(r".*/en/t/[A-Za-z0-9_-]{22,}$"))
    return page.url


def read(url: str) -> dict:
    with urllib.request.urlopen(url) as answer:
        return json.load(answer)


def held(table_url: str, n: int) -> dict:
    """Return player n's town (from 0) as the server holds it: {fields, version, done}."""
    return read("{}/{}/town".format(table_url, n + 1))["town"]


def squares_of(n: int) -> dict:
    """Return the squares of player n's town (from 0) of the example game, as the table's fields."""
    return {"square_" + "abcd"[i % 4] + str(i // 4 + 1): card
            for i, card in enumerate(card for row in GAME["players"][n]["town"] for card in row) if card}


def open_town(page, table_url, n):
    page.goto("{}/{}".format(table_url, n + 1))
    page.wait_for_selector("form.js-town")
    # The live score has answered and the town's outbox is kept (its status said).
    page.wait_for_selector("form[data-live-total]", timeout=WAIT)
    expect(page.locator(".table-save-status")).not_to_be_empty(timeout=WAIT)
    expect(page.locator(".table-save-status")).to_have_text("All saved.", timeout=WAIT)


def enter_town(page, n):
    """Tap player n's town of the example game and fill its facts, as a player would."""
    player = GAME["players"][n]
    tap_town(page, [" ".join(card or "." for card in row) for row in player["town"]])
    for square, load in player["stored"].items():
        page.fill("#stored_" + square, str(load))
    for fact in ("master_builder_turns", "shrine_buildings", "completed_before"):
        if player.get(fact) is not None:
            page.fill("#" + fact, str(player[fact]))


def until(condition, seconds: float = WAIT / 1000) -> None:
    """Return once condition() holds, asking again every 50 ms (as an expect() does), or fail after `seconds`."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "not reached in {} s".format(seconds)
        time.sleep(0.05)


def assert_town_held(table_url, n, done=True):
    town = held(table_url, n)
    assert {k: v for k, v in town["fields"].items() if k.startswith("square_")} == squares_of(n)
    assert town["done"] is done


def test_done_right_after_the_last_tap_is_never_lost_nor_undone_under_latency(phones, server):
    pages = [slowed(context, latency) for context, latency in zip(phones, LATENCIES)]
    table_url = open_table(pages[0], server.url)
    for n, page in enumerate(pages):
        open_town(page, table_url, n)
    for n, page in enumerate(pages):
        enter_town(page, n)
        page.click("[data-action=done]")
    result = "/en/r/" + encode(GAME)
    for page in pages:
        page.wait_for_url("**" + result, timeout=WAIT)
    for n in range(4):
        assert_town_held(table_url, n)
    assert read(table_url + "/state")["result"] == result


@SQLITE_ONLY
def test_done_tapped_offline_is_sent_when_the_network_is_back_even_after_a_reload(phones, server):
    phone = Slowed(phones[0], 200)
    page = phone.page
    table_url = open_table(page, server.url)
    open_town(page, table_url, 1)
    phone.offline()
    enter_town(page, 1)
    page.click("[data-action=done]")
    status = page.locator(".table-save-status")
    # Handed in as the player sees it (the status said the taps were waiting before the tap on Done already).
    expect(page.locator("[data-action=change-again]")).to_be_visible(timeout=WAIT)
    expect(status).to_contain_text("Can't reach the table; trying again.", timeout=WAIT)
    expect(status).to_contain_text(re.compile(r"\d+ changes waiting to be sent\."))
    assert held(table_url, 1)["version"] == 0
    # Reloaded offline: the offline shell draws the town from the outbox, handed in and waiting.
    page.reload()
    expect(page.locator("#square_a1")).to_have_value(GAME["players"][1]["town"][0][0] or "", timeout=WAIT)
    expect(page.locator("[data-action=change-again]")).to_be_visible(timeout=WAIT)
    expect(page.locator(".table-save-status")).to_contain_text("changes waiting to be sent.", timeout=WAIT)
    phone.online()
    page.wait_for_url(table_url, timeout=WAIT)
    assert_town_held(table_url, 1)
    expect(page.locator(".table-player[data-player='2']")).to_have_attribute("data-status", "done", timeout=WAIT)


def test_taps_and_done_made_while_the_server_was_down_reach_it_once_it_is_back(phones, server):
    pages = [slowed(context, latency) for context, latency in zip(phones[:2], LATENCIES[1:3])]
    table_url = open_table(pages[0], server.url)
    for n, page in enumerate(pages):
        open_town(page, table_url, n)
    server.stop()
    for n, page in enumerate(pages):
        enter_town(page, n)
        page.click("[data-action=done]")
    for page in pages:
        expect(page.locator(".table-save-status")).to_contain_text("Can't reach the table; trying again.", timeout=WAIT)
    server.restart()
    for page in pages:
        page.wait_for_url(table_url, timeout=WAIT)
    for n in range(2):
        assert_town_held(table_url, n)
    assert [player["status"] for player in read(table_url + "/state")["players"]] == \
        ["done", "done", "not-started", "not-started"]


@SQLITE_ONLY
def test_a_town_handed_over_stays_handed_in_when_its_own_phone_sends_the_same_taps(phones, server):
    host, phone = slowed(phones[0], 150), Slowed(phones[1], 250)
    lonely = phone.page
    table_url = open_table(host, server.url)
    open_town(lonely, table_url, 3)
    phone.offline()
    enter_town(lonely, 3)
    lonely.click("[data-action=handover]")
    expect(lonely.locator(".handover-url")).to_have_value(table_url + "/take?town=" + town_code(GAME, 3))
    link = lonely.locator(".handover-url").input_value()
    host.goto(link)
    host.click("text=Take in and hand in")
    host.wait_for_url(table_url)
    assert_town_held(table_url, 3)
    taken = held(table_url, 3)["version"]
    phone.online()
    # The same taps meet the same town: no conflict, nothing un-handed, and the phone says another phone took it
    # over and handed it in (it said "Handed in.", as if its own player had).
    status = lonely.locator(".table-save-status")
    expect(status).to_have_text(re.compile(r"^Last saved at .*\. Taken over and handed in on another phone\.$"),
                                timeout=WAIT)
    expect(lonely.locator(".table-changed")).to_have_text(
        "This town was taken over from its link and handed in on another phone.")
    expect(lonely.locator("[data-action=change-again]")).to_be_visible()
    expect(lonely.locator(".table-conflict")).to_be_hidden()
    assert_town_held(table_url, 3)
    assert held(table_url, 3)["version"] == taken
    expect(host.locator(".table-player[data-player='4']")).to_have_attribute("data-status", "done")
    # Opened again on its own phone, the town is this phone's once more: what another phone did is no longer said.
    lonely.click("[data-action=change-again]")
    expect(lonely.locator("[data-action=done]")).to_be_focused()
    expect(lonely.locator(".table-changed")).to_be_hidden()


@SQLITE_ONLY
def test_two_phones_on_one_town_merge_their_squares_and_choose_square_by_square_where_they_clash(phones, server):
    first, phone = slowed(phones[0], 120), Slowed(phones[1], 280)
    second = phone.page
    table_url = open_table(first, server.url)
    open_town(first, table_url, 0)
    open_town(second, table_url, 0)
    phone.offline()
    for page, taps in ((first, (("farm", "a1"), ("well", "b1"))), (second, (("cottage", "c1"), ("cottage", "d1")))):
        for card, square in taps:
            page.click(".tool[data-card={}]".format(card))
            page.click(".square[data-square={}]".format(square))
    expect(first.locator(".table-save-status")).to_have_text(SAVED, timeout=WAIT)
    phone.online()
    # The town is the first phone's: the second changes it once its player takes it over, on purpose.
    expect(second.locator(".table-owned")).to_be_visible(timeout=WAIT)
    second.click("[data-action=take-over]")
    # Different squares: both phones keep their work, and each is told what the other changed.
    expect(second.locator(".table-save-status")).to_have_text(SAVED, timeout=WAIT)
    expect(second.locator(".table-changed")).to_have_text("Changed on another phone: a1 and b1.")
    expect(first.locator(".table-changed")).to_have_text("Changed on another phone: c1 and d1.", timeout=WAIT)
    for page in (first, second):
        for square, card in (("a1", "farm"), ("b1", "well"), ("c1", "cottage"), ("d1", "cottage")):
            expect(page.locator("#square_" + square)).to_have_value(card)
    assert held(table_url, 0)["fields"] == {"monument": "barrett-castle", "square_a1": "farm", "square_b1": "well",
                                            "square_c1": "cottage", "square_d1": "cottage"}
    # The same squares set otherwise on both: the second phone shows both, square by square, and the player chooses.
    phone.offline()
    for page, card in ((first, "temple"), (second, "theater")):
        page.click(".tool[data-card={}]".format(card))
        page.click(".square[data-square=a1]")
        page.click(".square[data-square=b1]")
    # The first phone takes its town back (every phone says the second took it over).
    expect(first.locator(".table-events")).to_have_text("Annabell's town was taken over by another phone.",
                                                        timeout=WAIT)
    expect(first.locator(".table-owned")).to_be_visible(timeout=WAIT)
    first.click("[data-action=take-over]")
    # The first phone's status already said "Last saved": the table itself must hold its squares first.
    until(lambda: held(table_url, 0)["fields"].get("square_b1") == "temple")
    phone.online()
    expect(second.locator(".table-owned")).to_be_visible(timeout=WAIT)
    second.click("[data-action=take-over]")
    conflict = second.locator(".table-conflict")
    expect(conflict).to_be_visible(timeout=WAIT)
    rows = [re.compile(r"{}\s*Temple\s*Theater".format(square)) for square in ("a1", "b1")]
    expect(conflict.locator("tbody tr")).to_have_text(rows)
    # Nothing is lost before it is chosen: the form still shows this phone's squares.
    expect(second.locator("#square_a1")).to_have_value("theater")
    conflict.locator("input[name=conflict-square_a1][value=theirs]").check()
    second.click("[data-action=resolve]")
    expect(conflict).to_be_hidden()
    expect(second.locator(".table-save-status")).to_have_text(SAVED, timeout=WAIT)
    assert {k: v for k, v in held(table_url, 0)["fields"].items() if k in ("square_a1", "square_b1")} == \
        {"square_a1": "temple", "square_b1": "theater"}
    expect(second.locator("#square_a1")).to_have_value("temple")
    expect(first.locator("#square_b1")).to_have_value("theater", timeout=WAIT)
    expect(first.locator(".table-changed")).to_have_text("Changed on another phone: b1.")


@SQLITE_ONLY
def test_a_503_is_sent_again_and_the_phone_never_says_saved_while_anything_waits(browser, server):
    # Service workers blocked, so that the page's own route sees the save.
    context = browser.new_context(**PHONE, service_workers="block")
    page = context.new_page()
    table_url = open_table(page, server.url)
    open_town(page, table_url, 2)
    refused = []

    def out_of_reach_twice(route):
        if route.request.method == "POST" and len(refused) < 2:
            refused.append(route.request.post_data_json["op"])
            route.fulfill(status=503, content_type="application/json",
                          body=json.dumps({"message": "The tables cannot be reached just now. Please try again in a moment."}))
        else:
            route.continue_()

    page.route(re.compile(r".*/en/t/[A-Za-z0-9_-]+/3$"), out_of_reach_twice)
    page.click(".tool[data-card=cottage]")
    page.click(".square[data-square=a1]")
    status = page.locator(".table-save-status")
    expect(status).to_have_text("Can't reach the table; trying again. 1 change waiting to be sent.", timeout=WAIT)
    expect(status).to_have_text(SAVED, timeout=WAIT)
    assert [op["seq"] for op in refused] == [1, 1]
    assert held(table_url, 2)["fields"]["square_a1"] == "cottage"
    context.close()
