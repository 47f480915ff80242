"""Where a request read from a socket ends (webscore.web.http.framing): the worker hands a request to a thread once
whole, answers it as it is once gunicorn or the app can refuse it from what came, and waits for the rest otherwise."""

import pytest

from webscore.web.http.framing import AS_IS
from webscore.web.http.framing import MAX_BODY
from webscore.web.http.framing import MAX_HEAD
from webscore.web.http.framing import MORE
from webscore.web.http.framing import TOO_LARGE
from webscore.web.http.framing import WHOLE
from webscore.web.http.framing import request_state

GET = b"GET /en/rules HTTP/1.1\r\nHost: a\r\n"
POST = b"POST /en/t/new HTTP/1.1\r\nHost: a\r\n"
CHUNKED = POST + b"Transfer-Encoding: chunked\r\n\r\n"


@pytest.mark.parametrize("sent, state", [
    (b"", MORE),
    (b"GET /en/rul", MORE),
    (GET, MORE),
    (GET + b"X-Slow: a\r\n", MORE),
    (GET + b"\r", MORE),
    (GET + b"\r\n", WHOLE),
    (b"\r\n" + GET + b"\r\n", WHOLE),
    (GET + b"\r\n" + GET, WHOLE),
    # What gunicorn refuses from the bytes alone: a bare LF, a request line longer than any it takes.
    (b"GET / HTTP/1.1\nHost: a\n", AS_IS),
    (GET + b"X-Slow: a\n", AS_IS),
    (b"GET /" + b"a" * 8200, AS_IS),
    (b"GET /" + b"a" * 8000, MORE),
    # A head no browser sends: past MAX_HEAD, refused rather than waited for.
    (GET + b"X-Big: " + b"a" * MAX_HEAD, TOO_LARGE),
    (GET + (b"X-Big: " + b"a" * 8000 + b"\r\n") * 9, TOO_LARGE),
    (GET + (b"X-Big: " + b"a" * 8000 + b"\r\n") * 7, MORE),
    (GET + (b"X-Big: " + b"a" * 8000 + b"\r\n") * 7 + b"\r\n", WHOLE),
    # A body of a declared length: whole once it is all there.
    (POST + b"Content-Length: 5\r\n\r\n", MORE),
    (POST + b"Content-Length: 5\r\n\r\nabcd", MORE),
    (POST + b"content-length:5\r\n\r\nabcde", WHOLE),
    (POST + b"Content-Length: 0\r\n\r\n", WHOLE),
    (POST + b"Content-Length: 5\r\n\r\nabcdeGET", WHOLE),
    # One the app refuses unread (larger than any it takes), or gunicorn refuses (not digits, twice, beside chunked).
    (POST + "Content-Length: {}\r\n\r\n".format(MAX_BODY + 1).encode(), AS_IS),
    (POST + b"Content-Length: -1\r\n\r\n", AS_IS),
    (POST + b"Content-Length: 5\r\nContent-Length: 5\r\n\r\n", AS_IS),
    (POST + b"Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n", AS_IS),
    (POST + b"Transfer-Encoding: gzip\r\n\r\n", AS_IS),
    (POST + b"Transfer-Encoding: chunked, gzip\r\n\r\n", AS_IS),
    # A request that reads no body is answered once its head is whole: its body, if one is to come, is not waited for.
    (GET + b"Transfer-Encoding: chunked\r\n\r\n", AS_IS),
    (GET + b"Content-Length: 5\r\n\r\nab", AS_IS),
    (GET + b"Content-Length: 5\r\n\r\nabcde", WHOLE),
    (b"DELETE /en/new HTTP/1.1\r\nContent-Length: 5\r\n\r\n", AS_IS),
    (b"PUT /en/new HTTP/1.1\r\nContent-Length: 5\r\n\r\n", MORE),
    # Chunks: whole at the last one's empty line, trailers or not.
    (CHUNKED, MORE),
    (CHUNKED + b"5\r\nabc", MORE),
    (CHUNKED + b"5\r\nabcde\r\n", MORE),
    (CHUNKED + b"5\r\nabcde\r\n0\r\n", MORE),
    (CHUNKED + b"5\r\nabcde\r\n0\r\n\r\n", WHOLE),
    (CHUNKED + b"5;name=value\r\nab\r\nd\r\n0\r\n\r\n", WHOLE),
    (CHUNKED + b"0\r\nX-Trailer: a\r\n", MORE),
    (CHUNKED + b"0\r\nX-Trailer: a\r\n\r\n", WHOLE),
    (POST + b"Transfer-Encoding: gzip, Chunked\r\n\r\n0\r\n\r\n", WHOLE),
    # Chunks gunicorn refuses: answered as they are (the app says 400).
    (CHUNKED + b"-1\r\n{}\r\n0\r\n\r\n", AS_IS),
    (CHUNKED + b"zz\r\n{}\r\n0\r\n\r\n", AS_IS),
    (CHUNKED + b"\r\n", AS_IS),
    (CHUNKED + b"2\r\n{}XX0\r\n\r\n", AS_IS),
    # Chunks past what a body may hold: answered as they are (the app refuses a body that large).
    (CHUNKED + b"%x\r\n" % (MAX_BODY + 1), AS_IS),
    (CHUNKED + b"400\r\n" + b"a" * 1024 + b"\r\n" + b"1\r\n", MORE),
    (CHUNKED + (b"400\r\n" + b"a" * 1024 + b"\r\n") * 65, AS_IS),
], ids=repr)
def test_what_the_bytes_sent_so_far_make(sent, state):
    assert request_state(sent) == state
