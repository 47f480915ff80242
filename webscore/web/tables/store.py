"""Where tables live: SQLite by default (a file in the instance folder), Redis when REDIS_URL is set (redis_store.py).

Limits (tables opened, saves) are counted here too, by hit() and by change() itself: Flask-Limiter's
storages have no SQLite one, and an in-memory count would let each gunicorn worker count alone.

A table is one small record, kept as JSON under an unguessable id (webscore.shapes.TableRecord):
    {"setup": game code, "towns": [town code or None per player], "versions": [int], "done": [bool],
     "sync": [each player's town as webscore.flow.sync keeps it (shapes.SyncTown)], "created": seconds,
     "changed": seconds, "revision": int}
A town travels as the game code of the setup with only that player's town filled in; "sync" holds the
fields each phone changed and when, which merge() needs. "revision" grows at every change, so a phone
that follows the table asks "anything since revision r?" and gets a 304. Both stores offer the same
calls (protocol.TableStore, which tests/web/test_tables_store_protocol.py checks both against), change a
table in one transaction (no other worker writes in between) and expire a table 48 hours after its last
change. Each table's opener (its client address) is kept beside it, so that what one
address keeps at once is counted in the same write that opens a table.
"""

import functools
import json
import os
import secrets
import sqlite3
import threading
import time

from .protocol import TableStore

LIFETIME = 48 * 3600
# An id is 16 random bytes in URL-safe base64 (22 characters); longer ones are let through, up to this.
ID_LENGTH = range(22, 64)


def find(tables, table_id: str):
    """Return the record of a table in a store (TableStore), or None when it holds none of this id; an id too short or
    too long to be one is not looked up."""
    return tables.get(table_id) if len(table_id) in ID_LENGTH else None


class Limited(Exception):
    """A save past one of its limits: counted, and refused. kind names the limit (its key's first part)."""

    def __init__(self, kind: str = ""):
        super().__init__(kind)
        self.kind = kind


def limit_kind(key: str) -> str:
    """Return the kind of a limit's key ("save-phone:…" → "save-phone")."""
    return key.split(":", 1)[0]


def limit_key(key, record) -> str:
    """Return a limit's key for a table's record: a key counted on a write may be read from it (protocol.Limit)."""
    return key(record) if callable(key) else key


class Unavailable(Exception):
    """The store cannot be reached or written now (Redis down, the SQLite file locked too long)."""


def reached(method):
    """Turn a store's own failures (its `failures`) into Unavailable (a 503), the store's connection dropped.

    The next request opens it anew (forget()) rather than meeting the same refusal until the workers restart. A
    store that knows it does not answer now (answering()) refuses at once, holding no thread to wait for it.
    """
    @functools.wraps(method)
    def call(self, *args, **kwargs):
        self.answering()
        try:
            return method(self, *args, **kwargs)
        except self.failures as error:
            self.forget(error)
            raise Unavailable(str(error)) from error
    return call


def new_record(setup: str, count: int, now: float) -> dict:
    """Return the record of a table just opened for a setup of count players."""
    return {"setup": setup, "towns": [None] * count, "versions": [0] * count, "done": [False] * count,
            "created": now, "changed": now, "revision": 0}


# How long a change waits for SQLite's write lock before the phone is told to try again (503): a lock
# held elsewhere (a backup, another program) holds one request this long, never a worker for good.
SQLITE_BUSY_SECONDS = 2


class SQLiteStore:
    """Tables in one SQLite file (WAL mode, so readers never wait for a writer)."""

    # Locked, corrupt, not a database, or a path that cannot hold one: out of reach, for the phones a 503.
    failures = (sqlite3.DatabaseError, OSError)

    def __init__(self, path: str, clock=time.time):
        self.path = str(path)
        self.clock = clock
        self.local = threading.local()
        reached(SQLiteStore._db)(self)

    def _file(self):
        """Return what names the database file now (device, inode), or None when there is none."""
        try:
            found = os.stat(self.path)
        except FileNotFoundError:
            return None
        return found.st_dev, found.st_ino

    def _db(self) -> sqlite3.Connection:
        # One connection per thread: gunicorn's workers have one each, the development server several. A file
        # deleted or replaced under a running worker is opened anew (made anew if gone), as a new worker would,
        # rather than written to where no one will ever read it.
        db = getattr(self.local, "db", None)
        if db is not None and self.local.file != self._file():
            db.close()
            db = None
        if db is None:
            db = sqlite3.connect(self.path, timeout=SQLITE_BUSY_SECONDS, isolation_level=None)
            try:
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA synchronous=NORMAL")
                db.execute("CREATE TABLE IF NOT EXISTS tables (id TEXT PRIMARY KEY, record TEXT NOT NULL, "
                           "changed REAL NOT NULL, owner TEXT)")
                # A file made before tables had openers gets the column; its tables count for no one.
                if "owner" not in {row[1] for row in db.execute("PRAGMA table_info(tables)")}:
                    db.execute("ALTER TABLE tables ADD COLUMN owner TEXT")
                db.execute("CREATE INDEX IF NOT EXISTS tables_owner ON tables (owner, changed)")
                # Each count says until when it counts, so that old ones go (the table before this had none).
                db.execute("DROP TABLE IF EXISTS hits")
                db.execute("CREATE TABLE IF NOT EXISTS counts (key TEXT PRIMARY KEY, window INTEGER NOT NULL, "
                           "count INTEGER NOT NULL, until REAL NOT NULL)")
                db.execute("CREATE INDEX IF NOT EXISTS counts_until ON counts (until)")
            except BaseException:
                db.close()
                raise
            self.local.db = db
            self.local.file = self._file()
        return db

    def answering(self) -> None:
        """Refuse nothing at once: a file answers or fails at each call (its lock waits SQLITE_BUSY_SECONDS)."""

    def forget(self, error=None) -> None:
        """Close this thread's connection, so that the next call opens the file again."""
        # SQLite opens a file it may not write read-only, and that connection refuses every write for as long as
        # it lives: a file unwritable for a moment would refuse this thread's saves until the worker restarts.
        db = getattr(self.local, "db", None)
        self.local.db = None
        if db is not None:
            db.close()

    @reached
    def create(self, setup: str, count: int, kept=None) -> str:
        """Open a table for a setup; return its id.

        kept, (owner, most), names who opens it and raises Limited when that owner keeps `most` tables already.
        """
        now = self.clock()
        table_id = secrets.token_urlsafe(16)
        owner, most = kept or (None, None)
        db = self._db()
        db.execute("DELETE FROM tables WHERE changed < ?", (now - LIFETIME,))
        db.execute("DELETE FROM counts WHERE until < ?", (now,))
        # One statement, so the count and the table it lets in are one write: no other worker's table between them.
        if not db.execute("INSERT INTO tables (id, record, changed, owner) SELECT ?, ?, ?, ? WHERE ? IS NULL OR "
                          "(SELECT COUNT(*) FROM tables WHERE owner = ? AND changed >= ?) < ?",
                          (table_id, json.dumps(new_record(setup, count, now)), now, owner, most, owner,
                           now - LIFETIME, most)).rowcount:
            raise Limited()
        return table_id

    @reached
    def get(self, table_id: str):
        """Return a table's record, or None when there is none or it expired."""
        row = self._db().execute("SELECT record, changed FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is None or row[1] < self.clock() - LIFETIME:
            return None
        return json.loads(row[0])

    @reached
    def change(self, table_id: str, change, limits=()):
        """Change a table in one transaction; return (record, answer), or None for no such table.

        change(record) returns (the record to keep, an answer): the same record object when nothing
        changed, which is then not written. limits (protocol.Limit) are counted in the same transaction: one
        write rather than two waiting for the same lock. Those counted on every call first, as hit() counts, in
        order; then, the record read, those counted only by a change that writes the table are checked in order
        (a key may be read from the record). The first past its `most` raises Limited (its kind).
        """
        db = self._db()
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute("DELETE FROM counts WHERE until < ?", (self.clock(),))
            record = self.get(table_id)
            on_write = []
            for key, window, most, *written in limits:
                if written:
                    on_write.append((key, window, most))
                elif self._count(db, key, window) > most:
                    db.execute("COMMIT")
                    raise Limited(limit_kind(key))
            if record is None:
                # A call refused is counted all the same, as Redis counts it: the count is all it wrote.
                db.execute("COMMIT")
                return None
            on_write = [(limit_key(key, record), window, most) for key, window, most in on_write]
            for key, window, most in on_write:
                if self._counted(db, key, window) + 1 > most:
                    db.execute("COMMIT")
                    raise Limited(limit_kind(key))
            changed, answer = change(record)
            if changed is not record:
                db.execute("UPDATE tables SET record = ?, changed = ? WHERE id = ?",
                           (json.dumps(changed), changed["changed"], table_id))
                for key, window, _ in on_write:
                    self._count(db, key, window)
            db.execute("COMMIT")
            return changed, answer
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise

    @reached
    def hit(self, key: str, window: int) -> int:
        """Count one request under key in the current window of `window` seconds; return the count."""
        return self._count(self._db(), key, window)

    def _count(self, db, key: str, window: int) -> int:
        slot = int(self.clock() // window)
        # One statement, so one short write: a new window starts the count again.
        return db.execute(
            "INSERT INTO counts (key, window, count, until) VALUES (?, ?, 1, ?) ON CONFLICT(key) DO UPDATE SET "
            "count = CASE WHEN window = excluded.window THEN count + 1 ELSE 1 END, window = excluded.window, "
            "until = excluded.until RETURNING count", (key, slot, (slot + 1) * window)).fetchall()[0][0]

    def _counted(self, db, key: str, window: int) -> int:
        """Return the count of key in the current window, without counting."""
        row = db.execute("SELECT count FROM counts WHERE key = ? AND window = ?",
                         (key, int(self.clock() // window))).fetchone()
        return row[0] if row else 0

    def counted_keys(self) -> int:
        """Return how many counts are kept (each goes once its window is over)."""
        return self._db().execute("SELECT COUNT(*) FROM counts").fetchone()[0]


def open_store(app) -> TableStore:
    """Return the app's table store, made on first use from REDIS_URL or the instance folder."""
    store = app.extensions.get("marquoir-tables")
    if store is None:
        clock = app.config.get("TABLES_CLOCK") or time.time
        # REDIS_URL is the variable hosting platforms set; a test's own config never reads the environment.
        url = app.config.get("REDIS_URL") or (None if app.testing else os.environ.get("REDIS_URL"))
        if url:
            from .redis_store import RedisStore

            store = RedisStore(url, clock)
        else:
            path = app.config.get("TABLES_DATABASE") or os.path.join(app.instance_path, "tables.sqlite3")
            try:
                os.makedirs(os.path.dirname(path), exist_ok=True)
            except OSError as error:
                raise Unavailable(str(error)) from error
            # A store that cannot be opened now (Unavailable) is not kept: the next request tries again.
            store = SQLiteStore(path, clock)
        app.extensions["marquoir-tables"] = store
    return store
