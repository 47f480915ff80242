"""A stranger's odd player numbers in a table's town address: one town has one address."""


import pytest

from support import examples
from support.tables import empty_setup
from support.tables import open_table
from webscore.scoring import encode

SETUP = encode(empty_setup(examples.load("four-players")))


# Found by a stranger's try: Werkzeug's int converter took a leading zero and non-ASCII digits, so one town
# answered at several addresses.
@pytest.mark.parametrize("player", ["01", "%D9%A1", "%EF%BC%91"])
def test_a_town_address_with_an_odd_spelling_of_its_player_number_is_not_found(client, player):
    table = open_table(client, SETUP, "fr")
    answer = client.get("/fr/t/{}/{}".format(table, player))
    assert answer.status_code == 404
    assert "Page introuvable" in answer.text


@pytest.mark.parametrize("player", ["01", "%D9%A1", "%EF%BC%91"])
def test_a_town_step_with_an_odd_spelling_of_its_number_is_not_found(client, player):
    # The same converter reads every number in an address: the town steps of a game too.
    assert client.get("/hu/g/{}/1".format(examples.FOUR_PLAYERS_CODE)).status_code == 200
    assert client.get("/hu/g/{}/{}".format(examples.FOUR_PLAYERS_CODE, player)).status_code == 404
