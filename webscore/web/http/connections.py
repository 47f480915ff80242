"""A client connection as the buffering worker (buffering.py) holds it, and the socket calls of the worker's loop.

Here what a request's thread sees in place of the socket: its request's bytes as the loop gathered them
(Gathered: past them, the end of the stream, never a wait), and a socket that keeps in memory what the client
does not take at once (Outgoing), for the loop to send as the client takes it. The worker's loop, which decides
when a request is whole and when a connection goes, is buffering.py's.
"""

import collections
import contextlib
import socket

from gunicorn.http.unreader import Unreader
from gunicorn.workers import gthread

from .framing import MAX_HEAD


class Gathered(Unreader):
    """The bytes of a connection's requests as the worker's loop read them: past them, the end of the stream."""

    def chunk(self, size_hint=None):
        """Return nothing: a thread never waits on the socket for more."""
        return b""


class Outgoing:
    """A connection's socket as its thread writes to it: what the client does not take at once waits in memory.

    The loop sends it as the client takes it (BufferingWorker.finish_request): a thread never waits on a client.
    Everything else is the socket's own.
    """

    def __init__(self, sock: socket.socket):
        self.sock = sock
        self.pending = collections.deque()

    def sendall(self, data) -> None:
        """Send what the socket takes now, keep the rest (a bytes object as it is, anything else copied)."""
        view = memoryview(data if isinstance(data, bytes) else bytes(data)).cast("B")
        if not self.pending:
            with contextlib.suppress(BlockingIOError, InterruptedError):
                view = view[self.sock.send(view):]
        if view:
            self.pending.append(view)

    def sendfile(self, file, offset: int = 0, count=None) -> None:
        """Send a file's bytes as sendall() sends any others."""
        file.seek(offset)
        self.sendall(file.read(count) if count else file.read())

    def setblocking(self, flag) -> None:
        """Stay non-blocking: the thread's writes never wait."""

    def settimeout(self, value) -> None:
        """Stay non-blocking: the thread's writes never wait."""

    def gettimeout(self):
        return None

    def flush(self) -> bool:
        """Send what the socket takes of what waits; return whether any of it went. Raise OSError for a client gone."""
        sent = False
        while self.pending:
            try:
                count = self.sock.send(self.pending[0])
            except (BlockingIOError, InterruptedError):
                return sent
            sent = sent or count > 0
            if count < len(self.pending[0]):
                self.pending[0] = self.pending[0][count:]
                return sent
            self.pending.popleft()
        return sent

    def __getattr__(self, name):
        return getattr(self.sock, name)


class Connection(gthread.TConn):
    """A client connection whose requests reach their thread read whole."""

    def __init__(self, worker, sock, client, server):
        super().__init__(worker.cfg, sock, client, server)
        self.worker = worker
        self.gathered = bytearray()
        self.memo = {}
        self.deadline = 0.0
        # Handed over before its body was whole (too large, or refused): the connection closes after the answer.
        self.cut = False

    def init(self):
        """Make the parser read what the loop gathered, and only that."""
        super().init()
        if not isinstance(self.parser.unreader, Gathered):
            self.parser.unreader = Gathered()
        self.parser.unreader.unread(bytes(self.gathered))
        self.gathered.clear()

    def close(self, graceful=False):
        """Close now, or once the client has read the answer: its last bytes are read in the loop, not waited for."""
        if graceful:
            self.worker.linger(self)
        else:
            super().close()


def overdue(queue: dict, now: float, force: bool = False):
    """Take out of a queue of connections (the longest waiting first) and yield those whose time is up, or all."""
    while queue:
        conn = next(iter(queue))
        if conn.deadline > now and not force:
            return
        del queue[conn]
        yield conn


def receive(sock: socket.socket):
    """Return what a non-blocking socket holds (b"" once its peer closed or failed), or None when nothing yet."""
    try:
        return sock.recv(MAX_HEAD)
    except (BlockingIOError, InterruptedError):
        return None
    except OSError:
        return b""
