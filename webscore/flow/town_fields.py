"""A town step's form fields and the player record they make: read, checked, and each problem put on its field.

The form has one select per square (square_a1 … square_d4), a load per Warehouse (stored_a1 …) and the facts the town
needs. read() turns fields into the game with that town; checked_town() adds what the core refuses; place() puts each
problem on its field. It stands apart as the one reading of a town's fields that the town step (town_step.py), its
running total (town_live.py) and a table's towns (sync.py, sync_merge.py) all take.
"""

from ..scoring.cards import ALL_MONUMENTS
from ..scoring.town import INDEX_OF
from ..scoring.town import NAMES
from ..scoring.validate import problems
from .fields import SPACES
from .fields import problem
from .fields import whole
from .town_facts import SEED
from .town_facts import needs

# The facts a town may need besides its squares, in the order the core names them. The seed is a square's name
# (a1 to d4), the others whole numbers.
FACTS = ("master_builder_turns", "shrine_buildings", "completed_before", "coins", "hollow_hill_swaps", SEED)
# The problems of the player's choice of monument, shown on the town step's monument field.
MONUMENT_PROBLEMS = ("monument-taken", "unknown-monument", "not-in-solo", "fortune-monuments-not-dealt")


def offered(game: dict, player: dict) -> list:
    """Return the cards a square may hold in this town: the game's seven, then the player's monument."""
    return list(game["buildings"]) + ([player["monument"]] if player.get("monument") else [])


def as_entered(game: dict, n: int, fields: dict) -> dict:
    """Return player n (from 1) with the monument the step's fields choose, when they choose one (or none):
    what the step offers and asks follows the choice, even on a page that shows problems."""
    player = game["players"][n - 1]
    chosen = str(fields.get("monument", ""))
    if not game["monuments"] or "monument" not in fields or (chosen and chosen not in ALL_MONUMENTS):
        return player
    return dict(player, monument=chosen or None)


def fields_of(player: dict) -> dict:
    """Return the form fields that show a player's saved town."""
    squares = [card for row in player["town"] for card in row]
    fields = {}
    for i, name in enumerate(NAMES):
        fields["square_" + name] = squares[i] or ""
        load = (player.get("stored") or {}).get(name)
        fields["stored_" + name] = "" if load is None else str(load)
    for fact in FACTS:
        value = player.get(fact)
        fields[fact] = "" if value is None else str(value)
    fields["monument"] = player.get("monument") or ""
    return fields


def read(game: dict, n: int, fields: dict):
    """Return the game with player n's town as the fields give it, and the problems of fields it could not take.

    Facts a town does not need are dropped rather than refused: the form keeps them for a change of mind.
    """
    player = dict(game["players"][n - 1])
    found = []
    if game["monuments"] and "monument" in fields:
        # A monument chosen wrongly in the setup is put right here; the core checks the new one.
        player["monument"] = str(fields.get("monument") or "") or None
    # A card that is not this town's stays on its square: the core names what is wrong with it.
    squares = [str(fields.get("square_" + name) or "") or None for name in NAMES]
    player["town"] = [squares[r * 4:r * 4 + 4] for r in range(4)]
    stored = {}
    for i, name in enumerate(NAMES):
        if squares[i] != "warehouse":
            continue
        # A Warehouse placed holds nothing until told otherwise: its load is asked on its square, never awaited.
        load = whole(fields.get("stored_" + name))
        if load is False:
            found.append(problem("stored-not-a-count", n - 1, name))
        else:
            stored[name] = load or 0
    player["stored"] = stored
    for fact in FACTS:
        if not needs(game, player, squares, fact, fields.get(fact)):
            value = None
        elif fact == SEED:
            # A square's name, checked by the core (a1 to d4), or "none": no seed was put down.
            value = str(fields.get(fact) or "").strip(SPACES) or None
        else:
            value = whole(fields.get(fact))
        if value is False:
            found.append(problem(fact + "-not-a-number", n - 1))
            value = None
        player[fact] = value
    players = list(game["players"])
    players[n - 1] = player
    return dict(game, players=players), found


def field_of(found: dict):
    """Return the form field a problem belongs on, or None for the whole town."""
    if found["code"] in MONUMENT_PROBLEMS:
        return "monument"
    if found["square"] in INDEX_OF:
        return ("stored_" if found["code"].startswith("stored") else "square_") + found["square"]
    fact = found["code"].split("-")[0]
    return fact if fact in FACTS else None


def place(found: list, n: int) -> dict:
    """Return player n's problems by field: {"fields": {field: [problem]}, "general": [problem]}."""
    placed = {"fields": {}, "general": []}
    for item in found:
        if item["player"] not in (None, n - 1):
            continue
        field = field_of(item) if item["player"] == n - 1 else None
        if field is None:
            placed["general"].append(item)
        else:
            placed["fields"].setdefault(field, []).append(item)
    return placed


def read_checked(game: dict, n: int, fields: dict) -> tuple:
    """Return player n's town read from the fields and checked, once, for all that asks it (checked_town(), live(),
    a step's view): (the game with that town, the problems of fields read() could not take, the core's problems
    that belong to the step: _players_problems)."""
    changed, misread = read(game, n, fields)
    return changed, misread, _players_problems(changed, n)


def checked_town(game: dict, n: int, fields: dict, found: list = (), town=None) -> tuple:
    """Return the game with player n's town as the fields give it, and the problems saving it names besides those
    found already (unread()): of fields read() could not take, then the core's. A field with a message already
    gets no word of the core's on it, which would repeat it. town, where given, is the fields read and checked
    already (read_checked)."""
    changed, misread, core = town or read_checked(game, n, fields)
    named = [field_of(item) for item in list(found) + misread]
    return changed, misread + [item for item in core if field_of(item) is None or field_of(item) not in named]


def _players_problems(game: dict, n: int) -> list:
    """Return the core's problems of a game that belong to player n's step (from 1), or to none. The core says a
    monument is taken at the later of its two owners: chosen here while a later player has it, it is said here."""
    chosen = game["players"][n - 1].get("monument")
    found = []
    for item in problems(game):
        if item["code"] == "monument-taken" and item["value"] == chosen:
            item = dict(item, player=n - 1)
        if item["player"] in (None, n - 1):
            found.append(item)
    return found
