"""Seeded random towns crowded with what makes feeding a choice: Cottages, Temples, Chapels, feeders."""

import random

from webscore.scoring.board import TownView
from webscore.scoring.cards import MAX_BANKS

REDS = ("farm", "greenhouse", "granary", "orchard")
ORANGES = ("temple", "chapel", "abbey")
# The monuments feeding reckons with: Barrett Castle is fed like a Cottage, the Grand Mausoleum makes an unfed one worth 3.
FEEDING_MONUMENTS = ("barrett-castle", "grand-mausoleum-of-the-rodina")
MONUMENTS = (None, None) + FEEDING_MONUMENTS
# What else stands in a mixed town (None an empty square).
MIXED_OTHERS = ("temple", "chapel", "abbey", "well", "tavern", "theater", "bank", "shed", "fountain", None)
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


def mixed_town(rng: random.Random, feeders: tuple) -> list:
    """Return 16 squares crowded with Cottages, Temples, Chapels and these feeders, maybe a monument or two."""
    crowd = ["cottage"] * rng.randint(2, 10) + ["temple"] * rng.randint(0, 5) + ["chapel"] * rng.randint(0, 3)
    for feeder in feeders:
        crowd += [feeder] * rng.randint(1, 4)
    for other in rng.sample(MIXED_OTHERS, 3):
        crowd += [other] * rng.randint(0, 3)
    squares = [rng.choice(crowd) for _ in range(16)]
    for _ in range(rng.choice((0, 0, 1, 1, 2))):
        squares[rng.randrange(16)] = rng.choice(FEEDING_MONUMENTS)
    return squares


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
