"""Pieces of HTML that pages draw again and again, made once per worker and language.

A result page names the same few cards, reasons and numbers square after square, and the setup page
draws the same 24 card faces: asking Babel, url_for and a macro for each was most of their cost. The
pieces (card names, faces and links, reason phrases, numbers, the language's punctuation of
"label: value" and of lists) are kept per language and address of the rules, and each page puts its
own lines together from them. A result page's parts drawn player by player (a ranking's item, a
town with its grid and lines) are drawn here whole: in the template, each was a dozen calls per player.
The wording itself stays in labels.py.
"""

from babel import Locale
from babel.lists import format_list
from flask_babel import get_locale
from flask_babel import gettext
from markupsafe import Markup
from markupsafe import escape

from ...scoring.cards import BUILDINGS
from ...scoring.cards import MONUMENTS
from ...scoring.cards import colour_of
from ..http.addresses import address
from ..http.kept import kept
from ..i18n import current_language
from ..i18n import labels
from ..i18n import words_in

LAYOUTS = {card: BUILDINGS[card][1] for card in BUILDINGS}
LAYOUTS.update(MONUMENTS)

# Each store of a language's pieces that games can grow (reasons, grid squares and lines, the pad's
# heads and cells, points) holds up to this many; past it, it starts again.
LIMIT = 4096


class Pieces:
    """The pieces in the language Babel speaks now, with links to the rules at `rules`."""

    def __init__(self, rules: str):
        self.rules = rules
        self.names = {card: str(name) for card, name in labels.CARD_NAMES.items()}
        self.colours = {colour: str(name) for colour, name in labels.COLOUR_NAMES.items()}
        self.reminders = {card: str(words) for card, words in labels.REMINDERS.items()}
        self.layouts = {card: self._layout(card) for card in LAYOUTS}
        self.faces = {}
        self.empty = gettext("Empty")
        self.pair = gettext("%(label)s: %(value)s")
        self.lang = str(get_locale())
        # The language's kept words (i18n.PageWords), counted ones kept per count.
        self.words = words_in(self.lang)
        self.locale = Locale.parse(self.lang)
        self.links = {}
        self.scored = {}
        # A result's grid squares and lines as HTML, by what they show: met again game after game.
        self.grid_squares = {}
        self.grid_lines = {}
        # The score pad's row heads by column, and its cells by points.
        self.pad_heads = {}
        self.pad_cells = {}
        self.reasons = {}
        # str() first: escape() takes a lazy string for markup and would leave it as it is.
        self.tie_breaks = {tie: str(escape(str(words))) for tie, words in labels.TIE_BREAKS.items()}
        self.solo_ranks = {rank: str(escape(str(words))) for rank, words in labels.SOLO_RANKS.items()}
        self.needs_turns = gettext("Enter turns as Master Builder to break this tie.")
        self.change_town = gettext("Change this town")
        # What a result's grid shows on a square: its card's name, or that it is empty, as HTML.
        self.square_cards = {card: str(escape(name)) for card, name in self.names.items()}
        self.square_cards[None] = str(escape(self.empty))

    def number(self, value: int) -> str:
        """Return a whole number as this language writes it."""
        return labels.number_in(self.lang, value)

    def link(self, card: str) -> str:
        """Return a card's name linked to its rule, with its colour named after it, as HTML."""
        if card not in self.links:
            colour = colour_of(card)
            self.links[card] = (
                '<a class="rule-link c-{}" href="{}#card-{}"><span class="swatch" aria-hidden="true"></span>{}</a>'
                ' <span class="colour">({})</span>').format(colour, escape(self.rules), card, escape(self.names[card]),
                                                              escape(self.colours[colour]))
        return self.links[card]

    def _layout(self, card: str) -> Markup:
        resources = [[str(labels.RESOURCE_NAMES[labels.RESOURCE_OF_LETTER[cell]]) if cell != "." else gettext("nothing")
                      for cell in row] for row in LAYOUTS[card]]
        label = Markup(gettext("Layout: %(rows)s")) % {"rows": "; ".join(", ".join(r) for r in resources)}
        rows = "".join('<span class="layout-row">{}</span>'.format("".join(
            '<span class="res res-{}"></span>'.format(cell if cell != "." else "none") for cell in row))
            for row in LAYOUTS[card])
        return Markup('<span class="layout" role="img" aria-label="{}">{}</span>'.format(label, rows))

    def face(self, card: str) -> Markup:
        """Return a card as the setup page offers it: its layout, name, reminder and a link to its rule."""
        if card not in self.faces:
            self.faces[card] = Markup(
                '{0}\n<span class="card-text"><strong id="card-name-{1}">{2}</strong> <span class="reminder">{3}\n'
                '<a class="rule-link" href="{4}#card-{1}" aria-describedby="card-name-{1}">{5}</a></span></span>'
            ).format(self.layouts[card], card, self.names[card], self.reminders[card], self.rules, gettext("Rule"))
        return self.faces[card]

    @staticmethod
    def options(choices: list, chosen) -> Markup:
        """Return a select's options from its choices, the one whose value is `chosen` selected (None: none)."""
        return Markup("".join('<option{} value="{}">{}</option>'.format(
            " selected" if choice.value == chosen else "", escape(choice.value), escape(choice.label))
            for choice in choices))

    def name_list(self, names: list) -> str:
        """Join names as this language lists them."""
        return format_list(names, locale=self.locale)

    def reason(self, square: dict) -> str:
        """Return why a square of the result view scores what it does, in words."""
        fed_by = square["fed_by"]
        key = ("fed-by", 0, square["card"]) if fed_by else (square["reason"], square["n"], square["card"])
        reason = kept(self.reasons, key, lambda: str(labels.FED_REASONS[key[2]]["fed-by"]) if fed_by
                      else labels.reason_text(*key), LIMIT)
        if fed_by:
            feeders = [self.names[f["card"]] + " " + f["square"] for f in fed_by]
            return reason % {"feeders": self.name_list(feeders)}
        return reason

    def rank(self, p: int, player: dict) -> Markup:
        """Return a player's item of the ranking: place, name, points, and what decided a tie or their solo title."""
        return Markup((
            '<li class="rank place-{place}" data-player="{p}" data-total="{total}" data-place="{place}">\n'
            '    <span class="place">{place}</span>\n'
            '    <span class="who"><bdi>{name}</bdi></span>\n'
            '    <span class="total">{points}</span>\n'
            '    {tie}\n    {turns}\n    {title}\n  </li>').format(
            place=player["place"], p=p, total=player["total"], name=escape(player["name"]),
            points=self.points(player["total"]),
            tie='<span class="tie">{}</span>'.format(self.tie_breaks[player["decided_by"]]) if player["decided_by"] else "",
            turns='<span class="tie">{}</span>'.format(self.needs_turns) if player["needs_turns"] else "",
            title='<span class="title">{}</span>'.format(self.solo_ranks[player["solo_rank"]]) if player["solo_rank"] else ""))

    def points(self, total: int) -> str:
        """Return a number of points in words ("28 points")."""
        return self.words.plain_ngettext("%(num)s point", "%(num)s points", abs(total), num=self.number(total))

    def town(self, player: dict, change: str) -> Markup:
        """Return a player's town as the result shows it: its grid, every square's points and why, a link to change it."""
        grid, lines = self.squares(player["squares"])
        return Markup((
            '<section class="town-result" id="town-{step}">\n'
            '  <h3><bdi>{name}</bdi> — {total}</h3>\n'
            '  <div class="grid result-grid">\n  {grid}\n  </div>\n'
            '  <ul class="reasons">\n  {lines}\n  {empties}\n  </ul>\n'
            '  <p><a class="change-town" href="{change}">{change_town}</a></p>\n'
            '</section>').format(
            step=player["step"], name=escape(player["name"]), total=self.number(player["total"]),
            grid=grid, lines=lines,
            empties=self.empty_line(player["empties"], player["empty_points"]) if player["empties"] else "",
            change=escape(change), change_town=self.change_town))

    def squares(self, squares: list) -> tuple:
        """Return a town's grid (each square's name, card and points) and its built squares' lines, as HTML."""
        # Plain text until town() marks the whole town as markup: each Markup() copies it once more. The
        # squares and lines are looked up here first: a kept one is the common case, and kept() costs a call more.
        grid, lines = [], []
        grid_squares, grid_lines = self.grid_squares, self.grid_lines
        for square in squares:
            name, card, points = square["square"], square["card"], square["points"]
            key = (name, card, points, square["fed"])
            grid.append(grid_squares.get(key) or self._grid_square(key, square))
            if card:
                # Kept with who feeds the square: the same few buildings feed the same squares game after game.
                fed_by = square["fed_by"]
                key = (name, card, points, square["reason"], square["n"],
                       tuple((f["card"], f["square"]) for f in fed_by) if fed_by else ())
                lines.append(grid_lines.get(key) or self._line(key, square))
        return "\n".join(grid), "\n".join(lines)

    def _grid_square(self, key: tuple, square: dict) -> str:
        return kept(self.grid_squares, key, lambda: (
            '<div class="square c-{}{}"><span class="square-name">{}</span>\n{}</div>').format(
            square["colour"], " fed" if square["fed"] else "", square["square"],
            self._square_card(square["card"], square["points"])), LIMIT)

    def _square_card(self, card, points: int) -> str:
        return kept(self.scored, ("square", card, points), lambda: '<span class="square-card">{}</span>\n'
                    '<span class="square-points">{}</span>'.format(self.square_cards[card], self.number(points)), LIMIT)

    @staticmethod
    def pad_names(players: list) -> Markup:
        """Return the score pad's column headings: every player's name."""
        return Markup("".join('<th scope="col"><bdi>{}</bdi></th>'.format(escape(player["name"])) for player in players))

    def pad_totals(self, players: list) -> Markup:
        """Return the score pad's last row's cells: every player's total."""
        return Markup("".join('<td class="total">{}</td>'.format(self.number(player["total"])) for player in players))

    def pad_rows(self, columns: list, players: list) -> Markup:
        """Return the score pad's rows: each column's colour, then every player's points in it."""
        # Looked up here first, as squares() does.
        heads, cells = self.pad_heads, self.pad_cells
        return Markup("\n".join(
            (heads.get(column) or self._pad_head(column))
            + "".join(cells.get(player["by_colour"][c]) or self._pad_cell(player["by_colour"][c]) for player in players)
            + "</tr>"
            for c, column in enumerate(columns)))

    def _pad_head(self, column: str) -> str:
        return kept(self.pad_heads, column, lambda: '<tr class="c-{}"><th scope="row"><span class="swatch" '
                    'aria-hidden="true"></span>{}</th>\n'.format(column, escape(self.colours[column])), LIMIT)

    def _pad_cell(self, points: int) -> str:
        return kept(self.pad_cells, points, lambda: "<td>{}</td>".format(self.number(points)), LIMIT)

    def _line(self, key: tuple, square: dict) -> str:
        return kept(self.grid_lines, key, lambda: '<li><span class="square-name">{}</span> {} — {}</li>'.format(
            square["square"], self._card_points(square["card"], square["points"]), escape(self.reason(square))),
            LIMIT)

    def _card_points(self, card: str, points: int) -> str:
        # "Card (colour): points", kept by card and points: a few hundred at most.
        return kept(self.scored, ("line", card, points), lambda: self.pair % {
            "label": self.link(card), "value": "<strong>" + self.number(points) + "</strong>"}, LIMIT)

    def empty_line(self, count: int, points: int) -> str:
        """Return the list item of a town's empty squares, as HTML: how many, and their points."""
        return kept(self.scored, ("empty", count, points), lambda: "<li>{}</li>".format(self.pair % {
            "label": self.words.plain_ngettext("%(num)d empty square", "%(num)d empty squares", count),
            "value": "<strong>" + self.number(points) + "</strong>"}), LIMIT)


_KEPT = {}


def pieces() -> Pieces:
    """Return the pieces for this page's language and address of the rules, made on first use."""
    rules = address("pages.rules", lang=current_language())
    # Keyed on the locale Babel translates with, as the template words are (see i18n.template_gettext).
    return kept(_KEPT, (str(get_locale()), rules), lambda: Pieces(rules), 64)


def init_app(app) -> None:
    """Let templates take the pieces of their language."""
    app.jinja_env.globals["pieces"] = pieces
