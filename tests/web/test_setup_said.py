"""What the setup tells a screen reader of a button answered, through the page's live region (setup.js announces the
"said" of webscore.flow.setup_pieces.setup_lines): the player removed or moved up, named as typed before, and the
monuments dealt, in each language."""

import pytest

from support.apps import browser_words
from webscore.flow import setup_pieces

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
