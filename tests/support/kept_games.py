"""Twelve games kept on a phone, among five players, for the statistics page: built from the four towns of
games/four-players.json, seated and dealt differently each time, one spelt "Bó" where the others say "Bo"."""

import copy

from support import examples
from webscore.scoring import encode

HOUR = 60 * 60 * 1000
DAY = 24 * HOUR
PLAYERS = ("Ana", "Bo", "Cyrille", "Dóra", "Emese")
TOWN_HALL = (4, 9)
SOLO = 10
# The game whose "Bo" is written "Bó": two spellings of one person, to merge.
ACCENTED = 11


def games() -> list:
    """Return the twelve game files, oldest first."""
    towns = examples.load("four-players")["players"]
    made = []
    for k in range(12):
        names = [PLAYERS[(k + i) % 5] for i in range(4)]
        players = []
        for i, name in enumerate(names):
            player = copy.deepcopy(towns[(i + k) % 4])
            player["name"] = "Bó" if name == "Bo" and k == ACCENTED else name
            players.append(player)
        game = copy.deepcopy(examples.load("four-players"))
        game["players"] = players
        if k in TOWN_HALL:
            game["mode"] = "town-hall"
            for player in players:
                player.pop("master_builder_turns", None)
        if k == SOLO:
            game["mode"] = "solo"
            game["players"] = players[:1]
            game["players"][0].pop("master_builder_turns", None)
        made.append(game)
    return made


def kept(now: int) -> list:
    """Return the games as the phone keeps them ({"code", "when"}), one every 3 days, the first 36 days less an hour
    before now: the hour keeps the third game in the last 30 days while the page opens."""
    return [{"code": encode(game), "when": now - (36 - 3 * k) * DAY + HOUR} for k, game in enumerate(games())]


def many(count: int, now: int) -> list:
    """Return count different games as the phone keeps them, the four-player Master Builder games of games()
    with each player's turns as Master Builder changed, the last finished an eighth of a day before now."""
    base = [game for game in games() if len(game["players"]) == 4 and game["mode"] == "master-builder"]
    made = []
    for n in range(count):
        game = copy.deepcopy(base[n % len(base)])
        for p, player in enumerate(game["players"]):
            player["master_builder_turns"] = 1 + (n // len(base) // 9 ** p) % 9
        made.append({"code": encode(game), "when": now - (count - n) * DAY // 8})
    assert len({g["code"] for g in made}) == count
    return made
