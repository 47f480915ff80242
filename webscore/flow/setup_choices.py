"""What a setup offers and what its buttons change: the cards and monuments a mode allows, rows added, removed and
moved, buildings and monuments dealt.

It stands apart from reading the form (new_game.py) and from starting the game (setup_start.py): a button changes
the state and never checks it, which only the start does.
"""

from ..scoring.cards import ALL_MONUMENTS
from ..scoring.cards import CARD_COLOURS
from ..scoring.cards import MONUMENTS
from ..scoring.cards import SOLO_EXCLUDED
from ..scoring.cards import TOWN_HALL_EXCLUDED
from ..scoring.cards import cards_of_colour
from ..scoring.game import SOLO
from ..scoring.game import TOWN_HALL
from ..scoring.names import trimmed_name
from ..scoring.validate import MAX_PLAYERS
from .fields import is_count
from .new_game import ROWS
from .new_game import first_game
from .new_game import played_card


def allowed(state: dict, card: str) -> bool:
    """Tell whether a card may be chosen in this mode (Solo leaves seven out, Town Hall the Oddity Shop)."""
    return card not in (SOLO_EXCLUDED if state["mode"] == SOLO else TOWN_HALL_EXCLUDED if state["mode"] == TOWN_HALL
                        else ())


def shown_card(state: dict, colour: str) -> str:
    """Return the card the row of the seven names in a colour: the one played, or "" where none is or where the mode
    leaves it out (Solo's Inn, Bank, Schoolhouse and Oddity Shop; Town Hall's Oddity Shop). Such a card stays chosen,
    out of sight, but no game starts with it: the row says the colour has no card, as the page's script does."""
    card = played_card(state, colour)
    return card if allowed(state, card) else ""


def monuments_in_play(state: dict) -> list:
    """Return the monuments a game of this setup is dealt from, by id: the base game's 15, and Fortune's 10 with it."""
    return sorted(ALL_MONUMENTS if state["fortune_monuments"] else MONUMENTS)


def monument_offers(state: dict) -> list:
    """Return, per player row, the monuments its select offers: the dealt pair, else every allowed one."""
    every = [m for m in monuments_in_play(state) if allowed(state, m)]
    offers = [state["dealt"][n].split() if state["dealt"][n] else every for n in range(len(state["players"]))]
    # A monument chosen that the setup would not offer (Fortune's while its cards are off, one Solo leaves out)
    # stays in its row's choice, and starting the game names it (setup_start.check()): what a player chose is not lost.
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
    leaves out stays chosen, for setup_start.check() to name."""
    if state["mode"] == SOLO:
        keep = [n for n in range(len(state["players"])) if n == 0 or trimmed_name(state["players"][n])]
        for row in ROWS:
            state[row] = [state[row][n] for n in keep]
    return state
