"""Load test of tables: 200 tables x 5 phones following and saving, against gunicorn as in the Procfile.

    python tests/bench/tables_load.py [--tables 200] [--seconds 60] [--repeats 3] [--storage sqlite|redis|both]
                                      [--instances 2] [--workers N] [--balance least|random]

Each phone follows its table (a conditional GET with the last ETag every 3 s, as table-store.mjs does) and
saves its own town every 5 s (alternately the example town and an empty one, as one operation of its
outbox over the version it last saw). SQLite: one gunicorn (2 sync workers) on a fresh database file. Redis: a redis-server of the
script's own and two gunicorn instances sharing it, one sync worker each (both instances share this
machine's 2 cores, as the SQLite run's 2 workers do), the phones' requests spread over both as a
least-connections load balancer does (see Balancer). Each phone closes its sending side right after
its request, as a proxy in front of gunicorn does (see request()). Prints, as min/median/max over the
repeats, requests per second, p50 and p99 of saves and of follows, the CPU per request of the servers
and of the phones, the share of CPU the host took away in each run, the errors, and whether the target
(0 errors, p99 < 100 ms in every run) is met, with the machine's load average: the phones run on the
same cores as the servers. Every request goes to 127.0.0.1, the run is bounded in
time and stops by itself; it exits 1 when the target is not met.
"""

import argparse
import asyncio
import contextlib
import copy
import gzip
import http.client
import json
import os
import pathlib
import random
import re
import resource
import signal
import statistics
import sys
import tempfile
import time

import brotli

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from support.servers import cpu_times  # noqa: E402
from support.servers import procfile_gunicorn  # noqa: E402
from support.servers import stolen_percent  # noqa: E402
from support.servers import workers_cpu_seconds  # noqa: E402
from support.tables import RedisServer  # noqa: E402
from support.tables import empty_setup  # noqa: E402
from webscore.flow.sync import FIELDS  # noqa: E402
from webscore.flow.town_fields import fields_of  # noqa: E402
from webscore.scoring import encode  # noqa: E402

FOLLOW_EVERY = 3.0
SAVE_EVERY = 5.0
PHONES = 5
# What a table's town form holds: every field but the monument, which the setup chose.
FORM_FIELDS = [field for field in FIELDS if field != "monument"]


def five_player_game() -> dict:
    game = json.loads((ROOT / "tests" / "support" / "games" / "four-players.json").read_text())
    fifth = copy.deepcopy(game["players"][0])
    fifth.update(name="Erzsébet", monument=None, town=[row[:] for row in game["players"][0]["town"]])
    fifth["town"][3][2] = None
    game["players"].append(fifth)
    return game


def open_table(port: int, setup: str) -> str:
    """Open a table through its form (token and cookie, as a phone does); return its id."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", "/en/t/new?code=" + setup)
    page = connection.getresponse()
    html = page.read().decode()
    cookie = next(value.split(";")[0] for name, value in page.getheaders()
                  if name.lower() == "set-cookie" and value.startswith("session="))
    token = re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)
    body = "code={}&csrf_token={}".format(setup, token)
    connection.request("POST", "/en/t/new", body=body, headers={
        "Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie})
    answer = connection.getresponse()
    answer.read()
    connection.close()
    assert answer.status == 303, answer.status
    return answer.getheader("Location").rsplit("/", 1)[1]


class Balancer:
    """Spread requests over the instances as a load balancer in front of them does.

    "least" sends each request to the instance with the fewest requests in flight, the next one in turn on a
    tie (nginx's least_conn, HAProxy's leastconn); "random" picks blindly, which queues a request behind a
    busy instance while the other waits idle.
    """

    def __init__(self, ports: list, how: str):
        self.ports = ports
        self.how = how
        self.busy = dict.fromkeys(ports, 0)
        self.turn = 0

    def pick(self) -> int:
        """Return the port of the instance that takes the next request; call done() with it afterwards."""
        if self.how == "random":
            port = random.choice(self.ports)
        else:
            self.turn += 1
            order = self.ports[self.turn % len(self.ports):] + self.ports[:self.turn % len(self.ports)]
            port = min(order, key=self.busy.get)
        self.busy[port] += 1
        return port

    def done(self, port: int) -> None:
        """Count a request to that port as answered."""
        self.busy[port] -= 1


async def request(balancer: Balancer, method: str, path: str, headers: dict, body: bytes = b"") -> tuple:
    """Send one HTTP/1.1 request on a new connection (gunicorn's sync workers close each one)."""
    port = balancer.pick()
    try:
        return await exchange(port, method, path, headers, body)
    finally:
        balancer.done(port)


async def exchange(port: int, method: str, path: str, headers: dict, body: bytes) -> tuple:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    lines = ["{} {} HTTP/1.1".format(method, path), "Host: 127.0.0.1:{}".format(port), "Connection: close",
             "Accept-Encoding: br, gzip",
             "Content-Length: {}".format(len(body))] + ["{}: {}".format(k, v) for k, v in headers.items()]
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
    # Nothing more will be sent: say so at once, as a proxy in front of gunicorn does. gunicorn's sync
    # worker waits for the client's end of the connection before taking the next one, and this many
    # phones on the servers' own two cores were otherwise slow to send it (up to 38% of a worker's time).
    writer.write_eof()
    await writer.drain()
    raw = await reader.read()
    writer.close()
    head, _, content = raw.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    found = dict(line.split(": ", 1) for line in head.decode("latin-1").split("\r\n")[1:] if ": " in line)
    encoding = found.get("Content-Encoding")
    if encoding in UNPACK:
        content = UNPACK[encoding](content)
    return status, found, content


UNPACK = {"br": brotli.decompress, "gzip": gzip.decompress}


class Figures:
    def __init__(self):
        self.times = {"save": [], "follow": []}
        self.errors = []

    def note(self, kind: str, started: float, ok: bool, what: str):
        self.times[kind].append(time.perf_counter() - started)
        if not ok:
            self.errors.append(what)


async def phone(balancer: Balancer, table: str, n: int, towns: tuple, figures: Figures, stop: float):
    """Follow the table and save this player's town until the end of the run."""
    version = 0
    etag = None
    turn = 0
    # The phone's outbox as table-outbox.mjs sends it (webscore.flow.sync_outbox): one operation a save, numbered in order.
    client = "load-{}-{}".format(table[:12], n)
    next_save = time.monotonic() + random.uniform(0, SAVE_EVERY)
    next_follow = time.monotonic() + random.uniform(0, FOLLOW_EVERY)
    while True:
        now = time.monotonic()
        if now >= stop:
            return
        if now >= next_save:
            next_save += SAVE_EVERY
            fields = towns[turn % 2]
            op = {"seq": turn + 1, "set": {field: [fields.get(field, ""), version] for field in FORM_FIELDS}}
            body = json.dumps({"client": client, "op": op}).encode()
            started = time.perf_counter()
            try:
                status, _, content = await request(balancer, "POST", "/en/t/{}/{}".format(table, n + 1), {
                    "Content-Type": "application/json", "X-Requested-With": "marquoir"}, body)
                ok = status == 200
                if ok:
                    version = json.loads(content)["town"]["version"]
                    turn += 1
            except OSError as error:
                status, ok = repr(error), False
            figures.note("save", started, ok, "save {}".format(status))
        elif now >= next_follow:
            next_follow += FOLLOW_EVERY
            started = time.perf_counter()
            try:
                status, headers, _ = await request(balancer, "GET", "/en/t/{}/state".format(table),
                                                   {"If-None-Match": etag} if etag else {})
                ok = status in (200, 304)
                etag = headers.get("ETag", etag)
            except OSError as error:
                status, ok = repr(error), False
            figures.note("follow", started, ok, "follow {}".format(status))
        await asyncio.sleep(max(0.0, min(next_save, next_follow) - time.monotonic()))


def percentile(values: list, share: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * share))] * 1000 if values else 0.0


async def run_phones(balancer: Balancer, tables: list, game: dict, seconds: float) -> Figures:
    figures = Figures()
    setup = empty_setup(game)
    towns = [(fields_of(game["players"][n]), fields_of(setup["players"][n])) for n in range(PHONES)]
    stop = time.monotonic() + seconds
    await asyncio.gather(*(phone(balancer, table, n, towns[n], figures, stop) for table in tables for n in range(PHONES)))
    return figures


def storage_env(storage: str, stack: contextlib.ExitStack) -> dict:
    """Return the app's environment for a fresh store of this kind (a Redis server of its own, or a new SQLite
    file), both gone when the stack closes. Every phone here shares one address, so the per-phone limits are
    lifted for the run."""
    env = {"FLASK_TABLES_PER_HOUR": "1000000", "FLASK_TABLE_SAVES_PER_MINUTE": "1000000"}
    if storage == "redis":
        server = RedisServer()
        stack.callback(server.stop)
        return dict(env, REDIS_URL=server.url)
    folder = stack.enter_context(tempfile.TemporaryDirectory())
    return dict(env, FLASK_TABLES_DATABASE=str(pathlib.Path(folder) / "tables.sqlite3"))


def measure(storage: str, tables: int, seconds: float, instances: int = 2, workers: int = 2,
            balance: str = "least") -> Figures:
    """Run the phones against one storage; return the figures."""
    game = five_player_game()
    setup = encode(empty_setup(game))
    with contextlib.ExitStack() as stack:
        env = storage_env(storage, stack)
        servers = [stack.enter_context(procfile_gunicorn(env, workers=workers))
                   for _ in range(instances if storage == "redis" else 1)]
        ports = [port for port, _ in servers]
        ids = [open_table(ports[i % len(ports)], setup) for i in range(tables)]
        cpu = sum(workers_cpu_seconds(master) for _, master in servers)
        phones_cpu = resource.getrusage(resource.RUSAGE_SELF)
        machine = cpu_times()
        figures = asyncio.run(run_phones(Balancer(ports, balance), ids, game, seconds))
        figures.stolen = stolen_percent(machine, cpu_times())
        phones_used = resource.getrusage(resource.RUSAGE_SELF)
        figures.servers_cpu = sum(workers_cpu_seconds(master) for _, master in servers) - cpu
        figures.phones_cpu = (phones_used.ru_utime + phones_used.ru_stime) - (phones_cpu.ru_utime + phones_cpu.ru_stime)
        return figures


def spread(values: list, form: str) -> str:
    """Return min/median/max of a list of figures."""
    return "/".join(form.format(v) for v in (min(values), statistics.median(values), max(values)))


def main() -> None:
    # Stopped from outside, still stop the servers this script started.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--storage", choices=("sqlite", "redis", "both"), default="both")
    parser.add_argument("--instances", type=int, default=2, help="gunicorn instances sharing Redis")
    parser.add_argument("--workers", type=int, help="sync workers per instance (default: 2 for SQLite's one "
                        "instance, 1 for each Redis instance: as many workers as the machine's 2 cores either way)")
    parser.add_argument("--balance", choices=("least", "random"), default="least",
                        help="how requests are spread over the Redis instances (see Balancer)")
    args = parser.parse_args()
    failed = False
    for storage in ("sqlite", "redis") if args.storage == "both" else (args.storage,):
        instances = args.instances if storage == "redis" else 1
        workers = args.workers or (2 if storage == "sqlite" else 1)
        print("tables_load.{}: {} instance(s) x {} sync worker(s){}".format(
            storage, instances, workers, ", balanced: " + args.balance if instances > 1 else ""))
        runs = [measure(storage, args.tables, args.seconds, instances, workers, args.balance) for _ in range(args.repeats)]
        for kind in ("save", "follow"):
            times = [run.times[kind] for run in runs]
            print("tables_load.{}.{} (min/median/max of {} runs): per_s={} p50_ms={} p99_ms={}".format(
                storage, kind, args.repeats, spread([len(t) / args.seconds for t in times], "{:.0f}"),
                spread([percentile(t, 0.5) for t in times], "{:.1f}"), spread([percentile(t, 0.99) for t in times], "{:.1f}")))
        per_request = [(run.servers_cpu * 1000 / sum(len(t) for t in run.times.values()),
                        run.phones_cpu * 1000 / sum(len(t) for t in run.times.values())) for run in runs]
        print("tables_load.{}.cpu_ms_per_request: servers {} phones {}".format(
            storage, spread([s for s, _ in per_request], "{:.2f}"), spread([p for _, p in per_request], "{:.2f}")))
        print("tables_load.{}.stolen_percent (CPU the host gave to other machines, each run): {}".format(
            storage, " ".join("{:.1f}".format(run.stolen) for run in runs)))
        errors = [error for run in runs for error in run.errors]
        kinds = ", ".join(sorted(set(errors))[:5])
        print("tables_load.{}.errors: {}{}".format(storage, len(errors), " ({})".format(kinds) if kinds else ""))
        met = not errors and all(percentile(run.times[kind], 0.99) < 100 for run in runs for kind in run.times)
        print("tables_load.{}.target_met: {} (0 errors, p99 < 100 ms in every run; load average {:.1f})".format(
            storage, "yes" if met else "no", os.getloadavg()[0]))
        failed = failed or not met
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
