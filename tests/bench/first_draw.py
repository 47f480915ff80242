"""A result page drawn for the first time, in-process: python tests/bench/first_draw.py [--pages 600] [--repeats 5]

The CPU time of a four-player result page each drawn once (a new code every page, as load.py's "result_once"),
through the app's WSGI layers with werkzeug's test client, against the floor of the same run: the same page sent
again, kept, measured before and after each repeat. No server, no sockets, no other process: the figure load.py
measures under gunicorn, without the workers' threads and the clients beside them, so that a change to the drawing
shows in a minute. Repeats give min/median/max. With --parts, where each page's time goes: each part timed where it
runs, over one more run.
"""

import argparse
import collections
import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "tests" / "bench")]

from load import unique_result_paths  # noqa: E402

from support import examples  # noqa: E402
from webscore import create_app  # noqa: E402

HEADERS = {"Accept-Encoding": "br, gzip", "Accept-Language": "en"}


def cpu_ms(client, paths: list) -> float:
    """Return the CPU milliseconds per page of asking for these pages."""
    started = time.process_time()
    for path in paths:
        client.get(path, headers=HEADERS)
    return (time.process_time() - started) * 1000 / len(paths)


def parts_timed(pages: int) -> dict:
    """Return the CPU milliseconds per page of each part of a first draw, timed where it runs (each timing adds a
    little of its own)."""
    from webscore.web.http import assets
    from webscore.web.http import page_cache
    from webscore.web.results import views

    spent = collections.Counter()

    def timed(owner, name: str, label: str) -> None:
        made = getattr(owner, name)

        def run(*args, **kwargs):
            started = time.process_time()
            try:
                return made(*args, **kwargs)
            finally:
                spent[label] += time.process_time() - started
        setattr(owner, name, run)

    for owner, name, label in ((views, "game_from_code", "reading and checking the code"),
                               (views, "score_valid_game", "scoring"), (views.result_view, "view", "result view"),
                               (views, "preview_text", "link preview"), (views, "game_parts", "the game's parts"),
                               (views.frames, "framed", "filling the frame"),
                               (page_cache, "KeptPage", "encoding the page and its entity tag"),
                               (assets, "_compress", "brotli"), (page_cache.KeptPages, "_draw", "the first draw, whole")):
        timed(owner, name, label)
    client = create_app({"TESTING": False}).test_client()
    cpu_ms(client, unique_result_paths(300, 10 ** 6))
    spent.clear()
    spent["the page asked for, whole"] = cpu_ms(client, unique_result_paths(pages, 0)) * pages / 1000
    return {label: seconds * 1000 / pages for label, seconds in spent.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=600)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--parts", action="store_true")
    args = parser.parse_args()
    client = create_app({"TESTING": False}).test_client()
    cpu_ms(client, unique_result_paths(300, 10 ** 6))
    again = ["/en/r/" + examples.FOUR_PLAYERS_CODE] * args.pages
    # Each repeat against the floor measured just before and just after it (their mean), as load.py does.
    rows = []
    before = cpu_ms(client, again)
    for repeat in range(args.repeats):
        once = cpu_ms(client, unique_result_paths(args.pages, repeat * args.pages))
        after = cpu_ms(client, again)
        rows.append((once, (before + after) / 2))
        before = after

    def spread(values: list, form: str) -> str:
        return "/".join(form.format(v) for v in (min(values), statistics.median(values), max(values)))

    print("first_draw.cpu_ms={} kept_cpu_ms={} first_vs_kept={}".format(
        spread([row[0] for row in rows], "{:.3f}"), spread([row[1] for row in rows], "{:.3f}"),
        spread([row[0] / row[1] for row in rows], "{:.2f}")))
    if args.parts:
        for label, ms in sorted(parts_timed(args.pages * 2).items(), key=lambda item: -item[1]):
            print("first_draw.part[{}]={:.3f} ms".format(label, ms))


if __name__ == "__main__":
    main()
