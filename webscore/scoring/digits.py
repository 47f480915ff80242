"""Digits as a keyboard types them: the decimal digits of every script read as ASCII's.

A phone's keypad set to Arabic types ٣ for 3, a Japanese one in full width ３: the same number to a player, and so to
Marquoir. Only decimal digits count (Unicode's category Nd, each script's run of ten from its zero): "²" or "①" are no
digits of a number, though str.isdigit() says they are. Written for MicroPython too, which has no unicodedata: the
zero of each run is written out here, and a test compares them with CPython's Unicode data.
"""

# The zero of each run of ten decimal digits other than ASCII's, in order (Unicode 14, CPython 3.11's).
ZEROS = (0x0660, 0x06F0, 0x07C0, 0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6, 0x0C66, 0x0CE6, 0x0D66, 0x0DE6,
         0x0E50, 0x0ED0, 0x0F20, 0x1040, 0x1090, 0x17E0, 0x1810, 0x1946, 0x19D0, 0x1A80, 0x1A90, 0x1B50, 0x1BB0,
         0x1C40, 0x1C50, 0xA620, 0xA8D0, 0xA900, 0xA9D0, 0xA9F0, 0xAA50, 0xABF0, 0xFF10, 0x104A0, 0x10D30, 0x11066,
         0x110F0, 0x11136, 0x111D0, 0x112F0, 0x11450, 0x114D0, 0x11650, 0x116C0, 0x11730, 0x118E0, 0x11950, 0x11C50,
         0x11D50, 0x11DA0, 0x16A60, 0x16AC0, 0x16B50, 0x1D7CE, 0x1D7D8, 0x1D7E2, 0x1D7EC, 0x1D7F6, 0x1E140, 0x1E2F0,
         0x1E950, 0x1FBF0)


def ascii_digits(text: str) -> str:
    """Return text with each decimal digit of another script written as ASCII's ("٣" → "3"), the rest as it is."""
    # Most text typed in a number box is ASCII: answered without the runs.
    if not text or max(text) < "\u0660":
        return text
    return "".join(_ascii_digit(char) for char in text)


def _ascii_digit(char: str) -> str:
    """Return a decimal digit of another script as ASCII's, any other character as it is."""
    code = ord(char)
    for zero in ZEROS:
        if code < zero:
            break
        if code < zero + 10:
            return chr(ord("0") + code - zero)
    return char
