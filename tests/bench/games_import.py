"""A thousand games on a throttled phone: importing them on "Your games", then opening the page again.

    .venv/bin/python tests/bench/games_import.py [--runs 3] [--games 1000]

The phone is first_visit.py's: Debian's Chromium, 360x740, CPU 4x slower on the page's main thread and in the
core's worker (CDP, each target attached), 150 ms latency. The app runs under gunicorn as in the Procfile.
Each run is a fresh context: /en/games with nothing kept, then an export file of N games (each a different
four-player game) chosen in its file field. Figures, min/median/max over the runs, milliseconds:

- import: from the file chosen until the page is drawn with every game (the mark "marquoir:games-drawn"
  after the import's message), and the longest main-thread task meanwhile (Long Tasks API: 0 is none over
  50 ms). The core reads each game once here (its summary), in the worker.
- again: the page reloaded, every summary kept: navigation start to drawn, and its longest task.
- filter: then a period chosen: from the choice until drawn again (the worker holds the games read), and
  the longest task meanwhile.
- floor: the same page with no game kept, visited a second time (as "again" is), navigation start to drawn:
  the page and the core starting, in the same run, so again/floor says what a thousand games add to a visit.
Work is counted too: the bytes of the export file and of what the phone keeps (localStorage) once imported.
"""

import argparse
import json
import pathlib
import statistics
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "bench")]

import first_visit as fv  # noqa: E402
import first_visit_floors as floors  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from support import kept_games  # noqa: E402
from support.browsing import CHROMIUM  # noqa: E402
from support.browsing import CHROMIUM_ARGS  # noqa: E402

DRAWN = "performance.getEntriesByName('marquoir:games-drawn').length"


def export(count: int) -> dict:
    """Return an export file of count different games (support.kept_games.many)."""
    games = kept_games.many(count, int(time.time() * 1000))
    return {"app": "marquoir", "kind": "games", "version": 1, "games": games, "merged": {}}


def drawn_times(visit) -> list:
    return visit.js("performance.getEntriesByName('marquoir:games-drawn').map((e) => e.startTime)")


def one_run(browser, base: str, path: str) -> dict:
    with fv.phone(browser) as visit:
        visit.visit(base + "/en/games")
        visit.poll(DRAWN, "empty page never drawn")
        # The floor is the second visit, as "again" is: page, scripts and core from the browser's cache.
        visit.visit(base + "/en/games")
        visit.poll(DRAWN, "empty page never drawn again")
        floor = drawn_times(visit)[0]
        visit.page.set_input_files("#import-file", path)
        chosen = visit.js("performance.now()")
        visit.poll("document.querySelector('.import-message').textContent", "import never answered", until_ms=600_000)
        visit.poll("{} >= 2".format(DRAWN), "imported page never drawn")
        done = drawn_times(visit)[-1]
        tasks = visit.read()["longtasks"]
        message = visit.js("document.querySelector('.import-message').textContent")
        kept = visit.js("(localStorage.getItem('marquoir.played') || '').length")
        visit.visit(base + "/en/games")
        visit.poll(DRAWN, "page never drawn again", until_ms=600_000)
        again = drawn_times(visit)[0]
        again_tasks = visit.read()["longtasks"]
        count = visit.js("document.querySelector('.stats-count').textContent")
        changed = visit.js("performance.now()")
        visit.page.select_option("#stats-period", "year")
        visit.poll("{} >= 2".format(DRAWN), "filtered page never drawn")
        filtered = drawn_times(visit)[-1] - changed
        filter_tasks = [t for t in visit.read()["longtasks"] if t[0] >= changed]
    return {"floor": floor, "import": done - chosen, "import_longest": fv.longest([t for t in tasks if t[0] >= chosen],
                                                                                  float("inf")),
            "again": again, "again_longest": fv.longest(again_tasks, float("inf")), "message": message,
            "filter": filtered, "filter_longest": fv.longest(filter_tasks, float("inf")),
            "kept_chars": kept, "shown": count}


def spread(values) -> str:
    return "/".join("{:.0f}".format(v) for v in (min(values), statistics.median(values), max(values)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--games", type=int, default=1000)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder) / "games.json"
        path.write_text(json.dumps(export(options.games)))
        runs = []
        with floors.serve() as (base, _), sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                for number in range(options.runs):
                    runs.append(one_run(browser, base, str(path)))
                    print("run {}: {}".format(number + 1, json.dumps(runs[-1], ensure_ascii=False)), flush=True)
            finally:
                browser.close()
        size = path.stat().st_size
    print("games: {} (export file {} bytes; kept on the phone once read: {} characters)".format(
        options.games, size, runs[-1]["kept_chars"]))
    print("import.file_chosen_to_drawn_ms (min/median/max): {}".format(spread([r["import"] for r in runs])))
    print("import.longest_main_thread_task_ms: {}".format(spread([r["import_longest"] for r in runs])))
    print("again.navigation_to_drawn_ms: {}".format(spread([r["again"] for r in runs])))
    print("again.longest_main_thread_task_ms: {}".format(spread([r["again_longest"] for r in runs])))
    print("filter.period_chosen_to_drawn_ms: {}".format(spread([r["filter"] for r in runs])))
    print("filter.longest_main_thread_task_ms: {}".format(spread([r["filter_longest"] for r in runs])))
    print("floor.empty_page_navigation_to_drawn_ms: {}".format(spread([r["floor"] for r in runs])))
    print("again/floor: {}".format("/".join("{:.2f}".format(v) for v in sorted(
        r["again"] / r["floor"] for r in runs))))


if __name__ == "__main__":
    main()
