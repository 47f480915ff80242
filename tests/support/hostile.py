"""Hostile input, one kind per strategy: what an outside probe sends, and the largest valid games."""

from hypothesis import strategies as st

from webscore.scoring.names import MAX_NAME
from webscore.scoring.validate import MAX_PLAYERS

# Characters that change how the text around them is shown: overrides, isolates, marks, zero-width.
BIDI_AND_INVISIBLE = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069",
                      "\u200e", "\u200f", "\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad", "\u061c"]
# Digits str.isdigit() accepts and int() refuses, and digits of other scripts that int() reads.
OTHER_DIGITS = ["\u00b2", "\u00b3", "\u00b9", "\u2460", "\u0663", "\u0967", "\uff11", "\U0001d7d9"]
# One name of MAX_NAME characters per script, each as many UTF-8 bytes as that script takes.
LARGEST_NAMES = {
    "latin": ("Ődönné Ágnes Éva Ürömi" + "ő" * MAX_NAME)[:MAX_NAME],
    "emoji": "\U0001f600\U0001f3f0\U0001f3e1\U0001f33e" * (MAX_NAME // 4),
    "cjk": "山田花子" * (MAX_NAME // 4),
}
# Keys that are url_for arguments, or values a page takes from its own address.
URL_FOR_KEYS = ["_method", "_external", "_scheme", "_anchor", "endpoint", "values", "lang", "code", "n",
                "filename", "name"]

json_leaves = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), st.text(max_size=8),
                        st.sampled_from(["cottage", "bank", "the-starloom", "a1", "warehouse"]))
json_values = st.recursive(json_leaves, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=8), inner, max_size=5)), max_leaves=20)


@st.composite
def hostile_names(draw):
    """Draw a name holding one bidirectional, zero-width or other invisible character, or a lone surrogate."""
    hidden = draw(st.sampled_from(BIDI_AND_INVISIBLE + ["\ud800", "\udfff", "\U000e0041"]))
    before = draw(st.text(alphabet="Evé山😀 ", max_size=10))
    after = draw(st.sampled_from(["", "17", "71 —", "Bo"]))
    return before + hidden + after


def largest_game(name: str, players: int = MAX_PLAYERS) -> dict:
    """Return the game whose code is the longest: every player's name full, 16 loaded Warehouses, 999 turns,
    coins and a seed each (coins and Tiny Trees in play), and the first with Hollow Hill's swaps (not built)."""
    town = [["warehouse"] * 4 for _ in range(4)]
    stored = {column + str(row): 3 for column in "abcd" for row in range(1, 5)}
    game = {
        "mode": "master-builder", "monuments": True, "cavern": True, "coins": True, "tiny_trees": True,
        "buildings": ["cottage", "farm", "well", "chapel", "tavern", "theater", "warehouse"],
        "players": [{"name": name, "monument": None, "town": town, "stored": stored, "master_builder_turns": 999,
                     "coins": 4, "seed": "d4"} for _ in range(players)],
    }
    game["players"][0].update(monument="hollow-hill", hollow_hill_swaps=99)
    return game


@st.composite
def hostile_games(draw, base: dict):
    """Draw a game file with one slot (a flag, a card, a square, a name, a count) replaced by any JSON value."""
    import copy

    game = copy.deepcopy(base)
    player = game["players"][0]
    slot = draw(st.sampled_from(["mode", "monuments", "buildings", "players", "player", "name", "monument",
                                 "town", "row", "square", "stored", "load", "master_builder_turns",
                                 "completed_before", "extra"]))
    value = draw(json_values)
    if slot in ("mode", "monuments", "buildings", "players"):
        game[slot] = value
    elif slot == "player":
        game["players"][0] = value
    elif slot in ("name", "monument", "town", "stored", "master_builder_turns", "completed_before"):
        player[slot] = value
    elif slot == "row":
        player["town"][draw(st.integers(0, 3))] = value
    elif slot == "square":
        player["town"][draw(st.integers(0, 3))][draw(st.integers(0, 3))] = value
    elif slot == "load":
        player["stored"] = {draw(st.sampled_from(["a1", "b2", "zz", ""])): value}
    else:
        player[draw(st.text(max_size=6))] = value
    return game
