"""What a player's name may hold: some text, at most MAX_NAME characters, none that is not shown as itself.

A name is checked wherever one is taken (a game file, the quick pad, the statistics' names) by check_name, and the
same rule of what is hidden (is_hidden) keeps a table's boxes free of characters no keyboard types. Written for
MicroPython too, which has no unicodedata and whose str.strip() trims ASCII's spaces only: the ranges and the spaces
are written out here, and tests compare them with CPython's Unicode data.
"""

from .emoji import in_emoji
from .problem import problem

MAX_NAME = 24
# The same limit as a name box's maxlength, which the browser counts in UTF-16 units: a character beyond the
# Basic Multilingual Plane (most emoji) takes two, so a box of MAX_NAME would refuse names the rules take.
MAX_NAME_UNITS = 2 * MAX_NAME
# The spaces a name is trimmed of, and a name of them alone is none: ASCII's and the other spaces a keyboard
# types (no-break, thin, ideographic...). Written out, and trimmed by trimmed_name(): MicroPython's str.strip()
# trims ASCII's only, and given other characters it strips their bytes (so "²" would lose half of its own).
NAME_SPACES = " \t\n\r\x0b\x0c\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000"
# Characters that change how text around them is shown without showing themselves: Unicode's format
# characters (category Cf: bidirectional overrides and isolates, zero-width marks, the byte-order mark,
# tags...), the line and paragraph separators, and lone surrogates, which are no text at all.
# MicroPython has no unicodedata, so the ranges are written out (tests compare them with CPython's).
HIDDEN_RANGES = ((0x00AD, 0x00AD), (0x0600, 0x0605), (0x061C, 0x061C), (0x06DD, 0x06DD), (0x070F, 0x070F),
                 (0x0890, 0x0891), (0x08E2, 0x08E2), (0x180E, 0x180E), (0x200B, 0x200F), (0x2028, 0x202E),
                 (0x2060, 0x2064), (0x2066, 0x206F), (0xD800, 0xDFFF), (0xFEFF, 0xFEFF), (0xFFF9, 0xFFFB),
                 (0x110BD, 0x110BD), (0x110CD, 0x110CD), (0x13430, 0x1343F), (0x1BCA0, 0x1BCA3),
                 (0x1D173, 0x1D17A), (0xE0001, 0xE0001), (0xE0020, 0xE007F))

# The character that stands for one lost on its way (U+FFFD): what the server reads for bytes of an address that are no
# text (webscore.web.http.security.TextRequest). A name typed in the setup may not hold it (setup_start.check); a game
# whose name holds it, as games could before, still opens.
LOST = "\ufffd"

# The capital letters a table's names are most likely written in, as (first, last, step, what is added to a capital's
# code to make its small letter's): Latin-1 and Latin Extended-A (French's and Hungarian's among them), the regular runs
# of Latin Extended-B (Romanian's Ș and Ț) and of Latin Extended Additional (Vietnamese), Greek and Cyrillic.
# MicroPython's str.lower() lowers ASCII's alone, so two names told apart by the case of such a letter alone would be
# two players on a phone and one on the server.
CAPITALS = ((0x00C0, 0x00D6, 1, 0x20), (0x00D8, 0x00DE, 1, 0x20), (0x0100, 0x012E, 2, 1), (0x0132, 0x0136, 2, 1),
            (0x0139, 0x0147, 2, 1), (0x014A, 0x0176, 2, 1), (0x0178, 0x0178, 1, -0x79), (0x0179, 0x017D, 2, 1),
            (0x01CD, 0x01DB, 2, 1), (0x01DE, 0x01EE, 2, 1), (0x01F8, 0x021E, 2, 1), (0x0222, 0x0232, 2, 1),
            (0x0386, 0x0386, 1, 0x26), (0x0388, 0x038A, 1, 0x25), (0x038C, 0x038C, 1, 0x40), (0x038E, 0x038F, 1, 0x3F),
            (0x0391, 0x03A1, 1, 0x20), (0x03A3, 0x03AB, 1, 0x20),
            (0x0400, 0x040F, 1, 0x50), (0x0410, 0x042F, 1, 0x20), (0x0460, 0x0480, 2, 1), (0x048A, 0x04BE, 2, 1),
            (0x04C0, 0x04C0, 1, 0x0F), (0x04C1, 0x04CD, 2, 1), (0x04D0, 0x052E, 2, 1),
            (0x1E00, 0x1E94, 2, 1), (0x1EA0, 0x1EFE, 2, 1))


def is_hidden(char: str) -> bool:
    """Tell whether a character is a format character, a separator or a lone surrogate (see HIDDEN_RANGES)."""
    code = ord(char)
    # Most names are written below the first range (ASCII and Latin-1 letters): answered without the ranges.
    return code >= 0x00AD and any(low <= code <= high for low, high in HIDDEN_RANGES)


def hides(name: str) -> bool:
    """Tell whether a name holds a hidden character: a joiner or a tag counts only outside an emoji sequence."""
    return any(is_hidden(name[i]) and not in_emoji(name, i) for i in range(len(name)))


def trimmed_name(name: str) -> str:
    """Return a name without the spaces (NAME_SPACES) before and after it."""
    start, end = 0, len(name)
    while start < end and name[start] in NAME_SPACES:
        start += 1
    while end > start and name[end - 1] in NAME_SPACES:
        end -= 1
    return name[start:end]


def small_letter(code: int) -> int:
    """Return the code of a capital's small letter (CAPITALS), or the code itself if it is none of them."""
    for first, last, step, added in CAPITALS:
        if first <= code <= last and (code - first) % step == 0:
            return code + added
    return code


def name_key(name: str) -> str:
    """Return what tells a name from another: trimmed, and in small letters (accented, Greek and Cyrillic ones too)."""
    trimmed = trimmed_name(name)
    if not trimmed or max(trimmed) < "\x80":
        return trimmed.lower()
    # Greek's small sigma is ς at a word's end and σ elsewhere, its capital Σ for both: lowered a letter at a time,
    # ΝΊΚΟΣ would be νίκοσ and Νίκος νίκος. Both forms count as σ, as str.casefold() has them.
    return "".join(chr(small_letter(ord(char))).lower() for char in trimmed).replace("\u03c2", "\u03c3")


def check_name(name, p: int) -> list:
    """Check a player's name: some text, not too long, nothing in it that is not shown as itself."""
    if type(name) is not str or not trimmed_name(name):
        return [problem("name-missing", p)]
    if len(name) > MAX_NAME:
        return [problem("name-too-long", p, value=len(name))]
    if min(name) >= " " and max(name) < "\x7f":
        # Printable ASCII, as most names are: no control character, nothing hidden (all of those lie above).
        return []
    if any(ord(char) < 32 or 127 <= ord(char) < 160 for char in name):
        return [problem("name-control-character", p)]
    if hides(name):
        return [problem("name-format-character", p)]
    return []
