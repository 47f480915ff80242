"""Pieces of the two helpers drawn in the browser: the quick score pad's form and the table during the game.

Their pages are drawn where they are used, by the core under MicroPython, from the pad's address or the
table's record; their frame (heading, hints) is the server's template. Buttons carry a data-action that
the page's script answers; nothing here decides a point or a turn.
"""

from ..scoring.game import MODES
from .bgstats import play_of
from .controls import button
from .controls import link_button
from .result_pieces import bgstats_link
from .result_pieces import ranking_items
from .result_view import ranking
from .text import attributes
from .text import escape
from .text import fill
from .text import number
from .text import player_label
from .text import sentences
from .text import series


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
    link: the pad's share link, the play's comment), or "" while a player has no name.

    The play's id is the pad's address, hashed (FNV-1a, 32 bits): the same pad logged twice is one play.
    """
    if not players or any(not player["name"] for player in players):
        return ""
    digest = 0x811C9DC5
    for byte in query.encode("utf-8"):
        digest = ((digest ^ byte) * 0x01000193) & 0xFFFFFFFF
    return bgstats_link(words, play_of("pad-%08x" % digest, [], players), link)


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


def _enter(words: dict, primary: bool = False) -> str:
    return button(words["ui"]["enter_towns"], "enter", "primary big" if primary else "")


def _undo(words: dict, disabled: bool) -> str:
    return button(words["ui"]["undo"], "undo", disabled=disabled)


def _heading(words: dict, heading: str, told: str = "") -> str:
    """Return a screen's heading, with what a screen reader hears as it is drawn after a tap (play.mjs): the heading,
    said as a sentence, then what the screen tells, where it tells something ("Round 2. Bo names the resource."), as
    plain text."""
    said = sentences([fill(words["ui"]["sentence"], {"words": heading}), told])
    return "<h1 {}>{}</h1>".format(attributes({"data-said": said}), escape(heading))


def _event_said(words: dict, names: list, event: str, round_undone: int) -> str:
    """Return what a screen reader hears of a hammer's event just recorded (done) or taken back by Undo, as a
    sentence: "Town complete: Ana.", "Fort Ironweed built: Bo.", "Undone: round 3." (round_undone: the round a
    "Next round" taken back had begun; 0 for an event just recorded). A round just begun is said by the heading."""
    ui = words["ui"]
    kind, player = event[:1], names[int(event[1:])] if event[1:].isdigit() and int(event[1:]) < len(names) else ""
    if round_undone:
        message = {"n": fill(ui["undone_round"], {"num": round_undone}), "c": fill(ui["undone_complete"], {"name": player}),
                   "f": fill(ui["undone_fort"], {"name": player})}.get(kind, "")
    else:
        message = {"c": fill(ui["town_complete_of"], {"name": player}),
                   "f": fill(ui["fort_built_of"], {"name": player})}.get(kind, "")
    return fill(ui["sentence"], {"words": message}) if message else ""


def master_builder(words: dict, names: list, state: dict, first: int, started: bool, done: str = "",
                   undone: str = "") -> str:
    """Return the hammer's screen: the round, who names the resource, each player's turns and town.

    started says whether any event is recorded: before, the first Master Builder can still be chosen. done is the event
    the screen is drawn for ("c1": Bo's town complete), undone the one an Undo took back ("n", a round): said after the
    heading, before who names the resource.
    """
    ui = words["ui"]
    news = _event_said(words, names, done, 0) if done else \
        _event_said(words, names, undone, state["round"] + 1) if undone else ""
    if state["ended"]:
        told = ui["game_over"]
        hammer = escape(told)
    else:
        told = fill(ui["names_resource"], {"name": names[state["holder"]]})
        hammer = fill(escape(ui["names_resource"]), {"name": "<bdi>{}</bdi>".format(escape(names[state["holder"]]))})
    chooser = ""
    if not started:
        options = "".join('<option {}>{}</option>'.format(attributes({"value": i, "selected": i == first, "dir": "auto"}),
                                                          escape(name)) for i, name in enumerate(names))
        chooser = ('<p><label for="first">{} </label><select id="first" data-action="first">{}</select></p>\n').format(
            escape(ui["first_builder"]), options)
    rows = []
    for p, name in enumerate(names):
        completed = state["completed"][p]
        said = fill(ui["turns_count"], {"num": state["turns"][p]}) + " · " + (
            ui["playing"] if completed is None else fill(ui["complete_in_round"], {"num": completed}))
        if state["fort_built"][p]:
            said += " · " + ui["fort_built_said"]
        rows.append('<li data-player="{}" data-turns="{}"><strong><bdi>{}</bdi></strong> '
                    '<span class="hint">{}</span>{}{}</li>'.format(
            p, state["turns"][p], escape(name), escape(said),
            button(ui["town_complete"], "complete-" + str(p), "small",
                   extra={"aria-label": fill(ui["town_complete_of"], {"name": name})}) if completed is None else "",
            button(ui["fort_built"], "fort-" + str(p), "small",
                   extra={"aria-label": fill(ui["fort_built_of"], {"name": name})}) if state["can_build_fort"][p] else ""))
    next_round = "" if state["ended"] else button(ui["next_round"], "next", "primary big")
    return ('{}\n<p class="hammer">{}</p>\n{}<div class="table-actions">{}{}</div>\n'
            '<ol class="table-players">{}</ol>\n{}').format(
        _heading(words, fill(ui["round"], {"num": state["round"]}), sentences([news, told])), hammer, chooser, next_round,
        _undo(words, not started), "".join(rows), _enter(words, state["ended"]))


def town_hall(words: dict, rounds: int, state: dict, undone: bool = False) -> str:
    """Return the Resource deck's screen of Town Hall: the card turned (or a free choice), what comes next; undone:
    whether it is drawn for an Undo, which it then says first ("Undone: round 3.")."""
    ui = words["ui"]
    card = state["card"]
    shown = said = ""
    news = fill(ui["sentence"], {"words": fill(ui["undone_round"], {"num": rounds + 1})}) if undone else ""
    if rounds:
        said = ui["everyone_chooses"] if card is None else fill(ui["everyone_places"], {"resource": words["resources"][card]})
        shown = '<p class="card-shown{}" data-card="{}">{}</p>\n'.format(" res-card res-" + card if card else "",
                                                                         card or "", escape(said))
    return ('{}\n{}<p class="hint">{}</p>\n<p class="hint">{}</p>\n'
            '<div class="table-actions">{}{}</div>\n{}').format(
        # "Everyone places: glass" is shown as it is and said as a sentence.
        _heading(words, fill(ui["round"], {"num": rounds}) if rounds else words["modes"]["town-hall"],
                 sentences([news, fill(ui["sentence"], {"words": said}) if card is not None else said])), shown,
        escape(ui["next_free"] if state["next_is_free"] else ui["next_card"]), escape(fill(ui["pile"], {"num": state["pile"]})),
        button(ui["next_round"] if rounds else ui["start_game"], "next", "primary big"), _undo(words, rounds == 0),
        _enter(words))


def solo(words: dict, state: dict, took: bool = False, undone: str = "") -> str:
    """Return the solo deck's screen: the face-up cards to take, the pile and how many were taken; took: whether it is
    drawn for a card just taken (not for an Undo, nor a reload), which it then says first; undone: the resource of the
    card an Undo put back, said first ("Undone: stone taken.")."""
    ui = words["ui"]
    cards = "".join(button(ui["take"][card], "take-" + str(i),
                           "res-card res-" + card, extra={"data-card": card}) for i, card in enumerate(state["face_up"]))
    counts = fill(ui["pile"], {"num": state["pile"]}) + " · " + fill(ui["taken"], {"num": len(state["taken"])})
    # The card just taken, then the cards one may take, one after another: one is taken, so no "and" before the last;
    # each said as a sentence.
    taken = fill(ui["sentence"], {"words": fill(ui["resource_taken"], {"resource": words["resources"][state["taken"][-1]]})}) \
        if took and state["taken"] else \
        fill(ui["sentence"], {"words": fill(ui["undone_take"], {"resource": words["resources"][undone]})}) \
        if undone in words["resources"] else ""
    offer = fill(ui["sentence"], {"words": series(words, [ui["take"][card] for card in state["face_up"]])})
    return '{}\n<div class="face-up">{}</div>\n<p class="hint">{}</p>\n<div class="table-actions">{}</div>\n{}'.format(
        _heading(words, words["modes"]["solo"], sentences([taken, offer])), cards, escape(counts),
        _undo(words, not state["taken"]), _enter(words))


def record_note(words: dict, kind: str, before: str = "") -> str:
    """Return what the table's screens say of the record they keep, under the heading: "resumed" (Back to the setup and
    back to play the same game goes on with it, with the way to start again), "changed" (the setup changed so that the
    record no longer fits: a new one starts) or "restarted" (a new one asked for); before: the address of the game
    played so far, which the last two lead back to."""
    ui = words["ui"]
    if kind == "resumed":
        message, way = ui["record_resumed"], button(ui["record_restart"], "restart", "small")
    else:
        message = ui["record_changed"] if kind == "changed" else ui["record_restarted"]
        way = link_button(ui["record_before"], before, "button small")
    return '<div class="record-note"><p>{}</p><p>{}</p></div>'.format(escape(message), way)


def broken(words: dict, why: str, undo: bool, home: str, new_game: str) -> str:
    """Return what a record the core cannot replay shows: why, the way to drop its last entry, and the ways on
    (home and new_game: the addresses of the home page and the setup)."""
    ui = words["ui"]
    return ('<section class="notice" role="alert"><h1>{}</h1><p class="error">{}</p>\n<p>{}{} {}</p></section>').format(
        escape(ui["cannot_open"]), escape(why), _undo(words, False) + " " if undo else "",
        link_button(ui["back_home"], home), link_button(ui["new_game"], new_game))
