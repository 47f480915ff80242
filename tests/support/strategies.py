"""Hypothesis strategies for random valid game files."""

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from webscore.scoring.cards import CARD_COLOURS
from webscore.scoring.cards import MAX_BANKS
from webscore.scoring.cards import MONUMENTS
from webscore.scoring.cards import SOLO_EXCLUDED
from webscore.scoring.cards import cards_of_colour
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
