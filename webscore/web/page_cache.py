"""Rendered pages kept whole, with their compressed bodies, for pages that are pure functions of their address.

A result page depends on its language, its game code and the app's version only, and the blank setup
form on its language and the version, so once drawn such a page is kept (least recently used first out,
a bounded number: PAGE_CACHE_SIZE per worker) with its brotli and gzip bodies and an ETag, and sent
again without drawing or compressing. Nothing per visitor is kept: the app stays stateless.
"""

import collections
import hashlib

from flask import Response
from flask import current_app

from .assets import encode_all
from .assets import encoded_response


class KeptPage:
    """One rendered page: its bodies by encoding and its entity tag."""

    __slots__ = ("bodies", "etag")

    def __init__(self, html: str):
        body = html.encode("utf-8")
        self.bodies = encode_all(body)
        self.etag = hashlib.sha256(body).hexdigest()[:20]


class PageCache:
    """At most `size` rendered pages, the least recently used dropped first."""

    def __init__(self, size: int):
        self.size = size
        self.pages = collections.OrderedDict()

    def page(self, key, render) -> KeptPage:
        """Return the kept page of a key, drawing it with render() the first time."""
        kept = self.pages.get(key)
        if kept is None:
            kept = KeptPage(render())
            self.pages[key] = kept
            if len(self.pages) > self.size:
                self.pages.popitem(last=False)
        else:
            self.pages.move_to_end(key)
        return kept


def pages() -> PageCache:
    """Return this app's kept pages, made on first use."""
    kept = current_app.extensions.get("marquoir.pages")
    if kept is None:
        kept = current_app.extensions["marquoir.pages"] = PageCache(current_app.config.get("PAGE_CACHE_SIZE", 512))
    return kept


def send(kept: KeptPage, cache_control: str) -> Response:
    """Answer with a kept page in the best encoding the client takes, or 304 when it has this version."""
    return encoded_response(kept.bodies, kept.etag, "text/html", cache_control)
