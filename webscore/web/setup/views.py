"""Setting up a game: the setup form, its buttons, and the start of the walk-through.

The form is read, changed and checked by webscore.flow.new_game, the same code the browser runs;
this view only turns its answers into a page or a redirect.
"""

import random

from flask import Blueprint
from flask import redirect
from flask import render_template
from flask import request
from flask import url_for

from ...flow import new_game as setup_flow
from ...flow import setup_choices
from ...flow import setup_start
from ...flow.text import problem_text
from ...scoring import encode
from ...scoring.cards import CARD_COLOURS
from ...scoring.names import MAX_NAME_UNITS
from ...scoring.validate import MAX_PLAYERS
from ..http import page_cache
from ..i18n.words import page_words_of_browser
from .forms import SetupForm
from .forms import monument_choices

bp = Blueprint("setup", __name__, url_prefix="/<lang>", template_folder="templates")

# The box's one random source for dealing; a game code needs no seed, so no reproducibility is lost.
_dealer = random.SystemRandom()


def _form(state: dict, placed: dict) -> SetupForm:
    """Return the WTForms form that draws a state, with each problem on its field."""
    form = SetupForm(None, data=state)
    for select in form.monuments:
        select.choices = monument_choices()
    for field_id, found in placed["fields"].items():
        kind, _, number = field_id.partition("-")
        field = form[kind][int(number)] if number else form[kind]
        field.errors = list(field.errors) + [problem_text(page_words_of_browser(), item) for item in found]
    return form


def _page(state: dict, placed: dict, status: int = 200, focus: str = "", action: str = ""):
    words = page_words_of_browser()
    general = [problem_text(words, item) for item in placed["general"]]
    reload = setup_start.reload_action(action, placed)
    # At the most players, "Add a player" gives way to why: the problem the flow names then, as the pad says it.
    page = render_template("setup.html", form=_form(state, placed), general=general, max_players=MAX_PLAYERS,
                           players_full=words["problems"]["player-count"], max_name=MAX_NAME_UNITS,
                           monument_choices=monument_choices,
                           offers=setup_choices.monument_offers(state), focus=focus, reload=reload,
                           played={colour: setup_choices.shown_card(state, colour) for colour in CARD_COLOURS})
    # A start refused is never brought back from a back/forward cache as it was left, its message beside what was
    # typed since: Back asks for it again, and the page drawn says what its own fields hold (setup.html).
    return page, status, ({"Cache-Control": "no-store"} if reload else {})


@bp.get("/new")
def new_game(lang):
    """Show the setup form, apply its buttons, or start the game it describes."""
    sent = []
    if "again" in request.args:
        state, placed = setup_flow.state_again(request.args.getlist("again"))
        if placed["general"]:
            # A link to play again that cannot be read (cut short, or made by hand): a blank form, which says so.
            return _page(state, placed, 400)
    elif not request.args:
        # The blank form is the same for everyone who reads this language: drawn once, kept, revalidated.
        return page_cache.language_page("setup", lambda: _page(setup_flow.default_state(), {"fields": {}, "general": []})[0])
    else:
        # Every value of every key: what no form of ours sends (a key given twice) is named, not dropped.
        fields = request.args.to_dict(flat=False)
        state = setup_flow.read(fields)
        sent = setup_flow.unread(fields)
    action = request.args.get("action", "")
    before = len(state["players"])
    state = setup_choices.apply(action, state, _dealer)
    if action not in setup_start.STARTS:
        placed = setup_start.refused(state, sent, action)
        if placed["fields"] or placed["general"]:
            return _page(state, placed, 422, action=action)
        # The page answered takes the focus where the page's script leaves it (setup_choices.focus_after).
        return _page(state, placed, focus=setup_choices.focus_after(action, before, state))
    game, placed = setup_start.start(state, sent)
    if game is None:
        return _page(state, placed, 422, action=action)
    if action == "play":
        return redirect(url_for("pages.play", code=encode(game)), 302)
    if action == "table":
        return redirect(url_for("tables.start", code=encode(game)), 302)
    return redirect(url_for("town.step", code=encode(game), n=setup_flow.first_step(state)), 302)
