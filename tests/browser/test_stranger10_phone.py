"""A stranger on a 360 px phone with a kept result page: reload, Back and Forward, a town and back, languages."""

from support import examples
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


def test_a_french_result_survives_reload_a_town_and_back_and_forward(phone, live_server):
    code = code_with_names("W" * 24, "שלום עולם <b>x</b>")
    page = phone.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    assert page.goto(live_server + "/fr/r/" + code).status == 200
    first = page.inner_text("main")
    assert standing(page) == ["1 " + "W" * 24 + " 36 points", "2 Csongork 33 points",
                              "3 שלום עולם <b>x</b> 28 points", "4 Dominika 27 points"]
    assert "Maison de campagne" in first and "Cottage" not in first
    assert page.evaluate("document.documentElement.scrollWidth") == 360
    page.reload()
    assert page.inner_text("main") == first
    links = page.locator("a[href*='/fr/g/']")
    assert links.count() == 4
    assert links.first.inner_text() == "Modifier cette bourgade"
    links.first.click()
    page.wait_for_url(live_server + "/fr/g/" + code + "/1")
    page.go_back()
    page.wait_for_url(live_server + "/fr/r/" + code)
    assert page.inner_text("main") == first
    page.go_forward()
    page.wait_for_url(live_server + "/fr/g/" + code + "/1")
    assert errors == []


def test_switching_language_and_coming_back_shows_each_page_as_first_seen(phone, live_server):
    code = code_with_names("{{ 7*7 }} %s", "Zoé 🎲")
    page = phone.new_page()
    assert page.goto(live_server + "/hu/r/" + code).status == 200
    hungarian = page.inner_text("main")
    assert standing(page) == ["1 {{ 7*7 }} %s 36 pont", "2 Csongork 33 pont", "3 Zoé 🎲 28 pont",
                              "4 Dominika 27 pont"]
    assert "Kunyhó" in hungarian and "Cottage" not in hungarian
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
    other = phone.browser.new_context(**{"viewport": {"width": 360, "height": 740}, "is_mobile": True})
    try:
        again = other.new_page()
        assert again.goto(live_server + "/hu/r/" + code).status == 200
        assert again.inner_text("main") == hungarian
    finally:
        other.close()


def test_a_damaged_code_on_a_phone_reads_in_hungarian(phone, live_server):
    page = phone.new_page()
    answer = page.goto(live_server + "/hu/r/" + examples.FOUR_PLAYERS_CODE[:-3])
    assert answer.status == 400
    text = " ".join(page.inner_text("main").split())
    assert "Ez a link nem nyitható meg" in text
    assert "Ez a link csonkának tűnik. Másold ki a teljes linket, és nyisd meg újra." in text
    assert page.evaluate("document.documentElement.scrollWidth") == 360
