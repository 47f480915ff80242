"""A phone at a table reloads its town with the network cut: it goes on entering it, and its taps reach the table."""

import re

import pytest
from playwright.sync_api import expect

from support import examples
from support.accessibility import violations
from support.browsing import PHONE
from support.browsing import WAIT
from support.phone import go_offline
from support.phone import go_online
from support.phone import install
from support.phone import offline_told
from support.phone import shot
from support.tables import empty_setup
from support.tables import hand_in
from support.tables import saved_town
from support.tables import town_code
from webscore.scoring import encode

SETUP = encode(empty_setup(examples.load("four-players")))
# Annabell's town once a1, b1 and c1 are tapped.
BEGUN = empty_setup(examples.load("four-players"))
BEGUN["players"][0]["town"][0][:3] = ["cottage", "farm", "well"]
# What a phone says once the table acknowledged everything it had to send.
SAVED = re.compile(r"^Last saved at \d")


def open_town(page, base, lang) -> str:
    """Open a table of the four-player game and the first player's town; return the table's address."""
    page.goto("{}/{}/t/new?code={}".format(base, lang, SETUP))
    page.click("form[method=post] button[type=submit]")
    page.wait_for_url(re.compile(r".*/{}/t/[A-Za-z0-9_-]{{22,}}$".format(lang)))
    table_url = page.url
    page.click(".table-player[data-player='1'] a")
    page.wait_for_selector("form.js-town")
    # The live score has answered and the town's outbox is kept (its status said).
    page.wait_for_selector("form[data-live-total]", timeout=WAIT)
    expect(page.locator(".table-save-status")).not_to_be_empty(timeout=WAIT)
    return table_url


def tap(page, card, square):
    page.click(".tool[data-card='{}']".format(card))
    page.click(".square[data-square='{}']".format(square))


def test_a_town_reloaded_offline_goes_on_and_its_taps_reach_the_table(phone, live_server):
    page = phone.new_page()
    install(page, live_server)
    table_url = open_town(page, live_server, "en")
    tap(page, "cottage", "a1")
    expect(page.locator(".table-save-status")).to_have_text(SAVED, timeout=WAIT)
    go_offline(phone)
    tap(page, "farm", "b1")
    expect(page.locator(".table-save-status")).to_have_text(
        "Can't reach the table; trying again. 1 change waiting to be sent.", timeout=WAIT)
    page.reload()
    offline_told(phone, page)
    # The offline shell draws the town: the saved tap and the unsent one, and the palette to go on.
    expect(page.locator("h1")).to_have_text("Town of Annabell")
    expect(page.locator(".table-offline")).to_have_text(
        "This phone is offline. Your taps are kept on it and will be sent when the network is back.")
    expect(page.locator(".table-offline")).to_be_visible()
    page.wait_for_selector("form.js-town")
    expect(page.locator("#square_a1")).to_have_value("cottage")
    expect(page.locator("#square_b1")).to_have_value("farm")
    tap(page, "well", "c1")
    expect(page.locator(".table-save-status")).to_have_text(
        "Can't reach the table; trying again. 2 changes waiting to be sent.", timeout=WAIT)
    # The tap made offline long after the network was cut has not reached the table. (Of a tap right after
    # the cut, an answer may be lost after the server took it: the outbox sends it again, applied once.)
    assert saved_town(table_url, 0)[2] is None
    # Still offline, the town can be handed over as a link, as on the server's page.
    page.click("[data-action=handover]")
    expect(page.locator(".handover-url")).to_have_value(table_url + "/take?town=" + town_code(BEGUN, 0))
    # Another language, still offline, shows the same town with every tap.
    page.click(".languages a[lang=fr]")
    expect(page.locator("h1")).to_have_text("Bourgade\u00a0: Annabell")
    page.wait_for_selector("form.js-town")
    expect(page.locator("#square_c1")).to_have_value("well")
    go_online(phone)
    expect(page.locator(".table-save-status")).to_have_text(re.compile(r"^Dernier enregistrement à \d"), timeout=WAIT)
    expect(page.locator(".table-offline")).to_be_hidden()
    assert saved_town(table_url, 0) == ["cottage", "farm", "well"] + [None] * 13


def test_a_town_this_phone_kept_nothing_of_says_it_needs_the_network(phone, live_server):
    page = phone.new_page()
    install(page, live_server)
    table_url = open_town(page, live_server, "fr")
    tap(page, "cottage", "a1")
    expect(page.locator(".table-save-status")).to_have_text(re.compile(r"^Dernier enregistrement à \d"), timeout=WAIT)
    go_offline(phone)
    # A phone whose outbox for this town is not kept (a page opened before this version, storage cleared).
    page.evaluate("Object.keys(localStorage).filter((key) => key.startsWith('marquoir-table-outbox:'))"
                  ".forEach((key) => localStorage.removeItem(key))")
    page.reload()
    offline_told(phone, page)
    expect(page.locator("h1")).to_have_text("La page de cette table a besoin du réseau.")
    expect(page.locator(".notice p").first).to_have_text(
        "Ce téléphone est hors ligne. Votre saisie y est conservée et sera envoyée au retour du réseau.")
    page.click("text=Recharger")
    expect(page.locator("h1")).to_have_text("La page de cette table a besoin du réseau.")
    go_online(phone)
    # Back online, the page reloads the town as the table holds it.
    expect(page.locator(".table-save-status")).to_have_text("Tout est enregistré.", timeout=WAIT)
    expect(page.locator("#square_a1")).to_have_value("cottage")
    assert saved_town(table_url, 0) == ["cottage"] + [None] * 15


def rows(page) -> list:
    """Return the players of a table's page as (name, status, whether it is a link) in order."""
    return [(row.locator(".who").inner_text(), row.locator(".table-status").inner_text(),
             row.locator("a.who").count() == 1) for row in page.locator(".table-player").all()]


def test_the_table_reloaded_offline_shows_what_this_phone_last_saw_and_leads_to_its_town(phone, live_server):
    page = phone.new_page()
    install(page, live_server)
    table_url = open_town(page, live_server, "en")
    table_id = table_url.rsplit("/", 1)[1]
    tap(page, "cottage", "a1")
    expect(page.locator(".table-save-status")).to_have_text(SAVED, timeout=WAIT)
    page.click("text=Back to the table")
    page.wait_for_url(table_url)
    # The table as followed is kept once a look has come back with the cottage saved (the town's page kept the
    # table's state too, from a look that may have come before its save).
    page.wait_for_function(
        "(id) => JSON.parse(localStorage.getItem('marquoir-table-state:' + id))?.players[0].status === 'entering'",
        arg=table_id, timeout=WAIT)
    go_offline(phone)
    page.reload()
    offline_told(phone, page)
    expect(page.locator("h1")).to_have_text("The table", timeout=WAIT)
    expect(page).to_have_title("The table · Marquoir")
    expect(page.locator(".table-offline")).to_have_text(
        "This phone is offline. The table will catch up when the network is back.")
    expect(page.locator(".table-offline + p")).to_have_text("Following the other players' towns needs the network.")
    expect(page.locator(".table .hint")).to_have_text("As this phone last saw the table:")
    # This phone's own town leads to it; the others' towns are only named, as their pages need the network.
    assert rows(page) == [("Annabell", "Entering", True), ("Bernadet", "Not started", False),
                          ("Csongork", "Not started", False), ("Dominika", "Not started", False)]
    shot(page, "table-offline")
    page.click(".table-player[data-player='1'] a")
    expect(page.locator("h1")).to_have_text("Town of Annabell", timeout=WAIT)
    page.wait_for_selector("form.js-town")
    expect(page.locator("#square_a1")).to_have_value("cottage")
    # And back: the offline town's link to the table leads to this page again, in any language.
    page.click("text=Back to the table")
    expect(page.locator("h1")).to_have_text("The table", timeout=WAIT)
    page.click(".languages a[lang=fr]")
    expect(page.locator("h1")).to_have_text("La table", timeout=WAIT)
    offline_told(phone, page)
    expect(page.locator(".table-offline + p")).to_have_text(
        "Pour suivre les bourgades des autres joueurs, il faut le réseau.")
    expect(page.locator(".table .hint")).to_have_text("La table telle que ce téléphone l’a vue en dernier\u00a0:")
    assert rows(page)[0] == ("Annabell", "En cours de saisie", True)
    expect(page.locator("button.primary")).to_have_text("Recharger")
    # Back online, the page reloads as the server's, which follows the table again.
    go_online(phone)
    expect(page.locator("#table")).to_be_visible(timeout=WAIT)
    expect(page.locator("img.qr")).to_be_visible()
    assert page.url == table_url.replace("/en/", "/fr/")


def test_a_table_this_phone_kept_little_or_nothing_of_says_what_it_can(phone, live_server):
    page = phone.new_page()
    install(page, live_server)
    table_url = open_town(page, live_server, "hu")
    page.click("text=Vissza az asztalhoz")
    page.wait_for_url(table_url)
    go_offline(phone)
    # The table as followed is not kept (a phone of an earlier version): its names come from the setup.
    page.evaluate("Object.keys(localStorage).filter((key) => key.startsWith('marquoir-table-state:'))"
                  ".forEach((key) => localStorage.removeItem(key))")
    page.reload()
    offline_told(phone, page)
    expect(page.locator("h1")).to_have_text("Az asztal", timeout=WAIT)
    assert rows(page) == [("Annabell", "", True), ("Bernadet", "", False), ("Csongork", "", False),
                          ("Dominika", "", False)]
    expect(page.locator(".table .hint")).to_have_count(0)
    # Kept garbled, or changed by hand: the same, where the page drew nothing.
    for kept in ('{"players": [', '{"players": [5, null, {}, {"name": 3}]}',
                 '{"players": [{"name": "Annabell", "status": 5, "total": "y"}]}'):
        page.evaluate("([key, kept]) => localStorage.setItem(key, kept)",
                      ["marquoir-table-state:" + table_url.rsplit("/", 1)[1], kept])
        page.reload()
        offline_told(phone, page)
        expect(page.locator("h1")).to_have_text("Az asztal", timeout=WAIT)
        assert rows(page) == [("Annabell", "", True), ("Bernadet", "", False), ("Csongork", "", False),
                              ("Dominika", "", False)]
    # Nothing of the table kept at all.
    page.evaluate("Object.keys(localStorage).filter((key) => key.startsWith('marquoir-table'))"
                  ".forEach((key) => localStorage.removeItem(key))")
    page.reload()
    offline_told(phone, page)
    expect(page.locator("h1")).to_have_text("Az asztal oldalához hálózat kell.", timeout=WAIT)
    expect(page.locator(".notice p").first).to_have_text("Ezen a telefonon nincs hálózat. Az asztal frissül, amint újra lesz.")
    page.click("text=Újratöltés")
    expect(page.locator("h1")).to_have_text("Az asztal oldalához hálózat kell.", timeout=WAIT)
    go_online(phone)
    expect(page.locator("#table")).to_be_visible(timeout=WAIT)


def test_a_finished_table_reloaded_offline_leads_to_the_scores(phone, live_server):
    page = phone.new_page()
    install(page, live_server)
    table_url = open_town(page, live_server, "en")
    table_id = table_url.rsplit("/", 1)[1]
    page.click("text=Back to the table")
    page.wait_for_url(table_url)
    for n in range(4):
        hand_in(table_url, examples.load("four-players"), n)
    # The phone following the table goes to the scores, and keeps the finished table as it saw it.
    page.wait_for_url("**/en/r/" + examples.FOUR_PLAYERS_CODE, timeout=WAIT)
    go_offline(phone)
    # The short link, offline, opens the same page in the phone's language.
    page.goto("{}/t/{}".format(live_server, table_id))
    expect(page.locator("h1")).to_have_text("The table", timeout=WAIT)
    assert rows(page) == [("Annabell", "Done", False), ("Bernadet", "Done", False),
                          ("Csongork", "Done", False), ("Dominika", "Done", False)]
    page.click(".languages a[lang=hu]")
    expect(page.locator("h1")).to_have_text("Az asztal", timeout=WAIT)
    shot(page, "table-offline-finished")
    page.click("#table-result")
    page.wait_for_url("**/hu/r/" + examples.FOUR_PLAYERS_CODE)
    expect(page.locator(".ranking .rank")).to_have_count(4, timeout=WAIT)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_table_reloaded_offline_has_no_axe_violations(browser, live_server, scheme):
    context = browser.new_context(color_scheme=scheme, bypass_csp=True, **PHONE)
    try:
        page = context.new_page()
        install(page, live_server)
        table_url = open_town(page, live_server, "fr")
        page.click("text=Retour à la table")
        page.wait_for_url(table_url)
        page.wait_for_function("(id) => localStorage.getItem('marquoir-table-state:' + id)", arg=table_url.rsplit("/", 1)[1])
        go_offline(context)
        page.reload()
        offline_told(context, page)
        expect(page.locator(".table-player a.who")).to_have_text("Annabell", timeout=WAIT)
        assert violations(page) == []
    finally:
        context.close()


def test_a_phone_forgets_the_tables_it_has_not_opened_for_a_week(phone, live_server):
    page = phone.new_page()
    page.goto(live_server + "/en/")
    week = 7 * 24 * 3600 * 1000
    # A table last opened eight days ago, one opened yesterday, and one kept before phones noted when.
    page.evaluate("""week => {
        const now = Date.now();
        for (const [id, seen] of [["oldoldoldoldoldoldold0", now - week - 86400000],
                                  ["newnewnewnewnewnewnew0", now - 86400000], ["unseenunseenunseenuns0", null]]) {
            if (seen) localStorage.setItem("marquoir-table-seen:" + id, String(seen));
            localStorage.setItem("marquoir-table-setup:" + id, "SETUP");
            localStorage.setItem("marquoir-table-state:" + id, "{}");
            localStorage.setItem(`marquoir-table-outbox:${id}:1`, "{}");
            localStorage.setItem(`marquoir-table-draft:${id}:1`, "{}");
        }
        localStorage.setItem("marquoir-recent", "kept");
    }""", week)
    table_url = open_town(page, live_server, "en")
    table = table_url.rsplit("/", 1)[1]
    kept = page.evaluate("() => Object.keys(localStorage).sort()")
    assert not [key for key in kept if "oldoldold" in key]
    for other in ("newnewnewnewnewnewnew0", "unseenunseenunseenuns0"):
        assert [key for key in kept if other in key] == sorted(
            ["marquoir-table-seen:" + other, "marquoir-table-setup:" + other, "marquoir-table-state:" + other,
             "marquoir-table-outbox:{}:1".format(other), "marquoir-table-draft:{}:1".format(other)])
    assert "marquoir-table-seen:" + table in kept
    assert "marquoir-recent" in kept


def test_a_table_whose_server_is_out_of_reach_says_so_and_not_that_the_phone_is_offline(phone, own_server):
    # The server down or restarting while the phone has network: the table's page said "This phone is offline",
    # where a town's page says the table cannot be reached.
    page = phone.new_page()
    install(page, own_server.url)
    table_url = open_town(page, own_server.url, "hu")
    page.click("text=Vissza az asztalhoz")
    page.wait_for_url(table_url)
    page.wait_for_function("(id) => localStorage.getItem('marquoir-table-state:' + id)", arg=table_url.rsplit("/", 1)[1])
    unreachable, offline = page.locator(".table-unreachable"), page.locator(".table-offline")
    expect(unreachable).to_be_hidden()
    own_server.stop()
    # Followed while its follows go unanswered, then reloaded: the same line, and nothing of the phone being offline.
    expect(unreachable).to_have_text("Az asztal nem érhető el; hamarosan újra próbálkozunk.", timeout=WAIT)
    expect(offline).to_be_hidden()
    page.reload()
    expect(page.locator(".table .hint")).to_have_text("Az asztal, ahogy ez a telefon utoljára látta:", timeout=WAIT)
    expect(unreachable).to_have_text("Az asztal nem érhető el; hamarosan újra próbálkozunk.")
    expect(offline).to_be_hidden()
    expect(page.get_by_text("A többi játékos városának követéséhez hálózat kell.")).to_have_count(0)
    assert rows(page)[0] == ("Annabell", "Még nem kezdte el", True)
    page.click(".languages a[lang=fr]")
    expect(page.locator("h1")).to_have_text("La table", timeout=WAIT)
    expect(unreachable).to_have_text("Impossible de joindre la table\u202f; nouvel essai sous peu.")
    expect(offline).to_be_hidden()
    # The phone loses its network too: now that is what it says, and the table again once it is back. The page drawn
    # again keeps the focus where it was (it fell to the page's body): on "Recharger", then on the player's link.
    reload = page.locator("[data-action=reload]")
    reload.focus()
    go_offline(phone)
    offline_told(phone, page)
    expect(offline).to_have_text("Ce téléphone est hors ligne. La table se mettra à jour au retour du réseau.")
    expect(unreachable).to_be_hidden()
    expect(reload).to_be_focused()
    page.locator(".table-player[data-player='1'] a").focus()
    expect(page.locator(".table-offline + p")).to_have_text(
        "Pour suivre les bourgades des autres joueurs, il faut le réseau.")
    go_online(phone)
    expect(unreachable).to_be_visible()
    expect(offline).to_be_hidden()
    expect(page.locator(".table-player[data-player='1'] a")).to_be_focused()
    # The server back, the page reloads as the server's, which follows the table again.
    own_server.restart()
    expect(page.locator("img.qr")).to_be_visible(timeout=WAIT)
    expect(unreachable).to_be_hidden()
    assert page.url == table_url.replace("/hu/", "/fr/")
