"""Take the manifest's narrow screenshots (360×740) with Debian's Chromium: python static/screenshots/take.py

A town half entered and a result, in light colours, once per language (static/screenshots/<lang>/), so the
install dialog shows the app in the words of the manifest around it. JPEG, so the service worker does not
store them.
"""

import pathlib
import sys
from urllib.parse import urlencode

HERE = pathlib.Path(__file__).resolve().parent
# This checkout's webscore and test helpers, not an installed copy.
sys.path[:0] = [str(HERE.parents[1]), str(HERE.parents[1] / "tests")]

from playwright.sync_api import sync_playwright  # noqa: E402

from support.accessibility import HALF_TOWN  # noqa: E402
from support.accessibility import setup_code  # noqa: E402
from support.browsing import CHROMIUM  # noqa: E402
from support.browsing import CHROMIUM_ARGS  # noqa: E402
from support.browsing import PHONE  # noqa: E402
from support.browsing import Server  # noqa: E402
from support.examples import FOUR_PLAYERS_CODE  # noqa: E402
from webscore import create_app  # noqa: E402
from webscore.languages import LANGUAGES  # noqa: E402

if __name__ == "__main__":
    server = Server()
    code = setup_code(create_app({"TESTING": True}))
    shots = {"town": "/g/{}/1?{}".format(code, urlencode(HALF_TOWN)), "results": "/r/{}".format(FOUR_PLAYERS_CODE)}
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(service_workers="block", **PHONE)
        page = context.new_page()
        for lang in LANGUAGES:
            (HERE / lang).mkdir(exist_ok=True)
            for name, path in shots.items():
                page.goto(server.url + "/" + lang + path)
                if name == "town":
                    page.wait_for_selector(".running-total:not(:empty)")
                page.screenshot(path=str(HERE / lang / (name + ".jpg")), type="jpeg", quality=80)
        browser.close()
    server.stop()
