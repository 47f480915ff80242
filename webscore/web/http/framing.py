"""Where a request read from a socket ends: whether the bytes a client sent so far make a whole request.

Read as gunicorn reads them (RFC 9112): a head up to its empty line, then a body of the Content-Length it
declares, or chunks up to the last and its trailers. What gunicorn refuses from the bytes alone (a bare LF, a
request line longer than any it takes, framing headers it does not accept, a bad chunk size) need not wait for
more: it is answered as it is.
"""

# No browser sends a head near this (nginx refuses one over 32 KiB), and it is over 4 times the app's body limit
# (MAX_CONTENT_LENGTH, 16 KiB), so every body the app reads comes whole.
MAX_HEAD = 64 * 1024
MAX_BODY = 64 * 1024
# Chunks a body may come in: a client sends a body in a few, and each costs a turn of the loop's reading and of
# gunicorn's. 10,000 chunks of one byte (60 KB) cost the loop 16 ms and a thread 18 ms more: 3,000 clients sending
# them every 20 s held both. Past it the request goes as it is, cut where its chunks passed the bound
# (memo["cut"]): the app finds its body cut short (400), and the connection closes after the answer.
MAX_CHUNKS = 64
# The longest request line gunicorn takes (its --limit-request-line is at most this): one longer is its 414.
MAX_LINE = 8190
# The methods whose body is waited for (the app reads a body in a POST only); with any other, a body still to come
# is not waited for, and its connection closes after the answer.
BODY_METHODS = (b"POST ", b"PUT ", b"PATCH ")
# What a connection's bytes so far make: wait for more, a whole request, a request to hand over as it is
# (gunicorn or the app refuse it from what came), a head too large to wait for.
MORE, WHOLE, AS_IS, TOO_LARGE = "more", "whole", "as is", "too large"


def request_state(data: bytes, memo: dict | None = None) -> str:
    """Return what the bytes a connection sent so far make of its next request: MORE, WHOLE, AS_IS or TOO_LARGE.

    memo, kept by the caller for one request while its bytes only grow, holds what earlier calls read of them (where
    the head was looked at up to, the head's framing, the chunks checked), so that each call reads only the bytes
    added: read again from the start, a client adding a byte a second to 64 KiB of one-byte chunks cost the worker's
    loop 16 ms a byte, and 200 such clients stopped the site.
    """
    memo = {} if memo is None else memo
    if "body" not in memo:
        state = _head_state(data, memo)
        if state is not None:
            return state
    state = _body_state(memo["framing"], data[memo["body"]:], memo)
    # Only a form or a save reads its body: any other request is answered once its head is whole.
    return AS_IS if state == MORE and not memo["reads"] else state


def _head_state(data: bytes, memo: dict):
    """Return the state of a request whose head is not whole or refused, or None once it is whole (noted in memo)."""
    start = 2 if data.startswith(b"\r\n") else 0  # one empty line before a request is let be (RFC 9112 2.2)
    # The bytes before `since` were read: no end of the head, no bare LF; whether they held a line end is noted.
    since = max(start, memo.get("searched", start))
    end = data.find(b"\r\n\r\n", max(start, since - 3))
    head_end = len(data) if end < 0 else end + 2
    lf = data.find(b"\n", since, head_end)
    while lf >= 0:
        if lf == start or data[lf - 1] != 13:
            return AS_IS
        lf = data.find(b"\n", lf + 1, head_end)
    memo["line"] = memo.get("line") or data.find(b"\r\n", max(start, since - 1), head_end) >= 0
    if not memo["line"] and head_end - start > MAX_LINE + 2:
        return AS_IS
    if end < 0:
        memo["searched"] = len(data)
        return TOO_LARGE if len(data) > MAX_HEAD else MORE
    if end > MAX_HEAD:
        return TOO_LARGE
    head = data[start:end + 2]
    memo.update(body=end + 4, framing=_framing(head), reads=head.startswith(BODY_METHODS))
    return None


def _body_state(framing: tuple, body: bytes, memo: dict) -> str:
    """Return whether the body a whole head announces is whole, to come, or to hand over as it is."""
    lengths, codings = framing
    if codings:
        return _chunks_state(body, memo) if not lengths and codings[-1] == b"chunked" else AS_IS
    if not lengths:
        return WHOLE
    if len(lengths) > 1 or not lengths[0].isdigit() or int(lengths[0]) > MAX_BODY:
        return AS_IS
    return WHOLE if len(body) >= int(lengths[0]) else MORE


def _framing(head: bytes) -> tuple:
    """Return the Content-Length values a head gives, and its transfer codings in order (lower case)."""
    lengths, codings = [], []
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.lower() == b"content-length":
            lengths.append(value.strip(b" \t"))
        elif name.lower() == b"transfer-encoding":
            codings += [coding.strip(b" \t").lower() for coding in value.split(b",")]
    return lengths, codings


def _chunks_state(body: bytes, memo: dict) -> str:
    """Return whether a chunked body is whole (up to its trailers' end), to come, or to hand over as it is.

    Read from the first chunk an earlier call did not find whole (memo["at"]): those before it do not change.
    """
    at, count = memo.get("at", 0), memo.get("chunks", 0)
    while at <= min(len(body), MAX_BODY):
        if count >= MAX_CHUNKS:
            memo["cut"] = memo["body"] + at
            return AS_IS
        memo["at"], memo["chunks"] = at, count
        count += 1
        line_end = body.find(b"\r\n", at)
        if line_end < 0:
            break
        size = body[at:line_end].split(b";", 1)[0].rstrip(b" \t")
        if not size or size.strip(b"0123456789abcdefABCDEF"):
            return AS_IS
        if int(size, 16) == 0:
            # The last chunk: its trailer section ends at the first empty line.
            if body.find(b"\r\n\r\n", line_end) >= 0:
                return WHOLE
            break
        at = line_end + 2 + int(size, 16) + 2
        if len(body) >= at and body[at - 2:at] != b"\r\n":
            return AS_IS
    # Not whole yet: waited for as long as it stays within what a body may hold.
    return MORE if max(at, len(body)) <= MAX_BODY else AS_IS
