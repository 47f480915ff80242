"""The Procfile's gunicorn worker: gthread's, with each request read whole before a thread takes it.

A thread of gunicorn's gthread worker reads its request from the socket itself, so a client that trickles
its headers or its body holds a thread for as long as it trickles: about 200 such clients (2 workers x 100
threads) stopped the whole site. Here the worker's own loop, which already waits on every kept-alive
connection without a thread, reads each request as its bytes come, and hands it to a thread only once it is
whole (its head and its body), or once what came is enough to answer it: a head or chunk gunicorn refuses, a
body larger than any the app reads or one it does not read (a GET's), the client gone. The thread parses
bytes held in memory and never reads the socket: past them, its request ends. Nor does it wait to write: what
the client does not take at once (it reads slowly, or not at all) is kept for the loop to send as the client
takes it, and the connection's next request waits until it has. A thread of gthread's blocked in its write for
as long as such a client held its answer unread: 1,000 connections each sending 300 requests at once and
reading none held all 2 x 100 threads, and no one else was answered.

A connection has REQUEST_SECONDS to send each request whole and may hold MAX_HEAD bytes of head (past them,
gunicorn's own 431) and MAX_BODY of body; when the worker holds as many connections as it may, the one
waiting longest for its request makes room for the next. Plain HTTP/1 only: the platform's router speaks TLS.

Here the worker's loop; what a thread reads and writes in place of the socket is connections.py's.
"""

import contextlib
import errno
import gc
import resource
import selectors
import socket
import time
from functools import partial

from gunicorn.http.errors import LimitRequestHeaders
from gunicorn.workers import gthread

from .connections import Connection
from .connections import Outgoing
from .connections import overdue
from .connections import receive
from .framing import AS_IS
from .framing import MAX_HEAD
from .framing import MORE
from .framing import TOO_LARGE
from .framing import request_state

REQUEST_SECONDS = 20.0
# How long a client may take none of the answer it is sent before its connection is closed.
ANSWER_SECONDS = 20.0
# How long a closing connection is given to read the answer's end and close its side (gunicorn's own wait).
LINGER_SECONDS = 2.0
# Descriptors a worker keeps for other things than its clients: per thread a SQLite file and its WAL and
# shared memory, Redis connections, the loop's own.
SPARE_FILES_PER_THREAD = 4
SPARE_FILES = 64

# Bytes of requests not yet whole a worker holds, at most: past them, the connection waiting longest for its request
# goes. A phone's request is a few KB; 3,900 connections each holding 60 KB of a body still to come grew each worker
# to 350 MB, and the 64 KiB of head and 64 KiB of body a connection may hold would have let 4,000 take 1 GB.
MAX_WAITING_BYTES = 64 * 1024 * 1024

# Connections taken in one turn of the worker's loop, at most.
ACCEPT_AT_ONCE = 256


class BufferingWorker(gthread.ThreadWorker):
    """Gunicorn's threaded worker, its requests read by its loop and handed to a thread once whole."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Connections waiting for their request, the longest waiting first; connections closing, the same; connections
        # whose client has not yet taken all of its answer, the longest waiting on it first.
        self.waiting = {}
        self.waiting_bytes = 0
        self.closing = {}
        self.writing = {}

    def init_process(self):
        """Refuse TLS, and hold as many connections as the descriptors the system allows leave room for."""
        if self.cfg.is_ssl or self.cfg.http2_cleartext != "off":
            raise RuntimeError("BufferingWorker reads plain HTTP/1 only: let the router in front speak TLS and HTTP/2")
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        spare = SPARE_FILES + SPARE_FILES_PER_THREAD * self.cfg.threads
        wanted = self.cfg.worker_connections + spare
        if soft != resource.RLIM_INFINITY and soft < wanted:
            soft = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
            resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
        self.worker_connections = min(self.worker_connections, soft - spare)
        super().init_process()

    def load_wsgi(self):
        """Load the app, then set aside for good what loading it made (modules, the app, its templates and
        catalogues), collected once first: none of it is ever garbage, and every full pass of the garbage collector
        walked it all again. A first full pass then came within a few thousand pages of each worker's start and took
        170 ms, 0.11 ms for each of those pages (tests/bench/load.py, result pages each drawn once)."""
        super().load_wsgi()
        gc.collect()
        gc.freeze()

    def accept(self, listener):
        """Take the connections waiting (a bounded number), and wait, without a thread, for their first request.

        Gunicorn takes one a turn of the loop: behind a crowd just connected, a phone waited its turn.
        """
        for _ in range(ACCEPT_AT_ONCE):
            if self.nr_conns >= self.worker_connections:
                return
            try:
                sock, client = listener.accept()
            except OSError as error:
                if error.errno not in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                    raise
                return
            self.nr_conns += 1
            self.enqueue_req(Connection(self, sock, client, listener.getsockname()))

    def enqueue_req(self, conn):
        """Hand a connection's request to a thread once whole; until then, read it in the loop as it comes."""
        if conn.parser is not None:
            # What a kept-alive client sent behind its last request, read with it.
            conn.gathered += conn.parser.unreader.take_buffered()
        conn.deadline = time.monotonic() + REQUEST_SECONDS
        conn.sock.setblocking(False)
        # What was read of this request's bytes so far: each piece that comes is read alone.
        conn.memo = {}
        state = request_state(bytes(conn.gathered), conn.memo)
        if state == MORE:
            self.waiting[conn] = None
            self.waiting_bytes += len(conn.gathered)
            self.poller.register(conn.sock, selectors.EVENT_READ, partial(self.on_request_bytes, conn))
            self.within_bytes()
        else:
            self.answer(conn, state)

    def on_request_bytes(self, conn, client):
        """Read what a waiting connection sent; hand its request over once it can be answered."""
        data = receive(conn.sock)
        if data is None:
            return
        if data:
            conn.gathered += data
            self.waiting_bytes += len(data)
            state = request_state(bytes(conn.gathered), conn.memo)
            if state != MORE:
                self.stop_waiting(conn)
                self.answer(conn, state)
            else:
                self.within_bytes()
            return
        self.stop_waiting(conn)
        if conn.gathered:
            # What came is all there is: gunicorn and the app answer it as a request cut short.
            self.hand_over(conn, cut=True)
        else:
            self.close(conn)

    def answer(self, conn, state: str) -> None:
        """Hand a connection's request over as what came makes it (WHOLE or AS_IS), or refuse a head TOO_LARGE."""
        if state == TOO_LARGE:
            # As gunicorn refuses a head past its limits, and closes.
            with contextlib.suppress(OSError):
                self.handle_error(None, conn.sock, conn.client, LimitRequestHeaders("over {} bytes".format(MAX_HEAD)))
            self.close(conn, graceful=True)
        else:
            self.hand_over(conn, cut=state == AS_IS)

    def hand_over(self, conn, cut: bool) -> None:
        """Give a connection's request to a thread: whole, or cut (its connection closes after the answer)."""
        if "cut" in conn.memo:
            # A body in more chunks than it may come in: the thread reads none past them.
            del conn.gathered[conn.memo["cut"]:]
        conn.cut = cut
        conn.data_ready = True
        super().enqueue_req(conn)

    def handle(self, conn):
        """Answer a connection's request in a thread that writes to memory what the client does not take at once."""
        sock = conn.sock
        conn.sock = conn.outgoing = Outgoing(sock)
        try:
            return super().handle(conn)
        finally:
            conn.sock = sock

    def finish_request(self, conn, fs):
        """Once the client has taken the whole answer, do with the connection what its request says (keep it, close it)."""
        outgoing = getattr(conn, "outgoing", None)
        if outgoing is None or not outgoing.pending:
            super().finish_request(conn, fs)
            return
        conn.deadline = time.monotonic() + ANSWER_SECONDS
        self.writing[conn] = fs
        self.poller.register(conn.sock, selectors.EVENT_WRITE, partial(self.on_writable, conn))

    def on_writable(self, conn, client) -> None:
        """Send a connection what its client takes of its answer; go on with the connection once all is taken."""
        try:
            sent = conn.outgoing.flush()
        except OSError:
            self.stop_writing(conn)
            self.close(conn)
            return
        if conn.outgoing.pending:
            if sent:
                # Taken in part: the client has ANSWER_SECONDS again, and waits behind the others.
                fs = self.writing.pop(conn)
                conn.deadline = time.monotonic() + ANSWER_SECONDS
                self.writing[conn] = fs
            return
        fs = self.stop_writing(conn)
        super().finish_request(conn, fs)

    def stop_writing(self, conn):
        """Stop sending a connection its answer in the loop; return the future of its request."""
        self.poller.unregister(conn.sock)
        return self.writing.pop(conn)

    def stop_waiting(self, conn) -> None:
        """Stop reading a connection in the loop."""
        del self.waiting[conn]
        self.waiting_bytes -= len(conn.gathered)
        self.poller.unregister(conn.sock)

    def within_bytes(self) -> None:
        """Close the connections waiting longest for their request while those waiting hold over MAX_WAITING_BYTES."""
        while self.waiting_bytes > MAX_WAITING_BYTES and self.waiting:
            oldest = next(iter(self.waiting))
            self.stop_waiting(oldest)
            self.close(oldest)

    def close(self, conn, graceful: bool = False) -> None:
        """Close a connection the worker counts."""
        self.nr_conns -= 1
        conn.close(graceful)

    def linger(self, conn) -> None:
        """Close a connection once its client has closed its side too, or after LINGER_SECONDS (RFC 9112 9.6).

        Gunicorn's own close waits for it in the loop's thread, up to 2 s a connection, while every other waits.
        """
        try:
            conn.sock.shutdown(socket.SHUT_WR)
        except OSError:
            gthread.TConn.close(conn)
            return
        conn.sock.setblocking(False)
        conn.deadline = time.monotonic() + LINGER_SECONDS
        self.closing[conn] = None
        self.poller.register(conn.sock, selectors.EVENT_READ, partial(self.on_closing_bytes, conn))

    def on_closing_bytes(self, conn, client):
        """Read past what a closing connection's client still sends, until it closes."""
        if receive(conn.sock) == b"":
            del self.closing[conn]
            self.poller.unregister(conn.sock)
            gthread.TConn.close(conn)

    def murder_keepalived(self, force=False):
        """Close kept-alive connections past their time, those whose request did not come whole, and those closing."""
        super().murder_keepalived(force)
        now = time.monotonic()
        for conn in overdue(self.waiting, now, force):
            self.waiting_bytes -= len(conn.gathered)
            self.poller.unregister(conn.sock)
            self.close(conn)
        for conn in overdue(self.closing, now, force):
            self.poller.unregister(conn.sock)
            gthread.TConn.close(conn)
        for conn in overdue(self.writing, now, force):
            self.poller.unregister(conn.sock)
            self.close(conn)

    def set_accept_enabled(self, enabled):
        """Keep taking connections when full: the one waiting longest for its request goes instead, else the one
        whose client has left its answer untaken longest."""
        if not enabled and self.alive and self.waiting:
            oldest = next(iter(self.waiting))
            self.stop_waiting(oldest)
            self.close(oldest)
            return
        if not enabled and self.alive and self.writing:
            oldest = next(iter(self.writing))
            self.stop_writing(oldest)
            self.close(oldest)
            return
        super().set_accept_enabled(enabled)

    def _cap_keepalive(self, deadline):
        # A stopping worker waits for requests on their way no longer than for kept-alive connections.
        super()._cap_keepalive(deadline)
        for conn in [*self.waiting, *self.writing]:
            conn.deadline = min(conn.deadline, deadline)

    def _keepalive_after(self, conn, keepalive):
        # A request handed over before its body was whole leaves the rest of it on the socket: close.
        return not conn.cut and super()._keepalive_after(conn, keepalive)
