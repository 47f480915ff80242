"""The words of a table's pages, which table.mjs, the offline shell and the pieces both sides draw a table with
(webscore/flow/table_pieces.py) take, in the page's language."""

from flask_babel import gettext as _
from flask_babel import pgettext

from ...flow.controls import page_title
from ...flow.text import sentences
from . import grammar
from .grammar import plural_pair


def table_words() -> dict:
    """Return the words table.mjs shows, in the page's language."""
    words = _table_words()
    # What the offline shell says where the core cannot start (table-offline.mjs): its title and its sentences
    # written whole here, by the flow's own functions, as the core would write them.
    words["alone"] = {"title": page_title(words["needs_network"]),
                      **{said: sentences([words["needs_network"], words[said]])
                         for said in ("offline", "table_offline", "unreachable")}}
    return words


def handover_button() -> str:
    """Return the words of the button that shows a town's link, which a refused take-in names too."""
    return _("Show the link of my town")


def _table_words() -> dict:
    # The status qualifies a town ("la ville"): it has its own context, apart from the Done button's word.
    return {"status": {"not-started": _("Not started"), "entering": _("Entering"),
                       "done": pgettext("town status", "Done")},
            # A player's town at the table: its status and its total, once known, as one line ("Done · 21 points", and
            # "Done · at least 21 points" with the ui's points_least, until the town on its right is handed in).
            "status_total": _("%(status)s · %(total)s"),
            # What the phone says of its outbox: never "saved" while anything waits to be sent.
            "saving": _("Saving…"), "all_saved": _("All saved."), "saved_at": _("Last saved at %(time)s."),
            "waiting": grammar.plural_forms(*plural_pair("%(num)d change waiting to be sent.",
                                                         "%(num)d changes waiting to be sent.")),
            # The same while the page asks the player something (take the town over, which version to keep, open it
            # again, end the game): nothing is sent until the answer.
            "waiting_answer": grammar.plural_forms(*plural_pair("%(num)d change waiting for your answer.",
                                                                "%(num)d changes waiting for your answer.")),
            "unreachable": _("Can't reach the table; trying again."), "handed_in": _("Handed in."),
            # Handed in by another phone that took the town in from its link (sync.public's taken_in).
            "taken_in": _("Taken over and handed in on another phone."),
            "not_saved": _("Not saved: %(reason)s"), "not_handed_in": _("Not handed in: %(reason)s"),
            # A problem that keeps a town from being handed in, and the squares it concerns (table_pieces).
            "on_squares": grammar.plural_forms("%(problem)s Square %(squares)s.", "%(problem)s Squares %(squares)s."),
            "changed_elsewhere": _("Changed on another phone: %(what)s."),
            "handed_in_elsewhere": _("This town was handed in on another phone."),
            "reopened_elsewhere": _("This town was opened again on another phone."),
            "taken_in_elsewhere": _("This town was taken over from its link and handed in on another phone."),
            # What every phone says of a town changed by a phone that is not its own (the table's events).
            "events": {"taken-over": _("%(name)s's town was taken over by another phone."),
                       "reopened": _("%(name)s's town was opened again on another phone."),
                       "taken-in": _("%(name)s's town was taken in from a link."),
                       "ended-empty": _("The game was ended from %(name)s's town while towns had no square yet.")},
            "owned": _("This town is being entered on another phone. Take it over here? Every phone at the table "
                       "will say so."),
            "taken_over": _("This town was taken over by another phone. Take it back here? Every phone at the table "
                            "will say so."),
            # What handing in a town says while towns are empty: the table's refusal (tables/saves.py) says it too,
            # without the question.
            "empty_end": _("Handing this town in ends the game, and %(names)s entered no town yet."),
            "end_game_asked": _("End the game?"),
            "scores_shown": _("The scores are shown; what this phone had not sent is not kept."),
            # What the offline shell needs to draw a town at the table as table_town.html does (app.mjs).
            "back": _("Back to the table"),
            "hint": _('Your town is saved to the table as you go. Tap "Done" when it is complete; you can change it '
                      'until the scores are shown.'),
            "offline": _("This phone is offline. Your taps are kept on it and will be sent when the network is back."),
            "no_network": _("No network?"),
            "handover_hint": _("Another phone at the table can take your town in from this link."),
            "handover": handover_button(), "handover_label": _("Link of my town"),
            "needs_script": _("Entering a town at the table needs JavaScript. Enter it with the one-phone steps instead."),
            "needs_network": _("This table's page needs the network."), "reload": _("Reload"),
            # And the table's page reloaded without network, from what this phone last saw of it.
            "table": _("The table"), "players": _("Players"), "see_scores": _("See the scores"),
            "table_offline": _("This phone is offline. The table will catch up when the network is back."),
            "follow": _("Following the other players' towns needs the network."),
            "last_seen": _("As this phone last saw the table:"),
            # And what only the served page has: joining from another phone, taking in a town.
            "tap_name": _("Tap your name to enter your town. You can also enter a town for a player without a phone."),
            "join": _("Join from another phone"), "qr_label": _("QR code of the table"),
            "link_label": _("Link to the table"), "take_title": _("A town from a phone without network"),
            "take_label": _("Paste the link the phone shows"), "take": _("Take in this town")}
