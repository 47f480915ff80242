"""Marquoir: a Tiny Towns score keeper. The Flask app factory lives here."""

from flask import Flask


def create_app(test_config=None):
    """Create and configure the app."""
    app = Flask(__name__, static_folder="../static", static_url_path="/static")
    app.config.from_mapping(SECRET_KEY="dev")
    if test_config is None:
        app.config.from_prefixed_env()
    else:
        app.config.from_mapping(test_config)

    @app.get("/")
    def home():
        return "Marquoir"

    return app
