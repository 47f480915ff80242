"""The words of the statistics page ("Your games"), which the phone's core draws (webscore/flow/history_pieces.py)."""

from babel.numbers import format_percent
from babel.numbers import get_decimal_symbol
from flask_babel import gettext as _
from flask_babel import pgettext

from ...languages import ROWS
from .. import i18n
from . import grammar


def history_words() -> dict:
    """Return the page's words in its language: its labels, counted messages, and how it writes 12.5 and 45 %."""
    lang = i18n.current_language()
    return {
        "decimal": get_decimal_symbol(locale=lang),
        "percent": format_percent(0.12, locale=lang).replace("12", "%(num)s", 1),
        "games_counted": grammar.plural_forms("%(num)s game", "%(num)s games"),
        "unreadable": grammar.plural_forms("%(num)d kept game could not be read.", "%(num)d kept games could not be read."),
        "imported": grammar.plural_forms("%(num)d game added.", "%(num)d games added."),
        "no_games": _("No finished game is kept on this phone yet: the result of each game you finish here is kept."),
        "no_core": _("The statistics cannot be drawn on this phone now: open this page again with the network on."),
        "period": _("Period"),
        "period_all": _("Every game"),
        "period_month": _("The last 30 days"),
        "period_year": _("The last 12 months"),
        "group": _("Who played"),
        "everyone": _("Any players"),
        "wins_heading": _("Wins"),
        "wins_title": _("Wins per player"),
        "players_heading": _("Players"),
        "buildings_heading": _("Buildings"),
        "buildings_caption": _("The buildings chosen, most often first, with how many games chose them"),
        "modes_heading": _("Modes"),
        "solo_title": _("Solo games, one after the other"),
        "solo_title_last": _("The last %(num)s solo games"),
        "numbers": _("The numbers"),
        "player": _("Player"),
        "games": _("Games"),
        "wins": _("Wins"),
        "win_rate": _("Win rate"),
        "average": _("Average"),
        "best": _("Best town"),
        "worst": _("Worst town"),
        "monuments": _("Favourite monuments"),
        "tie_breaks": _("Ties broken"),
        # A tie the tie-break decided against the player, beside those it decided for them ("decided by fewer empty
        # squares", labels.TIE_BREAKS).
        "ties_lost": {"master-builder-turns": _("lost on more turns as Master Builder"),
                      "empty-squares": _("lost on more empty squares"),
                      "cottages": _("lost on fewer Cottages")},
        "coins": _("Coins left at the end, per game with coins"),
        "no_monument": pgettext("no monument", "none"),
        "no_tie": pgettext("no tie broken", "none"),
        "totals_title": _("Totals of %(name)s, game after game"),
        "totals_title_last": _("Totals of %(name)s in their last %(num)s games"),
        "colours_title": _("Average points of %(name)s per colour"),
        "date": _("Date"),
        "total": _("Total"),
        "rank": _("Rank"),
        "colour": _("Colour"),
        "building": pgettext("a column of the statistics", "Building"),
        "per_town": _("Copies per town"),
        "per_copy": _("Points per copy"),
        "winner_per_town": _("Copies per winning town"),
        "merge_heading": _("One person, two spellings"),
        "merge_hint": _("Count a name as another: the games stay as they are, and the merge can be undone."),
        "merge_name": _("Count"),
        "merge_as": _("as"),
        "merge": _("Merge"),
        "merged": _("The name %(name)s counts as %(other)s."),
        "undo": _("Undo"),
        "unmerged": _("The name %(name)s counts on its own again."),
        "same_name": _("Choose two different names."),
        "persisted": _("This browser keeps these games until you delete them."),
        "may_evict": _("This browser may delete these games when the phone runs short of space: export them to keep a copy."),
        "delete_confirm": grammar.plural_forms(
            "Delete %(num)d game kept on this phone for these statistics, whatever the period and players chosen?",
            "Delete %(num)d games kept on this phone for these statistics, whatever the period and players chosen?"),
        # Asked where the core cannot start, so cannot write how many games a deletion forgets.
        "delete_all": _("Delete every game kept on this phone for these statistics, whatever the period and players "
                        "chosen?"),
        "importing": _("Reading the file…"),
        "nothing_new": _("No new game: every game of this file is kept already."),
        "too_big": _("This file is too big to be an export of Marquoir: nothing was imported."),
        # The exports' files, named in the page's language (letters a file name keeps anywhere), and the plays' CSV
        # as the language's spreadsheets open it.
        "games_file": _("marquoir-games-%(date)s.json"),
        "plays_file": _("marquoir-plays-%(date)s.csv"),
        # The games' file where the core cannot start to write the day in its name.
        "games_file_undated": _("marquoir-games.json"),
        "csv": {"separator": next(row.spreadsheet_separator for row in ROWS if row.tag == lang), "columns": [
            pgettext("a column of the exported plays", "date"), pgettext("a column of the exported plays", "link"),
            pgettext("a column of the exported plays", "mode"), pgettext("a column of the exported plays", "seat"),
            pgettext("a column of the exported plays", "player"), pgettext("a column of the exported plays", "score"),
            pgettext("a column of the exported plays", "rank"), pgettext("a column of the exported plays", "winner")]},
        "import_problems": {
            "not-an-export": _("This file is not a list of games exported by Marquoir: nothing was imported."),
            "damaged-export": _("This file is damaged: nothing was imported."),
            "too-many-games": _("This file holds more games than a phone keeps: nothing was imported."),
        },
    }
