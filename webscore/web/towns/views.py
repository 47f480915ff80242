"""Entering each player's town, one step per player; the game travels in the URL's code.

The fields are read and checked by webscore.flow.town_step, the same code the browser runs offline;
this view draws its answers or redirects where it says.
"""

from flask import Blueprint
from flask import abort
from flask import redirect
from flask import render_template
from flask import request
from flask import url_for
from markupsafe import Markup

from ...flow import game_key
from ...flow import live_town
from ...flow import town_facts
from ...flow import town_pieces
from ...flow import town_step
from ...flow.text import problem_text
from ...scoring import game_from_code
from ...scoring.game import MASTER_BUILDER
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


def town_grid(game: dict, n: int, fields: dict, errors: dict = None, scored=None) -> Markup:
    """Return player n's palette, squares and facts (webscore.flow.town_pieces.town_grid), errors (worded) on their
    fields, and the squares' points and the total as the live score would show them (scored: as flow.live_town
    gives them, when already found).

    The town step and a table's town both draw their town with it, and so does the offline shell.
    """
    player = town_step.as_entered(game, n, fields)
    if scored is None:
        scored = live_town(game, n, fields)
    return Markup(town_pieces.town_grid(page_words_of_browser(), town_step.offered(game, player), fields, errors or {},
                                        game["mode"] == MASTER_BUILDER, town_facts.asked_fact(player), scored,
                                        town_facts.expansion_facts(game)))


def _render(game, code, n, fields, placed=NO_PROBLEMS, status=200, unfinished=()):
    player = game["players"][n - 1]
    words = page_words_of_browser()
    errors = {field: [problem_text(words, item) for item in found] for field, found in placed["fields"].items()}
    general = [problem_text(words, item) for item in placed["general"]]
    step = {"names": [p["name"] for p in game["players"]], "n": n, "code": code, "lang": i18n.current_language(),
            "key": game_key(game), "action": url_for("town.save", code=code, n=n), "general": general,
            "unfinished": [game["players"][p]["name"] for p in unfinished],
            "monuments": town_facts.monument_offers(game), "monument": fields.get("monument", ""), "errors": errors,
            "from_scores": town_step.from_scores(fields)}
    # Every town scored once: the players' buttons' totals, and this town's numbers.
    step["totals"], scored = town_step.step_numbers(game, n, fields)
    page = town_pieces.town_step(page_words_of_browser(), step, town_grid(game, n, fields, errors, scored))
    return render_template("town.html", game_code=code, n=n, player=player, page=Markup(page),
                           broken=bool(general or errors)), status


@bp.get("/<int:n>")
def step(lang, code, n):
    """Show player n's town for entering or changing; unsaved answers in the query are kept on reload."""
    game, player = _game_and_player(code, n)
    if not request.args:
        # The town as the code holds it: the same page for every reader, kept and sent again unread
        # (the browser keeps it too, so a step opened again shows without the network).
        kept = page_cache.page(page_cache.key(request.environ, "town", lang, code, str(n)),
                               lambda: _render(game, code, n, town_step.fields_of(player))[0])
        return page_cache.send(kept, "town")
    # Every value of every key: what no form of ours sends (a key given twice, a value no button sends) is named,
    # and so is an answer given that saving would refuse.
    shown, refused = town_step.opened(game, n, request.args.to_dict(flat=False))
    return _render(game, code, n, shown, town_step.place(refused, n), 422 if refused else 200)


@bp.get("/<int:n>/save")
def save(lang, code, n):
    """Keep player n's town in a new code and go on, or show what is wrong on the squares."""
    game, player = _game_and_player(code, n)
    # Every value of every key, as the step reads them; the page shows each key's first.
    answer = town_step.save(game, n, request.args.to_dict(flat=False), code)
    fields = request.args.to_dict(flat=True)
    if "problems" in answer:
        return _render(game, code, n, fields, answer["problems"], 422)
    if "confirm" in answer:
        return _render(answer["game"], answer["code"], n, fields, unfinished=answer["confirm"])
    if "setup" in answer:
        return redirect(url_for("setup.new_game", **answer["setup"]), 302)
    if answer["step"] is None:
        return redirect(url_for("results.show", code=answer["code"]), 302)
    return redirect(url_for("town.step", code=answer["code"], n=answer["step"], **answer["query"]), 302)
