"""Setting up a game: the setup form's state, its buttons, and the game file it starts.

The state is what the form shows: players (names as typed), their monument and dealt pair, the mode,
the options (the expansions among them: coins, Fortune's cards and monuments, Tiny Trees) and one card per
colour. A setup opened from a game already begun also holds that game's code
(towns), each row's seat in it (origins): a row keeps its town through removing, adding and moving rows, and
the seat whose town was being entered (resume), where the game starts again.
The server and the browser both read the form through read(), change it through apply() and start the game
through start(): nothing here is written twice.
"""

from ..scoring import CodeError
from ..scoring import InvalidGame
from ..scoring import encode
from ..scoring import game_from_code
from ..scoring.cards import ALL_MONUMENTS
from ..scoring.cards import CARD_COLOURS
from ..scoring.cards import COTTAGE
from ..scoring.cards import FIRST_GAME
from ..scoring.cards import FORTUNE_BUILDINGS
from ..scoring.cards import FORTUNE_MONUMENTS
from ..scoring.cards import HOLLOW_HILL
from ..scoring.cards import MONUMENTS
from ..scoring.cards import SOLO_EXCLUDED
from ..scoring.cards import TOWN_HALL_EXCLUDED
from ..scoring.cards import cards_of_colour
from ..scoring.cards import colour_of
from ..scoring.code import MAX_CODE
from ..scoring.expansions import EXPANSION_FLAGS
from ..scoring.expansions import deals_fortune_monuments
from ..scoring.game import MASTER_BUILDER
from ..scoring.game import MODES
from ..scoring.game import SOLO
from ..scoring.game import TOWN_HALL
from ..scoring.town import INDEX_OF
from ..scoring.validate import MAX_PLAYERS
from ..scoring.validate import MONUMENT_FACTS
from ..scoring.validate import player_count_problems
from ..scoring.validate import problems
from ..scoring.validate import trimmed_name
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
# The buttons that start the game the setup describes: enter the towns, play at the table, one phone each.
STARTS = ("start", "play", "table")
# What the address of a setup refused at its start asks instead, so that a reload names its problems again (check())
# without starting the game, as the start's own address would once they were mended (setup.js).
CHECK = "check"
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
    # A row is any index one of its three fields names; a form always has at least one player.
    rows = _rows(fields) or [0]
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
    for colour in CARD_COLOURS:
        if _text(fields, colour) and _text(fields, colour) not in cards_of_colour(colour, fortune=True):
            found.append(problem("one-per-colour", value=colour))
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


def allowed(state: dict, card: str) -> bool:
    """Tell whether a card may be chosen in this mode (Solo leaves seven out, Town Hall the Oddity Shop)."""
    return card not in (SOLO_EXCLUDED if state["mode"] == SOLO else TOWN_HALL_EXCLUDED if state["mode"] == TOWN_HALL
                        else ())


def monuments_in_play(state: dict) -> list:
    """Return the monuments a game of this setup is dealt from, by id: the base game's 15, and Fortune's 10 with it."""
    return sorted(ALL_MONUMENTS if state["fortune_monuments"] else MONUMENTS)


def monument_offers(state: dict) -> list:
    """Return, per player row, the monuments its select offers: the dealt pair, else every allowed one."""
    every = [m for m in monuments_in_play(state) if allowed(state, m)]
    offers = [state["dealt"][n].split() if state["dealt"][n] else every for n in range(len(state["players"]))]
    # A monument chosen that the setup would not offer (Fortune's while its cards are off, one Solo leaves out)
    # stays in its row's choice, and starting the game names it (check()): what a player chose is not lost.
    return [offer + [state["monuments"][n]] if state["monuments"][n] in ALL_MONUMENTS
            and state["monuments"][n] not in offer else offer for n, offer in enumerate(offers)]


def _add_player(state: dict) -> None:
    """Add an empty player row at the end."""
    for row in ROWS:
        state[row].append("")


def _remove_player(state: dict, n: int) -> None:
    """Remove player row n."""
    for row in ROWS:
        del state[row][n]


def _move_up(state: dict, n: int) -> None:
    """Swap player row n with the row before it, one seat earlier."""
    for row in ROWS:
        state[row][n - 1], state[row][n] = state[row][n], state[row][n - 1]


def _deal_buildings(state: dict, dealer) -> None:
    """Choose one card of each colour at random among those the mode allows."""
    for colour in CARD_COLOURS:
        state[colour] = dealer.choice([c for c in cards_of_colour(colour, state["fortune"]) if allowed(state, c)])


def _deal_monuments(state: dict, dealer) -> None:
    """Deal each player two monuments the mode allows, from one shuffled pile, and clear the monuments chosen."""
    count = len(state["players"])
    pile = [m for m in monuments_in_play(state) if allowed(state, m)]
    dealer.shuffle(pile)
    # Two each while the pile lasts: a form with more players than the game allows gets none past it.
    state["dealt"] = [pile[2 * k] + " " + pile[2 * k + 1] if 2 * k + 1 < len(pile) else "" for k in range(count)]
    state["monuments"] = [""] * count


def apply(action: str, state: dict, dealer) -> dict:
    """Change the state as one of the form's buttons asks; dealer has choice() and shuffle()."""
    verb, _, number = action.partition("-") if action.startswith(("remove-", "up-")) else (action, "", "")
    n = int(number) if is_count(number) else -1
    count = len(state["players"])
    if verb == "add" and count < MAX_PLAYERS:
        _add_player(state)
    elif verb == "remove" and 0 <= n < count and count > 1:
        _remove_player(state, n)
    elif verb == "up" and 0 < n < count:
        _move_up(state, n)
    elif verb == "first-game":
        state.update(first_game())
    elif verb == "deal":
        _deal_buildings(state, dealer)
    elif verb == "deal-monuments" and not state["without_monuments"]:
        # Without monuments the form has no monument to choose: the button is not drawn, and does nothing.
        _deal_monuments(state, dealer)
    return tidy(state)


def focus_after(action: str, before: int, state: dict) -> str:
    """Return where a button of the setup leaves the focus, by a field's name or a button's value ("" for where it
    was), the rows having been before in number: the new player's name after "Add a player"; a player moved up,
    their ↑ again (their ✕ in the first seat); a player removed, the next row's ✕, or "Add a player" after the last.
    A button, never a name but a new one: on a phone, a name focused opens the keyboard over the rows."""
    verb, _, number = action.partition("-") if action.startswith(("remove-", "up-")) else (action, "", "")
    count = len(state["players"])
    n = int(number) if is_count(number) else -1
    if verb == "add" and count > before:
        return "players-" + str(count - 1)
    if verb == "up" and count == before and 0 < n < count:
        return "up-" + str(n - 1) if n > 1 else "remove-0"
    if verb == "remove" and count < before:
        return "remove-" + str(n) if n < count and count > 1 else "add"
    return ""


def tidy(state: dict) -> dict:
    """Keep the state consistent with its mode: Solo keeps one row (rows with a name typed stay); a monument the mode
    leaves out stays chosen, for check() to name."""
    if state["mode"] == SOLO:
        keep = [n for n in range(len(state["players"])) if n == 0 or trimmed_name(state["players"][n])]
        for row in ROWS:
            state[row] = [state[row][n] for n in keep]
    return state


def game_of(state: dict) -> dict:
    """Return the game file a complete setup starts: each row's town kept from the game it came from, else empty."""
    with_monuments = not state["without_monuments"]
    game = {
        "mode": state["mode"],
        "monuments": with_monuments,
        "cavern": bool(state["cavern"]),
        "buildings": [COTTAGE] + [state[colour] for colour in CARD_COLOURS],
        "players": [{"name": trimmed_name(state["players"][n]),
                     "monument": (state["monuments"][n] or None) if with_monuments else None,
                     "town": [[None] * 4 for _ in range(4)]}
                    for n in range(len(state["players"]))],
    }
    # The expansions' flags are in a game only when on, as a game code reads them.
    game.update({flag: True for flag in EXPANSION_FLAGS if state[flag]})
    kept = kept_game(state)
    if kept is None:
        return game
    for n, origin in enumerate(state["origins"]):
        if origin != "" and int(origin) < len(kept["players"]):
            _keep_town(game, n, kept, kept["players"][int(origin)])
    return game


def renamed_buildings(kept: dict, game: dict) -> dict:
    """Return, for each building of a game kept, the card of its colour in the game set up from it: a building
    changed in the setup takes the squares of the one it replaces (each colour has one card a game)."""
    by_colour = {colour_of(card): card for card in game["buildings"]}
    return {card: by_colour.get(colour_of(card)) for card in kept["buildings"]}


def _keep_town(game: dict, n: int, kept: dict, old: dict) -> None:
    """Give player n of a game being set up the town of a player of the game kept, as far as it still holds.

    Its buildings are renamed (renamed_buildings), a monument changed leaves its square empty, and the answers
    follow what is still built. Where the new game refuses the monument's answer (the Starloom's count, once
    players are removed), the monument's square is left empty too; a town it still refuses stays empty rather
    than be misstated.
    """
    buildings = renamed_buildings(kept, game)
    tries = [buildings]
    if old["monument"] and old["monument"] == game["players"][n]["monument"]:
        with_monument = dict(buildings)
        with_monument[old["monument"]] = old["monument"]
        tries.insert(0, with_monument)
    for renamed in tries:
        changed = _town_of(game, game["players"][n], old, renamed)
        players = list(game["players"])
        players[n] = changed
        if not [item for item in problems(dict(game, players=players)) if item["player"] == n]:
            game["players"][n] = changed
            return


def _town_of(game: dict, player: dict, old: dict, renamed: dict) -> dict:
    """Return a player's record with the town of old, each card renamed (a card not renamed leaves its square
    empty), the Warehouses' loads and the answers of what is still built."""
    town = [[renamed.get(card) for card in row] for row in old["town"]]
    squares = [card for row in town for card in row]
    stored = {square: load for square, load in (old.get("stored") or {}).items()
              if square in INDEX_OF and squares[INDEX_OF[square]] == "warehouse"}
    changed = dict(player, town=town, stored=stored)
    needed = [MONUMENT_FACTS.get(card) for card in squares if card in MONUMENTS]
    for fact in MONUMENT_FACTS.values():
        changed[fact] = old.get(fact) if fact in needed else None
    changed["master_builder_turns"] = old.get("master_builder_turns") if game["mode"] == MASTER_BUILDER else None
    # The expansions' facts stay where the new game still uses them: coins, the seed, Hollow Hill's swaps.
    for key, used in (("coins", game.get("coins")), ("seed", game.get("tiny_trees")),
                      ("hollow_hill_swaps", changed.get("monument") == HOLLOW_HILL)):
        if used and old.get(key) is not None:
            changed[key] = old[key]
    return changed


def field_of(found: dict):
    """Return the setup field a problem belongs on, or None for the whole setup."""
    p = found["player"]
    if found["code"] == "unknown-mode":
        return "mode"
    if p is not None and found["code"].startswith("name"):
        return "players-" + str(p)
    if p is not None:
        return "monuments-" + str(p)
    if found["code"] == "not-in-solo" and found["value"] in MONUMENTS:
        return None
    if found["code"] in ("not-in-solo", "one-per-colour", "fortune-card-off") and found["value"]:
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


def refused(state: dict, sent=(), action: str = "") -> dict:
    """Return the problems of a setup whatever it is asked to do, placed on their fields: what unread() found (sent),
    then its players when they are more than a game has (read() keeps every row an address names: a seventh player
    is refused, never dropped), by the core's own check. Asked to CHECK, every problem that keeps it from starting."""
    if action == CHECK:
        return check(state, sent)
    return place(list(sent) + player_count_problems(state["players"]))


def reload_action(action: str, placed: dict) -> str:
    """Return the action the address of a setup answered keeps for a reload to show the same answer: CHECK where a
    start (or a check) is refused, else none ("")."""
    refused_start = (action in STARTS or action == CHECK) and (placed["fields"] or placed["general"])
    return CHECK if refused_start else ""


def check(state: dict, sent=()) -> dict:
    """Return the problems that keep a state from starting a game, after those of what was sent, placed on their fields."""
    # What unread() found comes first; the same problem on the same field is told once.
    # A card of Fortune's chosen while its switch is off is out of sight: named, it is not taken for no card at all.
    found = [problem("fortune-card-off", value=state[colour]) if state[colour] else problem("one-per-colour", value=colour)
             for colour in CARD_COLOURS if not played_card(state, colour)]
    if not state["without_monuments"]:
        # Fortune's, with its switch off; one the mode leaves out is named as such by the game's own check: no switch
        # would let it be played.
        dealt_from = monuments_in_play(state)
        found += [problem("fortune-monument-off", n, value=monument) for n, monument in enumerate(state["monuments"])
                  if monument in FORTUNE_MONUMENTS and monument not in dealt_from and allowed(state, monument)]
    # The game's own problems wait for its cards; its players are counted all the same.
    found = found + player_count_problems(state["players"]) if found else problems(game_of(state))
    found += _names_twice(state["players"])
    told = [(field_of(item), item["code"]) for item in sent]
    return place(list(sent) + [item for item in found if (field_of(item), item["code"]) not in told])


def _names_twice(names: list) -> list:
    """Return a problem on each row whose name a row above has already (in any case): two players of one name read
    as one on the result, in BG Stats and in the games a phone keeps."""
    seen = set()
    found = []
    for n, name in enumerate(names):
        key = trimmed_name(name).lower()
        if key in seen:
            found.append(problem("name-twice", n))
        if key:
            seen.add(key)
    return found


def start(state: dict, sent=()):
    """Return the game file the setup starts, or None and the placed problems (sent: what unread() found)."""
    placed = check(state, sent)
    if placed["fields"] or placed["general"]:
        return None, placed
    return game_of(state), placed
