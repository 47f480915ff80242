"""A body the server cannot read (chunks gunicorn refuses, a body cut short) is a 400, never a 500: a save's in
JSON, like every other bad body; a form's (open a table, take in a town) the error page in the reader's language.

Through the test client, the body is a stream raising what gunicorn's chunked reader raises; once against
gunicorn as the Procfile runs it, the same bodies are sent on a raw socket.
"""

import json
import socket
import subprocess

import pytest
from gunicorn.http.errors import ChunkMissingTerminator
from gunicorn.http.errors import InvalidChunkExtension
from gunicorn.http.errors import InvalidChunkSize
from gunicorn.http.errors import InvalidHeader
from gunicorn.http.errors import InvalidHeaderName
from gunicorn.http.errors import LimitRequestHeaders
from gunicorn.http.errors import NoMoreData
from werkzeug.test import EnvironBuilder
from werkzeug.test import run_wsgi_app

from support import examples
from support.servers import procfile_gunicorn
from support.tables import empty_setup
from support.tables import open_table
from webscore.scoring import encode
from webscore.web.http.security import HEADERS
from webscore.web.tables.store import SQLiteStore

SETUP = encode(empty_setup(examples.load("four-players")))
UNREADABLE = {"message": "This request cannot be answered as it is."}
CHUNKED = {"X-Requested-With": "marquoir", "Content-Type": "application/json", "Transfer-Encoding": "chunked"}
# What gunicorn's reader raises for a body it cannot read: bad chunks, a forbidden trailer, a body cut short.
BODY_ERRORS = [
    InvalidChunkSize(b"-1"), InvalidChunkSize(b"zz"), ChunkMissingTerminator(b"XX"), InvalidHeaderName("TRAILER"),
    InvalidHeader("X-A"), InvalidChunkExtension("bare CR"), LimitRequestHeaders("max buffer headers"),
    NoMoreData(b"1a\r\n{")]
# The same sent as chunks: sizes of -1 and zz, a chunk without its terminator, a trailer named Trailer, a body cut short;
# and a body in 10,000 chunks of one byte, cut where they pass the 64 a body may come in (framing.MAX_CHUNKS).
MALFORMED_CHUNKS = (b"-1\r\n{}\r\n0\r\n\r\n", b"zz\r\n{}\r\n0\r\n\r\n", b"2\r\n{}XX0\r\n\r\n",
                    b"2\r\n{}\r\n0\r\nTrailer: x\r\n\r\n", b"10\r\n{}", b"1\r\n \r\n" * 10000 + b"0\r\n\r\n")
# A form's refusal, in French: its page's title and message.
REFUSED_FORM = ("Un problème est survenu", "Impossible de répondre à cette demande telle quelle.")


class Refusing:
    """A request body as gunicorn gives a malformed one: reading it raises what its parser found."""

    def __init__(self, error: Exception):
        self.error = error

    def read(self, size=-1):
        raise self.error


@pytest.mark.parametrize("error", BODY_ERRORS, ids=repr)
def test_a_body_gunicorn_cannot_read_is_a_400_in_json(make_app, error):
    app = make_app()
    table = open_table(app.test_client(), SETUP)
    # As gunicorn hands a chunked body over: no length, the stream itself ends it.
    environ = EnvironBuilder(path="/en/t/{}/1".format(table), method="POST", headers=CHUNKED).get_environ()
    environ.pop("CONTENT_LENGTH", None)
    environ.update({"wsgi.input": Refusing(error), "wsgi.input_terminated": True})
    sent, status, headers = run_wsgi_app(app.wsgi_app, environ, buffered=True)
    assert (status, json.loads(b"".join(sent))) == ("400 BAD REQUEST", UNREADABLE)
    assert headers["Content-Security-Policy"] == HEADERS["Content-Security-Policy"]


@pytest.fixture(scope="module")
def gunicorn_with_a_table(tmp_path_factory):
    """Gunicorn as the Procfile runs it, one worker, for the module's tests (each start compresses every static file at
    brotli's strongest level); yield its port and the id of a table of four it holds."""
    path = str(tmp_path_factory.mktemp("gunicorn") / "tables.sqlite3")
    table = SQLiteStore(path).create(SETUP, 4)
    with procfile_gunicorn(env={"FLASK_TABLES_DATABASE": path}, workers=1, log=subprocess.DEVNULL) as (port, _):
        yield port, table


@pytest.mark.slow
def test_malformed_chunks_sent_to_gunicorn_are_a_400_in_json(gunicorn_with_a_table):
    port, table = gunicorn_with_a_table
    head = ("POST /en/t/{table}/1 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}\r\n"
            "X-Requested-With: marquoir\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n"
            "Connection: close\r\n\r\n").format(table=table, port=port).encode()
    for body in MALFORMED_CHUNKS:
        status, headers, sent = exchange(port, head + body)
        assert (status, json.loads(sent)) == ("HTTP/1.1 400 BAD REQUEST", UNREADABLE), body
        assert headers["content-security-policy"] == HEADERS["Content-Security-Policy"]


@pytest.mark.parametrize("error", BODY_ERRORS, ids=repr)
@pytest.mark.parametrize("form", ["/fr/t/new", "/fr/t/{table}/take"])
def test_a_form_gunicorn_cannot_read_is_a_400_page_in_the_readers_language(make_app, error, form):
    app = make_app()
    table = open_table(app.test_client(), SETUP)
    environ = EnvironBuilder(path=form.format(table=table), method="POST", headers={
        "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked"}).get_environ()
    environ.pop("CONTENT_LENGTH", None)
    environ.update({"wsgi.input": Refusing(error), "wsgi.input_terminated": True})
    sent, status, headers = run_wsgi_app(app.wsgi_app, environ, buffered=True)
    page = b"".join(sent).decode()
    assert (status, headers["Content-Type"]) == ("400 BAD REQUEST", "text/html; charset=utf-8")
    assert all(words in page for words in REFUSED_FORM), page
    assert headers["Content-Security-Policy"] == HEADERS["Content-Security-Policy"]


@pytest.mark.slow
def test_malformed_chunks_of_a_form_sent_to_gunicorn_are_a_400_page_in_the_readers_language(gunicorn_with_a_table):
    port, _ = gunicorn_with_a_table
    head = ("POST /fr/t/new HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n"
            "Connection: close\r\n\r\n").format(port=port).encode()
    for body in MALFORMED_CHUNKS:
        status, headers, sent = exchange(port, head + body)
        assert (status, headers["content-type"]) == ("HTTP/1.1 400 BAD REQUEST", "text/html; charset=utf-8"), body
        assert all(words.encode() in sent for words in REFUSED_FORM), body
        assert headers["content-security-policy"] == HEADERS["Content-Security-Policy"]


def exchange(port: int, request: bytes) -> tuple:
    """Send a request on a new connection and read the answer to its end: (status line, headers, body)."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as connection:
        connection.sendall(request)
        connection.shutdown(socket.SHUT_WR)
        answer = b""
        while data := connection.recv(65536):
            answer += data
    head, _, body = answer.partition(b"\r\n\r\n")
    status, *lines = head.decode("latin-1").split("\r\n")
    return status, {name.lower(): value.strip() for name, value in (line.split(":", 1) for line in lines)}, body
