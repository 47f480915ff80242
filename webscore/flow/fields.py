"""Reading what a form sends: every value is text, and only decimal digits make a number: ASCII's, or another script's
typed in a number box, read as ASCII's (scoring.digits). An address's own numbers (a row, a step) are ASCII's alone.

str.isdigit() also accepts "²" or "①", which int() refuses; a form field is read here once, the same
way on the server and in the browser.
"""

from ..scoring.digits import ascii_digits

DIGITS = "0123456789"
MAX_COUNT_DIGITS = 6
# The spaces a field's text is trimmed of: ASCII's, as MicroPython's str.strip() knows no other (CPython's would take
# a no-break space too, and the server and the browser would read the same field apart).
SPACES = " \t\n\r\f\v"


def _digits_only(text: str) -> bool:
    """Tell whether some text is written with ASCII digits only (none at all included)."""
    return all(c in DIGITS for c in text)


def is_count(text) -> bool:
    """Tell whether text is a whole number written with ASCII digits only (no sign, no spaces inside)."""
    return type(text) is str and 0 < len(text) <= MAX_COUNT_DIGITS and _digits_only(text)


def whole(text):
    """Return the whole number a field holds (in any script's decimal digits), None when it is blank, or False when it is
    not a number.

    A minus before the digits makes a negative number: a whole number, which the core refuses with the range
    its field takes, as it does a number too large (one of more digits than any count stands for 10 ** MAX_COUNT_DIGITS).
    """
    if text is None:
        return None
    text = ascii_digits(str(text).strip(SPACES))
    if text == "":
        return None
    digits = text[1:] if text.startswith("-") else text
    if not digits or not _digits_only(digits):
        return False
    # More digits than any count: too large all the same, and named with its range; never read digit by digit, which a
    # long enough one would make cost the server its time (or refuse, past Python's limit on a number's digits).
    number = int(digits) if len(digits) <= MAX_COUNT_DIGITS else 10 ** MAX_COUNT_DIGITS
    return -number if text.startswith("-") else number


def indexed(fields: dict, prefix: str) -> list:
    """Return the indexes n of the keys prefix + n present in fields, in order (ASCII digits only)."""
    found = []
    for key in fields:
        if type(key) is str and key.startswith(prefix) and is_count(key[len(prefix):]):
            found.append(int(key[len(prefix):]))
    return sorted(found)


# A checkbox's values: off (left out, empty, "false"), or ticked as a form sends it ("y" from our forms, "on" or "true"
# from a browser's or a script's).
UNTICKED = ("", "false")
TICKED = ("y", "on", "true")


def blank(value) -> bool:
    """Tell whether a field holds nothing but spaces (or is not there), the same on the server and in the browser."""
    return value is None or str(value).strip(SPACES) == ""


def flag(fields: dict, key: str) -> bool:
    """Return a checkbox's state: ticked only as a form ticks it (TICKED). A value no form sends ("0", "no") leaves it
    unticked, as the page then shows it beside the message that names it (is_flag), for the player to tick or not."""
    value = fields.get(key)
    return value is not None and _checkbox(value) in TICKED


def is_flag(value) -> bool:
    """Whether a checkbox's value is one a form sends, ticked or not. An address edited to say anything else ("no",
    "0") is neither: refused with a message, and read as unticked (flag)."""
    return _checkbox(value) in UNTICKED + TICKED


def _checkbox(value) -> str:
    return str(value).strip(SPACES).lower()


def first_values(fields: dict) -> dict:
    """Return each field's first value: the server hands over each key's list of values (an address can repeat
    a key), the browser one text."""
    return {key: value[0] if type(value) is list and value else value for key, value in fields.items()}


def repeated(fields: dict, longest: int) -> list:
    """Return as problems the fields given more than once, each named (cut to longest characters): only an
    address typed or edited by hand repeats a field, a form sends each once."""
    return [problem("repeated-field", value=key[:longest]) for key in sorted(fields)
            if type(fields[key]) is list and len(fields[key]) > 1]


def problem(code: str, player=None, square=None, value=None) -> dict:
    """Return a problem in the core's shape, for a field the flow reads."""
    return {"code": code, "player": player, "square": square, "value": value}
