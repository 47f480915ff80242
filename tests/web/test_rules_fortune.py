"""The rules page has Fortune and Tiny Trees: coins, what Marquoir asks, its readings of the open points, and
Fortune's 22 cards among the others, marked, each with its anchor, in every language; the readings say what the
core scores."""

import re

import pytest
from flask_babel import force_locale
from flask_babel import gettext
from markupsafe import escape

from support.towns import town
from support.webflow import text_of
from webscore.languages import LANGUAGES
from webscore.scoring import score
from webscore.scoring.cards import BUILDINGS
from webscore.scoring.cards import FORTUNE_BUILDINGS
from webscore.scoring.cards import FORTUNE_MONUMENTS
from webscore.scoring.cards import MONUMENTS
from webscore.scoring.cards import colour_of
from webscore.web.i18n.cards import CARD_NAMES
from webscore.web.i18n.cards import RULES_NOTES
from webscore.web.i18n.labels import COLOUR_NAMES

FORTUNE_CARDS = sorted(FORTUNE_BUILDINGS) + sorted(FORTUNE_MONUMENTS)
HEADINGS = {"en": ("Fortune", "Tiny Trees"), "fr": ("Fortune", "Tiny Trees"), "hu": ("Fortune", "Tiny Trees")}
# The readings' heading and one reading written out in each language, as a native reader reads them.
READINGS_IN = {
    "en": ("Open points, and how Marquoir reads them",
           "Marquoir reads it so: when two ways of spending the coins give the same total, Marquoir keeps the first "
           "it finds; the total is the same either way."),
    "fr": ("Points à interpréter, et le choix de Marquoir",
           "Marquoir l’interprète ainsi\u00a0: quand deux façons de dépenser les pièces donnent le même total, "
           "Marquoir garde la première qu’il trouve\u202f; le total est le même dans les deux cas."),
    "hu": ("Vitatható részletek és a Marquoir értelmezése",
           "A Marquoir így érti: ha az érmék két különböző elköltése ugyanannyi pontot ad, a Marquoir az elsőként "
           "talált mellett marad; az összpontszám így is, úgy is ugyanannyi."),
}
# A few names written out, so a catalogue that lost them is noticed as well as a page that left them out.
NAMES = {"en": {"root-cellar": "Root Cellar", "the-treasury-at-okaver": "The Treasury at Okaver"},
         "fr": {"root-cellar": "Cellier", "the-treasury-at-okaver": "Le\u00a0Trésor d’Okaver"},
         "hu": {"root-cellar": "Verem", "the-treasury-at-okaver": "Okaveri Kincstár"}}
READINGS = (
    "Marquoir reads it so: each coin feeds any one row or column of your town, not only the Root Cellar's own, and "
    "each line costs one coin however many Root Cellars you have. With several Root Cellars, the result names the "
    "first one (row 1 from a to d, then row 2, and so on) as the feeder of every line.",
    "Marquoir reads it so: the 2 more are scored only when the first 2 are, that is with a fed Cottage next to it. "
    "Coins are compared as entered, in the chest before any are spent at the end. The player on your right is the "
    "one before you in seating order, as for the Feast Hall.",
    "In a game without coins, everyone has 0 coins: a Schoolhouse next to a fed Cottage scores 4, since 0 is at "
    "least 0.",
    "Marquoir reads it so: when two ways of spending the coins give the same total, Marquoir keeps the first it "
    "finds; the total is the same either way.",
    "Marquoir reads it so: the tree's 2 points are written on the score pad's empty squares row, where its square "
    "would have cost 1.",
)


def _page(client, lang: str) -> str:
    answer = client.get("/{}/rules".format(lang))
    assert answer.status_code == 200
    return answer.get_data(as_text=True)


def _section(html: str, anchor: str) -> str:
    return re.search(r'<section id="{}">(.*?)</section>'.format(anchor), html, re.S).group(1)


def _card(html: str, card: str) -> str:
    return re.search(r'<div id="card-{}">(.*?)</div>'.format(card), html, re.S).group(1)


def _in(app, lang: str, words) -> str:
    """Return words (a lazy string or an English id) as the page's language says them."""
    with app.test_request_context("/{}/".format(lang)), force_locale(lang):
        return str(words) if not isinstance(words, str) else gettext(words)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_have_fortune_and_tiny_trees_in_their_chapters(client, lang):
    html = _page(client, lang)
    fortune, trees = HEADINGS[lang]
    assert text_of(re.search(r"<h2>(.*?)</h2>", _section(html, "fortune"), re.S).group(1)) == fortune
    assert text_of(re.search(r"<h2>(.*?)</h2>", _section(html, "tiny-trees"), re.S).group(1)) == trees
    toc = re.search(r'<nav class="toc".*?</nav>', html, re.S).group(0)
    assert '<a href="#fortune">{}</a>'.format(fortune) in toc
    assert '<a href="#tiny-trees">{}</a>'.format(trees) in toc
    # Before the cards they explain, as the chapters are in the table of contents.
    assert html.index('<section id="fortune">') < html.index('<section id="tiny-trees">') < html.index(
        '<section id="cards">')


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_fortune_card_has_its_anchor_name_layout_and_mark(app, client, lang):
    html = _page(client, lang)
    mark = '<span class="hint">{}</span>'.format(_in(app, lang, "Fortune"))
    for card in FORTUNE_CARDS:
        assert html.count('id="card-{}"'.format(card)) == 1, card
        entry = _card(html, card)
        assert "<strong>{}</strong>".format(escape(_in(app, lang, CARD_NAMES[card]))) in entry, card
        assert 'id="card-layout-{}"'.format(card) in entry, card
        assert mark in entry, card
    for card, name in NAMES[lang].items():
        assert "<strong>{}</strong>".format(name) in _card(html, card)
    # The base game's cards are not marked.
    for card in list(BUILDINGS) + list(MONUMENTS):
        assert mark not in _card(html, card), card


@pytest.mark.parametrize("lang", LANGUAGES)
def test_fortunes_buildings_stand_in_their_colour_after_the_base_cards_and_its_monuments_with_the_monuments(
        app, client, lang):
    html = _page(client, lang)
    cards = _section(html, "cards")
    # Each colour's list: its heading, then its cards up to the next heading.
    parts = re.split(r'<h3 class="c-([a-z]+)">', cards)[1:]
    lists = {colour: re.findall(r'<div id="card-([a-z-]+)">', body) for colour, body in zip(parts[::2], parts[1::2])}
    for colour, listed in lists.items():
        assert listed == sorted(c for c in BUILDINGS if colour_of(c) == colour) + sorted(
            c for c in FORTUNE_BUILDINGS if colour_of(c) == colour), colour
        assert _in(app, lang, COLOUR_NAMES[colour]).capitalize() in text_of(
            re.search(r'<h3 class="c-{}">(.*?)</h3>'.format(colour), cards, re.S).group(1))
    monuments = re.findall(r'<div id="card-([a-z-]+)">', _section(html, "monuments"))
    assert monuments == sorted(MONUMENTS) + sorted(FORTUNE_MONUMENTS)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_open_readings_are_stated_and_the_cards_link_to_them(app, client, lang):
    html = _page(client, lang)
    text = text_of(_section(html, "fortune") + _section(html, "tiny-trees"))
    for reading in READINGS:
        assert _in(app, lang, reading) in text
    heading, written = READINGS_IN[lang]
    assert text_of(re.search(r'<h3 id="readings">(.*?)</h3>', html, re.S).group(1)) == heading
    assert written in text
    if lang == "en":
        for reading in READINGS:
            assert reading in text
    for card in ("root-cellar", "schoolhouse"):
        assert '<a href="#reading-{}">'.format(card) in _card(html, card)
        assert 'id="reading-{}"'.format(card) in html
    assert _in(app, lang, "Not played in Solo.") in text_of(_card(html, "schoolhouse"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_what_a_fortune_cards_reminder_leaves_out_is_said_on_its_card(app, client, lang):
    html = _page(client, lang)
    assert set(RULES_NOTES) <= set(FORTUNE_CARDS)
    for card, note in RULES_NOTES.items():
        assert _in(app, lang, note) in text_of(_card(html, card)), card
    assert "Barrett Castle counts 2." in text_of(_card(_page(client, "en"), "the-treasury-at-okaver"))


@pytest.mark.parametrize("fact", [
    "Your chest holds at most 4 coins; a built Caterina's Grotto, Estival Festival, The Petal Promenade or Shrine "
    "of the Windseed adds a fifth place.",
    "At the end, each coin still in your chest scores 1 point, or 2 with a built Estival Festival. Coins lying on "
    "squares of your town, as on Caterina's Grotto or The Petal Promenade, are not in the chest and score nothing.",
    "With a Root Cellar, each coin spent feeds every Cottage of one row or column of your choice.",
    "more Cottages anywhere are fed at 1 coin per 2, rounded up",
    "Marquoir chooses the spending that gives you the highest total",
    "In a game with coins, the coins in the chest before any are spent at the end: 0 to 4, or 5 with a monument "
    "that adds a place.",
    "With Hollow Hill built, how many coins its owner spent to change a named resource since it was built",
    "With Tiny Trees, the square that holds the seed",
    "if the seed's square is the only square of the town without a building, the seed grows into a tree: 2 points.",
    "The tree is not an empty square: its square scores 2 instead of costing 1, with or without the Cathedral of "
    "Caterina, and it does not count as an empty square for ties.",
    "With Fortune's cards, Solo leaves out the Oddity Shop, the Schoolhouse and Southern Semaphore too.",
    "With Fortune's cards, Town Hall leaves out the Oddity Shop.",
])
def test_the_english_page_states_fortunes_and_tiny_trees_facts(client, fact):
    assert fact in text_of(_page(client, "en"))


# What the readings say, as the core scores it.

def _game(towns: list, buildings: list, **flags) -> dict:
    players = [dict({"name": name, "monument": None, "town": rows}, **facts)
               for name, (rows, facts) in zip(("Ana", "Bo", "Cy"), towns)]
    return dict({"mode": "master-builder", "monuments": False, "cavern": False, "buildings": buildings,
                 "players": players}, **flags)


BUILT = ["cottage", "farm", "well", "chapel", "tavern", "theater", "factory"]


def test_a_schoolhouse_next_to_a_fed_cottage_scores_4_in_a_game_without_coins():
    rows = town("cottage schoolhouse . .", "farm . . .", ". . . .", ". . . .")
    buildings = ["cottage", "farm", "well", "chapel", "schoolhouse", "theater", "factory"]
    result = score(_game([(rows, {}), (rows, {})], buildings))
    assert [p["squares"][1]["points"] for p in result["players"]] == [4, 4]


def test_a_schoolhouse_compares_the_coins_entered_before_any_spent_and_only_with_its_first_2():
    buildings = ["cottage", "root-cellar", "well", "chapel", "schoolhouse", "theater", "factory"]
    # Ana spends her 2 coins on two lines; Bo his 1 on row 1; Cy keeps his 4, and feeds nothing.
    ana = town("cottage schoolhouse . .", "root-cellar . . .", ". . cottage .", ". . . .")
    bo = town("cottage schoolhouse . .", "root-cellar . . .", ". . . .", ". . . .")
    cy = town("cottage schoolhouse . .", ". . . .", ". . . .", ". . . .")
    result = score(_game([(ana, {"coins": 2}), (bo, {"coins": 1}), (cy, {"coins": 4})], buildings, coins=True))
    players = result["players"]
    assert [p["coins"]["spent"] for p in players] == [2, 1, 0]
    # Ana's right is Cy, the one before her around the table: 2 coins against 4, the first 2 only.
    assert players[0]["squares"][1]["points"] == 2
    # Bo's right is Ana: his 1 coin against the 2 she entered, though neither has a coin left.
    assert players[1]["squares"][1]["points"] == 2
    # Cy has no fed Cottage next to his Schoolhouse: no 2 more, though his 4 coins are more than Bo's 1.
    assert players[2]["squares"][1]["points"] == 0


def test_the_first_root_cellar_is_named_for_every_line_a_coin_bought():
    rows = town("cottage cottage cottage cottage", ". . . .", ". root-cellar . .", "root-cellar . . .")
    buildings = ["cottage", "root-cellar", "well", "chapel", "tavern", "theater", "factory"]
    result = score(_game([(rows, {"coins": 1}), (rows, {"coins": 0})], buildings, coins=True))
    ana = result["players"][0]
    assert ana["coins"]["lines"] == ["1"] and ana["coins"]["spent"] == 1
    # b3 comes before a4 in reading order (row 3 before row 4).
    assert {ana["fed_by"][square][0] for square in ("a1", "b1", "c1", "d1")} == {"b3"}


def test_the_trees_points_are_on_the_empty_squares_row_and_it_is_not_an_empty_square():
    full = ["well"] * 4
    rows = [full, full, ["well", "well", None, "well"], full]
    cathedral = [full, ["cathedral-of-caterina", "well", "well", "well"], ["well", "well", None, "well"], full]
    game = _game([(rows, {"seed": "c3"}), (cathedral, {"seed": "c3"})], BUILT, tiny_trees=True, monuments=True)
    game["players"][1]["monument"] = "cathedral-of-caterina"
    result = score(game)
    # Without the tree's square, Cy's empty squares would cost nothing with the Cathedral, and cost 1 each without.
    for player in result["players"]:
        assert player["by_colour"]["empty"] == 2
        assert player["empty"] == 0
