"""The take-in form: towns handed over as a link or code by a phone without network, taken in at the table.

A form page (GET shows what the link brings, POST takes it in) open to anyone with the table's link, by design:
each town is taken in as its own phone would send it (merge.py, remember=False), so it stays its phone's, and a
town changed since the page was shown is not overwritten.
"""

import secrets

from flask import current_app
from flask import redirect
from flask import render_template
from flask import request
from flask import url_for
from flask_babel import gettext as _

from ...flow import sync
from ...flow import sync_merge
from ...flow import town_fields
from ...flow.text import name_list
from ...flow.text import sentences
from ...scoring import game_from_code
from ..i18n.table_words import table_words
from ..i18n.words import page_words_of_browser
from . import limits
from .blueprint import bp
from .blueprint import check_csrf
from .blueprint import now
from .blueprint import record_or_404
from .blueprint import store
from .merge import EMPTY
from .merge import key_hash
from .merge import merge
from .store import Limited
from .towns import code_in
from .towns import read_town


@bp.route("/<lang>/t/<table_id>/take", methods=["GET", "POST"])
def take(lang, table_id):
    """Take in towns handed over as a link or code by a phone without network."""
    record = record_or_404(table_id)
    setup = game_from_code(record["setup"])
    if request.method == "POST":
        check_csrf()
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
    if limits.limited(store(), "save", current_app.config["TABLE_SAVES_PER_MINUTE"], 60):
        return page(limits.too_many(limits.ADDRESS), 429)
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
            return page(limits.too_many(refused.kind), 429)
        if changed is None:
            return record_or_404(table_id)
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
    return store().change(table_id, merge(setup, i + 1, client, ops, now(), key_hash(client), remember=False,
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

