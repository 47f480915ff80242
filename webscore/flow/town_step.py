"""One player's town step: the form's fields, the player record they make, and where to go next.

The form has one select per square (square_a1 … square_d4), a load per Warehouse (stored_a1 …) and the
facts the town needs. read() turns fields into the game with that town; unread() names what an address holds
that no form of ours sends; checked_town() adds what the core refuses; save() checks a town so and places each
problem on its field; opened_town() says what a step opened at an address shows, and refuses at once; next_step()
says which page follows.
"""

from ..scoring import encode
from ..scoring.cards import ALL_BUILDINGS
from ..scoring.cards import ALL_MONUMENTS
from ..scoring.cards import FORTUNE_MONUMENTS
from ..scoring.cards import MAX_STORED
from ..scoring.expansions import MAX_SWAPS
from ..scoring.expansions import is_seed
from ..scoring.game import MASTER_BUILDER
from ..scoring.game import RIGHT_READERS
from ..scoring.game import score_town
from ..scoring.game import score_valid_game
from ..scoring.game import town_view
from ..scoring.town import INDEX_OF
from ..scoring.town import NAMES
from ..scoring.validate import MAX_PLAYERS
from ..scoring.validate import MAX_TURNS
from ..scoring.validate import problems
from . import new_game
from .fields import SPACES
from .fields import first_values
from .fields import is_count
from .fields import problem
from .fields import repeated
from .fields import whole
from .town_facts import FORM_CHEST
from .town_facts import SEED
from .town_facts import asked_fact
from .town_facts import expansion_facts
from .town_facts import monument_offers
from .town_facts import needs

# The facts a town may need besides its squares, in the order the core names them. The seed is a square's name
# (a1 to d4), the others whole numbers.
FACTS = ("master_builder_turns", "shrine_buildings", "completed_before", "coins", "hollow_hill_swaps", SEED)
# The widest range any town takes for each number: an answer out of it is refused whatever else the town holds
# (_refused_as_given). The core checks the real bounds, which depend on the town; the form's boxes, text, hold none.
FACT_LIMITS = {"master_builder_turns": (0, MAX_TURNS), "shrine_buildings": (1, 16), "completed_before": (0, MAX_PLAYERS - 1),
               "coins": (0, FORM_CHEST), "hollow_hill_swaps": (0, MAX_SWAPS)}
# The problems of the player's choice of monument, shown on the town step's monument field.
MONUMENT_PROBLEMS = ("monument-taken", "unknown-monument", "not-in-solo", "fortune-monuments-not-dealt")
# The button that keeps this town and opens the setup of the game, to change its players or buildings.
TO_SETUP = "setup"
# The end of a problem's code that says a question of the town is not answered yet ("coins-missing").
UNANSWERED = "-missing"
# "See the scores" asks once before scoring a town with more empty squares than this.
MOSTLY_EMPTY = 8


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


def mostly_empty(game: dict) -> list:
    """Return the players whose town has more empty squares than a finished town usually has."""
    return [p for p, player in enumerate(game["players"])
            if sum(1 for row in player["town"] for card in row if card is None) > MOSTLY_EMPTY]


def saved_totals(game: dict) -> list:
    """Return each player's total where their town has a building, else None (not entered yet): what the
    players' buttons of a town step say, so a town saved shows it is, however few its buildings (the least it
    makes while the town on its right is not entered: scored_live)."""
    return [None if scored is None else scored["total"] for scored in _saved_scores(game)]


def _saved_scores(game: dict) -> list:
    """Return each player's town scored as scored_live scores it where it has a building, else None."""
    return [scored_live(game, p) if any(card for row in player["town"] for card in row) else None
            for p, player in enumerate(game["players"])]


def step_numbers(game: dict, n: int, fields: dict, town=None) -> tuple:
    """Return (saved_totals(game), player n's town as the fields have it, as flow.live_town answers), each town
    scored once: a step opened as it was saved scores its own town for both. town, where given, is the fields
    read and checked already (read_checked)."""
    saved = _saved_scores(game)
    changed, waiting = live(game, n, fields, town)
    if not changed:
        shown = {"waiting": waiting}
    elif saved[n - 1] is not None and fields_of(changed["players"][n - 1]) == fields_of(game["players"][n - 1]):
        # The fields as saved: only town n changes with them, and its form (fields_of) reads as the saved one's.
        shown = saved[n - 1]
    else:
        shown = scored_live(changed, n - 1)
    return [None if scored is None else scored["total"] for scored in saved], shown


def grid_view(game: dict, n: int, fields: dict, scored: dict) -> dict:
    """Return what player n's town shows as town_pieces.town_grid draws it, besides its words and messages: the
    cards its squares offer ("offered"), the fact it asks ("fact": town_facts.asked_fact), whether it asks the
    Master Builder's turns ("asks_turns"), the expansions' facts ("expansion_facts"), its fields ("fields") and its
    numbers ("scored": as flow.live_town answers). Player n is as the fields choose their monument (as_entered).

    A town step (flow.step_view) and a table's town draw their town from it."""
    player = as_entered(game, n, fields)
    return {"offered": offered(game, player), "fact": asked_fact(player), "asks_turns": game["mode"] == MASTER_BUILDER,
            "expansion_facts": expansion_facts(game), "fields": fields, "scored": scored}


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


def live(game: dict, n: int, fields: dict, town=None):
    """Return (the game as the fields stand, []) for a running total, or (None, what it waits for).

    What it waits for are the fields whose answers are missing or wrong (a monument's fact, a Warehouse's
    load), in the order "Next player" would name them, None standing for a problem of the whole town. town, where
    given, is the fields read and checked already (read_checked).
    """
    changed, misread, core = town or read_checked(game, n, fields)
    found = misread + core
    if not found:
        return changed, []
    waiting = []
    for item in found:
        field = field_of(item)
        if field not in waiting:
            waiting.append(field)
    return None, waiting


def scored_live(game: dict, p: int, handed_in=None) -> dict:
    """Score player p's town as the fields made it (town_step.live) for a running total that never takes a point back.

    While the town on the right is not entered, what it will hold is not known: a Feast Hall or a Schoolhouse is
    scored as if that town held the most it can (more Feast Halls than any town, the fullest chest of the game: a
    Schoolhouse beside a full chest of its own still makes its 2 more), the least it can make, and "until" names that
    player where that least is below the total beside an empty town. Their points can only rise once the town is
    entered. At a table, handed_in says of each town whether it is handed in: the town on the right is known once it
    is, with a building or none, and "handed_in" says that "until" waits for that. Elsewhere a town is entered once it
    has a building.
    """
    scored = score_town(town_view(game, p))
    players = game["players"]
    right = players[p - 1]
    known = handed_in[p - 1] if handed_in is not None else any(card for row in right["town"] for card in row)
    if len(players) < 2 or known or not any(card in RIGHT_READERS for row in players[p]["town"] for card in row):
        return scored
    scored_least = score_town(town_view(game, p, right_at_most=True))
    if scored_least["total"] == scored["total"]:
        return scored
    scored_least["until"] = right["name"]
    if handed_in is not None:
        scored_least["handed_in"] = True
    return scored_least


# The tie's form's answer "we did not count them": the turns left blank are taken as equal.
UNCOUNTED = ("uncounted", "1")


def uncounted(fields: dict) -> bool:
    """Tell whether the tie's turns form was answered "we did not count them" (UNCOUNTED)."""
    return fields.get(UNCOUNTED[0]) == UNCOUNTED[1]


def turns_taken(game: dict, fields: dict) -> tuple:
    """Return (the game with the turns the tie's form gives, the problems, the game scored or None): what the form's
    answer is drawn from, on the server and in the browser. "We did not count them" reads the tie from the game
    scored, and the page of refused turns shows that same result: the game is scored once."""
    result = score_valid_game(game) if uncounted(fields) else None
    changed, found = set_turns(game, fields, result)
    return changed, found, result


def set_turns(game: dict, fields: dict, result=None):
    """Return the game with the turns as Master Builder that fields give (turns-1 …), and the problems.

    With "we did not count them" (uncounted()), every player of a tied total is given 0, whatever was typed: equal
    turns, so the next tie-break decides. A number typed for one of them alone would otherwise beat the others' 0.
    The ties are read from result, the game scored (score_valid_game), where the caller scored it already.
    """
    players = [dict(player) for player in game["players"]]
    if uncounted(fields):
        scored = (result or score_valid_game(game))["players"]
        tied = [p for p, player in enumerate(scored) if player["decided_by"] is not None]
        for p in tied:
            players[p]["master_builder_turns"] = 0
        changed = dict(game, players=players)
        return changed, problems(changed)
    found = []
    for p, player in enumerate(players):
        key = "turns-" + str(p + 1)
        if key not in fields:
            continue
        value = whole(fields.get(key))
        if value is False or value is None:
            found.append(problem("master_builder_turns-not-a-number", p))
        else:
            player["master_builder_turns"] = value
    changed = dict(game, players=players)
    # Every box's problem at once: a number out of range beside a box that holds no number is named too.
    flagged = {item["player"] for item in found}
    return changed, found + [item for item in problems(changed) if item["player"] not in flagged]
