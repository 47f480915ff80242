"""The sentences and labels the browser's pages draw by themselves (words()["ui"]), in the page's language.

What a town step, a result, its sharing, the offline shell, the setup, the table's hammer screens and the quick
pad say: each message once, where the server's pieces and the browser's scripts both find it. Apart from the
assembly of what the browser is given (words.py: the ids' words, numbers, dates, routes, the core's constants)
because this is the part a newcomer changes when a page says something new.
"""

from flask_babel import gettext as _
from flask_babel import pgettext

from ...scoring.validate import MAX_PLAYERS
from . import grammar
from . import labels


def ui_words() -> dict:
    """Return the page words the browser needs to draw a town or a result by itself (words()["ui"]).

    Not translating.page_words(), the translating callables given to render_template.
    """
    return {
        "town_of": _("Town of %(name)s"),
        "step_hint": _("Player %(num)d of %(count)d. Choose what stands on each square; top row first."),
        "players": _("Players"),
        "previous": _("Previous player"),
        "next": _("Next player"),
        "see_scores": _("See the scores"),
        "back_to_scores": _("Back to the scores"),
        "change_setup": _("Change the players or buildings"),
        "not_entered": _("not entered yet"),
        # A town's total while the town on its right, which a Feast Hall or a Schoolhouse reads, is not entered (or not
        # handed in) yet: on a player's button of a town step ("Léa ✓ at least 44 points"), and in a table's list of
        # players ("Done · at least 44 points").
        "points_least": _("at least %(points)s"),
        "see_scores_anyway": _("See the scores anyway"),
        "monument": _("Monument"),
        "no_monument": _("No monument"),
        "change_monument": _("Change the monument"),
        "break_tie": _("Break the tie"),
        # A first place tied for want of turns: who wins were they equal, and the answer of a table that did not count.
        "equal_turns_win": _("With equal turns as Master Builder, %(name)s wins."),
        "equal_turns_shared": _("With equal turns as Master Builder, %(names)s still share first place."),
        "turns_uncounted": _("We did not count them"),
        # After "we did not count them": the turns are taken as equal, and the boxes are left blank.
        "turns_taken_equal": _("Turns not counted: taken as equal."),
        "unfinished": grammar.plural_forms("The town of %(names)s is empty or barely begun: see the scores anyway?",
                                           "The towns of %(names)s are empty or barely begun: see the scores anyway?"),
        "tap_hint": _("Tap a building, then the squares it stands on."),
        "undo": _("Undo"),
        "clear": _("Clear town"),
        "empty": _("Empty"),
        "stored": _("Stored"),
        # A Warehouse's load field as a screen reader names it: the words shown, and its square (two Warehouses).
        "stored_on": _("Stored on %(square)s"),
        "town_board": _("Town board"),
        "choose_first": _("Choose a building first."),
        "which_building": _("What stands on %(square)s?"),
        # What a square's button is named and read as once a tap changed it: its name, what stands there, and its
        # points; with Tiny Trees, what stands there is followed by the seed where it lies ("Cottage, Seed").
        "square_said": _("%(square)s, %(card)s"),
        "square_points_said": _("%(square)s, %(card)s, %(points)s"),
        "square_seed_said": _("%(card)s, %(seed)s"),
        # A page's title when it shows a problem, as the server's templates write it.
        "error_title": pgettext("page title", "Error: %(page)s"),
        "keep_awake": _("Keep the screen on"),
        "turns": _("Turns as Master Builder"),
        "turns_hint": _("Only needed to break a tie."),
        "shrine": _("Buildings in town when the Shrine was built (Shrine included)"),
        "starloom": _("Players who completed their town before this one"),
        # The expansions' facts: Fortune's coins, Hollow Hill's changed resources, the Tiny Trees seed (a palette tool).
        "coins": _("Coins in the chest, before any spent at the end"),
        "hollow_hill_swaps": _("Coins spent to change a named resource since Hollow Hill was built"),
        "seed": _("Seed"),
        "no_seed": _("Not placed yet"),
        # Tiny Trees: a player who put no seed down on their town (it grows no tree).
        "seed_none": _("No seed put down"),
        "waiting_for_seed": _("Running total: put the seed on its square first"),
        # A result's town with the expansions: the tree a seed grew into, who fed a building for a coin, the coins.
        "tree": _("Tree"),
        "fed_by_row": _("%(feeder)s, row %(line)s (1 coin)"),
        "fed_by_column": _("%(feeder)s, column %(line)s (1 coin)"),
        "fed_by_pair": _("%(feeder)s (paid in coins, 1 per 2)"),
        "coins_spent": grammar.plural_forms("%(num)d coin spent on feeding", "%(num)d coins spent on feeding"),
        # Beside their points, 1 each: the points say how many there are.
        "coins_left": _("Coins left in the chest"),
        "coins_left_double": grammar.plural_forms("%(num)d coin left in the chest, 2 points each with the Estival Festival",
                                                  "%(num)d coins left in the chest, 2 points each with the Estival Festival"),
        "scores": _("Scores"),
        # Who won, above the ranking, in the link preview and the picture (labels.WINS and its kin, result_pieces.headline).
        "wins": grammar.plural_forms(*labels.WINS),
        "tie_for_first": grammar.plural_forms(*labels.TIE_FOR_FIRST),
        "solo_scores": grammar.plural_forms(*labels.SOLO_SCORES),
        "shared_first": grammar.plural_forms(*labels.SHARED_FIRST),
        "score_pad": _("Score pad"),
        "colour": _("Colour"),
        "total": _("Total"),
        "towns": _("Towns"),
        "change_town": _("Change this town"),
        "share": _("Share"),
        "log_bgstats": _("Log in BG Stats"),
        "share_link": _("Share the link"),
        "link_label": _("Link to these scores"),
        "copied": _("Link copied"),
        "play_again": _("Play again with the same players and buildings"),
        "qr_label": _("QR code of the link to these scores"),
        "share_picture": _("Share as picture"),
        "download_picture": _("Download the picture"),
        "site_title": _("Tiny Towns scores"),
        "cavern": _("Cavern rule"),
        "without_monuments": _("Without monuments"),
        "needs_turns": _("Enter turns as Master Builder to break this tie."),
        "cannot_open": _("This link cannot be opened"),
        "back_home": _("Back to Marquoir"),
        "new_game": _("New game"),
        # What the offline shell says of an address it cannot draw: none of ours, or one that needs the network.
        "not_found": _("Page not found"),
        "no_page": _("There is no page at this address."),
        "needs_network": _("This page needs the network."),
        "open_later": _("This phone is offline. Open this page again when the network is back."),
        "reload": _("Reload"),
        "running_total": _("Running total: %(num)s"),
        # A Feast Hall or a Schoolhouse reads the town on the right: while it is empty, the least this town makes.
        "running_total_until": _("Running total: at least %(num)s until the town of %(name)s is entered"),
        # The same at a table, where each player hands their town in from their own phone: a town entered is not known
        # until then.
        "running_total_until_handed_in": _("Running total: at least %(num)s until the town of %(name)s is handed in"),
        # The running total while a town waits for an answer: never a number that leaves the answer out.
        "waiting_for_answer": _("Running total: answer “%(question)s” first"),
        # An answer the form cannot take (5 coins in a chest of 4): the page says why once the town is sent.
        "waiting_for_right_answer": _("Running total: check your answer to “%(question)s”"),
        "waiting_for_load": _("Running total: enter what the Warehouse on %(square)s stores, from 0 to %(num)s"),
        "waiting_for_town": _("Running total: this town cannot be scored as it stands"),
        "offline_note": _("Scored on this phone: no network needed."),
        "player_n": _("Player %(num)d"),
        "move_up": _("Move %(name)s up"),
        "remove": _("Remove %(name)s"),
        # What the setup tells a screen reader of a player removed or moved up (their new seat, of how many), and of a
        # deal of monuments: then, for each player, "Ana: Barrett Castle or The Starloom".
        "player_removed": _("Player removed: %(name)s"),
        "moved_up": _("%(name)s moved up: player %(num)d of %(count)d"),
        "monuments_dealt": _("Monuments dealt: 2 each"),
        "either": _("%(first)s or %(second)s"),
        "round": _("Round %(num)d"),
        # Words said as a sentence, before the next: a screen's heading ("Round 2. Bo names the resource."), a square's
        # ("a1, Farm, 0 points. Running total: 34").
        "sentence": _("%(words)s."),
        "names_resource": _("%(name)s names the resource."),
        "next_round": _("Next round"),
        "town_complete": _("Town complete"),
        "fort_built": _("Fort Ironweed built"),
        # The names of each player's buttons on the hammer's screen, as a screen reader says them: the button's words,
        # then whose they are (each row has its own).
        "town_complete_of": _("Town complete: %(name)s"),
        "fort_built_of": _("Fort Ironweed built: %(name)s"),
        # The same words in a player's status line, after "·": lower case where the language wants it there.
        "fort_built_said": pgettext("a player's status line", "Fort Ironweed built"),
        "playing": _("playing"),
        "complete_in_round": _("town complete in round %(num)d"),
        "turns_count": _("turns as Master Builder: %(num)d"),
        "game_over": _("Every town is complete: the game is over."),
        "everyone_chooses": _("Everyone chooses a resource."),
        "everyone_places": _("Everyone places: %(resource)s"),
        "next_card": _("Next round: a card is turned."),
        "next_free": _("Next round: everyone chooses."),
        "pile": _("Cards left in the pile: %(num)d"),
        # One message per resource, so that each language can say it with the resource's own grammar.
        "take": {"wood": _("Take wood"), "wheat": _("Take wheat"), "brick": _("Take brick"), "glass": _("Take glass"),
                 "stone": _("Take stone")},
        "taken": _("Resources taken: %(num)d"),
        # Said after a card of Solo's offer is taken, before the new offer.
        "resource_taken": _("Resource taken: %(resource)s"),
        # Said after an Undo on the table's screens, before the rest: what it took back.
        "undone_round": _("Undone: round %(num)d"),
        "undone_complete": _("Undone: town complete for %(name)s"),
        "undone_fort": _("Undone: Fort Ironweed built for %(name)s"),
        "undone_take": _("Undone: %(resource)s taken"),
        # What the table's screens say of their record: Back to the setup and "Play with Marquoir at the table" again.
        "record_resumed": _("The game played so far goes on where it was left."),
        "record_restart": _("Start a new record"),
        "record_changed": _("The game changed since the one played so far: a new record starts."),
        "record_restarted": _("A new record starts."),
        "record_before": _("Back to the game played so far"),
        "start_game": _("Turn the first card"),
        "enter_towns": _("Enter the towns"),
        "first_builder": _("First Master Builder"),
        "pair": _("%(label)s: %(value)s"),
        "pad_title": _("Quick score pad"),
        "pad_hint": _("Write each player's points as on the paper pad; the places follow as you type."),
        "mode": _("Mode"),
        "name": _("Name"),
        "add_player": _("Add a player"),
        "remove_this_player": _("Remove this player"),
        # The quick pad's buttons of a player, as a screen reader says them: the button's words, then whose they are
        # (each player's row has its own); a sign's button, with the score pad's row it changes ("green").
        "remove_player": _("Remove this player: %(name)s"),
        "sign_of": _("Change the sign of %(row)s: %(name)s"),
        "empty_count": _("Empty squares (how many)"),
        # Tiny Trees on the quick pad: the box of a seed grown into a tree.
        "tree_grown": _("Tiny Trees: a tree grew (+2)"),
        "cottage_count": _("Cottages (Barrett Castle counts 2)"),
        "cathedral": _("%(card)s built: empty squares cost nothing"),
        "drop_unknown": _("Leave them out"),
        "pad_problems": {
            "points-not-a-number": _("Enter a whole number."),
            "points-out-of-range": _("From %(low)s to %(high)s in one town."),
            "red-scores-nothing": _("Red buildings score no points."),
            "tree-not-alone": _("A tree grows only on the one square without a building: no square is empty then."),
            "unknown-field": _("This address holds a field the pad does not know: %(field)s."),
            "repeated-field": _("This address gives %(field)s twice."),
            "one-player-plays-solo": _("One player plays Solo: choose Solo, or add a player."),
        },
        "table_errors": {
            "player-count": _("The hammer passes among 2 to %(num)d players; one player plays Solo.",
                              num=MAX_PLAYERS),
            "fort-owners": _("Only one player can own Fort Ironweed."),
            "fort-after-complete": _("This town is complete: Fort Ironweed can no longer be built in it."),
            "fort": _("Only the owner of Fort Ironweed can build it, and only once."),
            "twice": _("This town is already complete."),
            "game-over": _("Every town is complete: the game is over."),
            "other": _("This record of play cannot be replayed."),
        },
        "needs": {
            "master-builder-turns": _("Enter turns as Master Builder to break this tie."),
            "empty-squares": _("Enter the number of empty squares to break this tie."),
            "cottages": _("Enter the number of Cottages to break this tie."),
        },
    }
