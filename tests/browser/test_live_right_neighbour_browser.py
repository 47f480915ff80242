"""On a 360 px phone, in Hungarian: Léa's Feast Halls beside Noé's empty town are counted at the least they make,
and the running total says it waits for his town; once his town is entered, her total is the result's. At a table,
her page open gives her sure total once the town on her right is handed in, even with no building: as it is, after a
reload, once back from offline or reloaded offline, and when an older answer of the table comes after it; a tap
scored with the hand-in is said with its square; the town on her right handed in on a slow phone of its own, opened
again and handed in again, her page, the table's list and the scores agree, and only the reopening takes a point
back."""

import json
import re
import urllib.request

import pytest
from playwright.sync_api import expect

from support.browsing import HOLD_CORE
from support.browsing import WAIT
from support.phone import go_offline
from support.phone import go_online
from support.phone import install
from support.phone import offline_told
from support.phone import read_results
from support.phone import slow_network
from support.phone import tap_town
from support.tables import empty_setup
from support.tables import hand_in
from support.tables import open_table_at
from support.towns import town
from webscore.scoring import encode

EMPTY = (". . . .",) * 4
LEA = ("feast-hall feast-hall feast-hall cottage", "farm . . .", ". . . .", ". . . .")
NOE = ("feast-hall cottage farm .", ". . . .", ". . . .", ". . . .")
# Léa's page while the town on her right is not known: the least her Feast Halls make (2 each).
LEAST = "Eddigi pontszám: legalább −2, amíg Zoé városa nincs leadva"
GAME = {"mode": "master-builder", "monuments": False, "cavern": False,
        "buildings": ["cottage", "farm", "well", "chapel", "feast-hall", "theater", "factory"],
        "players": [{"name": name, "monument": None, "town": town(*EMPTY)} for name in ("Léa", "Noé")]}


def test_a_total_that_reads_an_empty_town_says_so_and_never_takes_a_point_back(tab, live_server):
    page = tab
    page.goto("{}/hu/g/{}/1".format(live_server, encode(GAME)))
    form = page.locator("form.js-town")
    tap_town(page, LEA)
    total = page.locator(".running-total")
    # Three Feast Halls at 2 (Noé may have as many), a fed Cottage 3, 11 empty squares: −2.
    expect(total).to_have_text("Eddigi pontszám: legalább −2, amíg Noé városa nincs beírva", timeout=WAIT)
    expect(form).to_have_attribute("data-live-total", "-2")
    expect(page.locator(".square[data-square=a1] .square-points")).to_have_text("2")
    page.click("button[name=go][value=next]")
    page.wait_for_url("**/2")
    tap_town(page, NOE)
    page.click("button[name=go][value=results]")
    page.click(".confirm button[value=results]")
    page.wait_for_url("**/r/**")
    # Noé has 1 Feast Hall: Léa's 3 score 3 each, 9 + 3 − 11 = 1, more than the −2 she was shown.
    assert read_results(page)["Léa"][0] == 1


def table_game(zoe: tuple) -> dict:
    """Return the game of a table of Léa, Noé (an empty town) and Zoé, the last player, on Léa's right (her town zoe)."""
    return dict(GAME, players=[{"name": name, "monument": None, "town": town(*rows)}
                               for name, rows in (("Léa", LEA), ("Noé", EMPTY), ("Zoé", zoe))])


# Records what the page's announcer says of the running total alone (a tap's words name its square first).
SAID_ALONE = """() => {
  window.said = [];
  const region = document.getElementById("announce");
  new MutationObserver(() => {
    if (region.textContent.startsWith("Eddigi")) window.said.push(region.textContent);
  }).observe(region, { childList: true, characterData: true, subtree: true });
}"""
# window.scored: settled by the first scoring of the town once the table's state kept says player p's town is in.
SCORED_ONCE_DONE = """([key, p]) => {
  const form = document.querySelector("form.js-town");
  window.scored = new Promise((done) => form.addEventListener("town-scored", function scored() {
    if (JSON.parse(localStorage.getItem(key) ?? "null")?.players[p].status !== "done") return;
    form.removeEventListener("town-scored", scored);
    done();
  }));
}"""


def lea_at_table(page, base: str, game: dict) -> str:
    """Open a table of a game in Hungarian, and Léa's town on a page, tapped in: her 3 Feast Halls make the least they
    can until Zoé's town is handed in (2 each), 6 + 3 (fed Cottage) − 11 = −2. Return the table's address."""
    table = open_table_at(base, encode(empty_setup(game)), "hu")
    page.goto(table + "/1")
    tap_town(page, LEA)
    expect(page.locator(".running-total")).to_have_text(LEAST, timeout=WAIT)
    return table


def test_a_tap_scored_with_a_hand_in_is_said_with_its_square_not_the_total_alone(phone, live_server):
    # Léa taps a Farm on b2 while her phone's core is slow, and Zoé's town is handed in before it answers: one scoring
    # answers both. The tap's words carry the new total; the page said the total alone over them, and the square went
    # unheard.
    game = table_game(NOE)
    phone.add_init_script(HOLD_CORE)
    page = phone.new_page()
    table = open_table_at(live_server, encode(empty_setup(game)), "hu")
    page.goto(table + "/1")
    page.evaluate("window.releaseCore()")
    tap_town(page, LEA)
    total = page.locator(".running-total")
    expect(total).to_have_text(LEAST, timeout=WAIT)
    page.click(".tool[data-card='farm']")
    page.evaluate("window.holdCore()")
    page.click(".square[data-square='b2']")
    page.wait_for_function("() => window.coreHeld() > 0", timeout=WAIT)
    hand_in(table, game, 2, client="phone-zoe-zzzz")
    expect(page.locator("#town-form")).to_have_attribute("data-handed-in", "[false,false,true]", timeout=WAIT)
    page.evaluate("window.releaseCore()")
    # The empty b2's −1 gone, and Zoé's 1 Feast Hall in: 9 + 3 − 10 = 2.
    expect(total).to_have_text("Eddigi pontszám: 2", timeout=WAIT)
    expect(page.locator("#announce")).to_have_text("b2, Tanya, 0 pont. Eddigi pontszám: 2")


def test_a_town_open_at_a_table_gives_its_sure_total_once_the_town_on_its_right_is_handed_in(tab, live_server):
    # Léa's right is Zoé, the last player, who hands in her town (1 Feast Hall) on her own phone while Léa's page is
    # open: Léa's 3 Feast Halls score 3 each, 9 + 3 − 11 = 1, as the table's list says. Her page went on saying "at
    # least −2 until Zoé's town is entered", after a tap too, until it was reloaded.
    game = table_game(NOE)
    page = tab
    table = lea_at_table(page, live_server, game)
    # What the page says of the total alone, no tap's square before it: a total no finger changed.
    page.evaluate(SAID_ALONE)
    # Noé, on Léa's left, hands in first: her page scores her town again, and her total, the same, is not said again.
    key = "marquoir-table-state:" + table.rsplit("/", 1)[1]
    page.evaluate(SCORED_ONCE_DONE, [key, 1])
    hand_in(table, game, 1, client="phone-noe-nnnn")
    page.evaluate("() => window.scored.then(() => new Promise((done) => requestAnimationFrame(() => "
                  "requestAnimationFrame(done))))")
    expect(page.locator(".running-total")).to_have_text(LEAST)
    assert page.evaluate("window.said") == []
    hand_in(table, game, 2, client="phone-zoe-zzzz")
    # Once the page follows a state that has Zoé's town handed in.
    page.wait_for_function("(key) => JSON.parse(localStorage.getItem(key) ?? 'null')?.players[2].status === 'done'",
                           arg="marquoir-table-state:" + table.rsplit("/", 1)[1], timeout=WAIT)
    expect(page.locator(".running-total")).to_have_text("Eddigi pontszám: 1", timeout=5_000)
    # No finger changed it: the total made sure is said, for a player who does not see it change.
    page.wait_for_function("() => window.said.length > 0", timeout=WAIT)
    assert page.evaluate("window.said") == ["Eddigi pontszám: 1"]


def test_a_town_open_at_a_table_beside_a_town_handed_in_empty_gives_its_sure_total_after_a_reload_too(tab,
                                                                                                  live_server):
    # Zoé hands in a town with no building: Léa's 3 Feast Halls are more than her 0 Feast Halls, 3 each: 9 + 3 − 11 =
    # 1. The phone's core knows Zoé's town is handed in (the table's state says so), not one still to be entered.
    game = table_game(EMPTY)
    page = tab
    table = lea_at_table(page, live_server, game)
    hand_in(table, game, 2, client="phone-zoe-zzzz")
    total = page.locator(".running-total")
    expect(total).to_have_text("Eddigi pontszám: 1", timeout=WAIT)
    # Reloaded, the server draws her sure total, and tells the core which towns are handed in: a Farm tapped on b2
    # takes an empty square's −1 away, 2 (said "at least −1 until Zoé's town is entered" by a core that took Zoé's
    # empty town for one not entered yet).
    page.reload()
    expect(total).to_have_text("Eddigi pontszám: 1")
    page.wait_for_selector("form[data-live-total='1']", timeout=WAIT)
    page.click(".tool[data-card='farm']")
    page.click(".square[data-square='b2']")
    expect(total).to_have_text("Eddigi pontszám: 2", timeout=WAIT)


def test_a_town_open_at_a_table_offline_gives_its_sure_total_once_back_and_reloaded_offline(phone, live_server):
    game = table_game(EMPTY)
    page = phone.new_page()
    install(page, live_server)
    table = lea_at_table(page, live_server, game)
    status = page.locator(".table-save-status")
    expect(status).to_have_text(re.compile(r"^Utolsó mentés: \d"), timeout=WAIT)
    # Zoé hands her empty town in while Léa's phone has no network: it is told once the network is back.
    go_offline(phone)
    hand_in(table, game, 2, client="phone-zoe-zzzz")
    go_online(phone)
    total = page.locator(".running-total")
    expect(total).to_have_text("Eddigi pontszám: 1", timeout=WAIT)
    # Reloaded without network, the offline shell scores her town beside the towns handed in as the table last said.
    go_offline(phone)
    page.reload()
    offline_told(phone, page)
    expect(page.locator(".table-offline")).to_be_visible()
    expect(total).to_have_text("Eddigi pontszám: 1", timeout=WAIT)



@pytest.mark.parametrize("kept", ["{\"players\": [", '{"score_code": "AAAA", "players": 5}',
                                  '{"score_code": "not a code", "players": [{}, {}, {"status": "done"}]}'])
def test_a_town_reloaded_offline_beside_a_table_state_changed_by_hand_is_scored_beside_the_setup(phone, live_server,
                                                                                                 kept):
    # What the phone kept of the table's state is garbled, or changed by hand: the offline shell drew nothing (a
    # state that is no JSON, players that are no list) or a town with no total, taps and all (a code of no game).
    # It is drawn as if no state were kept: beside the setup, her Feast Halls make the least they can.
    game = table_game(EMPTY)
    page = phone.new_page()
    install(page, live_server)
    table = lea_at_table(page, live_server, game)
    expect(page.locator(".table-save-status")).to_have_text(re.compile(r"^Utolsó mentés: \d"), timeout=WAIT)
    go_offline(phone)
    page.evaluate("([key, kept]) => localStorage.setItem(key, kept)",
                  ["marquoir-table-state:" + table.rsplit("/", 1)[1], kept])
    page.reload()
    offline_told(phone, page)
    expect(page.locator(".table-offline")).to_be_visible(timeout=WAIT)
    total = page.locator(".running-total")
    expect(total).to_have_text(LEAST, timeout=WAIT)
    # A Farm tapped on b2 takes an empty square's −1 away.
    page.click(".tool[data-card='farm']")
    page.click(".square[data-square='b2']")
    expect(total).to_have_text("Eddigi pontszám: legalább −1, amíg Zoé városa nincs leadva", timeout=WAIT)


def test_a_town_following_a_table_state_without_the_code_of_its_towns_goes_on_scoring_its_taps(phone, live_server):
    # A server of the release before says no score_code, as a phone meets it while a new release starts: the page
    # scored every tap beside a code "undefined", which the core read as no game, and its total stood at the −16
    # of the empty town it was drawn with, whatever was tapped.
    def without_code(route):
        answer = route.fetch()
        state = answer.json() if answer.status == 200 else None
        if state:
            state.pop("score_code")
        route.fulfill(response=answer, body=json.dumps(state) if state else None)

    page = phone.new_page()
    page.route(re.compile(r".*/state$"), without_code)
    table = open_table_at(live_server, encode(empty_setup(table_game(NOE))), "hu")
    page.goto(table + "/1")
    page.wait_for_function("(key) => localStorage.getItem(key) !== null",
                           arg="marquoir-table-state:" + table.rsplit("/", 1)[1], timeout=WAIT)
    tap_town(page, LEA)
    expect(page.locator(".running-total")).to_have_text(LEAST, timeout=WAIT)

# Every running total a page shows, in order, from its first paint (window.shown: a test may start it anew).
SHOWN = """(() => {
  window.shown = [];
  const seen = () => {
    const total = document.querySelector(".running-total");
    if (total && window.shown.at(-1) !== total.textContent) window.shown.push(total.textContent);
  };
  new MutationObserver(seen).observe(document, { subtree: true, childList: true, characterData: true });
})()"""


def test_two_slow_phones_agree_with_the_list_and_the_scores_and_only_a_reopening_takes_a_point_back(phones, live_server):
    # Léa and Zoé on their own phones, 250 and 120 ms from the server. Zoé hands in her town (1 Feast Hall): Léa's 3
    # are more, sure, 3 each: 1. Zoé opens it again, the one thing that takes a point back (her town is no longer
    # known: the least again), puts 2 more Feast Halls and hands it in: as many as Léa's, 2 each: −2, sure.
    noe = ("cottage farm . .",) + EMPTY[1:]
    game = dict(GAME, players=[{"name": name, "monument": None, "town": town(*rows)}
                               for name, rows in (("Léa", LEA), ("Noé", noe), ("Zoé", NOE))])
    lea_phone, zoe_phone = phones[:2]
    lea_phone.add_init_script(SHOWN)
    lea, zoe = lea_phone.new_page(), zoe_phone.new_page()
    slow_network(lea, 250)
    slow_network(zoe, 120)
    table = lea_at_table(lea, live_server, game)
    lea.evaluate("window.shown = [document.querySelector('.running-total').textContent]")
    zoe.goto(table + "/3")
    tap_town(zoe, NOE)
    zoe.click("[data-action=done]")
    zoe.wait_for_url(table)
    total = lea.locator(".running-total")
    expect(total).to_have_text("Eddigi pontszám: 1", timeout=WAIT)
    zoe.goto(table + "/3")
    zoe.click("[data-action=change-again]")
    expect(total).to_have_text(LEAST, timeout=WAIT)
    zoe.click(".tool[data-card='feast-hall']")
    zoe.click(".square[data-square='a2']")
    zoe.click(".square[data-square='b2']")
    zoe.click("[data-action=done]")
    zoe.wait_for_url(table)
    expect(total).to_have_text("Eddigi pontszám: −2", timeout=WAIT)
    assert lea.evaluate("window.shown") == [LEAST, "Eddigi pontszám: 1", LEAST, "Eddigi pontszám: −2"]
    lea.click("[data-action=done]")
    lea.wait_for_url(table)
    # The table's list says Léa's sure −2; Zoé's 3 Feast Halls make the least they can until Noé's town is in (2 each).
    said = lea.locator(".table-player .table-said")
    expect(said).to_have_text(["Kész · −2\u00a0pont", "Még nem kezdte el", "Kész · legalább −2\u00a0pont"],
                              timeout=WAIT)
    hand_in(table, game, 1, client="phone-noe-zzzz")
    lea.wait_for_url("**/r/**", timeout=WAIT)
    # Noé has no Feast Hall: Zoé's 3 make 3 each, 9 + 3 − 11 = 1; his fed Cottage, 3 − 14 = −11.
    assert read_results(lea) == {"Léa": (-2, 2), "Noé": (-11, 3), "Zoé": (1, 1)}

# Each answer of the table's state a page has read that the test sent it (X-Held), counted once the page has gone on
# with it (its reader's next steps run before a timer's).
READ_HELD = """(() => {
  window.heldRead = 0;
  const json = Response.prototype.json;
  Response.prototype.json = async function () {
    const value = await json.call(this);
    if (this.headers.get("X-Held")) setTimeout(() => { window.heldRead += 1; });
    return value;
  };
})()"""


def test_an_older_answer_of_the_table_that_comes_late_takes_no_sure_total_back(phone, live_server):
    # Léa's phone asks for the table's state before Zoé hands her town in, and that answer is slow: the next look
    # comes back first, with Zoé's town, and Léa's total is sure (1). The slow answer, the table before Zoé's town,
    # came after it and took it back: "at least −2 until Zoé's town is entered", until the next look 3 s later.
    game = table_game(NOE)
    phone.add_init_script(READ_HELD)
    page = phone.new_page()
    table = lea_at_table(page, live_server, game)
    held = []
    page.route(re.compile(r".*/state$"), lambda route: held.append(route) if not held else route.continue_())
    while not held:
        page.evaluate("0")  # each call lets Playwright hand the held request over
    with urllib.request.urlopen(table + "/state") as before:
        older = before.read()
    hand_in(table, game, 2, client="phone-zoe-zzzz")
    total = page.locator(".running-total")
    expect(total).to_have_text("Eddigi pontszám: 1", timeout=WAIT)
    held[0].fulfill(status=200, body=older, headers={"Content-Type": "application/json", "X-Held": "1"})
    page.wait_for_function("() => window.heldRead === 1", timeout=WAIT)
    key = "marquoir-table-state:" + table.rsplit("/", 1)[1]
    assert page.evaluate("(key) => JSON.parse(localStorage.getItem(key)).players[2].status", key) == "done"
    assert page.locator("#town-form").get_attribute("data-handed-in") == "[false,false,true]"
    expect(total).to_have_text("Eddigi pontszám: 1")
