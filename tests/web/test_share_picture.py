"""A result worth sharing: the link preview's meta tags and the 1200×630 picture of the result."""

import html.parser
import io
import pathlib
import re

import pytest
from flask import g
from flask_babel import force_locale
from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from PIL import Image

from support import examples
from support.strategies import games
from support.towns import game
from support.towns import player
from support.towns import town
from webscore.languages import LANGUAGES
from webscore.scoring import encode
from webscore.scoring import problems
from webscore.scoring.cards import ALL_BUILDINGS
from webscore.scoring.cards import ALL_MONUMENTS
from webscore.scoring.cards import colour_of
from webscore.web.i18n.cards import CARD_NAMES
from webscore.web.results import picture

CODE = examples.FOUR_PLAYERS_CODE
STYLESHEET = pathlib.Path(__file__).resolve().parents[2] / "static" / "css" / "marquoir.css"
# One card of every colour, the monument and empty squares: the town that wins below.
WINNER_TOWN = town("cottage farm well chapel",
                   "tavern theater factory barrett-castle",
                   "cottage cottage . .",
                   "tavern . . cottage")
LOSER_TOWN = town("cottage . . .", ". . . .", ". . . .", ". . . .")
TIED_TOWN = town("cottage farm well chapel", "tavern theater factory .", "cottage cottage . .", "tavern . . cottage")
# The winner sits second, so a picture of the first player's town would be caught.
SECOND_WINS = encode(game(player(LOSER_TOWN, "Bo"), player(WINNER_TOWN, "Anna")))


class MetaTags(html.parser.HTMLParser):
    """Collect the <meta> tags of a page by property or name, their content unescaped."""

    def __init__(self, text: str):
        super().__init__()
        self.tags = {}
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        key = attributes.get("property") or attributes.get("name")
        if tag == "meta" and key:
            self.tags.setdefault(key, attributes.get("content"))


def meta(client, path: str, **headers) -> dict:
    response = client.get(path, headers=headers, follow_redirects=True)
    assert response.status_code == 200
    return MetaTags(response.text).tags


def stylesheet_colour(name: str) -> tuple:
    """Read a colour of the light theme from the stylesheet, as the site shows it."""
    value = re.search(r"--{}:\s*#([0-9a-f]{{6}})".format(name), STYLESHEET.read_text()).group(1)
    return tuple(int(value[i:i + 2], 16) for i in (0, 2, 4))


@pytest.fixture(autouse=True)
def fresh_pictures():
    picture.rendered.cache_clear()


@pytest.mark.parametrize(("lang", "title", "description", "locale"), [
    ("en", "Annabell wins with 36 points · Tiny Towns",
     "Master Builder — 1. Annabell, 36 points · 2. Csongork, 33 points · 3. Bernadet, 28 points · 4. Dominika, 27 points",
     "en_GB"),
    ("fr", "Annabell l’emporte avec 36\u00a0points · Les Petites Bourgades",
     "Maître d’œuvre — 1. Annabell, 36\u00a0points · 2. Csongork, 33\u00a0points · 3. Bernadet, 28\u00a0points · "
     "4. Dominika, 27\u00a0points",
     "fr_FR"),
    ("hu", "Annabell nyert 36\u00a0ponttal · Tiny Towns",
     "Főépítész — 1. Annabell, 36\u00a0pont · 2. Csongork, 33\u00a0pont · 3. Bernadet, 28\u00a0pont · 4. Dominika, 27\u00a0pont",
     "hu_HU"),
])
def test_result_page_carries_the_link_preview_in_its_language(client, lang, title, description, locale):
    tags = meta(client, "/{}/r/{}".format(lang, CODE))
    assert tags["og:title"] == title
    assert tags["twitter:title"] == title
    assert tags["og:description"] == description
    assert tags["description"] == description
    assert tags["og:locale"] == locale
    assert tags["og:url"] == "http://marquoir.test/{}/r/{}".format(lang, CODE)
    assert tags["og:image"] == "http://marquoir.test/{}/r/{}.png".format(lang, CODE)
    assert tags["twitter:image"] == tags["og:image"]
    assert tags["og:image:width"] == "1200"
    assert tags["og:image:height"] == "630"
    assert tags["twitter:card"] == "summary_large_image"


@pytest.mark.parametrize(("lang", "line", "title"), [
    ("en", "Solo · Cavern rule · Without monuments", "Engineer"),
    ("fr", "Solo · Règle de la cave · Sans monuments", "Ingénieur"),
    ("hu", "Egyszemélyes · Barlangszabály · Emlékművek nélkül", "Mérnök"),
])
def test_the_preview_says_the_mode_and_variants_as_the_page_does(client, lang, line, title):
    """One wording of the mode and variants (result_pieces.mode_line): the page's line, and the preview's with the solo
    player's title after it."""
    solo = examples.load("rulebook-28")
    solo["cavern"] = True
    response = client.get("/{}/r/{}".format(lang, encode(solo)))
    assert '<p class="hint">{}</p>'.format(line) in response.text
    assert MetaTags(response.text).tags["og:description"].startswith("{} · {} — 1. ".format(line, title))


def test_shared_link_previews_in_the_language_the_platform_asks_for(client):
    tags = meta(client, "/r/" + CODE, **{"Accept-Language": "hu-HU,hu;q=0.9"})
    assert tags["og:title"] == "Annabell nyert 36\u00a0ponttal · Tiny Towns"
    assert tags["og:image"] == "http://marquoir.test/hu/r/{}.png".format(CODE)


def test_behind_a_proxy_the_preview_points_to_https(make_app):
    # The platform's proxy sets the scheme; the host is the request's own (a forwarded host is not trusted).
    headers = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "evil.example", "Host": "scores.example"}
    tags = meta(make_app(PROXIES=1).test_client(), "/en/r/" + CODE, **headers)
    assert tags["og:image"] == "https://scores.example/en/r/{}.png".format(CODE)
    assert tags["og:url"] == "https://scores.example/en/r/" + CODE


@pytest.mark.parametrize(("lang", "title"), [
    ("en", "Anna and Bo share first place with 20 points · Tiny Towns"),
    ("fr", "Anna et Bo partagent la première place avec 20\u00a0points · Les Petites Bourgades"),
    ("hu", "Anna és Bo holtversenyben végzett az élen 20\u00a0ponttal · Tiny Towns"),
])
def test_a_shared_first_place_says_so(client, lang, title):
    code = encode(game(player(TIED_TOWN, "Anna", master_builder_turns=3), player(TIED_TOWN, "Bo", master_builder_turns=3),
                       player(LOSER_TOWN, "Cy", master_builder_turns=3), monuments=False))
    assert meta(client, "/{}/r/{}".format(lang, code))["og:title"] == title


def test_a_name_with_html_and_quotes_stays_text(client):
    name = "<b>\"Jo\" & 'x'</b>"
    code = encode(game(player(WINNER_TOWN, name), player(LOSER_TOWN, "Bo")))
    response = client.get("/en/r/" + code)
    assert "<b>" not in response.text.split("</head>")[0]
    assert '"Jo"' not in response.text
    tags = MetaTags(response.text).tags
    assert tags["og:title"] == name + " wins with 24 points · Tiny Towns"
    assert tags["og:description"].endswith("1. " + name + ", 24 points · 2. Bo, \u221215 points")


def test_picture_is_a_1200_by_630_png_that_is_not_blank(client):
    response = client.get("/en/r/{}.png".format(CODE))
    assert response.status_code == 200
    assert response.mimetype == "image/png"
    assert response.data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(response.data))
    assert image.format == "PNG"
    assert image.size == (1200, 630)
    assert len(image.convert("RGB").getcolors(maxcolors=1200 * 630)) > 50


def test_picture_shows_the_winners_town_in_the_card_colours(client):
    image = Image.open(io.BytesIO(client.get("/en/r/{}.png".format(SECOND_WINS)).data)).convert("RGB")
    squares = [card for row in WINNER_TOWN for card in row]
    for index, card in enumerate(squares):
        left, top, right, bottom = picture.cell_box(index)
        expected = stylesheet_colour(colour_of(card) if card else "empty")
        for corner in ((left + 2, top + 2), (right - 3, top + 2), (left + 2, bottom - 3)):
            assert image.getpixel(corner) == expected, (index, card)


def test_picture_bytes_are_identical_for_identical_code_and_language(client):
    first = client.get("/fr/r/{}.png".format(CODE)).data
    picture.rendered.cache_clear()
    again = client.get("/fr/r/{}.png".format(CODE)).data
    assert first == again
    assert client.get("/hu/r/{}.png".format(CODE)).data != first


def test_picture_is_cached_immutable_with_an_etag_and_answers_304(client):
    response = client.get("/en/r/{}.png".format(CODE))
    assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert "Set-Cookie" not in response.headers
    etag = response.headers["ETag"]
    again = client.get("/en/r/{}.png".format(CODE), headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert again.data == b""
    assert client.get("/en/r/{}.png".format(CODE), headers={"If-None-Match": '"other"'}).status_code == 200


@pytest.mark.parametrize("path", ["/en/r/AAAA", "/en/r/" + CODE[:-1], "/en/r/" + CODE[:-2] + "AA", "/fr/r/x!"])
def test_damaged_code_gets_the_result_pages_400(client, path):
    page = client.get(path)
    image = client.get(path + ".png")
    assert page.status_code == image.status_code == 400
    assert image.mimetype == "text/html"
    heading = re.search(r"<h1>(.*?)</h1>.*?<p>(.*?)</p>", page.text, re.S).groups()
    assert re.search(r"<h1>(.*?)</h1>.*?<p>(.*?)</p>", image.text, re.S).groups() == heading


def test_picture_in_an_unknown_language_is_404(client):
    assert client.get("/de/r/{}.png".format(CODE)).status_code == 404


def drawn(app, lang: str, code: str) -> picture.Picture:
    with app.test_request_context("/{}/r/{}.png".format(lang, code)):
        g.lang = lang
        with force_locale(lang):
            return picture.picture_of(code)


def assert_inside(texts: list) -> None:
    for text, bounds, box in texts:
        assert 0 <= box[0] <= bounds[0] and 0 <= box[1] <= bounds[1], (text, bounds, box)
        assert bounds[2] <= box[2] <= 1200 and bounds[3] <= box[3] <= 630, (text, bounds, box)


LONG_NAMES = ["W" * 24, "Árvíztűrő tükörfúrógépŰŐ", "Ménestrel Éléonore-Œdipe", "MMMMMMMMMMMMMMMMMMMMMMMM",
              "Grand Mausoleum Rodinaaa", "Ő" * 24]


def assert_apart(texts: list) -> None:
    boxes = sorted({box for _, _, box in texts})
    for n, first in enumerate(boxes):
        for second in boxes[n + 1:]:
            apart = first[2] <= second[0] or second[2] <= first[0] or first[3] <= second[1] or second[3] <= first[1]
            assert apart, (first, second)


def headline_of(texts: list) -> str:
    return " ".join(text for text, _, box in texts if box[:2] == (picture.PANEL_LEFT, 40))


@pytest.mark.parametrize(("lang", "headline"), [
    ("en", "6 players share first place with 20 points"),
    ("fr", "6\u00a0joueurs partagent la première place avec 20\u00a0points"),
    ("hu", "6\u00a0játékos holtversenyben végzett az élen 20\u00a0ponttal"),
])
def test_six_players_with_24_character_names_fit(app, lang, headline):
    assert all(len(name) == 24 for name in LONG_NAMES)
    tied = [player(TIED_TOWN, name, master_builder_turns=2) for name in LONG_NAMES]
    texts = drawn(app, lang, encode(game(*tied, monuments=False))).texts
    assert_inside(texts)
    assert_apart(texts)
    assert headline_of(texts) == headline
    names = [text for text, _, box in texts if box[0] == picture.PANEL_LEFT + 52]
    assert len(names) == 6
    for name, shown in zip(LONG_NAMES, names):
        assert shown == name or (shown.endswith("…") and name.startswith(shown[:-1])), (name, shown)


def test_a_single_winner_is_named_in_the_headline(app):
    texts = drawn(app, "en", SECOND_WINS).texts
    assert_inside(texts)
    assert_apart(texts)
    assert headline_of(texts) == "Anna wins with 24 points"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_name_fits_its_square(app, lang):
    cards = sorted(ALL_BUILDINGS) + sorted(ALL_MONUMENTS)
    with app.test_request_context("/{}/".format(lang)):
        g.lang = lang
        with force_locale(lang):
            for start in range(0, len(cards), 16):
                chunk = (cards[start:start + 16] * 2)[:16]
                words = {"headline": "x", "mode": "x", "town": "x", "ranking": [("1", "x", "1", 1)],
                         "squares": [(colour_of(card), str(CARD_NAMES[card]), "−15") for card in chunk]}
                texts = picture.draw(words).texts
                assert_inside(texts)
                assert len([text for text, _, _ in texts if text == "−15"]) == 16
                # Each name whole, broken where a line may break: after a hyphen too ("Eraflage-" / "szőlőbirtok",
                # which was cut to "Eraflage-szőlőbir…").
                for index, card in enumerate(chunk):
                    left, top = picture.cell_box(index)[:2]
                    name_lines = [text for text, _, box in texts if box[:2] == (left + 6, top + 8)]
                    read = "".join(line if line.endswith("-") else line + " " for line in name_lines).strip()
                    assert read == str(CARD_NAMES[card]), lang


@pytest.mark.parametrize("name", ["王小明", "🎲🏆 Zoë", "👩👩👧 family", "Ελένη", "Дмитрий", "שרה", "مريم", "ᚠᚢᚦ"])
def test_a_name_in_any_script_renders(client, app, name):
    code = encode(game(player(WINNER_TOWN, name), player(LOSER_TOWN, "Bo")))
    response = client.get("/hu/r/{}.png".format(code))
    assert response.status_code == 200
    assert Image.open(io.BytesIO(response.data)).size == (1200, 630)
    assert name in [text for text, _, _ in drawn(app, "hu", code).texts]


# Any name the game file accepts: up to 24 characters of any script, no control or hidden formatting characters.
NAMES = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Cf", "Zl", "Zp")), min_size=1, max_size=24).filter(str.strip)


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(games(), st.lists(NAMES, min_size=6, max_size=6), st.sampled_from(LANGUAGES))
def test_any_valid_game_gets_a_picture_that_fits(app, client, drawn_game, names, lang):
    for player_file, name in zip(drawn_game["players"], names):
        player_file["name"] = name
    assert problems(drawn_game) == []
    code = encode(drawn_game)
    response = client.get("/{}/r/{}.png".format(lang, code))
    assert response.status_code == 200
    assert response.mimetype == "image/png"
    texts = drawn(app, lang, code).texts
    assert_inside(texts)
    assert_apart(texts)
