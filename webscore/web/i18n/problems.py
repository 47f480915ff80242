"""The core's validation problems, worded for people and placed on the field they concern."""

from flask_babel import lazy_gettext as _l

from ...scoring.cards import BIG_CHEST
from ...scoring.cards import CHEST
from ...scoring.cards import MAX_BANKS
from ...scoring.cards import MAX_STORED
from ...scoring.expansions import MAX_SWAPS
from ...scoring.names import MAX_NAME
from ...scoring.validate import MAX_PLAYERS
from ...scoring.validate import MAX_TURNS

# The limits the messages say, each from where the core keeps it.

MESSAGES = {
    "name-missing": _l("Enter a name."),
    "name-twice": _l("Another player has this name: add something to tell them apart, such as an initial."),
    "name-too-long": _l("Keep names to %(num)d characters.", num=MAX_NAME),
    "name-control-character": _l("Names cannot hold control characters."),
    "name-format-character": _l("Names cannot hold invisible characters or marks that change the writing direction."),
    # U+FFFD, which stands for a character lost on its way (an address whose bytes are no text).
    "name-lost-character": _l("This name has lost a character on its way (shown as �): type it again."),
    "player-count": _l("A game has 1 to %(num)d players.", num=MAX_PLAYERS),
    "solo-needs-one-player": _l("Solo is played by exactly one player."),
    "one-player-plays-solo": _l("One player plays Solo: choose Solo, or add a player."),
    "monument-taken": _l("Each monument exists once: another player already has this one."),
    "monuments-off": _l("This game is played without monuments."),
    "unknown-monument": _l("This is not a monument of the game."),
    "fortune-monument-off": _l("This monument is Fortune's: turn on Fortune's monuments to play it, or choose another."),
    "fortune-monuments-not-dealt": _l("This game is played without Fortune's monuments: choose another."),
    "not-players-monument": _l("Only the player's own monument can be built in this town."),
    "second-monument": _l("A town holds one monument only."),
    "too-many-banks": _l("A town holds at most %(num)d Banks.", num=MAX_BANKS),
    "unknown-card": _l("This is not a card of the game."),
    "building-not-in-game": _l("This building is not one of this game's seven."),
    "stored-over-3": _l("A Warehouse stores at most %(num)d resources.", num=MAX_STORED),
    "stored-not-a-count": _l("Enter how many resources are stored, from 0 to %(num)d.", num=MAX_STORED),
    "stored-not-on-warehouse": _l("Resources can only be stored on a Warehouse."),
    "master_builder_turns-not-a-number": _l("Enter a whole number."),
    "shrine_buildings-not-a-number": _l("Enter a whole number."),
    "completed_before-not-a-number": _l("Enter a whole number."),
    "master_builder_turns-out-of-range": _l("Enter a number of turns from 0 to %(num)d.", num=MAX_TURNS),
    "master_builder_turns-not-needed": _l("Only Master Builder games count turns."),
    "shrine_buildings-missing": _l("How many buildings were in town when the Shrine was built?"),
    "shrine_buildings-out-of-range": _l("Count from 1 up to the buildings in this town, Shrine included."),
    "shrine_buildings-not-needed": _l("The Shrine is not in this town."),
    "completed_before-missing": _l("How many players completed their town before this one?"),
    "completed_before-out-of-range": _l("Count from 0 up to the number of other players."),
    "completed_before-not-needed": _l("The Starloom is not in this town."),
    "one-per-colour": _l("Choose one card of each colour."),
    "no-cottage": _l("Every game uses the Cottage."),
    "building-twice": _l("Choose one card of each colour."),
    # A card of Fortune's stays chosen while its switch is off, out of sight (new_game.played_card): it is named.
    "fortune-card-off": _l("%(card)s is a Fortune card: turn on Fortune's cards to play it, or choose a card of the "
                           "base game."),
    # An address made by hand may give a colour a card of another (red=well): the card is named, on that colour.
    "not-of-colour": _l("%(colour)s: %(card)s is not a card of this colour."),
    "unknown-building": _l("This is not a building of the game."),
    # Mistakes only a hand-written game file can hold (the command line, a forged link).
    "game-not-a-record": _l("A game file holds one record, with the mode, the buildings and the players."),
    "player-not-a-record": _l("Each player is a record with a name and a town."),
    "buildings-not-a-list": _l("The buildings of a game are a list of card ids."),
    "stored-not-a-map": _l("Stored resources are given by square, like {\"b4\": 2}."),
    "flag-not-true-or-false": _l("This option is true or false."),
    "unknown-key": _l("A game file holds no such field."),
    "unknown-mode": _l("The mode is Master Builder, Town Hall or Solo."),
    "master_builder_turns-missing": _l("Enter the turns as Master Builder."),
    # The expansions' facts: coins (Fortune), the coins spent by Hollow Hill's owner, the Tiny Trees seed.
    "coins-missing": _l("How many coins are in the chest, before any are spent at the end?"),
    "coins-not-a-number": _l("Enter a whole number."),
    "coins-out-of-range": _l("A chest holds 0 to %(chest)d coins, or %(big_chest)d with a monument that adds a place.",
                              chest=CHEST, big_chest=BIG_CHEST),
    "coins-not-needed": _l("This game is played without coins."),
    "hollow_hill_swaps-missing": _l("How many coins were spent to change a named resource since this monument was built?"),
    "hollow_hill_swaps-not-a-number": _l("Enter a whole number."),
    "hollow_hill_swaps-out-of-range": _l("Count from 0 to %(num)d.", num=MAX_SWAPS),
    "hollow_hill_swaps-not-needed": _l("The monument that counts changed resources is not in this town."),
    "seed-missing": _l("Which square holds this player's seed?"),
    "seed-out-of-range": _l("A seed lies on one square, from a1 to d4."),
    "seed-not-needed": _l("This game is played without seeds."),
    "not-in-town-hall": _l("%(card)s is not used in a Town Hall game."),
    # The game whose towns a setup keeps travels in its address: one edited by hand may not read.
    "towns-unreadable": _l("The towns this setup came with cannot be read: the game starts with empty towns."),
    # Only an address typed or edited by hand repeats a field (a form sends each once); it names the field.
    "repeated-field": _l("This address gives %(field)s twice."),
    # Nor a link to play a game again whose game cannot be read.
    "again-unreadable": _l("The game to play again cannot be read: set it up again here."),
    # Nor does it give a value none of the page's buttons sends.
    "unknown-value": _l("This address gives %(field)s a value this page does not know."),
}
# The problems said on a town's square (the flow puts them on a square's field: town_fields.field_of), where a quarter of
# a phone's width holds each of their words (words.square_words).
SQUARE_PROBLEMS = ("unknown-card", "building-not-in-game", "not-players-monument", "second-monument",
                   "stored-not-on-warehouse", "stored-not-a-count", "stored-over-3")

# What a problem without words of its own says (the flow's text.problem_text, for the server and the browser alike).
UNREADABLE = _l("This game cannot be read.")
