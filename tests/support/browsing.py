"""Debian's Chromium and a live app server, for browser tests and the phone benchmark."""

import socket
import tempfile
import threading

from werkzeug.serving import make_server

from support.apps import new_app

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
# How long a browser test waits for what a page does on its own time, in milliseconds as Playwright counts: the
# core's first start under MicroPython on a busy machine, or a table's phones catching up, can outlast the wait
# an assertion takes by default.
WAIT = 30_000

# An init script that holds back every answer of a page's core worker (its "ready" too) until the test calls
# window.releaseCore(), and holds them again after window.holdCore(): the core as a slow phone has it, starting
# or answering later than the page's first paint, wherever its files come from (network or service worker).
# window.passCore() lets the answers held so far go and holds the next: a page's first answer after "ready" comes
# as late as the test wants.
HOLD_CORE = """(() => {
  let held = true;
  const waiting = [];
  window.holdCore = () => { held = true; };
  window.passCore = () => { for (const answer of waiting.splice(0)) answer(); };
  window.releaseCore = () => { held = false; window.passCore(); };
  window.coreHeld = () => waiting.length;
  const listen = Worker.prototype.addEventListener;
  Worker.prototype.addEventListener = function (type, listener, options) {
    if (type !== "message") return listen.call(this, type, listener, options);
    return listen.call(this, type, (event) => {
      if (held) waiting.push(() => listener.call(this, event));
      else listener.call(this, event);
    }, options);
  };
})()"""

# Whether a page opened with HOLD_CORE holds an answer of its core back, and whether its core has started (core.mjs).
HELD = "() => window.coreHeld() > 0"
CORE_READY = "() => performance.getEntriesByName('marquoir:core-ready').length === 1"


def opened_with_core_held(phone, address: str):
    """Open a page of a phone at an address with a core that can be held back later (HOLD_CORE), once it is ready."""
    page = phone.new_page()
    page.add_init_script(script=HOLD_CORE)
    page.goto(address)
    page.evaluate("window.releaseCore()")
    page.wait_for_function(CORE_READY, timeout=WAIT)
    return page


def typed_while_core_held(page, button, keys: str) -> None:
    r"""Tap a button (a locator) and type keys ("\b" a Backspace) while the core of a page opened with HOLD_CORE holds
    its answers back, then let it answer: the core as a slow phone has it, answering after the tap and the letters."""
    page.evaluate("window.holdCore()")
    button.click()
    for n, text in enumerate(keys.split("\b")):
        if n:
            page.keyboard.press("Backspace")
        if text:
            page.keyboard.type(text)
    page.wait_for_function(HELD, timeout=WAIT)
    page.evaluate("window.releaseCore()")


class Server:
    """The app served on a free loopback port from a thread, until stop()."""

    def __init__(self, config=None):
        # Tables of a shared server go to a temporary file, never into the working tree's instance folder; its
        # folder stays through restarts and goes at close().
        self.folder = None
        if config is None:
            self.folder = tempfile.TemporaryDirectory(prefix="marquoir-tables-")  # noqa: SIM115 (removed in close())
            config = {"TESTING": True, "TABLES_DATABASE": self.folder.name + "/t.sqlite3"}
        self.config = config
        self._serve(0)
        self.url = "http://127.0.0.1:{}".format(self.server.server_port)

    def _serve(self, port: int) -> None:
        self.server = make_server("127.0.0.1", port, new_app(**self.config), threaded=True)
        # The connections accepted and not yet closed, each read by a thread of its own that outlives shutdown().
        # Chromium opens connections before it has a request for them: one accepted before stop() would still
        # carry a page's next request to the app.
        self.connections = set()
        accept, finish = self.server.process_request, self.server.shutdown_request

        def process_request(connection, address):
            self.connections.add(connection)
            accept(connection, address)

        def shutdown_request(connection):
            self.connections.discard(connection)
            finish(connection)

        self.server.process_request, self.server.shutdown_request = process_request, shutdown_request
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def restart(self):
        """Serve again on the same port, from a new app: a server back after an outage (its tables kept)."""
        self._serve(self.server.server_port)

    def stop(self):
        """Stop serving, close the port and every connection still open, as a server that went away."""
        if self.thread.is_alive():
            self.server.shutdown()
            self.thread.join()
            self.server.server_close()
            for connection in list(self.connections):
                try:
                    connection.shutdown(socket.SHUT_RDWR)
                except OSError:  # closed by its own thread meanwhile
                    pass

    def close(self):
        """Stop serving for good: its tables' folder goes too."""
        self.stop()
        if self.folder is not None:
            self.folder.cleanup()


def forget(page, origin: str) -> None:
    """Clear what the page's phone keeps for origin (cookies, storage, service workers), as a fresh phone's.

    Its HTTP cache and warm processes stay: a phone shared by several tests opens their pages sooner.
    """
    devtools = page.context.new_cdp_session(page)
    try:
        devtools.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
    finally:
        devtools.detach()
