"""Setting up a game: players in seating order, mode, options, the seven buildings, monuments."""

import random

from flask import Blueprint
from flask import redirect
from flask import render_template
from flask import request
from flask import url_for

from ..scoring import CodeError
from ..scoring import InvalidGame
from ..scoring import encode
from ..scoring import game_from_code
from ..scoring.cards import CARD_COLOURS
from ..scoring.cards import FIRST_GAME
from ..scoring.cards import MONUMENTS
from ..scoring.cards import SOLO_EXCLUDED
from ..scoring.cards import cards_of_colour
from ..scoring.cards import colour_of
from ..scoring.game import SOLO
from ..scoring.validate import MAX_PLAYERS
from ..scoring.validate import problems
from . import i18n
from .forms import SetupForm
from .forms import monument_choices
from .forms import values
from .problems import problem_text

bp = Blueprint("setup", __name__, url_prefix="/<lang>")
i18n.lang_prefix(bp)

# The box's one random source for dealing; a game code needs no seed, so no reproducibility is lost.
_deal = random.SystemRandom()


def _default_state() -> dict:
    state = {"players": ["", ""], "monuments": ["", ""], "dealt": ["", ""], "mode": "master-builder",
             "cavern": False, "without_monuments": False}
    state.update(_first_game())
    return state


def _first_game() -> dict:
    return {colour_of(card): card for card in FIRST_GAME if colour_of(card) in CARD_COLOURS}


def _state_from_game(game: dict) -> dict:
    """Return the setup of a finished game, for playing again with the same players and buildings."""
    players = game["players"]
    state = {"players": [p["name"] for p in players], "monuments": [""] * len(players),
             "dealt": [""] * len(players), "mode": game["mode"], "cavern": game["cavern"],
             "without_monuments": not game["monuments"]}
    state.update({colour_of(card): card for card in game["buildings"] if colour_of(card) in CARD_COLOURS})
    return state


def _apply(action: str, state: dict) -> None:
    """Change the setup state as one of the form's buttons asks."""
    rows = ("players", "monuments", "dealt")
    count = len(state["players"])
    if action == "add" and count < MAX_PLAYERS:
        for key in rows:
            state[key].append("")
    elif action.startswith(("remove-", "up-")) and action.split("-")[1].isdigit():
        n = int(action.split("-")[1])
        if action.startswith("remove-") and 0 <= n < count and count > 1:
            for key in rows:
                del state[key][n]
        elif action.startswith("up-") and 0 < n < count:
            for key in rows:
                state[key][n - 1], state[key][n] = state[key][n], state[key][n - 1]
    elif action == "first-game":
        state.update(_first_game())
    elif action == "deal":
        for colour in CARD_COLOURS:
            state[colour] = _deal.choice([c for c in cards_of_colour(colour) if _allowed(state, c)])
    elif action == "deal-monuments":
        pile = [m for m in sorted(MONUMENTS) if _allowed(state, m)]
        _deal.shuffle(pile)
        state["dealt"] = [pile[2 * n] + " " + pile[2 * n + 1] for n in range(count)]
        state["monuments"] = [""] * count


def _allowed(state: dict, card: str) -> bool:
    return state["mode"] != SOLO or card not in SOLO_EXCLUDED


def _game(state: dict) -> dict:
    with_monuments = not state["without_monuments"]
    return {
        "mode": state["mode"],
        "monuments": with_monuments,
        "cavern": bool(state["cavern"]),
        "buildings": ["cottage"] + [state[colour] for colour in CARD_COLOURS],
        "players": [{"name": (name or "").strip(),
                     "monument": (monument or None) if with_monuments else None,
                     "town": [[None] * 4 for _ in range(4)]}
                    for name, monument in zip(state["players"], state["monuments"])],
    }


def _place_problems(form: SetupForm, found: list) -> list:
    """Put each problem on its field; return the messages that belong to no single field."""
    general = []
    for item in found:
        text = problem_text(item)
        p = item["player"]
        if p is not None and item["code"].startswith("name"):
            form.players[p].errors = list(form.players[p].errors) + [text]
        elif p is not None:
            form.monuments[p].errors = list(form.monuments[p].errors) + [text]
        elif item["code"] == "not-in-solo":
            field = getattr(form, colour_of(item["value"]))
            field.errors = list(field.errors) + [text]
        else:
            general.append(text)
    return general


def _form(state: dict) -> SetupForm:
    form = SetupForm(None, data=state)
    for n, select in enumerate(form.monuments):
        dealt = state["dealt"][n].split() if n < len(state["dealt"]) else []
        select.choices = [c for c in monument_choices()
                          if not c.value or (c.value in dealt if dealt else _allowed(state, c.value))]
    return form


@bp.get("/new")
def new_game():
    """Show the setup form, apply its buttons, or start the game it describes."""
    if "again" in request.args:
        try:
            state = _state_from_game(game_from_code(request.args["again"]))
        except (CodeError, InvalidGame):
            state = _default_state()
    elif not request.args:
        state = _default_state()
    else:
        parsed = SetupForm(request.args)
        state = parsed.data
        count = len(state["players"])
        for key in ("players", "monuments", "dealt"):
            state[key] = [value or "" for value in (list(state[key]) + [""] * count)[:count]]
        state["mode"] = state["mode"] if state["mode"] in values(parsed.mode) else "master-builder"
    action = request.args.get("action", "")
    if action not in ("start", "play", "table"):
        _apply(action, state)
        return render_template("setup.html", form=_form(state), general=[], monument_choices=monument_choices)
    form = _form(state)
    missing = [field for field in form.colour_fields() if field.data not in values(field)]
    for field in missing:
        field.errors = [str(problem_text({"code": "one-per-colour", "value": None}))]
    if missing:
        return render_template("setup.html", form=form, general=[], monument_choices=monument_choices), 422
    game = _game(state)
    found = problems(game)
    if found:
        return render_template("setup.html", form=form, general=_place_problems(form, found),
                               monument_choices=monument_choices), 422
    if action == "play":
        return redirect(url_for("pages.play", code=encode(game)))
    if action == "table":
        return redirect(url_for("tables.start", code=encode(game)))
    return redirect(url_for("town.step", code=encode(game), n=1))
