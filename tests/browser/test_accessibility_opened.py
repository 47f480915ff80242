"""axe-core on what a tap opens: the setup's chooser of buildings with monuments dealt as two options each, and
the buildings a square tapped first offers (in the four looks of test_accessibility)."""

import pytest

from support.accessibility import VARIANTS
from support.accessibility import setup_code
from support.accessibility import violations
from support.apps import new_app
from support.browsing import PHONE
from support.browsing import WAIT

CODE = setup_code(new_app())
DEALT = "/new?players-0=Ana&players-1=Bo&action=deal-monuments"


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_no_axe_violations_in_what_a_tap_opens(browser, live_server, variant):
    lang, scheme = VARIANTS[variant]
    context = browser.new_context(color_scheme=scheme, bypass_csp=True, service_workers="block", **PHONE)
    try:
        page = context.new_page()
        page.goto(live_server + "/" + lang + DEALT)
        page.click("details.chooser summary")
        page.wait_for_selector("fieldset.c-red input", state="visible", timeout=WAIT)
        assert page.locator(".dealt-pair input[type=radio]").count() == 4
        found = violations(page)
        page.goto(live_server + "/{}/g/{}/1".format(lang, CODE))
        page.wait_for_selector("form.js-town[data-live-total]", timeout=WAIT)
        page.click(".square[data-square=b2] .square-button")
        page.wait_for_selector(".square-offer .tool", state="visible", timeout=WAIT)
        found += violations(page)
    finally:
        context.close()
    assert found == [], "\n".join(found)
