"""What the expansions add to a game file, checked: coins (Fortune), Hollow Hill's swaps, the Tiny Trees seed.

A game plays with coins ("coins": true), Tiny Trees ("tiny_trees": true) and the Fortune monuments among
those dealt ("fortune_monuments": true), or without them (false, or the key absent, as in every base game; a
monument a player holds is theirs either way). Each player then gives the coins in their chest before any
spent at the end ("coins"), the coins spent changing a named resource since Hollow Hill was built
("hollow_hill_swaps") and the square of their seed ("seed", or "none" for a player who put none down), null
while not known. As for the base game's
facts, one the town needs and does not have is a problem, and so is one given that it does not need; coins
and the seed are needed once the town has a building (a game just set up has none).
Town Hall leaves the Oddity Shop out of the box, as Solo leaves out its cards.
"""

from .cards import BIG_CHEST
from .cards import BIG_CHEST_MONUMENTS
from .cards import CHEST
from .cards import FORTUNE_BUILDINGS
from .cards import FORTUNE_MONUMENTS
from .cards import HOLLOW_HILL
from .cards import TOWN_HALL_EXCLUDED
from .game import TOWN_HALL
from .problem import check_count
from .problem import problem
from .town import INDEX_OF

EXPANSION_FLAGS = ("coins", "tiny_trees", "fortune_monuments")
EXPANSION_PLAYER_KEYS = ("coins", "hollow_hill_swaps", "seed")
MAX_SWAPS = 99
NO_SEED = "none"


FORTUNE = "fortune"
TINY_TREES = "tiny-trees"


def plays_fortune(game: dict) -> bool:
    """Tell whether a game plays Fortune on its boards: its coins, one of its cards or one of its monuments."""
    return (game.get("coins") is True or any(card in FORTUNE_BUILDINGS for card in game["buildings"])
            or any(player.get("monument") in FORTUNE_MONUMENTS for player in game["players"]))


def deals_fortune_monuments(game: dict) -> bool:
    """Tell whether Fortune's monuments are among those a game deals and offers: its switch, or one a player holds
    (a game file written without the switch; a version-2 code reads with it where the game plays Fortune)."""
    return game.get("fortune_monuments") is True or any(
        player.get("monument") in FORTUNE_MONUMENTS for player in game["players"])


def fullest_chest(game: dict) -> int:
    """Return the most coins a chest of this game can hold: 5 where a monument that adds a place (each of them
    Fortune's) can be played, else 4."""
    return BIG_CHEST if game.get("monuments") is not False and deals_fortune_monuments(game) else CHEST


def is_seed(value) -> bool:
    """Tell whether a value is one a player's seed takes: a square of the town, or "none" (no seed put down)."""
    return type(value) is str and (value in INDEX_OF or value == NO_SEED)


def expansions_used(game: dict) -> list:
    """Return the expansions a valid game plays: Fortune (on its boards, or its monuments dealt) and Tiny Trees."""
    used = []
    if plays_fortune(game) or game.get("fortune_monuments") is True:
        used.append(FORTUNE)
    if game.get("tiny_trees") is True:
        used.append(TINY_TREES)
    return used


def flag_problems(game: dict) -> list:
    """Check that the expansions a game names are turned on or off with true or false."""
    return [problem("flag-not-true-or-false", value=flag) for flag in EXPANSION_FLAGS
            if flag in game and type(game[flag]) is not bool]


def town_hall_problems(game: dict) -> list:
    """Check that a Town Hall game plays none of the cards Town Hall leaves out."""
    if game.get("mode") != TOWN_HALL:
        return []
    return [problem("not-in-town-hall", value=card) for card in game["buildings"] if card in TOWN_HALL_EXCLUDED]


def chest_size(squares: list) -> int:
    """Return how many coins a town's chest holds: 5 with a monument that adds a place, else 4."""
    # Each monument looked for among the squares, where each square looked up among the monuments cost four times
    # as much under MicroPython (a square may hold anything a game file gives: `in` on the list compares, never hashes).
    for monument in BIG_CHEST_MONUMENTS:
        if monument in squares:
            return BIG_CHEST
    return CHEST


def _entered(squares: list) -> bool:
    """Tell whether a town is entered at all: a town with no building yet (a game just set up) has no
    coins or seed to score, and is not asked for them until it has one."""
    return squares.count(None) < len(squares)


def _check_seed(game: dict, player: dict, p: int, squares: list) -> list:
    """Check the square of a player's seed: given in a game with Tiny Trees, only then; needed once the town is entered."""
    seed = player.get("seed")
    needed = game.get("tiny_trees") is True
    if seed is None:
        return [problem("seed-missing", p)] if needed and _entered(squares) else []
    if not needed:
        return [problem("seed-not-needed", p)]
    if not is_seed(seed):
        return [problem("seed-out-of-range", p, value=seed if type(seed) is str else None)]
    return []


def expansion_problems(game: dict, player: dict, p: int, squares: list, standing) -> list:
    """Check a player's coins, Hollow Hill's swaps and seed; standing is the monument built in the town."""
    in_play = game.get("coins") is True
    coins = player.get("coins")
    if coins is None and not _entered(squares):
        found = []
    else:
        # The chest's size bounds the coins given; with none given (only "missing" can be found) its size is not
        # worked out, and the plain chest stands in.
        found = check_count(player, p, "coins", 0, CHEST if coins is None else chest_size(squares), in_play)
    # Hollow Hill's swaps follow what stands in the town, as the Shrine's count does; its owner may
    # give them before it is built, as the Starloom's owner may give their place.
    owner = player.get("monument") == HOLLOW_HILL and player.get("hollow_hill_swaps") is not None
    found.extend(check_count(player, p, "hollow_hill_swaps", 0, MAX_SWAPS, standing == HOLLOW_HILL or owner))
    found.extend(_check_seed(game, player, p, squares))
    return found
