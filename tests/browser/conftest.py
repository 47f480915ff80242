"""Browser fixtures: one Chromium for the run, one shared app server, phone-sized contexts."""

import pathlib

import pytest

from support.browsing import CHROMIUM
from support.browsing import CHROMIUM_ARGS
from support.browsing import PHONE
from support.browsing import Server
from support.browsing import forget


@pytest.fixture(scope="session")
def live_server():
    """Serve the app on a free loopback port for the whole session; yield its base address."""
    server = Server()
    yield server.url
    server.close()


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
def browser(playwright):
    """One headless Chromium for the whole run."""
    chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
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
