"""Slow clients against gunicorn as the Procfile runs it: does the site keep serving others?

    .venv/bin/python tests/bench/slow_clients.py [--slow 50] [--seconds 20] [--worker-class sync|gthread] [--threads N]

--slow clients each open a connection and trickle their request headers (a byte every half second) or,
for half of them, a body of a declared length, without ever finishing; meanwhile one ordinary phone asks
for /en/rules four times a second. Prints that phone's answers: how many came, p50/p99/max of their time,
and the failures (a timeout of 5 s counts as one). By default the Procfile's own worker setup is measured;
--worker-class and --threads measure another one beside it. Every connection goes to 127.0.0.1; the run
is bounded in time and stops by itself; it exits 1 when any ordinary request failed.
"""

import argparse
import contextlib
import http.client
import pathlib
import socket
import statistics
import sys
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from support.servers import procfile_gunicorn  # noqa: E402

TIMEOUT = 5.0


def trickle(port: int, stop: float, body: bool) -> None:
    """Hold a connection open, sending a byte of the request every half second until stop."""
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=2) as sock:
        if body:
            sock.sendall(b"POST /en/t/AAAAAAAAAAAAAAAAAAAAAA/1 HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                         b"Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n")
            text = b"{" + b" " * 100000
        else:
            text = b"GET /en/rules HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 100000
        for byte in text:
            if time.monotonic() > stop:
                return
            sock.sendall(bytes([byte]))
            time.sleep(0.5)


def ordinary(port: int, stop: float, times: list, failures: list) -> None:
    while time.monotonic() < stop:
        started = time.perf_counter()
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
            connection.request("GET", "/en/rules")
            answer = connection.getresponse()
            answer.read()
            connection.close()
            if answer.status != 200:
                failures.append(str(answer.status))
            else:
                times.append(time.perf_counter() - started)
        except (OSError, http.client.HTTPException) as error:
            failures.append(type(error).__name__)
        time.sleep(0.25)


def measure(slow: int, seconds: float, options: list) -> tuple:
    with procfile_gunicorn(extra=options) as (port, _):
        for _ in range(4):
            with contextlib.suppress(OSError, http.client.HTTPException):
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
                connection.request("GET", "/en/rules")
                connection.getresponse().read()
        stop = time.monotonic() + seconds
        threads = [threading.Thread(target=trickle, args=(port, stop, i % 2 == 1), daemon=True) for i in range(slow)]
        for thread in threads:
            thread.start()
        time.sleep(1)
        times, failures = [], []
        ordinary(port, stop, times, failures)
        for thread in threads:
            thread.join(timeout=5)
    return times, failures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slow", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--worker-class")
    parser.add_argument("--threads", type=int)
    args = parser.parse_args()
    setups = [("the Procfile's", [])]
    if args.worker_class:
        extra = ["--worker-class", args.worker_class] + (["--threads", str(args.threads)] if args.threads else [])
        setups.append((" ".join(extra), extra))
    failed = False
    for name, options in setups:
        times, failures = measure(args.slow, args.seconds, options)
        ms = sorted(t * 1000 for t in times)
        figures = "p50 {:.0f} ms, p99 {:.0f} ms, max {:.0f} ms".format(
            statistics.median(ms), ms[min(len(ms) - 1, int(len(ms) * 0.99))], ms[-1]) if ms else "no answer"
        print("slow_clients ({} workers): {} slow clients for {:.0f} s; ordinary requests answered {}, failed {} ({}); {}"
              .format(name, args.slow, args.seconds, len(times), len(failures), ", ".join(sorted(set(failures))) or "none",
                      figures))
        failed = failed or bool(failures)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
