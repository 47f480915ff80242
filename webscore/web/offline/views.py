"""What makes Marquoir installable and usable offline: manifest, service worker, the core's files, the shell.

The browser scores with the very webscore/scoring/*.py files the server runs (under MicroPython), so
this module only serves them; the words the shell draws with are the pages' own (webscore/web/i18n/words.py).
"""

import hashlib
import json
import pathlib

from flask import Blueprint
from flask import Response
from flask import current_app
from flask import render_template
from flask import url_for
from flask_babel import gettext as _

from ...flow.sync import FIELDS as STEP_FIELDS
from ...flow.town_step import FROM_SCORES
from .. import i18n
from ..http import page_cache
from ..http.assets import IMMUTABLE
from ..http.assets import Encoded
from ..http.assets import encoded_response
from ..http.cache import cache
from ..http.cache import kept
from ..i18n import catalogues
from . import bundle

bp = Blueprint("offline", __name__, template_folder="templates")

PACKAGE = pathlib.Path(__file__).resolve().parents[2]
# The Python the browser runs under MicroPython: the scoring core and the walk-through on top of it.
BROWSER_PACKAGES = ("scoring", "flow")
CORE_FILES = tuple(sorted(path.relative_to(PACKAGE).as_posix() for package in BROWSER_PACKAGES
                          for path in (PACKAGE / package).glob("*.py") if path.name != "__main__.py"))
# Every stylesheet, script, icon and the runtime: whatever the pages load, the offline copy holds.
ASSET_SUFFIXES = (".css", ".js", ".mjs", ".png", ".svg", ".wasm")
# The pages stored for offline use: those of the table of pages (http/page_cache.PAGES) so marked, and the shell.
STORED_PAGES = page_cache.OFFLINE + ("offline.shell",)


def _static_folder() -> pathlib.Path:
    return pathlib.Path(current_app.static_folder)


def precache_pages() -> dict:
    """Return, by language, the pages the service worker stores: the visitor's language first, the rest when idle."""
    return {lang: [url_for(page, lang=lang) for page in STORED_PAGES] for lang in i18n.LANGUAGES}


def precache_assets() -> list:
    """Return the assets and core files the service worker stores at install, under their versioned addresses."""
    static = _static_folder()
    assets = sorted(path.relative_to(static).as_posix() for path in static.rglob("*")
                    if path.is_file() and path.suffix in ASSET_SUFFIXES)
    urls = [url_for("static", filename=asset) for asset in assets]
    return urls + [url_for("offline.core_bundle")]


def version() -> str:
    """Return a version that changes whenever a stored asset, a core file, a template or a catalogue does."""
    # The app's templates and each capability's own (webscore/web/*/templates).
    templates = sorted(pathlib.Path(current_app.root_path).glob("**/templates"))
    folders = [_static_folder(), *templates, catalogues.TRANSLATIONS]
    folders += [PACKAGE / package for package in BROWSER_PACKAGES]
    files = tuple(path for folder in folders for path in sorted(folder.rglob("*"))
                  if path.is_file() and path.suffix in ASSET_SUFFIXES + (".py", ".html", ".po"))
    stamp = tuple((str(path), path.stat().st_mtime_ns, path.stat().st_size) for path in files)

    def digest() -> str:
        found = hashlib.sha256()
        for path in files:
            found.update(path.name.encode())
            found.update(path.read_bytes())
        return found.hexdigest()[:12]

    return kept("version", stamp, digest)


@bp.get("/sw.js")
def service_worker():
    """Serve the service worker from the root, so its scope is the whole site."""
    body = render_template("sw.js", version=version(), pages=json.dumps(precache_pages()),
                           assets=json.dumps(precache_assets()),
                           languages=json.dumps([i18n.LANGUAGES, i18n.DEFAULT]), step_fields=json.dumps(STEP_FIELDS),
                           from_scores=json.dumps(FROM_SCORES))
    return Response(body, mimetype="text/javascript", headers={"Cache-Control": "no-cache"})


@bp.get("/manifest.webmanifest")
@bp.get("/<lang>/manifest.webmanifest")
def manifest(lang=None):
    """Serve the web app manifest, named in the reader's language."""
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
        # The app in the manifest's own language. JPEG, so the service worker, which stores every PNG, leaves
        # them to the install dialog.
        "screenshots": [{"src": url_for("static", filename="screenshots/{}/{}.jpg".format(i18n.current_language(), name)),
                         "sizes": "360x740",
                         "type": "image/jpeg", "form_factor": "narrow", "label": label}
                        for name, label in (("town", _("Town of %(name)s", name="Ana")), ("results", _("Scores")))],
    }
    return Response(json.dumps(body, ensure_ascii=False), mimetype="application/manifest+json")


@bp.get("/core/core.bundle", defaults={"version": None})
@bp.get("/core/v/<version>/core.bundle")
def core_bundle(version):
    """Serve the core compiled for the browser's MicroPython, in one file (bundle.py)."""
    bodies, etag = core_bundle_bodies(current_app)
    policy = IMMUTABLE if version == current_app.config["ASSET_VERSION"] else "no-cache"
    return encoded_response(bodies, etag, "application/octet-stream", policy)


def core_bundle_bodies(app) -> tuple:
    """Return the bundle's bodies by encoding and its ETag, made once per version of the files."""
    def make():
        body = bundle.make(PACKAGE, CORE_FILES)
        return Encoded(body, True, True), hashlib.sha256(body).hexdigest()[:20]
    return cache(app)["bundles"].get(app.config["ASSET_VERSION"], make)


@bp.get("/<lang>/offline")
def shell(lang):
    """The page the service worker shows for a game address it has not stored: the browser fills it in."""
    return render_template("shell.html")


def init_app(app) -> None:
    """Register the routes (and, in production, compile the core's bundle at start)."""
    app.register_blueprint(bp)
    if app.config["PRODUCTION"]:
        # Compiled at start, as the static files are compressed (assets.warm): no visitor waits for it.
        core_bundle_bodies(app)[0].compress_all()
