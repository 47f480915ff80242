"""Soak of a table's sync: 50 tables x 5 phones tapping under phone latency, the server restarted mid-run.

    .venv/bin/python tests/bench/table_soak.py [--tables 50] [--seconds 40] [--down 8] [--storage sqlite|redis|both]

Each phone enters its own town as table-town.mjs does: every tap goes into its outbox (webscore.flow.sync_outbox, the very
functions the browser runs under MicroPython), and the outbox is carried to gunicorn (as the Procfile runs it)
one operation at a time, each request delayed by the phone's latency (100 to 300 ms, drawn per phone), sent
again after a failure (network error, timeout, 5xx, 429) with the browser's back-off, and at least every 3 s
(as a successful follow does). Halfway through, gunicorn is stopped for --down seconds and started again
(SQLite: the same file; Redis: the same server). At the end every phone enters its town of the example game,
hands it in and sends what waits. Prints the operations sent, acknowledged and lost (a phone whose town or "done" differs from the
server's once it settled, or whose outbox is not empty: must be 0), and p50/p99 from a tap to the answer that
acknowledged it. Every request goes to 127.0.0.1; the run is bounded in time; it exits 1 when anything is lost.
"""

import argparse
import asyncio
import contextlib
import json
import pathlib
import random
import signal
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "bench"))

from tables_load import exchange  # noqa: E402
from tables_load import five_player_game  # noqa: E402
from tables_load import open_table  # noqa: E402
from tables_load import storage_env  # noqa: E402

from support.servers import procfile_gunicorn  # noqa: E402
from support.tables import empty_setup  # noqa: E402
from webscore.flow import sync  # noqa: E402
from webscore.flow import sync_outbox  # noqa: E402
from webscore.flow.town_fields import fields_of  # noqa: E402
from webscore.scoring import encode  # noqa: E402

PHONES = 5
SQUARES = [field for field in sync.FIELDS if field.startswith("square_")]
TIMEOUT = 10.0
RETRY_MOST = 30.0
FOLLOW_EVERY = 3.0
SETTLE_SECONDS = 90.0


class Route:
    """Where the phones' requests go: the instance serving now (the port changes when it is started again)."""

    def __init__(self, port: int):
        self.port = port


class Phone:
    def __init__(self, route: Route, table: str, n: int, game: dict, figures: dict, rng: random.Random):
        self.route = route
        self.table = table
        self.n = n
        self.rng = rng
        self.figures = figures
        self.latency = rng.uniform(0.1, 0.3)
        self.cards = [""] + list(game["buildings"])
        # The town the player ends with: the example game's, which the core takes as handed in.
        self.final = {field: value for field, value in fields_of(game["players"][n]).items() if field != "monument"}
        known = sync.public(sync.town_from_fields(fields_of(empty_setup(game)["players"][n]), 0, False))
        self.outbox = sync_outbox.new_outbox("soak-{}-{}".format(table[:12], n), known)
        self.sending = None
        self.tapped = {}  # seq of the operation holding a tap -> when the earliest of its taps was made
        self.wake = asyncio.Event()

    def tap(self):
        fields = dict(self.outbox["known"]["fields"])
        fields.update(sync_outbox.expected(self.outbox)["fields"])
        for _ in range(self.rng.randint(1, 2)):
            fields[self.rng.choice(SQUARES)] = self.rng.choice(self.cards)
        self.outbox = sync_outbox.edit(self.outbox, {field: fields.get(field, "") for field in SQUARES})
        if self.outbox["ops"]:
            self.tapped.setdefault(self.outbox["ops"][-1]["seq"], time.monotonic())
        self.wake.set()

    async def send(self) -> bool:
        """Send the outbox's head; return whether the server answered it (not whether it took it)."""
        op = self.outbox["ops"][0]
        self.sending = op["seq"]
        # From here it may be applied though no answer comes: the outbox keeps it as it is (table-outbox.mjs does the same).
        self.outbox = sync_outbox.sending(self.outbox, op["seq"])
        body = json.dumps({"client": self.outbox["client"], "op": op}).encode()
        self.figures["sent"] += 1
        await asyncio.sleep(self.latency / 2)
        try:
            status, _, content = await asyncio.wait_for(exchange(self.route.port, "POST", "/en/t/{}/{}".format(
                self.table, self.n + 1), {"Content-Type": "application/json", "X-Requested-With": "marquoir"}, body),
                TIMEOUT)
        except (TimeoutError, OSError, ValueError, IndexError):
            self.figures["unanswered"] += 1
            self.sending = None
            return False
        finally:
            await asyncio.sleep(self.latency / 2)
        self.sending = None
        if status >= 500 or status == 429:
            self.figures["refused_for_now"] += 1
            return False
        answer = json.loads(content)
        if status == 200:
            self.figures["acknowledged"] += 1
            self.outbox = sync_outbox.acknowledged(self.outbox, answer["seq"], answer["town"])
            now = time.monotonic()
            for seq in [seq for seq in self.tapped if seq <= answer["seq"]]:
                self.figures["tap_to_ack"].append(now - self.tapped.pop(seq))
        else:
            # One phone per town: no conflict can come; anything else is counted, and the phone moves on.
            self.figures["refused"].append((status, content[:200]))
            self.outbox = sync_outbox.dropped_head(self.outbox)
        return True

    async def carry(self, stop: float):
        """Send what waits, one operation at a time, until stop; back off after a failure as table-outbox.mjs does."""
        failures = 0
        while time.monotonic() < stop:
            if self.outbox["ops"]:
                if await self.send():
                    failures = 0
                    continue
                failures += 1
                wait = min(RETRY_MOST, 2 ** min(failures - 1, 5), FOLLOW_EVERY)
            else:
                wait = FOLLOW_EVERY
            self.wake.clear()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.wake.wait(), min(wait, max(0.0, stop - time.monotonic())))

    async def play(self, seconds: float):
        tapping_until = time.monotonic() + seconds
        carrier = asyncio.ensure_future(self.carry(tapping_until + SETTLE_SECONDS))
        while time.monotonic() < tapping_until:
            self.tap()
            await asyncio.sleep(self.rng.uniform(0.5, 2.5))
        self.outbox = sync_outbox.edit(self.outbox, self.final)
        self.outbox = sync_outbox.hand_in(self.outbox)
        self.tapped.setdefault(self.outbox["ops"][-1]["seq"], time.monotonic())
        self.wake.set()
        while self.outbox["ops"] and not carrier.done():
            await asyncio.sleep(0.2)
        carrier.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await carrier


async def restart_midway(route: Route, servers, seconds: float, down: float, figures: dict):
    """Stop the serving gunicorn halfway through and start a new one after `down` seconds."""
    loop = asyncio.get_running_loop()
    await asyncio.sleep(seconds / 2)
    started = time.monotonic()
    await loop.run_in_executor(None, servers.stop)
    await asyncio.sleep(down)
    route.port = await loop.run_in_executor(None, servers.start)
    figures["down_seconds"] = time.monotonic() - started


class Servers:
    """gunicorn as the Procfile runs it, which can be stopped and started again on the same storage."""

    def __init__(self, env: dict):
        self.env = env
        self.running = None

    def start(self) -> int:
        self.running = procfile_gunicorn(self.env)
        port, _ = self.running.__enter__()
        return port

    def stop(self):
        if self.running is not None:
            self.running.__exit__(None, None, None)
            self.running = None


def held(port: int, table: str, n: int) -> dict:
    status, _, content = asyncio.run(exchange(port, "GET", "/en/t/{}/{}/town".format(table, n + 1), {}, b""))
    assert status == 200, status
    return json.loads(content)["town"]


def soak(storage: str, tables: int, seconds: float, down: float, seed: int) -> dict:
    game = five_player_game()
    setup = encode(empty_setup(game))
    figures = {"sent": 0, "acknowledged": 0, "unanswered": 0, "refused_for_now": 0, "refused": [], "tap_to_ack": [],
               "lost": 0, "down_seconds": 0.0}
    with contextlib.ExitStack() as stack:
        servers = Servers(storage_env(storage, stack))
        stack.callback(servers.stop)
        route = Route(servers.start())
        ids = [open_table(route.port, setup) for _ in range(tables)]
        rng = random.Random(seed)
        phones = [Phone(route, table, n, game, figures, random.Random(rng.random())) for table in ids for n in range(PHONES)]

        async def run():
            await asyncio.gather(restart_midway(route, servers, seconds, down, figures),
                                 *(phone.play(seconds) for phone in phones))

        asyncio.run(run())
        for phone in phones:
            town = held(route.port, phone.table, phone.n)
            shown = sync_outbox.expected(phone.outbox)
            squares = {field: value for field, value in town["fields"].items() if field.startswith("square_")}
            mine = {field: value for field, value in shown["fields"].items() if field.startswith("square_")}
            if phone.outbox["ops"] or squares != mine or town["done"] is not True or shown["done"] is not True:
                figures["lost"] += 1
    return figures


def percentile(values: list, share: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * share))] * 1000 if values else 0.0


def main() -> None:
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=40)
    parser.add_argument("--down", type=float, default=8, help="seconds the server is down halfway through")
    parser.add_argument("--storage", choices=("sqlite", "redis", "both"), default="both")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    lost = 0
    for storage in ("sqlite", "redis") if args.storage == "both" else (args.storage,):
        figures = soak(storage, args.tables, args.seconds, args.down, args.seed)
        print("table_soak.{}: {} tables x {} phones, {:.0f} s of taps, server down {:.1f} s halfway".format(
            storage, args.tables, PHONES, args.seconds, figures["down_seconds"]))
        print("table_soak.{}: operations sent {} (requests, retries included), acknowledged {}, unanswered {} "
              "(network error or timeout), refused for now {} (5xx, 429), refused {}, lost {}".format(
                  storage, figures["sent"], figures["acknowledged"], figures["unanswered"], figures["refused_for_now"],
                  len(figures["refused"]), figures["lost"]))
        taps = figures["tap_to_ack"]
        print("table_soak.{}: tap to acknowledgement over {} operations: p50 {:.0f} ms, p99 {:.0f} ms, max {:.0f} ms".format(
            storage, len(taps), percentile(taps, 0.5), percentile(taps, 0.99), max(taps) * 1000 if taps else 0))
        lost += figures["lost"] + len(figures["refused"])
    sys.exit(1 if lost else 0)


if __name__ == "__main__":
    main()
