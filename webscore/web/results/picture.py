"""The picture of a result, 1200×630 for link previews and sharing: ranking, the winner's town, the mode.

Drawn with Pillow and the vendored DejaVu Sans, so no system font and no browser is needed. Every text is
fitted into a box of its own (smaller type, then an ellipsis) and the box is kept in `Picture.texts`, so
tests check by numbers that nothing overflows.
"""

import functools
import hashlib
import io
import pathlib
import re

from flask_babel import gettext
from PIL import Image
from PIL import ImageDraw
from PIL import ImageFont

from ...flow.result_view import ranking
from ...flow.text import number
from ...scoring import game_from_code
from ...scoring import score_valid_game
from ...scoring.cards import colour_of
from ..i18n.cards import CARD_NAMES
from ..i18n.words import page_words_of_browser
from .preview import headline
from .preview import mode_line

WIDTH, HEIGHT = 1200, 630
MARGIN = 48
CELL, GAP = 118, 8
GRID_TOP = 100
PANEL_LEFT = MARGIN + 4 * CELL + 3 * GAP + 48
FONTS = pathlib.Path(__file__).resolve().parent / "fonts"
STYLESHEET = pathlib.Path(__file__).resolve().parents[3] / "static" / "css" / "marquoir.css"
ELLIPSIS = "…"


def stylesheet_colours(path: pathlib.Path = STYLESHEET) -> dict:
    """Return the light theme's colour custom properties as RGB, so the picture matches the site."""
    text = path.read_text(encoding="utf-8")
    root = text[text.index(":root {"):]
    root = root[:root.index("}")]
    return {name: tuple(int(value[i:i + 2], 16) for i in (0, 2, 4))
            for name, value in re.findall(r"--([\w-]+):\s*#([0-9a-fA-F]{6})\s*;", root)}


COLOURS = stylesheet_colours()
# White reads on every card colour but yellow and the pale empty square, as on the result page.
DARK_TEXT = {"yellow", "empty"}


@functools.lru_cache(maxsize=256)
def font(size: int, bold: bool = False, shaped: bool = False) -> ImageFont.FreeTypeFont:
    """Return the vendored DejaVu Sans at a size; shaped with Raqm where installed, for scripts that need it."""
    return ImageFont.truetype(str(FONTS / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")), size,
                              layout_engine=None if shaped else ImageFont.Layout.BASIC)


def font_for(text: str, size: int, bold: bool) -> ImageFont.FreeTypeFont:
    """Return the font for a text: the basic layout, twice as fast, unless a script needs shaping or direction."""
    shaped = any(0x0590 <= ord(char) < 0x1E00 or ord(char) >= 0x2400 for char in text)
    return font(size, bold, shaped)


class Picture:
    """A drawn picture: its PNG bytes, and each text's drawn bounds beside the box it had to fit."""

    __slots__ = ("png", "texts")

    def __init__(self, png: bytes, texts: list):
        self.png = png
        self.texts = texts


class _Canvas:
    __slots__ = ("image", "draw", "texts", "widths")

    def __init__(self):
        self.image = Image.new("RGB", (WIDTH, HEIGHT), COLOURS["paper"])
        self.draw = ImageDraw.Draw(self.image)
        self.texts = []
        self.widths = {}

    def measure(self, text: str, size: int, bold: bool) -> tuple:
        key = (text, size, bold)
        if key not in self.widths:
            left, top, right, bottom = self.draw.textbbox((0, 0), text, font=font_for(text, size, bold))
            self.widths[key] = (right - left, bottom - top)
        return self.widths[key]

    def width(self, text: str, size: int, bold: bool) -> int:
        return self.measure(text, size, bold)[0]

    def fit(self, text: str, width: int, sizes: range, bold: bool) -> tuple:
        """Return the largest size at which the text fits the width, else the smallest, cut with an ellipsis."""
        widest = self.width(text, sizes[0], bold)
        if widest <= width:
            return text, sizes[0]
        # Widths grow about in proportion to the size: start near the answer, then step down to it.
        for size in range(min(sizes[0], max(sizes[-1], sizes[0] * width // max(widest, 1) + 1)), sizes[-1] - 1, -1):
            if self.width(text, size, bold) <= width:
                return text, size
        size = sizes[-1]
        kept, over = 0, len(text)
        while kept + 1 < over:
            middle = (kept + over) // 2
            if self.width(text[:middle] + ELLIPSIS, size, bold) <= width:
                kept = middle
            else:
                over = middle
        return text[:kept] + ELLIPSIS, size

    def wrap(self, text: str, box: tuple, sizes: range, bold: bool, lines: int) -> tuple:
        """Return the text broken into lines that fit the box, and its size: at spaces, else after hyphens too
        ("Eraflage-" / "szőlőbirtok"); a word too long even so is cut."""
        whole = self.wrap_whole(text, box, sizes, bold, lines) or self.wrap_whole(text, box, sizes, bold, lines, True)
        if whole:
            return whole
        width, height = box[2] - box[0], box[3] - box[1]
        size = sizes[-1]
        broken = _greedy(_words(text), lambda line: self.width(line, size, bold) <= width)
        kept = min(lines, height // _leading(size))
        cut = broken[:kept]
        if len(broken) > kept:
            cut[-1] += ELLIPSIS
        return [self.fit(line, width, range(size, size - 1, -1), bold)[0] for line in cut], size

    def wrap_whole(self, text: str, box: tuple, sizes: range, bold: bool, lines: int, hyphens: bool = False):
        """Return the text broken into lines that fit the box whole (after its hyphens too, where hyphens), and its
        size; None if it cannot."""
        width, height = box[2] - box[0], box[3] - box[1]
        widest = self.width(text, sizes[0], bold)
        for size in sizes:
            if widest * size // sizes[0] > lines * width * 11 // 10:
                continue  # cannot fit even with every line full
            broken = _greedy(_words(text, hyphens), lambda line, s=size: self.width(line, s, bold) <= width)
            if len(broken) <= lines and len(broken) * _leading(size) <= height \
                    and all(self.width(line, size, bold) <= width for line in broken):
                return broken, size
        return None

    def text(self, xy: tuple, text: str, size: int, bold: bool, fill: str, anchor: str, box: tuple) -> None:
        face = font_for(text, size, bold)
        left, top, right, bottom = self.draw.textbbox(xy, text, font=face, anchor=anchor)
        # A glyph may reach past its anchor (a "T" or "Y" leans left, a mark rises): move the ink into the box.
        x = xy[0] + max(0, box[0] - left) - max(0, right - box[2])
        y = xy[1] + max(0, box[1] - top) - max(0, bottom - box[3])
        self.draw.text((x, y), text, font=face, fill=COLOURS[fill], anchor=anchor)
        self.texts.append((text, self.draw.textbbox((x, y), text, font=face, anchor=anchor), box))

    def line(self, text: str, box: tuple, sizes: range, bold: bool = False, fill: str = "ink",
             align: str = "left") -> None:
        """Draw one line fitted into a box, centred on its height."""
        fitted, size = self.fit(text, box[2] - box[0], sizes, bold)
        while size > 4 and self.measure(fitted, size, bold)[1] > box[3] - box[1]:
            size -= 1  # marks stacked above or below a letter: smaller still
        middle = (box[1] + box[3]) // 2
        if align == "right":
            self.text((box[2], middle), fitted, size, bold, fill, "rm", box)
        elif align == "centre":
            self.text(((box[0] + box[2]) // 2, middle), fitted, size, bold, fill, "mm", box)
        else:
            self.text((box[0], middle), fitted, size, bold, fill, "lm", box)

    def lines(self, text: str, box: tuple, sizes: range, bold: bool = False, fill: str = "ink",
              count: int = 2, centre: bool = False) -> None:
        """Draw a text wrapped into a box, from its top."""
        broken, size = self.wrap(text, box, sizes, bold, count)
        for n, line in enumerate(broken):
            y = box[1] + n * _leading(size)
            x = (box[0] + box[2]) // 2 if centre else box[0]
            self.text((x, y), line, size, bold, fill, "ma" if centre else "la", box)


def _leading(size: int) -> int:
    return size * 6 // 5


# Where a line may break: at any space but a no-break one, which keeps a number with its unit ("20 points").
BREAKS = re.compile(r"[^\S\u00a0\u202f]+")


# After a hyphen between two letters, where a compound name may break when it fits no line whole.
HYPHENS = re.compile(r"(?<=\w-)(?=\w)")


def _words(text: str, hyphens: bool = False) -> list:
    """Return the pieces a text breaks into: its words, each followed by a space, or by nothing where it ends with
    the hyphen it was broken after (hyphens)."""
    found = []
    for word in BREAKS.split(text):
        pieces = HYPHENS.split(word) if hyphens else [word]
        found += [(piece, "") for piece in pieces[:-1]] + [(pieces[-1], " ")]
    return [(word, after) for word, after in found if word]


def _greedy(words: list, fits) -> list:
    broken = []
    glue = ""
    for word, after in words:
        if broken and fits(broken[-1] + glue + word):
            broken[-1] += glue + word
        else:
            broken.append(word)
        glue = after
    return broken or [""]


def cell_box(index: int) -> tuple:
    """Return the box of a town square (0 = a1, row by row) in the picture."""
    row, column = divmod(index, 4)
    left = MARGIN + column * (CELL + GAP)
    top = GRID_TOP + row * (CELL + GAP)
    return left, top, left + CELL, top + CELL


def words_of(game: dict, result: dict) -> dict:
    """Return every word and number the picture shows, in the current language."""
    players = result["players"]
    order = ranking(result)
    winner = players[order[0]]
    written = page_words_of_browser()
    return {
        "headline": headline(game, result),
        "short_headline": headline(game, result, short=True),
        "mode": mode_line(game, result),
        "town": gettext("Town of %(name)s", name=winner["name"]),
        "ranking": [(str(players[p]["place"]), players[p]["name"], number(written, players[p]["total"]),
                     players[p]["place"])
                    for p in order],
        "squares": [_square(written, s) for s in winner["squares"]],
    }


def _square(written: dict, square: dict) -> tuple:
    """Return a square's colour, name and points as the picture shows them: an empty square has neither, a tree both."""
    if square["card"]:
        return colour_of(square["card"]), str(CARD_NAMES[square["card"]]), number(written, square["points"])
    if square["reason"] == "tree":
        return "empty", gettext("Tree"), number(written, square["points"])
    return "empty", "", ""


def draw(words: dict) -> Picture:
    """Draw the picture of a result from its words."""
    canvas = _Canvas()
    canvas.line(words["town"], (MARGIN, 40, MARGIN + 4 * CELL + 3 * GAP, GRID_TOP - 12), range(30, 17, -2), bold=True)
    for index, (colour, card, points) in enumerate(words["squares"]):
        box = cell_box(index)
        canvas.draw.rectangle(box, fill=COLOURS[colour])
        if card:
            fill = "ink" if colour in DARK_TEXT else "card"
            canvas.lines(card, (box[0] + 6, box[1] + 8, box[2] - 6, box[3] - 34), range(19, 10, -1),
                         fill=fill, count=3, centre=True)
            canvas.line(points, (box[0] + 6, box[3] - 32, box[2] - 8, box[3] - 6), range(22, 13, -1), bold=True,
                        fill=fill, align="right")
    right = WIDTH - MARGIN
    headline_box, headline_sizes = (PANEL_LEFT, 40, right, 148), range(42, 21, -2)
    # Long names sharing first place: the ranking below names them all, the headline counts them.
    whole = canvas.wrap_whole(words["headline"], headline_box, headline_sizes, True, 2)
    canvas.lines(words["headline"] if whole else words["short_headline"], headline_box, headline_sizes, bold=True)
    canvas.line(words["mode"], (PANEL_LEFT, 152, right, 190), range(24, 13, -1), fill="muted")
    rows = words["ranking"]
    row_height = min(60, 336 // len(rows))
    for n, (place, name, total, place_number) in enumerate(rows):
        top = 204 + n * row_height
        if place_number == 1:
            canvas.draw.rectangle((PANEL_LEFT - 8, top + 2, right + 8, top + row_height - 2), fill=COLOURS["card"],
                                  outline=COLOURS["line"])
        bottom = top + row_height
        sizes = range(min(30, row_height // 2), 15, -1)
        canvas.line(place, (PANEL_LEFT, top, PANEL_LEFT + 40, bottom), sizes, bold=True, fill="accent")
        canvas.line(name, (PANEL_LEFT + 52, top, right - 110, bottom), sizes, bold=place_number == 1)
        canvas.line(total, (right - 100, top, right, bottom), sizes, bold=True, align="right")
    canvas.line("Marquoir", (PANEL_LEFT, HEIGHT - 80, right, HEIGHT - 36), range(34, 33, -1), bold=True,
                fill="accent", align="right")
    out = io.BytesIO()
    canvas.image.save(out, format="PNG", compress_level=1)
    return Picture(out.getvalue(), canvas.texts)


def picture_of(code: str) -> Picture:
    """Draw the picture of a game code in the current language (a damaged code stops with a 400)."""
    game = game_from_code(code)
    return draw(words_of(game, score_valid_game(game)))


@functools.lru_cache(maxsize=128)
def rendered(lang: str, code: str) -> tuple:
    """Return the PNG of a result and its ETag; a pure function of (language, code, version), so kept.

    Called from a request in that language (the address's prefix), whose words the picture takes.
    """
    png = picture_of(code).png
    return png, hashlib.sha256(png).hexdigest()[:32]
