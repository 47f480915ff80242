"""The quick score pad's pieces: its form (each player's points by colour, empty squares and the facts a tie may need),
its "Log in BG Stats" link, and what it says as it redraws (its problems, its ranking, its buttons' names).

Drawn in the browser by the core under MicroPython from the pad's address (pad.mjs), and by the server for the
address it was asked with (webscore/web/pages); its frame (heading, hints) is the server's template. Apart from the
table helper's screens (helper_pieces.py): the pad reads and ranks points already counted, the table helper keeps
the rounds of a game being played, and the two share no piece. Buttons carry a data-action that pad.mjs answers;
nothing here decides a point.
"""

from ..scoring.game import MODES
from ..scoring.pad import pad_expansions
from ..scoring.pad import pad_from_fields
from .bgstats import EXPANSION_TITLES
from .bgstats import play_of
from .controls import button
from .history_summary import query_pairs
from .result_pieces import bgstats_link
from .result_pieces import ranking_items
from .result_view import ranking
from .text import attributes
from .text import escape
from .text import fill
from .text import number
from .text import player_label


def _message_place(field: str) -> str:
    return '<span class="field-problem error" id="problem-{}" aria-live="polite"></span>'.format(field)


def _number_field(field: str, value: str, sign_name) -> str:
    """A whole number typed as text, so the core sees what was typed; one that can be negative (sign_name: its sign
    button's name, else None) gets a sign button, since a phone's number keypad may have no minus key."""
    negative = sign_name is not None
    found = {"type": "text", "inputmode": "numeric", "pattern": "[\\-−]?[0-9]*" if negative else "[0-9]*",
             "id": field, "name": field, "value": value, "autocomplete": "off", "aria-describedby": "problem-" + field}
    sign = button("±", "sign-" + field, "small sign", extra={"aria-label": sign_name}) if negative else ""
    return "<input {}>{}".format(attributes(found), sign)


def _pad_cell(words: dict, field: str, label: str, value: str, sign_name=None, colour=None, extra: str = "") -> str:
    swatch = '<span class="swatch" aria-hidden="true"></span>' if colour else ""
    return '<div class="pad-cell{}"><label for="{}">{}{}</label>{}{}{}</div>'.format(
        " c-" + colour if colour else "", field, swatch, escape(label),
        _number_field(field, value, sign_name), extra, _message_place(field))


def pad_button_names(words: dict, i: int, name: str) -> dict:
    """Return the names of player i's buttons that say whose they are, by their action, as a screen reader says them:
    each sign button's, with the score pad's row it changes ("Change the sign of green: Ana"), and the button that
    removes the player ("Remove this player: Ana"); the player is named by their place where the name is blank."""
    ui, pad = words["ui"], words["catalogue"]["pad"]
    who = name.strip() or player_label(words, i + 1)
    names = {"sign-{}{}".format(column, i): fill(ui["sign_of"], {"row": words["colour_labels"][column], "name": who})
             for column in pad["columns"] if pad["ranges"][column][0] < 0}
    names["remove-" + str(i)] = fill(ui["remove_player"], {"name": who})
    return names


def _pad_player(words: dict, i: int, values: dict, named: dict) -> str:
    """One player's fields: their name, their points by colour and empty squares, the facts a tie may need; named:
    the names of the player's buttons (pad_button_names)."""
    ui, pad = words["ui"], words["catalogue"]["pad"]
    name = pad["name"] + str(i)
    name_field = {"class": "name", "id": name, "name": name, "maxlength": words["catalogue"]["max_name"], "dir": "auto",
                  "value": values.get(name, ""), "autocomplete": "off", "aria-describedby": "problem-" + name}
    cells = []
    for column in pad["columns"]:
        field = column + str(i)
        if column == "empty":
            cathedral = "cathedral" + str(i)
            box = {"type": "checkbox", "name": cathedral, "value": "1", "checked": values.get(cathedral) == "1"}
            # Half a phone's width: the card's name breaks where its words may ("Caterina-székes-egyház").
            extra = '<label class="pad-cathedral"><input {}> <span>{}</span></label>'.format(
                attributes(box), escape(fill(ui["cathedral"], {"card": words["square_cards"]["cathedral-of-caterina"]})))
            # A tree grows only where no square is empty: its box shows once the empty squares are 0 (pad.mjs).
            tree = "tree" + str(i)
            grown = {"type": "checkbox", "name": tree, "value": "1", "checked": values.get(tree) == "1"}
            shown = grown["checked"] or str(values.get(field, "")).strip() == "0"
            extra += '\n<label class="pad-cathedral pad-tree"{}><input {}> <span>{}</span></label>'.format(
                "" if shown else " hidden", attributes(grown), escape(ui["tree_grown"]))
            cells.append(_pad_cell(words, field, ui["empty_count"], values.get(field, ""), named.get("sign-" + field),
                                   "empty", extra))
        else:
            cells.append(_pad_cell(words, field, words["colour_labels"][column], values.get(field, ""),
                                   named.get("sign-" + field), column))
    labels = {"master_builder_turns": ui["turns"], "cottages": ui["cottage_count"]}
    # A table that did not count turns says so: every tie's turns given as 0, equal, and the next tie-break decides.
    uncounted = {"master_builder_turns": button(ui["turns_uncounted"], "uncounted", "small"), "cottages": ""}
    facts = ['<div class="fact fact-{}{}"{}>{}{}</div>'.format(
        short, i, "" if values.get(short + str(i)) else " hidden",
        _pad_cell(words, short + str(i), labels[fact], values.get(short + str(i), "")),
        uncounted[fact])
        for short, fact in pad["facts"]]
    return '<p><label for="{}">{} </label><input {}>{}</p>\n<div class="pad-points">{}</div>\n{}'.format(
        name, escape(ui["name"]), attributes(name_field), _message_place(name), "".join(cells), "\n".join(facts))


def pad_form(words: dict, count: int, mode: str, values: dict) -> str:
    """Return the quick pad's form: the mode, then each of count players' fields with what values holds.

    values holds the address's first value of each field; a player's facts (turns, Cottages) show when
    filled, and the page shows one when the ranking needs it.
    """
    ui = words["ui"]
    options = "".join("<option {}>{}</option>".format(attributes({"value": value, "selected": value == mode}),
                                                      escape(words["modes"][value])) for value in MODES)
    players = []
    for i in range(count):
        named = pad_button_names(words, i, values.get(words["catalogue"]["pad"]["name"] + str(i), ""))
        remove = button(ui["remove_this_player"], "remove-" + str(i), "small remove-player", extra={
            "data-index": str(i), "aria-label": named["remove-" + str(i)]}) if count > 1 else ""
        players.append('<fieldset class="pad-player"><legend>{}</legend>\n{}\n{}</fieldset>'.format(
            escape(player_label(words, i + 1)), _pad_player(words, i, values, named), remove))
    # At the most players, the button gives way to why.
    add = button(ui["add_player"], "add", "add-player") if count < words["catalogue"]["max_players"] else \
        '<p class="hint players-full">{}</p>'.format(escape(words["problems"]["player-count"]))
    return ('<form class="pad-form" novalidate>\n<p><label for="pad-mode">{} </label>'
            '<select id="pad-mode" name="mode" aria-describedby="problem-mode">{}</select>{}</p>\n{}\n{}</form>').format(
        escape(ui["mode"]), options, _message_place("mode"), "\n".join(players), add)


def pad_bgstats(words: dict, players: list, link: str, query: str) -> str:
    """Return the quick pad's "Log in BG Stats" link for its places (players: the pad's result, seated in order;
    link: the pad's share link, the play's comment, under the expansions its rows show), or "" while a player has
    no name.

    The play's id is the pad's address, hashed (FNV-1a, 32 bits): the same pad logged twice is one play.
    """
    if not players or any(not player["name"] for player in players):
        return ""
    digest = 0x811C9DC5
    for byte in query.encode("utf-8"):
        digest = ((digest ^ byte) * 0x01000193) & 0xFFFFFFFF
    rows = pad_from_fields(query_pairs(query) or [])["players"]
    expansions = [EXPANSION_TITLES[used] for used in pad_expansions(rows)]
    return bgstats_link(words, play_of("pad-%08x" % digest, expansions, players), link)


def messages(texts: list) -> str:
    """Return messages (plain text) as the items of a list of problems."""
    return "".join('<li class="error">{}</li>'.format(escape(text)) for text in texts)


def pad_lines(words: dict, problems: list, fields: list, players: list, names=None) -> dict:
    """Return what the quick pad (pad.mjs) says as it redraws, from the core's reading of its address: each problem of
    a field the form has (fields: the form's fields' names) in words, by its field ("fields", plain text; a field's
    last problem), the other problems, the whole pad's, as messages' items ("general", HTML), the ranking's items
    as the result page draws them ("items", players first place first, a row left without a name by its number),
    and, given names (each row's name as typed), the names of the buttons that say whose they are, by their action
    ("buttons", pad_button_names): they follow a name as it is typed."""
    on_fields = {}
    general = []
    for problem in problems:
        if problem.get("field") in fields:
            on_fields[problem["field"]] = _pad_problem(words, problem)
        else:
            general.append(_pad_problem(words, problem))
    named = [dict(player, name=player["name"] or player_label(words, n))
             for n, player in enumerate(players, 1)]
    buttons = {}
    for i, name in enumerate(names or []):
        buttons.update(pad_button_names(words, i, name))
    return {"fields": on_fields, "general": messages(general),
            "items": ranking_items(words, named, ranking({"players": players})), "buttons": buttons}


def _pad_problem(words: dict, problem: dict) -> str:
    """Return a pad's problem in words: a number out of its range names the range, as the language writes it."""
    code = problem["code"]
    template = words["ui"]["pad_problems"].get(code) or words["problems"].get(code) or words["code_problems"]["malformed"]
    low, high = words["catalogue"]["pad"]["ranges"].get(problem.get("value"), [0, 0])
    return fill(template, {"low": number(words, low), "high": number(words, high), "field": problem.get("value")})
