"""The form that draws one player's town: a select and a stored-resource input per square, and the facts.

Sent with GET, as the setup is (webscore.web.setup.forms.GetForm): webscore.flow reads what it sends.
"""

from flask_babel import lazy_gettext as _l
from wtforms import SelectField
from wtforms import StringField

from ...scoring.town import NAMES
from ..setup.forms import GetForm


class TownForm(GetForm):
    """One player's finished town and the facts it needs; one field pair per named square."""

    master_builder_turns = StringField(_l("Turns as Master Builder"))
    shrine_buildings = StringField(_l("Buildings in town when the Shrine was built (Shrine included)"))
    completed_before = StringField(_l("Players who completed their town before this one"))
    monument = SelectField(_l("Monument"))

    @property
    def squares(self) -> list:
        """Return the 16 square selects in reading order."""
        return [self["square_" + name] for name in NAMES]

    @property
    def stored(self) -> list:
        """Return the 16 stored-resource inputs in reading order."""
        return [self["stored_" + name] for name in NAMES]

    def square_fields(self) -> list:
        """Return (square name, select field, stored field) for the 16 squares in reading order."""
        return list(zip(NAMES, self.squares, self.stored))


for _name in NAMES:
    setattr(TownForm, "square_" + _name, SelectField())
    setattr(TownForm, "stored_" + _name, StringField())
