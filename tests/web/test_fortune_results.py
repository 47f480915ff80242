"""A Fortune or Tiny Trees game's result says what coins did and where the tree grew: coins as their own row
of the score pad, the coins spent on feeding and those left, the line or pair a coin bought on each square it
fed, the tree on its square, in every language, and the pad's rows add up to the total."""

import random
import re

import pytest
from flask import g
from flask_babel import force_locale

from support.fortune_games import fortune_game
from support.towns import town
from support.webflow import text_of
from support.whole_box import GAME as WHOLE_BOX
from webscore.flow import result_view
from webscore.languages import LANGUAGES
from webscore.languages import TRANSLATED
from webscore.scoring import encode
from webscore.scoring import problems
from webscore.scoring import score
from webscore.web.results import picture

BUILDINGS = ["cottage", "root-cellar", "well", "chapel", "tavern", "theater", "factory"]


def cellar_game() -> dict:
    """Léa's Root Cellar feeds row 1 for a coin; Noé has no coin to spend; Ödön's seed grows into a tree."""
    towns = [town("cottage cottage well .", "root-cellar chapel . .", ". . tavern .", ". . . theater"),
             town("cottage cottage well .", "root-cellar . . .", ". . . .", ". . . ."),
             town("cottage well well well", "well well well well", "well well . well", "well well well well")]
    players = [{"name": name, "monument": None, "town": rows, "coins": coins, "seed": seed}
               for name, rows, coins, seed in zip(("Léa", "Noé", "Ödön"), towns, (3, 0, 1), ("d4", "d4", "c3"))]
    return {"mode": "town-hall", "monuments": False, "cavern": False, "coins": True, "tiny_trees": True,
            "buildings": BUILDINGS, "players": players}


def page(client, lang: str, game: dict) -> str:
    assert problems(game) == []
    answer = client.get("/{}/r/{}".format(lang, encode(game)))
    assert answer.status_code == 200
    return answer.get_data(as_text=True)


def pad_rows(html: str) -> dict:
    """Return the score pad's rows as {row head: [cells]}, the totals under "Total"."""
    pad = html[html.index('<table class="pad">'):html.index("</table>")]
    rows = {}
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", pad, re.S):
        head = text_of(re.search(r"<th[^>]*>(.*?)</th>", row, re.S).group(1))
        rows[head] = [text_of(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
    return rows


def test_coins_are_a_row_of_the_pad_and_the_rows_add_up_to_the_totals(client):
    rows = pad_rows(page(client, "en", cellar_game()))
    # Léa: 3 coins, 1 spent on row 1 → 2 left, 2 points. Noé: none. Ödön: 1 kept, 1 point.
    assert rows["Coins"] == ["2", "0", "1"]
    totals = [int(cell.replace("−", "-")) for cell in rows.pop("Total")]
    rows.pop("Colour")
    assert [sum(int(rows[head][p].replace("−", "-")) for head in rows) for p in range(3)] == totals
    assert totals == [player["total"] for player in score(cellar_game())["players"]]


def test_a_game_without_coins_has_no_coins_row(client):
    game = cellar_game()
    del game["coins"]
    for player in game["players"]:
        del player["coins"]
    assert "coins" not in pad_rows(page(client, "en", game))


def test_each_square_a_coin_fed_names_its_line_and_the_town_says_its_coins(client):
    text = text_of(page(client, "en", cellar_game()))
    # Léa's Root Cellar: one coin feeds row 1, both Cottages of it (3 each); 2 coins left score 1 each.
    assert "b1 Cottage (blue) : 3 — fed by Root Cellar a2, row 1 (1 coin)" in text
    assert "a1 Cottage (blue) : 3 — fed by Root Cellar a2, row 1 (1 coin)" in text
    assert "1 coin spent on feeding Coins left in the chest: 2" in text
    # Noé has no coin: his Cottages stay unfed, and nothing was spent.
    assert "Coins left in the chest: 0" in text


def test_a_column_bought_is_named_a_column(client):
    game = cellar_game()
    game["players"][0]["town"] = town("cottage root-cellar . .", "cottage . . .", "cottage . . .", ". . . .")
    text = text_of(page(client, "en", game))
    # Column a holds the 3 Cottages: one coin feeds 9 points, 2 coins stay.
    assert "a3 Cottage (blue) : 3 — fed by Root Cellar b1, column a (1 coin)" in text


def test_the_tree_stands_on_its_square_with_its_points_apart_from_the_empty_squares(client):
    html = page(client, "en", cellar_game())
    text = text_of(html)
    # Ödön: 15 Wells and a Cottage, c3 the only square without a building, the seed on it: a tree, +2.
    assert "c3 Tree: 2 — a tree grew from the seed: no other square is empty" in text
    assert re.search(r'<div class="square c-empty tree"><span class="square-name">c3</span>\s*'
                     r'<span class="square-card">Tree</span>\s*<span class="square-points">2</span>', html)
    # Léa's seed (d4) is built over: no tree, her 9 empty squares cost 9.
    assert text.count("Tree: 2") == 1
    assert pad_rows(html)["Empty squares"][2] == "2"


@pytest.mark.parametrize(("lang", "built", "empties"), [
    ("en", "d4 Seed — did not grow: a building stands on it", "d4 Seed — did not grow: another square is empty too"),
    ("fr", "d4 Graine — n’a pas poussé\u00a0: un bâtiment la recouvre",
     "d4 Graine — n’a pas poussé\u00a0: une autre case est vide aussi"),
    ("hu", "d4 Mag — nem nőtt ki: épület áll rajta", "d4 Mag — nem nőtt ki: más mező is üres maradt"),
])
def test_a_seed_that_did_not_grow_says_why_on_its_towns_lines(client, lang, built, empties):
    html = page(client, lang, cellar_game())
    towns = [text_of(section) for section in re.findall(r'<section class="town-result".*?</section>', html, re.S)]
    # Léa's d4 holds her Theater; Noé's d4 is empty beside 13 other empty squares; Ödön's seed grew.
    assert [built in town for town in towns] == [True, False, False]
    assert [empties in town for town in towns] == [False, True, False]


def test_a_player_who_put_no_seed_down_grows_no_tree_and_no_seed_is_said(client):
    game = cellar_game()
    game["players"][2]["seed"] = "none"
    html = page(client, "en", game)
    towns = [text_of(section) for section in re.findall(r'<section class="town-result".*?</section>', html, re.S)]
    # Ödön's c3 is still the only square without a building, but no seed lies on it: −1, no tree.
    assert "Tree" not in text_of(html) and "Seed" not in towns[2]
    assert "1 empty square: −1" in towns[2]
    assert pad_rows(html)["Empty squares"][2] == "−1"
    assert [player["seed"] for player in result_view.view(game, score(game))["players"]] == [
        {"square": "d4", "why": "built"}, {"square": "d4", "why": "empties"}, None]


def test_without_tiny_trees_a_seed_is_never_said():
    game = cellar_game()
    game["tiny_trees"] = False
    for player in game["players"]:
        del player["seed"]
    assert [player["seed"] for player in result_view.view(game, score(game))["players"]] == [None, None, None]


def barn_game() -> dict:
    """Léa's two Cottages stand away from her Tithe Barn, with 2 coins in her chest."""
    game = cellar_game()
    game["buildings"] = ["cottage", "tithe-barn", "well", "chapel", "tavern", "theater", "factory"]
    game["players"][0].update(town=town("cottage cottage . .", ". . . .", ". . . .", ". . . tithe-barn"), coins=2)
    game["players"][1]["town"] = town("cottage . . .", ". . . .", ". . . .", ". . . .")
    return game


def test_a_tithe_barn_pays_a_coin_for_a_pair():
    assert problems(barn_game()) == []
    # Two Cottages away from the barn: 1 coin for the pair (6 points) beats keeping it (1 point).
    assert score(barn_game())["players"][0]["coins"] == {"lines": [], "paid": ["a1", "b1"], "spent": 1, "left": 1}


def test_a_tithe_barns_paid_pair_is_said_paid_on_the_page(client):
    text = text_of(page(client, "en", barn_game()))
    assert "a1 Cottage (blue) : 3 — fed by Tithe Barn d4 (paid in coins, 1 per 2)" in text
    assert "1 coin spent on feeding Coins left in the chest: 1" in text


def town_lines(html: str) -> list:
    """Return the lines of each town under its grid, as read."""
    return [[text_of(line) for line in re.findall(r"<li>(.*?)</li>", section, re.S)]
            for section in re.findall(r'<section class="town-result".*?</section>', html, re.S)]


@pytest.mark.parametrize(("lang", "lines"), [
    ("en", (["1 coin spent on feeding", "Coins left in the chest: 2"],
            ["5 coins left in the chest, 2 points each with the Estival Festival: 10"], ["Coins left in the chest: 1"])),
    ("fr", (["1\u00a0pièce dépensée pour nourrir", "Pièces restées dans le coffre\u00a0: 2"],
            ["5\u00a0pièces restées dans le coffre, à 2\u00a0points chacune avec la Fête estivale\u00a0: 10"],
            ["Pièces restées dans le coffre\u00a0: 1"])),
    ("hu", (["1\u00a0érme ellátásra költve", "A ládában maradt érmék: 2"],
            ["5\u00a0érme maradt a ládában, a Nyári Ünneppel érménként 2\u00a0pont: 10"], ["A ládában maradt érmék: 1"])),
])
def test_the_coins_left_say_their_number_once_and_with_the_estival_festival_that_each_scores_two(client, lang, lines):
    # Each worth a point, the number of coins is their points, said once: "2 coins left in the chest: 2" said it twice.
    game = cellar_game()
    game["monuments"] = True
    game["players"][1].update(monument="estival-festival", coins=5)
    game["players"][1]["town"] = town("estival-festival cottage . .", ". . . .", ". . . .", ". . . .")
    # Léa spends 1 coin of 3; Noé keeps 5 (no Root Cellar in his town), 2 points each: 10; Ödön keeps 1.
    towns = town_lines(page(client, lang, game))
    assert (towns[0][-2:], towns[1][-1:], towns[2][-1:]) == lines


WORDS = {"fr": ("Arbre", "Pièces"), "hu": ("Fa", "érme")}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_expansions_lines_speak_the_pages_language(client, lang):
    text = text_of(page(client, lang, cellar_game()))
    tree, coin = WORDS[lang]
    assert "c3 {}".format(tree) in text and coin in text
    assert "coin" not in text and "Tree" not in text


@pytest.mark.parametrize(("lang", "tree"), [("en", "Tree"), ("fr", "Arbre"), ("hu", "Fa")])
def test_the_picture_shows_the_tree_on_its_square(app, lang, tree):
    game = cellar_game()
    code = encode(game)
    # Ödön wins (5 points, as Léa, with 1 empty square to her 9): his town is the picture's.
    assert score(game)["players"][2]["place"] == 1
    with app.test_request_context("/{}/r/{}.png".format(lang, code)):
        g.lang = lang
        with force_locale(lang):
            texts = picture.picture_of(code).texts
    left, top, right, bottom = picture.cell_box(10)
    on_c3 = [text for text, _, box in texts if left <= box[0] and box[2] <= right and top <= box[1] and box[3] <= bottom]
    assert on_c3 == [tree, "2"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_of_fortunes_cards_has_its_words_and_the_pad_adds_up(client, lang):
    # Forty games of Fortune's cards and monuments, coins and seeds: every square's reason is said (a missing word
    # would be a 500), and each player's pad column adds up to their total.
    for seed in range(40):
        game = fortune_game(random.Random(seed))
        rows = list(pad_rows(page(client, lang, game)).values())
        # The head row (names), the rows of points, the totals.
        points, totals = rows[1:-1], rows[-1]
        assert [sum(whole(row[p]) for row in points) for p in range(len(totals))] == [whole(t) for t in totals]
        assert [whole(t) for t in totals] == [player["total"] for player in score(game)["players"]]


def whole(cell: str) -> int:
    """Return the number a pad cell shows, with its true minus."""
    return int(cell.replace("\u2212", "-"))


def reason_of(html: str, square: str) -> str:
    """Return the text of a square's line in the towns' reasons ("b1 Cottage (blue): 3 — fed by …")."""
    text = re.sub(r"<[^>]+>", " ", html).replace("\u00ad", "").replace("&#39;", "'")
    text = re.sub(r"\s+", " ", text)
    ödön = text[text.index("Ödön — 41"):]
    found = re.search(r"\b{} [^—]*— (.*?) (?=[a-d][1-4] )".format(square), ödön[ödön.index("—", 10):])
    assert found, "no reason for " + square
    return found.group(1)


def test_the_whole_box_game_buys_a_row_and_a_column_holding_one_square():
    assert problems(WHOLE_BOX) == []
    scored = {player["name"]: player for player in score(WHOLE_BOX)["players"]}
    # Ödön buys row 1 and columns b and d: b1 is in row 1 and in column b.
    assert scored["Ödön"]["coins"]["lines"] == ["1", "b", "d"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_cottage_fed_by_a_row_and_a_column_names_each_line_once(client, lang):
    answer = client.get("/{}/r/{}".format(lang, encode(WHOLE_BOX)))
    assert answer.status_code == 200
    reason = reason_of(answer.get_data(as_text=True), "b1")
    # Each feeder is said as "<Root Cellar> a2, <line> (1 coin)": the same one twice says nothing more and hides
    # the second line bought (column b).
    feeders = re.findall(r"a2, ([^()]*?)\s*\(", reason)
    assert len(feeders) == len(set(feeders)), "b1 is said fed by the same line twice: " + reason


def unfinished(game: dict) -> dict:
    """Return the game with only its first town entered, as "See the scores anyway" leaves it: the others empty,
    without their coins or seed."""
    empty = [[None] * 4 for _ in range(4)]
    players = [game["players"][0]] + [{"name": player["name"], "monument": player["monument"], "town": empty}
                                      for player in game["players"][1:]]
    return dict(game, players=players)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_scores_seen_anyway_with_empty_towns_in_a_game_with_coins(client, lang):
    """Only Léa's town entered, "See the scores" then "See the scores anyway": the result answered 500 (the score
    pad's coins row read a coins line the empty towns, with no coins given, do not have)."""
    game = unfinished(WHOLE_BOX)
    assert problems(game) == []
    answer = client.get("/{}/r/{}".format(lang, encode(game)))
    assert answer.status_code == 200
    assert client.get("/{}/r/{}.png".format(lang, encode(game))).status_code == 200
