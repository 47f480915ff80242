"""Tables in Redis, shared by every app instance (store.py says what a table is and what a store offers)."""

import json
import secrets
import time

from .store import LIFETIME
from .store import Limited
from .store import Unavailable
from .store import limit_key
from .store import limit_kind
from .store import new_record
from .store import reached

# How long a call waits for Redis to connect or answer before the phone is told to try again (503), as long as a save
# waits for SQLite's lock (store.SQLITE_BUSY_SECONDS).
REDIS_SECONDS = 2
# Tries of a table's opening whose opener's tables another instance changed meanwhile, before the store says it is busy.
# A change of a table is tried again for `seconds` instead, however many times (RedisStore.change).
TRIES = 20


class RedisStore:
    """Tables in Redis, shared by every app instance; Redis itself drops a table 48 hours after its change."""

    PREFIX = "marquoir:table:"
    # Per opener, its tables scored by when each expires; a table's record holds its opener as "owner".
    KEPT = "marquoir:kept:"

    def __init__(self, url: str, clock=time.time, seconds=REDIS_SECONDS, monotonic=time.monotonic):
        import redis

        # Not redis-py's default of 5 s a call: a Redis that answers nothing would hold each request that long, and a
        # few hundred phones following would hold every thread, the pages' with them.
        self.redis = redis.Redis.from_url(url, socket_timeout=seconds, socket_connect_timeout=seconds)
        # Any refusal of Redis's (down, out of memory, a read-only replica during a failover): a 503.
        self.failures = (redis.RedisError,)
        self.WatchError = redis.WatchError
        self.TimeoutError = redis.TimeoutError
        self.clock = clock
        # After a call that Redis left unanswered for `seconds`, the calls of the next `seconds` are refused at once
        # (answering()): each would hold a thread as long, and a few hundred phones following a stalled Redis held
        # every thread of a worker, so its pages waited behind them.
        self.seconds = seconds
        self.monotonic = monotonic
        self.silent_until = None

    def answering(self) -> None:
        """Refuse at once (Unavailable) for `seconds` after Redis left a call unanswered."""
        if self.silent_until is not None and self.monotonic() < self.silent_until:
            raise Unavailable("Redis left a call unanswered a moment ago")

    def forget(self, error=None) -> None:
        """Close the worker's idle connections, so that the next call connects again; after a call Redis left
        unanswered, refuse the next ones at once for a while (answering())."""
        if isinstance(error, self.TimeoutError):
            self.silent_until = self.monotonic() + self.seconds
        # After a failover behind the same name, those made to the old primary (now a replica) are refused every
        # write, while a new one reaches the new primary. Busy ones are left to their own request.
        self.redis.connection_pool.disconnect(inuse_connections=False)

    @reached
    def create(self, setup: str, count: int, kept=None) -> str:
        """Open a table for a setup; return its id. As SQLiteStore.create: kept, (owner, most), bounds its owner's.

        The owner's tables are watched while they are counted, and the table is written with MULTI/EXEC, which
        Redis refuses if another instance wrote them meanwhile: then they are counted again.
        """
        table_id = secrets.token_urlsafe(16)
        now = self.clock()
        record = new_record(setup, count, now)
        owner, most = kept or (None, None)
        for _ in range(TRIES):
            with self.redis.pipeline() as pipe:
                try:
                    if owner is not None:
                        pipe.watch(self.KEPT + owner)
                        if pipe.zcount(self.KEPT + owner, now, "+inf") >= most:
                            raise Limited()
                    pipe.multi()
                    self._write(pipe, table_id, record, owner)
                    pipe.execute()
                    return table_id
                except self.WatchError:
                    continue
        raise Unavailable("the opener's tables kept changing under this table")

    def _write(self, pipe, table_id: str, record: dict, owner) -> None:
        """Queue the writing of a table and, with an owner, its place among the owner's until it expires."""
        pipe.set(self.PREFIX + table_id, json.dumps(dict(record, owner=owner) if owner else record), ex=LIFETIME)
        if owner is not None:
            pipe.zremrangebyscore(self.KEPT + owner, "-inf", "({}".format(self.clock()))
            pipe.zadd(self.KEPT + owner, {table_id: record["changed"] + LIFETIME})
            pipe.expire(self.KEPT + owner, LIFETIME)

    @reached
    def get(self, table_id: str):
        """Return a table's record, or None when there is none or it expired."""
        return self._record(self.redis.get(self.PREFIX + table_id))[0]

    def _record(self, raw):
        """Return (a table's record, its owner), the record None when there is none or it expired."""
        if raw is None:
            return None, None
        record = json.loads(raw)
        owner = record.pop("owner", None)
        # The key's own expiry does the work in use; the clock check lets a test move time forward.
        return (None if record["changed"] < self.clock() - LIFETIME else record), owner

    @reached
    def change(self, table_id: str, change, limits=()):
        """Change a table in one transaction; return (record, answer), or None for no such table.

        As SQLiteStore.change (a limit marked True is counted in the write's MULTI/EXEC). The table's key is
        watched while change() runs and written with MULTI/EXEC, which Redis refuses if another instance wrote
        the table meanwhile: then it is read and changed again, so no write is ever lost between two instances, for
        as long as SQLite waits for its lock (`seconds`), then Unavailable. Counted in tries (20), a phone's save lost
        them all within a few hundred milliseconds while one client with the link saved its towns at their limits
        (about 40 changes a second), and was answered 503 (issue 50).
        """
        on_write = []
        for limit, window, most, *written in limits:
            if written:
                on_write.append((limit, window, most))
                continue
            with self.redis.pipeline() as pipe:
                self._count(pipe, limit, window)
                count, _ = pipe.execute()
            if count > most:
                raise Limited(limit_kind(limit))
        key = self.PREFIX + table_id
        until = self.monotonic() + self.seconds
        while True:
            with self.redis.pipeline() as pipe:
                try:
                    pipe.watch(key)
                    record, owner = self._record(pipe.get(key))
                    if record is None:
                        return None
                    # A limit counted on the write is read under watch, with the table it may take its key from:
                    # saves in flight together all read it under its limit before, and all wrote past it (issue 50).
                    written = self._written_limits(pipe, on_write, record)
                    changed, answer = change(record)
                    if changed is not record:
                        pipe.multi()
                        self._write(pipe, table_id, changed, owner)
                        # A limit counted only by a change that writes the table, counted with the write.
                        for limit, window in written:
                            self._count(pipe, limit, window)
                        pipe.execute()
                    return changed, answer
                except self.WatchError:
                    if self.monotonic() >= until:
                        raise Unavailable("the table kept changing under this change") from None

    def _written_limits(self, pipe, on_write: list, record: dict) -> list:
        """Watch the counts of the limits a write counts against, for a table's record; return them as (key, window),
        or raise Limited at the first that the write would take past its most."""
        written = [(limit_key(key, record), window, most) for key, window, most in on_write]
        if written:
            pipe.watch(*[self._slot(key, window) for key, window, _ in written])
        for key, window, most in written:
            if int(pipe.get(self._slot(key, window)) or 0) + 1 > most:
                raise Limited(limit_kind(key))
        return [(key, window) for key, window, _ in written]

    @reached
    def hit(self, key: str, window: int) -> int:
        """Count one request under key in the current window of `window` seconds; return the count."""
        with self.redis.pipeline() as pipe:
            self._count(pipe, key, window)
            count, _ = pipe.execute()
        return count

    def _slot(self, key: str, window: int) -> str:
        return "marquoir:hits:{}:{}".format(key, int(self.clock() // window))

    def _count(self, pipe, key: str, window: int) -> None:
        slot = self._slot(key, window)
        pipe.incr(slot)
        pipe.expire(slot, window)
