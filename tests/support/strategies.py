"""Hypothesis strategies for random valid game files."""

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from webscore.scoring.cards import CARD_COLOURS
from webscore.scoring.cards import MAX_BANKS
from webscore.scoring.cards import MONUMENTS
from webscore.scoring.cards import SOLO_EXCLUDED
from webscore.scoring.cards import cards_of_colour
from webscore.scoring.expansions import EXPANSION_FLAGS
from webscore.scoring.expansions import NO_SEED
from webscore.scoring.town import NAMES

SHRINE = "shrine-of-the-elder-tree"
STARLOOM = "the-starloom"


@st.composite
def towns(draw, buildings, monument):
    """Draw a 4×4 town of this game's buildings, with the player's monument at most once."""
    choices = [None] + list(buildings)
    squares = draw(st.lists(st.sampled_from(choices), min_size=16, max_size=16))
    banks = [i for i in range(16) if squares[i] == "bank"]
    for i in banks[MAX_BANKS:]:
        squares[i] = None
    if monument is not None and draw(st.booleans()):
        squares[draw(st.integers(0, 15))] = monument
    return [squares[r * 4:r * 4 + 4] for r in range(4)]


@st.composite
def games(draw, modes=("master-builder", "town-hall", "solo")):
    """Draw a complete, valid game file."""
    mode = draw(st.sampled_from(modes))
    excluded = SOLO_EXCLUDED if mode == "solo" else frozenset()
    buildings = ["cottage"] + [
        draw(st.sampled_from([c for c in cards_of_colour(colour) if c not in excluded]))
        for colour in CARD_COLOURS
    ]
    with_monuments = draw(st.booleans())
    count = 1 if mode == "solo" else draw(st.integers(2, 6))
    monuments = sorted(m for m in MONUMENTS if m not in excluded)
    owned = draw(st.lists(st.sampled_from(monuments), min_size=count, max_size=count, unique=True))
    players = []
    for p in range(count):
        monument = owned[p] if with_monuments and draw(st.booleans()) else None
        town = draw(towns(buildings, monument))
        squares = [card for row in town for card in row]
        player = {"name": "P" + str(p), "monument": monument, "town": town}
        warehouses = [NAMES[i] for i in range(16) if squares[i] == "warehouse"]
        if warehouses:
            player["stored"] = {name: draw(st.integers(0, 3)) for name in warehouses}
        if mode == "master-builder" and draw(st.booleans()):
            player["master_builder_turns"] = draw(st.integers(0, 12))
        if SHRINE in squares:
            player["shrine_buildings"] = draw(st.integers(1, sum(1 for c in squares if c is not None)))
        if STARLOOM in squares:
            player["completed_before"] = draw(st.integers(0, count - 1))
        players.append(player)
    return {"mode": mode, "monuments": with_monuments, "cavern": draw(st.booleans()),
            "buildings": buildings, "players": players}


def same_random_games(count: int) -> list:
    """Return `count` random valid games, the same ones on every run of one version of Hypothesis."""
    drawn = []

    @settings(derandomize=True, database=None, max_examples=count, deadline=None)
    @given(games())
    def keep(game):
        drawn.append(game)

    keep()
    return drawn


def normalized(game: dict) -> dict:
    """Return a game file as decode() gives it back: every key present, buildings in canonical order.

    The expansions' keys are there only where the game uses them: coins and Tiny Trees when on, a player's
    coins in a game with coins, Hollow Hill's swaps where it is the player's monument, the seed with Tiny Trees.
    """
    from webscore.scoring.code import buildings_in_order

    players = []
    for player in game["players"]:
        squares = [card for row in player["town"] for card in row]
        stored = player.get("stored") or {}
        kept = {
            "name": player["name"], "monument": player.get("monument"), "town": player["town"],
            "master_builder_turns": player.get("master_builder_turns"),
            "shrine_buildings": player.get("shrine_buildings"),
            "completed_before": player.get("completed_before"),
            "stored": {NAMES[i]: stored.get(NAMES[i], 0) for i in range(16) if squares[i] == "warehouse"},
        }
        used = {"coins": game.get("coins"), "hollow_hill_swaps": player.get("monument") == "hollow-hill",
                "seed": game.get("tiny_trees")}
        kept.update((key, player.get(key)) for key in used if used[key])
        players.append(kept)
    flags = {key: True for key in EXPANSION_FLAGS if game.get(key)}
    base = {key: value for key, value in game.items() if key not in EXPANSION_FLAGS}
    return dict(base, buildings=buildings_in_order(game["buildings"]), players=players, **flags)


@st.composite
def games_with_expansions(draw):
    """Draw a game as a code carries it, with any of Fortune's cards and monuments, coins and Tiny Trees.

    Not every one is a valid game (a code is read before the game is checked): each card and fact is in
    range and in its place, which is all a code needs.
    """
    from webscore.scoring.card_numbers import CARDS_BY_NUMBER
    from webscore.scoring.card_numbers import MONUMENTS_BY_NUMBER

    game = draw(games())
    game["buildings"] = ["cottage"] + [draw(st.sampled_from(CARDS_BY_NUMBER[colour])) for colour in CARD_COLOURS]
    for flag in EXPANSION_FLAGS:
        if draw(st.booleans()):
            game[flag] = True
    monuments = draw(st.lists(st.sampled_from(MONUMENTS_BY_NUMBER), min_size=len(game["players"]),
                              max_size=len(game["players"]), unique=True))
    for player, monument in zip(game["players"], monuments):
        player["monument"] = monument if game["monuments"] else None
        player["town"] = draw(towns(game["buildings"], player["monument"]))
        squares = [card for row in player["town"] for card in row]
        player["stored"] = {NAMES[i]: draw(st.integers(0, 3)) for i in range(16) if squares[i] == "warehouse"}
        for fact, needed in (("shrine_buildings", SHRINE), ("completed_before", STARLOOM)):
            player[fact] = draw(st.integers(0, 16)) if needed in squares else None
        if game.get("coins"):
            player["coins"] = draw(st.none() | st.integers(0, 5))
        if player["monument"] == "hollow-hill":
            player["hollow_hill_swaps"] = draw(st.none() | st.integers(0, 99))
        if game.get("tiny_trees"):
            player["seed"] = draw(st.none() | st.sampled_from(NAMES + (NO_SEED,)))
    return game
