"""The home page and the bare root, which picks a language."""

from flask import Blueprint
from flask import redirect
from flask import render_template
from flask import url_for

from . import i18n

bp = Blueprint("pages", __name__)


@bp.get("/")
def root():
    """Send a visitor to the home page in their language."""
    return redirect(url_for("pages.home", lang=i18n.preferred_language()))


@bp.get("/favicon.ico")
def favicon():
    """Send browsers that ask for /favicon.ico to the app's icon."""
    return redirect(url_for("static", filename="icons/icon.svg"), code=301)


@bp.get("/<lang>/")
def home(lang):
    """Show the home page: start a game, read the rules."""
    if lang not in i18n.LANGUAGES:
        return redirect(url_for("pages.root"))
    return render_template("home.html")
