"""A phone's saves at the table: one operation of its outbox, merged into its town, answered as JSON.

The phones' table-outbox.mjs sends every tap here; it is the table's only JSON call that changes anything, so it
stands apart from the pages (views.py): how a body is read and bounded, the limits it counts against, and what
each outcome of the merge (merge.py, webscore.flow.sync_merge) says to the phone, with its status.
"""

import json

from flask import abort
from flask import current_app
from flask import jsonify
from flask import request
from flask import url_for
from flask_babel import gettext as _
from gunicorn.http.errors import ParseException
from werkzeug.exceptions import ClientDisconnected

from ...flow import sync
from ...flow import sync_merge
from ...flow import table_pieces
from ...flow import table_view
from ...flow.text import fill
from ...flow.text import name_list
from ...flow.text import number
from ..i18n.table_words import table_words
from ..i18n.words import page_words_of_browser
from . import limits
from .blueprint import bp
from .blueprint import now
from .blueprint import store
from .follow import setup_of
from .merge import EMPTY
from .merge import OWNED
from .merge import key_hash
from .merge import merge
from .store import Limited
from .towns import sync_town

# The longest town code (six players, names of 24 characters) is under 600 characters; a save says little more.
MAX_SAVE = 2048
# A save: the phone's client id and operation; its key for the town, a take-over, a confirmed end of the game.
SAVE_KEYS = {"client", "op", "key", "take", "end"}


def _check_json_call() -> None:
    """Refuse a JSON call that a page of another site could have made (custom header, same origin)."""
    origin = request.headers.get("Origin")
    if request.headers.get("X-Requested-With") != "marquoir" or (origin and origin != request.host_url.rstrip("/")):
        _stop(403, _("This request did not come from Marquoir."))


def _stop(status: int, message: str) -> None:
    response = jsonify(message=message)
    response.status_code = status
    abort(response)


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
        mine = key_hash(key or client)
        changed = store().change(table_id, merge(setup, n, client, [op], now(), mine, take=body.get("take", False),
                                                end=body.get("end", False)), limits.save_limits(table_id, client, n, mine))
    except Limited as refused:
        return jsonify(message=limits.too_many(refused.kind)), 429, {"Retry-After": "10"}
    if changed is None:
        return jsonify(message=_("This table is gone.")), 404
    if changed[1]["outcome"] == sync_merge.INVALID:
        # Logged for whoever runs the app: a phone of ours should never send one.
        current_app.logger.warning("table %s, town %d: a change refused as not this town's (fields %s)", table_id, n,
                                   sorted(op.get("set", {})))
    return _sync_answer(lang, table_id, n, setup, *changed)


def _sync_answer(lang: str, table_id: str, n: int, setup: dict, record: dict, answer: dict):
    """Return the JSON answer to a phone's operation, with the town as the table now holds it."""
    town = sync.public(sync_town(record, setup, n))
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
