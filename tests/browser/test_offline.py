"""Installable and offline: the manifest, the service worker, and whole games with the network cut."""

import json
import random
import re

import pytest
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from playwright.sync_api import expect

from support import examples
from support.browsing import HOLD_CORE
from support.browsing import PHONE
from support.browsing import WAIT
from support.fortune_games import fortune_game
from support.phone import EXPECTED
from support.phone import TOWNS
from support.phone import go_offline
from support.phone import install
from support.phone import offline_tab
from support.phone import read_results
from support.phone import see_scores
from support.phone import set_up
from support.phone import tap_town
from support.strategies import games
from support.webflow import code_of
from webscore.languages import LANGUAGES
from webscore.scoring import decode
from webscore.scoring import encode
from webscore.scoring import score
from webscore.scoring import score_json
from webscore.scoring.cards import colour_of


def server_totals(code):
    return {p["name"]: (p["total"], p["place"]) for p in score(decode(code))["players"]}


def play_offline(page, base):
    set_up(page, base)
    for n, name in enumerate(("Ana", "Bo", "Cy"), start=1):
        page.wait_for_selector("form.js-town")
        assert page.locator("h1").inner_text() == "Town of " + name
        tap_town(page, TOWNS[name])
        if name == "Bo":
            page.fill("#completed_before", "1")
        if n < 3:
            page.click("button[value=next]")
            page.wait_for_url("**/{}".format(n + 1))
        else:
            see_scores(page)
    page.wait_for_selector(".ranking li")
    return read_results(page)


def test_chromium_reports_no_installability_error(playwright, live_server, tmp_path):
    from support.browsing import CHROMIUM
    from support.browsing import CHROMIUM_ARGS

    # Contexts of the shared browser are incognito, which Chromium itself counts against installing;
    # an ordinary profile shows what a phone would report.
    profile = playwright.chromium.launch_persistent_context(str(tmp_path), executable_path=CHROMIUM,
                                                            args=CHROMIUM_ARGS, **PHONE)
    try:
        _check_installable(profile, live_server)
    finally:
        profile.close()


def _check_installable(context, base):
    page = context.new_page()
    install(page, base)
    cdp = context.new_cdp_session(page)
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == []
    body = json.loads(manifest["data"])
    assert body["display"] == "standalone" and body["id"] == "/" and body["start_url"] == "/en/"
    assert {(icon["sizes"], icon["purpose"]) for icon in body["icons"]} == {
        ("192x192", "any"), ("512x512", "any"), ("192x192", "maskable"), ("512x512", "maskable")}


def test_the_manifest_is_named_in_each_language(client):
    names = {lang: client.get("/{}/manifest.webmanifest".format(lang)).get_json()["name"] for lang in LANGUAGES}
    assert names == {"en": "Marquoir: Tiny Towns scores", "fr": "Marquoir\u00a0: scores des Petites Bourgades",
                     "hu": "Marquoir: Tiny Towns-pontozás"}


def test_a_whole_game_with_the_network_cut(phone, live_server):
    page = phone.new_page()
    install(page, live_server)
    go_offline(phone)
    assert play_offline(page, live_server) == EXPECTED
    assert read_results(page) == server_totals(code_of(page.url))
    assert page.locator(".offline-note").is_visible()


def test_the_setup_offline_keeps_what_its_address_holds_through_back_and_a_language_switch(phone, live_server):
    page = phone.new_page()
    install(page, live_server)
    go_offline(phone)
    set_up(page, live_server)
    page.go_back()
    expect(page.locator("#players-2")).to_have_value("Cy", timeout=WAIT)
    assert [page.input_value("#players-{}".format(n)) for n in range(3)] == ["Ana", "Bo", "Cy"]
    assert page.input_value("#monuments-1") == "the-starloom"
    page.fill("#players-1", "Bőrönd")
    page.click("button.language-switch[lang=hu]")
    expect(page.locator("#players-1")).to_have_value("Bőrönd", timeout=WAIT)
    assert page.url.startswith(live_server + "/hu/new?")
    assert [page.input_value("#players-{}".format(n)) for n in range(3)] == ["Ana", "Bőrönd", "Cy"]
    assert page.is_checked("input[name=green][value=feast-hall]")
    page.reload()
    expect(page.locator("#players-2")).to_have_value("Cy", timeout=WAIT)


def test_the_setup_offline_shows_its_address_at_once_and_keeps_a_name_typed_before_the_core(phone, live_server):
    page = offline_tab(phone, live_server)
    page.add_init_script(script=HOLD_CORE)
    # A setup reloaded offline: its stored page is the blank form, its address holds three players.
    page.goto(live_server + "/fr/new?players-0=Ana&players-1=Bo&players-2=Cy&mode=town-hall&green=feast-hall")
    # Before the core is ready the blank form shows what it can hold of the address: its two rows' names, the choices.
    expect(page.locator("ol.players > li")).to_have_count(2)
    assert [page.input_value("#players-{}".format(n)) for n in range(2)] == ["Ana", "Bo"]
    assert page.is_checked("input[name=green][value=feast-hall]")
    assert page.is_checked("input[name=mode][value=town-hall]")
    page.fill("#players-1", "Bertrand")
    # The address keeps the third player meanwhile, with the name typed over the second.
    expect(page).to_have_url(re.compile(r"players-1=Bertrand&players-2=Cy"))
    # A mode, Coins and Greenhouse tapped while the core answers the address: they stay, where the answer undid them.
    page.wait_for_function("() => window.coreHeld() > 0", timeout=WAIT)
    page.evaluate("window.passCore()")
    page.wait_for_function("() => window.coreHeld() > 0", timeout=WAIT)
    page.check("input[name=mode][value=master-builder]")
    page.get_by_label("Pièces").check()
    page.click("details.chooser summary")
    page.click("label.card-choice[data-card=greenhouse]")
    page.evaluate("window.releaseCore()")
    expect(page.locator("ol.players > li")).to_have_count(3, timeout=WAIT)
    assert [page.input_value("#players-{}".format(n)) for n in range(3)] == ["Ana", "Bertrand", "Cy"]
    assert page.is_checked("input[name=green][value=feast-hall]")
    expect(page.locator("input[name=mode][value=master-builder]")).to_be_checked()
    expect(page.locator("#coins")).to_be_checked()
    expect(page.locator(".chosen-card[data-colour=red]")).to_have_text("Serre")
    expect(page).to_have_url(re.compile(r"[?&]mode=master-builder&coins=y&.*red=greenhouse(&|$)"))
    # A link to play again, whose game only the core reads: the blank form shows meanwhile. A name typed there, and
    # kept in the address through a reload, stays on its row: the game's names came over it.
    page.goto(live_server + "/fr/new?again=" + examples.FOUR_PLAYERS_CODE)
    page.fill("#players-1", "Bertrand")
    expect(page).to_have_url(re.compile(r"players-1=Bertrand&"))
    page.reload()
    page.wait_for_function("() => window.coreHeld() > 0", timeout=WAIT)
    page.evaluate("window.releaseCore()")
    expect(page.locator("ol.players > li")).to_have_count(4, timeout=WAIT)
    assert [page.input_value("#players-{}".format(n)) for n in range(4)] == ["Annabell", "Bertrand", "Csongork", "Dominika"]
    expect(page.get_by_role("button", name="Retirer Bertrand")).to_have_count(1)


def test_a_whole_game_with_the_server_stopped(phone, own_server):
    page = phone.new_page()
    install(page, own_server.url)
    own_server.stop()
    assert play_offline(page, own_server.url) == EXPECTED


# What the service worker stored for an address, as text, and its Cache-Control (null when nothing is stored yet).
STORED = """async (url) => {
  for (const name of await caches.keys()) {
    const found = await (await caches.open(name)).match(url);
    if (found) return [await found.text(), found.headers.get("Cache-Control")];
  }
  return null;
}"""


def test_pages_visited_are_stored_as_served_and_open_offline(phone, live_server):
    page = phone.new_page()
    install(page, live_server)
    code = examples.FOUR_PLAYERS_CODE
    # A town step opened plain is the same page for good (stored from the browser's cache once shown); one with a
    # tap in its address is drawn for its reader (stored as it streams).
    kept = "{}/en/g/{}/2".format(live_server, code)
    drawn = kept + "?square_a1=farm"
    for address in (kept, drawn):
        page.goto(address)
        page.wait_for_selector("form.js-town")
    served = {address: phone.request.get(address) for address in (kept, drawn)}
    for address in (kept, drawn):
        page.wait_for_function(STORED.replace("async (url) =>", "async () => !!await (async (url) =>") +
                               ")({})".format(json.dumps(address)), polling=100, timeout=WAIT)
        text, cache_control = page.evaluate(STORED, address)
        assert text == served[address].text()
        assert cache_control == served[address].headers.get("cache-control")
    assert served[kept].headers["cache-control"] == "public, max-age=31536000, immutable"
    go_offline(phone)
    names = [player["name"] for player in decode(code)["players"]]
    for address in (kept, drawn):
        page.goto(address)
        expect(page.locator("h1")).to_have_text("Town of " + names[1])
    expect(page.locator("#square_a1")).to_have_value("farm")


# The service worker's route that matched the last navigation (navigation timing): none, the fetch handler's.
MATCHED_ROUTE = "performance.getEntriesByType('navigation')[0].workerMatchedSourceType"


def test_every_page_is_answered_by_the_worker_with_no_route_racing_the_network_against_it(phone, live_server):
    page = phone.new_page()
    install(page, live_server)
    code = examples.FOUR_PLAYERS_CODE
    # A town step opened plain (from the browser's cache once seen), one with a tap in its address, a result.
    for path in ("/en/g/{}/1", "/en/g/{}/1", "/en/g/{}/2?square_a1=farm", "/fr/r/{}"):
        assert page.goto(live_server + path.format(code)).from_service_worker, path
        assert page.evaluate(MATCHED_ROUTE) == "", path
    go_offline(phone)
    # Offline, the step seen before and one never opened (the worker's shell draws it), each loaded to its end.
    for n in (1, 3):
        assert page.goto(live_server + "/en/g/{}/{}".format(code, n)).from_service_worker
        assert page.evaluate(MATCHED_ROUTE) == ""
        expect(page.locator("h1")).to_have_text("Town of " + decode(code)["players"][n - 1]["name"])
        assert page.evaluate("document.readyState") == "complete"


# The core's files a page asked for itself (resource timing names a preload's request "link"), by name.
CORE_ASKED = """[...performance.getEntriesByType("resource")]
  .filter((entry) => entry.initiatorType === "link" && /core-worker|micropython|core\\.bundle/.test(entry.name))
  .map((entry) => entry.name.split("/").pop()).sort()"""


def test_a_page_asks_for_the_cores_files_only_where_no_service_worker_serves_it(phone, live_server):
    page = phone.new_page()
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    town = "{}/en/g/{}/1".format(live_server, examples.FOUR_PLAYERS_CODE)
    page.goto(town)
    assert page.evaluate(CORE_ASKED) == ["core-worker.mjs", "core.bundle", "micropython.mjs", "micropython.wasm"]
    install(page, live_server)
    # The worker holds them and gives them to the core's worker: the page asks for none, and the core still scores.
    page.goto(town)
    page.wait_for_function("() => performance.getEntriesByName('marquoir:core-ready').length === 1", timeout=WAIT)
    assert page.evaluate(CORE_ASKED) == []
    # The script that asks for them runs under the page's policy (by its hash), and nothing else is refused.
    assert errors == []


@pytest.fixture(scope="module")
def installed_offline(browser, live_server):
    """A phone that installed the app and went offline, shared by the tests that only read pages offline."""
    context = browser.new_context(**PHONE)
    install(context.new_page(), live_server)
    go_offline(context)
    yield context
    context.close()


@pytest.fixture
def offline_page(installed_offline, live_server):
    """The installed offline phone's one tab (the one it installed with), its language cookie cleared as a fresh
    phone's and its session storage as a new tab's: a new tab each test was a new renderer process each test."""
    installed_offline.clear_cookies()
    page = installed_offline.pages[0]
    if page.url.startswith(live_server):
        page.evaluate("sessionStorage.clear()")
    return page


def test_a_result_link_never_opened_online_works_offline(offline_page, live_server):
    code = examples.FOUR_PLAYERS_CODE
    page = offline_page
    for link in ("/r/" + code, "/fr/r/" + code):
        page.goto(live_server + link)
        page.wait_for_selector(".ranking li")
        assert read_results(page) == server_totals(code)
    assert page.locator("h1").inner_text() == "Scores"
    assert page.locator("html").get_attribute("lang") == "fr"
    # Each town is drawn, square by square, as the server draws it.
    assert page.locator(".town-result").count() == 4
    assert page.locator(".town-result .result-grid .square").count() == 64
    assert "[object" not in page.locator("main").inner_text()


def test_a_damaged_link_offline_says_so(offline_page, live_server):
    page = offline_page
    page.goto(live_server + "/en/r/AAAAAAAAAAAA")
    page.wait_for_selector(".notice h1")
    assert page.locator(".notice h1").inner_text() == "This link cannot be opened"


def test_a_result_drawn_offline_shows_no_stray_word(offline_page, live_server):
    """Drawn on the phone without network, a game with no tie left shows no stray "null" after its ranking."""
    code = examples.FOUR_PLAYERS_CODE
    page = offline_page
    page.goto(live_server + "/hu/r/" + code)
    page.wait_for_selector(".ranking li", timeout=WAIT)
    assert page.locator(".offline-note").count() == 1
    assert page.locator(".ranking").inner_text().split() == ["1", "Annabell", "36", "pont", "2", "Csongork", "33", "pont",
                                                             "3", "Bernadet", "28", "pont", "4", "Dominika", "27", "pont"]
    # Text lying loose in the page, outside any paragraph, heading or list: none is meant to be there.
    loose = page.evaluate("""() => [...document.querySelectorAll("main, main section, main div")]
      .flatMap((node) => [...node.childNodes]).filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent.trim()).filter(Boolean)""")
    assert loose == []
    assert "null" not in page.locator("main").inner_text()


def test_turns_refused_offline_keep_what_was_typed(offline_page, live_server):
    """Offline, a refused tie-break shows its message and keeps every number typed, as the server's page does."""
    page = offline_page
    page.goto("{}/fr/r/{}".format(live_server, encode(examples.tied_game())))
    page.wait_for_selector("form.turns", timeout=WAIT)
    page.fill("#turns-1", "1000")
    page.fill("#turns-2", "1")
    page.fill("#turns-3", "2")
    page.click("form.turns button[type=submit]")
    page.wait_for_url("**/turns?**")
    page.wait_for_selector("form.turns .error", timeout=WAIT)
    assert page.locator("form.turns .error").inner_text() == "Indiquez un nombre de tours entre 0\u00a0et 999."
    assert [page.input_value("#turns-{}".format(n)) for n in (1, 2, 3)] == ["1000", "1", "2"]


def test_live_score_follows_every_tap(phone, live_server):
    page = phone.new_page()
    set_up(page, live_server)
    total = page.locator(".running-total")
    expect(total).to_have_text("Running total: \u221216")
    page.click(".tool[data-card=cottage]")
    page.click(".square[data-square=a1]")
    expect(total).to_have_text("Running total: \u221215")
    page.click(".tool[data-card=farm]")
    page.click(".square[data-square=b1]")
    expect(total).to_have_text("Running total: \u221211")
    assert page.locator(".square[data-square=a1] .square-points").inner_text() == "3"
    assert page.locator(".square[data-square=c4] .square-points").inner_text() == "\u22121"


def test_games_are_kept_on_the_phone(phone, live_server):
    page = phone.new_page()
    set_up(page, live_server)
    page.wait_for_selector("form[data-live-total]")
    page.goto(live_server + "/en/")
    entries = page.locator(".recent-list li")
    assert entries.count() == 1
    assert entries.first.locator("a").inner_text() == "Ana, Bo, and Cy"
    entries.first.locator("a").click()
    assert page.locator("h1").inner_text() == "Town of Ana"
    page.goto(live_server + "/en/")
    page.click(".recent-list button")
    assert page.locator(".recent-list li").count() == 0
    assert page.locator(".recent").is_hidden()


@pytest.fixture(scope="module")
def browser_core(browser, live_server):
    context = browser.new_context()
    page = context.new_page()
    page.goto(live_server + "/en/")
    page.evaluate("import('/static/js/core.mjs').then((m) => m.loadBrowserCore()).then((core) => { window.core = core; })")
    yield page
    context.close()


# The browser's core answers as the server: 100 random games through the page. The core itself (the same bundle
# of MicroPython bytecode) meets 500 random games under Node in tests/core/test_micropython.py, at a fraction of the
# cost of a page's round trip each; here 500 took 12 s (100: 2 s) for what 100 show of the browser's way to it.
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_random_games_in_the_browser_match_the_server(browser_core, game):
    text = json.dumps(game)
    assert browser_core.evaluate("(text) => window.core.score(text)", text) == json.loads(score_json(text))


def test_a_new_version_is_offered_not_swapped_in(phone, own_server, monkeypatch):
    import webscore.web.offline.views

    # A server of the test's own, in its process, whose version it changes: the run's shared server is neither.
    page = phone.new_page()
    install(page, own_server.url)
    set_up(page, own_server.url)
    page.click(".tool[data-card=cottage]")
    page.click(".square[data-square=a1]")
    monkeypatch.setattr(webscore.web.offline.views, "version", lambda: "next-version")
    page.evaluate("navigator.serviceWorker.getRegistration().then((registration) => registration.update())")
    banner = page.locator(".update-ready")
    expect(banner).to_be_visible()
    # Nothing was swapped under the half-entered town.
    assert page.locator("#square_a1").input_value() == "cottage"
    banner.locator("button").click()
    expect(page.locator(".update-ready")).to_be_hidden()
    expect(page.locator(".running-total")).to_be_visible()
    assert page.evaluate("caches.keys()") == ["marquoir-next-version"]
    # The page reloaded into the new version with the unsaved tap still in its address.
    assert page.locator("#square_a1").input_value() == "cottage"


def test_play_again_offline_sets_the_game_up_again_or_says_its_link_cannot_be_read(offline_page, live_server):
    """Offline, the stored setup page reads a link to play again through the core, as the server's page does: the
    game's players, cards and options; a link cut short, a blank form that says so, in the page's language."""
    game = fortune_game(random.Random(20261206), count=4)
    game.update(coins=True, tiny_trees=True)
    code = encode(game)
    page = offline_page
    page.goto("{}/fr/new?again={}".format(live_server, code))
    expect(page.locator("ol.players > li")).to_have_count(4, timeout=WAIT)
    assert [page.input_value("#players-{}".format(n)) for n in range(4)] == ["P0", "P1", "P2", "P3"]
    # Every card but the Cottage, which every game plays.
    assert [page.is_checked("input[name={}][value={}]".format(colour_of(card), card)) for card in game["buildings"]
            if card != "cottage"] == [True] * 6
    assert [page.is_checked("input[name={}]".format(box)) for box in ("coins", "fortune", "tiny_trees", "cavern")] == \
        [True, True, True, False]
    assert page.is_checked("input[name=mode][value=master-builder]")
    assert page.locator("#setup-form .error").count() == 0
    # Started, the game's first town opens, offline still.
    page.click("button[name=action][value=start]")
    page.wait_for_url("**/fr/g/**", timeout=WAIT)
    assert page.locator("h1").inner_text() == "Bourgade\u00a0: P0"
    page.goto("{}/hu/new?again={}".format(live_server, code[:-3]))
    unreadable = "Az újrajátszandó játszma nem olvasható: állítsd be itt újra."
    expect(page.locator("#setup-form .error")).to_have_text(unreadable, timeout=WAIT)
    assert [page.input_value("#players-{}".format(n)) for n in range(2)] == ["", ""]
    # Reloaded, it says so again, as the server's page does: the address held the blank form's fields instead of the
    # link, and the message was gone. A name typed then is the form's, the link no more, and a reload keeps it.
    page.reload()
    expect(page.locator("#setup-form .error")).to_have_text(unreadable, timeout=WAIT)
    expect(page).to_have_title("Hiba: Új játszma · Marquoir")
    page.fill("#players-0", "Ági")
    expect(page).to_have_url(re.compile(r"\?(?!.*again=).*players-0=%C3%81gi&"))
    page.reload()
    expect(page.locator("#players-0")).to_have_value("Ági", timeout=WAIT)
