"""A phone and the remembered language: the page's script keeps it, / and shared links follow it."""

import time

import pytest

from support import examples
from support.browsing import PHONE
from support.phone import go_offline
from support.phone import install

CODE = examples.FOUR_PLAYERS_CODE
FRENCH_PHONE = {"locale": "fr-FR", "extra_http_headers": {"Accept-Language": "fr-FR, fr;q=0.9"}, **PHONE}


def kept_language(page, lang):
    """Wait until the page's script has kept lang in the cookie (a function: the CSP forbids eval)."""
    page.wait_for_function("() => document.cookie.split('; ').includes('lang={}')".format(lang))


def lang_cookies(context):
    """Return the phone's language cookies as (value, path)."""
    return [(cookie["value"], cookie["path"]) for cookie in context.cookies() if cookie["name"] == "lang"]


def test_a_french_phone_reading_a_hungarian_result_opens_home_and_share_links_in_hungarian(browser, live_server):
    context = browser.new_context(**FRENCH_PHONE)
    try:
        page = context.new_page()
        answer = page.goto(live_server + "/hu/r/" + CODE)
        assert "set-cookie" not in answer.all_headers()
        kept_language(page, "hu")
        (kept,) = context.cookies()
        assert (kept["name"], kept["path"], kept["sameSite"], kept["httpOnly"]) == ("lang", "/", "Lax", False)
        # Kept a year, as long as the cookie a page drawn for its reader gets (Max-Age=31536000).
        assert abs(kept["expires"] - (time.time() + 31536000)) < 3600
        page.goto(live_server + "/")
        assert page.url == live_server + "/hu/"
        assert page.locator("html").get_attribute("lang") == "hu"
        page.goto(live_server + "/r/" + CODE)
        assert page.url == live_server + "/hu/r/" + CODE
        assert page.locator("h1").inner_text() == "Pontszámok"
        assert lang_cookies(context) == [("hu", "/")]
    finally:
        context.close()


@pytest.mark.parametrize("start", ["/fr/", "/fr/rules", "/fr/play", "/fr/pad", "/fr/new", "/fr/r/" + CODE,
                                   "/fr/g/{}/1".format(CODE)])
def test_switching_language_with_the_links_on_any_page_moves_home_and_share_links(phone, live_server, start):
    page = phone.new_page()
    page.goto(live_server + start)
    kept_language(page, "fr")
    page.click(".languages [lang=hu]")
    page.wait_for_url(lambda url: url.startswith(live_server + "/hu/"))
    assert page.locator("html").get_attribute("lang") == "hu"
    kept_language(page, "hu")
    assert lang_cookies(phone) == [("hu", "/")]
    page.goto(live_server + "/")
    assert page.url == live_server + "/hu/"
    page.goto(live_server + "/r/" + CODE)
    assert page.url == live_server + "/hu/r/" + CODE


def test_back_to_the_french_page_after_a_switch_keeps_french_and_a_reload_keeps_the_other(phone, live_server):
    page = phone.new_page()
    page.goto(live_server + "/fr/r/" + CODE)
    page.click(".languages [lang=en]")
    page.wait_for_url(live_server + "/en/r/" + CODE)
    kept_language(page, "en")
    page.reload()
    kept_language(page, "en")
    page.go_back()
    assert page.url == live_server + "/fr/r/" + CODE
    # The page read last is French again: the cookie follows it, whether it came from the cache or not.
    kept_language(page, "fr")
    page.goto(live_server + "/")
    assert page.url == live_server + "/fr/"
    page.go_back()
    page.go_forward()
    assert page.url == live_server + "/fr/"


@pytest.mark.parametrize("odd", ["xx", "FR", "fr" + "x" * 3000, "%68u"])
def test_an_odd_cookie_on_the_phone_is_replaced_by_the_language_of_a_kept_page(browser, live_server, odd):
    context = browser.new_context(**FRENCH_PHONE)
    try:
        context.add_cookies([{"name": "lang", "value": odd, "url": live_server + "/"}])
        page = context.new_page()
        page.goto(live_server + "/")
        # A cookie naming no language is passed over for the browser's own.
        assert page.url == live_server + "/fr/"
        answer = page.goto(live_server + "/hu/rules")
        assert answer.status == 200 and "set-cookie" not in answer.all_headers()
        kept_language(page, "hu")
        assert lang_cookies(context) == [("hu", "/")]
        page.goto(live_server + "/r/" + CODE)
        assert page.url == live_server + "/hu/r/" + CODE
    finally:
        context.close()


def installed_french_phone(browser, live_server):
    """A French phone with the app installed that read a result online, then went offline."""
    context = browser.new_context(**FRENCH_PHONE)
    page = context.new_page()
    install(page, live_server)
    page.goto(live_server + "/fr/r/" + CODE)
    go_offline(context)
    return context, page


def test_offline_reading_another_language_keeps_it_for_when_the_network_is_back(browser, live_server):
    context, page = installed_french_phone(browser, live_server)
    try:
        page.goto(live_server + "/hu/rules")
        assert page.locator("html").get_attribute("lang") == "hu"
        kept_language(page, "hu")
        context.set_offline(False)
        page.goto(live_server + "/")
        assert page.url == live_server + "/hu/"
        page.goto(live_server + "/r/" + CODE)
        assert page.url == live_server + "/hu/r/" + CODE
    finally:
        context.close()


@pytest.mark.parametrize("address", ["/", "/r/" + CODE])
def test_offline_an_address_without_a_language_opens_in_the_language_last_read(browser, live_server, address):
    # The phone is French, the last page read Hungarian: the worker's stand-in follows the page read.
    context, page = installed_french_phone(browser, live_server)
    try:
        page.goto(live_server + "/hu/rules")
        kept_language(page, "hu")
        page.goto(live_server + address)
        assert page.locator("html").get_attribute("lang") == "hu"
    finally:
        context.close()


def test_without_javascript_a_page_drawn_for_the_reader_still_keeps_the_language(phone_without_js, live_server):
    page = phone_without_js.new_page()
    # A town step with its unsaved answers in its address is drawn for its reader.
    answer = page.goto(live_server + "/hu/g/{}/1?square_a1=cottage".format(CODE))
    assert answer.all_headers()["set-cookie"].startswith("lang=hu; ")
    assert lang_cookies(phone_without_js) == [("hu", "/")]
    page.goto(live_server + "/")
    assert page.url == live_server + "/hu/"
    # A kept page cannot keep it without its script: the cookie stays as the last drawn page left it.
    page.goto(live_server + "/fr/r/" + CODE)
    assert lang_cookies(phone_without_js) == [("hu", "/")]
