"""Pieces of HTML that pages draw again and again, made once per worker and language.

A result page names the same few cards, reasons and numbers square after square, and the setup page
draws the same 24 card faces: asking Babel, url_for and a macro for each was most of their cost. The
pieces (card names and faces, links to the rules, a result's grid squares and lines, the score pad's
heads and cells) are kept per language and address of the rules, and each page puts its own lines
together from them. A result page's parts (its ranking, each town with its grid and lines, the score pad)
are drawn by webscore.flow.result_pieces.result_parts (each town by result_town_pieces.town), the very
functions the offline shell runs under MicroPython, from the browser's words; the squares, lines, pad heads
and cells they draw are kept here.
The wording itself stays in i18n/ (cards.py, reasons.py, labels.py).
"""

import json

from flask_babel import get_locale
from flask_babel import gettext
from markupsafe import Markup
from markupsafe import escape

from ...flow import PIECES
from ...flow import result_pieces
from ...flow import result_town_pieces
from ...flow import setup_pieces
from ...flow.text import series
from ...scoring.cards import ALL_BUILDINGS
from ...scoring.cards import ALL_MONUMENTS
from ..http.addresses import address
from ..http.cache import Store
from ..http.cache import kept
from ..i18n import cards
from ..i18n import current_language
from ..i18n import labels
from ..i18n.hyphens import hyphenated
from ..i18n.words import words_json

LAYOUTS = {card: ALL_BUILDINGS[card][1] for card in ALL_BUILDINGS}
LAYOUTS.update({monument: ALL_MONUMENTS[monument][0] for monument in ALL_MONUMENTS})

# Each store of a language's pieces that games can grow (grid squares and lines, the pad's heads and
# cells, empty squares' lines) holds up to this many, as the app's stores do (http/cache.py).
LIMIT = 4096


# The longest word a reminder's column holds whole on a 360 px phone beside the rule's link ("kunyhócsoportot" is not).
REMINDER_WORD = 11


class Pieces:
    """The pieces in the language Babel speaks now, with links to the rules at `rules`."""

    def __init__(self, rules: str):
        self.rules = rules
        self.names = {card: str(name) for card, name in cards.CARD_NAMES.items()}
        self.reminders = {card: str(words) for card, words in cards.REMINDERS.items()}
        # The words the offline shell draws a result with: the result's pieces are drawn from them here too.
        self.browser_words = json.loads(words_json())
        self.layouts = {card: self._layout(card) for card in LAYOUTS}
        self.faces = {}
        self.lang = str(get_locale())
        # A result's empty grid squares as HTML, and a built square's grid square and line together, by what they
        # show: met again game after game.
        self.grid_squares = Store(LIMIT)
        self.grid_lines = Store(LIMIT)
        # A town's line of empty squares, by their count and points.
        self.empty_lines = Store(LIMIT)
        # The score pad's row heads by column, and its cells by points.
        self.pad_heads = Store(LIMIT)
        self.pad_cells = Store(LIMIT)

    def _layout(self, card: str) -> Markup:
        resources = [[str(labels.RESOURCE_NAMES[labels.RESOURCE_OF_LETTER[cell]]) if cell != "." else gettext("nothing")
                      for cell in row] for row in LAYOUTS[card]]
        # The rows one after another, joined as the language punctuates it ("blé, blé ; bois, bois"), each row's
        # cells as it separates a list's items (text.series).
        rows = series(self.browser_words, resources[0])
        for row in resources[1:]:
            rows = gettext("%(rows)s; %(row)s", rows=rows, row=series(self.browser_words, row))
        label = Markup(gettext("Layout: %(rows)s")) % {"rows": rows}
        rows = "".join('<span class="layout-row">{}</span>'.format("".join(
            '<span class="res res-{}"></span>'.format(cell if cell != "." else "none") for cell in row))
            for row in LAYOUTS[card])
        return Markup('<span class="layout" id="card-layout-{}" role="img" aria-label="{}">{}</span>'.format(card, label, rows))

    def face(self, card: str) -> Markup:
        """Return a card as the setup page offers it: its layout, name and reminder (its long words breaking where the
        language breaks them, in the narrow column the rule's link leaves: rule_link)."""
        if card not in self.faces:
            self.faces[card] = Markup(
                '{0}\n<span class="card-text"><strong id="card-name-{1}">{2}</strong> '
                '<span class="reminder" id="card-reminder-{1}">{3}</span></span>'
            ).format(self.layouts[card], card, self.names[card], hyphenated(self.lang, self.reminders[card], REMINDER_WORD))
        return self.faces[card]

    def rule_link(self, card: str) -> Markup:
        """Return the link to a card's rule that stands beside its face in the setup's chooser."""
        return Markup('<a class="rule-link" href="{0}#card-{1}" aria-describedby="card-name-{1}">{2}</a>').format(
            self.rules, card, gettext("Rule"))

    @staticmethod
    def options(choices: list, chosen, offered=None) -> Markup:
        """Return a select's options from its choices, the one whose value is `chosen` selected (None: none); where
        `offered` lists values, the others (but a blank one) are drawn hidden, as setup.js hides them."""
        return Markup("".join('<option{}{} value="{}">{}</option>'.format(
            " selected" if choice.value == chosen else "",
            " hidden" if offered is not None and choice.value and choice.value not in offered else "",
            escape(choice.value), escape(choice.label)) for choice in choices))

    def setup_rows(self, names: list) -> list:
        """Return each setup row's label and its buttons' names, by the name typed in it or, blank, by its label
        (webscore.flow.setup_pieces.setup_lines, which setup.js redraws them with)."""
        return setup_pieces.setup_lines(self.browser_words, names)["rows"]

    def town(self, player: dict, change: str) -> str:
        """Return a player's town as the result shows it (webscore.flow.result_town_pieces.town), its squares and lines
        kept.

        Plain text, as the page's other parts: the page is put together as text (frames.py, result_pieces.result_page),
        and Markup() would copy the town once more.
        """
        grid, lines = self.squares(player["squares"])
        empty = ""
        if player["empties"]:
            key = (player["empties"], player["empty_points"])
            empty = self.empty_lines.values.get(key) or self.empty_lines.get(key, result_town_pieces.empty_line,
                                                                             self.browser_words, *key)
        return result_town_pieces.town(self.browser_words, player, change, self.rules, grid, lines, empty)

    def squares(self, squares: list) -> tuple:
        """Return a town's grid (each square's name, card and points) and its built squares' lines, as HTML."""
        # Looked up here first: a kept one is the common case, and kept() costs a call more. A built square's grid
        # square and line are kept together, by all they show, and found by one look-up.
        grid, lines = [], []
        grid_squares, grid_lines = self.grid_squares.values, self.grid_lines.values
        for square in squares:
            card = square["card"]
            if card:
                # Kept with who feeds the square: the same few buildings feed the same squares game after game.
                fed_by = square["fed_by"]
                # A feeder's coin (a Root Cellar's line, a Tithe Barn's pair) is part of the line's words.
                key = (square["square"], card, square["points"], square["reason"], square["n"], square["fed"],
                       tuple([(f["card"], f["square"], f.get("line"), f.get("paid")) for f in fed_by]) if fed_by else ())
                drawn = grid_lines.get(key) or self._built(key, square)
                grid.append(drawn[0])
                lines.append(drawn[1])
            else:
                key = (square["square"], card, square["points"], square["fed"])
                grid.append(grid_squares.get(key) or self._grid_square(key, square))
        return grid, lines

    def _grid_square(self, key: tuple, square: dict) -> str:
        return self.grid_squares.get(key, result_town_pieces.grid_square, self.browser_words, square)

    def _built(self, key: tuple, square: dict) -> tuple:
        return self.grid_lines.get(key, self._square_and_line, square)

    def _square_and_line(self, square: dict) -> tuple:
        return result_town_pieces.grid_square(self.browser_words, square), \
            result_town_pieces.line(self.browser_words, square, self.rules)

    def pad(self, columns: list, players: list) -> str:
        """Return the score pad (webscore.flow.result_pieces.pad_table), its rows' heads and cells kept."""
        return result_pieces.pad_table(self.browser_words, result_pieces.pad_names(players),
                                       self.pad_rows(columns, players),
                                       result_pieces.pad_totals(self.browser_words, players))

    def pad_rows(self, columns: list, players: list) -> str:
        """Return the score pad's rows: each column's colour, then every player's points in it."""
        # Looked up here first, as squares() does; drawn as webscore.flow.result_pieces.pad_rows draws them.
        heads, cells = self.pad_heads.values, self.pad_cells.values
        points = [player["by_colour"] for player in players]
        return "\n".join([
            (heads.get(column) or self._pad_head(column))
            + "".join([cells.get(scored[c]) or self._pad_cell(scored[c]) for scored in points])
            + "</tr>"
            for c, column in enumerate(columns)])

    def _pad_head(self, column: str) -> str:
        return self.pad_heads.get(column, result_pieces.pad_head, self.browser_words, column)

    def _pad_cell(self, points: int) -> str:
        return self.pad_cells.get(points, result_pieces.pad_cell, self.browser_words, points)


def pieces() -> Pieces:
    """Return the pieces for this page's language and address of the rules, made on first use."""
    rules = address("pages.rules", lang=current_language())
    # Keyed on the locale Babel translates with, as the template words are (see translating.template_gettext).
    return kept("pieces", (str(get_locale()), rules), lambda: Pieces(rules))


def piece(name: str, *args) -> Markup:
    """Draw a piece by its name in webscore.flow.PIECES in a template, as the offline shell draws it."""
    return Markup(PIECES[name](*args))


def init_app(app) -> None:
    """Let templates take the pieces of their language, and draw a piece of webscore.flow by its name."""
    app.jinja_env.globals.update(pieces=pieces, piece=piece)
