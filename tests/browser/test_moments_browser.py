"""A moment the pages show, a kept game's day and time on the home page and a game's day in "Your games", is written
by the flow in the page's language from the phone's clock (issue 49), as Intl.DateTimeFormat wrote it before: the
home page by the server's slots (no core there), "Your games" by the core."""

import pytest
from playwright.sync_api import expect

from support import kept_games
from support.browsing import WAIT
from webscore.scoring import encode

# Dec 5, 2026, 9:45 in the phone's own time zone.
MOMENT = "new Date(2026, 11, 5, 9, 45, 7).getTime()"


@pytest.mark.parametrize(("lang", "finished", "hint"), [
    ("en", True, " · finished · Dec 5, 2026, 9:45\u202fAM"),
    ("fr", False, " · en cours · 5 déc. 2026, 09:45"),
    ("hu", True, " · befejezve · 2026. dec. 5. 9:45"),
])
def test_a_kept_game_on_the_home_page_says_when_it_was_played_in_the_page_s_language(tab, live_server, lang,
                                                                                     finished, hint):
    page = tab
    page.goto("{}/{}/".format(live_server, lang))
    page.evaluate("""([finished, lang]) => localStorage.setItem("marquoir.games", JSON.stringify([{ id: "k", lang,
        code: "x", path: "/" + lang + "/r/x", names: ["Ana", "Bo"], finished, when: %s, seen: [] }]))""" % MOMENT,
                  [finished, lang])
    page.reload()
    expect(page.locator(".recent-list li")).to_have_count(1)
    assert page.locator(".recent-list .hint").evaluate("(hint) => hint.textContent") == hint


@pytest.mark.parametrize(("lang", "day"), [("en", "Dec 5, 2026"), ("fr", "5 déc. 2026"), ("hu", "2026. dec. 5.")])
def test_your_games_write_each_day_in_the_page_s_language(tab, live_server, lang, day):
    page = tab
    page.goto(live_server + "/en/rules")
    when = page.evaluate(MOMENT)
    page.evaluate("(games) => localStorage.setItem('marquoir.played', JSON.stringify(games))",
                  [{"code": encode(game), "when": when} for game in kept_games.games()[:3]])
    page.goto("{}/{}/games".format(live_server, lang))
    page.wait_for_function("() => performance.getEntriesByName('marquoir:games-drawn').length >= 1", timeout=WAIT)
    days = page.locator("time[data-when]").all_text_contents()
    assert days and set(days) == {day}
