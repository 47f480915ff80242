"""Which stored page the service worker shows for an address the network cannot serve (run in Node)."""

import json
import shutil
import subprocess

import pytest

# The service worker's own script with a stand-in self; prints standIn() of each address on stdin's first line,
# for a reader whose language is the browser's (no cookie read).
HARNESS = """
const [first, ...rest] = require("fs").readFileSync(0, "utf8").split("\\n");
globalThis.self = { location: { href: "http://marquoir.test/sw.js", origin: "http://marquoir.test" },
                    addEventListener: () => {} };
globalThis.navigator = { language: "hu-HU" };
(0, eval)(rest.join("\\n") + "\\n;globalThis.standIn = standIn;");
console.log(JSON.stringify(JSON.parse(first).map((path) => standIn(new URL(path, "http://marquoir.test/"), preferred()))));
"""
ID = "N0_3Jt8xX10xuWXakfot8Q"
STAND_INS = {
    "/fr/t/" + ID: "/fr/offline",
    "/fr/t/" + ID + "/2": "/fr/offline",
    "/t/" + ID: "/hu/offline",
    # Pages of a table the shell cannot draw: it says they need the network.
    "/en/t/new": "/en/offline",
    "/en/t/" + ID + "/take": "/en/offline",
    "/en/t/" + ID + "/state": "/en/offline",
    # A stored page stands in for itself, named with its language or not; any other address is the shell's.
    "/": "/hu/",
    "/fr": "/fr/",
    "/new": "/hu/new",
    "/en/pad/": "/en/pad",
    "/fr/rules": "/fr/rules",
    "/nothing-here": "/hu/offline",
    "/en/nothing-here": "/en/offline",
}


def test_an_address_not_stored_stands_in_as_the_offline_shell_and_a_stored_page_as_itself(make_app):
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node.js runs the service worker's stand-in choice (apt-get install nodejs)")
    script = make_app().test_client().get("/sw.js").get_data(as_text=True)
    done = subprocess.run([node, "-e", HARNESS], input=json.dumps(list(STAND_INS)) + "\n" + script,
                          capture_output=True, text=True, check=True, timeout=60)
    assert dict(zip(STAND_INS, json.loads(done.stdout), strict=True)) == STAND_INS
