"""One player's town step: what an address opens, what saving the town says, and where to go next.

opened_town() says what a step opened at an address shows, and refuses at once; unread() names what an address holds
that no form of ours sends; save() checks a town and places each problem on its field; next_step() says which page
follows. How the form's fields become a player's record is town_fields.py's, the running total town_live.py's.
"""

from ..scoring import encode
from ..scoring.cards import ALL_BUILDINGS
from ..scoring.cards import ALL_MONUMENTS
from ..scoring.cards import FORTUNE_MONUMENTS
from ..scoring.cards import MAX_STORED
from ..scoring.expansions import MAX_SWAPS
from ..scoring.expansions import is_seed
from ..scoring.town import NAMES
from ..scoring.validate import MAX_PLAYERS
from ..scoring.validate import MAX_TURNS
from . import new_game
from .fields import SPACES
from .fields import first_values
from .fields import is_count
from .fields import problem
from .fields import repeated
from .fields import whole
from .town_facts import FORM_CHEST
from .town_facts import SEED
from .town_facts import monument_offers
from .town_fields import FACTS
from .town_fields import checked_town
from .town_fields import field_of
from .town_fields import fields_of
from .town_fields import place
from .town_fields import read_checked

# The widest range any town takes for each number: an answer out of it is refused whatever else the town holds
# (_refused_as_given). The core checks the real bounds, which depend on the town; the form's boxes, text, hold none.
FACT_LIMITS = {"master_builder_turns": (0, MAX_TURNS), "shrine_buildings": (1, 16), "completed_before": (0, MAX_PLAYERS - 1),
               "coins": (0, FORM_CHEST), "hollow_hill_swaps": (0, MAX_SWAPS)}
# The button that keeps this town and opens the setup of the game, to change its players or buildings.
TO_SETUP = "setup"
# The end of a problem's code that says a question of the town is not answered yet ("coins-missing").
UNANSWERED = "-missing"
# "See the scores" asks once before scoring a town with more empty squares than this.
MOSTLY_EMPTY = 8


# A town step opened from the scores ("Change this town") says so in its address and its form (from=scores),
# so each step after it offers the way back to them.
FROM_SCORES = ("from", "scores")
FROM, SCORES = FROM_SCORES


# The fields of the town's squares: an address holding any of them holds a town, as saving reads it.
SQUARE_FIELDS = tuple("square_" + name for name in NAMES)


def opened_fields(player: dict, fields: dict) -> dict:
    """Return the fields a town step shows: the player's saved record with the address's answers over it. An
    address holding a square of the board holds a town (a form of ours sends them all): its squares and loads
    replace the saved ones, those it leaves out empty; a monument or a fact it does not give stays as saved."""
    opened = fields_of(player)
    if any(key in SQUARE_FIELDS for key in fields):
        for name in NAMES:
            opened["square_" + name] = opened["stored_" + name] = ""
    opened.update(fields)
    return opened


def from_scores(fields: dict) -> bool:
    """Tell whether a town step's fields say it was opened from the scores."""
    return fields.get(FROM) == SCORES


def kept_query(fields: dict) -> dict:
    """Return what the address of the step a town step's buttons lead to keeps of its fields: where it was
    opened from, so the steps after one opened from the scores offer the way back too."""
    return {FROM: SCORES} if from_scores(fields) else {}


# What a step's page sends where it keeps the town typed as the phone's draft (town.js enables the field): the way to the
# setup then waits for no question to be answered, the draft carrying the town there. A page without scripts keeps
# nothing: its way to the setup asks them first, so that the town goes there saved.
DRAFT_KEPT = ("draft", "kept")


# What the step's buttons send as go, besides a player's number (the players' buttons, the monument's, the
# language switch); the question before scoring towns barely begun sends confirm=empty. Where a step was opened
# from takes any value: one but the scores is only not the scores (a link may say where it was found).
GOES = ("back", "next", "results", TO_SETUP)
CONFIRM_EMPTY = ("confirm", "empty")


def _known_value(game: dict, key: str, value: str) -> bool:
    """Tell whether a value of the step's button (go) or its confirm field is one the step sends (blank is none)."""
    if value == "":
        return True
    if key == "go":
        return value in GOES or (is_count(value) and 1 <= int(value) <= len(game["players"]))
    return value == CONFIRM_EMPTY[1]


def unread(game: dict, n: int, fields: dict) -> list:
    """Return as problems what the address of player n's town step holds that no form of ours sends (fields:
    each key's text, or its texts): a field given twice, a button's or hidden field's value it does not send, a
    card or monument that is none of the game's. A field the step does not have is let be, as the setup lets it
    be: a link may carry what the web adds to links (utm_source, fbclid), and the step holds all it needs.

    A square's card or the monument is named on its field, as the core names it when the town is saved.
    """
    found = repeated(fields, new_game.MAX_TYPED)
    fields = first_values(fields)
    for key in ("go", CONFIRM_EMPTY[0]):
        if not _known_value(game, key, str(fields.get(key) or "")):
            found.append(problem("unknown-value", value=key))
    for name in NAMES:
        card = str(fields.get("square_" + name) or "")
        if card and card not in ALL_BUILDINGS and card not in ALL_MONUMENTS:
            found.append(problem("unknown-card", n - 1, name, card[:new_game.MAX_TYPED]))
        elif card in ALL_BUILDINGS and card not in game["buildings"]:
            found.append(problem("building-not-in-game", n - 1, name, card))
    monument = str(fields.get("monument") or "")
    if monument and not game["monuments"]:
        # The step of a game without monuments draws no monument to choose.
        found.append(problem("monuments-off", n - 1, value=monument[:new_game.MAX_TYPED]))
    elif monument and monument not in ALL_MONUMENTS:
        found.append(problem("unknown-monument", n - 1, value=monument[:new_game.MAX_TYPED]))
    elif monument in FORTUNE_MONUMENTS and monument not in monument_offers(game):
        # The step offers it only in a game that deals Fortune's monuments: an address may name it all the same.
        found.append(problem("fortune-monuments-not-dealt", n - 1, value=monument))
    return found


def mostly_empty(game: dict) -> list:
    """Return the players whose town has more empty squares than a finished town usually has."""
    return [p for p, player in enumerate(game["players"])
            if sum(1 for row in player["town"] for card in row if card is None) > MOSTLY_EMPTY]


def next_step(game: dict, n: int, go: str):
    """Return the step a button leads to (1 to the number of players), or None for the results."""
    players = len(game["players"])
    go = str(go or "next")
    if go == "back" and n > 1:
        return n - 1
    if is_count(go) and 1 <= int(go) <= players:
        return int(go)
    if go == "next" and n < players:
        return n + 1
    return None


def opened_town(game: dict, n: int, sent: dict) -> tuple:
    """Return the fields a town step opened at an address shows (sent: each key's text, or its texts;
    opened_fields()) and, as problems, what it refuses at once: what no form of ours sends (unread()), and each
    answer no town takes whatever else it holds, a Warehouse's load or a fact not a whole number or out of the range
    any town takes, named on its field as saving names it. A blank answer is none, nor one the town entered so far
    does not take yet (a Shrine's count above its buildings): the step is still being entered, and its total says
    what it waits for. Third, the town as those fields give it, read and checked (read_checked), for the step's
    view (flow.step_view) to take rather than read the fields again."""
    shown = opened_fields(game["players"][n - 1], first_values(sent))
    found = unread(game, n, sent)
    town = read_checked(game, n, shown)
    _, refused = checked_town(game, n, shown, found, town)
    return shown, found + [item for item in refused if _refused_as_given(shown, field_of(item))], town


def refused_loads(game: dict, n: int, fields: dict, town=None) -> dict:
    """Return the problems of player n's Warehouse loads that no town takes (not a whole number, or out of 0 to
    MAX_STORED), placed by field as opening the step places them (opened_town): the live score marks such a load
    as it is typed, where the running total says the range. town, where given, is the fields read and checked
    already (read_checked)."""
    _, found = checked_town(game, n, fields, (), town)
    return place([item for item in found if str(field_of(item)).startswith("stored_")
                  and _refused_as_given(fields, field_of(item))], n)


def _refused_as_given(fields: dict, field) -> bool:
    """Tell whether the fields give an answer no town takes whatever else it holds: a monument refused (another
    player's, or one the game cannot have), a Warehouse's load or a fact that is not a whole number, or out of the
    range any town takes for it (FACT_LIMITS; a load from 0 to MAX_STORED)."""
    if field == "monument":
        return bool(fields.get("monument"))
    if field == SEED:
        seed = str(fields.get(SEED) or "").strip(SPACES)
        return seed != "" and not is_seed(seed)
    if field is not None and field.startswith("stored_"):
        low, high = 0, MAX_STORED
    elif field in FACTS:
        low, high = FACT_LIMITS[field]
    else:
        return False
    value = whole(fields.get(field))
    return value is False or (value is not None and not low <= value <= high)


def save(game: dict, n: int, fields: dict, opened_with: str = "", town=None) -> dict:
    """Check player n's town as entered (fields: each key's text, or its texts) and say what follows.

    opened_with is the code the step was opened with: a game the save leaves as it was keeps it, so one game
    never gets a second text (a link shared before version 2 stays the game's link through a town looked at).

    Return {"problems": placed} to show on the form, {"confirm": [players]} when the results would score
    towns that look unfinished (unless the step was opened from the scores), {"game", "code", "setup"} for the
    setup that keeps every town (setup, its fields; this one as last saved while a question of it is not answered),
    or {"game", "code", "step", "query"} (step None for the results; query, what the next step's address keeps:
    kept_query). What no form of ours sends (unread()) is
    refused first. town, where given, is the town as the fields' first values give it, read and checked already
    (read_checked): a step that draws itself again where the save is refused reads them once, for both.
    """
    sent = unread(game, n, fields)
    fields = first_values(fields)
    changed, found = checked_town(game, n, fields, sent, town)
    if _to_setup_with_draft(fields) and not sent and found:
        # A question not answered yet (the coins, the seed, a monument's count) does not hold up the way to the setup:
        # a town needs its answers to be saved, so the game goes as it was last saved, and the town as typed stays the
        # page's draft, which the setup carries to its player's seat (setup.js) and the step shows again. Only an
        # answer given wrongly, which the draft would carry there unread, is named.
        found = [item for item in found if not item["code"].endswith(UNANSWERED)]
        if not found:
            return _to_setup(game, n, opened_with or encode(game))
    found = sent + found
    if found:
        return {"problems": place(found, n), "game": changed}
    code = encode(changed)
    if opened_with and code == encode(game):
        code = opened_with
    if fields.get("go") == TO_SETUP:
        return _to_setup(changed, n, code)
    step = next_step(changed, n, fields.get("go"))
    # A step opened from the scores comes after them: towns barely begun were seen there, and the question answered.
    if step is None and fields.get(CONFIRM_EMPTY[0]) != CONFIRM_EMPTY[1] and not from_scores(fields):
        unfinished = mostly_empty(changed)
        if unfinished:
            return {"confirm": unfinished, "game": changed, "code": code}
    return {"game": changed, "code": code, "step": step, "query": kept_query(fields)}


def _to_setup_with_draft(fields: dict) -> bool:
    """Tell whether a save goes to the setup from a page that keeps the town typed as its draft (DRAFT_KEPT)."""
    return fields.get("go") == TO_SETUP and fields.get(DRAFT_KEPT[0]) == DRAFT_KEPT[1]


def _to_setup(game: dict, n: int, code: str) -> dict:
    """Return save()'s answer that opens the setup of a game (its code given), to start again at player n's town."""
    return {"game": game, "code": code, "setup": new_game.fields_of(new_game.kept_state(game, n - 1))}
