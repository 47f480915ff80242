"""Error pages and redirects in the reader's language: a clear message and a 4xx, never a bare 500."""

import re

from flask import current_app
from flask import g
from flask import jsonify
from flask import render_template
from flask import request
from flask_babel import gettext as _
from flask_babel import refresh
from gunicorn.http.errors import ParseException
from markupsafe import escape
from werkzeug.exceptions import BadRequest
from werkzeug.exceptions import HTTPException

from ...scoring import CodeError
from ...scoring import InvalidGame
from .. import i18n
from ..i18n.labels import CODE_PROBLEMS
from ..tables.store import Unavailable


def _language_from_path() -> None:
    first = request.path.strip("/").split("/")[0]
    if first in i18n.LANGUAGES and g.get("lang") != first:
        g.lang = first
        # Babel may have settled on a language earlier in this request: the page's address decides now.
        refresh()


def _routable() -> bool:
    """Return whether addresses can be built for this request (not when its Host names no site)."""
    try:
        return current_app.create_url_adapter(request) is not None
    except HTTPException:
        return False


def _page(status: int, title: str, message: str):
    _language_from_path()
    if _routable():
        try:
            return render_template("error.html", title=title, message=message), status
        except Exception:  # the error page itself must never fail
            current_app.logger.exception("the error page could not be drawn")
    # The request could not even be routed (a malformed Host), or the page failed: a bare page, still ours.
    page = "<!doctype html><html lang=\"{}\"><title>{}</title><h1>{}</h1><p>{}</p></html>".format(
        escape(g.get("lang", "en")), escape(title), escape(title), escape(message))
    return page, status


# A phone's JSON calls to a table: a save (POST to a town) and a town's JSON. Their errors are JSON too.
TABLE_CALL = re.compile(r"/[^/]+/t/[^/]+/[^/]+(?:/town)?")


def handle_http_error(error: HTTPException):
    """Render any HTTP error as a page with a way back."""
    _language_from_path()
    # What the error says of itself stays with our answer in its stead: a 405's Allow, say (RFC 9110 requires it).
    headers = [(name, value) for name, value in error.get_headers() if name.lower() != "content-type"]
    # A phone's call to a table that no route takes (a player that is no number, a wrong method) is answered
    # in JSON, as the calls' own refusals are.
    if request.url_rule is None and _table_call():
        message = _("There is no such player at this table.") if error.code == 404 else \
            _("This request cannot be answered as it is.")
        return jsonify(message=message), error.code, headers
    if error.code == 404:
        title, message = _("Page not found"), _("There is no page at this address.")
    elif error.code in (413, 414, 431):
        title, message = _("Too much at once"), _("This request is larger than any game needs.")
    else:
        title, message = _("Something is not right"), _("This request cannot be answered as it is.")
    return (*_page(error.code, title, message), headers)


def _table_call() -> bool:
    """Say whether a request is one of a phone's JSON calls to a table (a town's save or its JSON), not a page."""
    if not TABLE_CALL.fullmatch(request.path) or request.path.endswith("/take"):
        return False
    return request.path.endswith("/town") or request.method not in ("GET", "HEAD")


def handle_unreadable_body(error: ParseException):
    """Refuse a body gunicorn cannot read (bad chunk sizes, a missing terminator, a forbidden trailer) as a bad request.

    Its reader raises while a view reads the form; a body cut short is werkzeug's ClientDisconnected, a 400 already.
    """
    return handle_http_error(BadRequest())


def handle_code_error(error: CodeError):
    """A damaged, cut or forged game code: say what is wrong with the link (400)."""
    _language_from_path()
    return _page(400, _("This link cannot be opened"), str(CODE_PROBLEMS.get(error.reason, CODE_PROBLEMS["malformed"])))


def handle_invalid_game(error: InvalidGame):
    """A code that decodes to a game the core refuses: the link holds nothing Marquoir can score (400)."""
    _language_from_path()
    return _page(400, _("This link cannot be opened"), str(CODE_PROBLEMS["malformed"]))


def handle_unavailable(error: Unavailable):
    """The tables' store cannot be reached: ask to try again in a moment (503), as JSON to a phone's own calls."""
    _language_from_path()
    current_app.logger.error("the tables' store is unavailable: %s", error)
    message = _("The tables cannot be reached just now. Please try again in a moment.")
    if request.endpoint in ("tables.state", "tables.save", "tables.town_json"):
        return jsonify(message=message), 503
    return _page(503, _("Tables out of reach"), message)


def word_redirect(response):
    """Give a redirect our own few words in the reader's language, not Werkzeug's English "Redirecting..." page.

    A browser follows the Location at once; the page is read only where nothing follows it (a crawler, a bare
    client), and it then says where to go in the language of the address, else of the reader.
    """
    if not (300 <= response.status_code < 400 and response.location and response.mimetype == "text/html"):
        return response
    _language_from_path()
    lang = i18n.current_language()
    page = ('<!doctype html><html lang="{lang}"><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<title>{title}</title><p><a href="{location}">{link}</a></p></html>').format(
        lang=escape(lang), title=escape(_("This page is at another address")), location=escape(response.location),
        link=escape(_("Open the page")))
    response.set_data(page)
    return response


def init_app(app) -> None:
    """Register the error pages and the words of redirects."""
    app.register_error_handler(HTTPException, handle_http_error)
    app.register_error_handler(ParseException, handle_unreadable_body)
    app.register_error_handler(CodeError, handle_code_error)
    app.register_error_handler(InvalidGame, handle_invalid_game)
    app.register_error_handler(Unavailable, handle_unavailable)
    app.after_request(word_redirect)
