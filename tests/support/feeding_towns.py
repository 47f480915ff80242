"""Seeded random towns crowded with what makes feeding a choice: Cottages, Temples, Chapels, feeders."""

import random

from webscore.scoring.board import TownView
from webscore.scoring.cards import MAX_BANKS

REDS = ("farm", "greenhouse", "granary", "orchard")
ORANGES = ("temple", "chapel", "abbey")
MONUMENTS = (None, None, "barrett-castle", "grand-mausoleum-of-the-rodina")
WORST = ("temple cottage temple cottage", "cottage cottage cottage cottage", "cottage temple cottage temple",
         "farm cottage farm cottage")


def feeding_town(rng: random.Random) -> TownView:
    """Return one random town view of a valid game: one card per colour, at most one monument."""
    red = rng.choice(REDS)
    orange = rng.choice(ORANGES)
    buildings = ("cottage", red, "well", orange, "tavern", "theater", "bank")
    crowd = ["cottage"] * rng.randint(3, 8) + [red] * rng.randint(1, 3) + [orange] * rng.randint(1, 4)
    crowd += [None, "well", "bank"]
    squares = [rng.choice(crowd) for _ in range(16)]
    banks = [i for i in range(16) if squares[i] == "bank"]
    for i in banks[MAX_BANKS:]:
        squares[i] = None
    monument = rng.choice(MONUMENTS)
    if monument is not None:
        squares[rng.randrange(16)] = monument
    return TownView(squares, buildings)


def feeding_towns(seed: int, count: int) -> list:
    """Return count random town views drawn from one seed, the same on every run."""
    rng = random.Random(seed)
    return [feeding_town(rng) for _ in range(count)]


def town_from_rows(*rows: str) -> TownView:
    """Return the town view of four row strings such as "cottage farm . well"."""
    squares = [None if word == "." else word for row in rows for word in row.split()]
    buildings = tuple(sorted({card for card in squares if card is not None}))
    return TownView(squares, buildings)


def evaluations(choose, counter: list, town) -> tuple:
    """Return (the feeding chosen, the fed squares, the choices scored) of one search of a town."""
    before = counter[0]
    chosen = choose(town)
    return chosen, town.fed, counter[0] - before


def same_as_full_search(town) -> tuple:
    """Search a town's feeding both ways, check they choose alike; return (the feeding, each search's count).

    The counts are the full search's, then the search's that skips what cannot win.
    """
    from webscore.scoring import feeding

    from . import feeding_before

    old, old_fed, old_count = evaluations(feeding_before.choose_feeding, feeding_before.EVALUATIONS, town)
    new, new_fed, new_count = evaluations(feeding.choose_feeding, feeding.EVALUATIONS, town)
    assert (new, new_fed) == (old, old_fed), town.squares
    return new, old_count, new_count
