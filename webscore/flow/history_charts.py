"""The statistics page's drawings: horizontal bars and a line, written as SVG, and the table of figures that gives
each chart's numbers (or stands alone, as the buildings' does).

Three shapes (bars, colour bars, a line) need no library, weigh a few hundred bytes each and draw offline. Colours
come from the style sheet (currentColor and the card colours' classes), so the dark theme needs nothing here; nothing
moves. Apart from the page (history_pieces.py), which words the figures and chooses what each chart shows: these
take numbers and HTML already written, and know no words.
"""

from .text import attributes

WIDTH = 320
# A bar chart's row: its label above its bar.
ROW = 34
LINE_HEIGHT = 150
MARGIN = 34


def figures_table(caption: str, heads: list, rows: list) -> str:
    """Return a table of figures (cells already HTML; a row's first cell heads it)."""
    head = "".join('<th scope="col">{}</th>'.format(h) for h in heads)
    body = "".join("<tr><th scope=\"row\">{}</th>{}</tr>".format(
        row[0], "".join("<td>{}</td>".format(cell) for cell in row[1:])) for row in rows)
    # In a box of its own that scrolls sideways when the screen is narrower than the table (200 % zoom), the
    # page never: a region named by the caption, reachable by keyboard, as a scrolled area must be.
    return ('<div class="table-box" role="region" tabindex="0" aria-label="{label}"><table class="figures">'
            '<caption>{caption}</caption><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>').format(
        label=_plain(caption), caption=caption, head=head, body=body)


def _plain(html: str) -> str:
    """Return HTML of text and simple tags as an attribute's text: the tags left out, the escapes kept."""
    out = []
    inside = False
    for char in html:
        if char == "<":
            inside = True
        elif char == ">":
            inside = False
        elif not inside:
            out.append(char)
    return "".join(out)

def _svg(ident: str, height: int, body: str) -> str:
    return ('<svg class="chart-drawing" viewBox="0 0 {w} {h}" width="100%" role="img" aria-labelledby="{id}-title"'
            ' preserveAspectRatio="xMinYMin meet">{body}</svg>').format(w=WIDTH, h=height, id=ident, body=body)


def bars(ident: str, rows: list) -> str:
    """Return horizontal bars, [label, value, shown, class] per row, a label above its bar; negative bars go left."""
    low = min([0] + [row[1] for row in rows])
    high = max([1] + [row[1] for row in rows])
    span = WIDTH - 60
    zero = (0 - low) * span // (high - low)
    body = []
    for n, (label, value, shown, kind) in enumerate(rows):
        top = n * ROW
        length = abs(value) * span // (high - low)
        left = zero - length if value < 0 else zero
        end = left + length if value >= 0 else zero
        body.append('<text x="0" y="{y}" class="chart-label">{label}</text>'.format(y=top + 12, label=label))
        body.append('<rect {}/>'.format(attributes({"x": left, "y": top + 17, "width": max(length, 1), "height": 12,
                                                    "class": "bar " + kind})))
        body.append('<text x="{x}" y="{y}" class="chart-value">{shown}</text>'.format(
            x=end + 4, y=top + 28, shown=shown))
    return _svg(ident, len(rows) * ROW, "".join(body))


def line(ident: str, points: list, shown: list) -> str:
    """Return a line through the values in order (one per game), its lowest and highest written at the left."""
    low = min(points)
    high = max(points)
    span = max(high - low, 1)
    inner = LINE_HEIGHT - 20
    left = MARGIN + 6
    step = (WIDTH - left - 8) // max(len(points) - 1, 1)

    def y(value):
        return 10 + (high - value) * inner // span

    xy = ["{},{}".format(left + n * step, y(value)) for n, value in enumerate(points)]
    body = ['<line x1="{x}" y1="10" x2="{x}" y2="{b}" class="axis"/>'.format(x=MARGIN, b=10 + inner),
            '<text x="{x}" y="{y}" class="chart-value" text-anchor="end">{v}</text>'.format(
                x=MARGIN - 4, y=14, v=shown[points.index(high)]),
            '<text x="{x}" y="{y}" class="chart-value" text-anchor="end">{v}</text>'.format(
                x=MARGIN - 4, y=10 + inner, v=shown[points.index(low)]) if low < high else ""]
    if len(points) > 1:
        body.append('<polyline points="{}" class="trend"/>'.format(" ".join(xy)))
    body.extend('<circle cx="{}" cy="{}" r="3" class="dot"/>'.format(*p.split(",")) for p in xy)
    return _svg(ident, LINE_HEIGHT, "".join(body))
