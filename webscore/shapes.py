"""The shapes the layers pass each other as plain dicts and lists, named for type checkers and tests.

CPython only: the core and the flow run under MicroPython too, which has no `typing`, so they never import
this module (their comments name these shapes instead), and the browser's bundle leaves it out (it holds
webscore/scoring and webscore/flow alone). tests/web/test_shapes.py checks real games, towns and operations
against them.

A game file (README, "Scoring from the command line"; checked by webscore.scoring.validate.problems):
    Game, its players each a Player.
A town at a table as webscore.flow.sync keeps it, and what a phone sends to change it:
    SyncTown; Operation, one of SetOperation, DoneOperation, ReopenOperation.
A table as the table stores keep it (webscore.web.tables.store; the stores' calls: tables/protocol.py):
    TableRecord, its events each a TableEvent.
"""

from typing import Literal
from typing import NotRequired
from typing import TypedDict

# The game file.

# A square: a building of the game, the player's own monument, or None for an empty square.
Square = str | None


class Player(TypedDict):
    """A player of a game file: the name, the monument, the town, and the facts some cards need (None: not known)."""

    name: str
    # 4 rows top to bottom, each of 4 squares (a1 to d4: the letter the column, the digit the row).
    town: list[list[Square]]
    # A card id, or None (absent: None).
    monument: NotRequired[str | None]
    # Resources on each Warehouse by square ("d3": 2), 0 to 3.
    stored: NotRequired[dict[str, int] | None]
    master_builder_turns: NotRequired[int | None]
    shrine_buildings: NotRequired[int | None]
    completed_before: NotRequired[int | None]
    # The expansions' (EXPANSION_PLAYER_KEYS): coins in the chest, Hollow Hill's swaps, the seed's square.
    coins: NotRequired[int | None]
    hollow_hill_swaps: NotRequired[int | None]
    seed: NotRequired[str | None]


class Game(TypedDict):
    """A game file: the mode, the rules it plays with, its seven buildings and 1 to 6 players in seating order."""

    mode: Literal["master-builder", "town-hall", "solo"]
    monuments: bool
    cavern: bool
    buildings: list[str]
    players: list[Player]
    # The expansions' flags (EXPANSION_FLAGS); absent is False.
    coins: NotRequired[bool]
    tiny_trees: NotRequired[bool]
    fortune_monuments: NotRequired[bool]


# A town at a table (webscore.flow.sync).

# [the version a field last changed at, the client id of the phone that changed it]
Mark = list[int | str]
# [a field's value, the version the phone edited it over]
FieldChange = list[str | int]


class SyncTown(TypedDict):
    """A player's town as the table keeps it: the town form's fields as text and who changed each, when."""

    # field -> value; a field not there is "".
    fields: dict[str, str]
    # field (or "done", the last hand-in) -> [version, client].
    marks: dict[str, Mark]
    # client -> the number of the last operation applied from that phone.
    seen: dict[str, int]
    # client -> the digest of that operation (absent in records older than it).
    sums: NotRequired[dict[str, str]]
    # client -> the key that phone held the town by, as the table notes it (absent in records older than it).
    keys: NotRequired[dict[str, str]]
    version: int
    done: bool


class SetOperation(TypedDict):
    """Fields set, each over the version the phone edited it over: {"seq": 3, "set": {"square_a1": ["cottage", 2]}}."""

    seq: int
    set: dict[str, FieldChange]


class DoneOperation(TypedDict):
    """The town handed in: {"seq": 4, "done": true}."""

    seq: int
    done: Literal[True]


class ReopenOperation(TypedDict):
    """A handed-in town opened again, as the phone saw it at a version: {"seq": 5, "reopen": 4}."""

    seq: int
    reopen: int


# One operation of a phone's outbox, numbered there from 1 (seq).
Operation = SetOperation | DoneOperation | ReopenOperation


# A table (webscore.web.tables).

class TableEvent(TypedDict):
    """What every phone at a table is told of a town another phone changed (taken over, reopened)."""

    player: int
    kind: str
    revision: int
    at: float


class TableRecord(TypedDict):
    """A table as a store keeps it: the setup's game code and, per player, the town as a code and as the sync keeps it."""

    setup: str
    # Per player: the game code carrying that town alone, None until the core takes it.
    towns: list[str | None]
    versions: list[int]
    done: list[bool]
    created: float
    changed: float
    revision: int
    # Per player, the town as webscore.flow.sync keeps it (absent before any phone saved).
    sync: NotRequired[list[SyncTown]]
    # Per player, the hash of the key of the phone the town belongs to, None before one took it.
    owners: NotRequired[list[str | None]]
    # Per player, the hash of the key of the first phone the town belonged to: its saves count apart from the others'
    # (webscore.web.tables.limits.save_limits).
    first_owners: NotRequired[list[str | None]]
    # Per player, the tags of the keys (towns.key_tag) of the phones the town belonged to before another took it over,
    # the last FORMER_OWNERS_KEPT (absent in a table kept before they were noted).
    former_owners: NotRequired[list[list[str]]]
    events: NotRequired[list[TableEvent]]
