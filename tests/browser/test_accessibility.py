"""axe-core (WCAG 2.0-2.2 A and AA, best practices) on every page and state, in three languages and two themes."""

import pytest

from support.accessibility import VARIANTS
from support.accessibility import page_paths
from support.accessibility import setup_code
from support.accessibility import violations
from support.apps import new_app
from support.browsing import PHONE
from support.browsing import WAIT
from support.browsing import forget

CODE = setup_code(new_app())
PAGES = page_paths(CODE)


@pytest.fixture(scope="module")
def looker(browser):
    """Return a page for a variant's theme, one phone per theme kept for the module's states."""
    contexts = {}

    def page_for(scheme):
        if scheme not in contexts:
            contexts[scheme] = browser.new_context(color_scheme=scheme, bypass_csp=True, service_workers="block", **PHONE)
            contexts[scheme].new_page()
        return contexts[scheme].pages[0]
    yield page_for
    for context in contexts.values():
        context.close()


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("state", sorted(PAGES))
def test_no_axe_violations(looker, live_server, state, variant):
    lang, scheme = VARIANTS[variant]
    path, drawn = PAGES[state]
    page = looker(scheme)
    # Each state as a fresh phone meets it: the last state's page left, its cookies and storage cleared.
    page.goto("about:blank")
    forget(page, live_server)
    page.goto(live_server + "/" + lang + path)
    page.wait_for_selector(drawn, timeout=WAIT)
    found = violations(page)
    assert found == [], "\n".join(found)
