"""Pieces of the table helper, drawn in the browser during the game: the hammer's screen of Master Builder, Town
Hall's Resource deck, the solo deck, and what the table's record says of itself or shows when it cannot be replayed.

Their screens are drawn where they are used, by the core under MicroPython, from the table's record (play.mjs);
their frame (heading, hints) is the server's template. The quick pad, the other helper, is pad_pieces.py's. Buttons
carry a data-action that the page's script answers; nothing here decides a turn.
"""

from .controls import button
from .controls import link_button
from .text import attributes
from .text import escape
from .text import fill
from .text import sentences
from .text import series


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
