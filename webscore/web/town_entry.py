"""Entering each player's town, one step per player; the game travels in the URL's code."""

from flask import Blueprint
from flask import abort
from flask import redirect
from flask import render_template
from flask import request
from flask import url_for
from flask_babel import gettext as _

from ..scoring import encode
from ..scoring.cards import MONUMENTS
from ..scoring.game import MASTER_BUILDER
from ..scoring.town import INDEX_OF
from ..scoring.town import NAMES
from ..scoring.validate import MONUMENT_FACTS
from ..scoring.validate import problems
from . import i18n
from .forms import TownForm
from .forms import choices
from .games import load_game
from .labels import CARD_NAMES
from .problems import problem_text

bp = Blueprint("town", __name__, url_prefix="/<lang>/g/<code>")
i18n.lang_prefix(bp)

FACTS = ("master_builder_turns", "shrine_buildings", "completed_before")


def _player_or_404(game: dict, n: int) -> dict:
    if not 1 <= n <= len(game["players"]):
        abort(404)
    return game["players"][n - 1]


def _form(game: dict, player: dict, formdata=None) -> TownForm:
    squares = [card for row in player["town"] for card in row]
    data = {key: player.get(key) for key in FACTS}
    for i, name in enumerate(NAMES):
        data["square_" + name] = squares[i] or ""
        data["stored_" + name] = (player.get("stored") or {}).get(name)
    form = TownForm(formdata, data=data)
    cards = [("", _("Empty"))] + [(card, CARD_NAMES[card]) for card in game["buildings"]]
    if player.get("monument"):
        cards.append((player["monument"], CARD_NAMES[player["monument"]]))
    for select in form.squares:
        select.choices = choices(cards)
    return form


def _render(game, code, n, form, general=(), status=200):
    player = game["players"][n - 1]
    return render_template("town.html", game=game, game_code=code, n=n, player=player, form=form,
                           general=list(general), asks_turns=game["mode"] == MASTER_BUILDER,
                           asks_fact=MONUMENT_FACTS.get(player.get("monument"))), status


@bp.get("/<int:n>")
def step(code, n):
    """Show player n's town for entering or changing; unsaved answers in the query are kept on reload."""
    game = load_game(code)
    player = _player_or_404(game, n)
    form = _form(game, player, request.args or None)
    if request.args:
        for select in form.squares:
            if select.data not in {choice.value for choice in select.choices}:
                select.data = ""
    return _render(game, code, n, form)


def _town_from(form: TownForm, player: dict) -> tuple:
    """Return the player's record as entered, and the messages for answers that are missing."""
    squares = [select.data or None for select in form.squares]
    entered = dict(player, town=[squares[r * 4:r * 4 + 4] for r in range(4)])
    for key in FACTS:
        entered[key] = getattr(form, key).data
    missing = []
    stored = {}
    for i in range(16):
        if squares[i] == "warehouse":
            load = form.stored[i].data
            if load is None and not form.stored[i].errors:
                form.stored[i].errors = [_("How many resources are stored on this Warehouse?")]
                missing.append(i)
            stored[NAMES[i]] = load
    entered["stored"] = stored
    # Facts a town does not need are dropped rather than refused: the form keeps them for a change of mind.
    built = next((card for card in squares if card in MONUMENTS), None)
    for fact in MONUMENT_FACTS.values():
        if MONUMENT_FACTS.get(built) != fact:
            entered[fact] = None
    return entered, missing


def _target(game: dict, n: int, go: str, code: str) -> str:
    if go == "back" and n > 1:
        return url_for("town.step", code=code, n=n - 1)
    if go.isdigit() and 1 <= int(go) <= len(game["players"]):
        return url_for("town.step", code=code, n=int(go))
    if go == "next" and n < len(game["players"]):
        return url_for("town.step", code=code, n=n + 1)
    return url_for("results.show", code=code)


@bp.get("/<int:n>/save")
def save(code, n):
    """Keep player n's town in a new code and go on, or show what is wrong on the squares."""
    game = load_game(code)
    player = _player_or_404(game, n)
    form = _form(game, player, request.args)
    valid = form.validate()
    entered, missing = _town_from(form, player)
    if not valid or missing:
        return _render(game, code, n, form, [], 422)
    if game["mode"] != MASTER_BUILDER:
        entered["master_builder_turns"] = None
    changed = dict(game, players=[entered if p == n - 1 else game["players"][p] for p in range(len(game["players"]))])
    general = []
    found = problems(changed)
    for item in found:
        text = problem_text(item)
        field = _field_of(form, item)
        if field is None:
            general.append(text)
        else:
            field.errors = list(field.errors) + [text]
    if found:
        return _render(game, code, n, form, general, 422)
    return redirect(_target(changed, n, request.args.get("go", "next"), encode(changed)))


def _field_of(form: TownForm, item: dict):
    """Return the form field a validation problem belongs on, or None for the whole town."""
    if item["square"] in INDEX_OF:
        i = INDEX_OF[item["square"]]
        return form.stored[i] if item["code"].startswith("stored") else form.squares[i]
    fact = item["code"].split("-")[0]
    return getattr(form, fact) if fact in FACTS else None
