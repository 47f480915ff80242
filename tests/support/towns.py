"""Compact notation for towns in tests: one string per row, card ids separated by spaces, "." empty."""

from webscore.scoring import score
from webscore.scoring.cards import ALL_BUILDINGS
from webscore.scoring.cards import ALL_MONUMENTS
from webscore.scoring.cards import CARD_COLOURS
from webscore.scoring.cards import SOLO_EXCLUDED
from webscore.scoring.cards import colour_of

# The card a test game deals for each colour its town does not show.
DEFAULT_OF_COLOUR = {"red": "farm", "grey": "well", "orange": "chapel", "green": "tavern",
                     "yellow": "theater", "navy": "factory"}


def town(*rows: str) -> list:
    """Return a game-file town from four row strings such as "cottage farm . well"."""
    assert len(rows) == 4, rows
    parsed = []
    for row in rows:
        squares = [None if word == "." else word.lower() for word in row.split()]
        assert len(squares) == 4, row
        for card in squares:
            assert card is None or card in ALL_BUILDINGS or card in ALL_MONUMENTS, card
        parsed.append(squares)
    return parsed


def buildings_for(*towns: list, extra=()) -> list:
    """Return the seven buildings of a game holding these towns: theirs, then a default per colour."""
    chosen = {"cottage"}
    for rows in towns:
        chosen.update(card for row in rows for card in row if card in ALL_BUILDINGS)
    chosen.update(extra)
    for colour in CARD_COLOURS:
        if not any(colour_of(card) == colour for card in chosen):
            chosen.add(DEFAULT_OF_COLOUR[colour])
    return sorted(chosen)


def player(rows: list, name="Ana", **facts) -> dict:
    """Return a game-file player with its town's monument filled in."""
    monuments = [card for row in rows for card in row if card in ALL_MONUMENTS]
    record = {"name": name, "monument": monuments[0] if monuments else None, "town": rows}
    record.update(facts)
    return record


def game(*players: dict, mode=None, buildings=None, monuments=True, coins=False, tiny_trees=False) -> dict:
    """Return a game file for these players: Solo for one player when its cards allow, else Master Builder.

    coins, tiny_trees: the game plays with them (each player then gives their coins, or their seed).
    """
    buildings = buildings or buildings_for(*(p["town"] for p in players))
    players = list(players)
    if mode is None:
        used = set(buildings) | {p.get("monument") for p in players}
        mode = "solo" if len(players) == 1 and not used & SOLO_EXCLUDED else "master-builder"
        if mode != "solo" and len(players) == 1:
            # One player plays Solo; a card Solo leaves out is scored beside a rival with an empty town.
            players.append({"name": "Rival", "monument": None, "town": [[None] * 4 for _ in range(4)]})
            players[-1].update(({"coins": 0} if coins else {}), **({"seed": "a1"} if tiny_trees else {}))
    played = {
        "mode": mode,
        "monuments": monuments,
        "cavern": False,
        "buildings": buildings,
        "players": players,
    }
    played.update(({"coins": True} if coins else {}), **({"tiny_trees": True} if tiny_trees else {}))
    return played


def score_town(*rows: str, coins=None, seed=None, **facts) -> dict:
    """Score one town alone (see game: Solo, or beside an empty rival) and return its result.

    coins, seed: the player's, in a game played with coins, or with Tiny Trees.
    """
    if coins is not None:
        facts["coins"] = coins
    if seed is not None:
        facts["seed"] = seed
    return score(game(player(town(*rows), **facts), coins=coins is not None, tiny_trees=seed is not None))["players"][0]


def points(result: dict, square: str) -> int:
    """Return a square's points in a player's result."""
    return next(s["points"] for s in result["squares"] if s["square"] == square)


def reason(result: dict, square: str) -> tuple:
    """Return a square's (reason, n) in a player's result."""
    found = next(s for s in result["squares"] if s["square"] == square)
    return found["reason"], found["n"]
