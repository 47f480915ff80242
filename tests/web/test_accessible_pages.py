"""What the server's pages say to assistive technology and to phones: errors tied to fields, names, meta, manifest."""

import math
import pathlib
import re
from urllib.parse import urlencode

import pytest
from PIL import Image

from support.webflow import SETUP
from support.webflow import code_of
from support.webflow import town_query

STATIC = pathlib.Path(__file__).resolve().parents[2] / "static"


def start(client):
    return code_of(client.get("/en/new?" + urlencode(SETUP)).headers["Location"])


def test_a_town_with_a_problem_says_error_in_its_title_and_ties_the_message_to_its_field(client):
    code = start(client)
    query = town_query("warehouse . . .", ". . . .", ". . . .", ". . . .", stored_a1="x", go="next")
    response = client.get("/en/g/{}/2/save?{}".format(code, urlencode(query)))
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "<title>Error: Town of Bo · Marquoir</title>" in html
    field = re.search(r'<input[^>]*id="stored_a1"[^>]*>', html).group(0)
    assert 'aria-invalid="true"' in field and 'aria-describedby="stored_a1-error-1"' in field
    assert '<span class="error" id="stored_a1-error-1" role="alert"><span class="whole">En\u00adter</span> how many ' \
        '<span class="whole">re\u00adsources</span> are stored, from 0 to 3.</span>' in html


@pytest.mark.parametrize(("lang", "names"), [
    ("en", ["Stored on a1", "Stored on d4"]),
    ("fr", ["Stock de la case a1", "Stock de la case d4"]),
    ("hu", ["Tárolva (a1 mező)", "Tárolva (d4 mező)"]),
])
def test_each_warehouse_load_field_is_named_with_its_square(client, lang, names):
    # Two Warehouses' fields read "Stored" alike; each is named with its square, the words shown first.
    code = start(client)
    query = town_query("warehouse . . .", ". . . .", ". . . .", ". . . warehouse")
    html = client.get("/{}/g/{}/2?{}".format(lang, code, urlencode(query))).get_data(as_text=True)
    field = r'<input aria-label="([^"]*)" autocomplete="off" class="stored-input" id="stored_{}"'
    assert [re.search(field.format(square), html).group(1) for square in ("a1", "d4")] == names
    # Every square's field (shown once a Warehouse stands there) is named so.
    named = r'<input aria-label="[^"]*\b(\w\d)\b[^"]*" autocomplete="off" class="stored-input" id="stored_\1"'
    assert len(re.findall(named, html)) == 16


def test_a_french_town_with_a_problem_has_one_colon_in_its_title(client):
    # "Erreur : Bourgade : Bo" read as two labels in a row.
    code = start(client)
    query = town_query("warehouse . . .", ". . . .", ". . . .", ". . . .", stored_a1="x", go="next")
    html = client.get("/fr/g/{}/2/save?{}".format(code, urlencode(query))).get_data(as_text=True)
    assert "<title>Erreur – Bourgade\u00a0: Bo · Marquoir</title>" in html


def test_a_town_without_problems_has_no_error_marks(client):
    html = client.get("/fr/g/{}/1".format(start(client))).get_data(as_text=True)
    assert "aria-invalid" not in html
    assert "<title>Erreur" not in html


def test_a_setup_with_a_problem_says_error_in_its_title(client):
    query = dict(SETUP, **{"players-0": "x" * 30})
    response = client.get("/hu/new?" + urlencode(query))
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert re.search(r"<title>Hiba: [^<]+ · Marquoir</title>", html)
    field = re.search(r'<input[^>]*id="players-0"[^>]*>', html).group(0)
    assert 'aria-invalid="true"' in field and 'aria-describedby="players-0-error-1"' in field


def test_language_links_are_named_by_what_they_show(client):
    html = client.get("/en/").get_data(as_text=True)
    assert '<a lang="fr" hreflang="fr" title="Français" href="/fr/">FR</a>' in html
    assert 'aria-label="Français"' not in html


def test_layouts_are_described_in_words(client):
    html = client.get("/fr/rules").get_data(as_text=True)
    assert 'role="img" aria-label="Motif\u00a0: blé, blé\u202f; bois, bois"' in html


def test_pages_carry_the_phone_meta(client):
    html = client.get("/en/").get_data(as_text=True)
    for meta in ('name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover"',
                 'name="apple-mobile-web-app-capable" content="yes"', 'name="apple-mobile-web-app-title" content="Marquoir"',
                 'name="theme-color" content="#15181e" media="(prefers-color-scheme: dark)"'):
        assert "<meta " + meta + ">" in html


def test_the_manifest_has_shortcuts_screenshots_and_direction(client):
    manifest = client.get("/fr/manifest.webmanifest").get_json()
    assert manifest["dir"] == "ltr"
    assert [s["url"] for s in manifest["shortcuts"]] == ["/fr/new", "/fr/pad", "/fr/rules"]
    assert manifest["shortcuts"][2]["short_name"] == "Règles"
    for shot in manifest["screenshots"]:
        assert shot["form_factor"] == "narrow"
        with Image.open(STATIC / re.sub(r"^/static/(v/[^/]+/)?", "", shot["src"])) as image:
            assert "{}x{}".format(*image.size) == shot["sizes"] == "360x740"
    assert not any(url.endswith(".jpg") for url in client.get("/sw.js").get_data(as_text=True).split('"'))


def test_maskable_icons_keep_the_town_inside_the_safe_zone():
    for size in (192, 512):
        with Image.open(STATIC / "icons" / "maskable-{}.png".format(size)) as image:
            pixels = image.convert("RGB").load()
            background = pixels[0, 0]
            farthest = max(math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2)
                           for y in range(size) for x in range(size) if pixels[x, y] != background)
        assert farthest <= 0.4 * size
