"""A stranger's look at result pages through the test client: same bytes every time, hostile names and addresses."""

import copy
import html as html_text
import re

import pytest

from support import examples
from webscore import create_app
from webscore.scoring import encode

HOSTILE = ["<b>Zoé</b>", "\"'&amp;", "שלום 🎲"]
# Three players, each town the same: 3 fed Cottages (9) + Chapel (3) + Well (0) - 10 empty squares = 2 each.
TOWN = [["cottage", "cottage", "farm", None], ["cottage", "chapel", "well", None],
        [None, None, None, None], [None, None, None, None]]


def tied_game(turns=(None, None, None)) -> dict:
    """Return a three-player Master Builder game of hostile names, all tied on 2 points."""
    game = copy.deepcopy(examples.load("four-players"))
    game["monuments"] = False
    game["buildings"] = ["cottage", "farm", "well", "chapel", "tavern", "theater", "factory"]
    game["players"] = [{"name": name, "monument": None, "town": copy.deepcopy(TOWN)} for name in HOSTILE]
    for player, n in zip(game["players"], turns):
        if n is not None:
            player["master_builder_turns"] = n
    return game


@pytest.fixture()
def client(tmp_path):
    app = create_app({"TESTING": True, "TABLES_DATABASE": str(tmp_path / "t.sqlite3")})
    return app.test_client()


def text_of(page: str) -> str:
    """Return the visible words of a page, its markup taken away."""
    page = re.sub(r"<script.*?</script>|<style.*?</style>", " ", page, flags=re.S)
    return re.sub(r"\s+", " ", html_text.unescape(re.sub(r"<[^>]+>", " ", page))).strip()


def ranking(page: str) -> str:
    """Return the words of a result page's ranking."""
    return text_of(re.search(r'<ol class="ranking.*?</ol>', page, re.S).group(0))


@pytest.mark.parametrize("lang", ["fr", "hu"])
def test_a_result_seen_first_and_seen_again_is_the_same_page(client, lang):
    code = encode(tied_game())
    pages = [client.get("/{}/r/{}".format(lang, code)) for _ in range(3)]
    assert [page.status_code for page in pages] == [200, 200, 200]
    assert pages[0].data == pages[1].data == pages[2].data
    body = pages[0].get_data(as_text=True)
    # Names are shown as typed, as text: never as markup, never escaped twice.
    assert "<b>Zoé</b>" not in body
    assert body.count("<bdi>&lt;b&gt;Zoé&lt;/b&gt;</bdi>") >= 2
    assert "<bdi>&#34;&#39;&amp;amp;</bdi>" in body
    assert "&amp;amp;amp;" not in body
    points = "points" if lang == "fr" else "pont"
    assert ranking(body).count("2 " + points) == 3


def test_the_neutral_link_opens_in_the_readers_language(client):
    code = encode(tied_game())
    client.set_cookie("lang", "hu")
    assert client.get("/r/" + code).headers["Location"].endswith("/hu/r/" + code)
    client.set_cookie("lang", "xx")
    answer = client.get("/r/" + code, headers={"Accept-Language": "fr;q=0.9,hu;q=0.5"})
    assert answer.status_code == 302
    assert answer.headers["Location"].endswith("/fr/r/" + code)


WHOLE = "Saisissez un nombre entier."


@pytest.mark.parametrize("query, message", [
    ("turns-1=x&turns-2=1&turns-3=3", WHOLE), ("turns-1=-1&turns-2=1&turns-3=3", WHOLE),
    ("turns-1=1.5&turns-2=1&turns-3=3", WHOLE), ("turns-1=%ff&turns-2=1&turns-3=3", WHOLE),
    ("turns-1=%D9%A3&turns-2=1&turns-3=3", WHOLE),
    ("turns-1=1000&turns-2=1&turns-3=3", "Indiquez un nombre de tours entre 0 et 999.")])
def test_bad_master_builder_turns_are_refused_in_french(client, query, message):
    code = encode(tied_game())
    answer = client.get("/fr/r/{}/turns?{}".format(code, query))
    assert answer.status_code == 422
    assert message in answer.get_data(as_text=True)


def test_master_builder_turns_break_the_tie_at_a_new_address(client):
    code = encode(tied_game())
    answer = client.get("/hu/r/{}/turns?turns-1=2&turns-2=1&turns-3=3".format(code))
    assert answer.status_code == 302
    broken = encode(tied_game((2, 1, 3)))
    assert answer.headers["Location"].endswith("/hu/r/" + broken)
    page = client.get("/hu/r/" + broken).get_data(as_text=True)
    assert ranking(page) == ("1 \"'&amp; 2 pont kevesebb főépítészi kör döntött "
                             "2 <b>Zoé</b> 2 pont kevesebb főépítészi kör döntött "
                             "3 שלום 🎲 2 pont kevesebb főépítészi kör döntött")


@pytest.mark.parametrize("path, status, words", [
    ("/fr/r/{code}x", 400, "Impossible d’ouvrir ce lien"),
    ("/fr/r/{code}%20", 400, "Impossible d’ouvrir ce lien"),
    ("/fr/r/%00", 400, None),
    ("/fr/r/{code}/", 404, "Page introuvable"),
    ("/hu/g/{code}/9", 404, "Az oldal nem található"),
    ("/hu/g/{code}/0", 404, "Az oldal nem található"),
    ("/hu/r/" + "A" * 5000, 414, "Túl sok egyszerre"),
    ("/fr/r/{code}zz.png", 400, "Impossible d’ouvrir ce lien"),
])
def test_odd_result_addresses_get_a_clear_message(client, path, status, words):
    answer = client.get(path.format(code=encode(tied_game())))
    assert answer.status_code == status
    if words:
        assert words in answer.get_data(as_text=True)


def test_wrong_methods_on_a_result_are_refused_in_its_language(client):
    code = encode(tied_game())
    answer = client.post("/fr/r/{}/turns".format(code))
    assert answer.status_code == 405
    assert "Quelque chose cloche" in answer.get_data(as_text=True)
    answer = client.delete("/hu/r/" + code)
    assert answer.status_code == 405
    assert "Valami nem stimmel" in answer.get_data(as_text=True)


def test_play_again_keeps_hostile_names_as_text(client):
    code = encode(tied_game())
    page = client.get("/fr/new?again=" + code).get_data(as_text=True)
    assert 'value="&lt;b&gt;Zoé&lt;/b&gt;"' in page
    assert 'value="&#34;&#39;&amp;amp;"' in page
    assert 'value="שלום 🎲"' in page


def test_refused_turns_keep_every_number_typed(client):
    code = encode(tied_game())
    page = client.get("/fr/r/{}/turns?turns-1=1000&turns-2=1&turns-3=2".format(code)).get_data(as_text=True)
    assert re.findall(r'<input type="number" id="turns-\d" [^>]*value="([^"]*)"', page) == ["1000", "1", "2"]
