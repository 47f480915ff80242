"""A game code's text: base64url without padding. Read by binascii once checked here: MicroPython's binascii reads bad
input otherwise than CPython's, so no character outside the alphabet ever reaches it."""

import binascii

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
DIGIT = {ALPHABET[i]: i for i in range(64)}
ALPHABET_BYTES = ALPHABET.encode()


class CodeError(ValueError):
    """A game code that cannot be read; .reason says why."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def to_text(data: bytes) -> str:
    """Return bytes as base64url text without padding."""
    out = []
    for start in range(0, len(data), 3):
        chunk = data[start:start + 3]
        value = int.from_bytes(chunk + b"\0" * (3 - len(chunk)), "big")
        digits = [ALPHABET[(value >> shift) & 63] for shift in (18, 12, 6, 0)]
        out.append("".join(digits[:len(chunk) + 1]))
    return "".join(out)


def from_text(text: str) -> bytes:
    """Return the bytes of base64url text; raise CodeError for any other character or length."""
    if len(text) % 4 == 1:
        raise CodeError("truncated")
    try:
        data = text.encode("utf-8")
    except UnicodeError:
        # A lone surrogate (CPython's strings may hold one): no character of ours.
        raise CodeError("bad-character") from None
    # Every character checked at once: strip() takes the alphabet's bytes off both ends, so something is left
    # only when some byte is not one of them (any other character, of one byte or more).
    if data.strip(ALPHABET_BYTES):
        raise CodeError("bad-character")
    # Standard base64, padded, as binascii reads it; a last group of 2 or 3 characters holds 1 or 2 bytes, and the
    # bits after them are padding, ignored.
    return binascii.a2b_base64(data.replace(b"-", b"+").replace(b"_", b"/") + b"=" * (-len(data) % 4))
