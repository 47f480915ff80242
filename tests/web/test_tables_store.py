"""The table store: the same behaviour from SQLite and from Redis, expiry by an injected clock.

A change is a function of the record (the app's is webscore.flow.sync_merge's); here a compare-and-set of a
player's town over a version, which shows that no two changes of one table ever interleave.
"""

import threading

import pytest

from support.tables import Clock
from webscore.web.tables.redis_store import RedisStore
from webscore.web.tables.store import LIFETIME
from webscore.web.tables.store import Limited
from webscore.web.tables.store import SQLiteStore
from webscore.web.tables.store import Unavailable
from webscore.web.tables.store import find


class Conflict(Exception):
    def __init__(self, record):
        super().__init__("stale")
        self.record = record


class Finished(Exception):
    pass


def over_version(n: int, town: str, version: int, done: bool, now: float):
    """Return a change that puts player n's town in over `version`, answering "saved", "conflict" or "finished"."""
    def change(record):
        if all(record["done"]):
            return record, "finished"
        if record["versions"][n] != version:
            return record, "conflict"
        changed = dict(record, towns=list(record["towns"]), versions=list(record["versions"]), done=list(record["done"]))
        changed["towns"][n], changed["versions"][n], changed["done"][n] = town, version + 1, done
        changed.update(changed=now, revision=record["revision"] + 1)
        return changed, "saved"
    return change


def save(store, table, n, town, version, done, limit=None):
    """Return the record after putting a town in over a version, None for no table; raise Conflict or Finished."""
    changed = store.change(table, over_version(n, town, version, done, store.clock()), [limit] if limit else ())
    if changed is None:
        return None
    record, answer = changed
    if answer == "conflict":
        raise Conflict(record)
    if answer == "finished":
        raise Finished()
    return record


@pytest.fixture(params=("sqlite", "redis"))
def make_store(request, tmp_path):
    """Return a function that opens the store anew (as a restarted app would), with a shared clock."""
    clock = Clock()
    if request.param == "sqlite":
        path = tmp_path / "tables.sqlite3"

        def opened():
            return SQLiteStore(path, clock)
    else:
        server = request.getfixturevalue("redis_server")
        RedisStore(server.url).redis.flushdb()

        def opened():
            return RedisStore(server.url, clock)
    opened.clock = clock
    return opened


def test_a_new_table_has_every_town_empty_and_an_unguessable_id(make_store):
    store = make_store()
    first = store.create("SETUP", 3)
    second = store.create("SETUP", 3)
    assert first != second
    assert len(first) >= 22  # 16 random bytes in base64url: 128 bits
    assert store.get(first) == {"setup": "SETUP", "towns": [None] * 3, "versions": [0] * 3, "done": [False] * 3,
                                "created": 1_800_000_000.0, "changed": 1_800_000_000.0, "revision": 0}


def test_a_save_names_the_version_it_changes(make_store):
    store = make_store()
    table = store.create("SETUP", 2)
    saved = save(store, table, 1, "TOWN-B", 0, False)
    assert (saved["towns"], saved["versions"], saved["done"], saved["revision"]) == ([None, "TOWN-B"], [0, 1], [False, False], 1)
    with pytest.raises(Conflict) as stale:
        save(store, table, 1, "OTHER", 0, False)
    assert stale.value.record["towns"][1] == "TOWN-B"
    assert store.get(table)["towns"][1] == "TOWN-B"
    assert save(store, table, 1, "TOWN-B2", 1, True)["versions"] == [0, 2]


def test_no_save_once_every_town_is_handed_in(make_store):
    store = make_store()
    table = store.create("SETUP", 2)
    save(store, table, 0, "A", 0, True)
    save(store, table, 1, "B", 0, True)
    with pytest.raises(Finished):
        save(store, table, 0, "A2", 1, False)


def test_an_unknown_table_is_none(make_store):
    store = make_store()
    assert store.get("nothing-here-nothing-here") is None
    assert save(store, "nothing-here-nothing-here", 0, "A", 0, False) is None


def test_find_reads_only_an_id_as_long_as_an_id_may_be(make_store):
    # 22 characters (16 bytes in base64url) to 63: an address naming anything shorter or longer is not a table, and no
    # store is asked for it.
    store = make_store()
    table = store.create("SETUP", 2)
    asked = []
    reading = type("Reading", (), {"get": lambda self, table_id: asked.append(table_id) or store.get(table_id)})()
    assert find(reading, table)["setup"] == "SETUP"
    assert find(reading, "x" * 22) is None
    assert find(reading, "x" * 63) is None
    assert find(reading, "x" * 21) is None
    assert find(reading, "x" * 64) is None
    assert asked == [table, "x" * 22, "x" * 63]


def test_a_table_expires_48_hours_after_its_last_change(make_store):
    store = make_store()
    table = store.create("SETUP", 1)
    make_store.clock.now += LIFETIME - 10
    save(store, table, 0, "A", 0, False)
    make_store.clock.now += LIFETIME - 10
    assert store.get(table)["towns"] == ["A"]
    make_store.clock.now += 11
    assert store.get(table) is None
    assert save(store, table, 0, "B", 1, False) is None


def test_a_restarted_app_loses_nothing(make_store):
    store = make_store()
    table = store.create("SETUP", 2)
    save(store, table, 0, "A", 0, True)
    assert make_store().get(table)["towns"] == ["A", None]
    assert save(make_store(), table, 1, "B", 0, False)["revision"] == 2


def test_of_two_saves_over_one_version_exactly_one_wins(make_store):
    table = make_store().create("SETUP", 1)
    outcomes = []

    def put(town):
        try:
            save(make_store(), table, 0, town, 0, False)
            outcomes.append("saved")
        except Conflict:
            outcomes.append("conflict")

    threads = [threading.Thread(target=put, args=("T{}".format(i),)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["conflict"] * 7 + ["saved"]
    assert make_store().get(table)["versions"] == [1]


def test_saves_of_different_towns_at_once_are_all_kept(make_store):
    table = make_store().create("SETUP", 6)
    threads = [threading.Thread(target=lambda n=n: save(make_store(), table, n, "T{}".format(n), 0, False))
               for n in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    record = make_store().get(table)
    assert record["towns"] == ["T{}".format(n) for n in range(6)]
    assert (record["versions"], record["revision"]) == ([1] * 6, 6)


def test_hits_are_counted_per_key_and_window(make_store):
    store = make_store()
    assert [store.hit("create:1.2.3.4", 3600) for _ in range(3)] == [1, 2, 3]
    assert store.hit("create:5.6.7.8", 3600) == 1
    make_store.clock.now += 3600
    assert store.hit("create:1.2.3.4", 3600) == 1


def test_a_save_past_its_limit_is_counted_and_refused(make_store):
    store = make_store()
    table = store.create("SETUP", 2)
    limit = ("save:1.2.3.4", 60, 2)
    save(store, table, 0, "A", 0, False, limit)
    save(store, table, 1, "B", 0, False, limit)
    with pytest.raises(Limited):
        save(store, table, 0, "C", 1, False, limit)
    assert store.get(table)["towns"] == ["A", "B"]
    assert store.hit("save:1.2.3.4", 60) == 4
    assert store.hit("save:5.6.7.8", 60) == 1


# Redis's save script writes the record back: through cjson, whose numbers have 14 significant digits, a time's
# microseconds would be lost, and a time on a whole second would come back as an int.
@pytest.mark.parametrize("now", [1_800_000_000.0, 1_764_495_012.123456])
def test_a_saved_record_keeps_its_times_as_python_wrote_them(make_store, now):
    make_store.clock.now = now
    store = make_store()
    table = store.create("SETUP", 2)
    # The first save reads the record create() wrote, the second one the first save wrote.
    for n in range(2):
        make_store.clock.now += 1
        expected = {"setup": "SETUP", "towns": ["A", "B"][:n + 1] + [None] * (1 - n), "versions": [1, n],
                    "done": [False, False], "created": now, "changed": now + n + 1, "revision": n + 1}
        for record in (save(store, table, n, "AB"[n], 0, False), store.get(table)):
            assert record == expected
            assert (type(record["created"]), type(record["changed"])) == (float, float)


# A refused save (a stale version, a table gone or finished) counts in SQLite as in Redis: were the count taken
# back, a phone could send refused saves past the limit, without end.
def test_a_refused_save_is_counted_against_the_limit_too(make_store):
    store = make_store()
    table = store.create("SETUP", 2)
    limit = ("save:1.2.3.4", 60, 5)
    save(store, table, 0, "A", 0, True, limit)
    with pytest.raises(Conflict):
        save(store, table, 0, "A2", 0, False, limit)
    assert save(store, "nothing-here-nothing-here", 0, "A", 0, False, limit) is None
    save(store, table, 1, "B", 0, True, limit)
    with pytest.raises(Finished):
        save(store, table, 1, "B2", 1, False, limit)
    with pytest.raises(Limited):
        save(store, table, 1, "B2", 1, False, limit)
    assert store.hit("save:1.2.3.4", 60) == 7


def written_meanwhile(store, table: str, n: int, times: int, clock: list, step: float):
    """Return a change that writes the table behind the store's back (as another instance would, between its read and
    its write) the first `times` times it runs, each run `step` seconds after the last; then puts in player n's town."""
    runs = []

    def change(record):
        runs.append(1)
        clock[0] += step
        if len(runs) <= times:
            store.redis.set(store.PREFIX + table, store.redis.get(store.PREFIX + table))
        return over_version(n, "town", 0, False, store.clock())(record)
    return change, runs


def test_redis_tries_a_change_again_as_long_as_sqlite_waits_for_its_lock(redis_server):
    # An attacker's try (issue 50): one client with the table's link saved its towns at their limits (about 40 changes
    # a second), and 12 % of another phone's saves, written back under watch, found the table changed 20 times over
    # and were answered 503 within a few hundred milliseconds. A change is now tried again for as long as SQLite waits
    # for its lock (store.SQLITE_BUSY_SECONDS, REDIS_SECONDS), however many times.
    import redis

    redis.Redis.from_url(redis_server.url).flushdb()
    clock = [1000.0]
    store = RedisStore(redis_server.url, Clock(), seconds=2, monotonic=lambda: clock[0])
    table = store.create("setup", 2)
    change, runs = written_meanwhile(store, table, 0, 30, clock, 0.0625)
    record, answer = store.change(table, change)
    assert (answer, record["versions"], len(runs)) == ("saved", [1, 0], 31)
    # Past those seconds, the phone is told to try again (503): no request is held longer.
    change, runs = written_meanwhile(store, table, 1, 1000, clock, 0.0625)
    with pytest.raises(Unavailable, match="kept changing"):
        store.change(table, change)
    assert len(runs) == 32
