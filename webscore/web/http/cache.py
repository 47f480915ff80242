"""Values made once and kept, per app and worker: one bounded store per kind, in app.extensions["marquoir.cache"].

Whole pages, result frames, the pieces they are drawn from, addresses, translated words, the browser's
words, static files, table states and setups: each is cheap to keep
and costly to make at every request. Their keys may be chosen by clients (hosts, codes, counts), hence
the bound; past it the oldest made goes first. Kept per app, so two apps in one process (the tests, two
configurations) never see each other's values.
"""

from flask import current_app

KEY = "marquoir.cache"
# Each kind's bound per worker; an app's PAGE_CACHE_SIZE sets its pages'.
LIMITS = {
    # Pages sent whole (page_cache.py) and the frames of result pages (results/frames.py): per address root,
    # 44 layouts of Master Builder, Town Hall and Solo with their variants × 3 languages = 132 frames.
    "pages": 512, "frames": 1024,
    # A result page's pieces per language and address of the rules (results/pieces.py), and what url_for
    # made per address root (addresses.py).
    "pieces": 64, "addresses": 1024,
    # Words: a template's messages per locale (i18n), a page's translating callables per locale, choices of
    # the setup form per language, the browser's words per language (as sent and as read).
    "template_words": 8192, "page_words": 16, "choices": 64, "browser_words": 16, "browser_words_read": 16,
    # The app's version of its files (by their times and sizes), and each static file with its encodings.
    "version": 4, "files": 4096,
    # The core compiled for the browser (offline/bundle.py), per version of the files.
    "bundles": 4,
    # A table's state per revision, language and root (the five phones of a table ask within seconds for the
    # same one), and every table's setup, which never changes.
    "table_states": 2000, "table_setups": 2000,
}


class Store:
    """At most limit values, the oldest made dropped first."""

    __slots__ = ("limit", "values")

    def __init__(self, limit: int):
        self.limit = limit
        self.values = {}

    def get(self, key, make, *args):
        """Return the value kept under key, made by make(*args) the first time.

        The arguments are handed over rather than bound in a function made for the call: most calls find the value
        kept, and would have made that function for nothing.
        """
        # One lookup, and what was made is what is returned: under a threaded server another thread may drop
        # a value between a lookup and a read.
        value = self.values.get(key)
        if value is None:
            value = make(*args)
            self.values[key] = value
            while len(self.values) > self.limit:
                try:
                    del self.values[next(iter(self.values))]
                except (KeyError, RuntimeError):
                    # Another thread dropped it first, or changed the store while its oldest was looked up
                    # ("dictionary changed size during iteration"): look again.
                    continue
        return value

    def peek(self, key):
        """Return the value kept under key, or None."""
        return self.values.get(key)

    def __len__(self) -> int:
        return len(self.values)


class Cache:
    """An app's stores, by kind."""

    def __init__(self, limits: dict):
        self.stores = {kind: Store(limit) for kind, limit in limits.items()}

    def __getitem__(self, kind: str) -> Store:
        return self.stores[kind]


def cache(app=None) -> Cache:
    """Return an app's stores (the current app's by default)."""
    return (app or current_app).extensions[KEY]


def kept(kind: str, key, make):
    """Return the current app's value of a kind under key, made by make() the first time."""
    return current_app.extensions[KEY].stores[kind].get(key, make)


def init_app(app) -> None:
    """Give the app its stores, its pages bounded by PAGE_CACHE_SIZE."""
    app.extensions[KEY] = Cache(dict(LIMITS, pages=app.config.get("PAGE_CACHE_SIZE", LIMITS["pages"])))
