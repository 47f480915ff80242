"""Playing a game in the browser: the towns of the test game, and the taps and reads every browser test uses."""

import contextlib
import json
import os
import pathlib
import re
import urllib.request

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from support.browsing import WAIT

# Three towns of one game (Ana owns Barrett Castle, Bo The Starloom), worked out by hand:
# Ana 9 (Cottages) + 5 (Castle) + 5 (Chapel) + 4 (2 Feast Halls, not more than Cy's 3) + 3 (Theater) - 6 = 20
# Bo 3 (Starloom, one town before) + 1 (Well) + 2 (1 Feast Hall, fewer than Ana's 2) - 11 = -5
# Cy 6 (Cottages) + 2 (Chapel) + 9 (3 Feast Halls, more than Bo's 1) - 9 = 8
TOWNS = {
    "Ana": ("cottage cottage farm barrett-castle", "cottage chapel well .", "feast-hall feast-hall theater .",
            ". . . ."),
    "Bo": ("the-starloom cottage . .", "well cottage . .", "feast-hall . . .", ". . . ."),
    "Cy": ("cottage cottage . .", "farm chapel . .", "feast-hall feast-hall feast-hall .", ". . . ."),
}
EXPECTED = {"Ana": (20, 1), "Bo": (-5, 3), "Cy": (8, 2)}
SHOTS = os.environ.get("MARQUOIR_SCREENSHOTS")


def shot(page, name):
    """Keep a screenshot of the step when MARQUOIR_SCREENSHOTS names a folder (for a look by eye)."""
    if SHOTS:
        pathlib.Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(pathlib.Path(SHOTS) / (name + ".png")), full_page=True)


def set_up(page, base, navy=None):
    """Set up the test game (Ana, Bo, Cy) from the home page and open the first town."""
    page.goto(base + "/")
    page.click("text=New game")
    assert page.url.endswith("/en/new")
    page.fill("#players-0", "Ana")
    page.fill("#players-1", "Bo")
    page.click("button[value=add]")
    page.fill("#players-2", "Cy")
    page.select_option("#monuments-0", "barrett-castle")
    page.select_option("#monuments-1", "the-starloom")
    page.click("details.chooser summary")
    page.check("input[name=green][value=feast-hall]")
    if navy:
        page.check("input[name=navy][value={}]".format(navy))
    shot(page, "1-setup")
    page.click("button[value=start]")
    page.wait_for_url("**/g/**/1")


def squares(rows):
    """Return the 16 squares of a town written as four rows."""
    return [card for row in rows for card in row.split()]


def tap_town(page, rows):
    """Enter a town with the palette: a building, then its squares."""
    for card in sorted(set(squares(rows)) - {"."}):
        page.click(".tool[data-card='{}']".format(card))
        for i, square in enumerate(squares(rows)):
            if square == card:
                page.click(".square[data-square='{}{}']".format("abcd"[i % 4], i // 4 + 1))


def select_town(page, rows):
    """Enter a town with the square selects, as without JavaScript."""
    for i, card in enumerate(squares(rows)):
        if card != ".":
            page.select_option("#square_{}{}".format("abcd"[i % 4], i // 4 + 1), card)


def see_scores(page, unfinished=True):
    """Press "See the scores"; where towns look unfinished, answer the question that follows with yes."""
    page.click("button[value=results]")
    if unfinished:
        page.click(".confirm button[value=results]")
    page.wait_for_url("**/r/**")


def read_results(page):
    """Return {name: (total, place)} from a result page."""
    rows = page.locator(".ranking li")
    found = {}
    for n in range(rows.count()):
        row = rows.nth(n)
        found[row.locator(".who").inner_text()] = (int(row.get_attribute("data-total")),
                                                    int(row.get_attribute("data-place")))
    return found


def play(page, base, enter_town):
    """Play the test game through, entering each town with enter_town; return the results read."""
    set_up(page, base)
    for n, name in enumerate(("Ana", "Bo", "Cy"), start=1):
        assert page.locator("h1").inner_text() == "Town of " + name
        enter_town(page, TOWNS[name])
        if name == "Bo":
            page.fill("#completed_before", "1")
        shot(page, "2-town-{}".format(n))
        if n < 3:
            page.click("button[value=next]")
        else:
            see_scores(page)
    assert "/en/r/" in page.url
    shot(page, "3-results")
    return read_results(page)


def install(page, base):
    """Visit once and wait until the service worker has stored the app and controls the page."""
    page.goto(base + "/en/")
    page.evaluate("navigator.serviceWorker.ready")
    page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    # The other languages' pages are stored after install, when the page is idle: wait for the last one.
    # wait_for_function takes a promise for a truthy value, so the page itself polls its caches, a bounded number of times.
    stored = page.evaluate("""async () => {
      for (let tries = 0; tries < 300; tries++) {
        const names = await caches.keys();
        const found = await Promise.all(names.map(async (name) => (await caches.open(name)).match("/hu/offline")));
        if (found.some(Boolean)) return true;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return false;
    }""")
    assert stored, "the service worker did not store every language's pages"


# A request that reaches the network from where it is made (the worker leaves every HEAD to the network):
# true once it fails. Polled in the page or worker itself, a bounded number of times, as install() polls its caches.
CUT = """async () => {
  for (let tries = 0; tries < 300; tries++) {
    try {
      await fetch("/favicon.ico", { method: "HEAD", cache: "no-store" });
    } catch (error) {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}"""


def go_offline(context) -> None:
    """Cut a phone's network, its service worker's included, before anything else happens.

    Chromium applies the offline emulation on its own time after set_offline returns: for a moment a
    page's fetch, or a navigation its service worker fetches, still reaches the server (seen as a tap
    "saved" offline). This returns once a request from each page and from each worker has failed.
    """
    context.set_offline(True)
    for worker in context.service_workers:
        assert worker.evaluate("navigator.onLine") is False
        assert worker.evaluate(CUT), "the service worker still reaches the network"
    for page in context.pages:
        assert page.evaluate(CUT), "the page still reaches the network"


def offline_tab(phone, base):
    """Install the app on a phone, cut its network, and return a new tab of it: what it opens comes from what the
    service worker stored (a new game's blank page, drawn by the phone's core)."""
    install(phone.new_page(), base)
    go_offline(phone)
    return phone.new_page()


OFFLINE = {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
# The CDP sessions that told a page it is offline (offline_told), by context: told it is online again with it.
_TOLD = {}


def offline_told(context, page) -> None:
    """Tell a page loaded while its phone is offline that it is, as a phone without network tells it from the start.

    Chromium 150 under Playwright 1.65 lets a document loaded after set_offline(True) read navigator.onLine as
    true (every request still fails as offline); sent again to the page, the emulation makes it false and fires
    the page's "offline" event. go_online() undoes it.
    """
    session = context.new_cdp_session(page)
    session.send("Network.emulateNetworkConditions", OFFLINE)
    _TOLD.setdefault(id(context), []).append(session)
    page.wait_for_function("() => navigator.onLine === false")


def slow_network(page, latency: int) -> None:
    """Give a page a phone's network: every request waits `latency` ms each way (Chromium's network conditions)."""
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", dict(OFFLINE, offline=False, latency=latency))


def go_online(context) -> None:
    """Give a phone its network back, pages told they were offline (offline_told) included."""
    for session in _TOLD.pop(id(context), []):
        session.send("Network.emulateNetworkConditions", dict(OFFLINE, offline=False))
        session.detach()
    context.set_offline(False)


def drawn(page, selector):
    """Wait until the page the browser draws with the core shows selector."""
    page.wait_for_selector(selector, state="attached", timeout=WAIT)


def held_back(phone, name):
    """Hold back a page script (static/js/<name>) of the phone's next pages; return release(page), which lets it
    come (once the page has asked for it) and every later request of it go."""
    held = []
    script = re.compile(r".*/js/{}$".format(re.escape(name)))
    phone.route(script, lambda route: held.append(route))

    def release(page):
        while not held:
            page.evaluate("0")  # each call lets Playwright hand the held request over
        held[0].continue_()
        phone.unroute(script)

    return release


def open_table(page, base, setup, lang="en"):
    """Open a table for a setup's code from its page, as a player does; return the table's address."""
    page.goto("{}/{}/t/new?code={}".format(base, lang, setup))
    page.click("form[method=post] button[type=submit]")
    page.wait_for_url(re.compile(r".*/t/[A-Za-z0-9_-]{22,}$"))
    return page.url


def held(table_url, n):
    """Return player n's town (from 1) as the server holds it: {fields, version, done}."""
    with urllib.request.urlopen("{}/{}/town".format(table_url, n)) as answer:
        return json.load(answer)["town"]


# Each tap's click, as the page receives it, and how many came: a phone's keyboard opens for a field once its tap has
# ended, and keys a test sends before that (Chromium taking the tap, then scrolling the field clear) may find no field.
TAPS = "window.taps = 0; addEventListener('click', (event) => { window.taps += 1; window.tappedLast = event.target.id; }, true);"


def tap_and_type(page, selector, text, delay=0):
    """Tap a field with an id, then type into it once the tap has reached it (page opened after
    page.add_init_script(TAPS)), `delay` ms between keys.

    The first character is committed as a phone's keyboard commits text (an input method's insertText), and the
    keys wait until it is in the field: key events sent while Chromium still handled the tap that focused (and
    scrolled) the field went to it without their text (keydown, no beforeinput), on a cold page every time."""
    # A tap that met the page moving under it (the places of a pad appearing at its foot as the core answers the field
    # before, on a loaded machine) lands beside the field, as a thumb's would: tapped again, as a player does.
    for _ in range(3):
        before = page.evaluate("window.taps")
        page.locator(selector).tap()
        page.wait_for_function("(before) => window.taps > before", arg=before, timeout=WAIT)
        if page.evaluate("window.tappedLast") == selector.lstrip("#"):
            break
    else:
        raise AssertionError("three taps on {} reached something else".format(selector))
    page.keyboard.insert_text(text[:1])
    page.wait_for_function("([id, first]) => document.getElementById(id).value.endsWith(first)",
                           arg=[selector.lstrip("#"), text[:1]], timeout=WAIT)
    page.keyboard.type(text[1:], delay=delay)


# The codes of the plays "Your games" keeps on this phone, in order.
PLAYED = "() => (JSON.parse(localStorage.getItem('marquoir.played')) || []).map((game) => game.code)"


def played(page, codes):
    """Assert the plays "Your games" keeps on the phone, by code, once they are these: a page keeps its play after
    it is drawn (a result once its script has run, a pad once it has worked the game out), so the plays kept before
    may still be there for a moment."""
    with contextlib.suppress(PlaywrightTimeoutError):
        page.wait_for_function("(codes) => JSON.stringify(({})()) === JSON.stringify(codes)".format(PLAYED), arg=codes,
                               timeout=WAIT)
    assert page.evaluate(PLAYED) == codes


def double_tap(page, locator, low=False):
    """Tap one point of an element twice, as a finger double-taps it: its middle, or near its bottom edge (low), where
    what a screen drawn again moves up comes under the finger."""
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    x = box["x"] + box["width"] / 2
    y = box["y"] + (box["height"] - 4 if low else box["height"] / 2)
    page.touchscreen.tap(x, y)
    page.touchscreen.tap(x, y)
