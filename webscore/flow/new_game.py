"""Setting up a game: the setup form's state, read from the form and shown in it, and its problems put on their fields.

The state is what the form shows: players (names as typed), their monument and dealt pair, the mode,
the options (the expansions among them: coins, Fortune's cards and monuments, Tiny Trees) and one card per
colour. A setup opened from a game already begun also holds that game's code
(towns), each row's seat in it (origins): a row keeps its town through removing, adding and moving rows, and
the seat whose town was being entered (resume), where the game starts again.
The server and the browser both read the form through read(), change it through setup_choices.apply() and start
the game through setup_start.start(): nothing here is written twice.
"""

from ..scoring import CodeError
from ..scoring import InvalidGame
from ..scoring import encode
from ..scoring import game_from_code
from ..scoring.cards import ALL_BUILDINGS
from ..scoring.cards import ALL_MONUMENTS
from ..scoring.cards import CARD_COLOURS
from ..scoring.cards import FIRST_GAME
from ..scoring.cards import FORTUNE_BUILDINGS
from ..scoring.cards import MONUMENTS
from ..scoring.cards import cards_of_colour
from ..scoring.cards import colour_of
from ..scoring.code_layouts import MAX_CODE
from ..scoring.expansions import deals_fortune_monuments
from ..scoring.game import MASTER_BUILDER
from ..scoring.game import MODES
from .fields import first_values
from .fields import flag
from .fields import indexed
from .fields import is_count
from .fields import is_flag
from .fields import problem
from .fields import repeated

ROWS = ("players", "monuments", "dealt", "origins")
# Longer than any name the core accepts, so a name too long is shown back and refused, not cut.
MAX_TYPED = 200
# The expansions' switches: coins, Fortune's cards and monuments among the piles, Tiny Trees.
EXPANSIONS = ("coins", "fortune", "fortune_monuments", "tiny_trees")


def first_game() -> dict:
    """Return the first-game card of each colour."""
    return {colour_of(card): card for card in FIRST_GAME if colour_of(card) in CARD_COLOURS}


def default_state() -> dict:
    """Return a blank setup: two players, Master Builder, with monuments, the first-game cards."""
    state = {"players": ["", ""], "monuments": ["", ""], "dealt": ["", ""], "origins": ["", ""], "towns": "",
             "resume": "", "mode": MASTER_BUILDER, "cavern": False, "without_monuments": False}
    state.update(dict.fromkeys(EXPANSIONS, False))
    state.update(first_game())
    return state


def state_from_game(game: dict) -> dict:
    """Return the setup of a game, for playing again with the same players and buildings."""
    players = game["players"]
    state = {"players": [p["name"] for p in players], "monuments": [""] * len(players),
             "dealt": [""] * len(players), "origins": [""] * len(players), "towns": "", "resume": "", "mode": game["mode"],
             "cavern": game["cavern"], "without_monuments": not game["monuments"],
             "coins": game.get("coins") is True, "tiny_trees": game.get("tiny_trees") is True,
             "fortune": any(card in FORTUNE_BUILDINGS for card in game["buildings"]),
             "fortune_monuments": deals_fortune_monuments(game)}
    state.update({colour_of(card): card for card in game["buildings"] if colour_of(card) in CARD_COLOURS})
    return state


def state_again(codes) -> tuple:
    """Return (state, placed problems) of a link to play again (its "again" values): the setup of the game it names
    (state_from_game) and none; or, when it cannot be read (cut short, made by hand, or two codes given: neither is
    read, whichever comes first), a blank setup that says so. The server and the browser's core both answer it."""
    if type(codes) is not list:
        codes = [codes]
    if len(codes) == 1:
        try:
            return state_from_game(game_from_code(str(codes[0]))), place([])
        except (CodeError, InvalidGame):
            pass
    return default_state(), place([problem("again-unreadable")])


def kept_state(game: dict, resume: int = 0) -> dict:
    """Return the setup of a game begun, to change its players or buildings: every row keeps its town, and the
    game starts again at the town of seat resume (from 0), the one being entered."""
    state = state_from_game(game)
    state["monuments"] = [p["monument"] or "" for p in game["players"]]
    state["origins"] = [str(p) for p in range(len(game["players"]))]
    state["towns"] = encode(game)
    state["resume"] = str(resume)
    return state


def _code(fields: dict) -> str:
    """Return the code of the game whose towns a form keeps, as sent (longer than any name, so not cut)."""
    value = fields.get("towns")
    return str(value)[:MAX_CODE + 1] if value is not None else ""


# The game whose towns a setup keeps, by its code: read once for all that one request asks of it (reading the
# form, naming what it could not read, its key, starting the game). A game read here is only read, never changed.
_kept_read = {}


def _kept_game(code: str):
    """Return the game whose towns a setup keeps, or None when there is none or its code cannot be read."""
    if not code:
        return None
    if code not in _kept_read:
        _kept_read.clear()
        try:
            _kept_read[code] = game_from_code(code)
        except (CodeError, InvalidGame):
            _kept_read[code] = None
    return _kept_read[code]


def kept_game(state: dict):
    """Return the game whose towns a setup state keeps, or None."""
    return _kept_game(state.get("towns", ""))


def _text(fields: dict, key: str) -> str:
    value = fields.get(key)
    return str(value)[:MAX_TYPED] if value is not None else ""


def read(fields: dict) -> dict:
    """Return the setup state a form sent (field name to text, or to its texts); what is not a choice is blank."""
    if not fields:
        return default_state()
    # A repeated field counts by its first value (unread() names it).
    fields = first_values(fields)
    # A row is any index one of its row fields names; an address that names none (a link with the buildings alone)
    # opens with the rows of a new game, as a form without an address does.
    rows = _rows(fields) or list(range(len(default_state()["players"])))
    # The towns kept, when their game can be read (unread() says when it cannot), and a seat in it per row.
    towns = _kept_game(_code(fields))
    seats = len(towns["players"]) if towns else 0
    origins = [_text(fields, "origins-" + str(n)) for n in rows]
    state = {"players": [_text(fields, "players-" + str(n)) for n in rows], "monuments": [], "dealt": [],
             "origins": [o if is_count(o) and int(o) < seats else "" for o in origins],
             "towns": _code(fields) if towns else ""}
    resume = _text(fields, "resume")
    state["resume"] = resume if is_count(resume) and int(resume) < seats else ""
    for n in rows:
        # An unknown monument stays, so starting the game refuses it with a message rather than dropping it.
        state["monuments"].append(_text(fields, "monuments-" + str(n)))
        dealt = _text(fields, "dealt-" + str(n)).split()
        state["dealt"].append(" ".join(dealt) if len(dealt) == 2 and all(m in ALL_MONUMENTS for m in dealt) else "")
    # Without monuments, the monuments chosen or dealt stay in the form, out of sight and out of the game: unticked,
    # it shows them again.
    state.update(_options(fields))
    for colour in CARD_COLOURS:
        card = _text(fields, colour)
        # A card of Fortune's stays chosen while its switch is off, out of sight and out of the game (played_card): ticked
        # again, it is back.
        state[colour] = card if card in cards_of_colour(colour, fortune=True) else ""
    return state


def played_card(state: dict, colour: str) -> str:
    """Return the card a setup plays in a colour: the one chosen, "" for none or for Fortune's while its switch is off."""
    return state[colour] if state[colour] in cards_of_colour(colour, state["fortune"]) else ""


def _options(fields: dict) -> dict:
    """Return the mode and the options a form sent: the cavern, without monuments, the expansions."""
    # A form always sends a mode: one missing is the default, one that is none is blank, and refused.
    mode = fields.get("mode", MASTER_BUILDER)
    options = {"mode": mode if mode in MODES else ""}
    for option in ("cavern", "without_monuments") + EXPANSIONS:
        options[option] = flag(fields, option)
    return options


def _rows(fields: dict) -> list:
    """Return the row numbers a form sent, in order: any index one of its row fields names."""
    return sorted({n for row in ROWS for n in indexed(fields, row + "-")})


def unread(fields: dict) -> list:
    """Return as problems what a form sent that read() could not keep, each of which no form of ours sends."""
    # A field given twice; a mode, card or monument that is no choice (a monument kept aside by "Without monuments"
    # is named once it is in play again).
    found = repeated(fields, MAX_TYPED)
    fields = first_values(fields)
    if "mode" in fields and fields["mode"] not in MODES:
        found.append(problem("unknown-mode", value=_text(fields, "mode")))
    found.extend(problem("unknown-value", value=option) for option in ("cavern", "without_monuments") + EXPANSIONS
                 if not is_flag(_text(fields, option)))
    found.extend(_not_of_colour(colour, _text(fields, colour)) for colour in CARD_COLOURS
                 if _text(fields, colour) and _text(fields, colour) not in cards_of_colour(colour, fortune=True))
    if _code(fields) and _kept_game(_code(fields)) is None:
        found.append(problem("towns-unreadable"))
    rows = indexed(fields, "monuments-")
    chosen = [_text(fields, "monuments-" + str(n)) for n in rows]
    if not flag(fields, "without_monuments"):
        # Rows count in order, as read() counts them; a row sent without its monument has none to name.
        every = _rows(fields)
        found.extend(problem("unknown-monument", every.index(n), value=monument)
                     for n, monument in zip(rows, chosen) if monument and monument not in ALL_MONUMENTS)
    return found


def _not_of_colour(colour: str, card: str) -> dict:
    """Return the problem of a colour an address gives a card of another colour (red=well): the card named, on its
    colour; a value that is no card at all asks for one of the colour."""
    if card not in ALL_BUILDINGS and card not in ALL_MONUMENTS:
        return problem("one-per-colour", value=colour)
    found = problem("not-of-colour", value=card)
    # The colour it was given for, which the card's own is not: the field the problem is shown on.
    found["colour"] = colour
    return found


def fields_of(state: dict) -> dict:
    """Return the form fields that show a state: the inverse of read()."""
    fields = {"mode": state["mode"], "towns": state["towns"], "resume": state["resume"]}
    for n in range(len(state["players"])):
        for row in ROWS:
            fields[row + "-" + str(n)] = state[row][n]
    for key in ("cavern", "without_monuments") + EXPANSIONS:
        if state[key]:
            fields[key] = "y"
    for colour in CARD_COLOURS:
        if state[colour]:
            fields[colour] = state[colour]
    return fields


def first_step(state: dict) -> int:
    """Return the town step (from 1) a game set up starts at: the row of the town being entered when a game
    begun was opened in the setup (resume), wherever it now sits, else the first."""
    if state["resume"] != "" and state["resume"] in state["origins"]:
        return state["origins"].index(state["resume"]) + 1
    return 1


def field_of(found: dict):
    """Return the setup field a problem belongs on, or None for the whole setup."""
    p = found["player"]
    if found["code"] == "unknown-mode":
        return "mode"
    if found["code"] == "not-of-colour":
        return found["colour"]
    if p is not None and found["code"].startswith("name"):
        return "players-" + str(p)
    if p is not None:
        return "monuments-" + str(p)
    if found["code"] == "not-in-solo" and found["value"] in MONUMENTS:
        return None
    if found["code"] in ("not-in-solo", "not-in-town-hall", "one-per-colour", "fortune-card-off") and found["value"]:
        return found["value"] if found["value"] in CARD_COLOURS else colour_of(found["value"])
    return None


def place(found: list) -> dict:
    """Return problems sorted by field: {"fields": {field: [problem]}, "general": [problem]}."""
    placed = {"fields": {}, "general": []}
    for item in found:
        field = field_of(item)
        if field is None:
            placed["general"].append(item)
        else:
            placed["fields"].setdefault(field, []).append(item)
    return placed
