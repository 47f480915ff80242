"""The app at the table: reflow at 320 px and at 200 % zoom, the wake lock on the town step and the tracker, the manifest."""

import pytest
from playwright.sync_api import expect

from support.accessibility import page_paths
from support.accessibility import setup_code
from support.apps import new_app
from support.browsing import PHONE
from support.browsing import WAIT
from support.examples import RULEBOOK_CODE
from support.towns import game
from support.towns import player
from support.towns import town
from webscore.scoring import encode

CODE = setup_code(new_app())
# Names as long as a name may be, without a place to break: each page must still fit the phone.
LONG_NAMES = encode(game(*[player(town("cottage farm well chapel", ". . . .", ". . . .", ". . . ."), name)
                           for name in ("W" * 24, "Árvíztűrőtükörfúrógépek", "M" * 24)]))
PAGES = dict(page_paths(CODE), **{
    "play-solo": ("/play?code={}".format(RULEBOOK_CODE), "#play h1"),
    "town-long-names": ("/g/{}/3".format(LONG_NAMES), "form[data-live-total]"),
    "results-long-names": ("/r/{}".format(LONG_NAMES), ".ranking"),
    "play-long-names": ("/play?code={}".format(LONG_NAMES), "#play h1"),
})
# A 360 px phone at 200 % zoom lays pages out in 180 CSS px.
WIDTHS = {"320px": 320, "zoom-200": 180}
# Records each wake lock request and release, around Chromium's own navigator.wakeLock.
WAKE_SPY = """
window.wakeCalls = [];
if (navigator.wakeLock) {
  const request = navigator.wakeLock.request.bind(navigator.wakeLock);
  navigator.wakeLock.request = async (type) => {
    window.wakeCalls.push("request " + type);
    const sentinel = await request(type);
    const release = sentinel.release.bind(sentinel);
    sentinel.release = () => { window.wakeCalls.push("release"); return release(); };
    return sentinel;
  };
}
"""


@pytest.mark.parametrize("width", sorted(WIDTHS))
@pytest.mark.parametrize("lang", ["en", "hu"])
def test_no_page_scrolls_sideways(browser, live_server, lang, width):
    context = browser.new_context(service_workers="block", **dict(PHONE, viewport={"width": WIDTHS[width], "height": 740}))
    wide = {}
    try:
        page = context.new_page()
        for state, (path, drawn) in sorted(PAGES.items()):
            page.goto(live_server + "/" + lang + path)
            page.wait_for_selector(drawn, timeout=WAIT)
            overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            if overflow > 0:
                wide[state] = overflow
    finally:
        context.close()
    assert wide == {}


def test_the_wake_lock_is_held_on_the_town_step_with_a_switch(phone, live_server):
    page = phone.new_page()
    page.add_init_script(WAKE_SPY)
    page.goto(live_server + "/en/g/{}/1".format(CODE))
    switch = page.get_by_label("Keep the screen on")
    expect(switch).to_be_checked(timeout=WAIT)
    assert page.evaluate("'wakeLock' in navigator")
    page.wait_for_function("() => window.wakeCalls.length > 0")
    assert page.evaluate("window.wakeCalls") == ["request screen"]
    switch.uncheck()
    page.wait_for_function("() => window.wakeCalls.length > 1")
    assert page.evaluate("window.wakeCalls") == ["request screen", "release"]


def test_the_wake_lock_is_held_while_the_table_tracker_is_open(phone, live_server):
    page = phone.new_page()
    page.add_init_script(WAKE_SPY)
    page.goto(live_server + "/en/play?code={}".format(CODE))
    expect(page.get_by_label("Keep the screen on")).to_be_checked(timeout=WAIT)
    page.wait_for_function("() => window.wakeCalls.length > 0")
    page.get_by_role("button", name="Next round").click()
    expect(page.get_by_role("button", name="Next round")).to_be_focused()
    expect(page.locator("#announce")).to_have_text("Round 2. Bo names the resource.")
    assert page.evaluate("window.wakeCalls") == ["request screen"]


def test_the_update_offer_floats_over_the_page(tab, live_server):
    page = tab
    page.goto(live_server + "/en/")
    # Shown before the service worker first takes hold, the offer reloads the page (register.js): wait until it holds it.
    # The page's own listener, added first, has heard the change by the time this one does; a controller set was heard.
    page.evaluate("""() => navigator.serviceWorker.controller || new Promise((resolve) => {
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true });
    })""")
    before = page.locator("main h1").bounding_box()["y"]
    page.evaluate("document.querySelector('.update-ready').hidden = false")
    assert page.locator("main h1").bounding_box()["y"] == before
    assert page.locator(".update-ready").evaluate("e => getComputedStyle(e).position") == "fixed"


# The controls the issue measured under 44×44 CSS px, on the page where each appears.
TARGETS = {
    "/en/g/{}/1".format(CODE): [".languages button", ".steps button"],
    "/en/new": [".languages button", ".card-option:not(.fortune-card) .rule-link"],
    "/en/rules": [".languages a", ".toc a"],
    "/en/r/{}".format(RULEBOOK_CODE): [".languages a", ".change-town", ".reasons .rule-link"],
}


@pytest.mark.parametrize("path", sorted(TARGETS))
def test_targets_are_at_least_44_px(tab, live_server, path):
    page = tab
    page.goto(live_server + path)
    # What folds (the setup's chooser of buildings, a result's towns) is measured open.
    page.evaluate("() => document.querySelectorAll('details').forEach((details) => { details.open = true; })")
    small = []
    for selector in TARGETS[path]:
        sizes = page.locator(selector).evaluate_all("es => es.map(e => [e.offsetWidth, e.offsetHeight])")
        assert sizes, selector
        small += [(selector, size) for size in sizes if min(size) < 44]
    assert small == []


@pytest.mark.parametrize("state, last", [("town-half", ".step-actions button:last-child"), ("play", "#play button:last-child"),
                                         ("pad", ".pad-body .share-button, .pad-body .share-url")])
def test_the_new_version_offer_never_covers_a_pages_last_control(phone, live_server, state, last):
    path, drawn = PAGES[state]
    page = phone.new_page()
    page.add_init_script(script="navigator.serviceWorker.addEventListener('controllerchange', () => { "
                                "window.controllerChanged = true; })")
    page.goto(live_server + "/fr" + path)
    page.wait_for_selector(drawn, timeout=WAIT)
    # Once the service worker holds the page: its first taking hold reloads a page whose offer is shown.
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=WAIT)
    # And once the page has heard so: the offer shown before its "controllerchange" reloads the page (under load the
    # event came after the offer was shown, and the page measured was one reloading, at its top).
    page.wait_for_function("() => window.controllerChanged === true", timeout=WAIT)
    page.evaluate("document.querySelector('.update-ready').hidden = false")
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    gap = page.evaluate("""(last) => {
      const controls = [...document.querySelectorAll(last)].filter((element) => element.getClientRects().length);
      return document.querySelector('.update-ready').getBoundingClientRect().top
        - controls[controls.length - 1].getBoundingClientRect().bottom;
    }""", last)
    assert gap >= 0
    page.close()
