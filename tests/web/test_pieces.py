"""The pieces pages are drawn from say what Babel and the card catalogue say, in every language."""

import pytest

from webscore.flow import result_town_pieces
from webscore.scoring.cards import colour_of
from webscore.web.i18n.cards import CARD_NAMES
from webscore.web.i18n.reasons import FED_REASONS
from webscore.web.results.pieces import Pieces
from webscore.web.results.pieces import pieces


@pytest.mark.parametrize(("lang", "cottage", "link"), [
    ("en", "Cottage", '<a class="rule-link c-blue" href="/en/rules#card-cottage">'),
    ("fr", "Maison de campagne", '<a class="rule-link c-blue" href="/fr/rules#card-cottage">'),
    ("hu", "Kunyhó", '<a class="rule-link c-blue" href="/hu/rules#card-cottage">')])
def test_each_language_has_its_own_pieces(app, lang, cottage, link):
    with app.test_request_context("/{}/r/x".format(lang)):
        from flask import g

        g.lang = lang
        words = pieces()
        assert words.names["cottage"] == str(CARD_NAMES["cottage"]) == cottage
        assert result_town_pieces.card_link(words.browser_words, "cottage", colour_of("cottage"), words.rules).startswith(link)
        square = {"square": "A1", "card": "cottage", "points": 3, "reason": "fed", "n": 0, "fed_by": None}
        assert result_town_pieces.reason(words.browser_words, square) == str(FED_REASONS["cottage"]["fed"])


def test_a_name_with_markup_is_escaped_in_a_line(app):
    with app.test_request_context("/en/r/x"):
        from flask import g

        g.lang = "en"
        words = Pieces("/en/rules")
        words.browser_words["cards"]["farm"] = "<b>Farm</b>"
        words.browser_words["cards"]["cottage"] = "<i>Cottage</i>"
        # The grid's squares show a name as broken where its words may break (soft hyphens).
        words.browser_words["square_cards"]["cottage"] = "<i>Cot\u00adtage</i>"
        square = {"square": "A2", "card": "cottage", "colour": "blue", "points": 3, "reason": "fed", "n": 0,
                  "fed": True, "fed_by": [{"card": "farm", "square": "A1"}]}
        grid, lines = words.squares([square])
        assert lines == ['<li><span class="square-name">A2</span> <a class="rule-link c-blue" href="/en/rules#card-cottage">'
                         '<span class="swatch" aria-hidden="true"></span>&lt;i&gt;Cottage&lt;/i&gt;</a> '
                         '<span class="colour">(blue)</span>: <strong>3</strong> — fed by &lt;b&gt;Farm&lt;/b&gt; A1</li>']
        assert "&lt;i&gt;Cot\u00adtage&lt;/i&gt;" in grid[0]
