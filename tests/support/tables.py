"""Tables in tests: a Redis server of the test run's own, an address in front of it, both storages as one fixture,
town codes."""

import contextlib
import copy
import http.cookiejar
import json
import re
import shutil
import socket
import subprocess
import threading
import time
import urllib.parse
import urllib.request

import pytest

from webscore.flow import sync
from webscore.flow.sync import FIELDS
from webscore.flow.town_fields import fields_of
from webscore.scoring import decode
from webscore.scoring import encode
from webscore.scoring.town import NAMES as SQUARES

STORAGES = ("sqlite", "redis")
# What every table address says when its store is out of reach (503), by language.
UNAVAILABLE = {
    "en": "The tables cannot be reached just now. Please try again in a moment.",
    "fr": "Les tables sont injoignables pour l’instant. Réessayez dans un moment.",
    "hu": "Az asztalok most nem érhetők el. Próbáld újra egy kicsit később.",
}


class RedisServer:
    """Debian's redis-server on a loopback port (a free one unless given), without persistence, until stop()."""

    def __init__(self, port: int | None = None):
        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError("redis-server is needed for the table tests: apt-get install -y redis-server")
        if port is None:
            with socket.socket() as probe:
                probe.bind(("127.0.0.1", 0))
                port = probe.getsockname()[1]
        self.port = port
        self.process = subprocess.Popen([binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                                         "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.url = "redis://127.0.0.1:{}/0".format(self.port)
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise RuntimeError("redis-server did not start") from None
                time.sleep(0.05)

    def stop(self):
        """Stop the server."""
        self.process.terminate()
        self.process.wait(timeout=20)


class Forwarder:
    """One loopback address in front of a server, as a managed Redis's name is: each new connection goes to the
    server it points at then (point()), while those already made stay with the server they reached."""

    def __init__(self, port: int):
        self.target = port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.url = "redis://127.0.0.1:{}/0".format(self.port)
        threading.Thread(target=self._accept, daemon=True).start()

    def point(self, port: int) -> None:
        """Send the connections made from now on to the server on this port."""
        self.target = port

    def close(self) -> None:
        """Stop taking connections (those made end with their server or client)."""
        # A shutdown wakes the thread waiting in accept(), which a close alone would leave there.
        with contextlib.suppress(OSError):
            self.listener.shutdown(socket.SHUT_RDWR)
        self.listener.close()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            try:
                server = socket.create_connection(("127.0.0.1", self.target))
            except OSError:
                client.close()
                continue
            for source, sink in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    @staticmethod
    def _pump(source, sink) -> None:
        """Copy what one side sends to the other until either ends, then end both (each thread closes its source)."""
        with source:
            while True:
                try:
                    data = source.recv(65536)
                    if data:
                        sink.sendall(data)
                        continue
                except OSError:
                    pass
                for side in (source, sink):
                    with contextlib.suppress(OSError):
                        side.shutdown(socket.SHUT_RDWR)
                return


@pytest.fixture(scope="session")
def redis_server():
    """One Redis server for the whole test run."""
    server = RedisServer()
    yield server
    server.stop()


class Clock:
    """A clock the test moves by hand."""

    def __init__(self, now: float = 1_800_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture(params=STORAGES)
def table_config(request, tmp_path):
    """The config of an app whose tables live in SQLite (a fresh file) or in Redis (a fresh database)."""
    config = {"TESTING": True, "TABLES_CLOCK": Clock(), "TABLES_DATABASE": str(tmp_path / "tables.sqlite3")}
    if request.param == "redis":
        server = request.getfixturevalue("redis_server")
        import redis

        redis.Redis.from_url(server.url).flushdb()
        config["REDIS_URL"] = server.url
    return config


def open_table(client, setup_code: str, lang: str = "en") -> str:
    """Open a table for a setup code with a Flask test client, as its form does; return the table's id."""
    page = client.get("/{}/t/new?code={}".format(lang, setup_code))
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.text).group(1)
    answer = client.post("/{}/t/new".format(lang), data={"code": setup_code, "csrf_token": token})
    assert answer.status_code == 303
    return answer.location.rsplit("/", 1)[1]


def open_table_at(base: str, setup_code: str, lang: str = "en") -> str:
    """Open a table for a setup code on a running server through its form (its token and cookie, as a phone sends
    them), without a browser; return the table's address. For a test whose subject is another phone than the one
    that opened the table."""
    jar = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    with jar.open("{}/{}/t/new?code={}".format(base, lang, setup_code)) as page:
        token = re.search(r'name="csrf_token" value="([^"]+)"', page.read().decode()).group(1)
    body = urllib.parse.urlencode({"code": setup_code, "csrf_token": token}).encode()
    with jar.open("{}/{}/t/new".format(base, lang), data=body) as table:
        assert re.fullmatch(r".*/{}/t/[A-Za-z0-9_-]{{22,}}".format(lang), table.url), table.url
        return table.url


def empty_setup(game: dict) -> dict:
    """Return a copy of a game with every town empty and no facts: what a table opens with (sync.empty_setup)."""
    return sync.empty_setup(copy.deepcopy(game))


def town_code(game: dict, n: int) -> str:
    """Return the code carrying player n's town (from 0) of a finished game: the setup with only that town."""
    setup = empty_setup(game)
    setup["players"][n] = copy.deepcopy(game["players"][n])
    return encode(setup)


def town_op(game: dict, n: int, seq: int = 1, base: int = 0) -> dict:
    """Return the operation that sets every field of player n's town (from 0) of a game over version base."""
    fields = fields_of(game["players"][n])
    return {"seq": seq, "set": {field: [fields.get(field, ""), base] for field in FIELDS}}


def hand_in(table_url: str, game: dict, n: int, client: str = "test-phone-0") -> None:
    """Send player n's town (from 0) of a game to a running table and hand it in, as a phone's outbox does."""
    for op in (town_op(game, n), {"seq": 2, "done": True}):
        body = json.dumps({"client": client, "op": op}).encode()
        request = urllib.request.Request("{}/{}".format(table_url, n + 1), data=body, method="POST",
                                         headers={"Content-Type": "application/json", "X-Requested-With": "marquoir"})
        with urllib.request.urlopen(request) as answer:
            assert answer.status == 200


def merged(setup_code: str, codes: dict) -> dict:
    """Return the game of a setup with the towns of some town codes ({player: code})."""
    game = decode(setup_code)
    for n, code in codes.items():
        game["players"][n] = decode(code)["players"][n]
    return game


def saved_town(table_url: str, n: int) -> list:
    """Return player n's town (from 0) as the table keeps it, read from the server's town step (no script)."""
    with urllib.request.urlopen("{}/{}".format(table_url, n + 1)) as answer:
        html = answer.read().decode()
    return [re.search(r'id="square_{}"[^>]*>.*?(?:<option selected value="([^"]*)"|</select>)'.format(name), html,
                      re.S).group(1) or None for name in SQUARES]
