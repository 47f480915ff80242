"""Controls every page draws alike: a page's title, a button, a link as a button, a notice, the language switch, the
wake switch, a number's field and a field's messages.

Drawn by the server's pages and by the offline shell (under MicroPython) with the same functions. Buttons carry a
data-action the page's script answers. Everything shown is escaped here.
"""

from .text import attributes
from .text import escape

# The site's name, after each page's own in its title.
SITE = "Marquoir"


def page_title(name: str) -> str:
    """Return a page's title from its name ("Scores · Marquoir"): the server's pages' (base.html) and the offline
    shell's alike. The same kind of text out as in: a name already HTML (a template's block) stays HTML, a plain one
    (document.title) plain, as nothing added needs escaping."""
    return name + " · " + SITE


def button(label: str, action: str, classes: str = "", disabled: bool = False, extra=None) -> str:
    """Return a button the page's script answers by its action (with extra attributes), its label escaped here."""
    found = {"type": "button", "class": classes or None, "data-action": action, "disabled": disabled}
    found.update(extra or {})
    return "<button {}>{}</button>".format(attributes(found), escape(label))


def link_button(label: str, address: str, classes: str = "button", extra=None) -> str:
    """Return a link drawn as a button (with extra attributes)."""
    found = {"class": classes, "href": address}
    found.update(extra or {})
    return "<a {}>{}</a>".format(attributes(found), escape(label))


def notice(title: str, message: str, actions: list) -> str:
    """Return a page that says what cannot be done and why, with its ways on (buttons, already HTML)."""
    return '<section class="notice">\n  <h1>{}</h1>\n  <p>{}</p>\n  <p>{}</p>\n</section>'.format(
        escape(title), escape(message), "\n     ".join(actions))


def language_switch(code: str, name: str, form: str, action: str, field: str, value) -> str:
    """Return a page's link to another language as a button that sends its form there, so what is entered travels."""
    return "<button {}>{}</button>".format(attributes({
        "type": "submit", "class": "language-switch", "form": form, "formaction": action, "name": field,
        "value": value, "lang": code, "title": name}), escape(code.upper()))


def wake_switch(words: dict) -> str:
    """Return the switch that keeps the screen on at the table, shown by wake.mjs where the browser can."""
    return '<label class="wake" hidden><input type="checkbox" checked>{}</label>'.format(escape(words["ui"]["keep_awake"]))


def errors_of(errors: dict, field: str, drawn=escape) -> str:
    """Return a field's messages, each with the id its field points to, each drawn as HTML by drawn (escaped)."""
    return "".join('<span class="error" id="{}-error-{}" role="alert">{}</span>'.format(field, n + 1, drawn(message))
                   for n, message in enumerate(errors.get(field, [])))


def tied(errors: dict, field: str) -> dict:
    """Return what ties a field to its messages: aria-invalid and aria-describedby, when it has any."""
    if not errors.get(field):
        return {}
    return {"aria-invalid": "true",
            "aria-describedby": " ".join("{}-error-{}".format(field, n + 1) for n in range(len(errors[field])))}


def number_field(field: str, value, errors: dict, extra=None) -> str:
    """Return a whole number's input, tied to its messages: text with a number keypad, as the score pad's, so that the
    flow reads what was typed (fields.whole) where a number input dropped what it could not read without a word (a
    keyboard's Arabic-Indic digits)."""
    found = {"id": field, "name": field, "type": "text", "inputmode": "numeric", "pattern": "[0-9]*", "autocomplete": "off",
             "value": value}
    found.update(extra or {})
    found.update(tied(errors, field))
    return "<input {}>".format(attributes(found))

