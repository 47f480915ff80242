"""Languages in the browser: switching mid-town keeps everything; shared links follow the reader."""

import pytest

from support.phone import read_results
from support.phone import see_scores
from support.phone import set_up


@pytest.mark.parametrize("context_name", ["tab", "phone_without_js"])
def test_switching_language_while_entering_a_town_loses_nothing(request, live_server, context_name):
    context = request.getfixturevalue(context_name)
    # The module's one tab (see tab), or a new tab of a fresh phone without JavaScript.
    page = context if context_name == "tab" else context.new_page()
    set_up(page, live_server, navy="warehouse")
    page.fill("#master_builder_turns", "4")
    if context_name == "tab":
        page.click(".tool[data-card=cottage]")
        page.click(".square[data-square=a1]")
        page.click(".tool[data-card=warehouse]")
        page.click(".square[data-square=b2]")
        page.fill("#stored_b2", "3")
    else:
        page.select_option("#square_a1", "cottage")
        page.select_option("#square_b2", "warehouse")
    page.click(".languages [lang=fr]")
    assert page.locator("html").get_attribute("lang") == "fr"
    assert page.locator("h1").inner_text() == "Bourgade\u00a0: Ana"
    assert page.locator("#square_a1").input_value() == "cottage"
    assert page.locator("#square_b2").input_value() == "warehouse"
    if context_name == "tab":
        assert page.locator("#stored_b2").input_value() == "3"
    else:
        # Without JavaScript the load of a new Warehouse is asked for once the page comes back, here in French: its
        # field shows, with no message (a town half entered is no mistake).
        assert page.locator("#stored_b2").is_visible()
        assert page.locator(".square[data-square=b2] .error").count() == 0
        page.fill("#stored_b2", "3")
    assert page.locator("#master_builder_turns").input_value() == "4"
    page.click(".languages [lang=hu]")
    assert page.locator("h1").inner_text() == "Ana városa"
    assert page.locator("#square_b2").input_value() == "warehouse"


def test_switching_language_on_the_setup_keeps_what_was_typed(tab, live_server):
    page = tab
    page.goto(live_server + "/en/new")
    page.fill("#players-0", "Zsófi")
    page.click("details.chooser summary")
    page.check("input[name=yellow][value=market]")
    page.click(".languages [lang=hu]")
    assert page.locator("h1").inner_text() == "Új játszma"
    assert page.locator("#players-0").input_value() == "Zsófi"
    assert page.locator("input[name=yellow][value=market]").is_checked()


def test_a_shared_link_opens_in_hungarian_for_a_hungarian_phone(browser, live_server):
    from support.webflow import code_of

    english = browser.new_context(locale="en-GB")
    hungarian = browser.new_context(locale="hu-HU", extra_http_headers={"Accept-Language": "hu"})
    try:
        page = english.new_page()
        set_up(page, live_server)
        for _step in (1, 2):
            page.click("button[value=next]")
        see_scores(page)
        link = page.locator(".share-url").input_value()
        assert link == live_server + "/r/" + code_of(page.url)
        reader = hungarian.new_page()
        reader.goto(link)
        assert reader.locator("html").get_attribute("lang") == "hu"
        assert reader.locator("h1").inner_text() == "Pontszámok"
        assert read_results(reader) == read_results(page)
    finally:
        english.close()
        hungarian.close()


def test_a_page_the_same_for_every_reader_still_keeps_its_language_for_the_next_visit(phone, live_server):
    from support import examples

    page = phone.new_page()
    answer = page.goto(live_server + "/fr/r/" + examples.FOUR_PLAYERS_CODE)
    # The server sends no cookie with a result page (a CDN keeps it for everyone); the page keeps French.
    assert answer.status == 200 and "set-cookie" not in answer.all_headers()
    # A function, not an expression: the page's Content-Security-Policy forbids Playwright's eval of one.
    page.wait_for_function("() => document.cookie.split('; ').includes('lang=fr')")
    assert [(c["name"], c["value"], c["path"], c["sameSite"]) for c in phone.cookies()] == [("lang", "fr", "/", "Lax")]
    page.goto(live_server + "/")
    assert page.url == live_server + "/fr/"
    page.goto(live_server + "/r/" + examples.FOUR_PLAYERS_CODE)
    assert page.url == live_server + "/fr/r/" + examples.FOUR_PLAYERS_CODE
    page.click(".languages [lang=hu]")
    page.wait_for_url(live_server + "/hu/r/" + examples.FOUR_PLAYERS_CODE)
    page.wait_for_function("() => document.cookie.split('; ').includes('lang=hu')")
    page.goto(live_server + "/")
    assert page.url == live_server + "/hu/"
    assert page.locator("html").get_attribute("lang") == "hu"


def test_a_kept_games_delete_button_names_it_in_one_sentence_of_each_language(tab, live_server):
    page = tab
    set_up(page, live_server)
    page.wait_for_selector("form[data-live-total]")
    names = {"en": "Delete the game of Ana, Bo, and Cy", "fr": "Supprimer la partie\u00a0: Ana, Bo et Cy",
             "hu": "Ana, Bo és Cy játszmájának törlése"}
    for lang, name in names.items():
        page.goto("{}/{}/".format(live_server, lang))
        button = page.get_by_role("button", name=name, exact=True)
        assert button.inner_text() == {"en": "Delete", "fr": "Supprimer", "hu": "Törlés"}[lang]
    button.click()
    assert page.locator(".recent-list li").count() == 0


def test_a_kept_games_delete_button_names_players_whose_names_look_like_replacement_patterns(tab, live_server):
    page = tab
    page.goto(live_server + "/fr/new")
    page.fill("#players-0", "$&")
    page.fill("#players-1", "$'x")
    page.click("button[value=add]")
    page.fill("#players-2", "{1}")
    page.click("button[value=start]")
    page.wait_for_selector("form[data-live-total]")
    page.goto(live_server + "/fr/")
    button = page.get_by_role("button", name="Supprimer la partie\u00a0: $&, $'x et {1}", exact=True)
    assert button.inner_text() == "Supprimer"
