"""What a phone's sentences say at 360×740, in French and Hungarian: a name that begins with a vowel after "de"
(French elides it, "la bourgade d’Annabell"; the sentences put the name first or after a fixed word instead), a
number kept on the line of the word after it, and a table's phone never told that another phone did what it did
itself. (That a phone whose change missed the end of the game takes no more taps: test_table_sync_phone.py.)
"""

import json
import re
import urllib.request

from playwright.sync_api import expect

from support import examples
from support.browsing import WAIT
from support.phone import open_table
from support.phone import tap_town
from support.tables import empty_setup
from support.towns import town
from webscore.scoring import encode

EMPTY = (". . . .",) * 4
LEA = ("feast-hall feast-hall feast-hall cottage", "farm . . .", ". . . .", ". . . .")
GAME = {"mode": "master-builder", "monuments": False, "cavern": False,
        "buildings": ["cottage", "farm", "well", "chapel", "feast-hall", "theater", "factory"],
        "players": [{"name": name, "monument": None, "town": town(*EMPTY)} for name in ("Léa", "Émile")]}
# The README's four players: Annabell sits first.
# "de" before a name that begins with a vowel, which French writes "d’".
NOT_ELIDED = re.compile(r"\bde (?=[AEIOUYÀÂÉÈÊËÎÏÔÛÜaeiouyàâéèêëîïôûü])")
SETUP = encode(empty_setup(examples.load("four-players")))


def save(table_url, n, client, op):
    body = json.dumps({"client": client, "op": op}).encode()
    request = urllib.request.Request("{}/{}".format(table_url, n), method="POST", data=body,
                                     headers={"Content-Type": "application/json", "X-Requested-With": "marquoir"})
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)


def test_the_running_total_waiting_for_a_town_elides_de_before_a_vowel_in_french(tab, live_server):
    page = tab
    page.goto("{}/fr/g/{}/1".format(live_server, encode(GAME)))
    tap_town(page, LEA)
    # Léa's right-hand neighbour is Émile (the last player): her Feast Halls wait for his town, and the total
    # names him (today: "… tant que la bourgade de Émile n’est pas saisie").
    total = page.locator(".running-total")
    expect(total).to_contain_text("Émile", timeout=WAIT)
    assert not NOT_ELIDED.search(total.inner_text()), total.inner_text()


def test_a_town_opened_again_elsewhere_is_named_with_de_elided_in_french(phone, own_server):
    page = phone.new_page()
    table_url = open_table(page, own_server.url, SETUP, "fr")
    # Annabell's phone hands her town in; a stray tap on another phone opens it again.
    save(table_url, 1, "phone-of-annabell", {"seq": 1, "set": {"square_a1": ["cottage", 0]}})
    handed_in = save(table_url, 1, "phone-of-annabell", {"seq": 2, "done": True})
    save(table_url, 1, "phone-of-a-stray-tap", {"seq": 1, "reopen": handed_in["town"]["version"]})
    page.goto(table_url)
    events = page.locator(".table-events")
    # Today: "La bourgade de Annabell a été rouverte sur un autre téléphone."
    expect(events).to_contain_text("Annabell", timeout=WAIT)
    assert not NOT_ELIDED.search(events.inner_text()), events.inner_text()


# The top of a number's characters and of the word after it, in the first text under root that holds the number.
SAME_LINE = """([root, number]) => {
  const walker = document.createTreeWalker(document.querySelector(root), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.data.indexOf(number);
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + number.length);
    const before = range.getBoundingClientRect().top;
    range.setStart(node, at + number.length + 1);
    range.setEnd(node, at + number.length + 2);
    return [node.data, before, range.getBoundingClientRect().top];
  }
  return null;
}"""


def test_a_gone_table_in_hungarian_keeps_48_with_its_hours_on_a_phone(tab, live_server):
    page = tab
    page.goto("{}/hu/t/AAAAAAAAAAAAAAAAAAAAAA".format(live_server))
    text, number_top, unit_top = page.evaluate(SAME_LINE, ["main", "48"])
    assert "48\u00a0óráig" in text and number_top == unit_top, (text, number_top, unit_top)


def test_the_card_chooser_in_french_keeps_8_with_its_squares_on_a_phone(tab, live_server):
    """The Granary's reminder in the setup's card chooser, a column of about 130 px beside the rule's link:
    "Nourrit les maisons de campagne des 8 / cases qui l’entourent" ends a line on the 8."""
    page = tab
    page.goto("{}/fr/new".format(live_server))
    page.click("details.chooser summary")
    page.locator("#card-reminder-granary").scroll_into_view_if_needed()
    text, number_top, unit_top = page.evaluate(SAME_LINE, ["#card-reminder-granary", "8"])
    assert number_top == unit_top, (text, number_top, unit_top)


def test_the_phone_that_opens_a_town_again_is_not_told_another_phone_did(phone, own_server):
    """A stray tap on "Change my town again" on a phone that is not the town's: every phone names the reopening,
    and the one that made it reads "La bourgade d’Annabell a été rouverte sur un autre téléphone." of itself."""
    page = phone.new_page()
    table_url = open_table(page, own_server.url, SETUP, "fr")
    save(table_url, 1, "phone-of-annabell", {"seq": 1, "set": {"square_a1": ["cottage", 0]}})
    save(table_url, 1, "phone-of-annabell", {"seq": 2, "done": True})
    page.goto(table_url + "/1")
    expect(page.locator("[data-action=change-again]")).to_be_visible(timeout=WAIT)
    page.click("[data-action=change-again]")
    expect(page.locator(".table-save-status")).to_contain_text("Dernier enregistrement", timeout=WAIT)
    # The table's state read twice since (the phone follows it): the reopening is in its events by then.
    for _ in range(2):
        with page.expect_response(lambda answer: "/state" in answer.url, timeout=WAIT):
            pass
    assert "sur un autre téléphone" not in page.locator(".table-events").inner_text()
