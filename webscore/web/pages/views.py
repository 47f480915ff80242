"""The home page and the bare root, which picks a language; the rules, the game table and the score pad.

Each of these pages depends on its language only: drawn once, kept and revalidated (page_cache).
"""

from flask import Blueprint
from flask import redirect
from flask import render_template
from flask import request
from flask import url_for
from flask_babel import gettext
from markupsafe import Markup

from ...flow import pad_pieces
from ...flow.moments import moment_slots
from ...scoring.cards import CARD_COLOURS
from ...scoring.cards import FORTUNE_BUILDINGS
from ...scoring.cards import FORTUNE_MONUMENTS
from ...scoring.cards import MONUMENTS
from ...scoring.cards import cards_of_colour
from ...scoring.game import SOLO_LOWEST_RANK
from ...scoring.game import SOLO_RANKS
from ...scoring.pad import pad_from_fields
from ...scoring.validate import MAX_PLAYERS
from .. import i18n
from ..http import page_cache
from ..i18n.cards import RULES_NOTES
from ..i18n.history_words import history_words
from ..i18n.labels import name_slots
from ..i18n.words import page_words_of_browser

bp = Blueprint("pages", __name__, template_folder="templates")


@bp.get("/")
def root():
    """Send a visitor to the home page in their language."""
    return redirect(url_for("pages.home", lang=i18n.preferred_language()), 302)


@bp.get("/favicon.ico")
def favicon():
    """Send browsers that ask for /favicon.ico to the app's icon."""
    return redirect(url_for("static", filename="icons/icon.svg"), code=301)


@bp.get("/<lang>/")
@i18n.stray_prefix_to("pages.root")
def home(lang):
    """Show the home page: start a game, read the rules."""
    # Its list of games kept on this phone (home.js) lets games go from "Your games" too: it says how many are kept.
    return page_cache.language_page("home", lambda: render_template(
        "home.html", max_games=page_words_of_browser()["catalogue"]["max_games"], kept=_kept_game_words(),
        when=Markup(moment_slots(page_words_of_browser(), "day_time"))))


def _kept_game_words() -> list:
    """Return how the home page words a game kept on the phone, for each count of players: (count, its names as the
    language lists them, the label of the button that deletes it), the names left as slots home.js fills."""
    return [(count, name_slots(count), name_slots(count, gettext("Delete the game of %(names)s")))
            for count in range(1, MAX_PLAYERS + 1)]


@bp.get("/<lang>/rules")
@i18n.stray_prefix_to("pages.rules")
def rules(lang):
    """Show the rules summary, every card with its layout and how it scores."""
    return page_cache.language_page("rules", _rules_page)


def _rules_page() -> str:
    # Each colour's base cards, then Fortune's, marked on the page so a base-game table is not confused.
    groups = [(colour, cards_of_colour(colour)
               + tuple(card for card in cards_of_colour(colour, fortune=True) if card in FORTUNE_BUILDINGS))
              for colour in ("blue",) + CARD_COLOURS]
    ranks = list(SOLO_RANKS) + [(None, SOLO_LOWEST_RANK)]
    table = []
    for n, (lowest, title) in enumerate(ranks):
        highest = ranks[n - 1][0] - 1 if n > 0 else None
        table.append((lowest, highest, title))
    return render_template("rules.html", building_groups=groups,
                           monument_ids=sorted(MONUMENTS) + sorted(FORTUNE_MONUMENTS),
                           fortune_ids=frozenset(FORTUNE_BUILDINGS) | frozenset(FORTUNE_MONUMENTS), notes=RULES_NOTES,
                           solo_table=table)


@bp.get("/<lang>/play")
@i18n.stray_prefix_to("pages.play")
def play(lang):
    """The table during the game (hammer tracker or resource deck): drawn in the browser from the address."""
    return page_cache.language_page("play", lambda: render_template("play.html"))


@bp.get("/<lang>/pad")
@i18n.stray_prefix_to("pages.pad")
def pad(lang):
    """The quick score pad for a table that scored on paper: its form drawn for the address, the rest in the browser."""
    return page_cache.language_page("pad", lambda: render_template("pad.html", **_pad_form()))


def _pad_form() -> dict:
    """Return the pad's form as the address fills it, and the address it was drawn for (pad.mjs reads both)."""
    pairs = list(request.args.items(multi=True))
    values = {}
    for key, value in pairs:
        values.setdefault(key, value)
    read = pad_from_fields(pairs)
    form = pad_pieces.pad_form(page_words_of_browser(), read["count"], read["mode"], values)
    return {"form": Markup(form), "drawn_for": request.query_string.decode("utf-8", "replace")}


@bp.get("/<lang>/games")
@i18n.stray_prefix_to("pages.games")
def games(lang):
    """The statistics of the games kept on this phone: drawn in the browser from what it kept."""
    return page_cache.language_page("games", lambda: render_template("games.html", history_words=history_words()))


def _in_reader_language(endpoint: str):
    def view():
        return redirect(url_for(endpoint, lang=i18n.preferred_language()) + i18n.query_suffix(), 302)

    view.__doc__ = "Open {} in the reader's language, with its query.".format(endpoint)
    return view


# Pages whose address may come without a language (the quick pad's share link, a link cut short: marked so in
# page_cache.PAGES), each opened in the reader's language under an endpoint of its own (pages.bare_pad for /pad).
for _page, _endpoint in page_cache.BARE.items():
    bp.add_url_rule("/" + _page, "bare_" + _page, _in_reader_language(_endpoint), methods=["GET"])
