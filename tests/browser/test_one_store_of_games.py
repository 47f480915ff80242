"""One store of games on a phone (issue 47, point 7): a game deleted from the home page's list leaves "Your games"
too, "Delete all" asks and then deletes the statistics as well, and "Your games" deleting its games lets the
home page's finished games go while a game in progress stays."""

from playwright.sync_api import expect

from support import examples
from support.browsing import WAIT
from support.phone import double_tap
from webscore.flow import history
from webscore.scoring import encode

FOUR = examples.FOUR_PLAYERS_CODE
TIED = encode(examples.tied_game(names=("Ann", "Bo")))
IN_PROGRESS = encode(dict(examples.tied_game(names=("Cy", "Dan")), players=[
    {"name": name, "monument": None, "town": [[None] * 4 for _ in range(4)]} for name in ("Cy", "Dan")]))


def stored(page, key):
    return page.evaluate("(key) => JSON.parse(localStorage.getItem(key))", key)


def play_two_games(page, base):
    """Finish two games on the phone (their results seen) and leave a third in progress."""
    for code in (FOUR, TIED):
        page.goto("{}/en/r/{}".format(base, code))
        page.wait_for_function("(code) => (localStorage.getItem('marquoir.played') || '').includes(code)", arg=code,
                               timeout=WAIT)
    page.goto("{}/en/g/{}/1".format(base, IN_PROGRESS))
    page.wait_for_selector("form.js-town[data-live-total]", timeout=WAIT)
    page.goto(base + "/en/")
    expect(page.locator(".recent-list li")).to_have_count(3)


def test_a_game_deleted_on_the_home_page_leaves_your_games(tab, live_server):
    page = tab
    play_two_games(page, live_server)
    # Double-tapped, as a hurried finger does: the next game's Delete, moved up under the finger, stays.
    double_tap(page, page.get_by_role("button", name="Delete the game of Ann and Bo"))
    expect(page.locator(".recent-list li")).to_have_count(2)
    expect(page.get_by_role("button", name="Delete the game of Annabell, Bernadet, Csongork, and Dominika")).to_be_focused()
    assert [game["code"] for game in stored(page, "marquoir.played")] == [FOUR]


def test_delete_all_asks_and_deletes_the_statistics_too(tab, live_server):
    page = tab
    play_two_games(page, live_server)
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.click(".delete-all")
    # Dismissed: nothing goes.
    assert asked == ["Delete every game kept on this phone, with its statistics in “Your games”?"]
    expect(page.locator(".recent-list li")).to_have_count(3)
    page.once("dialog", lambda dialog: dialog.accept())
    page.click(".delete-all")
    expect(page.locator(".recent")).to_be_hidden()
    assert stored(page, "marquoir.played") == []


def test_deleting_your_games_lets_the_finished_games_of_the_home_page_go(tab, live_server):
    page = tab
    play_two_games(page, live_server)
    page.goto(live_server + "/en/games")
    page.wait_for_function("() => performance.getEntriesByName('marquoir:games-drawn').length >= 1", timeout=WAIT)
    # The question is asked once the core has worded it for the games kept then: answered as it comes, and the
    # games gone, before the page is left.
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("[data-action=delete]")
    page.wait_for_function("() => JSON.parse(localStorage.getItem('marquoir.played')).length === 0", timeout=WAIT)
    page.goto(live_server + "/en/")
    # The game in progress stays, to be finished.
    expect(page.locator(".recent-list li")).to_have_count(1)
    expect(page.locator(".recent-list li a")).to_have_text("Cy and Dan")
    assert stored(page, "marquoir.played") == []


def test_a_phone_keeps_the_newest_games_up_to_the_flows_figure_past_it_the_oldest_go(tab, live_server):
    # As many games as a phone keeps, then a result the server drew: the oldest goes, read from the page's figure.
    page = tab
    page.goto(live_server + "/en/")
    page.evaluate("""(count) => localStorage.setItem("marquoir.played", JSON.stringify(
        Array.from({ length: count }, (_, n) => ({ code: "old-" + n, when: 1_700_000_000_000 + n, key: "k" + n }))))""",
                  history.MAX_GAMES)
    page.goto("{}/en/r/{}".format(live_server, FOUR))
    page.wait_for_function("(code) => (localStorage.getItem('marquoir.played') || '').includes(code)", arg=FOUR,
                           timeout=WAIT)
    codes = [game["code"] for game in stored(page, "marquoir.played")]
    assert (len(codes), codes[0], codes[-1]) == (history.MAX_GAMES, "old-1", FOUR)
    # Another on the quick pad, whose page gives the figure in its words: the next oldest goes.
    page.goto(live_server + "/en/pad?mode=town-hall&n0=Ana&blue0=12&n1=Bo&blue1=15&empty1=1")
    page.wait_for_function("() => JSON.parse(localStorage.getItem('marquoir.played'))[0].code === 'old-2'", timeout=WAIT)
    codes = [game["code"] for game in stored(page, "marquoir.played")]
    assert (len(codes), codes[0], codes[-1][:4]) == (history.MAX_GAMES, "old-2", "pad?")
