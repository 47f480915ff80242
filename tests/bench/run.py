"""Marquoir's speed figures in one run, as the issue's table: python tests/bench/run.py [--requests N]

Every figure is CPU time or a ratio against a floor measured in the same run, repeated (min/median/max):
the load test (load.py: gunicorn as in the Procfile, 50 clients, a new connection per request, br/gzip
accepted, the hello-world floor beside it), the live score under MicroPython (live.py: the worst town
found by counting feeding evaluations, against the rulebook town), and the bytes of a first visit
(weight.py). The feeding search's equality with the full search on 20,000 towns is checked first
(feeding_equal.py). Only 127.0.0.1 is contacted; the request counts are fixed.
The result picture's CPU time beside the result page's follows the table (picture.py).
"""

import argparse
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import feeding_equal  # noqa: E402
import live  # noqa: E402
import load  # noqa: E402
import picture  # noqa: E402
import weight  # noqa: E402


def column(rows: list, key: str) -> list:
    return [row[key] for row in rows]


def main() -> None:
    """Print the table of the issue with this run's figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=1500)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()

    equal = feeding_equal.compare(feeding_equal.SEED, feeding_equal.TOWNS)
    runs = load.measure(args.requests, args.repeats)
    lively = live.measure()
    bytes_ = weight.measure()
    spread = load.spread
    percent = "{:.0%}"

    def floors(name: str, key: str) -> list:
        # The floor each repeat of a page was set against: the mean of those measured just before and after it.
        return [row["floor"][key] for row in runs[name]]

    def ratios(name: str) -> str:
        rows = runs[name]
        return "throughput {} · CPU per request {} ({} ms vs floor {} ms)".format(
            spread(column(rows, "rps_vs_floor"), percent), spread(column(rows, "cpu_vs_floor"), percent),
            spread(column(rows, "cpu_ms"), "{:.2f}"), spread(floors(name, "cpu_ms"), "{:.2f}"))

    table = [
        ("result page (4 players) viewed again vs hello-world floor", ratios("result_again"), "≥ 50 %"),
        ("result pages each viewed once vs the floor", ratios("result_once"), "≥ 25 %"),
        ("result page p99 at 50 clients", "viewed again {} ms (floor beside it {} ms; {}×), each once {} ms "
         "(floor beside it {} ms)".format(
            spread(column(runs["result_again"], "p99_ms"), "{:.0f}"),
            spread(floors("result_again", "p99_ms"), "{:.0f}"),
            spread([row["p99_ms"] / row["floor_p99_ms"] for row in runs["result_again"]], "{:.2f}"),
            spread(column(runs["result_once"], "p99_ms"), "{:.0f}"),
            spread(floors("result_once", "p99_ms"), "{:.0f}")), "< 50 ms"),
        ("setup page vs the floor", ratios("setup"), "≥ 20 %"),
        ("live score, worst town under MicroPython vs the rulebook town",
         "issue's town ({} evaluations) {}× · worst found ({} evaluations) {}× (rulebook {} ms CPU)".format(
             lively["named_evaluations"], live.spread(lively["named_ratio"]), lively["found_evaluations"],
             live.spread(lively["found_ratio"]), live.spread(lively["rulebook_ms"])), "≤ 3×"),
        ("first visit: bytes before the town page is usable",
         "page {:.1f} KB; with style sheet and scripts {:.1f} KB; service worker waits until idle, then "
         "{:.0f} KB".format(bytes_["town_page"] / 1000, bytes_["town_usable"] / 1000,
                            (bytes_["install"] + bytes_["other_languages"]) / 1000), "page ≤ 30 KB"),
    ]
    print("| what | this run (min/median/max) | goal |")
    print("|---|---|---|")
    for row in table:
        print("| {} | {} | {} |".format(*row))
    print()
    print("feeding search vs full search: {} towns, {} different; evaluations {} (most {}) vs {} (most {})".format(
        equal["towns"], equal["different"], equal["now_total"], equal["now_most"], equal["before_total"],
        equal["before_most"]))
    print("worst town found: {}".format(lively["found_town"]))
    # 50 clients that each wait for their answer keep 50 requests in flight: by Little's law the mean
    # latency is 50 / throughput, so a page served at rps has no p99 below 50 / rps.
    print("mean latency at {} clients (clients / throughput): floor {} ms, viewed again {} ms, each once {} ms".format(
        load.CLIENTS, *(spread([load.CLIENTS * 1000 / row["rps"] for row in runs[name]], "{:.0f}")
                        for name in ("floor", "result_again", "result_once"))))
    print("errors in the load test: {}".format(sum(row["errors"] for rows in runs.values() for row in rows)))


if __name__ == "__main__":
    main()
    picture.main()
