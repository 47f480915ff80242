"""A table: every player enters their own town on their own phone, and the scores appear on every phone.

The table is the one piece of state the server keeps (see store.py). A town travels as the game code
of the setup with only that player's town filled in, so the phones and the store speak the app's own
code format, and the outcome is an ordinary stateless result page.
"""

import hashlib
import hmac
import io
import json
import secrets
import time

import segno
from flask import Blueprint
from flask import Response
from flask import abort
from flask import current_app
from flask import get_template_attribute
from flask import jsonify
from flask import redirect
from flask import render_template
from flask import request
from flask import url_for
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from flask_wtf.csrf import ValidationError
from flask_wtf.csrf import generate_csrf
from flask_wtf.csrf import validate_csrf
from gunicorn.http.errors import ParseException
from markupsafe import Markup
from werkzeug.exceptions import ClientDisconnected

from ...flow import sync
from ...flow import sync_merge
from ...flow import table_pieces
from ...flow import table_view
from ...flow import town_fields
from ...flow.fields import repeated
from ...flow.new_game import MAX_TYPED
from ...flow.text import fill
from ...flow.text import name_list
from ...flow.text import number
from ...flow.text import problem_text
from ...flow.text import sentences
from ...scoring import encode
from ...scoring import game_from_code
from .. import i18n
from ..http import conditional
from ..http.assets import EncodedResponse
from ..i18n.table_words import table_words
from ..i18n.words import page_words_of_browser
from ..towns.views import town_grid
from . import limits
from .follow import etag as follow_etag
from .follow import record_read
from .follow import setup_of
from .follow import state_body
from .follow import state_headers
from .follow import unchanged
from .store import ID_LENGTH
from .store import LIFETIME
from .store import Limited
from .store import open_store
from .towns import code_in
from .towns import empty_towns
from .towns import key_tag
from .towns import owners
from .towns import read_town
from .towns import sync_towns
from .towns import table_state
from .towns import was_held_by
from .towns import with_event
from .towns import with_owner
from .towns import with_town

bp = Blueprint("tables", __name__, template_folder="templates")
# The longest town code (six players, names of 24 characters) is under 600 characters; a save says little more.
MAX_SAVE = 2048
# A save: the phone's client id and operation; its key for the town, a take-over, a confirmed end of the game.
SAVE_KEYS = {"client", "op", "key", "take", "end"}


def _store():
    return open_store(current_app)


def _kept_for() -> dict:
    """Return how long a table is kept after its last change, in hours, from the store's LIFETIME: the count a
    message's form follows, and the number as the language writes it (num)."""
    hours = LIFETIME // 3600
    return {"count": hours, "num": number(page_words_of_browser(), hours)}


def _record_or_404(table_id: str) -> dict:
    record = _store().get(table_id) if len(table_id) in ID_LENGTH else None
    if record is None:
        abort(Response(render_template("table_gone.html", table_id=table_id, kept_for=_kept_for()), 404))
    return record


def _check_csrf() -> None:
    try:
        validate_csrf(request.form.get("csrf_token"))
    except ValidationError as error:
        raise CSRFError(str(error)) from None


def _check_json_call() -> None:
    """Refuse a JSON call that a page of another site could have made (custom header, same origin)."""
    origin = request.headers.get("Origin")
    if request.headers.get("X-Requested-With") != "marquoir" or (origin and origin != request.host_url.rstrip("/")):
        _stop(403, _("This request did not come from Marquoir."))


def _stop(status: int, message: str) -> None:
    response = jsonify(message=message)
    response.status_code = status
    abort(response)


def _setup_code(values) -> str:
    """Return the setup code a table is opened for. One given twice leaves which game unsaid: the link
    cannot be opened (400), as a damaged code cannot."""
    codes = values.getlist("code")
    found = repeated({"code": codes}, MAX_TYPED)
    if found:
        page = render_template("error.html", title=_("This link cannot be opened"),
                               message=problem_text(page_words_of_browser(), found[0]))
        abort(Response(page, 400))
    return codes[0] if codes else ""


@bp.get("/<lang>/t/new")
def start(lang):
    """Offer to open a table for a setup code."""
    code = _setup_code(request.args)
    game = game_from_code(code)
    return render_template("table_start.html", game=game, code=code, kept_for=_kept_for())


@bp.post("/<lang>/t/new")
def create(lang):
    """Open a table for a setup code and go to its page."""
    _check_csrf()
    code = _setup_code(request.form)
    game = game_from_code(code)
    table_id = limits.open_table(_store(), encode(sync.empty_setup(game)), len(game["players"]))
    if table_id is None:
        message = _("This phone has opened many tables in the last hour. Please wait a little.")
        return render_template("error.html", title=_("Too many tables"), message=message), 429
    return redirect(url_for("tables.table", lang=lang, table_id=table_id), 303)


@bp.get("/t/<table_id>")
def short(table_id):
    """Open a table's short link in the reader's language, with its query (/t/new?code=… keeps its code)."""
    return redirect(url_for("tables.table", lang=i18n.preferred_language(), table_id=table_id) + i18n.query_suffix(), 302)


@bp.get("/<lang>/t/<table_id>")
def table(lang, table_id):
    """Show the table: its QR code and short link, and where each player stands."""
    record = _record_or_404(table_id)
    state = table_state(record, lang, setup_of(current_app, table_id, record))
    short_url = url_for("tables.short", table_id=table_id, _external=True)
    links = [None if state["finished"] else url_for("tables.town", lang=lang, table_id=table_id, n=n + 1)
             for n in range(len(state["players"]))]
    words, text = page_words_of_browser(), table_words()
    section = {"id": "table", "class": "table", "data-table": table_id, "data-setup": record["setup"], "data-lang": lang,
               "data-town-base": url_for("tables.table", lang=lang, table_id=table_id),
               "data-state": url_for("tables.state", lang=lang, table_id=table_id), "data-revision": state["revision"]}
    online = {"qr": url_for("tables.qr", lang=lang, table_id=table_id), "link": short_url,
              "take": url_for("tables.take", lang=lang, table_id=table_id)}
    players = table_pieces.table_players(words, text, state["players"], links)
    page = render_template("table.html", page=Markup(table_pieces.table_page(
        words, text, section, players, state["result"] if state["finished"] else "", online)))
    # Not stored by the service worker: offline, its shell says the table needs the network and shows what
    # table-store.mjs kept of it, rather than a stored copy whose statuses would look current.
    return page, 200, {"Cache-Control": "no-store"}


@bp.get("/<lang>/t/<table_id>/qr.svg")
@bp.get("/t/<table_id>/qr.svg")
def qr(table_id, lang=None):
    """Return the QR code of a table's short link as SVG.

    The table's page asks for it in its own language (/<lang>/t/…/qr.svg): the picture is the same in every one,
    but a table gone (404) or out of reach (503) is said in the page's language, whatever the browser's or its
    cookie's. The address without a language (pages drawn before it had one) answers in the reader's.
    """
    _record_or_404(table_id)
    out = io.BytesIO()
    segno.make(url_for("tables.short", table_id=table_id, _external=True), error="m").save(
        out, kind="svg", scale=4, border=2, xmldecl=False, svgns=True, dark="#1d2330", light="#ffffff")
    return Response(out.getvalue(), mimetype="image/svg+xml", headers={"Cache-Control": "private, max-age=3600"})


@bp.get("/<lang>/t/<table_id>/state")
def state(lang, table_id):
    """Return the table as JSON; 304 when nothing changed since the phone's last look (its ETag)."""
    record = record_read(request.environ, table_id)
    if record is None:
        record = _store().get(table_id) if len(table_id) in ID_LENGTH else None
    if record is None:
        return jsonify(message=_("This table is gone.")), 404
    revision = follow_etag(record["revision"], lang)
    tag = '"{}"'.format(revision)
    # As the shortcut sends them (follow.py): these bytes and headers, left to no compression (nor its Vary).
    if conditional.names_current(conditional.from_environ(request.environ), revision):
        return EncodedResponse(status=304, headers=unchanged(tag))
    body = state_body(current_app, record, lang, table_id, request.script_root)
    return EncodedResponse(body, headers=state_headers(body, tag))


def _sync_town(record: dict, setup: dict, n: int) -> dict:
    return sync_towns(record, setup)[n - 1]


def _table_town(table_id: str, record: dict, n: int):
    """Return (the setup, player n's town in the sync) of a table, or 404 for a player it does not have."""
    if not 1 <= n <= len(record["towns"]):
        abort(404)
    # The setup was checked when the table was opened: read once per worker (setup_of).
    setup = setup_of(current_app, table_id, record)
    return setup, _sync_town(record, setup, n)


@bp.get("/<lang>/t/<table_id>/<int:n>")
def town(lang, table_id, n):
    """Show player n's town step at the table, as the table holds it; the phone adds what it has not sent."""
    record = _record_or_404(table_id)
    setup, kept = _table_town(table_id, record, n)
    if all(record["done"]):
        return redirect(url_for("tables.table", lang=lang, table_id=table_id), 302)
    # Drawn as the town step draws a town: the table holds only what a square offers (sync_merge.apply).
    fields = sync.form_fields(kept["fields"])
    # Scored beside the other towns handed in, as the table's list scores it (table_view): a Feast Hall or a Schoolhouse
    # beside a town still being entered makes the least it can until that town is handed in, where the town as entered
    # so far took points back as it grew.
    whole = table_view.table_game(record, handed_in=True)
    entered = sync_merge.town_read(whole, n, fields)
    game = entered[0]
    player = game["players"][n - 1]
    public = sync.public(kept)
    at = {"lang": lang, "table_id": table_id}
    # The live score scores the town beside that game, and knows which of its towns are handed in: one handed in
    # with no building is known to have none, where a town step reads an empty town as one not entered yet.
    town = {"name": player["name"], "n": n, "code": record["setup"], "score_code": encode(whole),
            "handed_in": json.dumps(record["done"], separators=(",", ":")), "lang": lang, "table": table_id,
            "held": owners(record)[n - 1] is not None, "version": public["version"], "done": public["done"],
            "save": url_for("tables.save", n=n, **at),
            "state": url_for("tables.state", **at), "town": url_for("tables.town_json", n=n, **at),
            "take": url_for("tables.take", _external=True, **at), "back": url_for("tables.table", **at)}
    panels = get_template_attribute("table_sync.html", "sync_panels")()
    grid = town_grid(game, n, fields, entered, record["done"])
    drawn = table_pieces.table_town(page_words_of_browser(), table_words(), town, grid, panels, False)
    page = render_template("table_town.html", player=player, page=Markup(drawn), town=public)
    # Not stored by the service worker: offline, its shell draws the town from what table-outbox.mjs kept, which
    # is newer than any stored copy of this page once a tap has been saved.
    return page, 200, {"Cache-Control": "no-store"}


@bp.get("/<lang>/t/<table_id>/<int:n>/town")
def town_json(lang, table_id, n):
    """Return player n's town as the table holds it: {"town": {fields, version, done}}."""
    record = _store().get(table_id) if len(table_id) in ID_LENGTH else None
    if record is None:
        return jsonify(message=_("This table is gone.")), 404
    if not 1 <= n <= len(record["towns"]):
        return jsonify(message=_("There is no such player at this table.")), 404
    setup = setup_of(current_app, table_id, record)
    return jsonify(town=sync.public(_sync_town(record, setup, n)), revision=record["revision"]), 200, \
        {"Cache-Control": "no-store"}


# A town changed by a phone that is not its own (the one that took it): a take-over, a reopening, a take-in.
OWNED = "owned"
# A hand-in that would end the game while a town has no square: the phone asks first.
EMPTY = "empty"
TAKEN_IN = "taken-in"
# The hand-in that ended a game while towns had no square (asked first: EMPTY).
ENDED_EMPTY = "ended-empty"


def _key_hash(key: str) -> str:
    """Return the hash a table keeps of a phone's key (its client id where it sent none): owners and limits read it."""
    return hashlib.sha256(key.encode()).hexdigest()


def _merge(setup: dict, n: int, client: str, ops: list, now: float, mine: str, remember: bool = True, take=False,
           end=False):
    """Return the change (for a store) that merges a phone's operations into player n's town, in order.

    Its answer is the last operation's, or the first that was not applied; {"outcome": "finished"} for a
    table whose scores are shown (an operation applied before is still acknowledged).

    A town belongs to the phone that took it: the first whose operation was applied, by its key (a secret the
    phone keeps; without one, its client id), of which mine is the hash (_key_hash). Another phone changes it only
    by taking it over (take), and a take-over or a reopening by another phone is named on every phone (the table's
    events). remember=False is a town taken in from a link (the take form, open to the table by design): the town
    stays its own phone's. A hand-in that would end the game while a town has no square is refused unless the phone
    says so (end).
    """
    def change(record):
        before = town = _sync_town(record, setup, n)
        if all(record["done"]) and ops[0]["seq"] > sync_merge.last_seq(town, client):
            return record, {"outcome": "finished", "seq": ops[0]["seq"]}
        owner = owners(record)[n - 1]
        # A town taken in from a link (the take form) is named on every phone as a take-over is.
        event = _by_another_phone(owner, mine, take, ops, town) if remember else TAKEN_IN
        if event == OWNED:
            return record, {"outcome": OWNED, "seq": ops[0]["seq"],
                            "was_yours": was_held_by(record, n, mine, sync_merge.last_seq(town, client) > 0)}
        town, answer = _applied(town, client, ops, setup, n, remember, key_tag(mine), key_tag(_holder(owner, mine, event)))
        applied = answer["outcome"] == sync_merge.APPLIED
        ends_empty = applied and _ends_with_empty_towns(record, setup, n, before, town, answer)
        if ends_empty and not end:
            return record, ends_empty
        changed = record if town is before else with_town(record, setup, n, town, now)
        if remember and applied and (owner is None or event == "taken-over"):
            changed = with_owner(changed, n, mine, now)
        # A take-in that changed nothing (the same link taken in twice) is named once.
        if event == "taken-over" and applied or event == TAKEN_IN and town["version"] != before["version"] \
                or event == "reopened" and town is not before:
            changed = with_event(changed, n, event, now)
        # A game ended while towns had no square, as the phone was told and said: every phone says so.
        if ends_empty:
            changed = with_event(changed, n, ENDED_EMPTY, now)
        return changed, answer
    return change


def _by_another_phone(owner, mine: str, take: bool, ops: list, town: dict):
    """Return what a phone that does not own a town does to it: "taken-over", "reopened", or OWNED (refused);
    None from its own phone, or for a town no phone took yet."""
    if owner is None or hmac.compare_digest(owner, mine):
        return None
    if take:
        return "taken-over"
    if all("reopen" in op for op in ops) and town["done"]:
        return "reopened"
    return OWNED


def _holder(owner, mine: str, event) -> str:
    """Return the hash of the key that holds a town once a phone's operations are applied: the phone's own when it
    takes the town (the first to, or taking it over), else its owner's. The slots of its phones are kept (sync_merge.apply)."""
    return mine if owner is None or event == "taken-over" else owner


def _applied(town: dict, client: str, ops: list, setup: dict, n: int, remember: bool, key: str, holder: str) -> tuple:
    """Return the town with a phone's operations applied in order, up to the first not applied, and its answer."""
    answer = None
    for op in ops:
        town, answer = sync_merge.apply(town, client, op, setup, n, remember, key, holder)
        if answer["outcome"] != sync_merge.APPLIED:
            break
    return town, answer


def _ends_with_empty_towns(record: dict, setup: dict, n: int, before: dict, town: dict, answer: dict):
    """Return the refusal of a hand-in that would end the game while a town has no square (EMPTY), or None."""
    if not town["done"] or before["done"]:
        return None
    empty = empty_towns(record, setup, n, town)
    if empty and all(done or i == n - 1 for i, done in enumerate(record["done"])):
        return {"outcome": EMPTY, "seq": answer["seq"], "empty": empty}
    return None


def _sync_answer(lang: str, table_id: str, n: int, setup: dict, record: dict, answer: dict):
    """Return the JSON answer to a phone's operation, with the town as the table now holds it."""
    town = sync.public(_sync_town(record, setup, n))
    code = table_view.finished_code(record)
    body = {"seq": answer["seq"], "town": town, "revision": record["revision"], "finished": code is not None,
            "result": None if code is None else url_for("results.show", lang=lang, code=code)}
    outcome = answer["outcome"]
    if outcome == sync_merge.APPLIED:
        return jsonify(body), 200
    if outcome == sync_merge.CONFLICT:
        return jsonify(dict(body, reason=outcome, conflict=answer["conflict"],
                            message=_("This town was changed on another phone."))), 409
    if outcome == sync_merge.HANDED_IN:
        return jsonify(dict(body, reason=outcome, handed_in=True, message=_("This town was handed in."))), 409
    if outcome == sync_merge.PROBLEMS:
        return jsonify(dict(body, reason=outcome, problems=table_pieces.hand_in_problems(
            page_words_of_browser(), table_words(), answer["problems"]))), 422
    if outcome == sync_merge.INVALID:
        return jsonify(message=_("This request cannot be answered as it is.")), 400
    if outcome == OWNED:
        return jsonify(dict(body, reason=outcome, owned=True, was_yours=answer["was_yours"],
                            message=_("This town is being entered on another phone."))), 409
    if outcome == EMPTY:
        names = [setup["players"][i]["name"] for i in answer["empty"]]
        return jsonify(dict(body, reason=outcome, empty=names, message=fill(
            table_words()["empty_end"], {"names": name_list(page_words_of_browser(), names)}))), 409
    if outcome == sync_merge.STALE:
        return jsonify(dict(body, reason=outcome, last=answer["last"], message=_(
            "This change was sent before a newer one from this phone; it was not applied."))), 409
    if outcome == sync_merge.REUSED:
        return jsonify(dict(body, reason=outcome, last=answer["last"], message=_(
            "This change has the number of another change from this phone; it was not applied."))), 422
    if outcome == sync_merge.VERSION:
        words = page_words_of_browser()
        return jsonify(dict(body, reason=outcome, message=_(
            "This change names version %(named)s of this town, which is at version %(version)s; it was not applied.",
            named=number(words, answer["version"]), version=number(words, town["version"])))), 422
    if outcome == sync_merge.TOO_MANY_PHONES:
        return jsonify(dict(body, reason=outcome, message=_(
            "This town was changed from too many phones; it takes no change from another one."))), 409
    return jsonify(dict(body, reason="finished",
                        message=_("The scores are already shown; change a town from the results."))), 409


@bp.post("/<lang>/t/<table_id>/<int:n>")
def save(lang, table_id, n):
    """Merge one operation of a phone's outbox into player n's town (webscore.flow.sync_merge); answer with the town."""
    _check_json_call()
    try:
        body = _json_body()
        if not isinstance(body, dict) or not {"client", "op"} <= set(body) <= SAVE_KEYS:
            raise ValueError("body")
        client = sync.read_client(body["client"])
        op = sync.read_op(body["op"])
        key = sync.read_client(body["key"]) if "key" in body else None
        if any(type(body.get(flag, False)) is not bool for flag in ("take", "end")):
            raise ValueError("flags")
    except ValueError as error:
        # Logged for whoever runs the app: a phone of ours should never send one.
        current_app.logger.warning("table %s, town %d: a save refused as unreadable (%s)", table_id, n, error)
        return jsonify(message=_("This request cannot be answered as it is.")), 400
    setup = setup_of(current_app, table_id)
    if setup is None:
        return jsonify(message=_("This table is gone.")), 404
    if not 1 <= n <= len(setup["players"]):
        return jsonify(message=_("There is no such player at this table.")), 404
    try:
        mine = _key_hash(key or client)
        changed = _store().change(table_id, _merge(setup, n, client, [op], _now(), mine, take=body.get("take", False),
                                                   end=body.get("end", False)), limits.save_limits(table_id, client, n, mine))
    except Limited as refused:
        return jsonify(message=_too_many(refused.kind)), 429, {"Retry-After": "10"}
    if changed is None:
        return jsonify(message=_("This table is gone.")), 404
    if changed[1]["outcome"] == sync_merge.INVALID:
        # Logged for whoever runs the app: a phone of ours should never send one.
        current_app.logger.warning("table %s, town %d: a change refused as not this town's (fields %s)", table_id, n,
                                   sorted(op.get("set", {})))
    return _sync_answer(lang, table_id, n, setup, *changed)


def _too_many(kind: str) -> str:
    """Return what a save refused past a limit says: whose saves were too many (limits.save_limits)."""
    if kind == limits.PHONE:
        return _("Too many saves from this phone. Please wait a little.")
    if kind == limits.TOWN:
        return _("Too many saves to this town. Please wait a little.")
    if kind == limits.TABLE:
        return _("Too many saves at this table. Please wait a little.")
    return _("Too many saves from this network. Please wait a little.")


def _json_body():
    """Return the JSON of a call's body, read up to MAX_SAVE bytes whatever its transfer coding; raise ValueError.

    A body longer than that is refused with 413, and one nested past Python's recursion limit is no body of ours,
    nor one the server cannot read: chunks gunicorn refuses (a size of -1, no terminator, a forbidden trailer), or
    a body cut short (werkzeug's ClientDisconnected).
    """
    # A length said too long is refused unread; one not said (chunks) is read no further than the bound.
    try:
        data = request.stream.read(MAX_SAVE + 1) if (request.content_length or 0) <= MAX_SAVE else None
    except (ParseException, ClientDisconnected) as error:
        raise ValueError("unreadable body: {}".format(error)) from None
    if data is None or len(data) > MAX_SAVE:
        _stop(413, _("This request is larger than any game needs."))
    try:
        return json.loads(data)
    except RecursionError:
        raise ValueError("nested") from None


def _now() -> float:
    return (current_app.config.get("TABLES_CLOCK") or time.time)()


@bp.route("/<lang>/t/<table_id>/take", methods=["GET", "POST"])
def take(lang, table_id):
    """Take in towns handed over as a link or code by a phone without network."""
    record = _record_or_404(table_id)
    setup = game_from_code(record["setup"])
    if request.method == "POST":
        _check_csrf()
    text = request.values.get("town", "")
    try:
        towns = read_town(setup, code_in(text)) if text else {}
    except ValueError as error:
        return render_template("table_take.html", table_id=table_id, text=text, towns={}, error=str(error)), 422
    versions = {i: record["versions"][i] for i in towns}

    def page(error=None, status=200, ask_end=None):
        return render_template("table_take.html", table_id=table_id, text=text, towns=towns, versions=versions,
                               error=error, ask_end=ask_end), status

    if request.method == "GET" or not towns:
        return page()
    # Counted as saves are: a take-in is one.
    if limits.limited(_store(), "save", current_app.config["TABLE_SAVES_PER_MINUTE"], 60):
        return page(_too_many(limits.ADDRESS), 429)
    shown = request.form.getlist("version")
    # isascii(): "²" is a digit to isdigit() but no number to int().
    if len(shown) != len(towns) or not all(value.isascii() and value.isdigit() and len(value) < 10 for value in shown):
        return page(_("This request cannot be answered as it is."), 400)
    # A take-in that would end the game while a town has no square asks first, as a phone's hand-in does.
    end = request.form.get("end") == "1"
    for (i, player), version in zip(towns.items(), shown):
        try:
            changed = _take_in(table_id, setup, i, player, int(version), end)
        except Limited as refused:
            return page(_too_many(refused.kind), 429)
        if changed is None:
            return _record_or_404(table_id)
        refused = _take_in_refused(changed[1], setup, player)
        if refused is not None:
            return page(*refused)
    return redirect(url_for("tables.table", lang=lang, table_id=table_id), 303)


def _take_in(table_id: str, setup: dict, i: int, player: dict, version: int, end: bool):
    """Take player i's town (from 0) in from a link, as a phone of its own would send it: every field over the version
    the page showed, then "done"; return the store's (record, answer), None for no such table, or raise Limited.

    A field changed since to another value (on its own phone, or by another take) is a conflict; the same town taken
    in twice is handed in once."""
    fields = town_fields.fields_of(player)
    ops = [{"seq": 1, "set": {field: [fields.get(field, ""), version] for field in sync.FIELDS}},
           {"seq": 2, "done": True}]
    client = sync.TAKE_IN + secrets.token_urlsafe(12)
    return _store().change(table_id, _merge(setup, i + 1, client, ops, _now(), _key_hash(client), remember=False,
                                            end=end),
                           limits.take_in_limits(table_id, i + 1))


def _take_in_refused(answer: dict, setup: dict, player: dict):
    """Return what the take page says of a town not taken in, (error, status, question to end the game), or None
    when it was."""
    outcome = answer["outcome"]
    if outcome == EMPTY:
        names = name_list(page_words_of_browser(), [setup["players"][p]["name"] for p in answer["empty"]])
        # Said then asked, as a town's page says and asks it (table_town_lines' "empty").
        return None, 409, sentences([_("Taking this in ends the game, and %(names)s entered no town yet.", names=names),
                                     table_words()["end_game_asked"]])
    if outcome == "finished":
        return _("The scores are already shown; change a town from the results."), 409, None
    if outcome != sync_merge.APPLIED:
        return _("The town of %(name)s changed meanwhile; look at the table and try again.", name=player["name"]), \
            409, None
    return None


def handle_csrf_error(error):
    """Refuse a form sent without this site's token, in the reader's language."""
    message = _("This form has expired or did not come from Marquoir. Go back, reload the page and send it again.")
    return render_template("error.html", title=_("Something is not right"), message=message), 400


def init_app(app) -> None:
    """Register the table pages, their limits and their CSRF refusal page."""
    limits.init_app(app)
    # The table's forms are the app's only POST forms; their CSRF token lives in Flask's session cookie.
    app.config["SESSION_COOKIE_SAMESITE"] = app.config["SESSION_COOKIE_SAMESITE"] or "Lax"
    app.jinja_env.globals.update(csrf_token=generate_csrf, table_words=table_words)
    app.register_blueprint(bp)
    app.register_error_handler(CSRFError, handle_csrf_error)
