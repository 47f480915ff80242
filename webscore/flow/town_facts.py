"""What a town step asks besides its squares, by what the game plays and what the town holds: the facts it
needs (the turns as Master Builder, a monument's, the expansions' coins, Hollow Hill's swaps and the seed) and
the monuments its player may choose.

A fact the town does not need is left out of the player's record (read() in town_fields.py), as the core
would refuse it; the form keeps it for a change of mind.
"""

from ..scoring.cards import ALL_MONUMENTS
from ..scoring.cards import BIG_CHEST
from ..scoring.cards import FORTUNE_MONUMENTS
from ..scoring.cards import HOLLOW_HILL
from ..scoring.cards import SOLO_EXCLUDED
from ..scoring.cards import TOWN_HALL_EXCLUDED
from ..scoring.expansions import deals_fortune_monuments
from ..scoring.game import MASTER_BUILDER
from ..scoring.game import SOLO
from ..scoring.game import TOWN_HALL
from ..scoring.validate import MONUMENT_FACTS
from .fields import SPACES

COINS = "coins"
SWAPS = "hollow_hill_swaps"
SEED = "seed"
# The most coins a form offers: a chest with a fifth place (the core checks 4 where no monument adds it).
FORM_CHEST = BIG_CHEST


def _given(value) -> bool:
    return value is not None and str(value).strip(SPACES) != ""


def needs(game: dict, player: dict, squares: list, fact: str, value) -> bool:
    """Tell whether a town (its squares, player holding the monument chosen) takes a fact, given as value.

    Coins and the seed, in a game that plays them, once the town has a building or when given (a town just set
    up is not asked them); Hollow Hill's swaps once it stands in the town, or given by its owner before; a
    monument's fact once it stands there; the turns as Master Builder in that mode.
    """
    built = next((card for card in squares if card in ALL_MONUMENTS), None)
    if fact == "master_builder_turns":
        return game["mode"] == MASTER_BUILDER
    if fact in (COINS, SEED):
        flag = COINS if fact == COINS else "tiny_trees"
        return game.get(flag) is True and (any(squares) or _given(value))
    if fact == SWAPS:
        return built == HOLLOW_HILL or (player.get("monument") == HOLLOW_HILL and _given(value))
    return MONUMENT_FACTS.get(built) == fact


def asked_fact(player: dict):
    """Return the fact the player's monument needs (a game-file key), or None."""
    monument = player.get("monument")
    return SWAPS if monument == HOLLOW_HILL else MONUMENT_FACTS.get(monument)


def expansion_facts(game: dict) -> list:
    """Return the expansions' facts every town of this game is asked: its coins, its seed."""
    return [fact for fact, flag in ((COINS, COINS), (SEED, "tiny_trees")) if game.get(flag) is True]


def monument_offers(game: dict) -> list:
    """Return the monuments a player of this game may choose on the town step, sorted (none when played without):
    the base game's, and Fortune's when the game deals them (or a player holds one), less those its mode leaves out."""
    if not game["monuments"]:
        return []
    cards = ALL_MONUMENTS if deals_fortune_monuments(game) else [m for m in ALL_MONUMENTS if m not in FORTUNE_MONUMENTS]
    left_out = SOLO_EXCLUDED if game["mode"] == SOLO else TOWN_HALL_EXCLUDED if game["mode"] == TOWN_HALL else ()
    return sorted(m for m in cards if m not in left_out)
