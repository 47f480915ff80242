"""Your games, on a phone (360x740): twelve games among five players, as kept on the phone, summed up in three
languages as counted by hand (tests/flow/test_history.py counts them), merged, filtered, exported, cleared and
imported back, offline, and without an axe-core violation in either theme."""

import json
import re

import pytest
from playwright.sync_api import expect

from support import examples
from support import kept_games
from support.accessibility import violations
from support.browsing import PHONE
from support.browsing import WAIT
from support.phone import go_offline
from support.phone import install
from support.phone import see_scores
from support.phone import slow_network
from support.phone import tap_town

DRAWN = "() => performance.getEntriesByName('marquoir:games-drawn').length >= 1"
# Per language: the count of games, and Dóra's figures (9 games, 4 wins of 9, 280 points: 31.1 on average).
SAID = {
    "en": ("12 games", {"Games": "9", "Wins": "4 (44%)", "Average": "31.1", "Best town": "36", "Worst town": "27"}),
    "fr": ("12 parties", {"Parties": "9", "Victoires": "4 (44\u00a0%)", "Moyenne": "31,1", "Meilleure bourgade": "36",
                          "Moins bonne bourgade": "27"}),
    "hu": ("12 játszma", {"Játszmák": "9", "Győzelmek": "4 (44%)", "Átlag": "31,1", "Legjobb város": "36",
                          "Leggyengébb város": "27"}),
}


def keep(page, base, games=None):
    """Put the twelve games in the phone's storage, as finishing them on it would have; from here every
    answer of the server to this page is watched for a 5xx (see served_well)."""
    failures = page.failures = []
    page.on("response", lambda response: failures.append(response.url) if response.status >= 500 else None)
    page.goto(base + "/en/rules")
    now = page.evaluate("Date.now()")
    page.evaluate("(games) => localStorage.setItem('marquoir.played', JSON.stringify(games))",
                  kept_games.kept(now) if games is None else games)
    return now


def served_well(page):
    """Assert the server answered nothing with a 5xx to what the page asked since keep()."""
    assert page.failures == []


def open_games(page, url):
    page.goto(url)
    page.wait_for_function(DRAWN, timeout=WAIT)


def figures(page, name):
    """Return a player's figures as the page lists them, {label: value}."""
    card = page.locator("article.stats-player", has=page.get_by_role("heading", name=name, exact=True))
    return dict(zip(card.locator("dt").all_text_contents(), card.locator("dd").all_text_contents()))


def test_twelve_games_are_summed_up_in_each_language_as_counted_by_hand(tab, live_server):
    page = tab
    keep(page, live_server)
    for lang, (count, dora) in SAID.items():
        open_games(page, "{}/{}/games".format(live_server, lang))
        expect(page.locator(".stats-count")).to_have_text(count)
        shown = figures(page, "Dóra")
        assert {label: shown[label] for label in dora} == dora
        assert page.evaluate("document.documentElement.scrollWidth") == PHONE["viewport"]["width"]
    # At 200 % zoom (180 px wide) nothing scrolls sideways either, its tables and charts included.
    page.set_viewport_size({"width": 180, "height": 370})
    for summary in page.locator("figure summary").all():
        summary.click()
    assert page.evaluate("document.documentElement.scrollWidth") == 180
    page.set_viewport_size(PHONE["viewport"])
    for summary in page.locator("figure summary").all():
        summary.click()
    # The wins chart is an image named by its title, its numbers in a table under it.
    chart = page.get_by_role("img", name="Győzelmek játékosonként")
    expect(chart).to_have_count(1)
    rows = page.locator("figure", has=chart).locator("tbody tr")
    assert [row.locator("th, td").all_text_contents() for row in rows.all()] == [
        ["Dóra", "9", "4", "44%"], ["Emese", "9", "4", "44%"], ["Cyrille", "9", "2", "22%"],
        ["Ana", "9", "1", "11%"], ["Bo", "8", "0", "0%"], ["Bó", "1", "0", "0%"]]
    assert page.locator("svg[role=img]").count() == 1 + 6 * 2 + 1
    # Every chart's numbers are a tap away.
    page.locator("figure", has=chart).locator("summary").click()
    expect(rows.first).to_be_visible()
    # Dóra's best town is a link to its result.
    page.locator("article.stats-player").first.get_by_role("link", name="36").click()
    page.wait_for_url("**/hu/r/**")
    expect(page.locator(".ranking .rank.place-1 .who")).to_have_text("Dóra")
    served_well(page)


def test_a_merge_changes_the_figures_and_its_undo_puts_them_back(tab, live_server):
    page = tab
    keep(page, live_server)
    open_games(page, live_server + "/en/games")
    assert figures(page, "Bo")["Games"] == "8"
    page.get_by_label("Count").select_option("Bó")
    page.get_by_label("as", exact=True).select_option("Bo")
    page.get_by_role("button", name="Merge").click()
    expect(page.get_by_text("The name Bó counts as Bo.", exact=True)).to_have_count(1)
    # The form drawn again, the focus is on its heading and the merge is said.
    expect(page.locator("#merge-heading")).to_be_focused()
    expect(page.locator("#announce")).to_have_text("The name Bó counts as Bo.")
    # Bo's 242 points in 8 games and Bó's 27 in one: 269 in 9.
    assert {k: figures(page, "Bo")[k] for k in ("Games", "Average", "Worst town")} == \
        {"Games": "9", "Average": "29.9", "Worst town": "27"}
    expect(page.get_by_role("heading", name="Bó", exact=True)).to_have_count(0)
    # The merge is kept: a reload shows it.
    open_games(page, live_server + "/en/games")
    assert figures(page, "Bo")["Games"] == "9"
    page.get_by_role("button", name="Undo").click()
    expect(page.get_by_role("heading", name="Bó", exact=True)).to_have_count(1)
    expect(page.locator("#announce")).to_have_text("The name Bó counts on its own again.")
    assert figures(page, "Bo")["Games"] == "8"
    # The form starts on two different names; a name merged into itself is refused in the form, not looped.
    assert page.get_by_label("Count").input_value() == "Ana"
    assert page.get_by_label("as", exact=True).input_value() == "Bo"
    page.get_by_label("as", exact=True).select_option("Ana")
    page.get_by_role("button", name="Merge").click()
    expect(page.locator(".stats-merge .merge-message")).to_have_text("Choose two different names.")
    served_well(page)


def test_a_game_finished_is_counted_even_when_the_phone_s_list_of_games_is_full(tab, live_server):
    page = tab
    page.goto(live_server + "/en/rules")
    now = page.evaluate("Date.now()")
    # Thirty finished games in "Games on this phone" (its most), kept before "Your games" kept its own list.
    listed = [{"id": "game {}".format(n), "lang": "en", "code": game["code"], "path": "/en/r/" + game["code"],
               "names": ["Ana"], "finished": True, "when": game["when"], "seen": [game["code"]]}
              for n, game in enumerate(kept_games.many(30, now))]
    page.evaluate("(games) => localStorage.setItem('marquoir.games', JSON.stringify(games))", listed)
    page.goto(live_server + "/en/r/" + examples.FOUR_PLAYERS_CODE)
    page.wait_for_function("() => localStorage.getItem('marquoir.played') !== null")
    # Thirty-one games, though "Games on this phone" let the oldest go; the same result seen again adds none.
    page.goto(live_server + "/en/r/" + examples.FOUR_PLAYERS_CODE)
    open_games(page, live_server + "/en/games")
    expect(page.locator(".stats-count")).to_have_text("31 games")


def test_back_from_a_best_town_comes_back_to_where_the_page_was_read(tab, live_server):
    page = tab
    keep(page, live_server)
    open_games(page, live_server + "/fr/games")
    ana = page.locator("article.stats-player", has=page.get_by_role("heading", name="Ana", exact=True))
    link = ana.get_by_role("link", name="36")
    link.scroll_into_view_if_needed()
    assert page.evaluate("scrollY") > 740
    read_at = link.bounding_box()["y"]
    link.click()
    page.wait_for_url("**/fr/r/**")
    page.go_back()
    page.wait_for_function("() => performance.getEntriesByName('marquoir:games-put-back').length === 1", timeout=WAIT)
    # The link stands where it stood on the screen when it was tapped.
    assert abs(ana.get_by_role("link", name="36").bounding_box()["y"] - read_at) < 2


def test_a_period_is_kept_in_the_address(tab, live_server):
    page = tab
    keep(page, live_server)
    open_games(page, live_server + "/fr/games")
    page.get_by_label("Période").select_option("month")
    expect(page.locator(".stats-count")).to_have_text("10 parties")
    assert page.url.endswith("/fr/games?period=month")
    expect(page.get_by_label("Période")).to_be_focused()
    open_games(page, page.url)
    expect(page.locator(".stats-count")).to_have_text("10 parties")
    page.get_by_label("Qui a joué").select_option(label="Ana, Bo, Cyrille et Dóra")
    # Games 0 and 5 are that group's; only 5 is in the last 30 days.
    expect(page.locator(".stats-count")).to_have_text("1 partie")


def test_export_clear_and_import_restore_the_same_page(tab, live_server, tmp_path):
    page = tab
    keep(page, live_server)
    open_games(page, live_server + "/hu/games")
    page.get_by_label("Ezt a nevet:").select_option("Bó")
    page.get_by_label("vond össze ezzel:").select_option("Bo")
    page.get_by_role("button", name="Összevonás").click()
    expect(page.get_by_text("Bó mostantól Bo néven számít.", exact=True)).to_have_count(1)
    # Said once the page is drawn whole, its days written after its figures.
    expect(page.locator("#announce")).to_have_text("Bó mostantól Bo néven számít.")
    before = page.locator("#history").inner_html()
    with page.expect_download() as saved:
        page.get_by_role("button", name="Játszmák exportálása (JSON)").click()
    exported = tmp_path / saved.value.suggested_filename
    assert re.fullmatch(r"marquoir-jatszmak-\d{4}-\d\d-\d\d\.json", saved.value.suggested_filename)
    saved.value.save_as(exported)
    data = json.loads(exported.read_text())
    assert (data["app"], data["kind"], len(data["games"]), data["merged"]) == ("marquoir", "games", 12, {"Bó": "Bo"})
    with page.expect_download() as plays:
        page.get_by_role("button", name="Eredmények exportálása (CSV)").click()
    assert re.fullmatch(r"marquoir-eredmenyek-\d{4}-\d\d-\d\d\.csv", plays.value.suggested_filename)
    rows = (tmp_path / "plays.csv")
    plays.value.save_as(rows)
    # A row per player and game: 11 games of four and a solo game; Bó counted as Bo. In Hungarian, as a Hungarian
    # spreadsheet opens it: a byte order mark, then columns parted by ";", the head and the modes in Hungarian.
    text = rows.read_text(encoding="utf-8")
    lines = text.lstrip("\ufeff").splitlines()
    assert text.startswith("\ufeffdátum;link;mód;hely az asztalnál;játékos;pontszám;helyezés;győztes")
    assert len(lines) == 1 + 11 * 4 + 1 and lines[-4].split(";")[4] == "Bo"
    assert lines[-4].split(";")[2] == "Főépítész"
    # The link opens the game's result on this site.
    assert re.fullmatch(re.escape(live_server) + r"/hu/r/[\w-]+", lines[-4].split(";")[1])

    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    page.get_by_role("button", name="Játszmák törlése").click()
    page.wait_for_selector(".stats-none")
    assert asked == ["Törlöd erről a telefonról a statisztikához eltett 12\u00a0játszmát, "
                     "bármilyen időszakot és játékosokat választottál is?"]
    # A damaged file is refused in the page's language, and nothing changes.
    (tmp_path / "damaged.json").write_text(exported.read_text()[:-40])
    page.set_input_files("#import-file", tmp_path / "damaged.json")
    expect(page.locator(".import-message")).to_have_text("Ez a fájl sérült: semmit sem importáltunk.")
    expect(page.locator(".stats-none")).to_have_count(1)
    # A date no phone writes (the year 5138), and a file far bigger than an export: refused too.
    late = json.loads(exported.read_text())
    late["games"][3]["when"] = 10**14
    (tmp_path / "late.json").write_text(json.dumps(late))
    page.set_input_files("#import-file", tmp_path / "late.json")
    expect(page.locator(".import-message")).to_have_text("Ez a fájl sérült: semmit sem importáltunk.")
    (tmp_path / "big.json").write_text(" " * 2_000_001)
    page.set_input_files("#import-file", tmp_path / "big.json")
    expect(page.locator(".import-message")).to_have_text(
        "Ez a fájl túl nagy ahhoz, hogy Marquoir-export legyen: semmit sem importáltunk.")
    expect(page.locator(".stats-none")).to_have_count(1)
    page.set_input_files("#import-file", exported)
    expect(page.locator(".import-message")).to_have_text("12 játszma hozzáadva.")
    assert page.locator("#history").inner_html() == before
    # The same file again adds nothing.
    page.set_input_files("#import-file", exported)
    expect(page.locator(".import-message")).to_have_text("Nincs új játszma: a fájl minden játszmája már megvan.")
    # A code changed by one character does not open: the file is damaged, and none of its games is taken.
    changed = json.loads(exported.read_text())
    code = changed["games"][0]["code"]
    changed["games"][0]["code"] = code[:20] + ("A" if code[20] != "A" else "B") + code[21:]
    (tmp_path / "changed.json").write_text(json.dumps(changed))
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Játszmák törlése").click()
    page.wait_for_selector(".stats-none")
    # What the last import said goes with the games.
    expect(page.locator(".import-message")).to_have_text("")
    page.set_input_files("#import-file", tmp_path / "changed.json")
    expect(page.locator(".import-message")).to_have_text("Ez a fájl sérült: semmit sem importáltunk.")
    expect(page.locator(".stats-none")).to_have_count(1)
    served_well(page)


def test_the_page_works_offline_never_visited(phone, live_server):
    page = phone.new_page()
    install(page, live_server)
    keep(page, live_server)
    go_offline(phone)
    open_games(page, live_server + "/fr/games")
    expect(page.locator(".stats-count")).to_have_text("12 parties")
    page.get_by_label("Période").select_option("year")
    expect(page.locator(".stats-count")).to_have_text("12 parties")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_axe_violation_on_the_page_with_its_numbers_open(browser, live_server, scheme):
    context = browser.new_context(color_scheme=scheme, bypass_csp=True, service_workers="block", **PHONE)
    page = context.new_page()
    keep(page, live_server)
    open_games(page, live_server + "/en/games")
    for summary in page.locator("figure summary").all()[:3]:
        summary.click()
    assert violations(page) == []
    context.close()


@pytest.fixture
def phone_alone(browser):
    """A phone whose service worker never starts: the core's bundle is fetched by the page's worker alone."""
    context = browser.new_context(service_workers="block", **PHONE)
    yield context
    context.close()


def test_a_file_chosen_before_the_core_was_ready_is_imported_once_it_is(phone_alone, live_server, tmp_path):
    phone = phone_alone
    page = phone.new_page()
    now = keep(page, live_server, games=[])
    exported = tmp_path / "games.json"
    games = [{"code": g["code"], "when": g["when"]} for g in kept_games.kept(now)]
    exported.write_text(json.dumps({"app": "marquoir", "kind": "games", "version": 1, "games": games, "merged": {}}))
    held = []
    released = []
    # A phone's latency (300 ms each way, as DevTools sets it), and the core's bundle held (the page's preload
    # and the worker's fetch alike) until the file is chosen.
    page.context.new_cdp_session(page).send("Network.emulateNetworkConditions", {
        "offline": False, "latency": 300, "downloadThroughput": -1, "uploadThroughput": -1})
    phone.route(re.compile(r".*/core\.bundle$"), lambda route: route.continue_() if released else held.append(route))
    with phone.expect_event("request", lambda request: request.url.endswith("/core.bundle")):
        page.goto(live_server + "/en/games")
    page.set_input_files("#import-file", exported)
    expect(page.locator("#history .hint")).to_have_text("Counting the games…")
    while not held:
        page.evaluate("0")  # each call lets Playwright hand the held request over
    released.append(True)
    for route in held:
        route.continue_()
    expect(page.locator(".import-message")).to_have_text("12 games added.", timeout=WAIT)
    expect(page.locator(".stats-count")).to_have_text("12 games")
    served_well(page)


def test_a_core_that_cannot_start_is_said_and_the_games_can_still_be_exported(phone, live_server, tmp_path):
    # Routed before the first page: its service worker would otherwise keep the bundle before the route is set.
    phone.route(re.compile(r".*/core\.bundle$"), lambda route: route.abort())
    page = phone.new_page()
    keep(page, live_server)
    page.goto(live_server + "/hu/games")
    expect(page.locator("#history .notice")).to_have_text(
        "A statisztika most nem rajzolható meg ezen a telefonon: nyisd meg újra ezt az oldalt, amikor van hálózat.")
    with page.expect_download() as saved:
        page.get_by_role("button", name="Játszmák exportálása (JSON)").click()
    # Saved here: the run's shared browser keeps its downloads in a folder of its own process (path() refuses).
    exported = tmp_path / "games.json"
    saved.value.save_as(exported)
    assert len(json.loads(exported.read_text())["games"]) == 12
    # Named, and the deletion asked, in the page's words as the server wrote them: no day, no count.
    assert saved.value.suggested_filename == "marquoir-jatszmak.json"
    page.once("dialog", lambda dialog: dialog.dismiss())
    with page.expect_event("dialog") as asked:
        page.get_by_role("button", name="Játszmák törlése").click()
    assert asked.value.message == ("Törlöd erről a telefonról a statisztikához eltett összes játszmát, "
                                   "bármilyen időszakot és játékosokat választottál is?")
    assert len(page.evaluate("() => JSON.parse(localStorage.getItem('marquoir.played'))")) == 12


TOWN = ("cottage farm cottage well", "cottage . . .", ". . . .", ". . . .")
OTHER = ("cottage cottage farm well", ". . . .", ". . . .", ". . . .")


def played_codes(page) -> list:
    return [game["code"] for game in page.evaluate("() => JSON.parse(localStorage.getItem('marquoir.played'))")]


def _two_towns(page, first, second):
    tap_town(page, first)
    page.click("button[value=next]")
    page.wait_for_url("**/g/**/2")
    page.wait_for_selector("form.js-town[data-live-total]")
    tap_town(page, second)
    see_scores(page)


def test_a_rematch_with_the_same_cards_is_a_new_game_and_a_town_changed_from_the_scores_corrects_one(tab, live_server):
    # Two plays of the same setup by the same table at 100 ms: counted twice; a town changed from the second
    # one's scores corrects it, leaving the first alone.
    page = tab
    slow_network(page, 100)
    page.goto(live_server + "/fr/new")
    page.wait_for_function("() => performance.getEntriesByName('marquoir:core-ready').length === 1")
    page.fill("#players-0", "Léa")
    page.fill("#players-1", "Noé")
    page.click("button[value=start]")
    page.wait_for_url("**/g/**/1")
    page.wait_for_selector("form.js-town[data-live-total]")
    _two_towns(page, TOWN, TOWN)
    first = page.url.rsplit("/", 1)[1]
    page.get_by_role("link", name="Rejouer avec les mêmes joueurs et bâtiments").click()
    page.wait_for_function("() => performance.getEntriesByName('marquoir:core-ready').length === 1")
    page.click("button[value=start]")
    page.wait_for_url("**/g/**/1")
    page.wait_for_selector("form.js-town[data-live-total]")
    _two_towns(page, OTHER, OTHER)
    second = page.url.rsplit("/", 1)[1]
    assert played_codes(page) == [first, second]
    page.locator("a.change-town").first.click()
    page.wait_for_url("**/g/**/1?from=scores")
    page.wait_for_selector("form.js-town[data-live-total]")
    page.click(".tool[data-card=well]")
    page.click(".square[data-square=d4]")
    page.click("button[name=go][value=results]")
    page.wait_for_url("**/fr/r/**")
    corrected = page.url.rsplit("/", 1)[1]
    expect(page.locator(".ranking")).to_be_visible()
    page.wait_for_function("(code) => localStorage.getItem('marquoir.played').includes(code)", arg=corrected)
    assert played_codes(page) == [first, corrected]


def test_the_import_button_speaks_the_pages_language_not_the_browsers(tab, live_server, tmp_path):
    page = tab
    keep(page, live_server)
    open_games(page, live_server + "/fr/games")
    # The browser's own field would say "Choose File / No file chosen": its label is the button, in French.
    button = page.locator("label[for=import-file]")
    expect(button).to_have_text("Importer des parties exportées par Marquoir (JSON)")
    assert page.locator("#import-file").bounding_box()["width"] <= 1
    with page.expect_file_chooser() as chooser:
        button.click()
    (tmp_path / "none.json").write_text("{}")
    chooser.value.set_files(tmp_path / "none.json")
    expect(page.locator(".import-message")).to_have_text(
        "Ce fichier n’est pas une liste de parties exportée par Marquoir\u00a0: rien n’a été importé.")
    served_well(page)
