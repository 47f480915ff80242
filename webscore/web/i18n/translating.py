"""A page's words translated: the callables templates and pieces take, each word kept once per language.

Apart from the language of a page (the package), which says which language; here, what its words are in it.
Asking Babel costs more than drawing a word, and the catalogues do not change while serving, so each word is
kept in the app's cache (http/cache.py) by language, and a page finds its language's words once (current_words).
"""

from flask import g
from flask_babel import get_locale
from flask_babel import get_translations
from markupsafe import Markup

from ..http.cache import cache
from ..http.cache import kept

# Template words are kept by (language, message) in the app's cache: asking Babel costs more than drawing
# the word, and the catalogues do not change while serving. Counted words are kept by count too.


def template_gettext(message: str) -> str:
    """Translate a template's message into the page's language, once per language."""
    # Keyed on the locale Babel translates with (set once per request), never on a language decided later.
    return kept("template_words", (str(get_locale()), message), lambda: get_translations().ugettext(message))


def template_ngettext(singular: str, plural: str, n: int) -> str:
    """Translate a template's counted message into the page's language, once per language and count."""
    return kept("template_words", (str(get_locale()), singular, plural, n),
                lambda: get_translations().ungettext(singular, plural, n))


def template_pgettext(context: str, message: str) -> str:
    """Translate a template's message in a context into the page's language, once per language."""
    return kept("template_words", (str(get_locale()), context, message),
                lambda: get_translations().upgettext(context, message))


class PageWords:
    """A page's `_`, `gettext` and `ngettext` in one language, given to render_template by a page drawn often.

    They say what the callables installed in init_app say (Jinja's newstyle gettext: the translation as
    markup, always %-formatted with the escaped variables), but the language is found once per page
    instead of at every word, and a word without variables is kept whole. `plain_gettext` and
    `plain_ngettext` say what flask_babel's gettext and ngettext do (plain text, the variables put in as
    they are), for words made in Python (the pieces, the link preview).
    """

    def __init__(self, locale: str, store):
        self.locale = locale
        self.whole = {}
        # The app's store of translated words (template_words), held: found through current_app at every word,
        # it cost more than the word.
        self.store = store

    def gettext(self, message: str, **variables) -> Markup:
        """Translate a message, its variables escaped into it."""
        if variables:
            return Markup(self._translated(message)) % variables
        if message not in self.whole:
            # Template messages are literals: as many as the templates hold.
            self.whole[message] = Markup(self._translated(message)) % {}
        return self.whole[message]

    def ngettext(self, singular: str, plural: str, n: int, **variables) -> Markup:
        """Translate a counted message, the count and the variables escaped into it."""
        variables.setdefault("num", n)
        return Markup(self.counted(singular, plural, n)) % variables

    def plain_gettext(self, message: str, **variables) -> str:
        """Translate a message as flask_babel's gettext does: plain text, the variables put in as they are."""
        translated = self._translated(message)
        return translated % variables if variables else translated

    def plain_ngettext(self, singular: str, plural: str, n: int, **variables) -> str:
        """Translate a counted message as flask_babel's ngettext does: plain text, the count and variables as they are."""
        variables.setdefault("num", n)
        return self.counted(singular, plural, n) % variables

    def counted(self, singular: str, plural: str, n: int) -> str:
        """Return the translation of a counted message for n, as it is (nothing put in, nothing escaped)."""
        return self.store.get((self.locale, singular, plural, n), _ungettext, singular, plural, n)

    def _translated(self, message: str) -> str:
        # Babel's catalogue is the one of this page's language: the words are chosen by get_locale().
        return self.store.get((self.locale, message), _ugettext, message)


def _ugettext(message: str) -> str:
    """Return a message in the current page's language, from Babel's catalogue (get_locale() chooses it)."""
    return get_translations().ugettext(message)


def _ungettext(singular: str, plural: str, n: int) -> str:
    """Return a counted message for n in the current page's language, from Babel's catalogue."""
    return get_translations().ungettext(singular, plural, n)


def words_in(locale: str) -> PageWords:
    """Return the kept words of a locale (one of ours, as Babel names it)."""
    return kept("page_words", locale, lambda: PageWords(locale, cache()["template_words"]))


def current_words() -> PageWords:
    """Return the kept words of the language Babel speaks now: found once, for a page's many words."""
    locale = get_locale()
    # Naming the locale costs more than finding it: named once a request, again only if it changes.
    seen = g.get("marquoir_words")
    if seen is None or seen[0] is not locale:
        seen = g.marquoir_words = (locale, words_in(str(locale)))
    return seen[1]


def page_words() -> dict:
    """Return the translating callables of the language Babel speaks now, to pass to render_template."""
    words = current_words()
    return {"_": words.gettext, "gettext": words.gettext, "ngettext": words.ngettext}
