"""What a table store offers: the calls SQLiteStore (store.py) and RedisStore (redis_store.py) both answer.

store.py says what a table is and how the stores keep it; a table's record is webscore.shapes.TableRecord.
The app reaches a store by open_store() only and calls nothing else on it (tests/web/test_tables_store_protocol.py
checks both stores against TableStore, name by name, and the app's calls against it).
"""

from collections.abc import Callable
from collections.abc import Iterable
from typing import Protocol
from typing import runtime_checkable

from ...shapes import TableRecord

# A change of a table: given its record, (the record to keep, an answer); the same record object when nothing changed.
Change = Callable[[TableRecord], tuple[TableRecord, object]]
# A limit a change counts against: (its key, its window in seconds, the most calls let through in that window),
# counted on every call; or with True after them: then only a change that writes the table counts (a call refused
# unwritten is checked, not counted), checked once the record is read and after every limit counted on every call,
# and its key may be read from the record (a town's first phone counts apart from the others).
Limit = tuple[str, int, int] | tuple[str | Callable[[TableRecord], str], int, int, bool]


@runtime_checkable
class TableStore(Protocol):
    """A store of tables: each changed in one transaction, expired 48 hours after its last change, limits counted in it."""

    # The store's own failures, which reached() turns into Unavailable (a 503) after forget().
    failures: tuple[type[BaseException], ...]
    # Seconds now: time.time, or a test's clock.
    clock: Callable[[], float]

    def create(self, setup: str, count: int, kept: tuple[str, int] | None = None) -> str:
        """Open a table for a setup of count players and return its id; raise Limited when kept's owner keeps its most."""
        ...

    def get(self, table_id: str) -> TableRecord | None:
        """Return a table's record, or None when there is none or it expired."""
        ...

    def change(self, table_id: str, change: Change, limits: Iterable[Limit] = ()) -> tuple[TableRecord, object] | None:
        """Change a table in one transaction, counting limits first; return (record, answer), None for no such table."""
        ...

    def hit(self, key: str, window: int) -> int:
        """Count one request under key in the current window of `window` seconds; return the count."""
        ...

    def answering(self) -> None:
        """Raise Unavailable at once while the store is known not to answer (reached() asks before every call)."""
        ...

    def forget(self, error=None) -> None:
        """Drop the store's connection, so that the next call connects again (after one of its failures, error)."""
        ...
