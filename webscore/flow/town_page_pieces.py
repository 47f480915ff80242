"""A town step's page drawn as HTML around its grid: the players to move between, the heading, the messages of no
square, the monument's choice and the step's buttons; and what the offline shell words around the pieces it draws.

Apart from the grid (town_pieces.py), which a town at a table shows in a page of its own (table_pieces.table_town).
The page is drawn from the flow's view of the step (flow.step_view) by the server and, under MicroPython, by the
offline shell; what the step reads and saves is the flow's town_step.py and town_fields.py. Everything shown is
escaped here.
"""

from .controls import errors_of
from .controls import tied
from .text import attributes
from .text import counted
from .text import escape
from .text import fill
from .text import name_list
from .text import placed_texts
from .text import points as text_points
from .text import problem_text
from .text import titled
from .town_step import DRAFT_KEPT
from .town_step import FROM_SCORES


def town_lines(words: dict, placed=None, name=None, problems=None) -> dict:
    """Return what the offline shell (app.mjs) words around the pieces it draws, as plain text, each asked for by
    its argument: placed, the flow's placed problems ({"fields": {field: [problem]}, "general": [problem]}) →
    "errors" (by field) and "general", worded; name, a town's player → "title", the page's title ("Town of Ana",
    after "Error: " where placed holds a problem); problems, a list of problems → "problems", worded."""
    lines = placed_texts(words, placed)
    if name is not None:
        lines["title"] = titled(words, fill(words["ui"]["town_of"], {"name": name}), lines)
    if problems is not None:
        lines["problems"] = [problem_text(words, problem) for problem in problems]
    return lines


def town_step(words: dict, step: dict, grid: str) -> str:
    """Return a town step's page: the players to move between, the heading, and its form around the grid.

    step is the flow's view of the step (flow.step_view: names, the players'; n, this one, from 1; key, the form's;
    monuments, those offered, [] when the game has none; monument, the one chosen; from_scores, opened by "Change
    this town": the way back to the scores is the primary action; totals, town_live.saved_totals; least, which of them
    are the least their town makes until the town on its right is entered) with what the
    page adds: action, code and lang (the form's), general (messages of no field), general_fields (beside each, the
    field it is about, or None: text.placed_texts), unfinished (names of towns barely begun) and errors (messages by
    field).
    """
    ui = words["ui"]
    names, n = step["names"], step["n"]
    others = []
    for i, (name, total, least) in enumerate(zip(names, step["totals"], step["least"])):
        if i + 1 == n:
            others.append('<li><strong aria-current="step" dir="auto">{}</strong></li>'.format(escape(name)))
            continue
        # Each other town says whether it is saved, with its total: "at least" that while the town on its right, which
        # it reads, is not entered, as its own step says.
        if total is None:
            state = '<span class="chip-state not-yet">{}</span>'.format(escape(ui["not_entered"]))
        else:
            points = text_points(words, total)
            state = '<span class="chip-state"><span aria-hidden="true">✓ </span>{}</span>'.format(
                fill(escape(ui["points_least"]), {"points": points}) if least else points)
        others.append('<li><button type="submit" form="town-form" name="go" value="{}"><bdi>{}</bdi> {}</button></li>'.format(
            i + 1, escape(name), state))
    nav = '<nav class="steps" aria-label="{}">\n  <ol>\n  {}\n  </ol>\n</nav>'.format(escape(ui["players"]),
                                                                                  "\n  ".join(others))
    heading = fill(escape(ui["town_of"]), {"name": "<bdi>" + escape(names[n - 1]) + "</bdi>"})
    hint = escape(fill(ui["step_hint"], {"num": n, "count": len(names)}))
    # A message about a field (an address giving it twice) names it, so that the page drops it once that field is
    # given again (town.js).
    named = step.get("general_fields") or []
    general = "".join('<p {}>{}</p>'.format(attributes({
        "class": "error", "role": "alert", "tabindex": "-1", "data-field": named[i] if i < len(named) else None}),
        escape(message)) for i, message in enumerate(step["general"]))
    confirm = ""
    if step["unfinished"]:
        confirm = ('<div class="notice confirm" role="alert">\n    <p>{}</p>\n'
                   '    <input type="hidden" name="confirm" value="empty">\n'
                   '    <button type="submit" name="go" value="results" class="primary">{}</button>\n  </div>').format(
            escape(fill(counted(words, ui["unfinished"], len(step["unfinished"])),
                        {"names": name_list(words, step["unfinished"])})), escape(ui["see_scores_anyway"]))
    monument = ""
    if step["monuments"]:
        options = ['<option {}>{}</option>'.format(attributes({"value": "", "selected": not step["monument"]}),
                                                   escape(ui["no_monument"]))]
        options += ['<option {}>{}</option>'.format(attributes({"value": card, "selected": step["monument"] == card}),
                                                    escape(words["cards"][card])) for card in step["monuments"]]
        # With scripts a monument chosen applies at once (town.js); without, its button sends the choice.
        select = {"id": "monument", "name": "monument"}
        select.update(tied(step["errors"], "monument"))
        monument = ('<p class="fact monument-fact"><label for="monument">{}</label>\n'
                    '    <select {}>{}</select>\n'
                    '    <button type="submit" name="go" value="{}" class="small without-scripts">{}</button>{}</p>').format(
            escape(ui["monument"]), attributes(select), "".join(options), n, escape(ui["change_monument"]),
            errors_of(step["errors"], "monument"))
    actions = []
    if n > 1:
        actions.append('<button type="submit" name="go" value="back">{}</button>'.format(escape(ui["previous"])))
    if step.get("from_scores"):
        # Opened by "Change this town": this town is kept and the scores shown again, from any step.
        if n < len(names):
            actions.append('<button type="submit" name="go" value="next">{}</button>'.format(escape(ui["next"])))
        actions.append('<input type="hidden" name="{}" value="{}">'.format(*FROM_SCORES))
        actions.append('<button type="submit" name="go" value="results" class="primary">{}</button>'.format(
            escape(ui["back_to_scores"])))
    elif n < len(names):
        actions.append('<button type="submit" name="go" value="next" class="primary">{}</button>'.format(escape(ui["next"])))
    else:
        actions.append('<button type="submit" name="go" value="results" class="primary">{}</button>'.format(
            escape(ui["see_scores"])))
    # The way back to the setup keeps every town: players removed, added or moved keep theirs. Where the page keeps the
    # town typed as the phone's draft, it says so (town.js enables DRAFT_KEPT), and the way waits for no answer.
    setup = ('<p class="to-setup"><button type="submit" name="go" value="setup" class="small">{}</button>'
             '<input type="hidden" name="{}" value="{}" disabled></p>').format(escape(ui["change_setup"]), *DRAFT_KEPT)
    form = ('<form class="town-form" id="town-form" data-code="{code}" data-player="{n}" data-lang="{lang}" '
            'data-key="{key}" method="get" action="{action}" novalidate>\n  {general}\n  {confirm}\n  {grid}\n\n'
            '  {monument}\n  <div class="step-actions">\n    {actions}\n  </div>\n  {setup}\n</form>').format(
        code=escape(step["code"]), n=n, lang=escape(step["lang"]), key=escape(step["key"]), action=escape(step["action"]),
        general=general, confirm=confirm, grid=grid, monument=monument, actions="\n    ".join(actions), setup=setup)
    return '{}\n<h1>{}</h1>\n<p class="hint">{}</p>\n\n{}'.format(nav, heading, hint, form)
