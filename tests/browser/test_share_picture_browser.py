"""Share as picture in Debian's Chromium: the share sheet gets the PNG, else it downloads; online only."""

from playwright.sync_api import expect

from support import examples
from support.phone import go_offline
from support.phone import go_online
from support.phone import install
from support.phone import offline_told

CODE = examples.FOUR_PLAYERS_CODE
FILE_NAME = "marquoir-{}.png".format(CODE[-8:])
# The phone's share sheet, stubbed: it keeps what it was handed so the test can read it.
SHARE_SHEET = """
window.sharedWith = null;
Object.defineProperty(navigator, "canShare", { configurable: true, value: (data) => Boolean(data && data.files) });
Object.defineProperty(navigator, "share", { configurable: true, value: async (data) => {
  const file = data.files[0];
  const head = Array.from(new Uint8Array(await file.slice(0, 8).arrayBuffer()));
  window.sharedWith = { count: data.files.length, name: file.name, type: file.type, size: file.size, head,
                        title: data.title, text: data.text };
} });
"""
NO_FILE_SHARING = """
Object.defineProperty(navigator, "canShare", { configurable: true, value: undefined });
"""


def server_png(client) -> bytes:
    response = client.get("/en/r/{}.png".format(CODE))
    assert response.status_code == 200
    return response.data


def test_share_as_picture_hands_the_png_to_the_share_sheet(phone, live_server, client):
    page = phone.new_page()
    page.add_init_script(SHARE_SHEET)
    page.goto("{}/en/r/{}".format(live_server, CODE))
    button = page.locator(".picture-button")
    assert button.is_visible()
    assert button.inner_text() == "Share as picture"
    button.click()
    page.wait_for_function("() => window.sharedWith !== null")
    shared = page.evaluate("window.sharedWith")
    assert shared == {"count": 1, "name": FILE_NAME, "type": "image/png", "size": len(server_png(client)),
                      "head": list(b"\x89PNG\r\n\x1a\n"), "title": "Tiny Towns scores",
                      "text": "Annabell wins with 36 points · Tiny Towns"}
    assert page.locator(".share-button").is_visible()


def test_without_file_sharing_the_picture_downloads(phone, live_server, client, tmp_path):
    page = phone.new_page()
    page.add_init_script(NO_FILE_SHARING)
    page.goto("{}/en/r/{}".format(live_server, CODE))
    button = page.locator(".picture-button")
    assert button.inner_text() == "Download the picture"
    with page.expect_download() as download:
        button.click()
    assert download.value.suggested_filename == FILE_NAME
    saved = tmp_path / FILE_NAME
    download.value.save_as(saved)
    assert saved.read_bytes() == server_png(client)


def test_the_picture_is_offered_only_online(phone, live_server):
    page = phone.new_page()
    install(page, live_server)
    page.goto("{}/en/r/{}".format(live_server, CODE))
    button = page.locator(".picture-button")
    assert button.is_visible()
    go_offline(phone)
    button.wait_for(state="hidden")
    page.reload()
    offline_told(phone, page)
    assert page.locator(".ranking .who").first.inner_text() == "Annabell"
    expect(button).to_be_hidden()
    assert page.locator(".share-button").is_visible()
    go_online(phone)
    button.wait_for(state="visible")


def test_a_picture_that_cannot_be_fetched_is_no_longer_offered(phone, live_server):
    page = phone.new_page()
    page.add_init_script(SHARE_SHEET)
    page.goto("{}/en/r/{}".format(live_server, CODE))
    page.route("**/*.png", lambda route: route.abort())
    page.locator(".picture-button").click()
    page.locator(".picture-button").wait_for(state="hidden")
    assert page.evaluate("window.sharedWith") is None
    assert page.locator(".share-button").is_visible()
