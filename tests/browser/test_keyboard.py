"""The town grid by keyboard: one control per square, the square and the form never disagree, nothing covers focus."""

from urllib.parse import urlencode

import pytest
from playwright.sync_api import expect

from support.accessibility import setup_code
from support.apps import new_app
from support.browsing import PHONE
from support.browsing import WAIT
from support.webflow import code_of
from webscore.scoring import decode
from webscore.scoring import score

CODE = setup_code(new_app())
ACTIVE = "document.activeElement"


def tab_to(page, selector, backwards=False, limit=150):
    """Press Tab (Shift+Tab backwards) until the focused element matches selector; fail past limit presses."""
    for _ in range(limit):
        if page.evaluate("s => document.activeElement && document.activeElement.matches(s)", selector):
            return
        page.keyboard.press("Shift+Tab" if backwards else "Tab")
    pytest.fail("Tab never reached " + selector)


def drawn(page):
    """Wait until the live score (MicroPython in the page) has drawn the running total."""
    expect(page.locator(".running-total")).not_to_be_empty(timeout=WAIT)


def focused_square(page):
    return page.evaluate(ACTIVE + ".closest('.square')?.dataset.square ?? null")


def shown_and_stored(page):
    """Return {square: (card shown on the square as read, without its soft hyphens and what is said, not seen; the
    select's option and value)} for the 16 squares."""
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('.square')].map(s => [s.dataset.square,
        [(() => {
          const card = s.querySelector('.square-card').cloneNode(true);
          for (const said of card.querySelectorAll('.said-only')) said.remove();
          return card.textContent.replaceAll('\\u00ad', '');
        })(),
         s.querySelector('.square-select').selectedOptions[0].text,
         s.querySelector('.square-select').value]]))""")


def test_the_keyboard_repro_leaves_square_and_form_agreeing(tab, live_server):
    page = tab
    page.goto(live_server + "/en/g/{}/1".format(CODE))
    drawn(page)
    tab_to(page, ".tool[data-card=cottage]")
    page.keyboard.press("Enter")
    tab_to(page, ".square[data-square=a1] .square-button")
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert focused_square(page) == "b1"
    page.keyboard.press("ArrowDown")
    # The square shows its card with its points, once the live score has them.
    expect(page.locator(".square[data-square=a1] .square-points")).to_have_text("0")
    squares = shown_and_stored(page)
    assert squares["a1"] == ["Cottage", "Cottage", "cottage"]
    assert all(shown == ("" if value == "" else text) for shown, text, value in squares.values())
    assert [name for name, (_, _, value) in squares.items() if value] == ["a1"]
    expect(page.locator("#announce")).to_have_text("a1, Cottage, 0 points. Running total: \u221215")
    expect(page.locator(".square[data-square=a1] .square-button")).to_have_accessible_name("a1, Cottage, 0 points")


def test_each_square_is_one_tab_stop_named_by_place_card_and_points(tab, live_server):
    page = tab
    page.goto(live_server + "/en/g/{}/1?{}".format(CODE, urlencode({"square_a1": "cottage", "square_b1": "farm"})))
    drawn(page)
    expect(page.locator(".running-total")).to_have_text("Running total: \u221211")
    buttons = page.locator(".square-button")
    # "−1 point", as the server words it (the count is the points without their sign).
    for n, name in enumerate(["a1, Cottage, 3 points", "b1, Farm, 0 points", "c1, Empty, \u22121 point"]):
        expect(buttons.nth(n)).to_have_accessible_name(name)
    assert page.locator(".square-select").evaluate_all("ss => ss.every(s => getComputedStyle(s).display === 'none')")
    stops = page.evaluate("""() => [...document.querySelectorAll('.square button, .square select, .square input')]
                             .filter(e => e.tabIndex >= 0 && e.offsetParent !== null).length""")
    assert stops == 16


def test_a_square_before_a_building_offers_the_buildings_by_keyboard_too(tab, live_server):
    page = tab
    page.goto(live_server + "/fr/g/{}/1".format(CODE))
    drawn(page)
    page.focus(".square[data-square=c3] .square-button")
    page.keyboard.press("Enter")
    expect(page.locator(".square-offer .tool").first).to_be_focused()
    # Shift+Tab out of it closes it; the square opens it again.
    page.keyboard.press("Shift+Tab")
    expect(page.locator(".square-offer")).to_be_hidden()
    page.focus(".square[data-square=c3] .square-button")
    page.keyboard.press("Enter")
    expect(page.locator(".square-offer .tool").first).to_be_focused()
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.locator(".square-offer")).to_be_hidden()
    second = page.locator(".palette .tool").nth(1).get_attribute("data-card")
    expect(page.locator("#square_c3")).to_have_value(second)
    expect(page.locator(".square[data-square=c3] .square-button")).to_be_focused()


def test_a_square_before_a_building_says_choose_a_building_first_where_nothing_can_pop_up(phone, live_server):
    page = phone.new_page()
    # A browser without popovers: the square says what to do first, as before the offer.
    page.add_init_script("delete HTMLElement.prototype.showPopover")
    page.goto(live_server + "/fr/g/{}/1".format(CODE))
    drawn(page)
    page.click(".square[data-square=c3]")
    expect(page.locator("#announce")).to_have_text("Choisissez d’abord un bâtiment.")
    assert page.locator("#square_c3").input_value() == ""


def test_after_a_problem_focus_is_on_the_square_and_the_title_says_error(tab, live_server):
    page = tab
    query = urlencode({"square_b2": "warehouse", "stored_b2": "-1", "go": "next"})
    page.goto(live_server + "/en/g/{}/2/save?{}".format(CODE, query))
    drawn(page)
    assert page.title() == "Error: Town of Bo · Marquoir"
    assert focused_square(page) == "b2"
    described = page.evaluate(ACTIVE + ".getAttribute('aria-describedby')")
    assert page.locator("#" + described).inner_text().replace("\u00ad", "") == \
        "Enter how many resources are stored, from 0 to 3."


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_the_palette_never_covers_the_focused_square(browser, live_server, lang):
    context = browser.new_context(**dict(PHONE, viewport={"width": 360, "height": 640}))
    try:
        page = context.new_page()
        page.goto(live_server + "/{}/g/{}/1".format(lang, CODE))
        drawn(page)
        tab_to(page, "button[value=next]")
        seen = []
        while len(seen) < 16:
            page.keyboard.press("Shift+Tab")
            square = focused_square(page)
            if square is None:
                continue
            box = page.evaluate("""() => [document.querySelector('.palette').getBoundingClientRect().bottom,
                                          document.activeElement.getBoundingClientRect().top,
                                          document.activeElement.getBoundingClientRect().bottom, innerHeight]""")
            palette_bottom, top, bottom, height = box
            assert palette_bottom <= top and bottom <= height, (square, box)
            seen.append(square)
        assert seen[0] == "d4" and seen[-1] == "a1"
        # The palette's height is kept on the root alone, as its scroll padding: a custom property every element
        # inherited would restyle the whole page each time the palette's height is measured.
        kept = page.evaluate("""() => [getComputedStyle(document.documentElement).scrollPaddingTop,
                                       document.querySelector('.palette').offsetHeight,
                                       getComputedStyle(document.querySelector('.grid')).getPropertyValue('--palette-height')]""")
        assert kept == ["{}px".format(kept[1] + 8), kept[1], ""]
    finally:
        context.close()


def test_a_whole_game_by_keyboard_only(tab, live_server):
    page = tab
    page.goto(live_server + "/en/new")
    for n, name in enumerate(("Ana", "Bo")):
        tab_to(page, "#players-{}".format(n))
        page.keyboard.type(name)
    tab_to(page, "button[value=start]")
    page.keyboard.press("Enter")
    page.wait_for_url("**/g/**/1")
    towns = {"Ana": {"cottage": ["a1", "b1"], "farm": ["a2"]}, "Bo": {"well": ["d4"]}}
    for name, town in towns.items():
        drawn(page)
        expect(page.locator("h1")).to_have_text("Town of " + name)
        for card, where in town.items():
            tab_to(page, ".tool[data-card={}]".format(card), backwards=True)
            page.keyboard.press("Enter")
            for square in where:
                tab_to(page, ".square[data-square={}] .square-button".format(square))
                page.keyboard.press("Space")
        tab_to(page, "button[value=next], button[value=results]")
        page.keyboard.press("Enter")
        page.wait_for_load_state()
    # Both towns are mostly empty: the question before the scores is answered by keyboard too.
    page.wait_for_selector(".confirm button[value=results]")
    tab_to(page, ".confirm button[value=results]", backwards=True)
    page.keyboard.press("Enter")
    page.wait_for_url("**/en/r/**")
    game = decode(code_of(page.url))
    assert game["players"][0]["town"][0][:2] == ["cottage", "cottage"] and game["players"][0]["town"][1][0] == "farm"
    assert game["players"][1]["town"][3][3] == "well"
    expected = [p["total"] for p in score(game)["players"]]
    shown = page.locator(".ranking li").evaluate_all(
        "rows => rows.map(r => [r.querySelector('.who').textContent, +r.dataset.total])")
    assert sorted(map(tuple, shown)) == sorted(zip(["Ana", "Bo"], expected))


def test_on_a_phone_on_its_side_the_palette_stays_small(browser, live_server):
    context = browser.new_context(**dict(PHONE, viewport={"width": 740, "height": 360}))
    try:
        page = context.new_page()
        page.goto(live_server + "/hu/g/{}/1".format(CODE))
        drawn(page)
        share = page.evaluate("document.querySelector('.palette').offsetHeight / innerHeight")
        assert share <= 0.25, share
        tab_to(page, ".square[data-square=a1] .square-button")
        box = page.evaluate("""() => [document.querySelector('.palette').getBoundingClientRect().bottom,
                                      document.activeElement.getBoundingClientRect().top]""")
        assert box[0] <= box[1], box
    finally:
        context.close()
