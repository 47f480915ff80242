"""What makes Marquoir installable and usable offline: manifest, service worker, the core's files, the shell.

The browser scores with the very webscore/scoring/*.py files the server runs (under MicroPython), so
this module only serves them; the words it needs come from the same catalogues as the pages.
"""

import hashlib
import json
import pathlib

from babel import Locale
from flask import Blueprint
from flask import Response
from flask import abort
from flask import current_app
from flask import render_template
from flask import url_for
from flask_babel import get_translations
from flask_babel import gettext as _

from ..scoring.cards import BUILDINGS
from ..scoring.cards import FIRST_GAME
from ..scoring.cards import MONUMENTS
from ..scoring.cards import SOLO_EXCLUDED
from ..scoring.cards import colour_of
from ..scoring.validate import MAX_PLAYERS
from ..scoring.validate import MONUMENT_FACTS
from . import i18n
from . import labels
from .assets import file_response
from .problems import MESSAGES as PROBLEM_MESSAGES

bp = Blueprint("offline", __name__)

CORE = pathlib.Path(__file__).resolve().parents[1] / "scoring"
CORE_FILES = tuple(sorted(path.name for path in CORE.glob("*.py") if path.name != "__main__.py"))
# Every stylesheet, script, icon and the runtime: whatever the pages load, the offline copy holds.
ASSET_SUFFIXES = (".css", ".js", ".mjs", ".png", ".svg", ".wasm")
PAGES = ("pages.home", "setup.new_game", "pages.rules", "pages.play", "pages.pad", "offline.shell")


def _static_folder() -> pathlib.Path:
    return pathlib.Path(current_app.static_folder)


def precache_urls() -> list:
    """Return every address the service worker stores at install: pages of all languages, assets, core."""
    urls = [url_for(page, lang=lang) for lang in i18n.LANGUAGES for page in PAGES]
    static = _static_folder()
    assets = sorted(path.relative_to(static).as_posix() for path in static.rglob("*")
                    if path.is_file() and path.suffix in ASSET_SUFFIXES)
    urls += [url_for("static", filename=asset) for asset in assets]
    urls += [url_for("offline.core_index")] + [url_for("offline.core_file", name=name) for name in CORE_FILES]
    return urls


_VERSIONS = {}


def version() -> str:
    """Return a version that changes whenever a stored asset, a core file, a template or a catalogue does."""
    folders = [_static_folder(), CORE, pathlib.Path(current_app.root_path) / "templates", i18n.TRANSLATIONS]
    files = tuple(path for folder in folders for path in sorted(folder.rglob("*"))
                  if path.is_file() and path.suffix in ASSET_SUFFIXES + (".py", ".html", ".po"))
    stamp = tuple((str(path), path.stat().st_mtime_ns, path.stat().st_size) for path in files)
    if stamp not in _VERSIONS:
        digest = hashlib.sha256()
        for path in files:
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
        _VERSIONS.clear()
        _VERSIONS[stamp] = digest.hexdigest()[:12]
    return _VERSIONS[stamp]


@bp.get("/sw.js")
def service_worker():
    """Serve the service worker from the root, so its scope is the whole site."""
    body = render_template("sw.js", version=version(), urls=json.dumps(precache_urls()))
    return Response(body, mimetype="text/javascript", headers={"Cache-Control": "no-cache"})


@bp.get("/manifest.webmanifest")
@bp.get("/<lang>/manifest.webmanifest")
def manifest(lang=None):
    """Serve the web app manifest, named in the reader's language."""
    if lang is not None and lang not in i18n.LANGUAGES:
        abort(404)
    icons = [{"src": url_for("static", filename="icons/icon-{}.png".format(size)), "sizes": "{0}x{0}".format(size),
              "type": "image/png", "purpose": "any"} for size in (192, 512)]
    icons += [{"src": url_for("static", filename="icons/maskable-{}.png".format(size)),
               "sizes": "{0}x{0}".format(size), "type": "image/png", "purpose": "maskable"} for size in (192, 512)]
    shortcut_icon = [{"src": url_for("static", filename="icons/icon-192.png"), "sizes": "192x192", "type": "image/png"}]
    body = {
        "id": "/",
        "name": _("Marquoir: Tiny Towns scores"),
        "short_name": "Marquoir",
        "description": _("Tiny Towns scores, exact to the last point"),
        "lang": i18n.current_language(),
        "start_url": url_for("pages.home", lang=i18n.current_language()),
        "scope": "/",
        "display": "standalone",
        "dir": "ltr",
        "orientation": "any",
        "theme_color": "#23395b",
        "background_color": "#fbf8f2",
        "icons": icons,
        "shortcuts": [
            {"name": _("New game"), "url": url_for("setup.new_game", lang=i18n.current_language()), "icons": shortcut_icon},
            {"name": _("Quick score pad"), "url": url_for("pages.pad", lang=i18n.current_language()), "icons": shortcut_icon},
            {"name": _("The rules in five minutes"), "short_name": _("Rules"),
             "url": url_for("pages.rules", lang=i18n.current_language()), "icons": shortcut_icon},
        ],
        # JPEG, so the service worker, which stores every PNG, leaves them to the install dialog.
        "screenshots": [{"src": url_for("static", filename="screenshots/{}.jpg".format(name)), "sizes": "360x740",
                         "type": "image/jpeg", "form_factor": "narrow", "label": label}
                        for name, label in (("town", _("Town of %(name)s", name="Ana")), ("results", _("Scores")))],
    }
    return Response(json.dumps(body, ensure_ascii=False), mimetype="application/manifest+json")


@bp.get("/core/index.json")
def core_index():
    """List the core's files, for the browser to fetch and mount."""
    return Response(json.dumps(CORE_FILES), mimetype="application/json", headers={"Cache-Control": "no-cache"})


@bp.get("/core/<name>")
def core_file(name):
    """Serve one file of the scoring core, for the browser's MicroPython."""
    if name not in CORE_FILES:
        abort(404)
    return file_response(CORE, name, mimetype="text/x-python")


@bp.get("/<lang>/offline")
def shell(lang):
    """The page the service worker shows for a game address it has not stored: the browser fills it in."""
    if lang not in i18n.LANGUAGES:
        abort(404)
    return render_template("shell.html")


def _raw_plural(singular: str, plural: str) -> dict:
    """Return a counted message's forms by CLDR plural category, with %(num)d left for the browser."""
    rule = Locale.parse(i18n.current_language()).plural_form
    forms = {}
    for n in list(range(0, 200)) + [1000000]:
        category = rule(n)
        if category not in forms:
            forms[category] = get_translations().ungettext(singular, plural, n)
        if len(forms) == len(rule.tags):
            break
    return forms


def page_words() -> dict:
    """Return the page words the browser needs to draw a town or a result by itself."""
    return {
        "town_of": _("Town of %(name)s"),
        "step_hint": _("Player %(num)d of %(count)d. Choose what stands on each square; top row first."),
        "players": _("Players"),
        "previous": _("Previous player"),
        "next": _("Next player"),
        "see_scores": _("See the scores"),
        "tap_hint": _("Tap a building, then the squares it stands on."),
        "undo": _("Undo"),
        "clear": _("Clear town"),
        "empty": _("Empty"),
        "stored": _("Stored"),
        "town_board": _("Town board"),
        "choose_first": _("Choose a building first."),
        "error": _("Error"),
        "keep_awake": _("Keep the screen on"),
        "turns": _("Turns as Master Builder"),
        "turns_hint": _("Only needed to break a tie."),
        "shrine": _("Buildings in town when the Shrine was built (Shrine included)"),
        "starloom": _("Players who completed their town before this one"),
        "ask_stored": _("How many resources are stored on this Warehouse?"),
        "scores": _("Scores"),
        "score_pad": _("Score pad"),
        "colour": _("Colour"),
        "total": _("Total"),
        "towns": _("Towns"),
        "fed_by": _("fed by"),
        "change_town": _("Change this town"),
        "share": _("Share"),
        "share_link": _("Share the link"),
        "link_label": _("Link to these scores"),
        "copied": _("Link copied"),
        "play_again": _("Play again with the same players and buildings"),
        "cavern": _("Cavern rule"),
        "without_monuments": _("Without monuments"),
        "needs_turns": _("Enter turns as Master Builder to break this tie."),
        "cannot_open": _("This link cannot be opened"),
        "running_total": _("Running total: %(num)s"),
        "offline_note": _("Scored on this phone: no network needed."),
        "not_a_number": _("Enter a whole number."),
        "player_n": _("Player %(num)d"),
        "move_up": _("Move %(name)s up"),
        "remove": _("Remove %(name)s"),
        "round": _("Round %(num)d"),
        "names_resource": _("%(name)s names the resource."),
        "next_round": _("Next round"),
        "town_complete": _("Town complete"),
        "fort_built": _("Fort Ironweed built"),
        "playing": _("playing"),
        "complete_in_round": _("town complete in round %(num)d"),
        "turns_count": _("turns as Master Builder: %(num)d"),
        "game_over": _("Every town is complete: the game is over."),
        "everyone_chooses": _("Everyone chooses a resource."),
        "everyone_places": _("Everyone places: %(resource)s"),
        "next_card": _("Next round: a card is turned."),
        "next_free": _("Next round: everyone chooses."),
        "pile": _("Cards left in the pile: %(num)d"),
        "take": _("Take %(resource)s"),
        "taken": _("Resources taken: %(num)d"),
        "start_game": _("Turn the first card"),
        "enter_towns": _("Enter the towns"),
        "first_builder": _("First Master Builder"),
        "pair": _("%(label)s: %(value)s"),
        "pad_title": _("Quick score pad"),
        "pad_hint": _("Write each player's points as on the paper pad; the places follow as you type."),
        "mode": _("Mode"),
        "name": _("Name"),
        "add_player": _("Add a player"),
        "remove_player": _("Remove this player"),
        "empty_count": _("Empty squares (how many)"),
        "cottage_count": _("Cottages (Barrett Castle counts 2)"),
        "needs": {
            "master-builder-turns": _("Enter turns as Master Builder to break this tie."),
            "empty-squares": _("Enter the number of empty squares to break this tie."),
            "cottages": _("Enter the number of Cottages to break this tie."),
        },
    }


def words() -> dict:
    """Return every word the browser needs to draw towns and results, in the page's language."""
    counted = {code: _raw_plural(*pair) for code, pair in labels.COUNTED_REASONS.items()}
    return {
        "lang": i18n.current_language(),
        "cards": {card: str(name) for card, name in labels.CARD_NAMES.items()},
        "colours": {colour: str(name) for colour, name in labels.COLOUR_NAMES.items()},
        "modes": {mode: str(name) for mode, name in labels.MODE_NAMES.items()},
        "solo_ranks": {rank: str(name) for rank, name in labels.SOLO_RANKS.items()},
        "tie_breaks": {tie: str(name) for tie, name in labels.TIE_BREAKS.items()},
        "reasons": {code: str(text) for code, text in labels.PLAIN_REASONS.items()},
        "resources": {resource: str(name) for resource, name in labels.RESOURCE_NAMES.items()},
        "counted": counted,
        "points": _raw_plural("%(num)s point", "%(num)s points"),
        "empties": _raw_plural("%(num)d empty square", "%(num)d empty squares"),
        "problems": {code: str(text) for code, text in PROBLEM_MESSAGES.items()},
        "not_in_solo": get_translations().ugettext("%(card)s is not used in a solo game."),
        "code_problems": {code: str(text) for code, text in labels.CODE_PROBLEMS.items()},
        "ui": page_words(),
        "catalogue": {
            "colours": {card: colour_of(card) for card in list(BUILDINGS) + list(MONUMENTS)},
            "monuments": sorted(MONUMENTS),
            "solo_excluded": sorted(SOLO_EXCLUDED),
            "first_game": list(FIRST_GAME),
            "max_players": MAX_PLAYERS,
            "monument_facts": MONUMENT_FACTS,
        },
    }


_WORDS_JSON = {}


def words_json() -> str:
    """Return words() as JSON, built once per language: the catalogues do not change while serving."""
    lang = i18n.current_language()
    if lang not in _WORDS_JSON:
        _WORDS_JSON[lang] = json.dumps(words(), ensure_ascii=False).replace("</", "<\\/")
    return _WORDS_JSON[lang]


def init_app(app) -> None:
    """Register the routes and give templates the browser's words."""
    app.register_blueprint(bp)
    app.jinja_env.globals.update(browser_words=words_json)
