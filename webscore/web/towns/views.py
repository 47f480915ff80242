"""Entering each player's town, one step per player; the game travels in the URL's code.

The fields are read and checked by webscore.flow.town_step (and its town_fields, town_live), the same code the
browser runs offline; this view draws its answers or redirects where it says.
"""

from flask import Blueprint
from flask import abort
from flask import redirect
from flask import render_template
from flask import request
from flask import url_for
from markupsafe import Markup

from ...flow import live_town
from ...flow import step_view
from ...flow import town_fields
from ...flow import town_live
from ...flow import town_page_pieces
from ...flow import town_pieces
from ...flow import town_step
from ...flow.text import placed_texts
from ...scoring import game_from_code
from .. import i18n
from ..http import page_cache
from ..i18n.words import page_words_of_browser

bp = Blueprint("town", __name__, url_prefix="/<lang>/g/<code>", template_folder="templates")

NO_PROBLEMS = {"fields": {}, "general": []}


def _game_and_player(code: str, n: int):
    game = game_from_code(code)
    if not 1 <= n <= len(game["players"]):
        abort(404)
    return game, game["players"][n - 1]


def town_grid(game: dict, n: int, fields: dict, town=None, handed_in=None) -> Markup:
    """Return player n's palette, squares and facts as the fields have them, with the squares' points and the total
    as the live score would show them: a table's town is drawn with it, as a town step draws its own (drawn_grid).
    town, where given, is the fields read and checked already (town_fields.read_checked); handed_in, at a table, which
    towns are handed in (town_live.scored_live)."""
    return drawn_grid(town_live.grid_view(game, n, fields, live_town(game, n, fields, town, handed_in)))


def drawn_grid(view: dict, errors: dict = None) -> Markup:
    """Return a town's palette, squares and facts (webscore.flow.town_pieces.town_grid) as the flow's view of it
    has them (town_live.grid_view), errors (worded) on their fields.

    The town step and a table's town both draw their town with it; the offline shell draws the same piece from the
    same view, as the browser's door answers it (flow.town_json)."""
    return Markup(town_pieces.town_grid(page_words_of_browser(), view["offered"], view["fields"], errors or {},
                                        view["asks_turns"], view["fact"], view["scored"], view["expansion_facts"]))


def _render(game, code, n, fields, placed=NO_PROBLEMS, status=200, unfinished=(), town=None):
    """Draw player n's town step from the flow's view of it (flow.step_view; town: the fields read and checked
    already, if they were), with what only this page has: its address, its language, its messages worded and the
    names of the towns barely begun (unfinished)."""
    view = step_view(game, n, fields, town)
    words = page_words_of_browser()
    said = placed_texts(words, placed)
    step = dict(view, code=code, lang=i18n.current_language(), action=url_for("town.save", code=code, n=n),
                general=said["general"], general_fields=said["general_fields"], errors=said["errors"],
                unfinished=[game["players"][p]["name"] for p in unfinished])
    page = town_page_pieces.town_step(words, step, drawn_grid(view, said["errors"]))
    return render_template("town.html", game_code=code, n=n, player=game["players"][n - 1], page=Markup(page),
                           broken=bool(said["general"] or said["errors"])), status


@bp.get("/<int:n>")
def step(lang, code, n):
    """Show player n's town for entering or changing; unsaved answers in the query are kept on reload."""
    game, player = _game_and_player(code, n)
    if not request.args:
        # The town as the code holds it: the same page for every reader, kept and sent again unread
        # (the browser keeps it too, so a step opened again shows without the network).
        kept = page_cache.page(page_cache.key(request.environ, "town", lang, code, str(n)),
                               lambda: _render(game, code, n, town_fields.fields_of(player))[0])
        return page_cache.send(kept, "town")
    # Every value of every key: what no form of ours sends (a key given twice, a value no button sends) is named,
    # and so is an answer given that saving would refuse.
    shown, refused, town = town_step.opened_town(game, n, request.args.to_dict(flat=False))
    return _render(game, code, n, shown, town_fields.place(refused, n), 422 if refused else 200, town=town)


@bp.get("/<int:n>/save")
def save(lang, code, n):
    """Keep player n's town in a new code and go on, or show what is wrong on the squares."""
    game, player = _game_and_player(code, n)
    # Every value of every key, as the step reads them; the page shows each key's first, the town they give read and
    # checked once, for the save and for the step drawn again where it is refused.
    fields = request.args.to_dict(flat=True)
    town = town_fields.read_checked(game, n, fields)
    answer = town_step.save(game, n, request.args.to_dict(flat=False), code, town)
    if "problems" in answer:
        return _render(game, code, n, fields, answer["problems"], 422, town=town)
    if "confirm" in answer:
        return _render(answer["game"], answer["code"], n, fields, unfinished=answer["confirm"])
    if "setup" in answer:
        return redirect(url_for("setup.new_game", **answer["setup"]), 302)
    if answer["step"] is None:
        return redirect(url_for("results.show", code=answer["code"]), 302)
    return redirect(url_for("town.step", code=answer["code"], n=answer["step"], **answer["query"]), 302)
