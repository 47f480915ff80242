"""A page drawn by its template once with stand-ins for what differs from game to game, then filled in.

Jinja was the largest share of drawing a result page for the first time: its blocks, calls and escaping
cost more than scoring the game. Most of what it draws is the same for every game of a language and
layout, so such a page is drawn once with a stand-in for each of its game's parts (each already HTML,
made and escaped), cut at the stand-ins, and kept: a page is then the kept text with the game's parts
put back. The game's code is cut out as well, wherever the template put it (its links,
the language links): a code is base64url text that nothing else on a page spells.

What decides a frame is its key; every other value the template reads must come in as a part. A test
draws pages both ways, game after game, and compares them.

A frame keeps its text as UTF-8, and the hash of its head (the page up to its first part: its style sheet, most
of its bytes): a page is filled as the bytes it is sent as, and only what follows its head is encoded and hashed
for its entity tag.
"""

import re

from markupsafe import Markup

from ..http.assets import entity_tag
from ..http.assets import hashed_head
from ..http.cache import kept

# Private-use characters: escaping leaves them as they are, and no page text holds them.
OPEN, CLOSE = "\ue000", "\ue001"
CUT = re.compile("{}([a-z_]+[0-9]*){}".format(OPEN, CLOSE))


def stand_ins(parts: dict) -> dict:
    """Return a stand-in for each part: a name for a single part, one numbered name per item of a list."""
    return {name: [Markup(OPEN + name + str(n) + CLOSE) for n in range(len(part))] if isinstance(part, list)
            else Markup(OPEN + name + CLOSE) for name, part in parts.items()}


class Filled:
    """A page filled in its frame: its bytes (UTF-8) and its entity tag, as page_cache.KeptPage keeps them."""

    __slots__ = ("body", "etag")

    def __init__(self, body: bytes, etag: str):
        self.body = body
        self.etag = etag


class Frame:
    """A page's text cut where its game's code and parts go, as UTF-8, and the hash of its head."""

    __slots__ = ("texts", "holes", "head")

    def __init__(self, page: str, code: str):
        parts = CUT.split(page.replace(code, OPEN + "code" + CLOSE))
        self.texts = [text.encode("utf-8") for text in parts[0::2]]
        self.holes = parts[1::2]
        self.head = hashed_head(self.texts[0])

    def fill(self, code: str, parts: dict) -> Filled:
        """Return the page with this code and these parts put in."""
        values = {"code": code}
        for name, part in parts.items():
            if isinstance(part, list):
                values.update((name + str(n), item) for n, item in enumerate(part))
            else:
                values[name] = part
        out = [self.texts[0]]
        for hole, text in zip(self.holes, self.texts[1:]):
            out.append(values[hole].encode("utf-8"))
            out.append(text)
        body = b"".join(out)
        return Filled(body, entity_tag(body, self.head))


def framed(key, code: str, parts: dict, draw) -> Filled:
    """Return the page of a game: draw(parts) filled in the frame of its key, drawn by draw(stand-ins) once.

    The code is base64url text, as every code that decodes is: url_for writes it as it is, so the frame
    finds it wherever the page names it.
    """
    frame = kept("frames", key, lambda: Frame(draw(stand_ins(parts)), code))
    return frame.fill(code, parts)
