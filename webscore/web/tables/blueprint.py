"""The table's one blueprint, and what its pages, saves and take-in share.

Every route of a table is on this blueprint, so that url_for names them all "tables.<view>" whichever module holds
them: views.py the pages, saves.py a phone's saves, take.py the take-in form (views.init_app registers it). What
more than one of them reads stands here, so that none imports another: the store, a table or its "gone" page, the
forms' CSRF check, the clock.
"""

import time

from flask import Blueprint
from flask import Response
from flask import abort
from flask import current_app
from flask import render_template
from flask import request
from flask_wtf.csrf import CSRFError
from flask_wtf.csrf import ValidationError
from flask_wtf.csrf import validate_csrf

from ...flow.text import number
from ..i18n.words import page_words_of_browser
from .store import LIFETIME
from .store import find
from .store import open_store

bp = Blueprint("tables", __name__, template_folder="templates")


def store():
    """Return the app's table store."""
    return open_store(current_app)


def kept_for() -> dict:
    """Return how long a table is kept after its last change, in hours, from the store's LIFETIME: the count a
    message's form follows, and the number as the language writes it (num)."""
    hours = LIFETIME // 3600
    return {"count": hours, "num": number(page_words_of_browser(), hours)}


def record_or_404(table_id: str) -> dict:
    """Return a table's record, or stop with the page that says it is gone (404)."""
    record = find(store(), table_id)
    if record is None:
        abort(Response(render_template("table_gone.html", table_id=table_id, kept_for=kept_for()), 404))
    return record


def check_csrf() -> None:
    """Refuse a form sent without this site's token (CSRFError, answered by views.handle_csrf_error)."""
    try:
        validate_csrf(request.form.get("csrf_token"))
    except ValidationError as error:
        raise CSRFError(str(error)) from None


def now() -> float:
    """Return the time a table's change is made at: the app's TABLES_CLOCK where a test sets one."""
    return (current_app.config.get("TABLES_CLOCK") or time.time)()
