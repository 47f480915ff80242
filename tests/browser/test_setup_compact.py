"""The setup at a table's hurry, on a 360×740 phone (issue cases 4, 8 and 10's setup slips).

The seven buildings show as a row, their chooser opens on demand, so the players and "Enter the towns" fit
the first two screens in every language; monuments dealt show as each player's two options; every row's name
and monument have one width, long monument names whole; legends stay inside their boxes.
"""

import re

import pytest
from playwright.sync_api import expect

from support.browsing import CORE_READY
from webscore.languages import LANGUAGES
from webscore.scoring import decode

SCREEN = 740
FOUR = ("players-0=Anna&players-1=Ben&players-2=Cleo&players-3=Dominika&monuments-0=cathedral-of-caterina"
        "&red=farm&grey=well&orange=chapel&green=tavern&yellow=theater&navy=factory&action=refresh")
CHOSEN = {"en": ["Cottage", "Farm", "Well", "Chapel", "Tavern", "Theater", "Factory"],
          "fr": ["Maison de campagne", "Ferme", "Puits", "Chapelle", "Taverne", "Théâtre", "Usine"],
          "hu": ["Kunyhó", "Tanya", "Kút", "Kápolna", "Kocsma", "Színház", "Gyár"]}
WORDS = {"en": ("Change the buildings", "Deal 2 monuments each", "Monument: keep one of the two dealt"),
         "fr": ("Changer les bâtiments", "Distribuer 2 monuments par joueur", "Monument\u00a0: garder l’un des deux distribués"),
         "hu": ("Épületek cseréje", "Fejenként 2 emlékmű kiosztása", "Emlékmű: tarts meg egyet a kiosztott kettőből")}
# The widest option of a monument select, in its own font, against the room its box leaves for words.
SELECT_ROOM = """(select) => {
  const style = getComputedStyle(select);
  const context = document.createElement("canvas").getContext("2d");
  context.font = style.font;
  const widest = Math.max(...[...select.options].map((option) => context.measureText(option.text).width));
  return [widest, select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20];
}"""


def _bottom(page, selector):
    box = page.locator(selector).bounding_box()
    return box["y"] + box["height"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_players_and_the_first_action_fit_two_screens_with_the_seven_in_a_row(tab, live_server, lang):
    page = tab
    for query in ("", "?" + FOUR):
        page.goto(live_server + "/{}/new{}".format(lang, query))
        assert _bottom(page, "button[value=start]") <= 2 * SCREEN
        assert _bottom(page, "ol.players") <= 2 * SCREEN
        expect(page.locator(".chosen-cards li")).to_have_text(CHOSEN[lang])
        # The chooser is folded: its 24 cards are not in sight until asked for.
        expect(page.locator("details.chooser")).not_to_have_attribute("open", re.compile(".*"))
        expect(page.locator("input[name=red]").first).not_to_be_visible()
    page.get_by_text(WORDS[lang][0]).click()
    expect(page.locator("input[name=red]").first).to_be_visible()


def test_a_card_chosen_shows_in_the_row_of_seven(tab, live_server):
    page = tab
    page.goto(live_server + "/en/new")
    page.wait_for_function(CORE_READY)
    page.get_by_text("Change the buildings").click()
    page.get_by_role("radio", name="Granary").check()
    expect(page.locator(".chosen-card[data-colour=red]")).to_have_text("Granary")
    # A set chosen by a button is named in the row as the chooser checks it.
    page.click("button[value=first-game]")
    expect(page.locator("input[name=red][value=farm]")).to_be_checked()
    expect(page.locator(".chosen-cards li")).to_have_text(CHOSEN["en"])


def test_a_colour_with_a_problem_opens_the_chooser_at_its_message(phone_without_js, live_server):
    page = phone_without_js.new_page()
    answer = page.goto(live_server + "/fr/new?players-0=Anna&players-1=Ben&red=&grey=well&orange=chapel"
                       "&green=tavern&yellow=theater&navy=factory&action=start")
    assert answer.status == 422
    expect(page.locator("details.chooser")).to_have_attribute("open", "")
    expect(page.locator("fieldset.c-red .error")).to_have_text("Choisissez une carte de chaque couleur.")
    expect(page.locator(".chosen-card[data-colour=red]")).to_have_text("rouge\u00a0: aucune carte choisie")
    expect(page.locator("#players-1")).to_have_value("Ben")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_monuments_dealt_show_as_each_players_two_options(tab, live_server, lang):
    page = tab
    page.goto(live_server + "/{}/new".format(lang))
    page.wait_for_function(CORE_READY)
    page.fill("#players-0", "Anna")
    page.fill("#players-1", "Ben")
    page.get_by_role("button", name=WORDS[lang][1]).click()
    pairs = page.locator(".player-row .dealt-pair:visible")
    expect(pairs).to_have_count(2)
    expect(pairs.locator("legend")).to_have_text([WORDS[lang][2]] * 2)
    expect(pairs.nth(0).get_by_role("radio")).to_have_count(2)
    dealt = page.input_value("#dealt-0").split()
    pairs.nth(0).get_by_role("radio").nth(1).check()
    page.click("button[value=start]")
    page.wait_for_url("**/g/**/1")
    game = decode(re.search(r"/g/([A-Za-z0-9_-]+)/", page.url).group(1))
    assert (game["players"][0]["monument"], game["players"][1]["monument"]) == (dealt[1], None)


def test_without_scripts_monuments_dealt_show_as_two_options_too(phone_without_js, live_server):
    page = phone_without_js.new_page()
    page.goto(live_server + "/hu/new?players-0=Anna&players-1=Ben&action=deal-monuments")
    pairs = page.locator(".player-row .dealt-pair")
    expect(pairs).to_have_count(2)
    expect(pairs.nth(1).get_by_role("radio")).to_have_count(2)
    expect(page.locator("select.monument")).to_have_count(0)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_row_has_one_width_of_name_and_monument_and_the_longest_name_is_whole(tab, live_server, lang):
    page = tab
    page.goto(live_server + "/{}/new?{}".format(lang, FOUR))
    page.wait_for_function(CORE_READY)
    # A row drawn by the page itself (added) is drawn as the server's are.
    page.click("button[value=add]")
    expect(page.locator("input.name")).to_have_count(5)
    names = [box["width"] for box in (page.locator("input.name").nth(n).bounding_box() for n in range(5))]
    selects = [box["width"] for box in (page.locator("select.monument").nth(n).bounding_box() for n in range(5))]
    assert len(set(names)) == 1 and len(set(selects)) == 1
    widest, room = page.locator("#monuments-0").evaluate(SELECT_ROOM)
    assert widest <= room
    # Each legend stands inside its box, its border drawn above it; checkboxes are all one size.
    for n in range(page.locator("form.setup > fieldset").count()):
        fieldset = page.locator("form.setup > fieldset").nth(n)
        assert fieldset.locator("legend").first.bounding_box()["y"] >= fieldset.bounding_box()["y"]
    sizes = {(box["width"], box["height"]) for box in (
        page.locator("input[type=checkbox]").nth(n).bounding_box() for n in range(page.locator("input[type=checkbox]").count()))}
    assert len(sizes) == 1


@pytest.mark.parametrize("lang", LANGUAGES)
def test_at_200_percent_zoom_the_setup_and_its_chooser_never_scroll_sideways(browser, live_server, lang):
    context = browser.new_context(viewport={"width": 180, "height": 370}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(live_server + "/{}/new?{}".format(lang, FOUR))
        page.click("details.chooser summary")
        expect(page.locator("input[name=red]").first).to_be_visible()
        assert page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth") == 0
    finally:
        context.close()
