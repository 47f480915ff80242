"""Pieces of the result page drawn once, as HTML, from the flow's view and the words they are given.

The server's pages and the offline shell (under MicroPython) both draw a ranking's item, a town with its
grid and its lines, and the score pad with these functions, so the two cannot differ. The words are the
browser's words (webscore.web.i18n.words.words): names by id, messages with their plural forms by CLDR
category, how the language writes numbers and lists. Everything shown is escaped here.
"""

from . import bgstats
from .result_view import SOLO_LINE
from .result_view import WINS_LINE
from .result_view import winner_line
from .town_step import FROM_SCORES
from .town_step import UNCOUNTED

# Stand-ins for what is put into a text once it is escaped: private-use characters, which no text holds.
OPEN, CLOSE = "\ue000", "\ue001"
ESCAPES = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&#34;"), ("'", "&#39;"))


def escape(text) -> str:
    """Return text made safe for HTML text and attribute values, as MarkupSafe escapes it."""
    text = str(text)
    for plain, safe in ESCAPES:
        text = text.replace(plain, safe)
    return text


def number(words: dict, value: int) -> str:
    """Return a whole number as the language writes it: its group separator and size, and a true minus."""
    written = words["number"]
    digits = str(abs(value))
    if abs(value) >= written["grouped_from"]:
        size = written["grouping"]
        groups = []
        while len(digits) > size:
            groups.insert(0, digits[-size:])
            digits = digits[:-size]
        digits = written["group"].join([digits] + groups)
    return (written["minus"] if value < 0 else "") + digits


def fill(template: str, values: dict) -> str:
    """Put values in a message's %(name)s and %(name)d placeholders, in one pass: a value is never read again."""
    out = []
    at = 0
    while True:
        start = template.find("%(", at)
        end = template.find(")", start + 2) if start >= 0 else -1
        if end < 0 or end + 1 >= len(template) or template[end + 1] not in "sd" \
                or template[start + 2:end] not in values:
            if start < 0 or end < 0:
                out.append(template[at:])
                return "".join(out)
            out.append(template[at:start + 2])
            at = start + 2
            continue
        out.append(template[at:start])
        out.append(str(values[template[start + 2:end]]))
        at = end + 2


def plural_form(words: dict, forms: dict, n: int) -> str:
    """Return the form of a counted message for n, by the category the language gives n."""
    return forms.get(words["plurals"].get(str(n), "other")) or forms["other"]


def counted(words: dict, forms: dict, n: int, shown=None) -> str:
    """Return the form of a counted message for n, by the category the language gives n, with the number in."""
    form = plural_form(words, forms, n)
    return fill(form, {"num": n if shown is None else shown})


def name_list(words: dict, names: list) -> str:
    """Join names as the language lists them, by its patterns ("A, B and C"), as Babel's format_list does."""
    patterns = {key: pattern.replace("{0}", "%(0)s").replace("{1}", "%(1)s") for key, pattern in words["lists"].items()}
    if len(names) < 2:
        return "".join(names)
    if len(names) == 2:
        return fill(patterns["2"], {"0": names[0], "1": names[1]})
    joined = fill(patterns["start"], {"0": names[0], "1": names[1]})
    for name in names[2:-1]:
        joined = fill(patterns["middle"], {"0": joined, "1": name})
    return fill(patterns["end"], {"0": joined, "1": names[-1]})


def pair(words: dict, label: str, value: str) -> str:
    """Return "label: value" as the language punctuates it, both parts already HTML."""
    return fill(words["ui"]["pair"], {"label": label, "value": value})


def points(words: dict, total: int) -> str:
    """Return a number of points in words ("28 points"), as HTML."""
    return escape(counted(words, words["points"], abs(total), number(words, total)))


def feeder(words: dict, fed_by: dict) -> str:
    """Return who feeds a square, by card and square, with the coin it cost where coins paid for it (plain text)."""
    name = words["cards"][fed_by["card"]] + " " + fed_by["square"]
    if "line" in fed_by:
        kind, line = fed_by["line"]
        return fill(words["ui"]["fed_by_" + kind], {"feeder": name, "line": line})
    if fed_by.get("paid"):
        return fill(words["ui"]["fed_by_pair"], {"feeder": name})
    return name


def reason(words: dict, square: dict) -> str:
    """Return why a square of the result view scores what it does, in words (plain text)."""
    card = square["card"]
    # A Cottage or Barrett Castle is said fed by its feeders; the Eraflage Vineyard's reason says more (its
    # row's and column's types), and its feeders are shown on the grid.
    if square["fed_by"] and "fed-by" in words["fed_reasons"].get(card, {}):
        feeders = [feeder(words, f) for f in square["fed_by"]]
        return fill(words["fed_reasons"][card]["fed-by"], {"feeders": name_list(words, feeders)})
    code = square["reason"]
    if code in words["counted"]:
        # A count of none may have words of its own ("no town completed before" rather than "0 towns ...").
        if square["n"] == 0 and code + "-none" in words["reasons"]:
            return words["reasons"][code + "-none"]
        return counted(words, words["counted"][code], square["n"])
    return words["fed_reasons"].get(card, {}).get(code) or words["reasons"][code]


def rank_item(words: dict, p: int, player: dict) -> str:
    """Return a player's item of the ranking: place, name, points, and what decided a tie or their solo title.

    A tie that needs a fact is said by its kind on the quick pad ("needs"), beside the field that asks it; a result's
    turns are asked once, by the form under the ranking (turns_form).
    """
    tie = ""
    if player["decided_by"]:
        # The number the tie-break read, the empty squares, Cottages or turns that decided, on every tied row.
        value = player.get("tie_value")
        if value is not None and player["decided_by"] in words["tie_counted"]:
            tie = escape(counted(words, words["tie_counted"][player["decided_by"]], value, number(words, value)))
        else:
            tie = escape(words["tie_breaks"][player["decided_by"]])
        tie = '<span class="tie">{}</span>'.format(tie)
    needs = player.get("needs")
    turns = '<span class="tie">{}</span>'.format(escape(words["ui"]["needs"][needs])) if needs else ""
    title = '<span class="title">{}</span>'.format(escape(words["solo_ranks"][player["solo_rank"]])) \
        if player.get("solo_rank") else ""
    return (
        '<li class="rank place-{place}" data-player="{p}" data-total="{total}" data-place="{place}">\n'
        '    <span class="place">{place}</span>\n'
        '    <span class="who"><bdi>{name}</bdi></span>\n'
        '    <span class="total">{points}</span>\n'
        '    {tie}\n    {turns}\n    {title}\n  </li>').format(
        place=player["place"], p=p, total=player["total"], name=escape(player["name"]),
        points=points(words, player["total"]), tie=tie, turns=turns, title=title)


def card_link(words: dict, card: str, colour: str, rules: str) -> str:
    """Return a card's name linked to its rule, its colour named after it, as HTML."""
    return ('<a class="rule-link c-{colour}" href="{rules}#card-{card}"><span class="swatch" aria-hidden="true"></span>'
            '{name}</a> <span class="colour">({colour_name})</span>').format(
        colour=colour, rules=escape(rules), card=card, name=escape(words["cards"][card]),
        colour_name=escape(words["colours"][colour]))


def grid_square(words: dict, square: dict) -> str:
    """Return a square of a result's grid: its name, its card (or that it is empty) and its points."""
    card = square["card"]
    tree = square["reason"] == "tree"
    return ('<div class="square c-{}{}"><span class="square-name">{}</span>\n<span class="square-card">{}</span>\n'
            '<span class="square-points">{}</span></div>').format(
        square["colour"], " fed" if square["fed"] else " tree" if tree else "", square["square"],
        escape(words["square_cards"][card] if card else words["ui"]["tree" if tree else "empty"]),
        number(words, square["points"]))


def line(words: dict, square: dict, rules: str) -> str:
    """Return a built square's line: its name, its card and points, and why."""
    label = card_link(words, square["card"], square["colour"], rules)
    return '<li><span class="square-name">{}</span> {} — {}</li>'.format(
        square["square"], pair(words, label, "<strong>" + number(words, square["points"]) + "</strong>"),
        escape(reason(words, square)))


def empty_line(words: dict, count: int, empty_points: int) -> str:
    """Return the line of a town's empty squares: how many, and their points."""
    return "<li>{}</li>".format(pair(words, escape(counted(words, words["empties"], count)),
                                     "<strong>" + number(words, empty_points) + "</strong>"))


def tree_line(words: dict, tree: dict) -> str:
    """Return the line of the tree a Tiny Trees seed grew into: its square, its points, and why."""
    return '<li><span class="square-name">{}</span> {} — {}</li>'.format(
        tree["square"], pair(words, escape(words["ui"]["tree"]), "<strong>" + number(words, tree["points"]) + "</strong>"),
        escape(words["reasons"]["tree"]))


def seed_line(words: dict, seed: dict) -> str:
    """Return the line of a Tiny Trees seed that did not grow: its square, and why (built over, or not alone)."""
    return '<li><span class="square-name">{}</span> {} — {}</li>'.format(
        seed["square"], escape(words["ui"]["seed"]), escape(words["reasons"]["seed-" + seed["why"]]))


def coin_lines(words: dict, coins: dict) -> str:
    """Return the lines of a town's coins at the end: those spent on feeding, then those left and their points."""
    left = words["ui"]["coins_left_double" if coins["worth"] == 2 else "coins_left"]
    found = "<li>{}</li>".format(pair(words, escape(counted(words, left, coins["left"])),
                                      "<strong>" + number(words, coins["points"]) + "</strong>"))
    if coins["spent"]:
        found = "<li>{}</li>\n  ".format(escape(counted(words, words["ui"]["coins_spent"], coins["spent"]))) + found
    return found


def button(label: str, action: str, classes: str = "", disabled: bool = False, extra=None) -> str:
    """Return a button the page's script answers by its action (with extra attributes), its label escaped here."""
    found = {"type": "button", "class": classes or None, "data-action": action, "disabled": disabled}
    found.update(extra or {})
    return "<button {}>{}</button>".format(attributes(found), escape(label))


def link_button(label: str, address: str, classes: str = "button", extra=None) -> str:
    """Return a link drawn as a button (with extra attributes)."""
    found = {"class": classes, "href": address}
    found.update(extra or {})
    return "<a {}>{}</a>".format(attributes(found), escape(label))


def notice(title: str, message: str, actions: list) -> str:
    """Return a page that says what cannot be done and why, with its ways on (buttons, already HTML)."""
    return '<section class="notice">\n  <h1>{}</h1>\n  <p>{}</p>\n  <p>{}</p>\n</section>'.format(
        escape(title), escape(message), "\n     ".join(actions))


def language_switch(code: str, name: str, form: str, action: str, field: str, value) -> str:
    """Return a page's link to another language as a button that sends its form there, so what is entered travels."""
    return "<button {}>{}</button>".format(attributes({
        "type": "submit", "class": "language-switch", "form": form, "formaction": action, "name": field,
        "value": value, "lang": code, "title": name}), escape(code.upper()))


def wake_switch(words: dict) -> str:
    """Return the switch that keeps the screen on at the table, shown by wake.mjs where the browser can."""
    return '<label class="wake" hidden><input type="checkbox" checked>{}</label>'.format(escape(words["ui"]["keep_awake"]))


def town(words: dict, player: dict, change: str, rules: str, squares=None, lines=None, empty=None) -> str:
    """Return a player's town as the result shows it: its grid, every square's points and why, a link to change it.

    squares, lines and empty, when given, are the grid's squares, the lines and the empty squares' line already
    drawn (the server keeps them).
    """
    if squares is None:
        squares = [grid_square(words, square) for square in player["squares"]]
    if lines is None:
        lines = [line(words, square, rules) for square in player["squares"] if square["card"]]
    if empty is None:
        empty = empty_line(words, player["empties"], player["empty_points"]) if player["empties"] else ""
    empties = empty
    if player.get("tree"):
        empties = tree_line(words, player["tree"]) + "\n  " + empties
    elif player.get("seed"):
        empties = seed_line(words, player["seed"]) + "\n  " + empties
    if player.get("coins"):
        empties += "\n  " + coin_lines(words, player["coins"])
    # Its detail folds under its heading (opened on demand, and printed open: marquoir.css), the way to change
    # it stays in sight.
    return (
        '<section class="town-result" id="town-{step}">\n'
        '  <details>\n  <summary><h3><bdi>{name}</bdi> — {total}</h3></summary>\n'
        '  <div class="grid result-grid">\n  {grid}\n  </div>\n'
        '  <ul class="reasons">\n  {lines}\n  {empties}\n  </ul>\n  </details>\n'
        '  <p><a class="change-town" href="{change}?{from_scores}">{change_town}</a></p>\n'
        '</section>').format(
        step=player["step"], name=escape(player["name"]), total=number(words, player["total"]),
        grid="\n".join(squares), lines="\n".join(lines), empties=empties, change=escape(change),
        from_scores="=".join(FROM_SCORES),
        change_town=escape(words["ui"]["change_town"]))


def pad_names(players: list) -> str:
    """Return the score pad's column headings: every player's name."""
    return "".join('<th scope="col"><bdi>{}</bdi></th>'.format(escape(player["name"])) for player in players)


def pad_head(words: dict, column: str) -> str:
    """Return the start of a score pad's row: its colour, named."""
    return '<tr class="c-{}"><th scope="row"><span class="swatch" aria-hidden="true"></span>{}</th>\n'.format(
        column, escape(words["colour_labels"][column]))


def pad_cell(words: dict, value: int) -> str:
    """Return a cell of the score pad."""
    return "<td>{}</td>".format(number(words, value))


def pad_rows(words: dict, columns: list, players: list) -> str:
    """Return the score pad's rows: each column's colour, then every player's points in it."""
    return "\n".join(pad_head(words, column) + "".join(pad_cell(words, player["by_colour"][c]) for player in players)
                     + "</tr>" for c, column in enumerate(columns))


def pad_totals(words: dict, players: list) -> str:
    """Return the score pad's last row's cells: every player's total."""
    return "".join('<td class="total">{}</td>'.format(number(words, player["total"])) for player in players)


def pad_table(words: dict, names: str, rows: str, totals: str) -> str:
    """Return the score pad: a column per player, a row per colour, the totals below, its parts already drawn."""
    return ('<div class="pad-wrap">\n<table class="pad">\n'
            '  <thead><tr><th scope="col">{}</th>{}</tr></thead>\n'
            '  <tbody>\n  {}\n  </tbody>\n'
            '  <tfoot><tr><th scope="row">{}</th>{}</tr></tfoot>\n'
            '</table>\n</div>').format(escape(words["ui"]["colour"]), names, rows, escape(words["ui"]["total"]), totals)


def ranking_items(words: dict, players: list, order: list) -> list:
    """Return the items of a ranking (rank_item), players listed in order (their indexes, first place first)."""
    return [rank_item(words, p, players[p]) for p in order]


def ranking(items: list, data: dict) -> str:
    """Return the ranking's list around its items (rank_item), with data attributes for the page's script."""
    found = "".join(' data-{}="{}"'.format(name, escape(value)) for name, value in data.items())
    return '<ol class="ranking"{}>\n{}\n</ol>'.format(found, "\n".join("  " + item for item in items))


SQUARES = [column + str(row) for row in range(1, 5) for column in "abcd"]


def attributes(pairs: dict) -> str:
    """Return an element's attributes, sorted by name as WTForms writes a field's; True stands alone, None is left out."""
    return " ".join(name if value is True else '{}="{}"'.format(name, escape(value))
                    for name, value in sorted(pairs.items()) if value is not None and value is not False)


def errors_of(errors: dict, field: str) -> str:
    """Return a field's messages, each with the id its field points to."""
    return "".join('<span class="error" id="{}-error-{}" role="alert">{}</span>'.format(field, n + 1, escape(message))
                   for n, message in enumerate(errors.get(field, [])))


def tied(errors: dict, field: str) -> dict:
    """Return what ties a field to its messages: aria-invalid and aria-describedby, when it has any."""
    if not errors.get(field):
        return {}
    return {"aria-invalid": "true",
            "aria-describedby": " ".join("{}-error-{}".format(field, n + 1) for n in range(len(errors[field])))}


def number_field(field: str, limits: list, value, errors: dict, extra=None) -> str:
    """Return a whole number's input, its range given, tied to its messages."""
    found = {"id": field, "name": field, "type": "number", "min": limits[0], "max": limits[1], "inputmode": "numeric",
             "value": value}
    found.update(extra or {})
    found.update(tied(errors, field))
    return "<input {}>".format(attributes(found))


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
    total = running_total(words, scored) if scored else ""
    tools = []
    seeds = SEED in expansions
    for card in offered:
        colour = catalogue["colours"][card]
        # Its name as a square shows it (soft hyphens where a word may break) goes with it: town.js puts it there.
        tools.append('<button type="button" class="tool c-{0}" data-card="{1}" data-colour="{0}" data-square-name="{3}" '
                     'aria-pressed="false">{2}</button>'.format(colour, card, escape(words["cards"][card]),
                                                                escape(words["square_cards"][card])))
    if seeds:
        tools.append(seed_tool(words, errors))
    # Undo is drawn enabled, so that a tap on it before town.js runs is kept with the others (early-taps.js);
    # town.js disables it until there is a change to undo.
    palette = (
        '<div class="palette" data-label-empty="{empty}" data-choose-first="{first}" data-which="{which}">\n'
        '    <p class="running-total{waiting}"{hidden}>{total}</p>\n'
        '    <p class="palette-title">{tap}</p>\n    {tools}\n'
        '    <button type="button" class="tool c-empty" data-card="" aria-pressed="false">{empty}</button>\n'
        '    <span class="palette-actions">\n'
        '      <button type="button" class="small" data-action="undo">{undo}</button>\n'
        '      <button type="button" class="small" data-action="clear">{clear}</button>\n'
        '    </span>\n  </div>').format(empty=escape(ui["empty"]), first=escape(ui["choose_first"]),
                                      which=escape(ui["which_building"]),
                                      tap=escape(ui["tap_hint"]), tools="\n    ".join(tools), undo=escape(ui["undo"]),
                                      clear=escape(ui["clear"]), total=escape(total), hidden="" if scored else " hidden",
                                      waiting=" is-waiting" if scored and "waiting" in scored else "")
    seed = str(values.get(SEED) or "") if seeds else None
    squares = [square_field(words, name, offered, values, errors, points.get(name), seed) for name in SQUARES]
    limits = catalogue["fact_limits"]
    facts = []
    # A monument's question first, right after the grid where the monument is placed; then the coins.
    asked = [asks_fact] + [fact for fact in expansions if fact != SEED]
    for fact in ("shrine_buildings", "completed_before", "hollow_hill_swaps", "coins"):
        if fact in asked:
            facts.append('<p class="fact"><label for="{}">{}</label>\n      {}{}</p>'.format(
                fact, escape(ui[QUESTIONS[fact]]), number_field(fact, limits[fact], values.get(fact, ""), errors),
                errors_of(errors, fact)))
    if seeds:
        facts.append(seed_field(words, seed, errors))
    if asks_turns:
        facts.append('<p class="fact"><label for="master_builder_turns">{}</label>\n      {}\n'
                     '      <span class="hint">{}</span>{}</p>'.format(
                         escape(ui["turns"]), number_field("master_builder_turns", limits["master_builder_turns"],
                                                           values.get("master_builder_turns", ""), errors),
                         escape(ui["turns_hint"]), errors_of(errors, "master_builder_turns")))
    # The facts a town needs follow its grid at once: a monument placed asks there for what it needs.
    return ('{palette}\n\n  <div class="grid" role="group" aria-label="{board}">\n  {squares}\n  </div>\n\n'
            '  <div class="facts">\n    {facts}\n    {wake}\n  </div>').format(
        palette=palette, board=escape(ui["town_board"]), squares="\n  ".join(squares), wake=wake_switch(words),
        facts="\n    ".join(facts))


# The question a running total waits for, by its field: the label the form gives it.
QUESTIONS = {"shrine_buildings": "shrine", "completed_before": "starloom", "master_builder_turns": "turns",
             "monument": "monument", "coins": "coins", "hollow_hill_swaps": "hollow_hill_swaps"}
SEED = "seed"


def seed_tool(words: dict, errors: dict) -> str:
    """Return the palette's tool that puts the seed on a square (Tiny Trees), described by the seed's messages."""
    described = " ".join("seed-error-{}".format(n + 1) for n in range(len(errors.get(SEED, [])))) or None
    return "<button {}>{}</button>".format(attributes({
        "type": "button", "class": "tool c-seed", "data-seed": True, "aria-pressed": "false",
        "aria-describedby": described}), escape(words["ui"]["seed"]))


def seed_field(words: dict, seed: str, errors: dict) -> str:
    """Return the field the form sends the seed's square in, and its messages: a select, as a square's is, that
    the board stands for where scripts run (town.js changes it, static/css/noscript.css shows it without)."""
    options = ['<option {}>{}</option>'.format(attributes({"value": name, "selected": seed == name}),
                                               escape(name or words["ui"]["no_seed"])) for name in [""] + SQUARES]
    select = {"class": "seed-select", "id": SEED, "name": SEED}
    select.update(tied(errors, SEED))
    return '<p class="fact seed-fact"><label class="seed-label" for="{}">{}</label>\n      <select {}>{}</select>{}</p>'.format(
        SEED, escape(words["ui"]["seed"]), attributes(select), "".join(options), errors_of(errors, SEED))


def running_total(words: dict, scored: dict) -> str:
    """Return what the running total says: the town's total (the least it can be while the town on the right is not
    entered: "until"), or what it waits for ({"waiting": [fields]}, webscore.flow.live_town), the first question
    the form asks that has no right answer yet."""
    ui = words["ui"]
    if "until" in scored:
        return fill(ui["running_total_until"], {"num": number(words, scored["total"]), "name": scored["until"]})
    if "waiting" not in scored:
        return fill(ui["running_total"], {"num": number(words, scored["total"])})
    field = scored["waiting"][0] if scored["waiting"] else None
    if field in QUESTIONS:
        return fill(ui["waiting_for_answer"], {"question": ui[QUESTIONS[field]]})
    if field == SEED:
        return ui["waiting_for_seed"]
    if field is not None and field.startswith("stored_"):
        return fill(ui["waiting_for_load"], {"square": field[len("stored_"):]})
    return ui["waiting_for_town"]


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
    select_attributes = {"class": "square-select", "id": select, "name": select}
    select_attributes.update(tied(errors, select))
    # Left blank, a Warehouse stores nothing: the placeholder says so.
    stored_field = number_field(stored, [0, words["catalogue"]["max_stored"]], values.get(stored, ""), errors,
                                {"class": "stored-input", "placeholder": "0"})
    return (
        '<div class="square{broken}{filled}" data-square="{name}">\n'
        '      {button}\n'
        '      <label class="square-name" for="{select}">{name}</label>\n'
        '      <select {select_attributes}>{options}</select>\n'
        '      <span class="stored{hidden}">\n'
        '        <label for="{stored}">{stored_label}</label>\n'
        '        {stored_field}\n'
        '      </span>\n'
        '      {errors}\n    </div>').format(
        broken=" has-error" if errors.get(select) or errors.get(stored) else "", name=name, select=select,
        filled=" filled c-" + words["catalogue"]["colours"][shown] if shown else "",
        button=square_button(words, name, shown, errors.get(select, []), errors.get(stored, []), points, seed),
        select_attributes=attributes(select_attributes), options="".join(options),
        hidden="" if chosen == "warehouse" else " is-hidden", stored=stored, stored_label=escape(words["ui"]["stored"]),
        stored_field=stored_field, errors=errors_of(errors, select) + errors_of(errors, stored))


def square_button(words: dict, name: str, card: str, select_errors: list, stored_errors: list, points=None,
                  seed=None) -> str:
    """Return the button a square is where tap-to-place runs (without scripts, static/css/noscript.css leaves
    the select alone): its name, the card standing there (town.js follows the taps) and its points (when known,
    else by live.mjs), described by the square's messages.

    The hidden commas end each part, so it reads "a1, Cottage, 3 points" with the parts shown as blocks; the seed,
    where it lies (seed: its square, None in a game without), is said after the card: "a1, Cottage, Seed, 3 points".
    """
    mark = "" if seed is None else '<span class="square-seed"{}><span aria-hidden="true">🌱</span>' \
        '<span class="visually-hidden">{},</span></span>'.format("" if seed == name else " hidden", escape(words["ui"]["seed"]))
    written = number(words, points) if points is not None else ""
    said = counted(words, words["points"], abs(points), written) if points is not None else ""
    messages = ["square_{}-error-{}".format(name, n + 1) for n in range(len(select_errors))]
    messages += ["stored_{}-error-{}".format(name, n + 1) for n in range(len(stored_errors))]
    return (
        '<button {}><span class="square-name">{}<span class="visually-hidden">,</span></span>'
        '<span class="square-what"><span class="square-card">{}</span>'
        '<span class="square-empty visually-hidden"{}>{}</span><span class="visually-hidden">,</span></span>{}'
        '<span class="square-points-holder"><span class="square-points" aria-hidden="true">{}</span>'
        '<span class="square-points-words visually-hidden">{}</span></span></button>').format(
        attributes({"type": "button", "class": "square-button", "aria-describedby": " ".join(messages) or None}),
        name, escape(words["square_cards"][card]) if card else "", " hidden" if card else "", escape(words["ui"]["empty"]),
        mark, escape(written), escape(said))


def town_step(words: dict, step: dict, grid: str) -> str:
    """Return a town step's page: the players to move between, the heading, and its form around the grid.

    step holds: names (the players'), n (this one, from 1), action, code, lang and key (the form's), general
    (messages of no field), unfinished (names of towns barely begun), monuments (those offered, [] when the
    game has none), monument (the one chosen), errors (messages by field), from_scores (opened by "Change
    this town": the way back to the scores is the primary action) and totals (town_step.saved_totals).
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
                escape(counted(words, words["points"], abs(total), number(words, total))))
        others.append('<li><button type="submit" form="town-form" name="go" value="{}"><bdi>{}</bdi> {}</button></li>'.format(
            i + 1, escape(name), state))
    nav = '<nav class="steps" aria-label="{}">\n  <ol>\n  {}\n  </ol>\n</nav>'.format(escape(ui["players"]),
                                                                                  "\n  ".join(others))
    heading = fill(escape(ui["town_of"]), {"name": "<bdi>" + escape(names[n - 1]) + "</bdi>"})
    hint = escape(fill(ui["step_hint"], {"num": n, "count": len(names)}))
    general = "".join('<p class="error" role="alert" tabindex="-1">{}</p>'.format(escape(message))
                      for message in step["general"])
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
    # The way back to the setup keeps every town: players removed, added or moved keep theirs.
    setup = '<p class="to-setup"><button type="submit" name="go" value="setup" class="small">{}</button></p>'.format(
        escape(ui["change_setup"]))
    form = ('<form class="town-form" id="town-form" data-code="{code}" data-player="{n}" data-lang="{lang}" '
            'data-key="{key}" method="get" action="{action}" novalidate>\n  {general}\n  {confirm}\n  {grid}\n\n'
            '  {monument}\n  <div class="step-actions">\n    {actions}\n  </div>\n  {setup}\n</form>').format(
        code=escape(step["code"]), n=n, lang=escape(step["lang"]), key=escape(step["key"]), action=escape(step["action"]),
        general=general, confirm=confirm, grid=grid, monument=monument, actions="\n    ".join(actions), setup=setup)
    return '{}\n<h1>{}</h1>\n<p class="hint">{}</p>\n\n{}'.format(nav, heading, hint, form)


def table_town(words: dict, text: dict, town: dict, grid: str, panels: str, offline: bool) -> str:
    """Return a town at a table: the way back, the heading, the form around its grid and sync panels, the hand-over.

    text is the table's words (webscore.web.tables.towns.table_words); town holds the player's name, n, and the
    form's setup code, lang, table, version, done and addresses (save, state, town, take, back), and may hold the
    code of the table's game as the server holds it (score_code), for the live score. offline is
    whether the offline shell draws it: then the page says so at once, and needs no word for pages without
    scripts.
    """
    heading = fill(escape(words["ui"]["town_of"]), {"name": "<bdi>" + escape(town["name"]) + "</bdi>"})
    form = {name: escape(town[name]) for name in ("code", "lang", "table", "save", "state", "town", "take", "back")}
    noscript = "" if offline else '<noscript><p class="error">{}</p></noscript>\n'.format(escape(text["needs_script"]))
    # The live score reads the other towns the table held when the page was drawn (score_code), so a Feast Hall
    # beside a town entered on another phone counts it; data-code stays the setup, which a hand-over link carries.
    score = ' data-score-code="{}"'.format(escape(town["score_code"])) if town.get("score_code") else ""
    return (
        '<p><a href="{back}">{back_text}</a></p>\n<h1>{heading}</h1>\n<p class="hint">{hint}</p>\n'
        '<p class="table-offline error" role="status"{hidden}>{offline}</p>\n{noscript}'
        '<form class="town-form table-town" id="town-form" data-code="{code}"{score} data-player="{n}" data-lang="{lang}"\n'
        '  data-table="{table}" data-version="{version}" data-done="{done}"\n'
        '  data-save="{save}"\n  data-state="{state}"\n  data-town="{town}"\n  data-take="{take}"\n'
        '  data-back="{back}"\n  method="get" action="{save}" novalidate>\n  {grid}\n  {panels}\n</form>\n'
        '<section class="table-handover">\n  <h2>{no_network}</h2>\n  <p class="hint">{handover_hint}</p>\n'
        '  <button type="button" data-action="handover">{handover}</button>\n'
        '  <p><input class="handover-url" type="text" readonly hidden aria-label="{handover_label}"></p>\n'
        '</section>').format(
        back_text=escape(text["back"]), heading=heading, hint=escape(text["hint"]), hidden="" if offline else " hidden",
        offline=escape(text["offline"]), noscript=noscript, n=town["n"], version=town["version"],
        done="true" if town["done"] else "false", grid=grid, panels=panels, no_network=escape(text["no_network"]),
        handover_hint=escape(text["handover_hint"]), handover=escape(text["handover"]),
        handover_label=escape(text["handover_label"]), score=score, **form)


def table_players(words: dict, text: dict, players: list, links: list) -> str:
    """Return the players of a table: each name (a link to their town where links has one), status and total.

    players hold name, and status and total when known; text is the table's words (its statuses).
    """
    items = []
    for n, player in enumerate(players):
        name = "<bdi>" + escape(player["name"]) + "</bdi>"
        who = '<a class="button who" href="{}">{}</a>'.format(escape(links[n]), name) if links[n] \
            else '<span class="who">{}</span>'.format(name)
        status = player.get("status") or ""
        total = player.get("total")
        # The status and the total are said as one line, by the language's template (table.mjs fills it the same).
        said = '<span class="table-status">{}</span>'.format(escape(text["status"][status]) if status else "")
        summed = '<span class="table-total">{}</span>'.format("" if total is None else points(words, total))
        said = said + summed if total is None else fill(escape(text["status_total"]), {"status": said, "total": summed})
        items.append(
            '<li class="table-player" data-player="{}" data-status="{}">\n    {}\n'
            '    <span class="table-said">{}</span>\n  </li>'.format(n + 1, escape(status), who, said))
    return '<ol class="table-players">\n  {}\n</ol>'.format("\n  ".join(items))


def turns_form(words: dict, view: dict, action: str, problems: dict, typed: dict) -> str:
    """Return the form that asks a tie's turns as Master Builder, what was typed and its problems (worded) in.

    problems holds messages by field ("turns-2") and under "general"; typed holds what each field sent.
    """
    ui = words["ui"]
    low, high = words["catalogue"]["fact_limits"]["master_builder_turns"]
    rows = []
    for p in view["asks_turns"]:
        key = "turns-" + str(p + 1)
        turns = view["players"][p].get("turns")
        # 0 turns as Master Builder is what "we did not count them" gives: no player of a game has none.
        turns = None if turns == 0 else turns
        rows.append(
            '<p class="fact"><label for="{key}"><bdi>{name}</bdi></label>\n'
            '<input type="number" id="{key}" name="{key}" min="{low}" max="{high}" inputmode="numeric" value="{value}">\n'
            '{errors}</p>'.format(key=key, name=escape(view["players"][p]["name"]), low=low, high=high,
                                  value=escape(typed.get(key, "" if turns is None else str(turns))),
                                  errors="".join('<span class="error" role="alert">{}</span>'.format(escape(message))
                                                 for message in problems.get(key, []))))
    general = "".join('<p class="error" role="alert">{}</p>'.format(escape(message))
                      for message in problems.get("general", []))
    if any(view["players"][p]["needs_turns"] for p in view["asks_turns"]):
        general += '<p class="hint">{}</p>'.format(escape(ui["needs"]["master-builder-turns"]))
    if any(view["players"][p].get("turns") == 0 for p in view["asks_turns"]):
        general += '<p class="hint">{}</p>'.format(escape(ui["turns_taken_equal"]))
    # Who wins without the turns (equal turns): a table that did not count them sees it, and can say so.
    equal = view.get("equal_turns")
    if_equal = uncounted = ""
    if equal:
        names = [OPEN + str(i) + CLOSE for i in range(len(equal["winners"]))]
        said = escape(fill(ui["equal_turns_shared" if equal["shared"] else "equal_turns_win"],
                           {"names": name_list(words, names), "name": names[0]}))
        for i, p in enumerate(equal["winners"]):
            said = said.replace(OPEN + str(i) + CLOSE, "<bdi>" + escape(view["players"][p]["name"]) + "</bdi>")
        if_equal = '<p class="hint">{}</p>'.format(said)
        uncounted = '\n    <button type="submit" name="{}" value="{}">{}</button>'.format(
            UNCOUNTED[0], UNCOUNTED[1], escape(ui["turns_uncounted"]))
    return ('<form class="turns" method="get" action="{action}" novalidate>\n  <fieldset>\n'
            '    <legend>{legend}</legend>\n    {general}\n    {if_equal}\n    {rows}\n'
            '    <button type="submit" class="primary">{button}</button>{uncounted}\n  </fieldset>\n</form>').format(
        action=escape(action), legend=escape(ui["turns"]), general=general, if_equal=if_equal,
        rows="\n    ".join(rows), button=escape(ui["break_tie"]), uncounted=uncounted)


def share(words: dict, link: str, again: str, online=None, play=None) -> str:
    """Return a result's share section: its link to copy or share, the same game again, and the game to log in
    BG Stats (play: webscore.flow.bgstats.play, its comment the link).

    online, when the page is served, holds what needs the network: the QR code's address (qr), the picture's
    (picture), the name it downloads under (download) and the text it is shared with (text).
    """
    ui = words["ui"]
    qr = picture = ""
    if online:
        qr = '\n  <img class="qr" src="{}" alt="{}" width="200" height="200">'.format(escape(online["qr"]),
                                                                                 escape(ui["qr_label"]))
        picture = ('\n  <a class="button picture-button" href="{}" download="{}" data-share="{}" data-title="{}" '
                   'data-text="{}">{}</a>').format(
            escape(online["picture"]), escape(online["download"]), escape(ui["share_picture"]),
            escape(ui["site_title"]), escape(online["text"]), escape(ui["download_picture"]))
    # Its actions first, two by two in a phone's first screen with the ranking: the link shared, the play
    # logged, the picture; then the same game again, and the QR code.
    return (
        '<section class="share">\n  <h2>{share}</h2>\n'
        '  <p><input class="share-url" type="text" readonly value="{link}" aria-label="{link_label}"></p>\n'
        '  <p class="share-actions"><button type="button" class="share-button" hidden data-copied="{copied}" '
        'data-title="{title}">{share_link}</button>{bgstats}{picture}</p>\n'
        '  <p><a class="button" href="{again}">{play_again}</a></p>{qr}\n</section>').format(
        share=escape(ui["share"]), qr=qr, link=escape(link), link_label=escape(ui["link_label"]),
        copied=escape(ui["copied"]), title=escape(ui["site_title"]), share_link=escape(ui["share_link"]),
        picture=picture, again=escape(again), play_again=escape(ui["play_again"]),
        bgstats="\n  " + bgstats_link(words, play, link) if play else "")


def bgstats_link(words: dict, play: dict, link: str) -> str:
    """Return the link that logs a play in BG Stats (webscore.flow.bgstats), its comment the link."""
    return '<a class="button" href="{}" data-bgstats>{}</a>'.format(escape(bgstats.address(play, link)),
                                                                    escape(words["ui"]["log_bgstats"]))


def result_page(words: dict, view: dict, parts: dict, offline: bool) -> str:
    """Return a result page's content: the heading, the game's mode and variants, then its parts.

    parts holds the pieces already drawn: winner, ranking, turns_form ("" unless a tie asks), pad, towns (a
    list) and share. offline says the offline shell draws it: then the page says it was scored on the phone.
    """
    ui = words["ui"]
    variants = [words["modes"][view["mode"]]] + ([ui["cavern"]] if view["cavern"] else []) \
        + ([] if view["monuments"] else [ui["without_monuments"]])
    note = '\n<p class="hint offline-note">{}</p>'.format(escape(ui["offline_note"])) if offline else ""
    # Who won, the ranking (a tie's form for the turns that break it right under it, where the tie is read) and
    # the ways to share come first: what a table looks for in its first screen.
    return ('<h1>{}</h1>\n{}\n<p class="hint">{}</p>{}\n\n{}\n{}\n\n{}\n\n<h2>{}</h2>\n{}\n\n<h2>{}</h2>\n\n{}').format(
        escape(ui["scores"]), parts["winner"], escape(" · ".join(variants)), note, parts["ranking"], parts["turns_form"],
        parts["share"], escape(ui["score_pad"]), parts["pad"], escape(ui["towns"]), "\n".join(parts["towns"]))


def winner(words: dict, view: dict) -> str:
    """Return the line that says who won ("Anna wins with 40 points"), a tie worded as one, a solo game's score:
    the link preview's headline (webscore.web.results.preview), its names isolated."""
    ui, players = words["ui"], view["players"]
    kind, placed = winner_line(players, view["ranking"])
    first = [players[p] for p in placed]
    names = ["<bdi>" + escape(player["name"]) + "</bdi>" for player in first]
    total = first[0]["total"]
    said = {"total": number(words, total)}
    if kind == SOLO_LINE:
        form, said["name"] = ui["solo_scores"], names[0]
    elif kind == WINS_LINE:
        form, said["name"] = ui["wins"], names[0]
    else:
        # The names listed as the language lists them, each put in where its stand-in is.
        listed = escape(name_list(words, [OPEN + str(i) + CLOSE for i in range(len(names))]))
        for i, name in enumerate(names):
            listed = listed.replace(OPEN + str(i) + CLOSE, name)
        form, said["names"] = ui["tie_for_first"], listed
    return '<p class="winner">{}</p>'.format(fill(escape(plural_form(words, form, abs(total))), said))


def table_page(words: dict, text: dict, section: dict, players: str, result: str, online=None, last_seen=False) -> str:
    """Return a table's page: its heading, the scores once shown, its players (already drawn), how to join.

    section holds the attributes of the page's section; result is the scores' address once they are shown
    (else ""). online, when the page is served, holds what needs the network: the table's QR code (qr), its
    short link (link) and where a town is taken in (take). Without it the offline shell draws the page from
    what this phone last saw of the table (last_seen: whether it saw its state): it says so and offers a reload.
    """
    status = '<p class="table-offline error" role="status"{}>{}</p>'.format(" hidden" if online else "",
                                                                           escape(text["table_offline"]))
    follow = "" if online else "\n<p>{}</p>".format(escape(text["follow"]))
    scores = '\n<p>{}</p>'.format(link_button(text["see_scores"], result, "button primary big",
                                                {"id": "table-result"})) if result else ""
    hint = text["tap_name"] if online else text["last_seen"] if last_seen else ""
    hint = '\n<p class="hint">{}</p>'.format(escape(hint)) if hint else ""
    if online:
        rest = (
            '<h2>{join}</h2>\n<p><img class="qr" src="{qr}" width="180" height="180" alt="{qr_label}"></p>\n'
            '<p><input class="share-url" type="text" readonly value="{link}" aria-label="{link_label}"></p>\n'
            '<p><button type="button" class="share-button" hidden data-copied="{copied}" data-title="{table}">'
            '{share_link}</button></p>\n<h2>{take_title}</h2>\n<form method="get" action="{take}">\n'
            '  <p><label for="town">{take_label}</label>\n  <input type="text" id="town" name="town" autocomplete="off"></p>\n'
            '  <button type="submit">{take_button}</button>\n</form>').format(
            join=escape(text["join"]), qr=escape(online["qr"]), qr_label=escape(text["qr_label"]),
            link=escape(online["link"]), link_label=escape(text["link_label"]), copied=escape(words["ui"]["copied"]),
            table=escape(text["table"]), share_link=escape(words["ui"]["share_link"]),
            take_title=escape(text["take_title"]), take=escape(online["take"]), take_label=escape(text["take_label"]),
            take_button=escape(text["take"]))
    else:
        rest = "<p>{}</p>".format(button(text["reload"], "reload", "primary"))
    return '<section {}>\n<h1>{}</h1>\n{}{}{}\n<h2>{}</h2>{}\n{}\n{}\n</section>'.format(
        attributes(section), escape(text["table"]), status, follow, scores, escape(text["players"]), hint, players, rest)


def result_parts(words: dict, view: dict, rules: str, changes: list) -> dict:
    """Return the parts of a result page that differ from game to game: ranking items, the pad, the towns.

    changes holds each player's address to change their town, in the view's order of players.
    """
    players = view["players"]
    return {
        "winner": winner(words, view),
        "ranking": ranking([rank_item(words, p, players[p]) for p in view["ranking"]], {}),
        "pad": pad_table(words, pad_names(players), pad_rows(words, view["columns"], players), pad_totals(words, players)),
        "towns": [town(words, player, changes[n], rules) for n, player in enumerate(players)],
    }
