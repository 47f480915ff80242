"""Shared fixtures: the app, its test client, and the scoring core running under MicroPython."""

import json
import pathlib
import shutil
import subprocess
import tempfile

import pytest

from webscore import create_app

ROOT = pathlib.Path(__file__).resolve().parent.parent


class MicroPythonCore:
    """The scoring core under the vendored MicroPython runtime, in one Node process."""

    def __init__(self):
        node = shutil.which("node")
        if node is None:
            raise RuntimeError("Node.js is needed to run the core under MicroPython (apt-get install nodejs)")
        self.errors = tempfile.TemporaryFile("w+", encoding="utf-8")
        self.process = subprocess.Popen(
            [node, str(ROOT / "tests" / "micropython" / "score_games.mjs")],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.errors, text=True, encoding="utf-8")

    def score_json(self, text: str) -> dict:
        """Return MicroPython's parsed answer for a game file given as JSON text."""
        return self._ask("game", text)

    def score_code_json(self, code: str) -> dict:
        """Return MicroPython's parsed answer for a game code."""
        return self._ask("code", code)

    def table_json(self, text: str) -> dict:
        """Return MicroPython's parsed answer for a table helper request given as JSON text."""
        return self._ask("table", text)

    def pad_json(self, text: str) -> dict:
        """Return MicroPython's parsed answer for a quick score pad given as JSON text."""
        return self._ask("pad", text)

    def _ask(self, kind: str, text: str) -> dict:
        self.process.stdin.write(json.dumps([kind, text]) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            self.errors.seek(0)
            raise RuntimeError("the MicroPython process ended: " + self.errors.read()[-600:])
        return json.loads(line)

    def close(self):
        """Stop the Node process."""
        self.process.stdin.close()
        self.process.wait(timeout=30)
        self.process.stdout.close()
        self.errors.close()


@pytest.fixture(scope="session")
def micropython_core():
    core = MicroPythonCore()
    yield core
    core.close()


@pytest.fixture
def app():
    return create_app({"TESTING": True, "SERVER_NAME": "marquoir.test"})


@pytest.fixture
def client(app):
    return app.test_client()


CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}


class Server:
    """The app served on a free loopback port from a thread, until stop()."""

    def __init__(self):
        import threading

        from werkzeug.serving import make_server

        self.server = make_server("127.0.0.1", 0, create_app({"TESTING": True}), threaded=True)
        self.url = "http://127.0.0.1:{}".format(self.server.server_port)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        """Stop serving and close the port, as a server that went away."""
        if self.thread.is_alive():
            self.server.shutdown()
            self.thread.join()
            self.server.server_close()


@pytest.fixture(scope="session")
def live_server():
    """Serve the app on a free loopback port for the whole session; yield its base address."""
    server = Server()
    yield server.url
    server.stop()


@pytest.fixture
def own_server():
    """A server of this test's own, which the test may stop."""
    server = Server()
    yield server
    server.stop()


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


@pytest.fixture
def phone_without_js(browser):
    """A fresh phone-sized browser context with JavaScript turned off."""
    context = browser.new_context(java_script_enabled=False, **PHONE)
    yield context
    context.close()
