"""The pages the service worker keeps as they are visited: a game's, at addresses of ours in their canonical form.

A hostile link can lead a phone through any number of addresses of this site; none of them may push a game the
player opened out of the worker's store, or they would no longer open offline as they were served.
"""

from playwright.sync_api import expect

from support import examples
from support.browsing import WAIT
from support.phone import go_offline
from support.phone import install
from webscore.scoring import decode

# Every address the worker's caches hold.
STORED_ADDRESSES = """async () => {
  const found = [];
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) found.push(request.url);
  }
  return found;
}"""
# The text the worker keeps for an address, or null.
STORED_TEXT = """async (url) => {
  for (const name of await caches.keys()) {
    const found = await (await caches.open(name)).match(url);
    if (found) return await found.text();
  }
  return null;
}"""


def wait_stored(page, address: str) -> None:
    """Return once the worker keeps a page for address."""
    page.wait_for_function("async (url) => !!await ({})(url)".format(STORED_TEXT), arg=address, polling=100, timeout=WAIT)


def crafted(code: str) -> list:
    """Return 64 addresses a hostile page could lead a phone through: ours, each with a query of its own."""
    shapes = ("/en/?zq7={}", "/sw.js?x{}", "/en/rules?zq7={}", "/fr/new?zq7={}", "/en/g/" + code + "/1?zq7={}",
              "/en/r/" + code + "?zq7={}", "/en/games?zq7={}", "/hu/play?zq7={}")
    return [shape.format(n) for n in range(8) for shape in shapes]


def test_crafted_addresses_leave_a_games_pages_stored_and_are_not_stored_themselves(phone, live_server):
    page = phone.new_page()
    install(page, live_server)
    code = examples.FOUR_PLAYERS_CODE
    # A result (the same page for good) and a town step with a tap in its address (drawn for its reader).
    result = "{}/en/r/{}".format(live_server, code)
    step = "{}/en/g/{}/2?square_a1=farm".format(live_server, code)
    served = {}
    for address in (result, step):
        page.goto(address)
        wait_stored(page, address)
        served[address] = page.evaluate(STORED_TEXT, address)
    addresses = crafted(code)
    assert len(addresses) > 60
    for path in addresses:
        page.goto(live_server + path)
    # A page of a game visited last: once it is kept, the worker has dealt with every address before it.
    last = "{}/en/g/{}/3?square_b1=well".format(live_server, code)
    page.goto(last)
    wait_stored(page, last)
    for address in (result, step):
        assert page.evaluate(STORED_TEXT, address) == served[address], address
    stored = page.evaluate(STORED_ADDRESSES)
    assert [address for address in stored if "zq7" in address or "sw.js" in address] == []
    # Offline, with the browser's own cache emptied, each opens as it was served, from the worker's store.
    devtools = phone.new_cdp_session(page)
    devtools.send("Network.clearBrowserCache")
    devtools.detach()
    go_offline(phone)
    for address, title in ((result, "Scores"), (step, "Town of " + decode(code)["players"][1]["name"])):
        assert page.goto(address).from_service_worker, address
        expect(page.locator("h1")).to_have_text(title)
        assert page.locator(".offline-note").count() == 0, address
    expect(page.locator("#square_a1")).to_have_value("farm")
