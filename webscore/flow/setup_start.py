"""Starting the game a setup describes: what keeps it from starting, named on its fields, and the game file it
starts, each row keeping the town of the game it came from.

It stands apart from reading the form (new_game.py) and from its buttons (setup_choices.py): only the start checks
the whole setup against the core, and only it builds a game.
"""

from ..scoring.cards import CARD_COLOURS
from ..scoring.cards import COTTAGE
from ..scoring.cards import FORTUNE_MONUMENTS
from ..scoring.cards import HOLLOW_HILL
from ..scoring.cards import MONUMENTS
from ..scoring.cards import colour_of
from ..scoring.expansions import EXPANSION_FLAGS
from ..scoring.game import MASTER_BUILDER
from ..scoring.names import LOST
from ..scoring.names import name_key
from ..scoring.names import trimmed_name
from ..scoring.town import INDEX_OF
from ..scoring.validate import MONUMENT_FACTS
from ..scoring.validate import left_out_problems
from ..scoring.validate import player_count_problems
from ..scoring.validate import problems
from .fields import problem
from .new_game import field_of
from .new_game import kept_game
from .new_game import place
from .new_game import played_card
from .setup_choices import allowed
from .setup_choices import monuments_in_play

# The buttons that start the game the setup describes: enter the towns, play at the table, one phone each.
STARTS = ("start", "play", "table")
# What the address of a setup refused at its start asks instead, so that a reload names its problems again (check())
# without starting the game, as the start's own address would once they were mended (setup.js).
CHECK = "check"


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


def refused(state: dict, sent=(), action: str = "") -> dict:
    """Return the problems of a setup whatever it is asked to do, placed on their fields: what new_game.unread() found (sent),
    then its players when they are more than a game has (new_game.read() keeps every row an address names: a seventh player
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
    # What new_game.unread() found comes first; the same problem on the same field is told once.
    # A card of Fortune's chosen while its switch is off is out of sight: named, it is not taken for no card at all.
    # A colour the address gave a card of another colour has that said already (new_game.unread()), not "choose one".
    named = [item.get("colour") for item in sent if item["code"] == "not-of-colour"]
    found = [problem("fortune-card-off", value=state[colour]) if state[colour] else problem("one-per-colour", value=colour)
             for colour in CARD_COLOURS if not played_card(state, colour) and colour not in named]
    # A card the mode leaves out shows as none in the row of the seven: named with the colours that have none, where
    # the game's own check, which names it otherwise, waits for them.
    if found or named:
        found += _left_out(state)
    if not state["without_monuments"]:
        # Fortune's, with its switch off; one the mode leaves out is named as such by the game's own check: no switch
        # would let it be played.
        dealt_from = monuments_in_play(state)
        found += [problem("fortune-monument-off", n, value=monument) for n, monument in enumerate(state["monuments"])
                  if monument in FORTUNE_MONUMENTS and monument not in dealt_from and allowed(state, monument)]
    # The game's own problems wait for its cards; its players are counted all the same.
    found = found + player_count_problems(state["players"]) if found or named else problems(game_of(state))
    found += _name_problems(state["players"])
    told = [(field_of(item), item["code"]) for item in sent]
    return place(list(sent) + [item for item in found if (field_of(item), item["code"]) not in told])


def _left_out(state: dict) -> list:
    """Return the cards chosen that the mode leaves out, as the game's own check names them."""
    chosen = [played_card(state, colour) for colour in CARD_COLOURS]
    return left_out_problems({"mode": state["mode"], "buildings": [card for card in chosen if card]})


def _name_problems(names: list) -> list:
    """Return what the setup finds in its names beside the game's own check: a problem on each row whose name a row
    above has already (in any case: two players of one name read as one on the result, in BG Stats and in the games a
    phone keeps), and on each that lost a character on its way (an address whose bytes are no text), to be typed again
    before it starts a game."""
    seen = set()
    found = []
    for n, name in enumerate(names):
        key = name_key(name)
        if key in seen:
            found.append(problem("name-twice", n))
        if key:
            seen.add(key)
        if LOST in name:
            found.append(problem("name-lost-character", n))
    return found


def start(state: dict, sent=()):
    """Return the game file the setup starts, or None and the placed problems (sent: what new_game.unread() found)."""
    placed = check(state, sent)
    if placed["fields"] or placed["general"]:
        return None, placed
    return game_of(state), placed
