"""Flask-WTF forms that draw the game setup, and what every form of ours shares (GetForm, worded choices).

They draw fields only: what a form sent is read by webscore.flow, the same code the browser runs.
They are sent with GET: they change nothing on the server (the game lives in the URL), so a page can
be reloaded, bookmarked and served offline, and no CSRF token is needed.
"""

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from markupsafe import Markup
from wtforms import BooleanField
from wtforms import FieldList
from wtforms import HiddenField
from wtforms import RadioField
from wtforms import SelectField
from wtforms import StringField
from wtforms.fields.choices import SelectChoice

from ...scoring.cards import ALL_MONUMENTS
from ...scoring.cards import CARD_COLOURS
from ...scoring.cards import cards_of_colour
from ...scoring.game import MODES
from ...scoring.names import MAX_NAME_UNITS
from ..http.cache import kept
from ..i18n.cards import CARD_NAMES
from ..i18n.labels import MODE_NAMES


def choices(pairs) -> list:
    """Return (value, label) pairs as WTForms choices."""
    return [SelectChoice(value, label) for value, label in pairs]


def worded(key: str, pairs) -> list:
    """Return choices whose labels are worded in the page's language, built once per language and key."""
    from ..i18n import current_language

    lang = current_language()
    # A lazy word draws as HTML as it stands (its __html__), so the worded one is Markup too.
    labelled = kept("choices", (lang, key), lambda: [(choice.value, Markup(str(choice.label))) for choice in pairs])
    return [SelectChoice(value, label) for value, label in labelled]


def values(field) -> set:
    """Return the values a choice field offers."""
    return {choice.value for choice in field.choices}


class GetForm(FlaskForm):
    """A form read from the query string, without CSRF."""

    class Meta:
        csrf = False

    def __init__(self, formdata, **kwargs):
        super().__init__(formdata=formdata, **kwargs)


class SetupForm(GetForm):
    """Players in seating order, the mode, the options and the seven buildings."""

    # No autocomplete="off": it would also stop the browser from putting typed names back on Back (but for a start
    # refused, whose form has it: setup.html).
    players = FieldList(StringField(_l("Name"), render_kw={"maxlength": MAX_NAME_UNITS}),
                        min_entries=1)
    monuments = FieldList(SelectField(_l("Monument")), min_entries=1)
    dealt = FieldList(HiddenField(), min_entries=1)
    # A setup opened from a game begun: the game's code, and each row's seat in it (new_game.kept_state).
    origins = FieldList(HiddenField(), min_entries=1)
    towns = HiddenField()
    # ...and the seat whose town was being entered, where the game starts again (new_game.first_step).
    resume = HiddenField()
    mode = RadioField(_l("Mode"), choices=choices((m, MODE_NAMES[m]) for m in MODES), default=MODES[0])
    cavern = BooleanField(_l("Cavern rule (set aside up to 2 resources)"))
    without_monuments = BooleanField(_l("Without monuments"))
    # The expansions (flow.new_game.EXPANSIONS): a colour offers its six cards with Fortune, its four without.
    coins = BooleanField(_l("Coins"))
    fortune = BooleanField(_l("Fortune's cards"))
    fortune_monuments = BooleanField(_l("Fortune's monuments"))
    tiny_trees = BooleanField(_l("Tiny Trees"))
    red = RadioField(_l("Red"), choices=choices((c, CARD_NAMES[c]) for c in cards_of_colour("red", fortune=True)))
    grey = RadioField(_l("Grey"), choices=choices((c, CARD_NAMES[c]) for c in cards_of_colour("grey", fortune=True)))
    orange = RadioField(_l("Orange"), choices=choices((c, CARD_NAMES[c]) for c in cards_of_colour("orange", fortune=True)))
    green = RadioField(_l("Green"), choices=choices((c, CARD_NAMES[c]) for c in cards_of_colour("green", fortune=True)))
    yellow = RadioField(_l("Yellow"), choices=choices((c, CARD_NAMES[c]) for c in cards_of_colour("yellow", fortune=True)))
    navy = RadioField(_l("Navy"), choices=choices((c, CARD_NAMES[c]) for c in cards_of_colour("navy", fortune=True)))

    def __init__(self, formdata, **kwargs):
        super().__init__(formdata, **kwargs)
        # The option labels are lazy words: word them once per language rather than at every draw.
        for field in [self.mode] + self.colour_fields():
            field.choices = worded(field.name, field.choices)

    def colour_fields(self) -> list:
        """Return the six card fields in the score pad's order."""
        return [getattr(self, colour) for colour in CARD_COLOURS]


def monument_choices() -> list:
    """Return the choices of a player's monument select: none, then every monument."""
    return worded("monuments", choices([("", _l("No monument"))] + [(m, CARD_NAMES[m]) for m in sorted(ALL_MONUMENTS)]))
