"""Helpers to walk the web flow with the test client."""

import html as html_text
import re

SETUP = {"players-0": "Ana", "players-1": "Bo", "players-2": "Cy", "monuments-0": "barrett-castle",
         "monuments-1": "the-starloom", "monuments-2": "", "mode": "master-builder", "red": "farm",
         "grey": "well", "orange": "chapel", "green": "feast-hall", "yellow": "theater", "navy": "warehouse",
         "action": "start"}


def town_query(*rows: str, **facts) -> dict:
    """Return the town form's fields for four rows of card ids ("." empty)."""
    squares = [word for row in rows for word in row.split()]
    query = {"square_" + "abcd"[i % 4] + str(i // 4 + 1): ("" if card == "." else card)
             for i, card in enumerate(squares)}
    query.update(facts)
    return query


def code_of(location: str) -> str:
    """Return the game code in a step or result address."""
    return re.search(r"/(?:g|r)/([A-Za-z0-9_-]+)", location).group(1)


def errors(html: str) -> list:
    """Return the error messages shown on a page, as read: a square's words kept whole (text.whole_words) and the soft
    hyphens they may break at are not seen."""
    return [html_text.unescape(re.sub(r"\\s+", " ", re.sub(r"</?span[^>]*>|\u00ad", "", m)).strip())
            for m in re.findall(r'class="error"[^>]*>((?:[^<]|<span class="whole">[^<]*</span>)*)<', html)]


def _inputs(html: str) -> list:
    return re.findall(r"<input[^>]*>", html)


def _attribute(tag: str, name: str):
    found = re.search(r'\b{}="([^"]*)"'.format(name), tag)
    return found.group(1) if found else None


def checked(html: str, name: str) -> list:
    """Return the values of the checked inputs of a name."""
    return [_attribute(tag, "value") for tag in _inputs(html)
            if _attribute(tag, "name") == name and re.search(r"\schecked\b", tag)]


def typed(html: str, name: str) -> list:
    """Return the values of the inputs of a name, as the page shows them back."""
    return [_attribute(tag, "value") for tag in _inputs(html) if _attribute(tag, "name") == name]


def names_typed(html: str) -> list:
    """Return the player names in the setup form, in order."""
    return [_attribute(tag, "value") for tag in _inputs(html)
            if re.fullmatch(r"players-\d", _attribute(tag, "name") or "")]


def hidden_values(html: str, prefix: str) -> list:
    """Return the values of hidden inputs whose names start with prefix."""
    return [_attribute(tag, "value") for tag in _inputs(html)
            if re.fullmatch(re.escape(prefix) + r"\d+", _attribute(tag, "name") or "") and 'type="hidden"' in tag]


def text_of(page: str) -> str:
    """Return the visible words of a page, its markup, scripts and styles taken away."""
    page = re.sub(r"<script.*?</script>|<style.*?</style>", " ", page, flags=re.S)
    # Only ASCII white space is folded: the French no-break spaces are part of what is checked.
    return re.sub(r"[ \t\r\n]+", " ", html_text.unescape(re.sub(r"<[^>]+>", " ", page))).strip()
