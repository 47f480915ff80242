"""axe-core (WCAG 2.0-2.2 A and AA, best practices) on every page and state, in three languages and two themes."""

import pytest

from support.accessibility import VARIANTS
from support.accessibility import page_paths
from support.accessibility import setup_code
from support.accessibility import violations
from support.apps import new_app
from support.browsing import PHONE
from support.browsing import WAIT

CODE = setup_code(new_app())
PAGES = page_paths(CODE)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("state", sorted(PAGES))
def test_no_axe_violations(browser, live_server, state, variant):
    lang, scheme = VARIANTS[variant]
    path, drawn = PAGES[state]
    context = browser.new_context(color_scheme=scheme, bypass_csp=True, service_workers="block", **PHONE)
    try:
        page = context.new_page()
        page.goto(live_server + "/" + lang + path)
        page.wait_for_selector(drawn, timeout=WAIT)
        found = violations(page)
    finally:
        context.close()
    assert found == [], "\n".join(found)
