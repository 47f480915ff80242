"""What a stranger trying Fortune and Tiny Trees found wrong, each test failing for its finding.

1. A Cottage fed by two lines a Root Cellar's coins bought (its row and its column) is said fed by the same line
   twice: "fed by Root Cellar a2, row 1 (1 coin) and Root Cellar a2, row 1 (1 coin)" (Ödön's b1 in the four-player
   game of tests/browser/test_fortune_game.py); the second line bought is column b.
2. A Fortune monument chosen by the address of a setup without the "Fortune's cards" switch is dropped without a
   word: the game starts (302) and the player has no monument.
3. "Your games" gives each player's average points per colour without the points coins scored, so the colours
   do not add up to the average shown above them (Léa: 26 for an average of 30).
"""

import re
from urllib.parse import urlsplit

import pytest

from support.whole_box import GAME
from webscore.flow.history import stats
from webscore.flow.history import summary
from webscore.scoring import decode
from webscore.scoring import encode
from webscore.scoring import problems
from webscore.scoring import score


def reason_of(html: str, square: str) -> str:
    """Return the text of a square's line in the towns' reasons ("b1 Cottage (blue): 3 — fed by …")."""
    text = re.sub(r"<[^>]+>", " ", html).replace("\u00ad", "").replace("&#39;", "'")
    text = re.sub(r"\s+", " ", text)
    ödön = text[text.index("Ödön — 41"):]
    found = re.search(r"\b{} [^—]*— (.*?) (?=[a-d][1-4] )".format(square), ödön[ödön.index("—", 10):])
    assert found, "no reason for " + square
    return found.group(1)


def test_the_game_is_the_one_the_finding_was_seen_in():
    assert problems(GAME) == []
    scored = {player["name"]: player for player in score(GAME)["players"]}
    # Ödön buys row 1 and columns b and d: b1 is in row 1 and in column b.
    assert scored["Ödön"]["coins"]["lines"] == ["1", "b", "d"]


@pytest.mark.parametrize("lang", ["en", "fr", "hu"])
def test_a_cottage_fed_by_a_row_and_a_column_names_each_line_once(client, lang):
    answer = client.get("/{}/r/{}".format(lang, encode(GAME)))
    assert answer.status_code == 200
    reason = reason_of(answer.get_data(as_text=True), "b1")
    # Each feeder is said as "<Root Cellar> a2, <line> (1 coin)": the same one twice says nothing more and hides
    # the second line bought (column b).
    feeders = re.findall(r"a2, ([^()]*?)\s*\(", reason)
    assert len(feeders) == len(set(feeders)), "b1 is said fed by the same line twice: " + reason


SETUP = ("players-0=Ann&players-1=Bob&red=farm&grey=well&orange=chapel&green=tavern&yellow=theater&navy=factory"
         "&mode=master-builder&monuments-0=hollow-hill&action=start")


@pytest.mark.parametrize("lang", ["en", "fr", "hu"])
def test_a_fortune_monument_by_the_address_without_fortune_is_not_dropped_without_a_word(client, lang):
    answer = client.get("/{}/new?{}".format(lang, SETUP))
    if answer.status_code in (301, 302, 303):
        code = urlsplit(answer.headers["Location"]).path.split("/")[3]
        game = decode(code)
        assert game["players"][0]["monument"] == "hollow-hill", \
            "the game started and Ann's Hollow Hill, chosen in the address, was dropped without a message"
    else:
        assert 400 <= answer.status_code < 500


def test_the_average_points_per_colour_add_up_to_the_average_in_a_game_with_coins():
    games = [{"code": encode(GAME), "when": 1764892800000, "summary": summary(GAME)}]
    for player in stats(games, {}, {}, 1764892800000)["players"]:
        # Tenths of points: Léa's colours add up to 26.0 for an average of 30.0 (her 4 points of coins left out).
        assert sum(player["colours"]) == player["average"], player["name"]


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "This monument is Fortune's: turn on Fortune's cards to play it, or choose another."),
    ("fr", "Ce monument est de Fortune\u00a0: activez les cartes Fortune pour le jouer, ou choisissez-en un autre."),
    ("hu", "Ez az emlékmű a Fortune-é: kapcsold be a Fortune-kártyákat, vagy válassz másikat."),
])
def test_the_fortune_monument_is_named_beside_its_row_and_kept_chosen(client, lang, said):
    answer = client.get("/{}/new?{}".format(lang, SETUP))
    assert answer.status_code == 422
    html = answer.get_data(as_text=True)
    assert said in html.replace("&#39;", "'").replace("&#34;", '"')
    assert re.search(r'<select[^>]*id="monuments-0".*?<option selected value="hollow-hill">', html, re.S)
    # With the switch on, the same setup starts with the monument.
    on = client.get("/{}/new?{}&fortune=y".format(lang, SETUP))
    assert on.status_code == 302
    assert decode(urlsplit(on.headers["Location"]).path.split("/")[3])["players"][0]["monument"] == "hollow-hill"


def unfinished(game: dict) -> dict:
    """Return the game with only its first town entered, as "See the scores anyway" leaves it: the others empty,
    without their coins or seed."""
    empty = [[None] * 4 for _ in range(4)]
    players = [game["players"][0]] + [{"name": player["name"], "monument": player["monument"], "town": empty}
                                      for player in game["players"][1:]]
    return dict(game, players=players)


@pytest.mark.parametrize("lang", ["en", "fr", "hu"])
def test_the_scores_seen_anyway_with_empty_towns_in_a_game_with_coins(client, lang):
    """4. Only Léa's town entered, "See the scores" then "See the scores anyway": the result answered 500 (the score
    pad's coins row read a coins line the empty towns, with no coins given, do not have)."""
    game = unfinished(GAME)
    assert problems(game) == []
    answer = client.get("/{}/r/{}".format(lang, encode(game)))
    assert answer.status_code == 200
    assert client.get("/{}/r/{}.png".format(lang, encode(game))).status_code == 200


SOLO = ("players-0=Ann&red=farm&grey=well&orange=chapel&green=tavern&yellow=theater&navy=factory"
        "&mode=solo&fortune=y&monuments-0=southern-semaphore&action=start")


@pytest.mark.parametrize("lang", ["en", "fr", "hu"])
def test_a_monument_solo_leaves_out_by_the_address_is_not_dropped_without_a_word(client, lang):
    """5. Southern Semaphore is not used in Solo; chosen by the address of a Solo setup with Fortune's cards on, the
    game started (302) and Ann had no monument, said nowhere (as a Fortune monument with the switch off was)."""
    answer = client.get("/{}/new?{}".format(lang, SOLO))
    if answer.status_code in (301, 302, 303):
        game = decode(urlsplit(answer.headers["Location"]).path.split("/")[3])
        assert game["players"][0]["monument"] == "southern-semaphore", \
            "the Solo game started and Ann's Southern Semaphore, chosen in the address, was dropped without a message"
    else:
        assert 400 <= answer.status_code < 500
