"""Seeded random valid games with Fortune's cards, coins and Tiny Trees, crowded with what feeding reckons with."""

import random

from webscore.scoring.board import TownView
from webscore.scoring.cards import ALL_MONUMENTS
from webscore.scoring.cards import BIG_CHEST_MONUMENTS
from webscore.scoring.cards import CARD_COLOURS
from webscore.scoring.cards import MAX_BANKS
from webscore.scoring.cards import cards_of_colour
from webscore.scoring.town import NAMES

# What a crowded town holds beside its game's buildings: feedable and needy cards come often.
CROWD = ("cottage", "cottage", "cottage", "red", "orange", "green", None)


def fortune_buildings(rng: random.Random, red=None) -> list:
    """Return the seven buildings of a game dealt from the piles with Fortune (red: the red card, if given)."""
    chosen = ["cottage"]
    for colour in CARD_COLOURS:
        chosen.append(red if colour == "red" and red else rng.choice(cards_of_colour(colour, fortune=True)))
    return chosen


def fortune_town(rng: random.Random, buildings: list, monument) -> list:
    """Return 16 squares of one town of this game, crowded, with its owner's monument maybe built."""
    by_colour = {"red": buildings[1], "orange": buildings[3], "green": buildings[4]}
    squares = []
    for _ in range(16):
        pick = rng.choice(CROWD + tuple(buildings))
        squares.append(by_colour.get(pick, pick))
    banks = [i for i in range(16) if squares[i] == "bank"]
    for i in banks[MAX_BANKS:]:
        squares[i] = None
    if monument is not None and rng.random() < 0.8:
        squares[rng.randrange(16)] = monument
    return squares


def fortune_game(rng: random.Random, count=None, red=None) -> dict:
    """Return a valid Master Builder game of 2 to 4 players (count, if given) with Fortune's cards, coins and trees."""
    buildings = fortune_buildings(rng, red)
    monuments = rng.sample(sorted(ALL_MONUMENTS), 4)
    tiny_trees = rng.random() < 0.5
    players = []
    for p in range(count or rng.randint(2, 4)):
        squares = fortune_town(rng, buildings, monuments[p])
        player = {"name": "P{}".format(p), "monument": monuments[p], "town": [squares[r * 4:r * 4 + 4] for r in range(4)],
                  "coins": rng.randint(0, 5 if any(card in BIG_CHEST_MONUMENTS for card in squares) else 4)}
        player["stored"] = {NAMES[i]: rng.randint(0, 3) for i in range(16) if squares[i] == "warehouse"}
        if "shrine-of-the-elder-tree" in squares:
            player["shrine_buildings"] = rng.randint(1, sum(1 for card in squares if card))
        if "the-starloom" in squares:
            player["completed_before"] = rng.randint(0, count - 1 if count else 1)
        if monuments[p] == "hollow-hill":
            player["hollow_hill_swaps"] = rng.randint(0, 5)
        if tiny_trees:
            player["seed"] = rng.choice(NAMES)
        players.append(player)
    played = {"mode": "master-builder", "monuments": True, "cavern": False, "buildings": buildings,
              "players": players, "coins": True}
    if tiny_trees:
        played["tiny_trees"] = True
    return played


def small_town(rng: random.Random, feeders: tuple, most_feedable: int = 7) -> TownView:
    """Return a town view crowded with these feeders, needy cards and at most `most_feedable` feedable squares.

    No game deals two red buildings, but the search must not care: any feeders may share a town.
    """
    crowd = ["cottage"] * rng.randint(1, 6) + ["temple", "parsonage", "schoolhouse", "chapel", None, None, "well"]
    crowd += list(feeders)
    squares = [rng.choice(crowd) for _ in range(16)]
    monument = rng.choice((None, "eraflage-vineyard", "barrett-castle", "grand-mausoleum-of-the-rodina",
                           "estival-festival"))
    if monument:
        squares[rng.randrange(16)] = monument
    feedable = [i for i in range(16) if squares[i] in ("cottage", "barrett-castle", "eraflage-vineyard")]
    while len(feedable) > most_feedable:
        squares[feedable.pop()] = None
    return TownView(squares, sorted({card for card in squares if card}), coins=rng.randint(0, 5),
                    right_coins=rng.randint(0, 5))


def line_town(rng: random.Random) -> TownView:
    """Return a town view that only a Root Cellar's lines feed, crowded with needy cards: 2 to 5 coins, at most 8
    Cottages (or a Barrett Castle), Temples, Schoolhouses and a Parsonage around them, sometimes a monument that
    makes a fed Cottage worth no more than an unfed one (so the lines are bought for the needy cards alone)."""
    crowd = ["cottage"] * 6 + ["temple"] * 3 + ["schoolhouse"] * 2 + ["parsonage", None]
    squares = [rng.choice(crowd) for _ in range(16)]
    squares[rng.randrange(16)] = "root-cellar"
    monument = rng.choice((None, "grand-mausoleum-of-the-rodina", "barrett-castle", "estival-festival"))
    if monument:
        squares[rng.choice([i for i in range(16) if squares[i] != "root-cellar"])] = monument
    feedable = [i for i in range(16) if squares[i] in ("cottage", "barrett-castle")]
    rng.shuffle(feedable)
    while len(feedable) > 8:
        squares[feedable.pop()] = None
    return TownView(squares, sorted({card for card in squares if card}), coins=rng.randint(2, 5),
                    right_coins=rng.randint(0, 5))
