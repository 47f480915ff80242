"""A game code's text: base64url without padding, written here because MicroPython's binascii differs from CPython's."""

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
DIGIT = {ALPHABET[i]: i for i in range(64)}


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


# Text read this many characters at a time (a multiple of 4: 30 whole bytes), so that the number a block
# is read into stays small and reading grows with the text's length, not its square.
BLOCK = 40


def from_text(text: str) -> bytes:
    """Return the bytes of base64url text; raise CodeError for any other character or length."""
    if len(text) % 4 == 1:
        raise CodeError("truncated")
    out = bytearray()
    for start in range(0, len(text), BLOCK):
        block = text[start:start + BLOCK]
        value = 0
        for char in block:
            digit = DIGIT.get(char)
            if digit is None:
                raise CodeError("bad-character")
            value = value << 6 | digit
        # A last group of 2 or 3 characters holds 1 or 2 bytes; the bits after them are padding.
        out.extend((value >> len(block) * 6 % 8).to_bytes(len(block) * 6 // 8, "big"))
    return bytes(out)
