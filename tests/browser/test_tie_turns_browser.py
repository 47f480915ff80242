"""A tie nobody counted turns for, on a 360 px phone at 100 ms: the form under the ranking says who wins with
equal turns, and "We did not count them" breaks the tie on the empty squares, their numbers in the ranking."""

from playwright.sync_api import expect

from support.browsing import WAIT
from support.phone import played
from support.phone import slow_network
from support.towns import town
from webscore.scoring import encode

EMPTY = ". . . ."
GAME = {"mode": "master-builder", "monuments": False, "cavern": False,
        "buildings": ["cottage", "farm", "well", "chapel", "almshouse", "theater", "factory"],
        "players": [{"name": "Ana", "monument": None, "town": town("cottage farm . .", EMPTY, EMPTY, EMPTY)},
                    {"name": "Bo", "monument": None, "town": town("cottage farm almshouse .", EMPTY, EMPTY, EMPTY)}]}


def test_we_did_not_count_them_breaks_the_tie_on_empty_squares(phone, live_server):
    page = phone.new_page()
    slow_network(page, 100)
    page.goto("{}/en/r/{}".format(live_server, encode(GAME)))
    expect(page.locator("form.turns .hint")).to_have_text(["Enter turns as Master Builder to break this tie.",
                                                           "With equal turns as Master Builder, Bo wins."])
    page.get_by_role("button", name="We did not count them").click()
    page.wait_for_url("**/en/r/**")
    expect(page.locator(".winner")).to_have_text("Bo wins with −11 points")
    expect(page.locator(".rank .tie")).to_have_text(["tie-break: 13 empty squares",
                                                     "tie-break: 14 empty squares"])
    # The form is still there, its boxes blank and saying the turns were taken as equal, for a table that finds
    # it did count them; a number typed there breaks the tie again.
    expect(page.locator("form.turns .hint")).to_have_text("Turns not counted: taken as equal.")
    expect(page.locator("#turns-1")).to_have_value("")
    expect(page.locator("#turns-2")).to_have_value("")
    page.fill("#turns-1", "5")
    page.fill("#turns-2", "6")
    page.get_by_role("button", name="Break the tie").click()
    expect(page.locator(".rank .tie")).to_have_text(["tie-break: 5 turns as Master Builder",
                                                     "tie-break: 6 turns as Master Builder"])
    expect(page.locator(".winner")).to_have_text("Ana wins with −11 points")


def test_breaking_a_tie_corrects_the_play_your_games_keeps(phone, live_server):
    # The tied result was finished on this phone and kept for "Your games"; the result with the tie broken takes
    # its place there: one play, not two.
    page = phone.new_page()
    tied = encode(GAME)
    page.goto("{}/en/r/{}".format(live_server, tied))
    expect(page.locator("form.turns")).to_be_visible()
    assert [game["code"] for game in page.evaluate("JSON.parse(localStorage.getItem('marquoir.played'))")] == [tied]
    page.fill("#turns-1", "5")
    page.fill("#turns-2", "6")
    page.get_by_role("button", name="Break the tie").click()
    expect(page.locator(".winner")).to_have_text("Ana wins with −11 points")
    broken = page.url.rsplit("/", 1)[1]
    assert broken != tied
    played(page, [broken])
    page.goto("{}/en/games".format(live_server))
    # Counted by the core, which may still be starting on a busy machine.
    expect(page.locator(".stats-count")).to_have_text("1 game", timeout=WAIT)
    # Back to the tied result, and the tie broken again otherwise: still the one play, as decided last.
    page.go_back()
    page.go_back()
    expect(page.locator("form.turns")).to_be_visible()
    assert page.url.endswith(tied)
    page.get_by_role("button", name="We did not count them").click()
    expect(page.locator(".winner")).to_have_text("Bo wins with −11 points")
    again = page.url.rsplit("/", 1)[1]
    played(page, [again])


def test_turns_typed_as_no_number_stay_in_their_box_and_are_named(phone, live_server):
    # A number box dropped what was no number to it (٣, from a keyboard writing ٣ for 3, which is 3 now:
    # scoring.digits) without a word, and the form sent it blank, a tie taken as not counted. The box keeps what was
    # typed (③, no number in any script), and the page says what it needs, in the reader's language.
    page = phone.new_page()
    page.goto("{}/fr/r/{}".format(live_server, encode(GAME)))
    page.fill("#turns-1", "\u2462")
    page.fill("#turns-2", "6")
    page.get_by_role("button", name="Départager").click()
    expect(page.locator("#turns-1-error")).to_have_text("Saisissez un nombre entier.")
    expect(page.locator("#turns-1")).to_have_value("\u2462")
    expect(page.locator("#turns-2")).to_have_value("6")
    expect(page.locator(".winner")).to_have_text("Ana et Bo partagent la première place avec −11 points")
