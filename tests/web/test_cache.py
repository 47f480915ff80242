"""The app's one cache (webscore.web.http.cache): bounded stores, the oldest made out first, one set per app."""

import pathlib
import re

from webscore.web.http.cache import LIMITS
from webscore.web.http.cache import Store
from webscore.web.http.cache import cache

PACKAGE = pathlib.Path(__file__).resolve().parents[2] / "webscore"


def test_a_store_makes_each_value_once_and_drops_the_oldest_made_past_its_bound():
    store = Store(2)
    made = []

    def make(key):
        made.append(key)
        return key.upper()

    assert [store.get(key, lambda key=key: make(key)) for key in ("a", "b", "a", "c", "a")] == ["A", "B", "A", "C", "A"]
    # "a" was made first, so it went first when "c" came; asked again, it was made again and "b" went.
    assert made == ["a", "b", "c", "a"]
    assert list(store.values) == ["c", "a"]
    assert (store.peek("b"), len(store)) == (None, 2)


def test_two_apps_keep_apart_what_they_draw(make_app):
    first, second = make_app(), make_app()
    assert first.test_client().get("/fr/rules").status_code == 200
    assert [key[:2] for key in cache(first)["pages"].values] == [("rules", "fr")]
    assert not cache(second)["pages"].values
    assert cache(first)["template_words"].values and not cache(second)["template_words"].values


def test_a_page_cache_size_bounds_the_pages_only(make_app):
    app = make_app(PAGE_CACHE_SIZE=7)
    assert cache(app)["pages"].limit == 7
    assert {kind: store.limit for kind, store in cache(app).stores.items() if kind != "pages"} == \
        {kind: limit for kind, limit in LIMITS.items() if kind != "pages"}


def test_every_kind_of_store_is_used_and_nothing_else_keeps_a_module_global_store():
    users = "\n".join(path.read_text() for path in PACKAGE.glob("web/**/*.py") if path.name != "cache.py")
    assert {kind for kind in LIMITS if '"{}"'.format(kind) not in users} == set()
    source = "\n".join(path.read_text() for path in PACKAGE.glob("**/*.py"))
    # But one: the core's choices as lanes (scoring/lanes.py), at most one entry a count and size of squares (17 x 17),
    # the same for every app and town, as town.CHOICES is; worked out when first needed, as the browser's core starts
    # in less time without it.
    assert re.findall(r"^_?[A-Z_]+ = (?:\{\}|dict\(\)|collections\.OrderedDict\(\))", source, re.M) == ["_LANES = {}"]
