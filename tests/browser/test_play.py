"""At the table: the hammer tracker into a scored game, and the Town Hall and Solo decks, in Chromium."""

from urllib.parse import parse_qs
from urllib.parse import urlencode
from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

from support.accessibility import violations
from support.browsing import PHONE
from support.browsing import WAIT
from support.examples import FOUR_PLAYERS_CODE
from support.examples import RULEBOOK_CODE
from support.phone import double_tap
from support.phone import drawn
from support.phone import go_offline
from support.phone import install
from support.phone import see_scores
from support.webflow import code_of
from webscore.scoring import decode
from webscore.scoring import encode
from webscore.scoring import score
from webscore.scoring.cards import FIRST_GAME
from webscore.scoring.table import solo_deck
from webscore.scoring.table import town_hall


def start(page, base, mode, names, monuments=()):
    page.goto(base + "/en/new")
    if not page.is_checked("input[name=mode][value={}]".format(mode)):
        page.check("input[name=mode][value={}]".format(mode))
    rows = page.locator(".player-row")
    if mode == "solo":
        # The flow answers the change: Solo keeps one row.
        expect(rows).to_have_count(1)
    # Each button is answered by the flow before the next is pressed: wait for the rows it draws.
    while rows.count() < len(names):
        count = rows.count()
        page.click("button[value=add]")
        expect(rows).to_have_count(count + 1)
    while rows.count() > len(names):
        count = rows.count()
        page.click("button[value^=remove]:visible")
        expect(rows).to_have_count(count - 1)
    for n, name in enumerate(names):
        page.fill("#players-{}".format(n), name)
    for n, monument in monuments:
        page.select_option("#monuments-{}".format(n), monument)
    page.click("button[value=play]")
    page.wait_for_url("**/en/play?code=*")
    drawn(page, "#play button")


def query(page):
    return parse_qs(urlparse(page.url).query)


def player_row(page, n):
    return page.locator(".table-players li").nth(n)


def completed(page, n):
    """Tap player n's "Town complete" and wait until the screen is drawn again: each button acts on the record its
    screen was drawn for, so a tap before the new screen is there would act on the record before this one."""
    name = player_row(page, n).locator("strong").inner_text()
    button = page.get_by_role("button", name="Town complete: {}".format(name), exact=True)
    button.click()
    expect(button).to_have_count(0)


def test_master_builder_tracker_fills_turns_and_completion(tab, live_server):
    page = tab
    start(page, live_server, "master-builder", ["Ana", "Bo", "Cy"], [(1, "the-starloom")])
    hammer = page.locator(".hammer")
    expect(hammer).to_have_text("Ana names the resource.")
    page.get_by_role("button", name="Next round", exact=True).click()
    expect(hammer).to_have_text("Bo names the resource.")
    page.get_by_role("button", name="Next round", exact=True).click()
    expect(hammer).to_have_text("Cy names the resource.")
    completed(page, 1)
    # Whose town was completed is said with the round and who names the resource.
    expect(page.locator("#announce")).to_have_text("Round 3. Town complete: Bo. Cy names the resource.")
    page.get_by_role("button", name="Next round", exact=True).click()
    expect(hammer).to_have_text("Ana names the resource.")
    assert "null" not in page.locator("#play").inner_text()
    # The language switch keeps the game as it stands.
    page.click(".languages a[lang=fr]")
    expect(hammer).to_have_text("Ana annonce la ressource.")
    page.click(".languages a[lang=en]")
    # A mistaken tap is undone, and a reload keeps everything.
    completed(page, 0)
    page.get_by_role("button", name="Undo", exact=True).click()
    # What the Undo took back is said, before the rest.
    expect(page.locator("#announce")).to_have_text("Round 4. Undone: town complete for Ana. Ana names the resource.")
    page.reload()
    expect(player_row(page, 0)).to_have_attribute("data-turns", "2")
    completed(page, 2)
    page.get_by_role("button", name="Next round", exact=True).click()
    expect(hammer).to_have_text("Ana names the resource.")
    page.get_by_role("button", name="Town complete: Ana", exact=True).click()
    expect(hammer).to_have_text("Every town is complete: the game is over.")
    assert query(page)["e"] == ["nnc1nc2nc0"]
    page.get_by_role("button", name="Enter the towns").click()
    page.wait_for_url("**/g/**/1")
    assert page.locator("#master_builder_turns").input_value() == "3"
    game = decode(code_of(page.url))
    assert [p["master_builder_turns"] for p in game["players"]] == [3, 1, 1]
    assert game["players"][1]["completed_before"] == 0
    page.click("button[value=next]")
    page.click(".tool[data-card=the-starloom]")
    page.click(".square[data-square=a1]")
    assert page.locator("#completed_before").input_value() == "0"
    page.click("button[value=next]")
    see_scores(page)
    rows = page.locator(".ranking li")
    # Bo's Starloom (first town complete: 6) - 15; Ana and Cy level on -16, Cy was Master Builder less.
    assert [(rows.nth(i).locator(".who").inner_text(), rows.nth(i).get_attribute("data-total"),
             rows.nth(i).get_attribute("data-place")) for i in range(3)] == [
        ("Bo", "-9", "1"), ("Cy", "-16", "2"), ("Ana", "-16", "3")]
    assert rows.nth(1).locator(".tie").inner_text() == "tie-break: 1 turn as Master Builder"
    assert [p["place"] for p in score(decode(code_of(page.url)))["players"]] == [3, 1, 2]


def test_town_hall_deck_offline_with_undo_and_reload(phone, live_server):
    page = phone.new_page()
    install(page, live_server)
    start(page, live_server, "town-hall", ["Ana", "Bo"])
    go_offline(phone)
    expect(page.locator("text=Turn the first card")).to_be_visible()
    seed = int(query(page)["seed"][0])
    page.get_by_role("button", name="Turn the first card").click()
    shown = page.locator(".card-shown")
    expect(shown).to_have_attribute("data-card", town_hall(seed, 1)["card"])
    page.get_by_role("button", name="Next round", exact=True).click()
    second = town_hall(seed, 2)["card"]
    expect(shown).to_have_attribute("data-card", second)
    expect(page.locator("text=Next round: everyone chooses.")).to_be_visible()
    page.get_by_role("button", name="Next round", exact=True).click()
    expect(shown).to_have_text("Everyone chooses a resource.")
    page.get_by_role("button", name="Undo", exact=True).click()
    page.reload()
    expect(shown).to_have_attribute("data-card", second)
    expect(page.locator("text=Cards left in the pile: 8")).to_be_visible()


def test_solo_deck_takes_undoes_and_survives_a_reload(tab, live_server):
    page = tab
    start(page, live_server, "solo", ["Zoé"])
    cards = page.locator(".face-up button")
    expect(cards).to_have_count(3)
    seed = int(query(page)["seed"][0])
    assert [cards.nth(i).get_attribute("data-card") for i in range(3)] == solo_deck(seed, [])["face_up"]
    cards.nth(1).click()
    expect(page.locator("text=Cards left in the pile: 12 · Resources taken: 1")).to_be_visible()
    cards.nth(0).click()
    expect(page.locator("text=Cards left in the pile: 12 · Resources taken: 2")).to_be_visible()
    # The card taken, then the new offer, are said as the screen's piece says them (helper_pieces.solo), after its
    # heading: one card is taken, so no "and" before the last.
    offer = ["Take " + card for card in solo_deck(seed, [1, 0])["face_up"]]
    taken = solo_deck(seed, [1, 0])["taken"][-1]
    expect(page.locator("#announce")).to_have_text("Solo. Resource taken: {}. {}, {}, {}.".format(taken, *offer))
    page.get_by_role("button", name="Undo", exact=True).click()
    # Undone, the card is said as put back, not as taken, then the offer.
    offer = ["Take " + card for card in solo_deck(seed, [1])["face_up"]]
    expect(page.locator("#announce")).to_have_text("Solo. Undone: {} taken. {}, {}, {}.".format(taken, *offer))
    page.reload()
    expected = solo_deck(seed, [1])["face_up"]
    expect(cards.nth(2)).to_have_attribute("data-card", expected[2])
    assert [cards.nth(i).get_attribute("data-card") for i in range(3)] == expected
    page.get_by_role("button", name="Enter the towns").click()
    page.wait_for_url("**/g/**/1")
    assert page.locator("h1").inner_text() == "Town of Zoé"


# Taps the buttons of these selectors in one go: no screen is drawn between them, as when a quick hand or a slow phone
# taps again before the screen of the tap before is there.
TAP_ALL = "(selectors) => { for (const selector of selectors) document.querySelector(selector).click(); }"


def test_taps_made_before_the_screen_is_drawn_again_each_act_once_in_turn(tab, live_server):
    page = tab
    start(page, live_server, "master-builder", ["Ana", "Bo", "Cy"])
    hammer = page.locator(".hammer")
    # Bo's town complete and Next round, then Next round again on the same screen: a double tap is one tap. The hammer
    # passes Bo by, his town complete (two rounds would have brought it back to Ana).
    page.evaluate(TAP_ALL, ['[data-action="complete-1"]', '[data-action="next"]', '[data-action="next"]'])
    expect(hammer).to_have_text("Cy names the resource.")
    # Undo, tapped after them, is taken after them: it takes back the round, and the completion stays.
    page.get_by_role("button", name="Undo", exact=True).click()
    expect(hammer).to_have_text("Ana names the resource.")
    assert query(page)["e"] == ["c1"]
    expect(page.get_by_role("button", name="Town complete: Bo", exact=True)).to_have_count(0)


def test_a_double_tap_on_next_round_is_one_round_whatever_comes_under_the_finger(tab, live_server):
    page = tab
    start(page, live_server, "master-builder", ["Ana", "Bo", "Cy"])
    hammer = page.locator(".hammer")
    # In round 1 the first Master Builder's chooser goes once a round is played, and what is below moves up: near the
    # bottom of "Next round", a second tap found Ana's "Town complete" there.
    double_tap(page, page.get_by_role("button", name="Next round", exact=True), low=True)
    expect(hammer).to_have_text("Bo names the resource.")
    # From round 2, a double tap was two rounds. Undo, tapped after, is taken after the taps before it.
    double_tap(page, page.get_by_role("button", name="Next round", exact=True))
    expect(hammer).to_have_text("Cy names the resource.")
    page.get_by_role("button", name="Undo", exact=True).click()
    expect(hammer).to_have_text("Bo names the resource.")
    assert query(page)["e"] == ["n"]


# A finger's taps on these selectors, one after the other at one point of the screen (the first's middle), as a
# phone's clicks come (pointerType "touch").
TOUCH_ALL_AT_ONE_POINT = """(selectors) => {
  const box = document.querySelector(selectors[0]).getBoundingClientRect();
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  for (const selector of selectors) {
    document.querySelector(selector).dispatchEvent(new PointerEvent("click",
      { bubbles: true, cancelable: true, detail: 1, pointerType: "touch", clientX: x, clientY: y }));
  }
}"""


def test_the_second_tap_of_a_double_tap_acts_on_nothing_that_came_under_the_finger(tab, live_server):
    page = tab
    start(page, live_server, "master-builder", ["Ana", "Bo", "Cy"])
    # "Next round", then at the same point, at once, Ana's "Town complete" (what a screen drawn again put there).
    page.evaluate(TOUCH_ALL_AT_ONE_POINT, ['[data-action="next"]', '[data-action="complete-0"]'])
    expect(page.locator(".hammer")).to_have_text("Bo names the resource.")
    page.get_by_role("button", name="Undo", exact=True).click()
    expect(page.locator(".hammer")).to_have_text("Ana names the resource.")
    assert "e" not in query(page)
    expect(page.get_by_role("button", name="Town complete: Ana", exact=True)).to_be_visible()


SECOND_TAPS = """async (clicks) => {
  const src = [...document.scripts].map((script) => script.src).find((src) => src.includes("/js/play.mjs"));
  const { secondTap } = await import(src.replace("/js/play.mjs", "/js/dom.mjs"));
  return clicks.map(([previous, click]) => secondTap(previous, click));
}"""


def test_a_second_tap_is_a_fingers_tap_near_and_soon_after_the_one_before_or_a_double_click(tab, live_server):
    page = tab
    start(page, live_server, "master-builder", ["Ana", "Bo"])
    first = {"time": 1000, "x": 100, "y": 200}
    touch = {"detail": 1, "pointerType": "touch"}
    clicks = [
        [None, dict(touch, time=1100, x=100, y=200)],  # no tap before
        [first, dict(touch, time=1300, x=110, y=215)],  # 300 ms later, 18 px away
        [first, dict(touch, time=1499, x=100, y=231)],  # just within both
        [first, dict(touch, time=1500, x=100, y=200)],  # half a second later: a tap of its own
        [first, dict(touch, time=1100, x=100, y=232)],  # 32 px away: another button
        [first, dict(touch, time=1100, x=100, y=200, pointerType="mouse")],  # a mouse's single clicks
        [first, dict(touch, time=1100, x=400, y=600, detail=2, pointerType="mouse")],  # a mouse's double click
        [first, dict(touch, time=1100, x=100, y=200, detail=0)],  # the keyboard or a screen reader
    ]
    assert page.evaluate(SECOND_TAPS, clicks) == [False, True, True, False, False, False, True, False]


def test_cards_tapped_before_the_offer_is_drawn_again_are_taken_where_it_shows_them(tab, live_server):
    page = tab
    start(page, live_server, "solo", ["Zoé"])
    seed = int(query(page)["seed"][0])
    first, second = solo_deck(seed, [])["face_up"], solo_deck(seed, [1])["face_up"]
    # The second card of the offer, the first, then the second again, on the same offer: the first card is taken
    # where the new offer shows it, and the second is not taken twice.
    page.evaluate(TAP_ALL, ['[data-action="take-1"]', '[data-action="take-0"]', '[data-action="take-1"]'])
    expect(page.locator("text=Cards left in the pile: 12 · Resources taken: 2")).to_be_visible()
    page.get_by_role("button", name="Undo", exact=True).click()
    expect(page.locator("text=Cards left in the pile: 12 · Resources taken: 1")).to_be_visible()
    assert query(page)["t"] == ["1"]
    page.get_by_role("button", name="Undo", exact=True).click()
    expect(page.locator("text=Resources taken: 0")).to_be_visible()
    # Both taps in turn: the first card's resource, at its place in the offer drawn after the first take.
    page.evaluate(TAP_ALL, ['[data-action="take-1"]', '[data-action="take-0"]'])
    expect(page.locator("text=Cards left in the pile: 12 · Resources taken: 2")).to_be_visible()
    assert query(page)["t"] == ["1{}".format(second.index(first[0]))]


def focused_action(page):
    return page.evaluate("document.activeElement.dataset.action || document.activeElement.tagName")


def test_events_add_no_history_so_one_back_leaves_and_a_reload_keeps_the_record(phone, live_server):
    page = phone.new_page()
    start(page, live_server, "master-builder", ["Ana", "Bo", "Cy"])
    setup_address = page.evaluate("document.referrer")
    length = page.evaluate("history.length")
    next_round = page.get_by_role("button", name="Next round", exact=True)
    next_round.click()
    # The area is drawn again, and the focus stays on the button the player pressed.
    expect(page.locator(".hammer")).to_have_text("Bo names the resource.")
    assert focused_action(page) == "next"
    page.keyboard.press("Enter")
    expect(page.locator(".hammer")).to_have_text("Cy names the resource.")
    completed(page, 1)
    next_round.click()
    expect(page.locator(".hammer")).to_have_text("Ana names the resource.")
    next_round.click()
    expect(page.locator(".hammer")).to_have_text("Cy names the resource.")
    assert query(page)["e"] == ["nnc1nn"]
    assert page.evaluate("history.length") == length
    page.reload()
    expect(player_row(page, 2)).to_have_attribute("data-turns", "2")
    assert query(page)["e"] == ["nnc1nn"]
    page.go_back()
    page.wait_for_url(setup_address)
    assert "/play" not in page.url


def test_the_town_hall_pile_holds_ten_before_the_first_card(tab, live_server):
    page = tab
    start(page, live_server, "town-hall", ["Ana", "Bo"])
    expect(page.locator("text=Cards left in the pile: 10")).to_be_visible()
    assert page.locator("text=Cards left in the pile: 0").count() == 0
    page.get_by_role("button", name="Turn the first card").click()
    expect(page.locator("text=Cards left in the pile: 9")).to_be_visible()
    assert focused_action(page) == "next"
    assert page.evaluate("document.activeElement.textContent") == "Next round"


def test_a_record_the_core_refuses_says_why_and_can_be_undone(tab, live_server):
    empty = [[None] * 4 for _ in range(4)]
    game = {"mode": "master-builder", "monuments": True, "cavern": False, "buildings": list(FIRST_GAME),
            "players": [{"name": name, "monument": monument, "town": empty}
                        for name, monument in (("Ana", None), ("Bo", "fort-ironweed"), ("Cy", None))]}
    page = tab
    page.goto(live_server + "/en/play?code={}&e=c1f1".format(encode(game)))
    drawn(page, "#play button")
    notice = page.locator("#play .notice")
    expect(notice).to_contain_text("This town is complete: Fort Ironweed can no longer be built in it.")
    # However damaged the record, the ways home and to a new game are there.
    assert notice.locator("a.button").evaluate_all("links => links.map((a) => [a.textContent, a.getAttribute('href')])") \
        == [["Back to Marquoir", "/en/"], ["New game", "/en/new"]]
    page.get_by_role("button", name="Undo", exact=True).click()
    expect(page.locator(".hammer")).to_have_text("Ana names the resource.")
    assert query(page)["e"] == ["c1"]
    # Once Bo's town is complete the tracker no longer offers to build the Fort there.
    assert page.get_by_role("button", name="Fort Ironweed built: Bo").count() == 0


@pytest.mark.parametrize("address", ["/fr/play?code={code}&seed=abc&t=zzz", "/fr/play?code=AAAA", "/fr/play"])
def test_a_record_or_a_code_that_cannot_be_read_leaves_the_ways_on(tab, live_server, address):
    page = tab
    page.goto(live_server + address.format(code=RULEBOOK_CODE))
    expect(page.locator("#play .notice h1")).to_have_text("Impossible d’ouvrir ce lien", timeout=WAIT)
    assert page.locator("#play .notice a.button").evaluate_all("links => links.map((a) => a.getAttribute('href'))") \
        == ["/fr/", "/fr/new"]


@pytest.mark.parametrize("code, record", [(FOUR_PLAYERS_CODE, "e=zzz"), (RULEBOOK_CODE, "seed=7&t=zzz")])
def test_undo_is_offered_only_where_the_record_less_its_last_entry_replays(tab, live_server, code, record):
    page = tab
    page.goto("{}/fr/play?code={}&{}".format(live_server, code, record))
    expect(page.locator("#play .notice h1")).to_have_text("Impossible d’ouvrir ce lien", timeout=WAIT)
    assert page.locator("#play .notice button[data-action=undo]").count() == 0
    assert page.locator("#play .notice a.button").count() == 2


def test_a_record_of_other_players_is_not_taken_up_by_a_new_game_of_the_same_mode(tab, live_server):
    # A Town Hall record left in the tab went on in the next Town Hall game, whoever played it: its round, its cards.
    page = tab
    start(page, live_server, "town-hall", ["Ana", "Bo"])
    page.get_by_role("button", name="Turn the first card").click()
    page.get_by_role("button", name="Next round", exact=True).click()
    assert query(page)["r"] == ["2"]
    start(page, live_server, "town-hall", ["Cy", "Dee"])
    assert "r" not in query(page)
    expect(page.get_by_role("button", name="Turn the first card")).to_be_visible()
    expect(page.locator(".record-note p").first).to_have_text(
        "The game changed since the one played so far: a new record starts.")


def test_back_to_the_setup_and_play_again_goes_on_with_the_game_and_a_changed_one_says_a_new_record_starts(
        browser, live_server):
    # A phone that lets axe in, for the notes' look at accessibility.
    context = browser.new_context(bypass_csp=True, **PHONE)
    page = context.new_page()
    start(page, live_server, "master-builder", ["Ana", "Bo", "Cy"])
    hammer = page.locator(".hammer")
    page.get_by_role("button", name="Next round", exact=True).click()
    expect(hammer).to_have_text("Bo names the resource.")
    completed(page, 2)
    played = query(page)
    assert played["e"] == ["nc2"]
    # Back to the setup, and the same game played again: the record goes on where it was, and says so, after a reload
    # too. The setup's new address held none, and its Forward was gone: it started again at round 1.
    page.go_back()
    page.wait_for_url("**/en/new?**")
    page.click("button[value=play]")
    page.wait_for_url("**/en/play?code=*")
    note = page.locator(".record-note")
    expect(note.locator("p").first).to_have_text("The game played so far goes on where it was left.")
    assert query(page) == played
    expect(hammer).to_have_text("Bo names the resource.")
    expect(player_row(page, 2).locator(".hint")).to_have_text("turns as Master Builder: 0 · town complete in round 2")
    page.reload()
    expect(note.locator("p").first).to_have_text("The game played so far goes on where it was left.")
    assert violations(page) == []
    # A new record asked for says so, and leads back to the game played so far until something is done in it.
    page.get_by_role("button", name="Start a new record", exact=True).click()
    expect(page.locator("#announce")).to_have_text("A new record starts.")
    assert "e" not in query(page)
    note.get_by_role("link", name="Back to the game played so far").click()
    expect(player_row(page, 2).locator(".hint")).to_have_text("turns as Master Builder: 0 · town complete in round 2")
    assert query(page)["e"] == ["nc2"]
    expect(note).to_have_count(0)
    page.get_by_role("button", name="Next round", exact=True).click()
    expect(hammer).to_have_text("Ana names the resource.")
    # A setup changed so that the record no longer fits (a player renamed in the hammer's seats): a new record starts,
    # said, with the way back to the game played so far.
    page.go_back()
    page.go_back()
    page.wait_for_url("**/en/new?**")
    page.fill("#players-1", "Bob")
    page.click("button[value=play]")
    page.wait_for_url("**/en/play?code=*")
    expect(note.locator("p").first).to_have_text("The game changed since the one played so far: a new record starts.")
    expect(hammer).to_have_text("Ana names the resource.")
    assert violations(page) == []
    assert "e" not in query(page)
    assert note.get_by_role("link", name="Back to the game played so far").get_attribute("href") \
        == "/en/play?" + urlencode({key: value for key, [value] in played.items()}) + "n"
    # A double tap's second tap on the link the screen drawn again put under the finger does not leave the game.
    page.evaluate(TOUCH_ALL_AT_ONE_POINT, ['[data-action="next"]', ".record-note a"])
    expect(hammer).to_have_text("Bob names the resource.")
    assert query(page)["e"] == ["n"]
    assert page.locator(".table-players strong").all_inner_texts() == ["Ana", "Bob", "Cy"]
    expect(note).to_have_count(0)
    # Once the towns are entered, the setup opened again (a rematch) starts a new record, said, with the way back.
    page.get_by_role("button", name="Enter the towns").click()
    page.wait_for_url("**/g/**/1")
    # Back to the record whose towns were entered, its screens drawn again, still counts as entered.
    page.go_back()
    page.wait_for_url("**/en/play?code=*")
    page.reload()
    expect(hammer).to_have_text("Bob names the resource.")
    page.go_forward()
    page.wait_for_url("**/g/**/1")
    page.get_by_role("button", name="Change the players or buildings").click()
    page.wait_for_url("**/en/new?**")
    page.click("button[value=play]")
    page.wait_for_url("**/en/play?code=*")
    expect(note.locator("p").first).to_have_text("A new record starts.")
    assert "e" not in query(page)
    assert note.get_by_role("link", name="Back to the game played so far").get_attribute("href").endswith("&e=n")
    context.close()
