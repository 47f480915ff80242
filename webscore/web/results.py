"""The result of a game: places, score pad, every square's reason; its share link and QR code."""

import io

import segno
from flask import Blueprint
from flask import Response
from flask import current_app
from flask import redirect
from flask import render_template
from flask import request
from flask import url_for

from ..scoring import score_valid_game
from ..scoring.cards import PAD_COLUMNS
from . import i18n
from . import page_cache
from .games import load_game
from .result_words import result_words

bp = Blueprint("results", __name__)


def share_url(code: str) -> str:
    """Return the language-neutral link to a result: whoever opens it reads it in their language."""
    return url_for("results.shared", code=code, _external=True)


def render(lang: str, code: str) -> str:
    """Draw the result page of a game code."""
    game = load_game(code)
    result = score_valid_game(game)
    ranking = sorted(range(len(result["players"])), key=lambda p: (result["players"][p]["place"], p))
    identity = {"mode": game["mode"], "buildings": game["buildings"],
                "players": [{"name": p["name"], "monument": p["monument"]} for p in game["players"]]}
    return render_template("results.html", game=game, code=code, result=result, ranking=ranking,
                           columns=PAD_COLUMNS, share_url=share_url(code), game_identity=identity,
                           w=result_words(lang))


@bp.get("/<lang>/r/<code>")
def show(lang, code):
    """Show the ranked result of a game code: drawn once, then kept and sent as it was."""
    if lang not in i18n.LANGUAGES:
        return redirect(url_for("results.show", lang=i18n.preferred_language(), code=code))
    if request.args:
        # The language links keep the query, so such a page is drawn for its visitor alone.
        return render(lang, code)
    # The share link and the language links name the host; the rest is the language and the code.
    key = (lang, code, request.host_url, request.script_root)
    return page_cache.send(current_app.extensions["marquoir.results"].page(key, lambda: render(lang, code)))


def init_app(app) -> None:
    """Register the result pages and their bounded cache (RESULT_CACHE_SIZE pages per worker)."""
    app.extensions["marquoir.results"] = page_cache.PageCache(app.config.get("RESULT_CACHE_SIZE", 512))
    app.register_blueprint(bp)


@bp.get("/r/<code>")
def shared(code):
    """Open a shared result in the reader's language."""
    return redirect(url_for("results.show", lang=i18n.preferred_language(), code=code))


@bp.get("/qr/<code>.svg")
def qr(code):
    """Return the QR code of a result's share link as SVG."""
    load_game(code)
    out = io.BytesIO()
    segno.make(share_url(code), error="m").save(out, kind="svg", scale=4, border=2, xmldecl=False,
                                                 svgns=True, dark="#1d2330", light="#ffffff")
    return Response(out.getvalue(), mimetype="image/svg+xml",
                    headers={"Cache-Control": "public, max-age=31536000, immutable"})
