"""What the setup tells a screen reader of a button answered, through the page's live region (setup.js announces the
"said" of webscore.flow.setup_pieces.setup_lines): the player removed or moved up, named as typed before, and the
monuments dealt, in each language; and the title setup.js gives a setup it refuses, as the server's page titles it."""

import html
import re

import pytest

from support.apps import browser_words
from webscore.flow import setup_pieces
from webscore.flow.controls import page_title

SAID = {
    "en": ["Player removed: Bo.", "Player removed: Player 2.", "Cy moved up: player 2 of 4.",
           "Monuments dealt: 2 each. Ana: Barrett Castle or The Starloom. Player 2: Mandras Palace or Opaleye's Watch."],
    "fr": ["Joueur retiré\u00a0: Bo.", "Joueur retiré\u00a0: Joueur 2.", "Cy remonte\u00a0: joueur 2\u00a0sur 4.",
           "Monuments distribués\u00a0: 2\u00a0par joueur. Ana\u00a0: Château de Barrett ou Le\u00a0Métier à étoiles. "
           "Joueur 2\u00a0: Palais de Mandras ou Vigie d’Opaleye."],
    "hu": ["Játékos eltávolítva: Bo.", "Játékos eltávolítva: 2. játékos.",
           "Cy feljebb került: 2.\u00a0játékos (összesen 4).",
           "Fejenként 2\u00a0emlékmű kiosztva. Ana: Barrett-vár vagy Csillagszövő. "
           "2. játékos: Mandras-palota vagy Opálszem Őrtornya."],
}


@pytest.mark.parametrize("lang", sorted(SAID))
def test_the_setup_says_who_was_removed_or_moved_up_and_the_monuments_dealt(client, lang):
    words = browser_words(client, lang)
    before = ["Ana", "Bo", "Cy", "Dee"]
    said = [setup_pieces.setup_lines(words, ["Ana", "Cy", "Dee"], action="remove-1", before=before)["said"],
            setup_pieces.setup_lines(words, ["Ana", ""], action="remove-1", before=["Ana", "  ", ""])["said"],
            setup_pieces.setup_lines(words, ["Ana", "Cy", "Bo", "Dee"], action="up-2", before=before)["said"],
            setup_pieces.setup_lines(words, ["Ana", " ", "Cy"], action="deal-monuments", dealt=[
                "barrett-castle the-starloom", "mandras-palace opaleyes-watch", ""])["said"]]
    assert said == SAID[lang]


@pytest.mark.parametrize(("action", "before", "dealt"), [
    ("refresh", ["Ana", "Bo"], ["barrett-castle the-starloom", ""]), ("add", ["Ana", "Bo"], []),
    ("remove-2", ["Ana", "Bo"], []), ("up-x", ["Ana", "Bo"], []), ("remove-1", [], []),
    ("deal-monuments", [], ["", ""]), ("deal-monuments", [], ["castle the-starloom", "barrett-castle"]),
])
def test_the_setup_says_nothing_of_other_buttons_nor_of_rows_it_cannot_read(client, action, before, dealt):
    assert setup_pieces.setup_lines(browser_words(client, "en"), ["Ana", "Bo"], action=action, before=before,
                                    dealt=dealt)["said"] == ""


TITLES = {"en": ("Error: New game", "New game"), "fr": ("Erreur – Nouvelle partie", "Nouvelle partie"),
          "hu": ("Hiba: Új játszma", "Új játszma")}


@pytest.mark.parametrize("lang", sorted(TITLES))
def test_a_refused_setup_is_titled_by_the_script_as_the_servers_page_titles_it(client, lang):
    # setup.js left the title as it was, where the server's page said Error.
    words = browser_words(client, lang)
    missing = {"fields": {"players-1": [{"code": "name-missing", "player": 1, "square": None, "value": None}]},
               "general": []}
    too_many = {"fields": {}, "general": [{"code": "player-count", "player": None, "square": None, "value": 7}]}
    titles = [setup_pieces.setup_lines(words, ["Ana", ""], placed=placed)["title"]
              for placed in (missing, too_many, None, {"fields": {}, "general": []})]
    assert titles == [TITLES[lang][0]] * 2 + [TITLES[lang][1]] * 2

    def served(query):
        return html.unescape(re.search(r"<title>(.*?)</title>", client.get("/{}/new{}".format(lang, query)).text).group(1))

    assert served("?players-0=Ana&players-1=&action=start") == page_title(titles[0])
    assert served("") == page_title(titles[2])


def test_a_colours_message_on_the_servers_page_can_take_the_focus(client):
    # The first problem takes the focus (dom.mjs focusFirstProblem): a colour's message is no field's, so the message
    # itself, as the form's own message is.
    page = client.get("/en/new?players-0=Ana&players-1=Bo&red=farm&grey=well&orange=chapel&green=tavern&yellow=theater"
                      "&action=start").text
    assert '<span class="error" id="navy-error-1" role="alert" tabindex="-1">Choose one card of each colour.</span>' in page
    assert 'aria-describedby="navy-error-1"' in page
