"""A first visit on a throttled phone profile, in Debian's Chromium: python tests/bench/phone.py

Throttling: CPU ×4 (Emulation.setCPUThrottlingRate) and Slow 4G as Lighthouse defines it (150 ms round
trip, 1.6 Mbit/s down, 750 kbit/s up). Prints, for a town step opened with an empty cache: bytes
transferred until the grid is usable and until the live score shows (the MicroPython runtime and the
core's files load then), milliseconds to each, the bytes the service worker stores for offline use,
and the median time of one live-score update over 15 taps.
"""

import gzip
import json
import logging
import pathlib
import statistics
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from playwright.sync_api import sync_playwright  # noqa: E402

from support.browsing import CHROMIUM  # noqa: E402
from support.browsing import CHROMIUM_ARGS  # noqa: E402
from support.browsing import PHONE  # noqa: E402
from support.browsing import Server  # noqa: E402
from webscore import create_app  # noqa: E402
from webscore.scoring import encode  # noqa: E402
from webscore.web.offline import precache_urls  # noqa: E402

SLOW_4G = {"offline": False, "latency": 150, "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 750e3 / 8}


def precache_bytes() -> tuple:
    """Return (raw, gzip) bytes of everything the service worker stores at install."""
    app = create_app({"TESTING": True})
    client = app.test_client()
    raw = packed = 0
    with app.test_request_context():
        urls = precache_urls()
    for url in urls:
        response = client.get(url)
        body = response.get_data()
        response.close()
        raw += len(body)
        packed += len(gzip.compress(body, 6))
    return raw, packed


def first_visit(page, cdp, url: str) -> dict:
    transferred = {"bytes": 0}
    def count(event):
        transferred["bytes"] += event["encodedDataLength"]

    cdp.on("Network.loadingFinished", count)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    cdp.send("Network.emulateNetworkConditions", SLOW_4G)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.goto(url, wait_until="commit")
    page.wait_for_selector(".palette:not([hidden])", timeout=120000)
    grid_ms = page.evaluate("performance.now()")
    grid_bytes = transferred["bytes"]
    page.wait_for_selector(".running-total", timeout=120000)
    live_ms = page.evaluate("performance.now()")
    return {"grid_ms": grid_ms, "grid_bytes": grid_bytes, "live_ms": live_ms, "live_bytes": transferred["bytes"]}


UPDATE = """async (square) => {
  const total = document.querySelector(".running-total");
  const changed = new Promise((resolve) => new MutationObserver((_, observer) => { observer.disconnect(); resolve(); })
    .observe(total, { childList: true, characterData: true, subtree: true }));
  const started = performance.now();
  document.querySelector(`.square[data-square="${square}"]`).click();
  await changed;
  return performance.now() - started;
}"""


def main() -> None:
    """Print the phone figures, one `name: value` line each."""
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    game = encode(json.loads((ROOT / "tests" / "support" / "games" / "four-players.json").read_text()))
    server = Server()
    try:
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(service_workers="block", **PHONE)
            page = context.new_page()
            figures = first_visit(page, context.new_cdp_session(page), server.url + "/en/g/{}/4".format(game))
            page.click("[data-action=clear]")
            cycle = ["cottage", "farm", "well", "temple"]
            updates = []
            for n in range(15):
                page.click(".tool[data-card={}]".format(cycle[n % 4]))
                updates.append(page.evaluate(UPDATE, "abcd"[n % 4] + str(1 + n // 4 % 4)))
            browser.close()
    finally:
        server.stop()
    raw, packed = precache_bytes()
    print("phone.town.grid_usable_ms: {:.0f}".format(figures["grid_ms"]))
    print("phone.town.grid_usable_bytes: {}".format(figures["grid_bytes"]))
    print("phone.town.live_score_ready_ms: {:.0f}".format(figures["live_ms"]))
    print("phone.town.live_score_ready_bytes: {}".format(figures["live_bytes"]))
    print("phone.live_update_median_ms: {:.1f}".format(statistics.median(updates)))
    print("offline.precache_bytes: raw={} gzip={}".format(raw, packed))


if __name__ == "__main__":
    main()
