"""The Procfile's worker (webscore.web.http.buffering): requests read whole by its loop before a thread takes them.

In the process, with the worker's loop turned by the test and its clock set by it: what a connection's bytes make
it do. Then against gunicorn as the Procfile runs it, on 127.0.0.1: slow clients hold no thread.
"""

import concurrent.futures
import contextlib
import gc
import http.client
import os
import pathlib
import selectors
import socket
import subprocess
import time
import types

import pytest
from gunicorn.config import Config
from gunicorn.glogging import Logger
from gunicorn.workers.base import Worker

from support import examples
from support.servers import procfile_gunicorn
from support.tables import empty_setup
from webscore.scoring import encode
from webscore.web.http import buffering
from webscore.web.http.buffering import ANSWER_SECONDS
from webscore.web.http.buffering import REQUEST_SECONDS
from webscore.web.http.buffering import BufferingWorker
from webscore.web.http.connections import Connection
from webscore.web.http.connections import Gathered
from webscore.web.http.connections import Outgoing
from webscore.web.http.framing import MAX_BODY
from webscore.web.http.framing import MAX_HEAD
from webscore.web.http.security import HEADERS
from webscore.web.tables.store import SQLiteStore

HEAD = b"GET /en/rules HTTP/1.1\r\nHost: a\r\n"


class Threads:
    """The worker's thread pool, standing still: it notes what it is given and runs none of it."""

    def __init__(self):
        self.given = []

    def submit(self, handle, conn):
        """Note a connection handed to a thread."""
        self.given.append(conn)
        return concurrent.futures.Future()


@pytest.fixture
def clock(monkeypatch):
    """The worker's clock, set by the test: [seconds]."""
    now = [1000.0]
    monkeypatch.setattr(buffering, "time", types.SimpleNamespace(monotonic=lambda: now[0]))
    return now


@pytest.fixture
def worker():
    """A worker of 2 threads and 3 connections, its loop turned by the test."""
    cfg = Config()
    cfg.set("threads", 2)
    cfg.set("worker_connections", 3)
    made = BufferingWorker(0, os.getpid(), [], None, 30, cfg, Logger(cfg))
    made.poller = selectors.DefaultSelector()
    made.tpool = Threads()
    made._accepting = True
    made.sockets_made = []
    yield made
    for sock in made.sockets_made:
        sock.close()
    made.poller.close()
    made.tmp.close()


def connected(worker):
    """Return (the client's socket, the worker's connection) of a new connection the worker took."""
    client, server = socket.socketpair()
    worker.sockets_made += [client, server]
    conn = Connection(worker, server, ("127.0.0.1", 1), ("127.0.0.1", 2))
    worker.nr_conns += 1
    worker.enqueue_req(conn)
    return client, conn


def turn(worker) -> None:
    """Turn the worker's loop once: what its sockets hold now is read."""
    worker.wait_for_and_dispatch_events(0)


def closed(client) -> bool:
    """Tell whether the worker closed a connection (its client reads the end of the stream)."""
    client.settimeout(5)
    return client.recv(65536) == b""


def test_a_request_reaches_a_thread_only_once_whole(worker):
    client, conn = connected(worker)
    for piece in (HEAD[:10], HEAD[10:], b"X-Slow: a\r\n"):
        client.sendall(piece)
        turn(worker)
        assert worker.tpool.given == [] and list(worker.waiting) == [conn]
    client.sendall(b"\r\n")
    turn(worker)
    assert worker.tpool.given == [conn] and worker.waiting == {}
    assert bytes(conn.gathered) == HEAD + b"X-Slow: a\r\n\r\n"
    assert worker.poller.get_map() == {}


def test_a_thread_reads_the_request_gathered_and_never_waits_on_the_socket(worker):
    client, conn = connected(worker)
    # A body declared larger than any the app takes goes to a thread at once, for the app to refuse it; should it
    # read it all the same, it gets what came, where a read of the socket would wait for a client that sends no more.
    client.sendall("POST /en/t/new HTTP/1.1\r\nHost: a\r\nContent-Length: {}\r\n\r\nabcd".format(MAX_BODY + 1).encode())
    turn(worker)
    assert worker.tpool.given == [conn] and conn.cut
    conn.sock.settimeout(5)
    conn.init()
    request = next(conn.parser)
    assert isinstance(conn.parser.unreader, Gathered)
    assert (request.method, request.path, request.body.read()) == ("POST", "/en/t/new", b"abcd")


def test_a_request_not_whole_in_time_is_closed_without_a_thread(worker, clock):
    client, conn = connected(worker)
    client.sendall(HEAD)
    turn(worker)
    clock[0] += REQUEST_SECONDS - 1
    worker.murder_keepalived()
    assert list(worker.waiting) == [conn]
    clock[0] += 2
    worker.murder_keepalived()
    assert closed(client)
    assert (worker.waiting, worker.tpool.given, worker.nr_conns) == ({}, [], 0)


def test_a_full_worker_lets_the_connection_waiting_longest_go_for_the_next(worker, clock):
    clients = []
    for _ in range(3):
        clients.append(connected(worker))
        clock[0] += 1
    assert worker.nr_conns == worker.worker_connections
    # As the worker's loop does when it holds all it may.
    worker.set_accept_enabled(False)
    assert closed(clients[0][0])
    assert list(worker.waiting) == [conn for _, conn in clients[1:]]
    assert (worker.nr_conns, worker._accepting) == (2, True)


def test_requests_not_whole_hold_no_more_bytes_than_the_bound_the_longest_waiting_going_first(worker, clock, monkeypatch):
    monkeypatch.setattr(buffering, "MAX_WAITING_BYTES", 1000)
    body = b"POST /en/t/new HTTP/1.1\r\nHost: a\r\nContent-Length: 60000\r\n\r\n" + b" " * 400
    clients = []
    for _ in range(2):
        clients.append(connected(worker))
        clients[-1][0].sendall(body)
        turn(worker)
        clock[0] += 1
    assert list(worker.waiting) == [conn for _, conn in clients]
    assert worker.waiting_bytes == 2 * len(body)
    # A third connection's bytes pass the bound: the one waiting longest goes.
    client, conn = connected(worker)
    client.sendall(body)
    turn(worker)
    assert closed(clients[0][0])
    assert list(worker.waiting) == [clients[1][1], conn] and worker.waiting_bytes == 2 * len(body)
    assert worker.nr_conns == 2
    # Those that go by their time, or whose request comes whole, count no more.
    clock[0] += REQUEST_SECONDS
    worker.murder_keepalived()
    assert (worker.waiting, worker.waiting_bytes) == ({}, 0)


def test_a_head_past_the_bound_is_refused_as_gunicorn_refuses_one(worker):
    client, conn = connected(worker)
    client.sendall(HEAD + b"X-Big: " + b"a" * MAX_HEAD)
    for _ in range(10):
        turn(worker)
    client.settimeout(5)
    assert client.recv(65536).startswith(b"HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n")
    assert closed(client)
    assert (worker.waiting, worker.tpool.given, worker.nr_conns, list(worker.closing)) == ({}, [], 0, [conn])


def test_a_connection_closed_after_its_answer_is_let_go_once_its_client_closes(worker):
    client, conn = connected(worker)
    client.sendall(HEAD + b"\r\n")
    turn(worker)
    conn.close(graceful=True)
    # The worker closed its side at once, and reads the client's until it closes it too.
    assert closed(client)
    assert list(worker.closing) == [conn]
    client.close()
    turn(worker)
    assert (worker.closing, conn.sock.fileno()) == ({}, -1)


def answered_unread(worker, size: int = 8 * 1024 * 1024):
    """Return (client, connection, answer) of a request whose thread wrote an answer of size bytes the client has not read."""
    client, conn = connected(worker)
    client.sendall(HEAD + b"\r\n")
    turn(worker)
    conn.sock = conn.outgoing = Outgoing(conn.sock)
    answer = bytes(range(256)) * (size // 256)
    # Returns at once, though the client reads nothing: what the socket did not take waits in memory.
    conn.outgoing.sendall(answer)
    conn.sock = conn.outgoing.sock
    done = concurrent.futures.Future()
    done.set_result(False)
    worker.finish_request(conn, done)
    return client, conn, answer


def test_a_thread_never_waits_for_a_client_to_read_its_answer(worker):
    client, conn, answer = answered_unread(worker)
    assert conn.outgoing.pending and list(worker.writing) == [conn]
    # The loop sends the rest as the client takes it, then does as the request said (here: close).
    received = bytearray()
    client.settimeout(5)
    while len(received) < len(answer):
        received += client.recv(1 << 20)
        turn(worker)
    assert bytes(received) == answer
    assert closed(client)
    assert (worker.writing, list(worker.closing), worker.nr_conns) == ({}, [conn], 0)


def test_a_client_that_takes_none_of_its_answer_in_time_is_closed(worker, clock):
    client, conn, _ = answered_unread(worker)
    clock[0] += ANSWER_SECONDS - 1
    worker.murder_keepalived()
    assert list(worker.writing) == [conn]
    clock[0] += 2
    worker.murder_keepalived()
    assert (worker.writing, worker.nr_conns, conn.sock.fileno()) == ({}, 0, -1)


def test_a_full_worker_lets_the_client_leaving_its_answer_longest_go_when_none_waits(worker, clock):
    unread = []
    for _ in range(3):
        unread.append(answered_unread(worker, 1 << 20)[1])
        clock[0] += 1
    assert worker.nr_conns == worker.worker_connections and worker.waiting == {}
    worker.set_accept_enabled(False)
    assert list(worker.writing) == unread[1:] and unread[0].sock.fileno() == -1
    assert (worker.nr_conns, worker._accepting) == (2, True)


SETUP = encode(empty_setup(examples.load("four-players")))


@contextlib.contextmanager
def two_threads_beside_a_table(tmp_path):
    """Run gunicorn as the Procfile does, one worker of two threads, its tables in SQLite with one of four players
    open; yield (port, table id)."""
    path = str(tmp_path / "tables.sqlite3")
    table = SQLiteStore(path).create(SETUP, 4)
    with procfile_gunicorn(env={"FLASK_TABLES_DATABASE": path}, workers=1, extra=["--threads", "2"],
                           log=subprocess.DEVNULL) as (port, _):
        yield port, table


def read_answer(answers) -> int:
    """Read one answer (its body of Content-Length bytes, if any) from a connection's reader; return its status.

    Both answers to requests sent at once are read from one reader: http.client reads each answer with a reader of
    its own, and the first, reading ahead, took the second answer's bytes with it when both came at once (on a
    loaded machine, now and then), so the second waited for an answer already sent.
    """
    status = int(answers.readline().split()[1])
    length = 0
    while (line := answers.readline()) not in (b"\r\n", b""):
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    answers.read(length)
    return status


@pytest.mark.slow
def test_slow_clients_hold_no_thread_of_gunicorn_run_as_the_procfile_runs_it(tmp_path):
    # Two threads, and ten times as many clients sending their headers, or a save's body, and no more.
    with two_threads_beside_a_table(tmp_path) as (port, table):
        slow = []
        for n in range(20):
            sock = socket.create_connection(("127.0.0.1", port), timeout=30)
            sock.sendall(b"GET /en/rules HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: a\r\n" if n % 2 else
                         "POST /en/t/{}/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Requested-With: marquoir\r\n"
                         "Content-Type: application/json\r\nContent-Length: 200\r\n\r\n{{".format(table).encode())
            slow.append(sock)
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            connection.request("GET", "/en/rules")
            page = connection.getresponse()
            assert (page.status, page.getheader("Content-Security-Policy")) == (200, HEADERS["Content-Security-Policy"])
            page.read()
            # On the same connection, kept alive: a follow, then two requests sent at once, each answered in turn.
            connection.request("GET", "/en/t/{}/state".format(table))
            follow = connection.getresponse()
            assert (follow.status, follow.getheader("ETag")) == (200, '"0-en"')
            follow.read()
            connection.sock.sendall(b"GET /en/rules HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                                    b"GET /en/t/{}/state HTTP/1.1\r\nHost: 127.0.0.1\r\nIf-None-Match: \"0-en\"\r\n\r\n"
                                    .replace(b"{}", table.encode()))
            answers = connection.sock.makefile("rb")
            assert [read_answer(answers), read_answer(answers)] == [200, 304]
        finally:
            connection.close()
            for sock in slow:
                sock.close()


def sent_unread(port: int) -> list:
    """Return the bytes the kernel holds unread by their client on each connection of a local server's port."""
    found = []
    for line in pathlib.Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if int(fields[1].split(":")[1], 16) == port and fields[3] == "01":
            found.append(int(fields[4].split(":")[0], 16))
    return sorted(found)


@pytest.mark.slow
def test_clients_that_never_read_their_answers_hold_no_thread(tmp_path):
    # Two threads, and ten clients each sending 300 requests at once and reading none of the answers: far more than
    # the kernel holds for them, so a thread writing to the socket would wait on each for good.
    with two_threads_beside_a_table(tmp_path) as (port, table):
        unread = []
        for _ in range(10):
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
            sock.connect(("127.0.0.1", port))
            sock.sendall(b"GET /en/rules HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" * 300)
            unread.append(sock)
        try:
            # Once nothing more goes out to them, a thread that writes to the socket itself waits on one for good.
            queued = None
            for _ in range(600):
                before, queued = queued, sent_unread(port)
                if len(queued) == 10 and all(queued) and queued == before:
                    break
                time.sleep(0.1)
            for path in ("/en/rules", "/en/t/{}/state".format(table)):
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                connection.request("GET", path)
                answer = connection.getresponse()
                assert answer.status == 200
                answer.read()
                connection.close()
        finally:
            for sock in unread:
                sock.close()


def test_a_worker_sets_aside_what_loading_the_app_made_once_collected(worker, monkeypatch):
    # The app's modules, templates and catalogues are never garbage: frozen, no full pass walks them again.
    done = []
    monkeypatch.setattr(Worker, "load_wsgi", lambda self: done.append("load"))
    monkeypatch.setattr(gc, "collect", lambda *generation: done.append("collect"))
    monkeypatch.setattr(gc, "freeze", lambda: done.append("freeze"))
    worker.load_wsgi()
    assert done == ["load", "collect", "freeze"]
