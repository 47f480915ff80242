"""A table: every player enters their own town on their own phone, and the scores appear on every phone.

The table is the one piece of state the server keeps (see store.py). A town travels as the game code
of the setup with only that player's town filled in, so the phones and the store speak the app's own
code format, and the outcome is an ordinary stateless result page.

Here the table's pages: opening a table, its page (QR code, short link, where each player stands), its state
for the phones that follow it, and a player's town step. A phone's saves are in saves.py, the take-in form in
take.py; all are routes of the one blueprint (blueprint.py) that init_app registers.
"""

import io
import json

import segno
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
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from ...flow import sync
from ...flow import sync_merge
from ...flow import table_pieces
from ...flow import table_view
from ...flow.fields import repeated
from ...flow.new_game import MAX_TYPED
from ...flow.text import problem_text
from ...scoring import encode
from ...scoring import game_from_code
from .. import i18n
from ..http import conditional
from ..http.assets import EncodedResponse
from ..i18n.table_words import table_words
from ..i18n.words import page_words_of_browser
from ..towns.views import town_grid
from . import limits
from . import saves  # noqa: F401 (imported for its routes, on the blueprint init_app registers)
from . import take  # noqa: F401 (imported for its routes, on the blueprint init_app registers)
from .blueprint import bp
from .blueprint import check_csrf
from .blueprint import kept_for
from .blueprint import record_or_404
from .blueprint import store
from .follow import etag as follow_etag
from .follow import record_read
from .follow import setup_of
from .follow import state_body
from .follow import state_headers
from .follow import unchanged
from .store import find
from .towns import owners
from .towns import sync_town
from .towns import table_state


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
    return render_template("table_start.html", game=game, code=code, kept_for=kept_for())


@bp.post("/<lang>/t/new")
def create(lang):
    """Open a table for a setup code and go to its page."""
    check_csrf()
    code = _setup_code(request.form)
    game = game_from_code(code)
    table_id = limits.open_table(store(), encode(sync.empty_setup(game)), len(game["players"]))
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
    record = record_or_404(table_id)
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
    record_or_404(table_id)
    out = io.BytesIO()
    segno.make(url_for("tables.short", table_id=table_id, _external=True), error="m").save(
        out, kind="svg", scale=4, border=2, xmldecl=False, svgns=True, dark="#1d2330", light="#ffffff")
    return Response(out.getvalue(), mimetype="image/svg+xml", headers={"Cache-Control": "private, max-age=3600"})


@bp.get("/<lang>/t/<table_id>/state")
def state(lang, table_id):
    """Return the table as JSON; 304 when nothing changed since the phone's last look (its ETag)."""
    record = record_read(request.environ, table_id)
    if record is None:
        record = find(store(), table_id)
    if record is None:
        return jsonify(message=_("This table is gone.")), 404
    revision = follow_etag(record["revision"], lang)
    tag = '"{}"'.format(revision)
    # As the shortcut sends them (follow.py): these bytes and headers, left to no compression (nor its Vary).
    if conditional.names_current(conditional.from_environ(request.environ), revision):
        return EncodedResponse(status=304, headers=unchanged(tag))
    body = state_body(current_app, record, lang, table_id, request.script_root)
    return EncodedResponse(body, headers=state_headers(body, tag))


def _table_town(table_id: str, record: dict, n: int):
    """Return (the setup, player n's town in the sync) of a table, or 404 for a player it does not have."""
    if not 1 <= n <= len(record["towns"]):
        abort(404)
    # The setup was checked when the table was opened: read once per worker (setup_of).
    setup = setup_of(current_app, table_id, record)
    return setup, sync_town(record, setup, n)


@bp.get("/<lang>/t/<table_id>/<int:n>")
def town(lang, table_id, n):
    """Show player n's town step at the table, as the table holds it; the phone adds what it has not sent."""
    record = record_or_404(table_id)
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
    record = find(store(), table_id)
    if record is None:
        return jsonify(message=_("This table is gone.")), 404
    if not 1 <= n <= len(record["towns"]):
        return jsonify(message=_("There is no such player at this table.")), 404
    setup = setup_of(current_app, table_id, record)
    return jsonify(town=sync.public(sync_town(record, setup, n)), revision=record["revision"]), 200, \
        {"Cache-Control": "no-store"}


def handle_csrf_error(error):
    """Refuse a form sent without this site's token, in the reader's language."""
    message = _("This form has expired or did not come from Marquoir. Go back, reload the page and send it again.")
    return render_template("error.html", title=_("Something is not right"), message=message), 400


def init_app(app) -> None:
    """Register the table pages, saves and take-in, their limits and their CSRF refusal page."""
    limits.init_app(app)
    # The table's forms are the app's only POST forms; their CSRF token lives in Flask's session cookie.
    app.config["SESSION_COOKIE_SAMESITE"] = app.config["SESSION_COOKIE_SAMESITE"] or "Lax"
    app.jinja_env.globals.update(csrf_token=generate_csrf, table_words=table_words)
    app.register_blueprint(bp)
    app.register_error_handler(CSRFError, handle_csrf_error)
