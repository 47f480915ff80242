"""What one phone at a table does with its outbox: taps before the core is ready, two tabs, what it says.

Each holds one way a phone could lose or misstate what its player did: taps made while the page is still
loading (and "Done" handing in an empty town), a second tab's tap taken for one already applied, a change
that missed the end of the game, a refused "Done" saying "Not saved" and "Last saved" at once, a 429 read
as "can't reach the table", focus falling to the page when a panel closes.
"""

import json
import re
import urllib.request

from playwright.sync_api import expect

from support import examples
from support.browsing import PHONE
from support.browsing import WAIT
from support.browsing import Server
from support.phone import go_offline
from support.phone import held
from support.phone import open_table
from support.phone import tap_town
from support.tables import empty_setup
from support.tables import open_table_at
from support.towns import town
from webscore.scoring import encode

SETUP = encode(empty_setup(examples.load("four-players")))
SAVED = re.compile(r"^Last saved at \d")


def ready(page, table_url, n):
    ready_in(page, table_url, n, "All saved.")


def ready_in(page, table_url, n, all_saved):
    """Open town n and wait until its outbox is ready (the line says all is saved, in the page's language)."""
    page.goto("{}/{}".format(table_url, n))
    expect(page.locator(".table-save-status")).to_have_text(all_saved, timeout=WAIT)


def tap(page, card, *squares):
    page.click(".tool[data-card='{}']".format(card))
    for square in squares:
        page.click(".square[data-square='{}']".format(square))


def with_core_held(page):
    """Hold the MicroPython runtime's requests (a phone still loading it); return a function that lets them go."""
    held_routes = []
    pattern = re.compile(r".*/vendor/micropython/.*")

    def hold(route):
        held_routes.append(route)
    page.route(pattern, hold)

    def release():
        for route in held_routes:
            route.continue_()
        page.unroute(pattern, hold)
    return release


def fresh_town(browser, server, n=1):
    """Return (context, page, table address) of a phone opening town n for the first time, its core held (the table
    opened by another phone, its form sent without a browser)."""
    table_url = open_table_at(server.url, SETUP)
    context = browser.new_context(**PHONE)
    page = context.new_page()
    release = with_core_held(page)
    page.goto("{}/{}".format(table_url, n))
    page.wait_for_selector("form.js-town")
    return context, page, table_url, release


def test_taps_made_before_the_core_is_ready_reach_the_table(browser, own_server):
    context, page, table_url, release = fresh_town(browser, own_server)
    tap(page, "cottage", "a1", "b1")
    release()
    expect(page.locator(".table-save-status")).to_have_text(SAVED, timeout=WAIT)
    expect(page.locator("#square_a1")).to_have_value("cottage")
    assert {k: v for k, v in held(table_url, 1)["fields"].items() if k.startswith("square_")} == \
        {"square_a1": "cottage", "square_b1": "cottage"}
    context.close()


def test_done_tapped_before_the_core_is_ready_hands_in_the_town_tapped(browser, own_server):
    context, page, table_url, release = fresh_town(browser, own_server)
    tap(page, "cottage", "a1")
    page.click("[data-action=done]")
    release()
    page.wait_for_url(table_url, timeout=WAIT)
    town = held(table_url, 1)
    assert (town["done"], town["fields"].get("square_a1")) == (True, "cottage")
    context.close()


def test_two_tabs_of_one_phone_on_one_town_lose_no_tap(phone, own_server):
    first = phone.new_page()
    table_url = open_table(first, own_server.url, SETUP)
    ready(first, table_url, 1)
    second = phone.new_page()
    ready(second, table_url, 1)
    tap(first, "cottage", "a1")
    expect(first.locator(".table-save-status")).to_have_text(SAVED, timeout=WAIT)
    tap(second, "farm", "b1")
    expect(second.locator(".table-save-status")).to_have_text(SAVED, timeout=WAIT)
    assert held(table_url, 1)["fields"].get("square_b1") == "farm"
    expect(second.locator("#square_b1")).to_have_value("farm")
    expect(second.locator("#square_a1")).to_have_value("cottage")
    expect(second.locator(".table-changed")).not_to_contain_text("b1")


def town_on_two_phones(browser, server):
    """Return (contexts, pages, table address) of two phones with town 1 of a new table open and ready."""
    contexts = browser.new_context(**PHONE), browser.new_context(**PHONE)
    pages = [context.new_page() for context in contexts]
    table_url = open_table(pages[0], server.url, SETUP)
    for page in pages:
        ready(page, table_url, 1)
    return contexts, pages, table_url


def test_the_changed_on_another_phone_note_goes_once_the_player_taps_again(browser, own_server):
    (one, two), (a, b), table_url = town_on_two_phones(browser, own_server)
    tap(a, "cottage", "a1")
    expect(b.locator(".table-changed")).to_have_text("Changed on another phone: a1.", timeout=WAIT)
    tap(b, "farm", "b1")
    expect(b.locator(".table-changed")).to_be_hidden()
    # The town is a's: b takes it over before its tap goes.
    b.click("[data-action=take-over]")
    expect(b.locator(".table-save-status")).to_have_text(SAVED, timeout=WAIT)
    one.close()
    two.close()


# Records what a1's card (its soft hyphens left out) and points read each time its card's words change on a page (the same
# task, so the same frame, or not): window.seen.
WATCH_A1 = """() => {
  const square = document.querySelector(".square[data-square=a1]");
  window.seen = [];
  new MutationObserver(() => window.seen.push([square.querySelector(".square-card").textContent.replaceAll("\\u00ad", ""),
    square.querySelector(".square-points").textContent])).observe(square.querySelector(".square-card"),
    { childList: true, characterData: true, subtree: true });
}"""


def test_a_square_changed_on_another_phone_shows_its_card_only_with_its_new_points(browser, own_server):
    # a's town: a Well on a1 beside b1's Cottage, 1 point. b takes the town over and puts a Cottage on a1 (unfed: 0). a's
    # page showed "Cottage, 1" for a few frames (a redraw from the table did not wait for its points, as a tap does).
    (one, two), (a, b), table_url = town_on_two_phones(browser, own_server)
    tap(a, "cottage", "b1")
    tap(a, "well", "a1")
    expect(a.locator(".square[data-square=a1] .square-points")).to_have_text("1", timeout=WAIT)
    expect(b.locator("#square_a1")).to_have_value("well", timeout=WAIT)
    a.evaluate(WATCH_A1)
    tap(b, "cottage", "a1")
    b.click("[data-action=take-over]")
    expect(b.locator(".table-save-status")).to_have_text(SAVED, timeout=WAIT)
    expect(a.locator(".square[data-square=a1] .square-card")).to_have_text("Cottage,", timeout=WAIT)
    expect(a.locator(".square[data-square=a1] .square-points")).to_have_text("0", timeout=WAIT)
    # With its 0 points in the frame that draws them, or with none while the score is held (past 50 ms), never the
    # Well's 1.
    assert a.evaluate("() => window.seen") in ([["Cottage,", "0"]], [["Cottage,", ""]])
    expect(a.locator(".table-changed")).to_have_text("Changed on another phone: a1.")
    one.close()
    two.close()


def test_a_change_that_missed_the_end_of_the_game_is_said_and_leads_to_the_scores(browser, own_server):
    contexts = [browser.new_context(**PHONE) for _ in range(3)]
    a, late, b = (context.new_page() for context in contexts)
    table_url = open_table(a, own_server.url, SETUP)
    ready(a, table_url, 1)
    ready(late, table_url, 1)
    ready(b, table_url, 2)
    tap(a, "cottage", "a1")
    expect(late.locator("#square_a1")).to_have_value("cottage", timeout=WAIT)
    go_offline(contexts[1])
    tap(late, "farm", "d4")
    for page in (a, b):
        page.click("[data-action=done]")
        # b's town has no building: handed in once asked.
        if page is b:
            page.click("[data-action=hand-in-empty]")
        page.wait_for_url(table_url, timeout=WAIT)
    for n in (3, 4):
        # The last of two empty towns ends the game once it says so.
        body = json.dumps({"client": "phone-{}-xxxx".format(n), "op": {"seq": 1, "done": True}, "end": True}).encode()
        request = urllib.request.Request("{}/{}".format(table_url, n), method="POST", data=body,
                                         headers={"Content-Type": "application/json", "X-Requested-With": "marquoir"})
        urllib.request.urlopen(request).close()
    contexts[1].set_offline(False)
    status = late.locator(".table-save-status")
    # Said once, with nothing left waiting and no button that would wait for ever.
    expect(status).to_have_text("The scores are shown; what this phone had not sent is not kept.", timeout=WAIT)
    link = late.locator(".table-finished a")
    expect(link).to_be_visible()
    expect(late.locator("[data-action=done]")).to_be_hidden()
    expect(late.locator("[data-action=change-again]")).to_be_hidden()
    # Nothing left to tap that would look kept: the palette and the squares are off.
    expect(late.locator(".tool:not([disabled])")).to_have_count(0)
    expect(late.locator(".square button:not([disabled])")).to_have_count(0)
    expect(status).to_have_text("The scores are shown; what this phone had not sent is not kept.")
    assert late.evaluate("Object.keys(localStorage).filter((key) => /outbox|draft|done/.test(key)).length") == 0
    result = read_state(table_url)["result"]
    expect(link).to_have_attribute("href", result)
    link.click()
    late.wait_for_url("**" + result, timeout=WAIT)
    for context in contexts:
        context.close()


def read_state(table_url):
    with urllib.request.urlopen(table_url + "/state") as answer:
        return json.load(answer)


def test_a_refused_done_says_the_town_is_not_handed_in(phone, own_server):
    page = phone.new_page()
    table_url = open_table(page, own_server.url, SETUP)
    ready(page, table_url, 1)
    tap(page, "warehouse", "a1")
    page.fill("#stored_a1", "7")
    expect(page.locator(".table-save-status")).to_have_text(SAVED, timeout=WAIT)
    page.click("[data-action=done]")
    status = page.locator(".table-save-status")
    expect(status).to_contain_text("Not handed in: A Warehouse stores at most 3 resources.", timeout=WAIT)
    expect(status).not_to_contain_text("Not saved")
    assert held(table_url, 1)["done"] is False


def test_too_many_saves_says_so_and_keeps_the_tap_waiting(browser, tmp_path):
    server = Server({"TESTING": True, "TABLES_DATABASE": str(tmp_path / "t.sqlite3"), "TABLE_SAVES_PER_PHONE": 1})
    context = browser.new_context(**PHONE)
    try:
        page = context.new_page()
        table_url = open_table(page, server.url, SETUP)
        ready(page, table_url, 1)
        tap(page, "cottage", "a1")
        expect(page.locator(".table-save-status")).to_have_text(SAVED, timeout=WAIT)
        tap(page, "cottage", "b1")
        expect(page.locator(".table-save-status")).to_have_text(
            "Too many saves from this phone. Please wait a little. 1 change waiting to be sent.", timeout=WAIT)
    finally:
        context.close()
        server.stop()


def conflict(browser, base):
    """Two phones on town 1 set c1 differently, the second offline; return (contexts, the second's page)."""
    one, two = browser.new_context(**PHONE), browser.new_context(**PHONE)
    a, b = one.new_page(), two.new_page()
    table_url = open_table(a, base, SETUP)
    ready(a, table_url, 1)
    ready(b, table_url, 1)
    go_offline(two)
    tap(b, "well", "c1")
    tap(a, "cottage", "c1")
    expect(a.locator(".table-save-status")).to_have_text(SAVED, timeout=WAIT)
    two.set_offline(False)
    # The town is a's: b takes it over, on purpose, before its tap meets a's.
    expect(b.locator(".table-owned")).to_be_visible(timeout=WAIT)
    b.click("[data-action=take-over]")
    expect(b.locator(".table-conflict")).to_be_visible(timeout=WAIT)
    return (one, two), b


def test_the_conflict_is_settled_by_keyboard_and_focus_stays_in_the_town(browser, own_server):
    contexts, b = conflict(browser, own_server.url)
    # Each choice says its square and its phone, not the building alone.
    expect(b.get_by_role("radio", name="Cottage")).to_have_accessible_description("c1 On the other phone")
    expect(b.get_by_role("radio", name="Well")).to_have_accessible_description("c1 On this phone")
    b.focus(".table-conflict input[value=mine]")
    b.keyboard.press("ArrowLeft")
    b.keyboard.press("Tab")
    b.keyboard.press("Enter")
    expect(b.locator(".table-conflict")).to_be_hidden()
    expect(b.locator("[data-action=done]")).to_be_focused()
    expect(b.locator("#square_c1")).to_have_value("cottage")
    for context in contexts:
        context.close()


def test_done_on_a_town_with_no_building_asks_first_and_by_keyboard_gives_the_focus_to_change_my_town_again(
        phone, own_server):
    # "Done" handed an empty town in at one tap, where the town step asks before scoring a town barely begun.
    page = phone.new_page()
    table_url = open_table(page, own_server.url, SETUP, "fr")
    ready_in(page, table_url, 1, "Tout est enregistré.")
    go_offline(phone)
    page.focus("[data-action=done]")
    page.keyboard.press("Enter")
    asked = page.locator(".table-ask-empty")
    expect(asked).to_be_focused()
    expect(asked.locator("p")).to_have_text("Cette bourgade n’a encore aucun bâtiment. La remettre quand même\u202f?")
    # Nothing is kept to hand in until it is answered: the line says nothing waits.
    expect(page.locator(".table-save-status")).to_have_text("Tout est enregistré.")
    assert page.evaluate("Object.keys(localStorage).filter((key) => key.startsWith('marquoir-table-done:'))") == []
    # Cancel keeps the town open, the focus back on "Done".
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    expect(page.locator("[data-action=keep-open]")).to_be_focused()
    expect(page.locator("[data-action=keep-open]")).to_have_text("Annuler")
    page.keyboard.press("Enter")
    expect(asked).to_be_hidden()
    done = page.locator("[data-action=done]")
    expect(done).to_be_focused()
    expect(page.locator(".table-save-status")).to_have_text("Tout est enregistré.")
    # Asked again, and confirmed: handed in, the focus on "Change my town again".
    page.keyboard.press("Enter")
    expect(asked).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.locator("[data-action=hand-in-empty]")).to_have_text("La remettre quand même")
    page.keyboard.press("Enter")
    expect(asked).to_be_hidden()
    expect(page.locator("[data-action=change-again]")).to_be_focused()
    expect(page.locator(".table-save-status")).to_contain_text("1\u00a0modification en attente d’envoi.")
    phone.set_offline(False)
    page.wait_for_url(table_url, timeout=WAIT)
    assert held(table_url, 1)["done"] is True


def test_the_empty_town_question_goes_once_another_phone_places_a_building(browser, own_server):
    # The question stayed, over a town that was no longer empty, until this phone's own player tapped.
    (one, two), (a, b), table_url = town_on_two_phones(browser, own_server)
    a.click("[data-action=done]")
    asked = a.locator(".table-ask-empty")
    expect(asked).to_be_focused()
    tap(b, "cottage", "b1")
    expect(b.locator(".table-save-status")).to_have_text(SAVED, timeout=WAIT)
    expect(a.locator(".table-changed")).to_have_text("Changed on another phone: b1.", timeout=WAIT)
    expect(asked).to_be_hidden()
    expect(a.locator("[data-action=done]")).to_be_focused()
    assert held(table_url, 1)["done"] is False
    one.close()
    two.close()


def test_the_status_never_says_saved_while_taps_wait(phone, own_server):
    page = phone.new_page()
    table_url = open_table(page, own_server.url, SETUP, "fr")
    ready_in(page, table_url, 1, "Tout est enregistré.")
    tap(page, "cottage", "a1")
    expect(page.locator(".table-save-status")).to_have_text(re.compile(r"^Dernier enregistrement à \d"), timeout=WAIT)
    key = "marquoir-table-outbox:{}:1".format(table_url.rsplit("/", 1)[1])
    for square in ("b1", "c1", "d1", "a2", "b2", "c2", "d2"):
        page.click(".square[data-square='{}']".format(square))
        # What the outbox holds and what the line says, read in one step of the page.
        waiting, said = page.evaluate("""key => [JSON.parse(localStorage.getItem(key)).ops.length,
                                                 document.querySelector('.table-save-status').textContent]""", key)
        assert not (waiting and said.startswith("Dernier enregistrement")), (waiting, said)
    expect(page.locator(".table-save-status")).to_have_text(re.compile(r"^Dernier enregistrement à \d"), timeout=WAIT)


def test_the_saved_line_goes_as_a_tap_is_made(phone, own_server):
    # The line said "Tout est enregistré." for a moment after a tap, until the core had taken the tap in.
    page = phone.new_page()
    table_url = open_table(page, own_server.url, SETUP, "fr")
    ready_in(page, table_url, 1, "Tout est enregistré.")
    for square, card in (("a1", "cottage"), ("b1", "well")):
        page.click(".tool[data-card='{}']".format(card))
        page.click(".square[data-square='{}']".format(square))
        # Read in the step of the page that took the tap.
        said = page.evaluate("document.querySelector('.table-save-status').textContent")
        assert not said.startswith(("Tout est enregistré", "Dernier enregistrement")), said
        expect(page.locator(".table-save-status")).to_have_text(re.compile(r"^Dernier enregistrement à \d"),
                                                                 timeout=WAIT)


def test_a_server_out_of_reach_is_not_called_the_phone_being_offline(phone, own_server):
    page = phone.new_page()
    table_url = open_table(page, own_server.url, SETUP, "hu")
    ready_in(page, table_url, 1, "Minden mentve.")
    own_server.stop()
    tap(page, "cottage", "a1")
    expect(page.locator(".table-save-status")).to_contain_text("Az asztal nem érhető el", timeout=WAIT)
    # The table is followed on a timer: wait until a follow has failed too, and the page has handled it.
    with page.expect_event("requestfailed", predicate=lambda request: request.url.endswith("/state"), timeout=WAIT):
        pass
    page.evaluate("() => new Promise((resolve) => setTimeout(resolve, 0))")
    assert page.evaluate("navigator.onLine") is True
    assert page.locator(".table-offline").is_hidden()


COINS_GAME = {"mode": "master-builder", "monuments": False, "cavern": False, "coins": True,
              "buildings": ["cottage", "root-cellar", "well", "chapel", "tavern", "theater", "factory"],
              "players": [{"name": name, "monument": None, "town": town(". . . .", ". . . .", ". . . .", ". . . .")}
                          for name in ("Léa", "Noé")]}


def test_done_with_coins_typed_as_no_number_keeps_the_town_and_hands_nothing_in(phone, live_server):
    # In Hungarian, Noé taps his town in, types ① for his coins (a digit to str.isdigit(), but no number, where a keypad's
    # ٣ is 3: scoring.digits), "abc" for his turns, and taps "Kész". The table refused the change of his town (400) for
    # its two boxes, and took the "done" after it: an empty town, −16, was handed in and the page went to the table with
    # his nine buildings lost. Now the boxes travel as typed, and the hand-in is refused with the first box's own message.
    page = phone.new_page()
    table = open_table_at(live_server, encode(empty_setup(COINS_GAME)), "hu")
    page.goto(table + "/2")
    page.wait_for_selector("form.js-town[data-live-total]")
    tap_town(page, ("cottage root-cellar . factory", "well cottage tavern .", "chapel theater . .", ". . . ."))
    page.fill("#coins", "\u2460")
    page.fill("#master_builder_turns", "abc")
    page.get_by_role("button", name="Kész").click()
    # Named as a hand-in refused for a box is, with the box's question.
    expect(page.locator(".table-save-status")).to_have_text(re.compile(
        r"^Nincs leadva: Adj meg egy egész számot\. Hány érme van a ládában, mielőtt a játszma végén bármennyit "
        r"elköltenél\? Utolsó mentés: \d"), timeout=WAIT)
    expect(page.locator("#coins")).to_have_value("\u2460")
    expect(page.locator("#master_builder_turns")).to_have_value("abc")
    assert read_state(table)["players"][1]["status"] != "done"
    # Kept by the table: a reload shows the nine buildings and both boxes as typed.
    page.reload()
    page.wait_for_selector("form.js-town[data-live-total]")
    expect(page.locator(".square[data-square='b1'] select")).to_have_value("root-cellar")
    expect(page.locator(".square[data-square='b3'] select")).to_have_value("theater")
    expect(page.locator("#coins")).to_have_value("\u2460")
    expect(page.locator("#master_builder_turns")).to_have_value("abc")


def test_an_empty_town_with_coins_typed_as_no_number_is_asked_about_then_refused_for_its_coins(phone, live_server):
    # A town with no building and ² typed for its coins: "Done" asks about the empty town first, and handing it in
    # anyway is refused, the box keeping what was typed, through a reload; nothing is handed in. (The refusal says
    # "Saisissez un nombre entier." without naming the box, which it should: not mended yet.)
    page = phone.new_page()
    table = open_table_at(live_server, encode(empty_setup(COINS_GAME)), "fr")
    page.goto(table + "/2")
    page.wait_for_selector("form.js-town[data-live-total]")
    page.fill("#coins", "\u00b2")
    # A box given must be answered: the running total waits for a number.
    expect(page.locator(".running-total")).to_have_text(
        "Total provisoire\u00a0: vérifiez votre réponse au champ «\u00a0Pièces dans le coffre, avant toute dépense "
        "de fin de partie\u00a0»")
    page.get_by_role("button", name="Terminé", exact=True).click()
    expect(page.locator(".table-ask-empty")).to_be_focused()
    page.click("[data-action=hand-in-empty]")
    expect(page.locator(".table-save-status")).to_have_text(re.compile(r"^Bourgade non remise\u00a0: "), timeout=WAIT)
    expect(page.locator("#coins")).to_have_value("\u00b2")
    assert read_state(table)["players"][1]["status"] != "done"
    page.reload()
    page.wait_for_selector("form.js-town[data-live-total]")
    expect(page.locator("#coins")).to_have_value("\u00b2")
