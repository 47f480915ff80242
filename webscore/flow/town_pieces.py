"""A town step drawn as HTML: the palette, the 16 squares, the facts a town needs, the running total, the page.

The town step's page (the function town_step here; what the step reads and saves is the flow's town_step.py and town_fields.py)
and a town at a table (table_pieces.table_town) hold the same grid (town_grid), drawn by the server and by the
offline shell (under MicroPython) with these functions; town.js and live.mjs then follow the taps. Everything
shown is escaped here.
"""

from ..scoring.expansions import NO_SEED
from .controls import errors_of
from .controls import number_field
from .controls import tied
from .controls import wake_switch
from .fields import blank
from .text import SOFT_HYPHEN
from .text import attributes
from .text import counted
from .text import escape
from .text import fill
from .text import name_list
from .text import number
from .text import placed_texts
from .text import points as text_points
from .text import points_said
from .text import problem_text
from .text import sentences
from .text import titled
from .text import whole_words
from .town_step import DRAFT_KEPT
from .town_step import FROM_SCORES

# The 16 squares of a town, row by row.
SQUARES = [column + str(row) for row in range(1, 5) for column in "abcd"]
# The question a running total waits for, by its field: the label the form gives it.
QUESTIONS = {"shrine_buildings": "shrine", "completed_before": "starloom", "master_builder_turns": "turns",
             "monument": "monument", "coins": "coins", "hollow_hill_swaps": "hollow_hill_swaps"}
SEED = "seed"


def town_grid(words: dict, offered: list, values: dict, errors: dict, asks_turns: bool, asks_fact, scored=None,
              expansions=()) -> str:
    """Return a town's palette, its 16 squares and the facts it needs, as the town step and a table's town draw them.

    offered lists the cards a square takes (the game's buildings, then the player's monument); values holds
    the fields' values and errors their messages (worded), by field name. scored, the town as the core scores
    it ({"total", "squares": [{"square", "points"}]}), puts the live score's numbers in at once, so they show
    as the palette does, before the core in the browser has started. expansions lists the expansions' facts
    every town of the game is asked (town_facts.expansion_facts): its coins, and its seed, placed on the board
    with a tool of the palette.
    """
    ui, catalogue = words["ui"], words["catalogue"]
    points = {square["square"]: square["points"] for square in scored.get("squares", [])} if scored else {}
    total = running_total(words, scored, values) if scored else ""
    tools = []
    seeds = SEED in expansions
    for card in offered:
        colour = catalogue["colours"][card]
        # What a square shows and says of it (square_card: HTML) goes with it: town.js puts it there.
        tools.append('<button type="button" class="tool c-{0}" data-card="{1}" data-colour="{0}" data-square-name="{3}" '
                     'aria-pressed="false">{2}</button>'.format(colour, card, escape(words["cards"][card]),
                                                                escape(square_card(words, card))))
    if seeds:
        tools.append(seed_tool(words, errors))
    # Undo is drawn enabled, so that a tap on it before town.js runs is kept with the others (early-taps.js);
    # town.js disables it until there is a change to undo.
    palette = (
        '<div class="palette" data-label-empty="{empty}" data-choose-first="{first}">\n'
        '    <p class="running-total{waiting}"{hidden}>{total}</p>\n'
        '    <p class="palette-title">{tap}</p>\n    {tools}\n'
        '    <button type="button" class="tool c-empty" data-card="" data-square-name="{empty_square}" '
        'aria-pressed="false">{empty}</button>\n'
        '    <span class="palette-actions">\n'
        '      <button type="button" class="small" data-action="undo">{undo}</button>\n'
        '      <button type="button" class="small" data-action="clear">{clear}</button>\n'
        '    </span>\n  </div>').format(empty=escape(ui["empty"]), first=escape(ui["choose_first"]),
                                      tap=escape(ui["tap_hint"]), tools="\n    ".join(tools), undo=escape(ui["undo"]),
                                      clear=escape(ui["clear"]), total=escape(total), hidden="" if scored else " hidden",
                                      empty_square=escape(square_card(words, "")),
                                      waiting=" is-waiting" if scored and "waiting" in scored else "")
    seed = str(values.get(SEED) or "") if seeds else None
    squares = [square_field(words, name, offered, values, errors, points.get(name), seed) for name in SQUARES]
    facts = []
    # A monument's question first, right after the grid where the monument is placed; then the coins.
    asked = [asks_fact] + [fact for fact in expansions if fact != SEED]
    for fact in ("shrine_buildings", "completed_before", "hollow_hill_swaps", "coins"):
        if fact in asked:
            facts.append('<p class="fact"><label for="{}">{}</label>\n      {}{}</p>'.format(
                fact, escape(ui[QUESTIONS[fact]]), number_field(fact, values.get(fact, ""), errors),
                errors_of(errors, fact)))
    if seeds:
        facts.append(seed_field(words, seed, errors))
    if asks_turns:
        facts.append('<p class="fact"><label for="master_builder_turns">{}</label>\n      {}\n'
                     '      <span class="hint">{}</span>{}</p>'.format(
                         escape(ui["turns"]), number_field("master_builder_turns", values.get("master_builder_turns", ""),
                                                           errors),
                         escape(ui["turns_hint"]), errors_of(errors, "master_builder_turns")))
    # The facts a town needs follow its grid at once: a monument placed asks there for what it needs.
    return ('{palette}\n\n  <div class="grid" role="group" aria-label="{board}">\n  {squares}\n  </div>\n\n'
            '  <div class="facts">\n    {facts}\n    {wake}\n  </div>').format(
        palette=palette, board=escape(ui["town_board"]), squares="\n  ".join(squares), wake=wake_switch(words),
        facts="\n    ".join(facts))


def seed_tool(words: dict, errors: dict) -> str:
    """Return the palette's tool that puts the seed on a square (Tiny Trees), described by the seed's messages."""
    described = " ".join("seed-error-{}".format(n + 1) for n in range(len(errors.get(SEED, [])))) or None
    return "<button {}>{}</button>".format(attributes({
        "type": "button", "class": "tool c-seed", "data-seed": True, "aria-pressed": "false",
        "aria-describedby": described}), escape(words["ui"]["seed"]))


def seed_field(words: dict, seed: str, errors: dict) -> str:
    """Return the field the form sends the seed's square in, and its messages: a select, as a square's is, that
    the board stands for where scripts run (town.js changes it, static/css/noscript.css shows it without)."""
    labels = {"": words["ui"]["no_seed"], NO_SEED: words["ui"]["seed_none"]}
    options = ['<option {}>{}</option>'.format(attributes({"value": name, "selected": seed == name}),
                                               escape(labels.get(name, name))) for name in ["", NO_SEED] + SQUARES]
    select = {"class": "seed-select", "id": SEED, "name": SEED}
    select.update(tied(errors, SEED))
    # Where scripts run the board stands for the select: a player who put no seed down says so with this box (town.js),
    # sent as the select's "none".
    nowhere = '<label class="choice seed-none"><input {}> {}</label>'.format(
        attributes({"type": "checkbox", "class": "seed-none-box", "checked": seed == NO_SEED}),
        escape(words["ui"]["seed_none"]))
    return ('<p class="fact seed-fact"><label class="seed-label" for="{}">{}</label>\n      <select {}>{}</select>'
            '\n      {}{}</p>').format(SEED, escape(words["ui"]["seed"]), attributes(select), "".join(options), nowhere,
                                       errors_of(errors, SEED))


def running_total(words: dict, scored: dict, values=None) -> str:
    """Return what the running total says: the town's total (the least it can be while the town on the right is not
    entered: "until"), or what it waits for ({"waiting": [fields]}, webscore.flow.live_town), the first question
    the form asks that has no right answer yet: to be answered, or, where values (the fields' values, by name; None
    where the form is not at hand, as for a piece drawn by name) holds an answer, to be checked (5 coins in a chest
    of 4)."""
    ui = words["ui"]
    if "until" in scored:
        # At a table the town on the right is known once handed in ("handed_in"), elsewhere once entered.
        until = "running_total_until_handed_in" if scored.get("handed_in") else "running_total_until"
        return fill(ui[until], {"num": number(words, scored["total"]), "name": scored["until"]})
    if "waiting" not in scored:
        return fill(ui["running_total"], {"num": number(words, scored["total"])})
    field = scored["waiting"][0] if scored["waiting"] else None
    if field in QUESTIONS:
        asked = "waiting_for_answer" if blank((values or {}).get(field)) else "waiting_for_right_answer"
        return fill(ui[asked], {"question": ui[QUESTIONS[field]]})
    if field == SEED:
        return ui["waiting_for_seed"]
    if field is not None and field.startswith("stored_"):
        # A load left blank is none: the live score waits only on a load out of range, and says the range.
        return fill(ui["waiting_for_load"], {"square": field[len("stored_"):],
                                             "num": number(words, words["catalogue"]["max_stored"])})
    return ui["waiting_for_town"]


def live_numbers(words: dict, scored: dict, fields: dict, refused=None) -> dict:
    """Return what the live score writes for a town as the core scores it (webscore.flow.live_town) from the fields
    (the form's, each key's first value): the running total's words (running_total), and each square's points, as a
    number and in words ("3 points"), by its name, no square's while the town waits for an answer; and what each
    square says once a tap changed it (square_said), by its name: alone, then with the total ("said"). Plain text:
    the page puts it in as text (live.mjs), and says a square's (town.js). With refused, the placed problems of the
    Warehouse loads no town takes (town_step.refused_loads), each such field's messages as the server's page draws
    them on its square (errors_of, HTML), by the field ("problems")."""
    squares = {}
    if "waiting" not in scored:
        for square in scored["squares"]:
            squares[square["square"]] = [number(words, square["points"]), points_said(words, square["points"])]
    total = running_total(words, scored, fields)
    said = {}
    for name in SQUARES:
        card = fields.get("square_" + name)
        card = card if card in words["square_cards"] else ""
        points = squares[name][1] if name in squares else ""
        # The seed's field is in the form of a game with Tiny Trees alone.
        seeded = fields.get(SEED) == name
        said[name] = [square_said(words, name, card, points, seeded=seeded),
                      square_said(words, name, card, points, total, seeded)]
    errors = placed_texts(words, refused)["errors"]
    return {"total": total, "squares": squares, "said": said,
            "problems": {field: square_errors(words, errors, field) for field in errors}}


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


def square_said(words: dict, square: str, card: str, points: str = "", total: str = "", seeded: bool = False) -> str:
    """Return a square's button's name, which town.js says of a square a tap changed, as plain text: its name, what
    stands there (card: its id, "" for none), the seed where it lies there (seeded), and its points where the square
    shows them (points: in words, "" for none), in the language's words and punctuation ("a1, Farm, 0 points",
    "a1, Cottage, Seed, 3 points"); then the running total where it is said with it ("… . Running total: 34")."""
    ui = words["ui"]
    # Said without the soft hyphens the square's card name may break at.
    what = words["square_cards"][card].replace(SOFT_HYPHEN, "") if card else ui["empty"]
    if seeded:
        what = fill(ui["square_seed_said"], {"card": what, "seed": ui["seed"]})
    what = fill(ui["square_points_said"] if points else ui["square_said"], {"square": square, "card": what,
                                                                             "points": points})
    return sentences([fill(ui["sentence"], {"words": what}), total]) if total else what


def square_field(words: dict, name: str, offered: list, values: dict, errors: dict, points=None, seed=None) -> str:
    """Return one square of a town: its name, the card standing there, on a Warehouse what it stores, and its
    points when they are known; in a game with Tiny Trees (seed: the seed's square, or ""), whether the seed lies
    there."""
    select, stored = "square_" + name, "stored_" + name
    chosen = values.get(select, "")
    # Drawn as tap-to-place shows it (town.js changes it only when a tap does): a square's colour and its card.
    shown = chosen if chosen in offered else ""
    options = ['<option {}>{}</option>'.format(attributes({"value": "", "selected": chosen == ""}), escape(words["ui"]["empty"]))]
    options += ['<option {}>{}</option>'.format(attributes({"value": card, "selected": chosen == card}),
                                                escape(words["cards"][card])) for card in offered]
    # What the square says as drawn (square_said), and with each card it can hold ("data-said-empty" for none): said
    # as a tap chooses one until the live score has its points, and where no core runs (town.js); with the seed where
    # it lies, as the live score says it (live_numbers).
    seeded = seed is not None and seed == name
    said = {"data-said-" + (card or "empty"): square_said(words, name, card, seeded=seeded) for card in [""] + offered}
    said["data-said"] = square_said(words, name, shown, points_said(words, points) if points is not None else "",
                                    seeded=seeded)
    select_attributes = {"class": "square-select", "id": select, "name": select}
    select_attributes.update(tied(errors, select))
    # Left blank, a Warehouse stores nothing: the placeholder says so.
    stored_field = number_field(stored, values.get(stored, ""), errors,
                                {"class": "stored-input", "placeholder": "0",
                                 "aria-label": fill(words["ui"]["stored_on"], {"square": name})})
    return (
        '<div class="square{broken}{filled}" {said} data-square="{name}" data-which="{which}">\n'
        '      {button}\n'
        '      <label class="square-name" for="{select}">{name}</label>\n'
        '      <select {select_attributes}>{options}</select>\n'
        '      <span class="stored{hidden}">\n'
        '        <label for="{stored}">{stored_label}</label>\n'
        '        {stored_field}\n'
        '      </span>\n'
        '      {errors}\n    </div>').format(
        broken=" has-error" if errors.get(select) or errors.get(stored) else "", name=name, select=select,
        which=escape(fill(words["ui"]["which_building"], {"square": name})),
        said=attributes(said),
        filled=" filled c-" + words["catalogue"]["colours"][shown] if shown else "",
        button=square_button(words, name, shown, errors.get(select, []), errors.get(stored, []), points, seed),
        select_attributes=attributes(select_attributes), options="".join(options),
        hidden="" if chosen == "warehouse" else " is-hidden", stored=stored, stored_label=escape(words["ui"]["stored"]),
        stored_field=stored_field, errors=square_errors(words, errors, select) + square_errors(words, errors, stored))


def square_errors(words: dict, errors: dict, field: str) -> str:
    """Return the messages of a square's field (its card's, its load's), as the square shows them (square_message)."""
    return errors_of(errors, field, lambda message: square_message(words, message))


def square_message(words: dict, message: str) -> str:
    """Return a message as a square shows it, as HTML: its words whole where they fit a line, a word wider than the
    square broken only where the language lets it (words' square_words: "3 res-/sources."), never at any letter."""
    breaks = words["square_words"]
    return whole_words(" ".join(breaks.get(word, word) for word in message.split(" ")))


def square_button(words: dict, name: str, card: str, select_errors: list, stored_errors: list, points=None,
                  seed=None) -> str:
    """Return the button a square is where tap-to-place runs (without scripts, static/css/noscript.css leaves
    the select alone): its name, the card standing there (town.js follows the taps) and its points (when known,
    else by live.mjs), described by the square's messages.

    Its parts are shown as blocks, which a browser reads with a space between them; the commas that end them, and
    "Empty" on a square without a building, are said, not seen ("said-only": written on the line of the part they
    end, where text taken out of the line, as visually-hidden's is, was read with a space before it: "a1 , Cottage ,
    3 points"), so it reads "a1, Cottage, 3 points". The seed, where it lies (seed: its square, None in a game
    without), is said after the card: "a1, Cottage, Seed, 3 points".
    """
    mark = "" if seed is None else '<span class="square-seed"{}><span aria-hidden="true">🌱</span>' \
        '<span class="visually-hidden">{},</span></span>'.format("" if seed == name else " hidden", escape(words["ui"]["seed"]))
    written = number(words, points) if points is not None else ""
    said = points_said(words, points) if points is not None else ""
    messages = ["square_{}-error-{}".format(name, n + 1) for n in range(len(select_errors))]
    messages += ["stored_{}-error-{}".format(name, n + 1) for n in range(len(stored_errors))]
    return (
        '<button {}><span class="square-name">{}<span class="said-only">,</span></span>'
        '<span class="square-what"><span class="square-card">{}</span></span>{}'
        '<span class="square-points-holder"><span class="square-points" aria-hidden="true">{}</span>'
        '<span class="square-points-words visually-hidden">{}</span></span></button>').format(
        attributes({"type": "button", "class": "square-button", "aria-describedby": " ".join(messages) or None}),
        name, square_card(words, card), mark, escape(written), escape(said))


def square_card(words: dict, card: str) -> str:
    """Return what a square's button shows and says of the card standing there (card: its id, "" for none), as HTML,
    with the comma that ends it, said, not seen: its name as a square shows it (whole_words, soft hyphens where the
    language lets a word break), or "Empty", said only. town.js puts it in from the palette's tool of the card."""
    comma = '<span class="said-only">,</span>'
    if not card:
        return '<span class="square-empty said-only">{}</span>{}'.format(escape(words["ui"]["empty"]), comma)
    return whole_words(words["square_cards"][card], comma)


def town_step(words: dict, step: dict, grid: str) -> str:
    """Return a town step's page: the players to move between, the heading, and its form around the grid.

    step is the flow's view of the step (flow.step_view: names, the players'; n, this one, from 1; key, the form's;
    monuments, those offered, [] when the game has none; monument, the one chosen; from_scores, opened by "Change
    this town": the way back to the scores is the primary action; totals, town_live.saved_totals) with what the
    page adds: action, code and lang (the form's), general (messages of no field), general_fields (beside each, the
    field it is about, or None: text.placed_texts), unfinished (names of towns barely begun) and errors (messages by
    field).
    """
    ui = words["ui"]
    names, n = step["names"], step["n"]
    others = []
    for i, (name, total) in enumerate(zip(names, step["totals"])):
        if i + 1 == n:
            others.append('<li><strong aria-current="step" dir="auto">{}</strong></li>'.format(escape(name)))
            continue
        # Each other town says whether it is saved, with its total.
        if total is None:
            state = '<span class="chip-state not-yet">{}</span>'.format(escape(ui["not_entered"]))
        else:
            state = '<span class="chip-state"><span aria-hidden="true">✓ </span>{}</span>'.format(
                text_points(words, total))
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
