"""A table store that fails in any way is a 503 in the reader's language, with our headers, never a 500.

SQLite that cannot be opened (a folder where the file should be, a path under a file, a file that is
no database), locked past its busy timeout, or deleted under a running app; Redis refusing writes (out of
memory, a read-only replica during a failover). The follow shortcut before Flask answers as the views do.
Once the store is back (SQLite writable again, Redis restarted or failed over), the next save is taken.
"""

import json
import os
import pathlib
import re
import signal
import sqlite3
import time

import pytest
import redis

from support import examples
from support.tables import UNAVAILABLE
from support.tables import Forwarder
from support.tables import RedisServer
from support.tables import empty_setup
from support.tables import town_op
from webscore.scoring import encode
from webscore.web.http.security import HEADERS
from webscore.web.tables.redis_store import REDIS_SECONDS
from webscore.web.tables.store import SQLiteStore

GAME = examples.load("four-players")
SETUP = encode(empty_setup(GAME))
JSON_CALL = {"X-Requested-With": "marquoir"}
MESSAGES = UNAVAILABLE
TABLE = "A" * 22


def token(html: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def open_table(phone) -> str:
    page = phone.get("/en/t/new?code=" + SETUP)
    answer = phone.post("/en/t/new", data={"code": SETUP, "csrf_token": token(page.text)})
    assert answer.status_code == 303
    return answer.location.rsplit("/", 1)[1]


def assert_out_of_reach(phone, lang: str, table: str) -> None:
    """Every table address of a language answers 503 with the message and the security headers."""
    for answer in (phone.get("/{}/t/{}/state".format(lang, table)), phone.get("/{}/t/{}/1/town".format(lang, table)),
                   phone.post("/{}/t/{}/1".format(lang, table), json={"client": "phone-one-a", "op": town_op(GAME, 0)},
                              headers=JSON_CALL)):
        assert (answer.status_code, answer.json) == (503, {"message": MESSAGES[lang]})
        assert answer.headers["Content-Security-Policy"] == HEADERS["Content-Security-Policy"]
    for address in ("/{}/t/{}", "/{}/t/{}/qr.svg"):
        page = phone.get(address.format(lang, table))
        assert page.status_code == 503
        assert MESSAGES[lang] in page.text.replace("&#39;", "’")


def broken_path(kind: str, tmp_path) -> str:
    if kind == "a folder":
        (tmp_path / "tables.sqlite3").mkdir()
        return str(tmp_path / "tables.sqlite3")
    if kind == "under a file":
        (tmp_path / "plain").write_text("not a folder")
        return str(tmp_path / "plain" / "tables.sqlite3")
    (tmp_path / "tables.sqlite3").write_bytes(b"this is no database, only text long enough to be read " * 40)
    return str(tmp_path / "tables.sqlite3")


@pytest.mark.parametrize("lang", ["en", "hu"])
@pytest.mark.parametrize("kind", ["a folder", "under a file", "a file that is no database"])
def test_a_database_that_cannot_be_opened_is_a_503(make_app, tmp_path, kind, lang):
    phone = make_app(TABLES_DATABASE=broken_path(kind, tmp_path)).test_client()
    assert_out_of_reach(phone, lang, TABLE)
    page = phone.get("/{}/t/new?code={}".format(lang, SETUP))
    opened = phone.post("/{}/t/new".format(lang), data={"code": SETUP, "csrf_token": token(page.text)})
    assert opened.status_code == 503
    assert MESSAGES[lang] in opened.text.replace("&#39;", "’")
    # Pages that need no table go on.
    assert phone.get("/{}/rules".format(lang)).status_code == 200


def test_a_database_that_comes_back_is_used_again(make_app, tmp_path):
    path = broken_path("a folder", tmp_path)
    phone = make_app(TABLES_DATABASE=path).test_client()
    assert phone.get("/en/t/{}/state".format(TABLE)).status_code == 503
    os.rmdir(path)
    assert phone.get("/en/t/{}/state".format(TABLE)).status_code == 404
    table = open_table(phone)
    assert phone.get("/en/t/{}/state".format(table)).status_code == 200


@pytest.mark.slow
def test_a_lock_held_elsewhere_holds_a_save_two_seconds_then_a_503(make_app, tmp_path):
    path = str(tmp_path / "tables.sqlite3")
    phone = make_app(TABLES_DATABASE=path).test_client()
    table = open_table(phone)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        started = time.monotonic()
        saved = phone.post("/fr/t/{}/1".format(table), json={"client": "phone-one-a", "op": town_op(GAME, 0)},
                           headers=JSON_CALL)
        waited = time.monotonic() - started
        assert (saved.status_code, saved.json) == (503, {"message": MESSAGES["fr"]})
        assert waited < 10
        assert phone.get("/fr/rules").status_code == 200
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert phone.post("/fr/t/{}/1".format(table), json={"client": "phone-one-a", "op": town_op(GAME, 0)},
                      headers=JSON_CALL).status_code == 200


def test_a_database_deleted_under_running_workers_is_made_anew_and_shared(tmp_path):
    path = str(tmp_path / "tables.sqlite3")
    first, second = SQLiteStore(path), SQLiteStore(path)
    gone = first.create("SETUP", 2)
    assert second.get(gone) is not None
    os.remove(path)
    # Each worker opens the file as it now is: nothing is written to the deleted one, and both see the same.
    assert first.get(gone) is None
    table = second.create("SETUP", 2)
    assert os.path.exists(path)
    assert first.get(table) == second.get(table)


@pytest.fixture
def refusing_redis():
    server = RedisServer()
    yield server
    server.stop()


@pytest.mark.parametrize("refusal", ["out of memory", "read-only replica"])
def test_redis_refusing_writes_is_a_503(make_app, refusing_redis, refusal):
    app = make_app(REDIS_URL=refusing_redis.url)
    phone = app.test_client()
    table = open_table(phone)
    admin = redis.Redis.from_url(refusing_redis.url)
    if refusal == "out of memory":
        admin.config_set("maxmemory-policy", "noeviction")
        admin.config_set("maxmemory", 1)
    else:
        # A replica of a primary that is not there: it keeps its data and refuses every write.
        admin.replicaof("127.0.0.1", 1)
    saved = phone.post("/hu/t/{}/1".format(table), json={"client": "phone-one-a", "op": town_op(GAME, 0)},
                       headers=JSON_CALL)
    assert (saved.status_code, saved.json) == (503, {"message": MESSAGES["hu"]})
    page = phone.get("/hu/t/new?code=" + SETUP)
    opened = phone.post("/hu/t/new", data={"code": SETUP, "csrf_token": token(page.text)})
    assert opened.status_code == 503
    # Reading still works: the table's state is answered.
    assert phone.get("/hu/t/{}/state".format(table)).status_code == 200


@pytest.mark.slow
def test_a_redis_that_stops_answering_holds_a_save_or_a_follow_redis_seconds_then_a_503(make_app, refusing_redis):
    """Issue 50: a Redis that answers nothing (stopped, or cut off by the network during a failover) held each table
    request 5 s (redis-py's default timeout), a follow 10 s (the shortcut before Flask, then its view, each waiting),
    so that a few hundred phones following held every thread of every worker, and the pages with them."""
    phone = make_app(REDIS_URL=refusing_redis.url).test_client()
    table = open_table(phone)
    os.kill(refusing_redis.process.pid, signal.SIGSTOP)
    try:
        for send in (lambda: phone.post("/fr/t/{}/1".format(table), json={"client": "phone-one-a", "op": town_op(GAME, 0)},
                                        headers=JSON_CALL),
                     lambda: phone.get("/fr/t/{}/state".format(table))):
            started = time.monotonic()
            answer = send()
            waited = time.monotonic() - started
            assert (answer.status_code, answer.json) == (503, {"message": MESSAGES["fr"]})
            assert waited < REDIS_SECONDS + 1
    finally:
        os.kill(refusing_redis.process.pid, signal.SIGCONT)
    # For REDIS_SECONDS after a call Redis left unanswered, this worker refuses at once, asking Redis nothing
    # (RedisStore.answering; the window's end is tested with a clock of the test's in test_tables_unavailable.py).
    started = time.monotonic()
    refused = phone.post("/fr/t/{}/1".format(table), json={"client": "phone-one-a", "op": town_op(GAME, 0)},
                         headers=JSON_CALL)
    assert (refused.status_code, time.monotonic() - started < REDIS_SECONDS) == (503, True)
    # Another worker, which met no silence, saves at once: Redis answers again, and kept the table.
    other = make_app(REDIS_URL=refusing_redis.url).test_client()
    assert other.post("/fr/t/{}/1".format(table), json={"client": "phone-one-a", "op": town_op(GAME, 0)},
                      headers=JSON_CALL).status_code == 200


def test_a_database_read_only_for_a_moment_takes_saves_again_once_writable(make_app, tmp_path, monkeypatch):
    """A worker that opened the file while it could not write it (chmod 444) saves again once it can (chmod 644).

    SQLite opens a file it may not write read-only, without a word, and that connection refuses every write
    ("attempt to write a readonly database") for as long as it lives. The tests run as root, whom chmod does
    not stop, so the spell is made at the sqlite3 level: while it lasts, the store's file is opened as SQLite
    opens it then, read-only (mode=ro). Run as an unprivileged user, chmod 444 and 644 on the file give the same
    answers.
    """
    path = tmp_path / "tables.sqlite3"
    table = SQLiteStore(path).create(SETUP, len(GAME["players"]))
    phone = make_app(TABLES_DATABASE=str(path)).test_client()
    connect = sqlite3.connect
    monkeypatch.setattr(sqlite3, "connect", lambda name, **kwargs: connect(
        pathlib.Path(name).as_uri() + "?mode=ro", uri=True, **kwargs))
    assert phone.get("/en/t/{}/state".format(table)).status_code == 200
    refused = phone.post("/en/t/{}/1".format(table), json={"client": "phone-one-a", "op": town_op(GAME, 0)},
                         headers=JSON_CALL)
    assert (refused.status_code, refused.json) == (503, {"message": MESSAGES["en"]})
    monkeypatch.setattr(sqlite3, "connect", connect)
    saved = phone.post("/en/t/{}/1".format(table), json={"client": "phone-one-a", "op": town_op(GAME, 0)},
                       headers=JSON_CALL)
    assert saved.status_code == 200
    assert SQLiteStore(path).get(table)["sync"][0]


def test_redis_back_after_a_restart_or_a_failover_takes_saves_again(make_app, refusing_redis):
    """Each worker keeps its connections to Redis: after one refused (a replica) or broke (a restart), saves go on."""
    phone = make_app(REDIS_URL=refusing_redis.url).test_client()
    table = open_table(phone)
    admin = redis.Redis.from_url(refusing_redis.url)
    admin.replicaof("127.0.0.1", 1)
    saved = phone.post("/en/t/{}/1".format(table), json={"client": "phone-one-a", "op": town_op(GAME, 0)},
                       headers=JSON_CALL)
    assert saved.status_code == 503
    admin.replicaof("NO", "ONE")
    saved = phone.post("/en/t/{}/1".format(table), json={"client": "phone-one-a", "op": town_op(GAME, 0)},
                       headers=JSON_CALL)
    assert saved.status_code == 200
    refusing_redis.stop()
    assert_out_of_reach(phone, "en", table)
    restarted = RedisServer(port=refusing_redis.port)
    try:
        # Without persistence the table went with the server; the next one opens and takes saves.
        assert phone.get("/en/t/{}/state".format(table)).status_code == 404
        table = open_table(phone)
        assert phone.post("/en/t/{}/1".format(table), json={"client": "phone-one-a", "op": town_op(GAME, 0)},
                          headers=JSON_CALL).status_code == 200
    finally:
        restarted.stop()


def test_redis_failed_over_behind_its_address_takes_saves_again(make_app, refusing_redis):
    """A managed Redis fails over behind one name: the old primary, now a replica, refuses writes on the connections
    made to it, and the name leads new connections to the new primary. The refusal drops the worker's connections."""
    promoted = RedisServer()
    address = Forwarder(refusing_redis.port)
    try:
        phone = make_app(REDIS_URL=address.url).test_client()
        table = open_table(phone)
        old, new = redis.Redis.from_url(refusing_redis.url), redis.Redis.from_url(promoted.url)
        for key in old.keys("marquoir:table:*"):
            new.set(key, old.get(key))
        old.replicaof("127.0.0.1", 1)
        address.point(promoted.port)
        caught = phone.post("/en/t/{}/1".format(table), json={"client": "phone-one-a", "op": town_op(GAME, 0)},
                            headers=JSON_CALL)
        assert caught.status_code == 503
        saved = phone.post("/en/t/{}/1".format(table), json={"client": "phone-one-a", "op": town_op(GAME, 0)},
                           headers=JSON_CALL)
        assert saved.status_code == 200
        assert json.loads(new.get("marquoir:table:" + table))["sync"][0]
    finally:
        address.close()
        promoted.stop()
