"""Debian's Chromium and a live app server, for browser tests and the phone benchmark."""

import tempfile
import threading

from werkzeug.serving import make_server

from webscore import create_app

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
PHONE = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}


class Server:
    """The app served on a free loopback port from a thread, until stop()."""

    def __init__(self, config=None):
        # Tables of a shared server go to a temporary file, never into the working tree's instance folder.
        config = config or {"TESTING": True, "TABLES_DATABASE": tempfile.mkdtemp(prefix="marquoir-tables-") + "/t.sqlite3"}
        self.server = make_server("127.0.0.1", 0, create_app(config), threaded=True)
        self.url = "http://127.0.0.1:{}".format(self.server.server_port)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self):
        """Stop serving and close the port, as a server that went away."""
        if self.thread.is_alive():
            self.server.shutdown()
            self.thread.join()
            self.server.server_close()
