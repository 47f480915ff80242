"""Browser fixtures: one Chromium and one app server for the whole run, shared by its workers; phone-sized contexts."""

import pathlib

import pytest

from support import shared
from support.browsing import CHROMIUM
from support.browsing import PHONE
from support.browsing import Server
from support.browsing import forget


@pytest.fixture(scope="session")
def live_server(shared_run):
    """The base address of the run's one app server, which every worker's browser tests share: a process of its own
    (support/shared.py), TESTING, its tables in a temporary folder."""
    return shared.address(shared_run, "server")


@pytest.fixture
def own_server():
    """A server of this test's own, which the test may stop."""
    server = Server()
    yield server
    server.close()


@pytest.fixture(scope="session")
def playwright():
    """Playwright, driving Debian's Chromium; its absence fails the suite, never skips it."""
    from playwright.sync_api import sync_playwright

    if not pathlib.Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is needed for the browser tests: apt-get install -y chromium")
    driver = sync_playwright().start()
    yield driver
    driver.stop()


@pytest.fixture(scope="session")
def browser(playwright, shared_run):
    """The run's one headless Chromium, which every worker's browser tests share (support/shared.py): this worker's
    connection to it, whose contexts close with it."""
    chromium = playwright.chromium.connect(shared.address(shared_run, "browser"))
    yield chromium
    chromium.close()


@pytest.fixture
def phone(browser):
    """A fresh phone-sized browser context with JavaScript."""
    context = browser.new_context(**PHONE)
    yield context
    context.close()


@pytest.fixture(scope="module")
def kept_phone(browser):
    """A phone-sized context with JavaScript that a module's tests share (see tab)."""
    context = browser.new_context(**PHONE)
    yield context
    context.close()


@pytest.fixture(scope="module")
def kept_tab(kept_phone):
    """The one tab of the module's kept phone that `tab` hands each test."""
    page = kept_phone.new_page()
    yield page
    page.close()


@pytest.fixture
def tab(kept_tab, live_server):
    """The module's one tab of its one phone, met by each test as a new tab of a fresh phone: its last page left, the
    phone's cookies and storage and the tab's session storage cleared, its media the screen's. A new tab each test was
    a new renderer process each test, which cost as much CPU as the page it opened."""
    if kept_tab.url.startswith(live_server):
        # Left by the page itself, whose about:blank is drawn in its own process once it has run its pagehide (where a town
        # keeps its last taps as a draft: dom.mjs, atMostOncePerFrame) and so before what that wrote is cleared. A goto
        # drew about:blank in a new process while the page left ran its pagehide alongside, which on a loaded machine wrote
        # after the clear: the next test to open the same town found the last test's (French after English, 31 for 34).
        kept_tab.evaluate("() => { location.href = 'about:blank'; }")
        kept_tab.wait_for_url("about:blank")
        kept_tab.evaluate("sessionStorage.clear()")
    else:
        kept_tab.goto("about:blank")
    forget(kept_tab, live_server)
    kept_tab.emulate_media(media="null")
    return kept_tab


@pytest.fixture
def phones(browser):
    """Four fresh phone-sized browser contexts: a table's players, each on their own phone."""
    contexts = [browser.new_context(**PHONE) for _ in range(4)]
    yield contexts
    for context in contexts:
        context.close()


@pytest.fixture
def phone_without_js(browser):
    """A fresh phone-sized browser context with JavaScript turned off."""
    context = browser.new_context(java_script_enabled=False, **PHONE)
    yield context
    context.close()
