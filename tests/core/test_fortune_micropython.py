"""Fortune's cards, coins and Tiny Trees score alike under MicroPython (in Node) and CPython."""

import json
import random

import pytest

from support.fortune_cases import FORTUNE_BUILDING_CASES as CASES
from support.fortune_games import fortune_game
from support.towns import game
from support.towns import player
from support.towns import town
from webscore.scoring import score_json
from webscore.scoring import score_town_json

EMPTY = ". . . ."


def coins_game(rows: tuple, coins: int, seed=None) -> dict:
    """Return a game of one town with coins (and a seed), scored beside an empty rival."""
    facts = {"coins": coins}
    if seed:
        facts["seed"] = seed
    return game(player(town(*rows), **facts), coins=True, tiny_trees=seed is not None)


GOLDEN = [game(player(town(*case[1]))) for case in CASES]
GOLDEN += [
    coins_game(("cottage cottage cottage root-cellar", EMPTY, EMPTY, EMPTY), 2),
    coins_game(("root-cellar cottage . .", "cottage temple cottage .", EMPTY, "grand-mausoleum-of-the-rodina . . ."), 1),
    coins_game(("cottage tithe-barn cottage .", EMPTY, "cottage . cottage .", ". cottage . ."), 4),
    coins_game(("barrett-castle . . tithe-barn", "cottage . . .", EMPTY, EMPTY), 1),
    coins_game(("cottage estival-festival schoolhouse cottage", "root-cellar root-cellar cottage schoolhouse",
                "cottage cottage cottage cottage", "schoolhouse cottage cottage cottage"), 5),
    coins_game(("temple cottage temple cottage", "cottage cottage cottage cottage", "cottage schoolhouse cottage cottage",
                "root-cellar grand-mausoleum-of-the-rodina cottage temple"), 3),
    coins_game(("cottage cottage cottage temple", "barrett-castle schoolhouse cottage cottage",
                "cottage cottage cottage cottage", "cottage schoolhouse schoolhouse tithe-barn"), 2),
    coins_game(("eraflage-vineyard cottage cottage root-cellar", "cottage parsonage . .", EMPTY, EMPTY), 4),
    coins_game(("cottage cottage cottage cottage",) * 3 + ("cottage . cottage cathedral-of-caterina",), 0, seed="b4"),
    # Ten cards needing a fed Cottage: more than needy_cards.LISTED_CARDS.
    game(player(town("cottage schoolhouse cottage schoolhouse", "schoolhouse parsonage schoolhouse cottage",
                     "cottage schoolhouse parsonage schoolhouse", "schoolhouse cottage schoolhouse farm"))),
    coins_game(("hollow-hill cottage . .", EMPTY, EMPTY, EMPTY), 2),
]
GOLDEN[-1]["players"][0].update(hollow_hill_swaps=4)
GOLDEN += [fortune_game(random.Random(seed)) for seed in range(40)]
# Every red building of Fortune, and the Farm, with Fortune's needy cards and coins.
GOLDEN += [fortune_game(random.Random(seed), count=2, red=red) for seed in range(8)
           for red in ("root-cellar", "tithe-barn", "farm", "greenhouse")]
# Mistakes the expansions' keys can hold.
MISTAKES = [coins_game(("cottage . . .", EMPTY, EMPTY, EMPTY), 7), coins_game(("cottage . . .", EMPTY, EMPTY, EMPTY), 1)]
MISTAKES[1]["coins"] = "yes"
MISTAKES.append(dict(coins_game(("cottage . . .", EMPTY, EMPTY, EMPTY), 1, seed="z9"), tiny_trees=True))


def cpython(text: str) -> dict:
    return json.loads(score_json(text))


def test_the_golden_games_are_scored_and_the_mistakes_named():
    assert all("result" in cpython(json.dumps(played)) for played in GOLDEN)
    assert all("problems" in cpython(json.dumps(played)) for played in MISTAKES)
    spent = [player["coins"]["spent"] for played in GOLDEN for player in cpython(json.dumps(played))["result"]["players"]
             if "coins" in player]
    assert sum(1 for coins in spent if coins) > 20


@pytest.mark.parametrize("number", range(len(GOLDEN + MISTAKES)))
def test_golden_games_are_identical(micropython_core, number):
    text = json.dumps((GOLDEN + MISTAKES)[number])
    answer = micropython_core.score_json(text)
    assert answer == cpython(text)
    if "code" in answer:
        # The game read back from its code scores the same too.
        assert micropython_core.score_code_json(answer["code"])["result"] == answer["result"]


@pytest.mark.parametrize("number", range(0, len(GOLDEN), 7))
def test_the_live_score_of_each_town_is_identical(micropython_core, number):
    text = json.dumps(GOLDEN[number])
    for n in range(len(GOLDEN[number]["players"])):
        assert micropython_core.score_town_json(text, n) == json.loads(score_town_json(text, n))
