"""Load test: the app under gunicorn as in the Procfile, against a hello-world floor under the same gunicorn.

    python tests/bench/load.py [--requests 1500] [--repeats 3]

Both servers run side by side on 127.0.0.1 (2 workers each, as the Procfile sets). Each repeat sends a
fixed number of requests per page from 50 concurrent clients (two client processes of 25 coroutines), a new
connection per request, closed on the client's side as soon as the request is sent (as a proxy in front
does), with "Accept-Encoding: br, gzip". Every figure is a ratio against the floor
measured just before and just after it (their mean): throughput, and the workers' CPU time per request read from /proc (CPU time
does not move with other work on a shared machine, wall-clock throughput does). p99 latency is printed
beside the floor's. Repeats give min/median/max.
"""

import argparse
import asyncio
import concurrent.futures
import copy
import json
import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from support import examples  # noqa: E402
from support.servers import procfile_gunicorn  # noqa: E402
from support.servers import workers_cpu_seconds  # noqa: E402
from webscore.scoring import encode  # noqa: E402

CLIENTS = 50
CLIENT_PROCESSES = 2
HEADERS = {"Accept-Encoding": "br, gzip", "Accept-Language": "en"}



async def one_request(port: int, path: str) -> tuple:
    started = time.perf_counter()
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        head = ["GET {} HTTP/1.1".format(path), "Host: 127.0.0.1:{}".format(port), "Connection: close"]
        writer.write(("\r\n".join(head + ["{}: {}".format(*field) for field in HEADERS.items()]) + "\r\n\r\n").encode())
        # Nothing more will be sent: say so at once, as a proxy in front of gunicorn does (its sync
        # worker waits for the client's end of the connection before it takes the next one).
        writer.write_eof()
        answer = await reader.read()
        writer.close()
        ok = answer.startswith(b"HTTP/1.1 200 ")
    except OSError:
        ok = False
    return time.perf_counter() - started, ok


async def clients(port: int, paths: list) -> list:
    waiting = iter(paths)
    results = []

    async def client():
        for path in waiting:
            results.append(await one_request(port, path))

    await asyncio.gather(*(client() for _ in range(CLIENTS // CLIENT_PROCESSES)))
    return results


def client_share(port: int, paths: list) -> list:
    """Send these requests from this process's share of the clients; return (latency, ok) pairs.

    The clients are coroutines of one event loop, not threads: 25 threads of one process waiting for
    the same interpreter lock added their own wait to every latency measured.
    """
    return asyncio.run(clients(port, paths))


def hammer(pool, port: int, master: int, paths: list) -> dict:
    """Send every path once from 50 concurrent clients; return throughput, latencies and CPU per request."""
    shares = [paths[k::CLIENT_PROCESSES] for k in range(CLIENT_PROCESSES)]
    cpu = workers_cpu_seconds(master)
    started = time.perf_counter()
    results = [r for share in pool.map(client_share, [port] * CLIENT_PROCESSES, shares) for r in share]
    elapsed = time.perf_counter() - started
    cpu = workers_cpu_seconds(master) - cpu
    latencies = sorted(latency for latency, _ in results)
    return {"rps": len(paths) / elapsed, "p99_ms": latencies[int(len(latencies) * 0.99) - 1] * 1000,
            "cpu_ms": cpu * 1000 / len(paths), "errors": sum(1 for _, ok in results if not ok)}


def unique_result_paths(count: int, start: int) -> list:
    """Return result addresses of `count` different 4-player games (a new code every request)."""
    base = examples.load("four-players")
    paths = []
    for n in range(start, start + count):
        game = copy.deepcopy(base)
        game["players"][0]["name"] = "Ana{}".format(n)
        paths.append("/en/r/" + encode(game))
    return paths


def measure(requests: int, repeats: int) -> dict:
    """Return, per page, the list over repeats of its figures and of its ratios to the floor.

    The floor is measured before and after every page, and each page is set against the mean of the
    two: the host's load drifts within seconds, and a floor measured a few pages earlier was measured
    under another load.
    """
    again = "/en/r/" + examples.FOUR_PLAYERS_CODE
    runs = {"floor": [], "result_again": [], "result_once": [], "setup": [], "home": []}
    with procfile_gunicorn() as (app_port, app_master), \
            procfile_gunicorn(target="floor_app:app", cwd=ROOT / "tests" / "bench") as (floor_port, floor_master), \
            concurrent.futures.ProcessPoolExecutor(CLIENT_PROCESSES) as pool:
        warm = 200
        hammer(pool, floor_port, floor_master, ["/"] * warm)
        for path in (again, "/en/new", "/en/"):
            hammer(pool, app_port, app_master, [path] * warm)
        hammer(pool, app_port, app_master, unique_result_paths(warm, 10 ** 6))
        for repeat in range(repeats):
            pages = {"result_again": [again] * requests,
                     "result_once": unique_result_paths(requests, repeat * requests),
                     "setup": ["/en/new"] * requests, "home": ["/en/"] * requests}
            before = hammer(pool, floor_port, floor_master, ["/"] * requests)
            runs["floor"].append(before)
            for name, paths in pages.items():
                row = hammer(pool, app_port, app_master, paths)
                after = hammer(pool, floor_port, floor_master, ["/"] * requests)
                runs["floor"].append(after)
                row["floor"] = {key: (before[key] + after[key]) / 2 for key in ("rps", "cpu_ms", "p99_ms")}
                runs[name].append(row)
                before = after
    for rows in runs.values():
        for row in rows:
            floor = row.get("floor", row)
            row["rps_vs_floor"] = row["rps"] / floor["rps"]
            row["cpu_vs_floor"] = floor["cpu_ms"] / row["cpu_ms"] if row["cpu_ms"] else float("inf")
            row["floor_p99_ms"] = floor["p99_ms"]
    return runs


def spread(values: list, form: str) -> str:
    """Return min/median/max of a list of figures."""
    return "/".join(form.format(v) for v in (min(values), statistics.median(values), max(values)))


def print_figures(runs: dict) -> None:
    """Print one line per page and figure, min/median/max over the repeats."""
    for name, rows in runs.items():
        column = {key: [row[key] for row in rows] for key in rows[0]}
        print("load.{}: throughput_vs_floor={} cpu_vs_floor={} cpu_ms={} p99_ms={} (floor p99_ms={}) rps={} "
              "errors={}".format(name, spread(column["rps_vs_floor"], "{:.0%}"),
                                 spread(column["cpu_vs_floor"], "{:.0%}"), spread(column["cpu_ms"], "{:.2f}"),
                                 spread(column["p99_ms"], "{:.0f}"), spread(column["floor_p99_ms"], "{:.0f}"),
                                 spread(column["rps"], "{:.0f}"), sum(column["errors"])))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=1500)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    runs = measure(args.requests, args.repeats)
    print_figures(runs)
    print(json.dumps({"load": runs}), file=sys.stderr)
    if any(row["errors"] for rows in runs.values() for row in rows):
        sys.exit(1)


if __name__ == "__main__":
    main()
