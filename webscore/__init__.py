"""Marquoir: a Tiny Towns score keeper. The Flask app factory lives here."""

import pathlib

from flask import Flask
from flask_compress import Compress

from .web import i18n
from .web.http import addresses
from .web.http import assets
from .web.http import cache
from .web.http import security
from .web.i18n import labels
from .web.i18n import words
from .web.results import pieces

DEV_SECRET_KEY = "dev-only-not-secret"
MIN_SECRET_KEY = 32
STATIC = pathlib.Path(__file__).resolve().parent.parent / "static"
# The Python the browser runs under MicroPython, served and versioned like the static files.
BROWSER_PYTHON = tuple(pathlib.Path(__file__).resolve().parent / name for name in ("scoring", "flow"))


def create_app(test_config=None):
    """Create and configure the app."""
    app = Flask(__name__, static_folder=None)
    app.request_class = security.TextRequest
    app.static_folder = str(STATIC)
    app.config.from_mapping(
        SECRET_KEY=DEV_SECRET_KEY,
        PRODUCTION=False,
        MAX_CONTENT_LENGTH=16 * 1024,
        # The longest form of ours (a town with every square and fact) sends under 1.5 kB.
        MAX_QUERY_LENGTH=4096,
        WTF_CSRF_ENABLED=False,
        # WTForms' own messages are never shown (webscore.flow words every problem); loading its
        # catalogue for each form slowed every page.
        WTF_I18N_ENABLED=False,
        # Pages, scripts, the MicroPython runtime and the core's files all shrink 3 to 4 times.
        COMPRESS_MIMETYPES=["text/html", "text/css", "text/javascript", "application/javascript",
                            "application/json", "application/manifest+json", "application/wasm",
                            "image/svg+xml", "text/x-python"],
        COMPRESS_ALGORITHM=["br", "gzip"],
        COMPRESS_STREAMS=False,
        # Registered below, for the answers that did not choose their own encoding (assets.compress_others).
        COMPRESS_REGISTER=False,
        # How many proxies stand in front (their X-Forwarded-For and -Proto are taken): none unless told.
        PROXIES=0,
        # The address players open (https://scores.example.org): every absolute link names it.
        PUBLIC_ORIGIN=None,
    )
    if test_config is None:
        app.config.from_prefixed_env()
    else:
        app.config.from_mapping(test_config)
    if app.config["PRODUCTION"]:
        check_secret_key(app.config["SECRET_KEY"])
        security.check_hosts(app.config)
    security.public_origin(app.config)

    cache.init_app(app)
    assets.init_app(app, STATIC, BROWSER_PYTHON)
    addresses.init_app(app)
    app.after_request(assets.compress_others(Compress(app)))
    i18n.init_app(app)
    labels.init_app(app)
    words.init_app(app)
    pieces.init_app(app)
    security.init_app(app)

    from .web.http import errors
    from .web.http import page_cache
    from .web.offline import views as offline
    from .web.pages import views as pages
    from .web.results import views as results
    from .web.setup import views as game_setup
    from .web.tables import follow
    from .web.tables import views as tables
    from .web.towns import views as town_entry

    # The WSGI layers in front of Flask, in one place; each wraps the one before it, so the last is outermost:
    # the kept pages (a page the same for every reader, sent as it was drawn), the follow shortcut (a
    # table's state asked again), then the root, scheme and forwarded address, which both shortcuts see.
    page_cache.init_app(app)
    follow.init_app(app)
    security.trust_proxy(app)

    app.register_blueprint(pages.bp)
    app.register_blueprint(game_setup.bp)
    app.register_blueprint(town_entry.bp)
    results.init_app(app)
    tables.init_app(app)
    offline.init_app(app)
    errors.init_app(app)
    return app


def check_secret_key(key) -> None:
    """Refuse the development key, or one too short to guess at, in production."""
    if key == DEV_SECRET_KEY or not isinstance(key, (str, bytes)) or len(key) < MIN_SECRET_KEY:
        raise RuntimeError(
            "Set FLASK_SECRET_KEY to at least {} random characters: the development key and short keys "
            "are refused in production. Make one with: "
            "python -c \"import secrets; print(secrets.token_hex(32))\"".format(MIN_SECRET_KEY))
