"""The result of a game: places, score pad, every square's reason; its share link, QR code and picture."""

import io

import segno
from flask import Blueprint
from flask import Response
from flask import abort
from flask import g
from flask import redirect
from flask import render_template
from flask import request
from flask import url_for

from ..scoring import score_valid_game
from ..scoring.cards import PAD_COLUMNS
from . import i18n
from . import picture as pictures
from .games import load_game
from .preview import link_preview

bp = Blueprint("results", __name__)
bp.add_app_template_global(link_preview)


def share_url(code: str) -> str:
    """Return the language-neutral link to a result: whoever opens it reads it in their language."""
    return url_for("results.shared", code=code, _external=True)


@bp.get("/<lang>/r/<code>")
def show(lang, code):
    """Show the ranked result of a game code."""
    if lang not in i18n.LANGUAGES:
        return redirect(url_for("results.show", lang=i18n.preferred_language(), code=code))
    game = load_game(code)
    result = score_valid_game(game)
    ranking = sorted(range(len(result["players"])), key=lambda p: (result["players"][p]["place"], p))
    identity = {"mode": game["mode"], "buildings": game["buildings"],
                "players": [{"name": p["name"], "monument": p["monument"]} for p in game["players"]]}
    return render_template("results.html", game=game, code=code, result=result, ranking=ranking,
                           columns=PAD_COLUMNS, share_url=share_url(code), game_identity=identity)


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


@bp.get("/<lang>/r/<code>.png")
def picture(lang, code):
    """Return the 1200×630 picture of a result, for link previews and sharing."""
    if lang not in i18n.LANGUAGES:
        abort(404)
    png, etag = pictures.rendered(lang, code)
    # Caches pass the picture to every reader: it must not carry this reader's language cookie.
    g.pop("lang", None)
    response = Response(png, mimetype="image/png", headers={"Cache-Control": "public, max-age=31536000, immutable"})
    response.set_etag(etag)
    return response.make_conditional(request)
