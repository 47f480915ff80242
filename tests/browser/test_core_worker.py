"""The core in the browser runs in a worker of its own, and a form answers from its first paint.

Until the core is ready the server answers the setup's buttons, as without scripts; once it is, they are
answered in the page, and nothing typed meanwhile is lost. The page's own thread never runs MicroPython.
"""

import re

from playwright.sync_api import expect

from support.browsing import HOLD_CORE
from support.examples import FOUR_PLAYERS_CODE
from support.phone import held_back
from support.phone import slow_network

WAIT = 15000


def test_a_town_is_scored_by_one_worker_and_not_on_the_pages_thread(tab, live_server):
    page = tab
    page.goto(live_server + "/en/g/{}/1".format(FOUR_PLAYERS_CODE))
    expect(page.locator(".running-total")).to_have_text(re.compile(r"^Running total: "), timeout=WAIT)
    # Every script of the page (the palette, the live score) shares the one worker.
    assert [re.sub(r"/v/[0-9a-f]+/", "/v/V/", worker.url.split("127.0.0.1")[1].split("/", 1)[1])
            for worker in page.workers] == ["static/v/V/js/core-worker.mjs"]
    assert page.evaluate("typeof loadMicroPython === 'undefined' && typeof Module === 'undefined'")
    page.click(".palette [data-action=clear]")
    expect(page.locator(".running-total")).to_have_text("Running total: \u221216")
    page.click(".palette .tool[data-card=cottage]")
    page.click(".square[data-square=a1] .square-button")
    expect(page.locator(".square[data-square=a1] .square-points")).to_have_text("0")
    page.click(".palette .tool[data-card=farm]")
    page.click(".square[data-square=b1] .square-button")
    # The Farm feeds the Cottage: 3 points, less 14 empty squares; said once the worker answered.
    expect(page.locator(".square[data-square=a1] .square-points")).to_have_text("3")
    expect(page.locator(".running-total")).to_have_text("Running total: \u221211")
    expect(page.locator("#announce")).to_have_text("b1, Farm, 0 points. Running total: \u221211")
    assert page.evaluate("performance.getEntriesByName('marquoir:town-number').length") == 1


def tap_a_farm_on_the_cottage_at_a1(page, live_server) -> None:
    """Open the four players' first town, watch what a1's points read each time its card's words change (the same task,
    so the same frame, or not: window.seen), and tap a Farm on a1's Cottage (3 points)."""
    page.goto(live_server + "/en/g/{}/1".format(FOUR_PLAYERS_CODE))
    page.wait_for_selector("form.js-town[data-live-total]")
    expect(page.locator(".running-total")).not_to_have_class(re.compile(r"\bis-stale\b"))
    page.evaluate("""() => {
      const square = document.querySelector(".square[data-square=a1]");
      window.seen = [];
      new MutationObserver(() => window.seen.push([square.querySelector(".square-card").textContent,
        square.querySelector(".square-points").textContent])).observe(square.querySelector(".square-card"),
        { childList: true, characterData: true, subtree: true });
    }""")
    expect(page.locator(".square[data-square=a1] .square-points")).to_have_text("3")
    page.click(".palette .tool[data-card=farm]")
    page.click(".square[data-square=a1] .square-button")


def test_a_tapped_square_shows_its_card_only_with_its_new_points(tab, live_server):
    page = tab
    tap_a_farm_on_the_cottage_at_a1(page, live_server)
    expect(page.locator(".running-total")).to_have_text("Running total: 34")
    # The Farm shows with its 0 points, never beside the Cottage's 3 that stood there: in the frame that draws the live
    # score's answer, or, when the answer takes longer than the tap is held (a machine too busy to answer in 50 ms),
    # with no points until it comes (the next test).
    assert page.evaluate("() => window.seen") in ([["Farm,", "0"]], [["Farm,", ""]])
    expect(page.locator(".square[data-square=a1] .square-points")).to_have_text("0")
    expect(page.locator("#announce")).to_have_text("a1, Farm, 0 points. Running total: 34")


def test_a_tapped_square_waiting_for_a_slow_live_score_shows_its_card_with_no_points(phone, live_server):
    # Every question to the core is sent 300 ms late, as a slow phone answers: the tap's card shows once held 50 ms,
    # with no points rather than the Cottage's 3, and its own once the answer comes.
    phone.add_init_script("""(() => {
      const send = Worker.prototype.postMessage;
      Worker.prototype.postMessage = function (...args) { setTimeout(() => send.apply(this, args), 300); };
    })()""")
    page = phone.new_page()
    tap_a_farm_on_the_cottage_at_a1(page, live_server)
    expect(page.locator(".square[data-square=a1] .square-card")).to_have_text("Farm,")
    assert page.evaluate("() => window.seen") == [["Farm,", ""]]
    expect(page.locator(".running-total")).to_have_text("Running total: 34")
    expect(page.locator(".square[data-square=a1] .square-points")).to_have_text("0")
    expect(page.locator("#announce")).to_have_text("a1, Farm, 0 points. Running total: 34")
    page.close()


def test_the_setup_is_answered_by_the_server_until_the_core_is_ready(phone, live_server):
    # The core's bundle never comes: the core never starts.
    phone.route(re.compile(r".*/core\.bundle$"), lambda route: route.abort())
    page = phone.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(live_server + "/hu/new")
    page.fill("#players-0", "Ági")
    page.fill("#players-1", "Bence")
    with page.expect_navigation():
        page.click("button[name=action][value=add]")
    # The server's page: three rows, the names typed kept, focus on the new player's name, as the page's script puts it.
    expect(page.locator("ol.players > li")).to_have_count(3)
    expect(page.locator("#players-2")).to_be_focused()
    expect(page.locator("#players-0")).to_have_value("Ági")
    expect(page.locator("#players-1")).to_have_value("Bence")
    # Its address is the form as drawn, not the button: a reload (or Back to it) keeps the monuments dealt, where it
    # dealt others.
    with page.expect_navigation():
        page.click("button[name=action][value=deal-monuments]")
    dealt = [page.input_value("#dealt-{}".format(n)) for n in range(3)]
    assert all(dealt)
    expect(page).not_to_have_url(re.compile(r"[?&]action="))
    page.reload()
    assert [page.input_value("#dealt-{}".format(n)) for n in range(3)] == dealt
    # "Update choices" is for pages without scripts: here a choice is answered once the core is (next test).
    expect(page.locator("form.setup button.small[name=action][value=refresh]")).to_be_hidden()
    # A core that cannot start is no error of the page: the server answers, as without scripts.
    page.wait_for_function("() => performance.getEntriesByName('marquoir:core-failed').length === 1", timeout=WAIT)
    assert errors == []


def test_the_setup_answers_in_the_page_once_the_core_is_ready_keeping_what_was_typed(tab, live_server):
    page = tab
    page.goto(live_server + "/fr/new")
    page.fill("#players-0", "Zoé")
    page.wait_for_function("() => performance.getEntriesByName('marquoir:core-ready').length === 1", timeout=WAIT)
    expect(page.locator("form.setup button.small[name=action][value=refresh]")).to_be_hidden()
    # A page that stays the same page: a mark left on it survives an answer drawn in the page.
    page.evaluate("window.stillHere = true")
    page.fill("#players-1", "Luc")
    page.click("button[name=action][value=add]")
    expect(page.locator("ol.players > li")).to_have_count(3)
    expect(page.locator("#players-2")).to_be_focused()
    assert page.evaluate("window.stillHere === true")
    expect(page.locator("#players-0")).to_have_value("Zoé")
    expect(page.locator("#players-1")).to_have_value("Luc")
    # The address follows the form (written once a frame), so a reload shows the three rows.
    expect(page).to_have_url(re.compile(r"[?&]players-1=Luc(&|$)"))
    page.reload()
    expect(page.locator("ol.players > li")).to_have_count(3)
    expect(page.locator("#players-1")).to_have_value("Luc")


def test_a_choice_and_a_name_made_before_the_setups_script_runs_are_answered_and_kept(phone, live_server):
    release = held_back(phone, "setup.js")
    page = phone.new_page()
    page.goto(live_server + "/fr/new?players-0=Zo%C3%A9&players-1=&action=play", wait_until="commit")
    # The server's page, refused (no cards chosen), painted before its script: Solo chosen, a name changed.
    expect(page.locator("form.setup .error")).to_have_count(6)
    page.check("input[name=mode][value=solo]")
    page.fill("#players-0", "Zoé Martin")
    release(page)
    # Answered once the script and the core are ready: one row (Solo), the name as typed, no message left.
    expect(page.locator("ol.players > li")).to_have_count(1, timeout=WAIT)
    expect(page.locator("form.setup")).to_have_class(re.compile(r"\bis-solo\b"))
    expect(page.locator("#players-0")).to_have_value("Zoé Martin")
    expect(page.locator("form.setup .error")).to_have_count(0)
    expect(page).to_have_url(re.compile(r"[?&]players-0=Zo%C3%A9\+Martin&"))
    expect(page).to_have_url(re.compile(r"[?&]mode=solo(&|$)"))
    page.reload()
    expect(page.locator("#players-0")).to_have_value("Zoé Martin", timeout=WAIT)
    expect(page.locator("input[name=mode][value=solo]")).to_be_checked()


def test_a_name_typed_in_the_same_moment_as_a_reload_is_kept(tab, live_server):
    page = tab
    page.goto(live_server + "/hu/new?players-0=%C3%81gi&players-1=&mode=town-hall")
    page.wait_for_function("() => performance.getEntriesByName('marquoir:core-ready').length === 1", timeout=WAIT)
    # The letters land and the page reloads in one task: no frame comes between them to write the address.
    page.evaluate("""() => {
      const name = document.querySelector("#players-1");
      name.value = "Bence";
      name.dispatchEvent(new Event("input", { bubbles: true }));
      location.reload();
    }""")
    expect(page.locator("#players-1")).to_have_value("Bence", timeout=WAIT)
    assert page.input_value("#players-0") == "Ági"
    assert page.is_checked("input[name=mode][value=town-hall]")
    expect(page).to_have_url(re.compile(r"[?&]players-1=Bence(&|$)"))
    # Once: a later reload is of the address as it now stands.
    page.reload()
    expect(page.locator("#players-1")).to_have_value("Bence", timeout=WAIT)


def test_a_mode_chosen_before_the_core_was_ready_is_answered_once_it_is(phone, live_server):
    held = []
    phone.route(re.compile(r".*/core\.bundle$"), lambda route: held.append(route))
    page = phone.new_page()
    with phone.expect_event("request", lambda request: request.url.endswith("/core.bundle")):
        page.goto(live_server + "/en/new")
    page.fill("#players-0", "Ana")
    page.check("input[name=mode][value=solo]")
    # Nothing redrawn yet: two rows, as the server drew them.
    expect(page.locator("ol.players > li")).to_have_count(2)
    while not held:
        page.evaluate("0")  # each call lets Playwright hand the held request over
    held[0].continue_()
    # Solo plays one town: the core answers the mode chosen meanwhile, and the name typed stays.
    expect(page.locator("ol.players > li")).to_have_count(1, timeout=WAIT)
    expect(page.locator("#players-0")).to_have_value("Ana")


def test_a_name_being_typed_when_the_core_answers_an_early_choice_keeps_its_focus_and_its_letters(phone, live_server):
    page = phone.new_page()
    page.add_init_script(script=HOLD_CORE)
    page.goto(live_server + "/hu/new")
    # Before the core is ready: no monuments, then a name begun.
    page.check("input[name=without_monuments]")
    page.click("#players-1")
    page.keyboard.type("Bé")
    page.wait_for_function("() => window.coreHeld() > 0", timeout=WAIT)
    page.evaluate("window.releaseCore()")
    # The core answers the choice (the rows lose their monuments) under the fingers still typing.
    expect(page.locator("#monuments-0")).to_be_hidden(timeout=WAIT)
    expect(page.locator("#players-1")).to_be_focused()
    page.keyboard.type("la")
    expect(page.locator("#players-1")).to_have_value("Béla")
    # A name typed while the core answers a button stays as typed.
    page.evaluate("window.holdCore()")
    page.click("button[name=action][value=add]")
    page.fill("#players-0", "Zsófi")
    page.wait_for_function("() => window.coreHeld() > 0", timeout=WAIT)
    page.evaluate("window.releaseCore()")
    expect(page.locator("ol.players > li")).to_have_count(3)
    assert [page.input_value("#players-{}".format(n)) for n in range(3)] == ["Zsófi", "Béla", ""]
    expect(page).to_have_url(re.compile(r"[?&]players-0=Zs%C3%B3fi(&|$)"))


def test_the_servers_messages_go_once_the_page_answers_and_the_pages_own_are_tied_to_their_fields(tab, live_server):
    page = tab
    # The server refuses a game whose cards are not chosen: one message a colour to choose, each describing its fieldset.
    page.goto(live_server + "/fr/new?players-0=Zo%C3%A9&players-1=Luc&action=play")
    expect(page.locator("form.setup .error")).to_have_count(6)
    expect(page.locator("fieldset.c-red")).to_have_attribute("aria-describedby", "red-error-1")
    # A card chosen answers its colour's message, and only that one.
    page.check("fieldset.c-grey input[type=radio] >> nth=0")
    expect(page.locator("fieldset.c-grey .error")).to_have_count(0)
    expect(page.locator("fieldset.c-grey")).not_to_have_attribute("aria-describedby", re.compile(r"."))
    expect(page.locator("form.setup .error")).to_have_count(5)
    page.wait_for_function("() => performance.getEntriesByName('marquoir:core-ready').length === 1", timeout=WAIT)
    page.click("button[name=action][value=add]")
    expect(page.locator("ol.players > li")).to_have_count(3)
    # Answered in the page: no message of the server's is left, nor a field marked by one.
    expect(page.locator("form.setup .error")).to_have_count(0)
    expect(page.locator("form.setup [aria-invalid], form.setup fieldset[aria-describedby]")).to_have_count(0)
    # The same refusal answered in the page: its messages as the server's, tied to what they are about.
    page.click("button[name=action][value=play]")
    expect(page.locator("form.setup .error")).to_have_count(5)
    red = page.locator("fieldset.c-red .error")
    expect(red).to_have_text("Choisissez une carte de chaque couleur.")
    expect(page.locator("fieldset.c-red")).to_have_attribute("aria-describedby", red.get_attribute("id"))
    # Cards dealt at random: answered again without them, nothing stays marked.
    page.click("button[name=action][value=deal]")
    expect(page.locator("fieldset.c-red input:checked")).to_have_count(1)
    expect(page.locator("form.setup .error")).to_have_count(0)
    expect(page.locator("form.setup [aria-invalid], form.setup fieldset[aria-describedby]")).to_have_count(0)


def test_a_towns_numbers_come_with_the_page_before_the_core(phone, live_server):
    # The core never starts: what is shown is the server's.
    phone.route(re.compile(r".*/core\.bundle$"), lambda route: route.abort())
    page = phone.new_page()
    page.goto(live_server + "/en/g/{}/1".format(FOUR_PLAYERS_CODE))
    expect(page.locator(".running-total")).to_have_text("Running total: 36")
    expect(page.locator(".square[data-square=a1] .square-button")).to_have_accessible_name("a1, Cottage, 3 points")
    assert page.evaluate("() => performance.getEntriesByName('marquoir:town-number').length") == 1
    # A tap the core cannot score: the square changes, the total says it is not up to date, and the tap is said.
    page.click(".palette .tool[data-card=farm]")
    page.click(".square[data-square=a1] .square-button")
    expect(page.locator("#square_a1")).to_have_value("farm")
    expect(page.locator(".running-total")).to_have_class(re.compile(r"\bis-stale\b"))
    # Neither the square's old points nor the old total is shown or said as if it were the new one.
    expect(page.locator("#announce")).to_have_text("a1, Farm")
    expect(page.locator(".square[data-square=a1] .square-points")).to_have_text("")
    expect(page.locator(".square[data-square=a1] .square-button")).to_have_accessible_name("a1, Farm,")
    # A reload asks the server, which scores the town as tapped (the address holds it).
    page.reload()
    expect(page.locator(".square[data-square=a1] .square-points")).to_have_text("0")
    expect(page.locator(".running-total")).not_to_have_class(re.compile(r"\bis-stale\b"))


def town_before_its_script(phone, live_server, lang):
    """Open player 1's town, painted, its script (town.js) held back; return the page and release(page)."""
    release = held_back(phone, "town.js")
    page = phone.new_page()
    page.goto(live_server + "/{}/g/{}/1".format(lang, FOUR_PLAYERS_CODE), wait_until="commit")
    page.wait_for_function("() => Array.isArray(window.marquoirEarlyTaps)", timeout=WAIT)
    return page, release


def test_taps_made_before_the_towns_script_runs_are_answered_once_it_does(phone, live_server):
    page, release = town_before_its_script(phone, live_server, "fr")
    # Painted, its script not in yet: a building chosen, three squares tapped and the last one undone, as a
    # quick player does.
    page.click(".palette .tool[data-card=farm]")
    page.click(".square[data-square=a1] .square-button")
    page.click(".square[data-square=b1] .square-button")
    page.click(".square[data-square=d1] .square-button")
    page.click(".palette [data-action=undo]")
    expect(page.locator("#square_a1")).to_have_value("cottage")
    release(page)
    # Answered in order once it runs: two squares hold the Farm, the third is back, scored as the server scores them.
    expect(page.locator("form.js-town")).to_have_count(1, timeout=WAIT)
    expect(page.locator("#square_a1")).to_have_value("farm")
    expect(page.locator("#square_b1")).to_have_value("farm")
    expect(page.locator("#square_d1")).to_have_value("well")
    expect(page.locator(".palette .tool[data-card=farm]")).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".square[data-square=a1] .square-card")).to_have_text("Ferme,")
    expect(page.locator(".square[data-square=b1] .square-points")).to_have_text("0", timeout=WAIT)
    expect(page.locator(".running-total")).not_to_have_class(re.compile(r"\bis-stale\b"))
    expect(page).to_have_url(re.compile(r"[?&]square_b1=farm&"))
    live = page.locator(".running-total").inner_text()
    page.reload()
    expect(page.locator(".running-total")).to_have_text(live)


def test_taps_made_as_soon_as_a_town_is_painted_are_kept_at_a_phones_latency(phone, live_server):
    # A first visit at 300 ms of latency: the page's first bytes paint the palette and the squares, and a tap made
    # then, before any other file of the page can have come, is kept (before, the script keeping them was a file of
    # its own, a round trip later: the tap did nothing).
    release = held_back(phone, "town.js")
    page = phone.new_page()
    slow_network(page, 300)
    page.goto(live_server + "/en/g/{}/1".format(FOUR_PLAYERS_CODE), wait_until="commit")
    page.click(".palette .tool[data-card=farm]")
    page.click(".square[data-square=a1] .square-button")
    release(page)
    expect(page.locator("form.js-town")).to_have_count(1, timeout=WAIT)
    expect(page.locator("#square_a1")).to_have_value("farm")
    expect(page.locator(".palette .tool[data-card=farm]")).to_have_attribute("aria-pressed", "true")


# A tap made the moment town.js has taken the page over, before it has answered the taps made earlier: one task
# after the page's form is marked as taken over (a mutation observer's callback runs before any timer).
TAP_AS_TOWN_JS_TAKES_OVER = """(square) => {
  const form = document.querySelector(".town-form");
  new MutationObserver((records, observer) => {
    if (!form.classList.contains("js-town")) return;
    observer.disconnect();
    document.querySelector(`.square[data-square=${square}] .square-button`).click();
  }).observe(form, { attributes: true, attributeFilter: ["class"] });
}"""


def test_a_tap_made_as_the_towns_script_takes_over_waits_behind_the_taps_made_before(phone, live_server):
    page, release = town_before_its_script(phone, live_server, "en")
    page.click(".palette .tool[data-card=theater]")
    page.click(".square[data-square=a1] .square-button")
    page.evaluate(TAP_AS_TOWN_JS_TAKES_OVER, "b1")
    release(page)
    # b1 is answered after the Theater was chosen, as it was tapped: it holds the Theater too (before, it was
    # answered first, with no building in hand, and kept its Cottage).
    expect(page.locator("#square_a1")).to_have_value("theater", timeout=WAIT)
    expect(page.locator("#square_b1")).to_have_value("theater")
    expect(page.locator(".square-offer:popover-open")).to_have_count(0)


def test_a_step_left_before_the_towns_script_runs_leaves_with_the_taps_made_meanwhile(phone, live_server):
    page, release = town_before_its_script(phone, live_server, "hu")
    # A square tapped first (its buildings are offered once the script runs), then a building and another
    # square, then the next player's chip.
    page.click(".square[data-square=a1] .square-button")
    page.click(".palette .tool[data-card=farm]")
    page.click(".square[data-square=b1] .square-button")
    page.click("button[form=town-form][name=go][value='2']")
    expect(page.locator("h1")).to_have_text("Annabell városa")
    release(page)
    # The buildings offered for a1 went with the tap on the palette, as on the screen; then the step was left.
    page.wait_for_url(re.compile(r"/hu/g/[^/]+/2$"), timeout=WAIT)
    page.goto(page.url[:-1] + "1")
    expect(page.locator("#square_b1")).to_have_value("farm")
    expect(page.locator("#square_a1")).to_have_value("cottage")


# Every question the page asks its core worker, by door ("live" for a live score; "+words" where the page's words go
# with it), from before its scripts run, among the pointer's presses and lifts and the clicks.
COUNT_ASKED = """(() => {
  window.asked = [];
  for (const name of ["pointerdown", "pointerup", "click"]) addEventListener(name, () => window.asked.push(name), true);
  const send = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message) {
    const request = message && message.args ? message.args[0] : null;
    window.asked.push(message.door + (request && request.words ? "+words" : ""));
    return send.apply(this, arguments);
  };
})()"""


def farm_in_hand(phone, live_server):
    """Open player 1's town on a phone that counts what its page asks the core, and tap the Farm in the palette;
    return the page and how many questions it had asked by then."""
    phone.add_init_script(script=COUNT_ASKED)
    page = phone.new_page()
    page.goto(live_server + "/en/g/{}/1".format(FOUR_PLAYERS_CODE))
    page.wait_for_selector("form.js-town[data-live-total]")
    page.locator(".palette .tool[data-card=farm]").tap()
    return page, page.evaluate("() => window.asked.length")


def test_a_square_pressed_is_scored_before_the_finger_lifts_and_the_tap_asks_nothing_more(phone, live_server):
    page, asked = farm_in_hand(phone, live_server)
    # A touch: the press asks for the town the tap would make; the tap takes that answer.
    page.locator(".square[data-square=a1] .square-button").tap()
    expect(page.locator(".running-total")).to_have_text("Running total: 34")
    expect(page.locator(".square[data-square=a1] .square-points")).to_have_text("0")
    expect(page.locator("#announce")).to_have_text("a1, Farm, 0 points. Running total: 34")
    # Asked once, when pressed: before the finger lifted, and nothing more on the click.
    assert page.evaluate("() => window.asked")[asked:] == ["pointerdown", "live", "pointerup", "click"]
    # The page's words went to the core once, as the town opened: no tap sends them.
    assert page.evaluate("() => window.asked").count("words") == 1


def test_a_press_that_is_not_a_tap_changes_nothing_and_the_next_tap_is_scored_as_it_is(phone, live_server):
    page, asked = farm_in_hand(phone, live_server)
    # A finger down on a1 that leaves to scroll: asked ahead, never tapped.
    page.locator(".square[data-square=a1] .square-button").dispatch_event(
        "pointerdown", {"isPrimary": True, "button": 0, "pointerType": "touch"})
    page.wait_for_function("n => window.asked.length > n", arg=asked)
    page.locator(".square[data-square=b1] .square-button").tap()
    expect(page.locator("#announce")).to_have_text(re.compile(r"^b1, Farm, "))
    expect(page.locator("#square_a1")).to_have_value("cottage")
    expect(page.locator("#square_b1")).to_have_value("farm")
    # a1's press was answered, unused: the tap on b1 asked for its own town.
    assert page.evaluate("() => window.asked")[asked:] == ["pointerdown", "live", "pointerdown", "live",
                                                           "pointerup", "click"]
    shown = page.locator(".running-total").inner_text()
    points = page.locator(".square[data-square=a1] .square-points").inner_text()
    # What the server draws for the town in the address is what the page showed.
    page.reload()
    expect(page.locator(".running-total")).to_have_text(shown)
    expect(page.locator(".square[data-square=a1] .square-points")).to_have_text(points)
    assert points == "3"
