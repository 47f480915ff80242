"""The walk-through of a game, written once: setup, each town step, the result page's content.

Pure Python on top of the scoring core, run by the server (CPython) and by the browser (MicroPython),
so a form is read, checked and turned into a game the same way on both sides. It knows field names
and steps, never words: problems keep the core's codes, and each side words them from the catalogue;
the pieces (result_pieces.py, result_town_pieces.py, town_pieces.py, town_square_pieces.py, town_page_pieces.py,
table_pieces.py, setup_pieces.py, controls.py, pad_pieces.py, helper_pieces.py, history_pieces.py, all writing with
text.py) draw HTML from words they are given.
The *_json functions are the browser's doors: JSON text in, JSON text out. A code they open is opened by
opened_games.py, and the statistics page's calls are answered by history_calls.py.
"""

import json

from ..scoring import encode
from ..scoring import score_valid_game
from ..scoring.table import dealer
from . import bgstats
from . import controls
from . import helper_pieces
from . import history_calls
from . import history_pieces
from . import moments
from . import new_game
from . import opened_games
from . import pad_pieces
from . import result_pieces
from . import result_view
from . import setup_choices
from . import setup_pieces
from . import setup_start
from . import sync_outbox
from . import table_pieces
from . import tie_turns
from . import town_facts
from . import town_fields
from . import town_live
from . import town_page_pieces
from . import town_pieces
from . import town_step
from .fields import first_values


def game_key(game: dict) -> str:
    """Return what names a game on a phone while its towns change: the mode, buildings, players, monuments."""
    players = ",".join(str(p["name"]) + ":" + str(p.get("monument") or "") for p in game["players"])
    return "|".join((game["mode"], " ".join(game["buildings"]), players))


def setup_json(text: str) -> str:
    """Answer a setup form: {"fields", "action", "seed"} → {"state", "offers", "focus"} (setup_choices.focus_after) or
    {"code", "key", "step"} (the town step it starts at) or {"problems", "reload"} (the action its address keeps:
    setup_start.reload_action);
    with towns kept, also their game's key (towns_key), by which the phone finds the newest code of that game
    and the towns typed but not yet saved in it, and once started, what each building kept is now (renamed:
    setup_start.renamed_buildings), for those towns' squares. Fields holding "again" (a link to play again) are answered
    {"state", "offers", "focus"} of the game it names, or of a blank setup with {"problems"} (new_game.state_again)."""
    request = json.loads(text)
    fields = request.get("fields") or {}
    if "again" in fields:
        # A link to play again (its address's "again", one code or its codes), read as the server reads it: its other
        # fields, the action among them, are not.
        state, placed = new_game.state_again(fields["again"])
        answer = {"state": state, "offers": setup_choices.monument_offers(state), "focus": ""}
        if placed["general"]:
            answer["problems"] = placed
        return json.dumps(answer)
    state = new_game.read(fields)
    sent = new_game.unread(fields)
    action = str(request.get("action") or "refresh")
    before = len(state["players"])
    state = setup_choices.apply(action, state, dealer(int(request.get("seed") or 0)))
    answer = {"state": state, "offers": setup_choices.monument_offers(state),
              "focus": setup_choices.focus_after(action, before, state)}
    kept = new_game.kept_game(state)
    if kept:
        answer["towns_key"] = game_key(kept)
    if action in setup_start.STARTS:
        game, placed = setup_start.start(state, sent)
        if game is None:
            answer["problems"] = placed
        else:
            answer["code"] = encode(game)
            answer["key"] = game_key(game)
            answer["step"] = new_game.first_step(state)
            if kept:
                answer["renamed"] = setup_start.renamed_buildings(kept, game)
    else:
        placed = setup_start.refused(state, sent, action)
        if placed["fields"] or placed["general"]:
            answer["problems"] = placed
    if "problems" in answer:
        answer["reload"] = setup_start.reload_action(action, answer["problems"])
    return json.dumps(answer)


def town_json(text: str) -> str:
    """Answer a town step: {"code", "n", "fields", "show"} → what town_step.save() says, or what the step shows
    (step_view, and its "game"; with "problems", placed, where its address holds what no form of ours sends or an
    answer no town takes: town_step.opened_town); or what opened_games.town_of answers for a step that is none.
    fields holds each key's text, or its texts where an address repeats the key."""
    request = json.loads(text)
    step = opened_games.town_of(request)
    if "game" not in step:
        return json.dumps(step)
    game, n = step["game"], step["n"]
    sent = request.get("fields") or {}
    if request.get("show"):
        shown, refused, town = town_step.opened_town(game, n, sent)
        answer = dict(step_view(game, n, shown, town), game=game)
        if refused:
            answer["problems"] = town_fields.place(refused, n)
        return json.dumps(answer)
    answer = town_step.save(game, n, sent, str(request.get("code")))
    answer.pop("game")
    return json.dumps(answer)


def step_view(game: dict, n: int, fields: dict, town=None) -> dict:
    """Return what player n's town step shows of the game and its fields, the page's words and its own (its
    address, its language, its messages worded) aside: its town (town_live.grid_view: "offered", "fact",
    "asks_turns", "expansion_facts", "fields", "scored"), the players' names ("names"), this one's number ("n"),
    the game's key ("key"), the monuments offered ("monuments", [] in a game without) and the one chosen
    ("monument"), whether it was opened from the scores ("from_scores") and the players' buttons' totals
    ("totals") and which of those are the least their town makes until the town on its right is entered ("least"), each
    town scored once (town_live.step_numbers).

    The one view of a town step: the server draws its page from it (webscore.web.towns) and the browser's door
    answers it (town_json), so what a step shows is decided here for both. town, where given, is the fields read
    and checked already (town_fields.read_checked): a step opened with a query, or a save refused, reads them once."""
    totals, least, scored = town_live.step_numbers(game, n, fields, town)
    return dict(town_live.grid_view(game, n, fields, scored), names=[p["name"] for p in game["players"]], n=n,
                key=game_key(game), monuments=town_facts.monument_offers(game), monument=fields.get("monument", ""),
                from_scores=town_step.from_scores(fields), totals=totals, least=least)


def live_json(text: str, words: dict) -> str:
    """Answer the live score on a tap: {"code", "n", "fields"} → player n's town as the fields have it (live_town:
    "town") and what the page writes and says for it (town_pieces.live_numbers: "shown"), with the page's words, which the
    browser's core keeps once (core-worker.mjs); or what opened_games.town_of answers for a step that is none. A town
    at a table says too which towns of its game are handed in ("handed_in": a true or false for each player; anything
    else is left aside)."""
    request = json.loads(text)
    step = opened_games.town_of(request)
    if "game" not in step:
        return json.dumps(step)
    fields = first_values(request.get("fields") or {})
    game, n = step["game"], step["n"]
    handed_in = request.get("handed_in")
    # Anything but a true or false for each player is no table's word: the town is scored as a town step scores it,
    # never as sure beside a town a "1" or an "x" called handed in.
    if type(handed_in) is not list or len(handed_in) != len(game["players"]) \
            or not all(type(done) is bool for done in handed_in):
        handed_in = None
    checked = town_fields.read_checked(game, n, fields)
    town = live_town(game, n, fields, checked, handed_in)
    refused = town_step.refused_loads(game, n, fields, checked) if "waiting" in town else None
    return json.dumps({"town": town, "shown": town_pieces.live_numbers(words, town, fields, refused)})


def live_town(game: dict, n: int, fields: dict, town=None, handed_in=None) -> dict:
    """Return player n's town as the fields have it, scored ({"total", "squares", ...}), or {"waiting": [fields]}
    when answers are missing or wrong (town_live.live): then no number stands, rather than a wrong one.

    Only the edited town is scored: the others stand still while it changes (a town on the right not entered yet
    counts as holding the most it can, so its Feast Halls and Schoolhouses make the least they can:
    town_live.scored_live). The live score asks it on every tap, and the server draws a town step with it, so its
    numbers show before the browser's core has started.
    town, where given, is the fields read and checked already (town_fields.read_checked); handed_in, at a table, which
    towns are handed in (town_live.scored_live).
    """
    changed, waiting = town_live.live(game, n, fields, town)
    return town_live.scored_live(changed, n - 1, handed_in) if changed else {"waiting": waiting}


def result_json(code: str) -> str:
    """Answer a result address: {"game", "key", "view", "play"} (result_answer) or {"damaged": reason}."""
    opened = opened_games.game_of(code)
    if "game" not in opened:
        return json.dumps(opened)
    return json.dumps(result_answer(opened["game"], code))


def result_answer(game: dict, code: str, result=None) -> dict:
    """Return what the offline shell draws a result page from: the game, its key, its view and its play for BG Stats;
    scored unless result holds it scored already."""
    view = result_view.view(game, score_valid_game(game) if result is None else result)
    return {"game": game, "key": game_key(game), "view": view, "play": bgstats.play(view, code)}


def history_json(text: str) -> str:
    """Answer the statistics page of the games kept on a phone (webscore/flow/history.py; their summaries, figures
    and CSV in history_summary.py, history_stats.py and history_csv.py), by its call, as history_calls.py answers it.

    The phone's list of games travels as the JSON text it keeps ("played": [{"code", "when", "summary"?}]), read
    and written in the core's worker (history_calls.py), never parsed on the page's thread; once sent, "same": true
    stands for it (the list read last, with the summaries added since). "merged" is {name: name}.
    - "stats": {"played", "merged", "filters", "now", "words", "links"} → {"html"}, and "played" again when
      games were read for the first time (their summaries added, None for a code that does not open);
    - "csv": {"played", "merged", "words"?, "links"?} → {"csv"}: the plays, one row per player, in the words'
      language (its separator, head and modes; English's without), each game's link whole (its code without
      links), and "played", as "stats" does;
    - "import": {"text" (an export file), "played", "merged"} → {"played", "merged", "added"} (the new games read
      already), or {"problem"} and nothing changed: a file whose games do not all open is damaged;
    - "pad": {"query"} → {"summary"}: a quick pad's, None while it is not finished (the kept games untouched).
    """
    return json.dumps(history_calls.answer_call(json.loads(text)))





# The pieces drawn by name, by their function's name: by the browser (piece_json) and by the server's templates
# (piece() in webscore.web.results.pieces). One table, so both sides name the same pieces.
PIECES = {drawn.__name__: drawn for drawn in (
    result_pieces.result_page, result_pieces.result_parts, result_pieces.turns_form, result_pieces.share,
    town_pieces.running_total, town_pieces.town_grid, town_page_pieces.town_step, town_page_pieces.town_lines,
    table_pieces.table_town, table_pieces.table_players, table_pieces.table_page, table_pieces.table_news,
    table_pieces.table_town_lines,
    setup_pieces.setup_lines,
    controls.page_title, controls.notice, controls.link_button, controls.button, controls.language_switch, controls.wake_switch,
    pad_pieces.pad_form, pad_pieces.pad_bgstats, pad_pieces.pad_lines,
    helper_pieces.master_builder, helper_pieces.town_hall, helper_pieces.solo, helper_pieces.record_note, helper_pieces.broken,
    history_pieces.games_lines, moments.moments)}


def piece_json(text: str) -> str:
    """Draw a piece by name: JSON {"piece", "args"} in (args: its arguments by name), its HTML out as JSON."""
    request = json.loads(text)
    return json.dumps(PIECES[request["piece"]](**request["args"]))


def turns_json(text: str) -> str:
    """Answer the tie's turns form: {"code", "fields"} → {"code"} of the game with them, or {"problems"} with the
    result the page shows them on (result_answer), the game scored once."""
    request = json.loads(text)
    code = str(request.get("code") or "")
    opened = opened_games.game_of(code)
    if "game" not in opened:
        return json.dumps(opened)
    game, fields = opened["game"], request.get("fields") or {}
    changed, found, result = tie_turns.turns_taken(game, fields)
    if not found:
        return json.dumps({"code": encode(changed)})
    return json.dumps(dict(result_answer(game, code, result), problems=found))


# What a phone's outbox can be asked (webscore/flow/sync_outbox.py); each returns the outbox and, where the phone
# shows it, what else it needs to know.
_OUTBOX_CALLS = {
    "edit": lambda request, outbox: {"outbox": sync_outbox.edit(outbox, request.get("fields") or {})},
    "hand_in": lambda request, outbox: {"outbox": sync_outbox.hand_in(outbox)},
    "take_over": lambda request, outbox: {"outbox": sync_outbox.take_over(outbox)},
    "reopen": lambda request, outbox: {"outbox": sync_outbox.reopen(outbox)},
    "sending": lambda request, outbox: {"outbox": sync_outbox.sending(outbox, request["seq"])},
    "acknowledged": lambda request, outbox: _with_changes(
        outbox, sync_outbox.acknowledged(outbox, request["seq"], request["town"])),
    "refreshed": lambda request, outbox: _with_changes(outbox, sync_outbox.refreshed(outbox, request["town"])),
    "resolve": lambda request, outbox: {"outbox": sync_outbox.resolve(outbox, request.get("choices") or {})},
    "reopened_first": lambda request, outbox: {"outbox": sync_outbox.reopened_first(outbox)},
    "dropped_changes": lambda request, outbox: {"outbox": sync_outbox.dropped_changes(outbox)},
    "dropped_head": lambda request, outbox: {"outbox": sync_outbox.dropped_head(outbox)},
    "look": lambda request, outbox: {"outbox": outbox},
}


def _with_changes(before: dict, after: dict) -> dict:
    """Return the outbox after a call, and the fields the phone now shows differently (others' changes)."""
    return {"outbox": after, "changed": sync_outbox.shown_changes(before, after)}


def outbox_json(text: str) -> str:
    """Answer a phone's outbox call: {"call", "outbox" (or "client" and "town" for a new one), ...}.

    Every answer carries the outbox, the town it shows ("shown": fields and done) and how many changes
    wait ("waiting").
    """
    request = json.loads(text)
    outbox = request.get("outbox") or sync_outbox.new_outbox(request["client"], request["town"])
    answer = _OUTBOX_CALLS[request["call"]](request, outbox)
    answer["shown"] = sync_outbox.expected(answer["outbox"])
    answer["waiting"] = sync_outbox.waiting(answer["outbox"])
    return json.dumps(answer)
