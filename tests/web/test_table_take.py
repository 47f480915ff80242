"""The take page takes in one town alone, in its table's code format; any other code is refused with a 422.

Against SQLite and Redis alike (the table_config fixture).
"""

import copy
import re

import pytest

from support import examples
from support.tables import empty_setup
from support.tables import town_code
from webscore import create_app
from webscore.scoring import encode

GAME = examples.load("four-players")
SETUP = encode(empty_setup(GAME))
# Two towns in one code: a hand-over carrying more than the town of one phone.
TWO_TOWNS = empty_setup(GAME)
TWO_TOWNS["players"][1] = copy.deepcopy(GAME["players"][1])
TWO_TOWNS["players"][2] = copy.deepcopy(GAME["players"][2])


def other_game(change) -> dict:
    """Return the four-player game with one thing of its setup changed."""
    game = copy.deepcopy(GAME)
    change(game)
    return game


def chapel_for_temple(game):
    game["buildings"] = ["chapel" if card == "temple" else card for card in game["buildings"]]
    for player in game["players"]:
        player["town"] = [["chapel" if card == "temple" else card for card in row] for row in player["town"]]


def town_hall(game):
    game["mode"] = "town-hall"
    for player in game["players"]:
        player["master_builder_turns"] = None


# Towns alone of other games: another orange building, another mode, another player.
OTHER_GAMES = [other_game(chapel_for_temple), other_game(town_hall),
               other_game(lambda game: game["players"][3].update(name="Zsófi"))]
NOT_ALONE = {
    "en": 'This link does not bring one town alone. On the phone without network, tap "Show the link of my town" '
          "and paste the link it shows.",
    "fr": "Ce lien n’apporte pas une bourgade seule. Sur le téléphone sans réseau, touchez «\u00a0Afficher le lien "
          "de ma bourgade\u00a0» et collez le lien qu’il affiche.",
    "hu": "Ez a link nem egyetlen várost hoz. A hálózat nélküli telefonon koppints erre a gombra: „A városom "
          "linkjének megjelenítése”, és másold be az ott megjelenő linket.",
}


@pytest.fixture
def phone(table_config):
    return create_app(table_config).test_client()


def token(html: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def open_table(phone) -> str:
    """Open a table for the four-player setup; return its id."""
    page = phone.get("/en/t/new?code={}".format(SETUP))
    answer = phone.post("/en/t/new", data={"code": SETUP, "csrf_token": token(page.text)})
    assert answer.status_code == 303
    return answer.location.rsplit("/", 1)[1]


def statuses(html: str) -> list:
    return re.findall(r'data-status="([a-z-]+)"', html)


def refusal(html: str) -> str:
    return re.search(r'<p class="error" role="alert">([^<]*)</p>', html).group(1)


@pytest.mark.parametrize("lang", ["en", "fr", "hu"])
@pytest.mark.parametrize("link", [
    examples.FOUR_PLAYERS_CODE,
    "http://localhost/en/r/" + examples.FOUR_PLAYERS_CODE,
    "http://localhost/en/t/abc/take?town=" + encode(TWO_TOWNS),
    SETUP,
], ids=["result-code", "result-link", "two-towns", "no-town"])
def test_a_code_that_is_not_one_town_alone_is_refused_with_a_way_back(phone, lang, link):
    table = open_table(phone)
    page = phone.get("/{}/t/{}/take".format(lang, table), query_string={"town": link})
    assert page.status_code == 422
    text = page.get_data(as_text=True)
    assert refusal(text).replace("&#34;", '"') == NOT_ALONE[lang]
    assert "Bernadet" not in text
    assert 'method="post"' not in text
    assert '<a href="/{}/t/{}">'.format(lang, table) in text


def test_a_result_code_sent_anyway_hands_nothing_in(phone):
    table = open_table(phone)
    # The session's token, from the offer of a town alone.
    form = phone.get("/en/t/{}/take".format(table), query_string={"town": town_code(GAME, 2)})
    answer = phone.post("/en/t/{}/take".format(table),
                        data={"town": examples.FOUR_PLAYERS_CODE, "csrf_token": token(form.text)})
    assert answer.status_code == 422
    assert refusal(answer.text).replace("&#34;", '"') == NOT_ALONE["en"]
    assert statuses(phone.get("/en/t/" + table).text) == ["not-started"] * 4


@pytest.mark.parametrize("game", OTHER_GAMES, ids=["buildings", "mode", "players"])
def test_a_town_alone_of_another_game_is_refused(phone, game):
    table = open_table(phone)
    page = phone.get("/fr/t/{}/take".format(table), query_string={"town": town_code(game, 1)})
    assert page.status_code == 422
    assert refusal(page.text) == "Cette bourgade appartient à une autre partie."
    assert '<a href="/fr/t/{}">'.format(table) in page.text


def test_a_town_alone_of_this_table_is_offered_alone(phone):
    table = open_table(phone)
    page = phone.get("/en/t/{}/take".format(table), query_string={"town": town_code(GAME, 2)})
    assert page.status_code == 200
    assert re.findall(r"<li>([^<]*)</li>", page.text.split("<main", 1)[1]) == [GAME["players"][2]["name"]]
