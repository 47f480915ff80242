"""A stranger's wrong addresses at a table, in French and Hungarian: each gets a 4xx and words in the page's language."""


import pytest

from support import examples
from support.tables import empty_setup
from support.tables import open_table
from webscore.scoring import encode

SETUP = encode(empty_setup(examples.load("four-players")))
RESULT = examples.RULEBOOK_CODE


@pytest.mark.parametrize(("address", "status", "words"), [
    ("/fr/t/xxx", 404, "Cette table n’existe plus"),
    ("/hu/t/xxx", 404, "Ez az asztal már nincs meg"),
    ("/hu/t/" + "a" * 40 + "/9", 404, "Ez az asztal már nincs meg"),
    ("/fr/t/ID/0", 404, "Page introuvable"),
    ("/hu/t/ID/0", 404, "Az oldal nem található"),
    ("/fr/t/ID/5", 404, "Page introuvable"),
    ("/fr/t/ID/99999999999999999999", 404, "Page introuvable"),
    ("/fr/t/ID/take?town=%00%ff", 422, "Ce n’est pas une bourgade de Marquoir."),
    ("/hu/t/ID/take?town=%00%ff", 422, "Ez nem Marquoir-város."),
    ("/hu/t/xxx/take?town=abc", 404, "Ez az asztal már nincs meg"),
    ("/fr/t/new?code=%00%ff", 400, "Impossible d’ouvrir ce lien"),
    ("/hu/t/new", 400, "Ez a link nem nyitható meg"),
])
def test_a_wrong_table_address_is_refused_in_the_pages_language(client, address, status, words):
    table = open_table(client, SETUP, "fr")
    answer = client.get(address.replace("ID", table))
    assert answer.status_code == status
    assert words in answer.text


@pytest.mark.parametrize(("address", "words"), [
    ("/fr/r/" + RESULT[:-1], "Impossible d’ouvrir ce lien"),
    ("/hu/r/" + RESULT[:20], "Ez a link nem nyitható meg"),
    ("/fr/r/" + RESULT[:10] + ("X" if RESULT[10] != "X" else "Y") + RESULT[11:], "Impossible d’ouvrir ce lien"),
    ("/hu/r/" + RESULT[:-1] + ("M" if RESULT[-1] != "M" else "N"), "Ez a link nem nyitható meg"),
    ("/fr/r/" + RESULT + "A", "Impossible d’ouvrir ce lien"),
])
def test_a_damaged_result_code_is_refused_in_the_pages_language(client, address, words):
    answer = client.get(address)
    assert answer.status_code == 400
    assert words in answer.text


@pytest.mark.parametrize("lang", ["fr", "hu"])
def test_a_result_page_seen_twice_is_identical(client, lang):
    first = client.get("/{}/r/{}".format(lang, RESULT))
    assert first.status_code == 200
    assert client.get("/{}/r/{}".format(lang, RESULT)).data == first.data


@pytest.mark.parametrize(("lang", "words"), [("fr", "Ce joueur n’est pas à cette table."),
                                             ("hu", "Nincs ilyen játékos ennél az asztalnál.")])
def test_a_save_for_a_player_who_is_not_there_is_refused_in_the_pages_language(client, lang, words):
    table = open_table(client, SETUP, lang)
    answer = client.post("/{}/t/{}/0".format(lang, table), json={"client": "phone-one-a", "op": {"seq": 1, "done": True}},
                         headers={"X-Requested-With": "marquoir"})
    assert answer.status_code == 404
    assert answer.get_json() == {"message": words}
