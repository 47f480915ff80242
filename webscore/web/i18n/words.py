"""The words the browser and the pages share, in the page's language: what the browser needs to draw a town, a
result, the helpers and the offline shell by itself, and the constants of the core and the flow it must agree on
(its catalogue).

Every page whose scripts draw gives them as JSON (browser_words() in a template, read by static/js/words.mjs);
the pieces both sides draw (webscore/flow/*_pieces.py, controls.py) take the same words on the server (piece_words(),
page_words_of_browser). Here they are put together and kept per language; the wording itself stays in ui_words.py
(the interface's sentences), cards.py, reasons.py, labels.py and problems.py.
"""

import json

from babel import Locale
from flask import current_app
from flask_babel import get_translations

from ...flow import history
from ...scoring import pad
from ...scoring.cards import ALL_BUILDINGS
from ...scoring.cards import ALL_MONUMENTS
from ...scoring.cards import CARD_COLOURS
from ...scoring.cards import MAX_STORED
from ...scoring.cards import colour_of
from ...scoring.names import MAX_NAME_UNITS
from ...scoring.validate import MAX_PLAYERS
from ...scoring.validate import MONUMENT_FACTS
from .. import i18n
from ..http.addresses import browser_routes
from ..http.cache import kept
from . import cards
from . import grammar
from . import labels
from . import reasons
from . import translating
from .hyphens import SOFT_HYPHEN
from .hyphens import hyphenated
from .problems import MESSAGES as PROBLEM_MESSAGES
from .problems import SQUARE_PROBLEMS
from .problems import UNREADABLE
from .ui_words import ui_words


def square_words(lang: str) -> dict:
    """Return the words of the messages a town's square says (problems.SQUARE_PROBLEMS) that the language lets break,
    each with its soft hyphens, by the word as the message writes it."""
    found = {}
    for code in SQUARE_PROBLEMS:
        for word in str(PROBLEM_MESSAGES[code]).split(" "):
            broken = hyphenated(lang, word)
            if SOFT_HYPHEN in broken:
                found[word] = broken
    return found


def words() -> dict:
    """Return every word the browser needs to draw towns and results, in the page's language."""
    counted = {code: grammar.plural_forms(*pair) for code, pair in reasons.COUNTED_REASONS.items()}
    lang = words_language()
    return {
        "lang": lang,
        # How numbers are written and which form a count takes, by Babel: the browser follows them as they are.
        "number": grammar.number_words(lang),
        "plurals": grammar.plural_categories(lang),
        "lists": grammar.list_patterns(lang),
        "dates": date_words(lang),
        "routes": browser_routes(current_app.url_map),
        "cards": {card: str(name) for card, name in cards.CARD_NAMES.items()},
        # As a town's square shows them: broken only where the language lets a word break.
        # A square is a quarter of a phone wide: there a name's words may each have a line, and the no-break space that
        # keeps « Fort Ronce-de-Fer » whole in a sentence would force a break inside a word.
        "square_cards": {card: hyphenated(lang, str(name).replace("\u00a0", " "))
                         for card, name in cards.CARD_NAMES.items()},
        "colours": {colour: str(name) for colour, name in labels.COLOUR_NAMES.items()},
        "colour_labels": {colour: str(name) for colour, name in labels.COLOUR_LABELS.items()},
        "modes": {mode: str(name) for mode, name in labels.MODE_NAMES.items()},
        "solo_ranks": {rank: str(name) for rank, name in labels.SOLO_RANKS.items()},
        "tie_breaks": {tie: str(name) for tie, name in labels.TIE_BREAKS.items()},
        "tie_counted": {tie: grammar.plural_forms(*pair) for tie, pair in labels.TIE_COUNTED.items()},
        "reasons": {code: str(text) for code, text in reasons.PLAIN_REASONS.items()},
        "fed_reasons": {card: {code: str(text) for code, text in by_code.items()}
                        for card, by_code in reasons.FED_REASONS.items()},
        "resources": {resource: str(name) for resource, name in labels.RESOURCE_NAMES.items()},
        "counted": counted,
        "points": grammar.plural_forms("%(num)s point", "%(num)s points"),
        "empties": grammar.plural_forms("%(num)d empty square", "%(num)d empty squares"),
        "problems": {code: str(text) for code, text in PROBLEM_MESSAGES.items()},
        # The words of the messages a square says that the language lets break, with a soft hyphen there: a square's
        # message shows each whole where it fits a line, broken there alone where it does not ("3 res-/sources"),
        # never at any letter (town_square_pieces.square_message).
        "square_words": square_words(lang),
        "not_in_solo": get_translations().ugettext("%(card)s is not used in a solo game."),
        "unreadable_game": str(UNREADABLE),
        "code_problems": {code: str(text) for code, text in labels.CODE_PROBLEMS.items()},
        "ui": ui_words(),
        "catalogue": {
            "colours": {card: colour_of(card) for card in list(ALL_BUILDINGS) + list(ALL_MONUMENTS)},
            "card_colours": list(CARD_COLOURS),
            "languages": list(i18n.LANGUAGES),
            "max_players": MAX_PLAYERS,
            "max_name": MAX_NAME_UNITS,
            "pad": {"columns": list(pad.POINT_COLUMNS) + [pad.EMPTY], "ranges": pad.RANGES, "name": pad.NAME,
                    "facts": [[pad.TURNS, "master_builder_turns"], [pad.COTTAGES, "cottages"]]},
            "monument_facts": MONUMENT_FACTS,
            "max_stored": MAX_STORED,
            # The most games a phone keeps for "Your games" (recent.mjs), and an import takes.
            "max_games": history.MAX_GAMES,
            # An export file's head, which games.mjs writes before the games.
            "export": history.EXPORT,
        },
    }


def date_words(lang: str) -> dict:
    """Return how the language writes a moment, by Babel (flow moments.py writes it): its day's pattern ("MMM d, y"),
    its time's to the second, a day and its time to the minute together, its months' short names and its halves of
    the day (AM, PM)."""
    locale = Locale.parse(lang)
    day = locale.date_formats["medium"].pattern
    return {"day": day, "time": locale.time_formats["medium"].pattern,
            "day_time": locale.datetime_formats["medium"].replace("{1}", day).replace(
                "{0}", locale.time_formats["short"].pattern),
            "months": [locale.months["format"]["abbreviated"][month] for month in range(1, 13)],
            "periods": [locale.day_periods["format"]["abbreviated"][half] for half in ("am", "pm")]}


def words_language() -> str:
    """Return the language the browser's words are made in: the one Babel translates with now, the page's, or the one
    force_locale speaks (a picture drawn in another language than its page's), so their every part agrees."""
    return translating.current_words().locale


def page_words_of_browser() -> dict:
    """Return words() of the page's language as the browser reads them, made once per language; read, never changed.

    The pieces both sides draw (webscore/flow/*_pieces.py, controls.py) take their words from it on the server.
    """
    return kept("browser_words_read", words_language(), lambda: json.loads(words_json()))


def words_json() -> str:
    """Return words() as JSON, built once per language: the catalogues do not change while serving."""
    return kept("browser_words", words_language(),
                lambda: json.dumps(words(), ensure_ascii=False).replace("</", "<\\/"))


def init_app(app) -> None:
    """Give templates the browser's words: as JSON for the page's scripts, and as read for the pieces they draw."""
    app.jinja_env.globals.update(browser_words=words_json, piece_words=page_words_of_browser)
