"""The take page takes in one town alone, in its table's code format; any other code is refused with a 422.

Against SQLite and Redis alike (the table_config fixture).
"""

import copy
import re

import pytest

from support import examples
from support.tables import empty_setup
from support.tables import town_code
from webscore.flow import sync
from webscore.flow.town_fields import fields_of
from webscore.languages import LANGUAGES
from webscore.scoring import encode
from webscore.web.tables import take
from webscore.web.tables.store import open_store

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
    "fr": "Ce lien doit contenir une bourgade, et une seule. Sur le téléphone sans réseau, touchez «\u00a0Afficher le lien "
          "de ma bourgade\u00a0» et collez le lien qu’il affiche.",
    "hu": "Ez a link nem egyetlen város linkje. A hálózat nélküli telefonon koppints erre a gombra: „A városom "
          "linkjének megjelenítése”, másold ki az ott megjelenő linket, és illeszd be ide.",
}


@pytest.fixture
def phone(make_app, table_config):
    return make_app(**table_config).test_client()


def token(html: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def open_table(phone) -> str:
    """Open a table for the four-player setup; return its id."""
    page = phone.get("/en/t/new?code={}".format(SETUP))
    answer = phone.post("/en/t/new", data={"code": SETUP, "csrf_token": token(page.text)})
    assert answer.status_code == 303
    return answer.location.rsplit("/", 1)[1]


def take_in(phone, table: str, code: str, lang="en", **form):
    """Open the take page of a town, then send its form (with `form` changed); return the answer."""
    page = phone.get("/{}/t/{}/take".format(lang, table), query_string={"town": code})
    sent = {"town": code, "csrf_token": token(page.text),
            "version": re.search(r'name="version" value="([0-9]+)"', page.text).group(1)}
    sent.update(form)
    return phone.post("/{}/t/{}/take".format(lang, table), data={k: v for k, v in sent.items() if v is not None})


def send(phone, table: str, n: int, op: dict):
    return phone.post("/en/t/{}/{}".format(table, n), json={"client": "phone-own-a", "op": op},
                      headers={"X-Requested-With": "marquoir"})


def statuses(html: str) -> list:
    return re.findall(r'data-status="([a-z-]+)"', html)


def refusal(html: str) -> str:
    return re.search(r'<p class="error" role="alert">([^<]*)</p>', html).group(1)


@pytest.mark.parametrize("lang", LANGUAGES)
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
    assert re.findall(r"<li><bdi>([^<]*)</bdi></li>", page.text.split("<main", 1)[1]) == [GAME["players"][2]["name"]]


def test_a_town_taken_in_twice_is_handed_in_once(phone):
    table = open_table(phone)
    page = phone.get("/en/t/{}/take".format(table), query_string={"town": town_code(GAME, 2)})
    form = {"town": town_code(GAME, 2), "csrf_token": token(page.text), "version": "0"}
    assert phone.post("/en/t/{}/take".format(table), data=form).status_code == 303
    # The same form sent again (a second tap, or Back and send) changes nothing.
    assert phone.post("/en/t/{}/take".format(table), data=form).status_code == 303
    state = phone.get("/en/t/{}/state".format(table)).json
    # Taken in as its phone would send it: the town, then "done" (two changes), in one write of the table, named
    # on every phone once (the table's next revision).
    assert [(p["status"], p["version"]) for p in state["players"]][2] == ("done", 2)
    assert (state["revision"], len(state["events"])) == (2, 1)


# Two takes of one town at once (a double tap on a slow network, two workers) may both read the table before
# either saved; the second must not be refused as "changed meanwhile" when the change was itself.
def test_a_town_taken_in_twice_at_once_is_handed_in_once(phone, monkeypatch):
    table = open_table(phone)
    page = phone.get("/en/t/{}/take".format(table), query_string={"town": town_code(GAME, 2)})
    form = {"town": town_code(GAME, 2), "csrf_token": token(page.text), "version": "0"}
    before = open_store(phone.application).get(table)
    assert phone.post("/en/t/{}/take".format(table), data=form).status_code == 303
    # The second take read the table before the first one saved.
    monkeypatch.setattr(take, "record_or_404", lambda table_id: before)
    assert phone.post("/en/t/{}/take".format(table), data=form).status_code == 303
    monkeypatch.undo()
    state = phone.get("/en/t/{}/state".format(table)).json
    assert ([p["status"] for p in state["players"]], state["revision"]) == (["not-started"] * 2 + ["done", "not-started"], 2)


@pytest.mark.parametrize("lang, message", [
    ("en", "The town of Csongork changed meanwhile; look at the table and try again."),
    ("fr", "Bourgade modifiée entre-temps\u00a0: Csongork. Regardez la table et réessayez."),
    ("hu", "Csongork városa közben megváltozott; nézd meg az asztalt, és próbáld újra."),
])
def test_a_town_changed_after_its_take_page_was_opened_is_not_overwritten(phone, lang, message):
    table = open_table(phone)
    page = phone.get("/{}/t/{}/take".format(lang, table), query_string={"town": town_code(GAME, 2)})
    # Meanwhile the town's own phone found the network and put another building on a square of the town.
    first = GAME["players"][2]["town"][0][0]
    other = next(card for card in GAME["buildings"] if card != first)
    assert send(phone, table, 3, {"seq": 1, "set": {"square_a1": [other, 0]}}).status_code == 200
    answer = phone.post("/{}/t/{}/take".format(lang, table), data={
        "town": town_code(GAME, 2), "csrf_token": token(page.text), "version": "0"})
    assert answer.status_code == 409
    assert refusal(answer.text).replace("&#39;", "’") == message
    assert town_code(GAME, 2) in answer.text
    state = phone.get("/en/t/{}/state".format(table)).json
    assert (state["players"][2]["status"], state["players"][2]["version"]) == ("entering", 1)


# "²" is a digit to str.isdigit() but no number to int(): it was a 500.
@pytest.mark.parametrize("version", [None, "", "x", "-1", "1.5", "9" * 12, "\u00b2"])
def test_a_take_without_a_version_it_changes_is_refused_and_keeps_the_link(phone, version):
    table = open_table(phone)
    answer = take_in(phone, table, town_code(GAME, 1), lang="hu", version=version)
    assert answer.status_code == 400
    assert refusal(answer.text) == "Erre a kérésre így nem lehet válaszolni."
    assert town_code(GAME, 1) in answer.text
    assert statuses(phone.get("/en/t/" + table).text) == ["not-started"] * 4


def hand_in_by_phone(phone, table: str, n: int, town: dict, client: str) -> None:
    """Hand in player n's town (from 1) from its own phone, as its outbox does."""
    fields = fields_of(town)
    set_op = {"seq": 1, "set": {field: [fields.get(field, ""), 0] for field in sync.FIELDS}}
    for op in (set_op, {"seq": 2, "done": True}):
        answer = phone.post("/en/t/{}/{}".format(table, n), json={"client": client, "op": op},
                            headers={"X-Requested-With": "marquoir"})
        assert answer.status_code == 200, answer.get_json()


@pytest.mark.parametrize(("lang", "asked"), [
    ("en", "Taking this in ends the game, and Dominika entered no town yet. End the game?"),
    ("fr", "Récupérer cette bourgade termine la partie, mais rien n’a encore été saisi pour\u00a0: Dominika. "
           "Terminer la partie\u202f?"),
    ("hu", "A város átvételével véget ér a játszma, de még nincs bevitt városa: Dominika. Befejezed a játszmát?"),
])
def test_a_take_in_that_would_end_the_game_with_an_empty_town_asks_first(phone, lang, asked):
    table = open_table(phone)
    # Dominika hands in an empty town (the game goes on); Bernadet and Csongork hand in theirs.
    empty = dict(GAME["players"][3], town=[[None] * 4 for _ in range(4)], stored={})
    hand_in_by_phone(phone, table, 4, empty, "phone-of-dominika")
    for n in (2, 3):
        hand_in_by_phone(phone, table, n, GAME["players"][n - 1], "phone-of-{}".format(n))
    # Annabell's town, brought by link, is the last: taking it in asks, and nothing is handed in yet.
    answer = take_in(phone, table, town_code(GAME, 0), lang)
    assert answer.status_code == 409
    html = answer.get_data(as_text=True)
    assert asked in html.replace("&#39;", "’").replace("&#34;", '"')
    assert 'name="end" value="1"' in html
    assert statuses(phone.get("/en/t/{}".format(table)).text).count("done") == 3
    # Answered "End the game": the game ends.
    assert take_in(phone, table, town_code(GAME, 0), lang, end="1").status_code == 303
    assert statuses(phone.get("/en/t/{}".format(table)).text).count("done") == 4


def test_a_town_taken_in_from_a_link_is_named_on_every_phone(phone):
    table = open_table(phone)
    assert take_in(phone, table, town_code(GAME, 1)).status_code == 303
    state = phone.get("/en/t/{}/state".format(table)).get_json()
    assert [(event["player"], event["kind"]) for event in state["events"]] == [(1, "taken-in")]


def test_a_town_taken_in_is_told_to_its_phones_as_taken_in_until_its_own_phone_hands_it_in_again(phone):
    # Its own phone said "Handed in." of a town another phone took in from its link, as if its player had: the town
    # the table tells says how it was handed in, without the take-in's client id.
    table = open_table(phone)
    assert send(phone, table, 2, {"seq": 1, "set": {"square_a1": [GAME["players"][1]["town"][0][0], 0]}}).status_code \
        == 200
    assert "taken_in" not in phone.get("/en/t/{}/2/town".format(table)).get_json()["town"]
    assert take_in(phone, table, town_code(GAME, 1), version="1").status_code == 303
    town = phone.get("/en/t/{}/2/town".format(table)).get_json()["town"]
    assert (town["done"], town["taken_in"], town["version"]) == (True, True, 3)
    assert "take-" not in phone.get("/en/t/{}/2/town".format(table)).text
    # Its own phone opens it again and hands it in: its own hand-in now.
    reopened = send(phone, table, 2, {"seq": 2, "reopen": 3}).get_json()["town"]
    assert (reopened["done"], "taken_in" in reopened) == (False, False)
    handed = send(phone, table, 2, {"seq": 3, "done": True}).get_json()["town"]
    assert (handed["done"], "taken_in" in handed) == (True, False)


def test_a_phone_cannot_pass_for_a_take_in(phone):
    table = open_table(phone)
    answer = phone.post("/en/t/{}/2".format(table), json={"client": "take-abcdefgh", "op": {"seq": 1, "done": True}},
                        headers={"X-Requested-With": "marquoir"})
    assert answer.status_code == 400
    assert phone.get("/en/t/{}/2/town".format(table)).get_json()["town"]["done"] is False
