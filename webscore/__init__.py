"""Marquoir: a Tiny Towns score keeper. The Flask app factory lives here."""

import pathlib

from flask import Flask
from flask_compress import Compress

from .web import assets
from .web import i18n
from .web import labels
from .web import security

DEV_SECRET_KEY = "dev-only-not-secret"
STATIC = pathlib.Path(__file__).resolve().parent.parent / "static"
CORE = pathlib.Path(__file__).resolve().parent / "scoring"


def create_app(test_config=None):
    """Create and configure the app."""
    app = Flask(__name__, static_folder=None)
    app.static_folder = str(STATIC)
    app.config.from_mapping(
        SECRET_KEY=DEV_SECRET_KEY,
        PRODUCTION=False,
        MAX_CONTENT_LENGTH=16 * 1024,
        # The longest form of ours (a town with every square and fact) sends under 1.5 kB.
        MAX_QUERY_LENGTH=4096,
        WTF_CSRF_ENABLED=False,
        # Pages, scripts, the MicroPython runtime and the core's files all shrink 3 to 4 times.
        COMPRESS_MIMETYPES=["text/html", "text/css", "text/javascript", "application/javascript",
                            "application/json", "application/manifest+json", "application/wasm",
                            "image/svg+xml", "text/x-python"],
        COMPRESS_ALGORITHM=["br", "gzip"],
        COMPRESS_STREAMS=False,
    )
    if test_config is None:
        app.config.from_prefixed_env()
    else:
        app.config.from_mapping(test_config)
    if app.config["PRODUCTION"] and app.config["SECRET_KEY"] == DEV_SECRET_KEY:
        raise RuntimeError("Set FLASK_SECRET_KEY: the development key is refused in production.")

    assets.init_app(app, STATIC, CORE)
    Compress(app)
    i18n.init_app(app)
    labels.init_app(app)
    security.init_app(app)

    from .web import errors
    from .web import game_setup
    from .web import offline
    from .web import pages
    from .web import results
    from .web import town_entry

    app.register_blueprint(pages.bp)
    app.register_blueprint(game_setup.bp)
    app.register_blueprint(town_entry.bp)
    results.init_app(app)
    offline.init_app(app)
    errors.init_app(app)
    return app
