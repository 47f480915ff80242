"""Values made once per worker and kept in a bounded dictionary that starts again when it is full.

Words translated for a language, numbers as a language writes them, addresses, table states: each is
cheap to keep and costly to make at every page, and their keys may be chosen by clients (hosts, counts),
hence the bound.
"""


def kept(store: dict, key, make, limit: int):
    """Return the value kept under key in store, made by make() the first time (store emptied past limit)."""
    # One lookup, and what was made is what is returned: under a threaded server another thread may empty
    # the store between a lookup and a read.
    value = store.get(key)
    if value is None:
        value = make()
        if len(store) > limit:
            store.clear()
        store[key] = value
    return value
