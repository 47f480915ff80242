"""The result of a game: places, score pad, every square's reason; its share link, QR code and picture.

What the page shows comes from webscore.flow.result_view, the same view the browser draws offline.
"""

import io
import json

import segno
from flask import Blueprint
from flask import Response
from flask import g
from flask import redirect
from flask import render_template
from flask import request
from flask import url_for
from jinja2.utils import htmlsafe_json_dumps
from markupsafe import Markup
from markupsafe import escape
from werkzeug.http import quote_etag

from ...flow import bgstats
from ...flow import game_key
from ...flow import result_pieces
from ...flow import result_view
from ...flow import tie_turns
from ...scoring import encode
from ...scoring import game_from_code
from ...scoring import score_valid_game
from .. import i18n
from ..http import conditional
from ..http import page_cache
from ..http.addresses import code_address
from ..http.addresses import code_addresses
from ..http.addresses import root_url
from ..i18n import translating
from . import frames
from . import picture as pictures
from .pieces import pieces
from .preview import link_preview
from .preview import preview_text

bp = Blueprint("results", __name__, template_folder="templates")


def share_url(code: str) -> str:
    """Return the language-neutral link to a result: whoever opens it reads it in their language."""
    return code_address("results.shared", code, _external=True)


# JSON as Flask's provider writes it for the templates' tojson filter (ASCII, keys sorted), by one encoder made
# once: the provider makes an encoder for every value it is given.
JSON = json.JSONEncoder(ensure_ascii=True, sort_keys=True)


def as_json(value) -> str:
    """Return a value of plain types as JSON that HTML can hold, as the templates' tojson filter writes it."""
    return str(htmlsafe_json_dumps(value, dumps=JSON.encode))


def _links(lang: str, count: int) -> tuple:
    """Return the addresses a result page names its game at, for code_addresses: its share link, its turns form's,
    the same game again, its QR code, its picture, then each player's town step (players in the view's order)."""
    return (("results.shared", "code", (("_external", True),)), ("results.turns", "code", (("lang", lang),)),
            ("setup.new_game", "again", (("lang", lang),)), ("results.qr", "code", ()),
            ("results.picture", "code", (("lang", lang),)),
            *(("town.step", "code", (("lang", lang), ("n", n + 1))) for n in range(count)))


def game_parts(game: dict, code: str, view: dict, preview: tuple, turn_problems=None, words=None) -> dict:
    """Return what a result page shows that differs from game to game but the code, each part already HTML: the
    flow's result_parts (the tie's turns form with its problems, turn_problems, and what the address typed in it),
    and the link preview's title and description (preview: preview.preview_text). words: the page's pieces, when
    found already.

    frames.py puts these parts in the page its template drew once with stand-ins for them.
    """
    lang = i18n.current_language()
    words = words or pieces()
    identity = {"mode": game["mode"], "buildings": game["buildings"],
                "players": [{"name": p["name"], "monument": p["monument"]} for p in game["players"]]}
    link, turns, again, qr, picture, *changes = code_addresses(code, _links(lang, len(view["players"])))
    parts = result_pieces.result_parts(
        words.browser_words, view, words.rules, changes,
        turns={"action": turns, "problems": turn_problems, "typed": request.args},
        share_with={"link": link, "again": again,
                    "online": {"qr": qr, "picture": picture, "download": "marquoir-{}.png".format(code[-8:]),
                               "text": preview[0]},
                    "play": bgstats.play(view, code)},
        # The game's code, key and identity ride on the ranking, for results.js to keep the game on the phone, with
        # the most games it keeps (the page has no browser's words to read it from).
        data={"code": code, "key": game_key(game), "game": as_json(identity),
              "max-games": words.browser_words["catalogue"]["max_games"]},
        kept=words)
    parts["title"] = escape(preview[0])
    parts["description"] = escape(preview[1])
    return parts


def render(game: dict, code: str, turn_problems=None, result=None):
    """Draw the result page of a valid game (with the problems tie_turns.set_turns found in its tie's turns form,
    if any), scored unless result holds it scored already.

    A page drawn whole comes as text; one filled in its frame as frames.Filled, its bytes and entity tag, which
    page_cache.KeptPage keeps. A page with a query or problems, answered to its visitor alone, is drawn whole.
    """
    if result is None:
        result = score_valid_game(game)
    view = result_view.view(game, result)
    words = pieces()
    preview = preview_text(game, result, words.browser_words, view["ranking"])

    def draw(parts: dict) -> str:
        # The preview's title and description name the players, so they are parts; its addresses hold the
        # code, which a frame cuts out (so they are made only when the page is drawn by its template).
        page = result_pieces.result_page(words.browser_words, view, parts, False)
        return render_template("results.html", code=code, page=Markup(page), share_url=share_url(code),
                               preview=link_preview(game, result, code, (parts["title"], parts["description"])),
                               **translating.page_words())

    parts = game_parts(game, code, view, preview, turn_problems, words)
    if view["asks_turns"] or turn_problems or request.args or code in root_url():
        # The turns form and the language links show what was typed, and an address root may spell the
        # code: such a page is drawn whole.
        return draw(parts)
    # The template reads the view's mode and variants, and its players only in the turns form; the number
    # of players is the number of holes for ranking items and towns. The pieces' language is the locale Babel
    # translates with.
    key = page_cache.key(request.environ, "result", i18n.current_language(), words.lang, view["mode"],
                         view["cavern"], view["monuments"], len(view["players"]))
    return frames.framed(key, code, parts, draw)


def drawn(code: str):
    """Draw the result page of a game code (CodeError when it is damaged), as render() does."""
    return render(game_from_code(code), code)


@bp.get("/<lang>/r/<code>")
@i18n.stray_prefix_to("results.show")
def show(lang, code):
    """Show the ranked result of a game code: drawn once, then kept and sent as it was."""
    if request.args:
        # The language links keep the query, so such a page is drawn for its visitor alone.
        return drawn(code)
    # The share link and the language links name the host; the rest is the language and the code. A kept
    # page was drawn from a code that was read and found valid, so a page seen again is sent unread.
    key = page_cache.key(request.environ, "result", lang, code)
    kept = page_cache.page(key, lambda: drawn(code))
    return page_cache.send(kept, "result")


@bp.get("/<lang>/r/<code>/turns")
@i18n.stray_prefix_to("results.show")
def turns(lang, code):
    """Take the turns as Master Builder that break a tie, then show the result again."""
    game = game_from_code(code)
    fields = request.args.to_dict(flat=True)
    changed, found, result = tie_turns.turns_taken(game, fields)
    if found:
        return render(game, code, found, result), 422
    return redirect(url_for("results.show", lang=lang, code=encode(changed)), 302)


def init_app(app) -> None:
    """Register the result pages, and draw them and send those seen again before Flask's request handling."""
    app.register_blueprint(bp)
    page_cache.draw_before_flask(app, "result", "results.show", drawn)


@bp.get("/r/<code>")
def shared(code):
    """Open a shared result in the reader's language."""
    return redirect(url_for("results.show", lang=i18n.preferred_language(), code=code), 302)


@bp.get("/qr/<code>.svg")
def qr(code):
    """Return the QR code of a result's share link as SVG."""
    game_from_code(code)
    out = io.BytesIO()
    segno.make(share_url(code), error="m").save(out, kind="svg", scale=4, border=2, xmldecl=False,
                                                 svgns=True, dark="#1d2330", light="#ffffff")
    return Response(out.getvalue(), mimetype="image/svg+xml",
                    headers={"Cache-Control": "public, max-age=31536000, immutable"})


@bp.get("/<lang>/r/<code>.png")
def picture(lang, code):
    """Return the 1200×630 picture of a result, for link previews and sharing."""
    png, etag = pictures.rendered(lang, code)
    # Caches pass the picture to every reader: it must not carry this reader's language cookie.
    g.pop("lang", None)
    headers = {"Cache-Control": "public, max-age=31536000, immutable", "ETag": quote_etag(etag)}
    if conditional.names_current(conditional.from_environ(request.environ), etag):
        return Response(status=304, headers=headers)
    return Response(png, mimetype="image/png", headers=headers)
