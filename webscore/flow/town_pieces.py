"""A town's grid drawn as HTML: the palette, the 16 squares, the facts a town needs, and the running total, with what
the live score writes of it after a tap.

The town step's page (town_page_pieces.town_step; what the step reads and saves is the flow's town_step.py and
town_fields.py) and a town at a table (table_pieces.table_town) hold the same grid (town_grid), drawn by the server
and by the offline shell (under MicroPython) with these functions; town.js and live.mjs then follow the taps. Each
square, as it is drawn and said, is town_square_pieces.py's. Everything shown is escaped here.
"""

from ..scoring.expansions import NO_SEED
from .controls import errors_of
from .controls import number_field
from .controls import tied
from .controls import wake_switch
from .fields import blank
from .text import attributes
from .text import escape
from .text import fill
from .text import number
from .text import placed_texts
from .text import points_said
from .town_square_pieces import square_card
from .town_square_pieces import square_errors
from .town_square_pieces import square_field
from .town_square_pieces import square_said

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

