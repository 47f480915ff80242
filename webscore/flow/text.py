"""Words made into text: escaped for HTML, numbers, placeholders, plural forms and lists, as a language writes them.

The small library every piece draws with (controls.py, result_pieces.py, result_town_pieces.py, town_pieces.py,
town_square_pieces.py, town_page_pieces.py, table_pieces.py, setup_pieces.py, pad_pieces.py, helper_pieces.py,
history_pieces.py, history_charts.py), on the server and in the browser under MicroPython alike.
words are the browser's words (webscore.web.i18n.words.words): how the language writes numbers and lists, its
plural categories. Nothing here draws an element but an element's attributes.
"""

# Where a word may break inside, as the language lets it (the card names' and a square's messages' words, set by
# webscore.web.i18n.hyphens): shown as a hyphen only where the word breaks there.
SOFT_HYPHEN = "\u00ad"
ESCAPES = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ('"', "&#34;"), ("'", "&#39;"))


def escape(text) -> str:
    """Return text made safe for HTML text and attribute values, as MarkupSafe escapes it."""
    text = str(text)
    # Most texts (words, names, addresses) hold none of them: looked for at once, not replaced one by one.
    if "&" in text or "<" in text or ">" in text or '"' in text or "'" in text:
        for plain, safe in ESCAPES:
            text = text.replace(plain, safe)
    return text


def whole_words(text: str, end: str = "") -> str:
    """Return text as a square shows it, as HTML (escaped): each word that may break inside (at a soft hyphen, or its
    own dash) in a box of its own (class "whole"), which goes whole to the next line where it fits a line, and breaks
    inside only where it is wider than the line, there alone ("Bou-/lan-/ge-/rie"); other words break between them.
    end (HTML) ends the last word, in its box: a browser reads a space after a box ("campagne ,")."""
    found = text.split(" ")
    drawn = []
    for n, word in enumerate(found):
        tail = end if n == len(found) - 1 else ""
        if SOFT_HYPHEN in word or "-" in word or "\u2013" in word:
            drawn.append('<span class="whole">{}{}</span>'.format(escape(word), tail))
        else:
            drawn.append(escape(word) + tail)
    return " ".join(drawn)


def number(words: dict, value: int) -> str:
    """Return a whole number as the language writes it: its group separator and size, and a true minus."""
    written = words["number"]
    if 0 <= value < written["grouped_from"]:
        # Most numbers a page writes (points, places, counts): their digits as they are.
        return str(value)
    digits = str(abs(value))
    if abs(value) >= written["grouped_from"]:
        size = written["grouping"]
        groups = []
        while len(digits) > size:
            groups.insert(0, digits[-size:])
            digits = digits[:-size]
        digits = written["group"].join([digits] + groups)
    return (written["minus"] if value < 0 else "") + digits


def fill(template: str, values: dict) -> str:
    """Put values in a message's %(name)s and %(name)d placeholders, in one pass: a value is never read again."""
    out = []
    at = 0
    while True:
        start = template.find("%(", at)
        end = template.find(")", start + 2) if start >= 0 else -1
        if end < 0 or end + 1 >= len(template) or template[end + 1] not in "sd" \
                or template[start + 2:end] not in values:
            if start < 0 or end < 0:
                out.append(template[at:])
                return "".join(out)
            out.append(template[at:start + 2])
            at = start + 2
            continue
        out.append(template[at:start])
        out.append(str(values[template[start + 2:end]]))
        at = end + 2


def plural_form(words: dict, forms: dict, n: int) -> str:
    """Return the form of a counted message for n, by the category the language gives n."""
    return forms.get(words["plurals"].get(str(n), "other")) or forms["other"]


def counted(words: dict, forms: dict, n: int, shown=None) -> str:
    """Return the form of a counted message for n, by the category the language gives n, with the number in as the
    language writes it (shown: as given instead)."""
    form = plural_form(words, forms, n)
    return fill(form, {"num": number(words, n) if shown is None else shown})


def name_list(words: dict, names: list, html: bool = False) -> str:
    """Join names as the language lists them, by its patterns ("A, B and C"), as Babel's format_list does. html: the
    names are HTML already (each isolated in its <bdi>, say), and so is the list, its patterns' words escaped."""
    patterns = {key: (escape(pattern) if html else pattern).replace("{0}", "%(0)s").replace("{1}", "%(1)s")
                for key, pattern in words["lists"].items()}
    if len(names) < 2:
        return "".join(names)
    if len(names) == 2:
        return fill(patterns["2"], {"0": names[0], "1": names[1]})
    joined = fill(patterns["start"], {"0": names[0], "1": names[1]})
    for name in names[2:-1]:
        joined = fill(patterns["middle"], {"0": joined, "1": name})
    return fill(patterns["end"], {"0": joined, "1": names[-1]})


def series(words: dict, items: list) -> str:
    """Join items as the language separates a list's middle items ("blé, blé"), with no word before the last: a row
    of things one after another (a layout's cells), not a list that ends with "and"."""
    middle = words["lists"]["middle"].replace("{0}", "%(0)s").replace("{1}", "%(1)s")
    joined = items[0] if items else ""
    for item in items[1:]:
        joined = fill(middle, {"0": joined, "1": item})
    return joined


def player_label(words: dict, num: int) -> str:
    """Return player num's label, counted from 1 ("Player 2"): their row's in a form, and the name of a player whose
    name is left blank."""
    return fill(words["ui"]["player_n"], {"num": num})


def pair(words: dict, label: str, value: str) -> str:
    """Return "label: value" as the language punctuates it, both parts already HTML."""
    return fill(words["ui"]["pair"], {"label": label, "value": value})


def problem_text(words: dict, problem: dict) -> str:
    """Return a problem ({"code", "value"}, as the flow places them) in words; a problem of the address (a field
    given twice, or unknown) names its field. The server words its problems with it too, from the same words.

    A problem without words (a core newer than its words) reads as a game that cannot be read, and a card left out
    of Solo that is no card of the game as such: never an exception, never an unknown id shown."""
    value = problem.get("value")
    # A problem about a card names it as the game does (one left out of Solo, or of Fortune's while its switch is off).
    card = words["cards"].get(value) if type(value) is str else None
    if problem["code"] == "not-in-solo":
        return fill(words["not_in_solo"], {"card": card}) if card else words["problems"]["unknown-card"]
    # A card given a colour not its own is named with that colour, as the score pad labels it.
    colour = words["colour_labels"].get(problem.get("colour")) or ""
    return fill(words["problems"].get(problem["code"]) or words["unreadable_game"],
                {"field": value, "card": card or value, "colour": colour})


def placed_texts(words: dict, placed) -> dict:
    """Return the flow's placed problems ({"fields": {field: [problem]}, "general": [problem]}, or None) worded:
    {"errors": {field: [text]}, "general": [text], "general_fields": [field]}, general_fields naming beside each
    general message the field it is about (an address giving a field twice: "repeated-field"), or None: a page drops
    such a message once that field is given again (town.js)."""
    placed = placed or {}
    general = placed.get("general") or []
    return {"errors": {field: [problem_text(words, problem) for problem in found]
                       for field, found in (placed.get("fields") or {}).items()},
            "general": [problem_text(words, problem) for problem in general],
            "general_fields": [problem.get("value") if problem["code"] == "repeated-field" else None
                               for problem in general]}


def titled(words: dict, page: str, lines: dict) -> str:
    """Return the name a page's title gives it: its own, after "Error: " where lines (placed_texts) hold a message, as
    the server's page titles it."""
    return fill(words["ui"]["error_title"], {"page": page}) if lines["errors"] or lines["general"] else page


def points(words: dict, total: int) -> str:
    """Return a number of points in words ("28 points"), as HTML."""
    return escape(points_said(words, total))


def points_said(words: dict, total: int) -> str:
    """Return a number of points in words ("28 points", "−3 points"), as plain text: its form by the count, the number
    written as the language writes it, its minus kept."""
    return counted(words, words["points"], abs(total), number(words, total))


def sentences(texts: list) -> str:
    """Return sentences said one after the other, as one text: a space between them, as each of our languages writes
    them; an empty one is left out."""
    return " ".join([text for text in texts if text])


def attributes(pairs: dict) -> str:
    """Return an element's attributes, sorted by name as WTForms writes a field's; True stands alone, None is left out."""
    return " ".join(name if value is True else '{}="{}"'.format(name, escape(value))
                    for name, value in sorted(pairs.items()) if value is not None and value is not False)
