"""A town changed from the scores ("Change this town") goes straight back to them, saved, in one tap."""

import re

import pytest
from playwright.sync_api import expect

from support import examples
from webscore.languages import LANGUAGES
from webscore.scoring import decode

CODE = examples.FOUR_PLAYERS_CODE
WORDS = {"en": ("Change this town", "Back to the scores", "Next player"),
         "fr": ("Modifier cette bourgade", "Retour aux scores", "Joueur suivant"),
         "hu": ("A város módosítása", "Vissza a pontszámokhoz", "Következő játékos")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_back_to_the_scores_saves_the_changed_town_and_shows_them(tab, live_server, lang):
    change, back, _ = WORDS[lang]
    page = tab
    page.goto(live_server + "/{}/r/{}".format(lang, CODE))
    page.locator("#town-2").get_by_role("link", name=change).click()
    page.wait_for_selector("form.js-town[data-live-total]")
    # The way back is the primary action, beside the step's own ways.
    expect(page.locator(".step-actions .primary")).to_have_text(back)
    before = decode(CODE)["players"][1]["town"]
    card = "well" if before[0][0] != "well" else "cottage"
    page.click(".palette .tool[data-card={}]".format(card))
    page.click(".square[data-square=a1] .square-button")
    page.get_by_role("button", name=back).click()
    expect(page).to_have_url(re.compile(r"/{}/r/[A-Za-z0-9_-]+$".format(lang)))
    game = decode(page.url.rsplit("/", 1)[1])
    assert game["players"][1]["town"] == [[card] + before[0][1:]] + before[1:]
    assert [player["town"] for player in game["players"][::2]] == [player["town"] for player in decode(CODE)["players"][::2]]


def test_a_step_after_one_opened_from_the_scores_still_offers_the_way_back(tab, live_server):
    page = tab
    page.goto(live_server + "/en/r/" + CODE)
    page.locator("#town-3").get_by_role("link", name="Change this town").click()
    page.wait_for_selector("form.js-town[data-live-total]")
    page.get_by_role("button", name="Next player").click()
    expect(page.locator("h1")).to_have_text("Town of Dominika")
    expect(page.locator(".step-actions .primary")).to_have_text("Back to the scores")
    # A reload keeps it (the address holds it), and the last player has no "Next player".
    page.reload()
    expect(page.locator(".step-actions button")).to_have_text(["Previous player", "Back to the scores"])
    page.get_by_role("button", name="Back to the scores").click()
    expect(page).to_have_url(live_server + "/en/r/" + CODE)


def test_a_town_entered_for_the_first_time_has_no_way_back_to_scores_not_yet_seen(tab, live_server):
    page = tab
    page.goto(live_server + "/en/g/{}/2".format(CODE))
    expect(page.locator(".step-actions button")).to_have_text(["Previous player", "Next player"])
    expect(page.locator(".step-actions .primary")).to_have_text("Next player")
