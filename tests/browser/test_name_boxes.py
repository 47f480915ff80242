"""A name box takes every name the rules take: a name is counted in characters (MAX_NAME), and the box's
maxlength in UTF-16 units, two for an emoji."""

import pytest
from playwright.sync_api import expect

from support.browsing import WAIT
from support.webflow import code_of
from webscore.languages import TRANSLATED
from webscore.scoring import decode
from webscore.scoring.names import MAX_NAME

LONGEST = "\U0001f600" * MAX_NAME
# Another name as long: two players of one name are asked to be told apart.
AS_LONG = "\U0001f603" * MAX_NAME


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_name_of_as_many_emoji_as_the_rules_allow_is_typed_whole_and_kept(phone, live_server, lang):
    page = phone.new_page()
    page.goto(live_server + "/{}/new".format(lang))
    page.click("#players-0")
    page.keyboard.type(LONGEST)
    expect(page.locator("#players-0")).to_have_value(LONGEST)
    page.fill("#players-1", "Bo")
    # A row drawn after the page was served has the same box.
    page.click("button[value=add]")
    page.click("#players-2")
    page.keyboard.type(AS_LONG)
    expect(page.locator("#players-2")).to_have_value(AS_LONG, timeout=WAIT)
    page.click("button[value=start]")
    page.wait_for_url("**/g/**/1")
    assert [p["name"] for p in decode(code_of(page.url))["players"]] == [LONGEST, "Bo", AS_LONG]
