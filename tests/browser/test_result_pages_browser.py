"""Result pages on a 360 px phone, in French and Hungarian: the same page however it is reached (reload, a second
tab, Back and Forward, a town and back, another language, another phone), names shown as typed, a damaged code."""

import re

from playwright.sync_api import expect

from support import examples
from support.phone import see_scores
from support.phone import slow_network
from support.phone import tap_town
from webscore.scoring import decode
from webscore.scoring import encode


def code_with_names(first: str, second: str) -> str:
    """Return the code of the four-players game with its first two players renamed."""
    game = examples.load("four-players")
    game["players"][0]["name"] = first
    game["players"][1]["name"] = second
    return encode(game)


def standing(page) -> list:
    """Return the standing list's lines as the reader sees them."""
    return [" ".join(item.inner_text().split()) for item in page.locator("main ol").first.locator("li").all()]


def whole(page) -> str:
    """Return the page as the browser holds it."""
    return page.evaluate("document.documentElement.outerHTML")


def ranking(page) -> str:
    """Return the words of the ranking, on one line."""
    return re.sub(r"\s+", " ", page.locator(".ranking").inner_text()).strip()


def play_tied_game(page, base, lang):
    """Set up the three names of examples.MARKUP_NAMES in lang, enter three equal towns, and open the result page."""
    names = examples.MARKUP_NAMES
    page.goto("{}/{}/new".format(base, lang))
    page.fill("#players-0", names[0])
    page.fill("#players-1", names[1])
    page.click("button[value=add]")
    page.fill("#players-2", names[2])
    page.click("button[value=start]")
    page.wait_for_url("**/g/**/1")
    for n in range(3):
        tap_town(page, examples.TIED_TOWN)
        if n < 2:
            page.click("button[value=next]")
            page.wait_for_url("**/g/**/{}".format(n + 2))
        else:
            # Towns of six squares look unfinished: the question that follows is answered yes.
            see_scores(page)


def test_a_french_result_survives_reload_a_town_and_back_and_forward(tab, live_server):
    code = code_with_names("W" * 24, "שלום עולם <b>x</b>")
    page = tab
    errors = []

    def heard(error):
        errors.append(str(error))
    page.on("pageerror", heard)
    assert page.goto(live_server + "/fr/r/" + code).status == 200
    first = page.inner_text("main")
    assert standing(page) == ["1 " + "W" * 24 + " 36 points", "2 Csongork 33 points",
                              "3 שלום עולם <b>x</b> 28 points", "4 Dominika 27 points"]
    # The towns' lines are folded: in the page, not in sight.
    assert "Maison de campagne" in page.text_content("main") and "Cottage" not in page.text_content("main")
    assert page.evaluate("document.documentElement.scrollWidth") == 360
    page.reload()
    assert page.inner_text("main") == first
    links = page.locator("a[href*='/fr/g/']")
    assert links.count() == 4
    assert links.first.inner_text() == "Modifier cette bourgade"
    links.first.click()
    page.wait_for_url(live_server + "/fr/g/" + code + "/1?from=scores")
    page.go_back()
    page.wait_for_url(live_server + "/fr/r/" + code)
    assert page.inner_text("main") == first
    page.go_forward()
    page.wait_for_url(live_server + "/fr/g/" + code + "/1?from=scores")
    # The tab goes on to the module's next test, which hears its own errors.
    page.remove_listener("pageerror", heard)
    assert errors == []


def test_a_french_result_is_the_same_page_however_it_is_reached(phone, live_server):
    names = examples.MARKUP_NAMES
    page = phone.new_page()
    play_tied_game(page, live_server, "fr")
    address = page.url
    assert "/fr/r/" in address
    reached = whole(page)
    # The turns are asked once, by the form under the ranking.
    tie = "2 points place partagée"
    assert ranking(page) == " ".join("1 {} {}".format(name, tie) for name in names)
    page.reload()
    assert whole(page) == reached
    other = phone.new_page()
    other.goto(address)
    assert whole(other) == reached
    other.close()
    # Change the second town: a new address; Back walks to the old result, unchanged.
    page.locator("a", has_text="Modifier cette bourgade").nth(1).click()
    page.wait_for_url("**/g/**/2?from=scores")
    page.click(".tool[data-card='cottage']")
    page.click(".square[data-square='d1']")
    page.click("button[value=next]")
    page.wait_for_url("**/g/**/3?from=scores")
    # The towns barely begun were seen with the scores: no question asked again.
    page.click("button[value=results]")
    page.wait_for_url("**/r/**")
    changed = page.url
    assert changed != address
    assert ranking(page).startswith("1 \"'&amp; 7 points 2 <b>Zoé</b> 2 points place partagée")
    while page.url != address:
        page.go_back()
    assert whole(page) == reached
    while page.url != changed:
        page.go_forward()
    page.click("a[hreflang=hu]")
    page.wait_for_url("**/hu/r/**")
    assert ranking(page).startswith("1 \"'&amp; 7 pont 2 <b>Zoé</b> 2 pont megosztott helyezés")
    page.go_back()
    assert page.url == changed
    assert ranking(page).startswith("1 \"'&amp; 7 points")


def test_switching_language_and_coming_back_shows_each_page_as_first_seen(tab, live_server):
    code = code_with_names("{{ 7*7 }} %s", "Zoé 🎲")
    page = tab
    assert page.goto(live_server + "/hu/r/" + code).status == 200
    hungarian = page.inner_text("main")
    assert standing(page) == ["1 {{ 7*7 }} %s 36 pont", "2 Csongork 33 pont", "3 Zoé 🎲 28 pont",
                              "4 Dominika 27 pont"]
    assert "Kunyhó" in page.text_content("main") and "Cottage" not in page.text_content("main")
    page.locator("a[hreflang='fr']").click()
    page.wait_for_url(live_server + "/fr/r/" + code)
    french = page.inner_text("main")
    assert standing(page)[0] == "1 {{ 7*7 }} %s 36 points"
    page.locator("a[hreflang='en']").click()
    page.wait_for_url(live_server + "/en/r/" + code)
    assert standing(page)[2] == "3 Zoé 🎲 28 points"
    page.go_back()
    page.wait_for_url(live_server + "/fr/r/" + code)
    assert page.inner_text("main") == french
    page.go_back()
    page.wait_for_url(live_server + "/hu/r/" + code)
    assert page.inner_text("main") == hungarian
    # Another phone that never saw this code is sent the kept page: it reads the same.
    other = tab.context.browser.new_context(**{"viewport": {"width": 360, "height": 740}, "is_mobile": True})
    try:
        again = other.new_page()
        assert again.goto(live_server + "/hu/r/" + code).status == 200
        assert again.inner_text("main") == hungarian
    finally:
        other.close()


def test_a_damaged_code_on_a_phone_reads_in_hungarian(tab, live_server):
    page = tab
    answer = page.goto(live_server + "/hu/r/" + examples.FOUR_PLAYERS_CODE[:-3])
    assert answer.status == 400
    text = " ".join(page.inner_text("main").split())
    assert "Ez a link nem nyitható meg" in text
    assert "Ez a link csonkának tűnik. Másold ki a teljes linket, és nyisd meg újra." in text
    assert page.evaluate("document.documentElement.scrollWidth") == 360


def test_a_town_changed_from_the_scores_goes_back_to_them_without_asking_again(phone, live_server):
    # Towns of six squares look unfinished: the table said yes once, saw the scores, then changed a town.
    page = phone.new_page()
    slow_network(page, 100)
    play_tied_game(page, live_server, "hu")
    page.locator("a[href*='/hu/g/']").first.click()
    page.wait_for_url("**/g/**/1?from=scores")
    page.click(".tool[data-card=farm]")
    page.click(".square[data-square=d4]")
    page.click("button[name=go][value=results]")
    page.wait_for_url("**/hu/r/**")
    expect(page.locator(".confirm")).to_have_count(0)
    assert ranking(page).startswith("1 ")
    assert decode(page.url.rsplit("/", 1)[1])["players"][0]["town"][3][3] == "farm"
