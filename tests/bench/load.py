"""Load test: start the app as the Procfile does (gunicorn) and hit it from concurrent clients on loopback.

    python tests/bench/load.py [--requests 400] [--clients 8]

Prints requests per second, p50 and p99 latency and the error count for the home page, a setup step,
a town step and a result page, then the same for a minimal Flask page under the same gunicorn settings
(the floor) and the ratio of the result page to it. Every request goes to 127.0.0.1 only and the number
of requests is fixed, so the run ends by itself.
"""

import argparse
import concurrent.futures
import contextlib
import http.client
import json
import os
import pathlib
import socket
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from webscore.scoring import encode  # noqa: E402

WORKERS = 2


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def gunicorn(target: str, cwd: pathlib.Path):
    """Run gunicorn as the Procfile does, on a free loopback port; yield the port."""
    port = free_port()
    env = dict(os.environ, FLASK_PRODUCTION="true", FLASK_SECRET_KEY="load-test-only-" + "x" * 32)
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "--bind", "127.0.0.1:{}".format(port), "--workers", str(WORKERS),
         "--forwarded-allow-ips=*", "--log-level", "warning", target],
        cwd=str(cwd), env=env)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.2):
                break
            time.sleep(0.1)
        yield port
    finally:
        process.terminate()
        process.wait(timeout=30)


def one_request(port: int, path: str):
    started = time.perf_counter()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path, headers={"Accept-Language": "en"})
        response = connection.getresponse()
        response.read()
        ok = response.status < 400
    except OSError:
        ok = False
    finally:
        connection.close()
    return time.perf_counter() - started, ok


def hammer(port: int, path: str, requests: int, clients: int) -> dict:
    """Send a fixed number of requests from concurrent clients; return the figures."""
    started = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(clients) as pool:
        results = list(pool.map(lambda _: one_request(port, path), range(requests)))
    elapsed = time.perf_counter() - started
    latencies = sorted(latency for latency, _ in results)
    return {
        "rps": requests / elapsed,
        "p50_ms": latencies[len(latencies) // 2] * 1000,
        "p99_ms": latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000,
        "errors": sum(1 for _, ok in results if not ok),
    }


def sample_paths() -> dict:
    game = json.loads((ROOT / "tests" / "support" / "games" / "rulebook-28.json").read_text())
    four = json.loads((ROOT / "tests" / "support" / "games" / "four-players.json").read_text())
    setup = ("/en/new?players-0=Ana&players-1=Bo&mode=master-builder&red=farm&grey=well&orange=chapel"
             "&green=tavern&yellow=theater&navy=factory&action=refresh")
    return {"home": "/en/", "setup": setup, "town": "/en/g/{}/1".format(encode(game)),
            "result": "/en/r/{}".format(encode(four))}


def measure(requests: int, clients: int) -> dict:
    """Return the figures of every page and of the floor."""
    figures = {}
    with gunicorn("webscore:create_app()", ROOT) as port:
        for name, path in sample_paths().items():
            hammer(port, path, max(20, requests // 10), clients)
            figures[name] = hammer(port, path, requests, clients)
    with gunicorn("floor_app:app", ROOT / "tests" / "bench") as port:
        hammer(port, "/", max(20, requests // 10), clients)
        figures["floor"] = hammer(port, "/", requests, clients)
    return figures


def print_figures(figures: dict) -> None:
    for name, row in figures.items():
        print("load.{}: rps={:.0f} p50_ms={:.1f} p99_ms={:.1f} errors={}".format(
            name, row["rps"], row["p50_ms"], row["p99_ms"], row["errors"]))
    print("load.result_to_floor_ratio: {:.2f}".format(figures["floor"]["rps"] / figures["result"]["rps"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--clients", type=int, default=8)
    args = parser.parse_args()
    figures = measure(args.requests, args.clients)
    print_figures(figures)
    if any(row["errors"] for row in figures.values()):
        sys.exit(1)


if __name__ == "__main__":
    main()
