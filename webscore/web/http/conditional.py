"""If-None-Match, read once, by RFC 9110, for every answer that honours it.

    If-None-Match = "*" / #entity-tag
    entity-tag    = [ "W/" ] DQUOTE *etagc DQUOTE
    etagc         = %x21 / %x23-7E / obs-text

The field is compared weakly (RFC 9110, 13.1.2): W/"x" and "x" name the same tag. A field that does not
follow the grammar (an unquoted tag, "W/*", "*" inside a list) is ignored, as a recipient may ignore any
malformed field: the full answer is always a correct answer, while a 304 to a condition we only guessed at
could leave a phone on a state it never had.
"""

import re

# One list element and the comma after it; a list may hold empty elements (RFC 9110, 5.6.1).
_ELEMENT = re.compile(r'[ \t]*(?:(?:W/)?"([\x21\x23-\x7e\x80-\xff]*)")?[ \t]*(?:,|\Z)')


class _Any:
    """The field "*": it names whatever current representation there is."""

    def __repr__(self):
        return "ANY"


ANY = _Any()


def parse(field: str | None):
    """Return ANY, the frozenset of opaque tags the field names (quotes and W/ taken off), or None.

    None stands for no condition: the field is absent or malformed.
    """
    if field is None:
        return None
    field = field.strip(" \t")
    if field == "*":
        return ANY
    tags = set()
    position = 0
    while position < len(field):
        element = _ELEMENT.match(field, position)
        if element is None or element.end() == position:
            return None
        if element[1] is not None:
            tags.add(element[1])
        position = element.end()
    return frozenset(tags)


def names_current(field: str | None, *current: str) -> bool:
    """Return True when If-None-Match names one of the current tags (opaque, unquoted): answer 304.

    Call it only when the resource exists: "*" then always matches.
    """
    named = parse(field)
    if named is None:
        return False
    return named is ANY or not named.isdisjoint(current)


def from_environ(environ: dict) -> str | None:
    """Return the If-None-Match field of a WSGI request, or None."""
    return environ.get("HTTP_IF_NONE_MATCH")
