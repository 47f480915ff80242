"""A game of Fortune's cards opened from its link: its result, picture and towns draw in every language, each
card named as that language names it (the names are ours where no edition was found)."""

import pytest

from support.towns import town
from support.webflow import text_of
from webscore.languages import LANGUAGES
from webscore.scoring import encode
from webscore.scoring import problems
from webscore.scoring.cards import ALL_BUILDINGS
from webscore.scoring.cards import ALL_MONUMENTS
from webscore.web.i18n.cards import CARD_NAMES
from webscore.web.i18n.cards import REMINDERS

NAMES = {"en": {"root-cellar": "Root Cellar", "hollow-hill": "Hollow Hill"},
         "fr": {"root-cellar": "Cellier", "hollow-hill": "Colline creuse"},
         "hu": {"root-cellar": "Verem", "hollow-hill": "Üreges Domb"}}


def game() -> dict:
    """A game of three with coins, the Root Cellar among its seven, Hollow Hill built in the first town."""
    buildings = ["cottage", "root-cellar", "well", "chapel", "tavern", "theater", "factory"]
    towns = [town("hollow-hill cottage cottage well", "root-cellar chapel . .", ". . tavern .", ". . . theater"),
             town("cottage cottage well .", "root-cellar . . .", ". . . .", ". . . ."),
             town("cottage . . .", ". . . .", ". . . .", ". . . .")]
    players = [{"name": name, "monument": None, "town": rows, "coins": coins}
               for name, rows, coins in zip(("Léa", "Noé", "Ödön"), towns, (3, 1, 0))]
    players[0].update(monument="hollow-hill", hollow_hill_swaps=2)
    return {"mode": "town-hall", "monuments": True, "cavern": False, "coins": True, "buildings": buildings,
            "players": players}


def test_the_game_is_valid():
    assert problems(game()) == []




@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_fortune_games_pages_draw_and_name_its_cards(client, lang):
    code = encode(game())
    result = client.get("/{}/r/{}".format(lang, code))
    assert result.status_code == 200
    text = text_of(result.get_data(as_text=True))
    assert NAMES[lang]["root-cellar"] in text and NAMES[lang]["hollow-hill"] in text
    assert client.get("/{}/r/{}.png".format(lang, code)).status_code == 200
    assert client.get("/{}/g/{}/1".format(lang, code)).status_code == 200
    assert client.get("/qr/{}.svg".format(code)).status_code == 200


def test_every_card_the_core_knows_has_a_name_and_a_reminder():
    assert set(CARD_NAMES) == set(REMINDERS) == set(ALL_BUILDINGS) | set(ALL_MONUMENTS)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_fed_eraflage_vineyard_is_said_by_its_own_reason(client, lang):
    # Its square's reason once looked for the "fed by" words Cottages have: a 500 in every language.
    played = game()
    played["players"][1]["town"][3] = ["eraflage-vineyard", None, None, None]
    played["players"][1]["town"][1] = ["root-cellar", None, None, None]
    played["players"][1]["monument"] = "eraflage-vineyard"
    assert problems(played) == []
    assert client.get("/{}/r/{}".format(lang, encode(played))).status_code == 200
