"""What every phone at a table says when a town changes hands, is opened again by another phone, is handed in
with a conflict still open, or would end the game with towns still empty. Phones of 360×740 on a slow network
(Chromium's latency, 100 to 300 ms each way).
"""

import json
import re
import urllib.request

from playwright.sync_api import expect

from support import examples
from support.browsing import PHONE
from support.browsing import WAIT
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
LATENCIES = (100, 200, 300)
TAKEN_OVER = "Annabell's town was taken over by another phone."


# Each slowed page's DevTools session, which also cuts its network (one session holds a page's conditions).
SESSIONS = {}


def phones(browser, count=2):
    """Return (contexts, pages) of phones on a slow network."""
    contexts = [browser.new_context(**PHONE) for _ in range(count)]
    pages = [context.new_page() for context in contexts]
    for page, latency in zip(pages, LATENCIES):
        session = page.context.new_cdp_session(page)
        session.send("Network.enable")
        SESSIONS[id(page)] = (session, latency)
        conditions(page, offline=False)
    return contexts, pages


def conditions(page, offline: bool) -> None:
    """Cut a slowed page's network, or give it back, keeping its latency."""
    session, latency = SESSIONS[id(page)]
    session.send("Network.emulateNetworkConditions", {"offline": offline, "latency": latency,
                                                      "downloadThroughput": -1, "uploadThroughput": -1})


def hand_in_empty(table_url, n):
    """Hand in player n's town (from 1), empty, from a phone of its own."""
    body = json.dumps({"client": "phone-{}-empty".format(n), "op": {"seq": 1, "done": True}}).encode()
    request = urllib.request.Request("{}/{}".format(table_url, n), method="POST", data=body,
                                     headers={"Content-Type": "application/json", "X-Requested-With": "marquoir"})
    urllib.request.urlopen(request).close()


def ready(page, table_url, n):
    page.goto("{}/{}".format(table_url, n))
    expect(page.locator(".table-save-status")).to_contain_text("All saved.", timeout=WAIT)


def tap(page, card, *squares):
    page.click(".tool[data-card='{}']".format(card))
    for square in squares:
        page.click(".square[data-square='{}']".format(square))


def close(contexts):
    for context in contexts:
        context.close()


def test_a_town_another_phone_takes_over_is_said_on_every_phone_and_its_own_phone_can_take_it_back(browser, own_server):
    contexts, (a, b, watcher) = phones(browser, 3)
    table_url = open_table(a, own_server.url, SETUP)
    watcher.goto(table_url)
    ready(a, table_url, 1)
    tap(a, "cottage", "a1")
    expect(a.locator(".table-save-status")).to_have_text(SAVED, timeout=WAIT)
    ready(b, table_url, 1)
    # Said as b opens it, before any tap: b never entered this town, and a phone holds it.
    owned = b.locator(".table-owned")
    expect(owned).to_be_visible(timeout=WAIT)
    expect(owned).to_contain_text("This town is being entered on another phone. Take it over here?")
    tap(b, "farm", "b1")
    # Not sent, and not said to be: the town is a's until b's player takes it over.
    expect(owned).to_be_visible(timeout=WAIT)
    expect(owned).to_contain_text("This town is being entered on another phone. Take it over here? Every phone at "
                                  "the table will say so.")
    expect(b.locator(".table-save-status")).to_have_text("1 change waiting for your answer.", timeout=WAIT)
    assert "square_b1" not in held(table_url, 1)["fields"]
    b.click("[data-action=take-over]")
    expect(b.locator(".table-save-status")).to_have_text(SAVED, timeout=WAIT)
    assert held(table_url, 1)["fields"]["square_b1"] == "farm"
    # Every phone names it: the table's page and the town's own phone.
    expect(watcher.locator(".table-events")).to_have_text(TAKEN_OVER, timeout=WAIT)
    expect(a.locator(".table-events")).to_have_text(TAKEN_OVER, timeout=WAIT)
    # a's next tap asks to take it back, and does once asked.
    tap(a, "well", "c1")
    expect(a.locator(".table-owned")).to_contain_text("This town was taken over by another phone. Take it back here?",
                                                      timeout=WAIT)
    a.click("[data-action=take-over]")
    expect(a.locator(".table-save-status")).to_have_text(SAVED, timeout=WAIT)
    assert held(table_url, 1)["fields"]["square_c1"] == "well"
    # The table's page says a town taken over twice once: drawn anew once its state holds both take-overs.
    table = table_url.rsplit("/", 1)[1]
    watcher.wait_for_function("(id) => JSON.parse(localStorage.getItem('marquoir-table-state:' + id))"
                              "?.events.length === 2", arg=table, timeout=WAIT)
    watcher.reload()
    expect(watcher.locator(".table-events")).to_have_text(TAKEN_OVER, timeout=WAIT)
    # a took its town back: what b did before is behind it. Neither its town's page nor its table's page tells it
    # as another phone's doing, after a reload too (the first said so until then, twice on the table's page).
    a.reload()
    expect(a.locator(".table-save-status")).to_contain_text("All saved.", timeout=WAIT)
    assert told(a, table, own=0) == []
    a.goto(table_url)
    assert told(a, table) == []
    # b's phone still says it: the town was taken from it.
    expect(b.locator(".table-events")).to_have_text(TAKEN_OVER, timeout=WAIT)
    close(contexts)


def held_by_another_phone(browser, server):
    """Return (contexts, pages, table address) of two phones: the first has saved a Cottage on a1 of town 1, the
    second has opened that town and is asked whether to take it over."""
    contexts, (a, b) = phones(browser, 2)
    table_url = open_table(a, server.url, SETUP)
    ready(a, table_url, 1)
    tap(a, "cottage", "a1")
    expect(a.locator(".table-save-status")).to_have_text(SAVED, timeout=WAIT)
    ready(b, table_url, 1)
    expect(b.locator(".table-owned")).to_contain_text("This town is being entered on another phone. Take it over here?",
                                                      timeout=WAIT)
    return contexts, (a, b), table_url


def test_a_town_is_taken_over_from_the_question_it_opens_with_and_a_reload_asks_again(browser, own_server):
    # Asked as it opened a town it never entered, a phone's "Take it over" did nothing until a tap: the other phone
    # went on entering the town, and no phone said anything. And a reload of the town asked no more.
    contexts, (a, b), table_url = held_by_another_phone(browser, own_server)
    owned = b.locator(".table-owned")
    # Not taken yet: asked again as the town opens again.
    b.reload()
    expect(b.locator(".table-save-status")).to_contain_text("All saved.", timeout=WAIT)
    expect(owned).to_contain_text("This town is being entered on another phone. Take it over here?", timeout=WAIT)
    b.click("[data-action=take-over]")
    # Taken at once, nothing tapped: every other phone says so, and a's next tap asks to take it back.
    expect(a.locator(".table-events")).to_have_text(TAKEN_OVER, timeout=WAIT)
    assert held(table_url, 1)["fields"]["square_a1"] == "cottage"
    tap(a, "well", "c1")
    expect(a.locator(".table-owned")).to_contain_text("This town was taken over by another phone. Take it back here?",
                                                      timeout=WAIT)
    # b holds it now: opened again, it asks nothing.
    b.reload()
    expect(b.locator(".table-save-status")).to_contain_text("All saved.", timeout=WAIT)
    expect(b.locator(".table-events")).to_be_hidden()
    assert b.locator(".table-owned").is_hidden()
    close(contexts)


def test_a_tap_made_while_the_opening_question_is_open_waits_for_the_answer_offline_too(browser, own_server):
    # Asked as it opened another phone's town, b sent its taps all the same (each refused as the other phone's), and
    # its line said "1 change waiting to be sent." or, offline, that the table could not be reached: the question
    # holds them until the player answers it.
    contexts, (a, b), table_url = held_by_another_phone(browser, own_server)
    owned = b.locator(".table-owned")
    sent = []
    b.on("request", lambda request: sent.append(json.loads(request.post_data)) if request.method == "POST" else None)
    status = b.locator(".table-save-status")
    conditions(b, offline=True)
    go_offline(b.context)
    tap(b, "farm", "b1")
    expect(status).to_have_text("1 change waiting for your answer.", timeout=WAIT)
    b.context.set_offline(False)
    conditions(b, offline=False)
    tap(b, "well", "c1")
    # Two squares set: two changes, in the one operation that waits (the line counts changes, not operations).
    expect(status).to_have_text("2 changes waiting for your answer.", timeout=WAIT)
    assert sent == []
    b.click("[data-action=take-over]")
    expect(owned).to_be_hidden()
    expect(status).to_have_text(SAVED, timeout=WAIT)
    # Sent once answered, as one operation that takes the town.
    assert [(save["op"], save.get("take", False)) for save in sent] == [
        ({"seq": 1, "set": {"square_b1": ["farm", 1], "square_c1": ["well", 1]}}, True)]
    fields = held(table_url, 1)["fields"]
    assert (fields["square_a1"], fields["square_b1"], fields["square_c1"]) == ("cottage", "farm", "well")
    expect(a.locator(".table-events")).to_have_text(TAKEN_OVER, timeout=WAIT)
    close(contexts)


def told(page, table, own=None):
    """Return what a phone at a table tells of the events its stored state holds (table-store.mjs eventsToTell), as
    its page does with what this phone did itself."""
    page.wait_for_function("(id) => localStorage.getItem('marquoir-table-state:' + id)", arg=table, timeout=WAIT)
    return page.evaluate("""async ([id, own]) => {
      const script = [...document.querySelectorAll("script[type=module]")].find((s) => s.src.includes("/js/"));
      const store = await import(new URL("table-store.mjs", script.src));
      const state = JSON.parse(localStorage.getItem("marquoir-table-state:" + id));
      return store.eventsToTell(state, -1, own, store.ownRevisions(id));
    }""", [table, own])


def handed_in_and_shown_again(browser, server):
    """Return (contexts, pages, table address) of two phones: the first has handed town 1 in (a Cottage on a1) and
    shows it again; the second has not opened it."""
    contexts, (a, b) = phones(browser)
    table_url = open_table(a, server.url, SETUP)
    ready(a, table_url, 1)
    tap(a, "cottage", "a1")
    a.click("[data-action=done]")
    a.wait_for_url(table_url, timeout=WAIT)
    a.goto(table_url + "/1")
    expect(a.locator("[data-action=change-again]")).to_be_visible(timeout=WAIT)
    return contexts, (a, b), table_url


def test_a_town_opened_again_on_another_phone_is_said_and_its_own_phone_hands_it_in_again(browser, own_server):
    contexts, (a, b), table_url = handed_in_and_shown_again(browser, own_server)
    # A stray tap on another phone opens it again...
    ready(b, table_url, 1)
    b.click("[data-action=change-again]")
    expect(b.locator("[data-action=done]")).to_be_visible(timeout=WAIT)
    expect(b.locator(".table-save-status")).to_have_text(SAVED, timeout=WAIT)
    assert held(table_url, 1)["done"] is False
    # ...which its own phone names, with the one tap that undoes it.
    expect(a.locator(".table-changed")).to_have_text("This town was opened again on another phone.", timeout=WAIT)
    expect(a.locator(".table-events")).to_have_text("Annabell's town was opened again on another phone.",
                                                    timeout=WAIT)
    a.click("[data-action=hand-in-again]")
    a.wait_for_url(table_url, timeout=WAIT)
    assert held(table_url, 1)["done"] is True
    close(contexts)


def test_a_town_emptied_on_the_phone_that_opened_it_again_is_asked_about_before_it_is_handed_in_again(
        browser, own_server):
    # "Hand it in again" handed in a town the other phone had emptied meanwhile, where "Done" asks first.
    contexts, (a, b), table_url = handed_in_and_shown_again(browser, own_server)
    # Another phone takes the town over, opens it again and empties it.
    ready(b, table_url, 1)
    expect(b.locator(".table-owned")).to_be_visible(timeout=WAIT)
    b.click("[data-action=take-over]")
    b.click("[data-action=change-again]")
    expect(b.locator("[data-action=done]")).to_be_visible(timeout=WAIT)
    tap(b, "", "a1")
    expect(b.locator(".table-save-status")).to_have_text(SAVED, timeout=WAIT)
    assert "square_a1" not in {k for k, v in held(table_url, 1)["fields"].items() if v}
    expect(a.locator("#square_a1")).to_have_value("", timeout=WAIT)
    a.click("[data-action=hand-in-again]")
    asked = a.locator(".table-ask-empty")
    expect(asked).to_be_focused()
    expect(asked.locator("p")).to_have_text("This town has no building yet. Hand it in anyway?")
    a.click("[data-action=keep-open]")
    expect(a.locator("[data-action=done]")).to_be_focused()
    assert held(table_url, 1)["done"] is False
    close(contexts)


def test_done_with_the_conflict_panel_open_says_it_waits_for_the_choice_then_hands_the_town_in(browser, own_server):
    contexts, (a, b) = phones(browser)
    table_url = open_table(a, own_server.url, SETUP)
    ready(a, table_url, 1)
    ready(b, table_url, 1)
    conditions(b, offline=True)
    go_offline(contexts[1])
    tap(b, "well", "c1")
    tap(a, "cottage", "c1")
    expect(a.locator(".table-save-status")).to_have_text(SAVED, timeout=WAIT)
    contexts[1].set_offline(False)
    conditions(b, offline=False)
    expect(b.locator(".table-owned")).to_be_visible(timeout=WAIT)
    b.click("[data-action=take-over]")
    panel = b.locator(".table-conflict")
    expect(panel).to_be_visible(timeout=WAIT)
    b.click("[data-action=done]")
    # Said, not silent: the panel says Done waits for the choice, and holds the focus.
    expect(b.locator(".table-conflict-done")).to_have_text('"Done" hands the town in once you have chosen.')
    expect(panel).to_be_focused()
    panel.locator("input[name=conflict-square_c1][value=theirs]").check()
    b.click("[data-action=resolve]")
    b.wait_for_url(table_url, timeout=WAIT)
    town = held(table_url, 1)
    assert (town["done"], town["fields"]["square_c1"]) == (True, "cottage")
    close(contexts)


def test_ending_the_game_with_towns_still_empty_is_asked_first(browser, own_server):
    contexts, (page,) = phones(browser, 1)
    table_url = open_table(page, own_server.url, SETUP)
    for n in (1, 2, 3):
        hand_in_empty(table_url, n)
    ready(page, table_url, 4)
    tap(page, "cottage", "a1")
    page.click("[data-action=done]")
    asked = page.locator(".table-empty")
    expect(asked).to_be_visible(timeout=WAIT)
    expect(asked).to_contain_text("Handing this town in ends the game, and Annabell, Bernadet, and Csongork entered "
                                  "no town yet. End the game?")
    assert held(table_url, 4)["done"] is False
    page.click("[data-action=wait-for-towns]")
    expect(asked).to_be_hidden()
    expect(page.locator("[data-action=done]")).to_be_visible()
    expect(page.locator(".table-save-status")).to_have_text(SAVED, timeout=WAIT)
    assert held(table_url, 4)["done"] is False
    page.click("[data-action=done]")
    expect(asked).to_be_visible(timeout=WAIT)
    page.click("[data-action=end-game]")
    page.wait_for_url(re.compile(r".*/en/r/.*"), timeout=WAIT)
    close(contexts)


def test_a_game_ended_with_towns_still_empty_is_said_on_the_other_phones(browser, own_server):
    # An attacker's try (issue 50): a client with only the table's link handed in every town no phone had started,
    # the last with "end the game", and the phones went to the scores without a word. They now go to the table's
    # page, which says so beside the scores' link, in the page's language.
    contexts, (table_phone, town_phone) = phones(browser, 2)
    table_url = open_table(table_phone, own_server.url, SETUP)
    # The fourth phone has opened its town and tapped nothing yet.
    ready(town_phone, table_url, 4)
    for n in (1, 2, 3):
        hand_in_empty(table_url, n)
    french = table_url.replace("/en/t/", "/fr/t/")
    table_phone.goto(french)
    expect(table_phone.locator(".table-player")).to_have_count(4, timeout=WAIT)
    body = json.dumps({"client": "phone-4-empty", "op": {"seq": 1, "done": True}, "end": True}).encode()
    request = urllib.request.Request("{}/4".format(table_url), method="POST", data=body,
                                     headers={"Content-Type": "application/json", "X-Requested-With": "marquoir"})
    urllib.request.urlopen(request).close()
    said = "La partie a été terminée depuis la bourgade appartenant à Dominika alors que des bourgades étaient encore vides."
    expect(table_phone.locator(".table-events")).to_have_text(said, timeout=WAIT)
    expect(table_phone.locator("#table-result")).to_be_visible()
    assert "/fr/t/" in table_phone.url
    # The phone entering its town goes to the table's page too, where the same is said.
    town_phone.wait_for_url(table_url, timeout=WAIT)
    expect(town_phone.locator(".table-events")).to_have_text(
        "The game was ended from Dominika's town while towns had no square yet.", timeout=WAIT)
    table_phone.locator("#table-result").click()
    table_phone.wait_for_url(re.compile(r".*/fr/r/.*"), timeout=WAIT)
    close(contexts)


COINS_GAME = {"mode": "master-builder", "monuments": False, "cavern": False, "coins": True,
              "buildings": ["cottage", "root-cellar", "well", "chapel", "tavern", "theater", "factory"],
              "players": [{"name": name, "monument": None, "town": town(". . . .", ". . . .", ". . . .", ". . . .")}
                          for name in ("Léa", "Noé")]}


def test_a_phone_that_takes_over_a_town_with_a_wrong_box_and_taps_done_hands_nothing_in(browser, own_server):
    # Two phones on Noé's town, in French: a taps the town in and types ③ for the coins, b taps "Terminé". b is
    # first asked to take the town over; once taken, the hand-in is refused with the coins' own message, the box
    # keeps what a typed on both phones, and the buildings stay.
    contexts, (a, b) = phones(browser, 2)
    table_url = open_table_at(own_server.url, encode(empty_setup(COINS_GAME)), "fr")
    for page in (a, b):
        page.goto(table_url + "/2")
        page.wait_for_selector("form.js-town[data-live-total]")
    tap_town(a, ("cottage . . .", "well . . .", ". . . .", ". . . ."))
    a.fill("#coins", "\u2462")
    expect(a.locator(".table-save-status")).to_have_text(re.compile(r"^Dernier enregistrement à \d"), timeout=WAIT)
    expect(b.locator("#coins")).to_have_value("\u2462", timeout=WAIT)
    b.get_by_role("button", name="Terminé", exact=True).click()
    expect(b.locator(".table-owned")).to_contain_text(
        "Cette bourgade est en cours de saisie sur un autre téléphone. Prendre la main ici\u202f?", timeout=WAIT)
    b.click("[data-action=take-over]")
    expect(b.locator(".table-save-status")).to_have_text(
        "Bourgade non remise\u00a0: Saisissez un nombre entier. Combien de pièces le coffre contient-il, avant "
        "toute dépense de fin de partie\u202f? Tout est enregistré.", timeout=WAIT)
    town_held = held(table_url, 2)
    assert (town_held["done"], town_held["fields"]["coins"], town_held["fields"]["square_a1"],
            town_held["fields"]["square_a2"]) == (False, "\u2462", "cottage", "well")
    expect(b.locator("#coins")).to_have_value("\u2462")
    expect(b.locator("#square_a2")).to_have_value("well")
    close(contexts)
