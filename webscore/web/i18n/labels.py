"""What the core names by an id, worded for people through Babel: colours, resources, modes, solo ranks,
tie-breaks, a code's problems, a result's headline; and the card catalogue and its words given to templates.

The core returns ids and reason codes, and they become words in i18n/ alone: here, but a card's name and reminder
in cards.py, the reasons a square gives in reasons.py, a field's problems in problems.py.
"""

from flask_babel import lazy_gettext as _l
from flask_babel import lazy_pgettext as _lp

from .cards import CARD_NAMES
from .cards import REMINDERS
from .grammar import plural_pair
from .translating import current_words

COLOUR_NAMES = {
    "blue": _l("blue"),
    "red": _l("red"),
    "grey": _l("grey"),
    "orange": _l("orange"),
    "green": _l("green"),
    "yellow": _l("yellow"),
    "navy": _l("navy"),
    "monument": _l("monument"),
    "empty": _l("empty squares"),
    "coins": _l("coins"),
}

# The letters of the cards' layouts (scoring/cards.py), for the words a screen reader says for a layout.
RESOURCE_OF_LETTER = {"W": "wood", "H": "wheat", "B": "brick", "G": "glass", "S": "stone"}

# The score pads' labels (a result's and the quick pad's rows) name the colours as a label starts, capitalised
# ("Blue", "Bleu"); COLOUR_NAMES are the colours as a sentence says them ("(blue)", "(bleu)").
COLOUR_LABELS = {
    "blue": _lp("a score pad label", "Blue"),
    "red": _lp("a score pad label", "Red"),
    "grey": _lp("a score pad label", "Grey"),
    "orange": _lp("a score pad label", "Orange"),
    "green": _lp("a score pad label", "Green"),
    "yellow": _lp("a score pad label", "Yellow"),
    "navy": _lp("a score pad label", "Navy"),
    "monument": _lp("a score pad label", "Monument"),
    "coins": _lp("a score pad label", "Coins"),
    "empty": _lp("a score pad label", "Empty squares"),
}

RESOURCE_NAMES = {
    "wood": _l("wood"),
    "wheat": _l("wheat"),
    "brick": _l("brick"),
    "glass": _l("glass"),
    "stone": _l("stone"),
}

MODE_NAMES = {
    "master-builder": _l("Master Builder"),
    "town-hall": _l("Town Hall"),
    "solo": _l("Solo"),
}

SOLO_RANKS = {
    "master-architect": _l("Master Architect"),
    "town-planner": _l("Town Planner"),
    "engineer": _l("Engineer"),
    "carpenter": _l("Carpenter"),
    "builders-apprentice": _l("Builder's Apprentice"),
    "aspiring-architect": _l("Aspiring Architect"),
}

TIE_BREAKS = {
    "master-builder-turns": _l("decided by fewer turns as Master Builder"),
    "empty-squares": _l("decided by fewer empty squares"),
    "cottages": _l("decided by more Cottages"),
    "shared": _l("shared place"),
}

CODE_PROBLEMS = {
    "truncated": _l("This link looks cut off. Copy the whole link and open it again."),
    "bad-character": _l("This link holds characters a Marquoir link never has."),
    "too-long": _l("This link is far longer than any Marquoir game."),
    "damaged": _l("This link has been changed or damaged: its check does not match."),
    "version": _l("This link was made by another version of Marquoir."),
    "malformed": _l("This link does not hold a game Marquoir can read."),
}

# Who won, worded once by flow result_pieces.headline: above a result's ranking, as its link preview's title and
# its picture's headline: a name (or a list of names) and the points as "40 points" says them.
WINS = plural_pair("%(name)s wins with %(total)s point", "%(name)s wins with %(total)s points")
TIE_FOR_FIRST = plural_pair("%(names)s share first place with %(total)s point",
                            "%(names)s share first place with %(total)s points")
SOLO_SCORES = plural_pair("%(name)s scores %(total)s point", "%(name)s scores %(total)s points")
# The picture's headline when the names sharing first place do not fit it: how many share it.
SHARED_FIRST = plural_pair("%(count)s players share first place with %(total)s point",
                           "%(count)s players share first place with %(total)s points")


# A tie decided, said on each tied player's row with the number the tie-break read: the winner's and the others'
# alike ("tie-break: 13 empty squares" above "tie-break: 14 empty squares"), so no row reads as if it won.
TIE_COUNTED = {
    "master-builder-turns": plural_pair("tie-break: %(num)s turn as Master Builder",
                                        "tie-break: %(num)s turns as Master Builder"),
    "empty-squares": plural_pair("tie-break: %(num)s empty square", "tie-break: %(num)s empty squares"),
    "cottages": plural_pair("tie-break: %(num)s Cottage", "tie-break: %(num)s Cottages"),
}


class PerLanguage:
    """A table of lazy words, translated once per language instead of at every use on a page."""

    def __init__(self, table: dict):
        self.table = table
        self.translated = {}

    def __getitem__(self, key):
        # Keyed on the locale Babel translates the words with (as translating's kept words are), never on a
        # language decided otherwise: under force_locale the two differ.
        locale = current_words().locale
        if locale not in self.translated:
            self.translated[locale] = {name: str(words) for name, words in self.table.items()}
        return self.translated[locale][key]


# The solo titles as the rules page says them.
SOLO_RANK_WORDS = PerLanguage(SOLO_RANKS)


def name_slots(count: int, template: str = "%(names)s") -> str:
    """Return a template's sentence (a message of one %(names)s) about count names, as HTML: the names listed as
    the flow's text.name_list lists them, each a slot a page's script fills with its name as text (an empty
    <bdi data-name="i">, from 0), so the page words a list of names it alone knows (the games kept on a phone)
    without writing it."""
    from markupsafe import Markup

    from ...flow.text import escape
    from ...flow.text import fill
    from ...flow.text import name_list
    from .words import page_words_of_browser

    slots = ['<bdi data-name="{}"></bdi>'.format(i) for i in range(count)]
    return Markup(fill(escape(template), {"names": name_list(page_words_of_browser(), slots, html=True)}))


def init_app(app) -> None:
    """Give templates the card catalogue and its words."""
    from ...scoring.cards import FORTUNE_BUILDINGS
    from ...scoring.cards import MAX_STORED
    from ...scoring.cards import SOLO_EXCLUDED
    from ...scoring.cards import TOWN_HALL_EXCLUDED
    from ...scoring.cards import colour_of

    app.jinja_env.globals.update(
        colour_of=colour_of, max_stored=MAX_STORED, card_names=PerLanguage(CARD_NAMES),
        colour_names=PerLanguage(COLOUR_NAMES), reminders=PerLanguage(REMINDERS),
        solo_ranks=SOLO_RANK_WORDS,
        solo_excluded=SOLO_EXCLUDED, town_hall_excluded=TOWN_HALL_EXCLUDED, fortune_cards=FORTUNE_BUILDINGS,
        resource_names=PerLanguage(RESOURCE_NAMES), resource_of=RESOURCE_OF_LETTER,
    )

