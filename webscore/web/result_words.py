"""The words and bits of HTML a result page repeats, worded once per language instead of once per square.

A 4-player result shows up to 64 squares and 64 reasons; asking Babel and url_for for each one was most
of the page's cost. Everything here is a pure function of the language (and the site's root path).
"""

from babel.numbers import format_decimal
from flask import request
from flask import url_for
from flask_babel import gettext
from flask_babel import ngettext
from markupsafe import Markup
from markupsafe import escape

from ..scoring.cards import BUILDINGS
from ..scoring.cards import MONUMENTS
from ..scoring.cards import colour_of
from . import labels

# Counted reasons and numbers seen on result pages; cleared past this size, since codes are endless.
MEMO_LIMIT = 4096


class ResultWords:
    """One language's card names, rule links, colour classes, reason words and number formats."""

    def __init__(self, lang: str):
        self.lang = lang
        cards = list(BUILDINGS) + list(MONUMENTS)
        # Plain strings of HTML, already escaped: joined with str.format, far cheaper than Markup's.
        self.names = {card: str(escape(str(labels.CARD_NAMES[card]))) for card in cards}
        colours = {colour: str(escape(str(name))) for colour, name in labels.COLOUR_NAMES.items()}
        self.colour = {card: colour_of(card) for card in cards}
        self.colour[None] = "empty"
        rules = url_for("pages.rules", lang=lang)
        # The card_name macro of macros.html with a link to the card's rule, written once per card.
        self.links = {card: (
            '<a class="rule-link c-{}" href="{}#card-{}"><span class="swatch" aria-hidden="true"></span>{}</a>'
            ' <span class="colour">({})</span>').format(
            self.colour[card], escape(rules), card, self.names[card], colours[self.colour[card]])
            for card in cards}
        self.empty = str(escape(gettext("Empty")))
        self.fed_by = str(escape(gettext("fed by")))
        # The catalogue's pattern is HTML as it stands, as label_pair in labels.py takes it.
        self.pattern = gettext("%(label)s: %(value)s")
        self.plain = {code: str(text) for code, text in labels.PLAIN_REASONS.items()}
        self.counted = {}
        self.numbers = {}

    def number(self, value: int) -> str:
        """Format a whole number as the language writes it."""
        if value not in self.numbers:
            if len(self.numbers) > MEMO_LIMIT:
                self.numbers.clear()
            self.numbers[value] = format_decimal(value, locale=self.lang)
        return self.numbers[value]

    def reason(self, code: str, n: int) -> str:
        """Return the words for a square's reason code and count."""
        if code in self.plain:
            return self.plain[code]
        key = (code, n)
        if key not in self.counted:
            if len(self.counted) > MEMO_LIMIT:
                self.counted.clear()
            self.counted[key] = ngettext(*labels.COUNTED_REASONS[code], n)
        return self.counted[key]


    def grid(self, player: dict):
        """Return a scored town's 16 squares as the result page draws them."""
        fed = set(player["fed"])
        parts = []
        for s in player["squares"]:
            card = s["card"]
            parts.append('\n    <div class="square c-{}{}">\n      <span class="square-name">{}</span>\n'
                         '      <span class="square-card">{}</span>\n      <span class="square-points">{}</span>\n'
                         '    </div>\n  '.format(self.colour[card], " fed" if s["square"] in fed else "", s["square"],
                                                 self.names[card] if card else self.empty, self.number(s["points"])))
        return Markup("".join(parts))

    def reasons(self, player: dict):
        """Return each built square's line of a scored town: its card, points, and why (or who feeds it)."""
        cards = {s["square"]: s["card"] for s in player["squares"]}
        fed_by = player["fed_by"]
        parts = []
        for s in player["squares"]:
            card = s["card"]
            if not card:
                continue
            if s["square"] in fed_by:
                why = self.fed_by + " " + ", ".join(self.names[cards[f]] + " " + f for f in fed_by[s["square"]])
            else:
                why = escape(self.reason(s["reason"], s["n"]))
            pair = self.pattern % {"label": self.links[card], "value": "<strong>{}</strong>".format(self.number(s["points"]))}
            parts.append('\n    <li><span class="square-name">{}</span> {} —\n      {}</li>\n  '.format(
                s["square"], pair, why))
        return Markup("".join(parts))


_BY_LANGUAGE = {}


def result_words(lang: str) -> ResultWords:
    """Return the result page's words for a language, built at its first page."""
    key = (lang, request.script_root)
    if key not in _BY_LANGUAGE:
        _BY_LANGUAGE[key] = ResultWords(lang)
    return _BY_LANGUAGE[key]
