"""The floor for the load test: a minimal Flask app returning one fixed page, nothing else."""

from flask import Flask

PAGE = "<!doctype html><html lang=en><title>floor</title><p>" + "Tiny Towns " * 200 + "</p></html>"

app = Flask(__name__)


@app.get("/")
def fixed_page():
    """Return the same page every time."""
    return PAGE
