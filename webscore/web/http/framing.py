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
# The longest request line gunicorn takes (its --limit-request-line is at most this): one longer is its 414.
MAX_LINE = 8190
# The methods whose body is waited for (the app reads a body in a POST only); with any other, a body still to come
# is not waited for, and its connection closes after the answer.
BODY_METHODS = (b"POST ", b"PUT ", b"PATCH ")
# What a connection's bytes so far make: wait for more, a whole request, a request to hand over as it is
# (gunicorn or the app refuse it from what came), a head too large to wait for.
MORE, WHOLE, AS_IS, TOO_LARGE = "more", "whole", "as is", "too large"


def request_state(data: bytes) -> str:
    """Return what the bytes a connection sent so far make of its next request: MORE, WHOLE, AS_IS or TOO_LARGE."""
    start = 2 if data.startswith(b"\r\n") else 0  # one empty line before a request is let be (RFC 9112 2.2)
    end = data.find(b"\r\n\r\n", start)
    head = data[start:] if end < 0 else data[start:end + 2]
    if head.count(b"\n") != head.count(b"\r\n") or (b"\r\n" not in head and len(head) > MAX_LINE + 2):
        return AS_IS
    if end < 0:
        return TOO_LARGE if len(data) > MAX_HEAD else MORE
    if end > MAX_HEAD:
        return TOO_LARGE
    state = _body_state(head, data[end + 4:])
    # Only a form or a save reads its body: any other request is answered once its head is whole.
    return AS_IS if state == MORE and not head.startswith(BODY_METHODS) else state


def _body_state(head: bytes, body: bytes) -> str:
    """Return whether the body a whole head announces is whole, to come, or to hand over as it is."""
    lengths, codings = _framing(head)
    if codings:
        return _chunks_state(body) if not lengths and codings[-1] == b"chunked" else AS_IS
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


def _chunks_state(body: bytes) -> str:
    """Return whether a chunked body is whole (up to its trailers' end), to come, or to hand over as it is."""
    at = 0
    while at <= min(len(body), MAX_BODY):
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
