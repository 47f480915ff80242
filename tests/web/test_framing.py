"""Where a request read from a socket ends (webscore.web.http.framing): the worker hands a request to a thread once
whole, answers it as it is once gunicorn or the app can refuse it from what came, and waits for the rest otherwise."""

import time

import pytest

from webscore.web.http.framing import AS_IS
from webscore.web.http.framing import MAX_BODY
from webscore.web.http.framing import MAX_CHUNKS
from webscore.web.http.framing import MAX_HEAD
from webscore.web.http.framing import MORE
from webscore.web.http.framing import TOO_LARGE
from webscore.web.http.framing import WHOLE
from webscore.web.http.framing import request_state

GET = b"GET /en/rules HTTP/1.1\r\nHost: a\r\n"
POST = b"POST /en/t/new HTTP/1.1\r\nHost: a\r\n"
CHUNKED = POST + b"Transfer-Encoding: chunked\r\n\r\n"


CASES = [
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
    # A body in more chunks than any client sends a body in: answered as it is (what came is all the app reads).
    (CHUNKED + b"1\r\na\r\n" * MAX_CHUNKS, AS_IS),
    (CHUNKED + b"1\r\na\r\n" * (MAX_CHUNKS - 1), MORE),
    (CHUNKED + b"1\r\na\r\n" * (MAX_CHUNKS - 1) + b"0\r\n\r\n", WHOLE),
]


@pytest.mark.parametrize("sent, state", CASES, ids=repr)
def test_what_the_bytes_sent_so_far_make(sent, state):
    assert request_state(sent) == state


@pytest.mark.parametrize("sent", [sent for sent, _ in CASES] + [
    CHUNKED + b"1\r\na\r\n" * 40 + b"0\r\nX-T: a\r\n\r\n", b"\r\n" + GET + b"\r\n", b"\r\n\nGET / HTTP/1.1\r\n\r\n",
    POST + b"Content-Length: 3\r\n\r\nabcGET / HTTP/1.1\r\n\r\n"], ids=repr)
@pytest.mark.parametrize("step", [1, 2, 3, 7, 64])
def test_a_request_read_as_it_comes_makes_what_it_makes_read_whole(sent, step):
    # The worker's loop keeps a memo per request and reads each piece as it comes: at every piece, the same
    # state as the bytes so far read from the start, up to the first that is not MORE.
    memo = {}
    step = max(step, len(sent) // 300)
    for at in range(step, len(sent) + step, step):
        state = request_state(sent[:at], memo)
        assert state == request_state(sent[:at])
        if state != MORE:
            break


def test_a_body_of_tiny_chunks_added_to_a_byte_at_a_time_is_not_read_again_from_its_start():
    # 255 chunks of one byte, then a byte at a time: each byte read the whole body again from its start. Read as it
    # comes, what came before is read once: 10,000 bytes added cost little more than reading the body once.
    sent = bytearray(CHUNKED + b"1\r\n \r\n" * (MAX_CHUNKS - 1))
    memo = {}
    assert request_state(bytes(sent), memo) == MORE
    started = time.perf_counter()
    for _ in range(10000):
        sent += b"1"
        assert request_state(bytes(sent), memo) == MORE
    assert time.perf_counter() - started < 2.0


def test_a_body_in_more_chunks_than_it_may_come_in_is_cut_where_they_passed_the_bound():
    chunks = CHUNKED + b"1\r\na\r\n" * MAX_CHUNKS
    memo = {}
    assert request_state(chunks + b"1\r\na\r\n0\r\n\r\n", memo) == AS_IS
    assert memo["cut"] == len(chunks)
