"""A monument the setup would not offer (Fortune's with their switch off, one Solo leaves out), chosen by an address or
before a switch changed, is never dropped without a word: it stays chosen in its row, and starting the game names
it, in the reader's language."""

import re
from urllib.parse import urlsplit

import pytest

from webscore.languages import LANGUAGES
from webscore.scoring import decode

SETUP = ("players-0=Ann&players-1=Bob&red=farm&grey=well&orange=chapel&green=tavern&yellow=theater&navy=factory"
         "&mode=master-builder&monuments-0=hollow-hill&action=start")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_fortune_monument_by_the_address_without_fortune_is_not_dropped_without_a_word(client, lang):
    answer = client.get("/{}/new?{}".format(lang, SETUP))
    if answer.status_code in (301, 302, 303):
        code = urlsplit(answer.headers["Location"]).path.split("/")[3]
        game = decode(code)
        assert game["players"][0]["monument"] == "hollow-hill", \
            "the game started and Ann's Hollow Hill, chosen in the address, was dropped without a message"
    else:
        assert 400 <= answer.status_code < 500


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "This monument is Fortune's: turn on Fortune's monuments to play it, or choose another."),
    ("fr", "Ce monument vient de Fortune\u00a0: activez les monuments Fortune pour le jouer, ou choisissez-en un autre."),
    ("hu", "Ez az emlékmű a Fortune-é: kapcsold be a Fortune-emlékműveket, vagy válassz másikat."),
])
def test_the_fortune_monument_is_named_beside_its_row_and_kept_chosen(client, lang, said):
    answer = client.get("/{}/new?{}".format(lang, SETUP))
    assert answer.status_code == 422
    html = answer.get_data(as_text=True)
    assert said in html.replace("&#39;", "'").replace("&#34;", '"')
    assert re.search(r'<select[^>]*id="monuments-0".*?<option selected value="hollow-hill">', html, re.S)
    # Fortune's cards on do not bring its monuments: still named.
    assert client.get("/{}/new?{}&fortune=y".format(lang, SETUP)).status_code == 422
    # With the monuments' switch on, the same setup starts with the monument, and the game deals them.
    on = client.get("/{}/new?{}&fortune_monuments=y".format(lang, SETUP))
    assert on.status_code == 302
    game = decode(urlsplit(on.headers["Location"]).path.split("/")[3])
    assert (game["players"][0]["monument"], game["fortune_monuments"]) == ("hollow-hill", True)


SOLO = ("players-0=Ann&red=farm&grey=well&orange=chapel&green=tavern&yellow=theater&navy=factory"
        "&mode=solo&fortune=y&fortune_monuments=y&monuments-0=southern-semaphore&action=start")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_monument_solo_leaves_out_by_the_address_is_not_dropped_without_a_word(client, lang):
    """Southern Semaphore is not used in Solo; chosen by the address of a Solo setup with Fortune's cards on, the
    game started (302) and Ann had no monument, said nowhere (as a Fortune monument with the switch off was)."""
    answer = client.get("/{}/new?{}".format(lang, SOLO))
    if answer.status_code in (301, 302, 303):
        game = decode(urlsplit(answer.headers["Location"]).path.split("/")[3])
        assert game["players"][0]["monument"] == "southern-semaphore", \
            "the Solo game started and Ann's Southern Semaphore, chosen in the address, was dropped without a message"
    else:
        assert 400 <= answer.status_code < 500


@pytest.mark.parametrize(("lang", "label"), [("en", "Fortune's monuments"), ("fr", "Monuments Fortune"),
                                             ("hu", "Fortune-emlékművek")])
def test_fortunes_monuments_have_a_switch_of_their_own_that_a_game_begun_keeps(client, lang, label):
    html = client.get("/{}/new".format(lang)).get_data(as_text=True).replace("&#39;", "'")
    assert ('<label class="choice"><input id="fortune_monuments" name="fortune_monuments" type="checkbox" value="y"> '
            '{}</label>').format(label) in html
    # Play again: the setup comes back with it ticked, Fortune's cards not.
    started = client.get("/{}/new?{}&fortune_monuments=y".format(lang, SETUP))
    code = urlsplit(started.headers["Location"]).path.split("/")[3]
    again = client.get("/{}/new".format(lang), query_string={"again": code})
    assert again.status_code == 200
    page = again.get_data(as_text=True)
    assert '<input checked id="fortune_monuments" name="fortune_monuments" type="checkbox" value="y">' in page
    assert '<input id="fortune" name="fortune" type="checkbox" value="y">' in page
