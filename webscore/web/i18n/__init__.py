"""Languages (webscore/languages.py): a /<lang>/ prefix on every page, else the cookie, Accept-Language, English."""

import functools
import hashlib
import os
import pathlib
import re
import tempfile
from urllib.parse import urlencode

from babel import Locale
from babel import negotiate_locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import abort
from flask import current_app
from flask import g
from flask import redirect
from flask import request
from flask import url_for
from flask_babel import Babel
from flask_babel import get_locale
from flask_babel import get_translations
from markupsafe import Markup
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import dump_cookie
from werkzeug.http import parse_accept_header
from werkzeug.routing import BuildError

from ... import languages
from ..http.addresses import code_address
from ..http.cache import cache
from ..http.cache import kept
from . import hyphens

LANGUAGES = languages.LANGUAGES
# Each language named in itself, for the language switch.
LANGUAGE_NAMES = {row.tag: row.name for row in languages.ROWS}
DEFAULT = languages.DEFAULT
COOKIE = "lang"
# The most Accept-Language tags read: a browser sends one or two per language set, and a header of hundreds
# (8 KiB pass the limits) would be parsed, sorted and negotiated for every page that asks for it.
MOST_TAGS = 32
TRANSLATIONS = pathlib.Path(__file__).resolve().parents[3] / "translations"


def compile_catalogues(folder: pathlib.Path = TRANSLATIONS) -> pathlib.Path:
    """Build each .mo from its .po when missing or older, so only .po files are committed.

    Return the folder holding the catalogues: the translations folder, or, when the app is installed
    where it may not write, one folder in the temporary directory named after the catalogues' content,
    so every worker and every restart of the same version shares it instead of leaving its own.
    """
    try:
        _compile_into(folder, folder)
        return folder
    except OSError:
        built = _shared_folder(folder)
        _compile_into(folder, built)
        return built


def _shared_folder(source: pathlib.Path) -> pathlib.Path:
    digest = hashlib.sha256()
    for po_path in sorted(source.glob("*/LC_MESSAGES/messages.po")):
        digest.update(str(po_path.relative_to(source)).encode() + b"\0" + po_path.read_bytes())
    folder = pathlib.Path(tempfile.gettempdir()) / "marquoir-translations-{}-{}".format(os.getuid(), digest.hexdigest()[:16])
    folder.mkdir(mode=0o700, exist_ok=True)
    stat = folder.stat()
    if stat.st_uid != os.getuid() or stat.st_mode & 0o022:
        # Someone else made it first: their catalogues are not to be trusted.
        return pathlib.Path(tempfile.mkdtemp(prefix="marquoir-translations-"))
    return folder


def _compile_into(source: pathlib.Path, target: pathlib.Path) -> None:
    for po_path in source.glob("*/LC_MESSAGES/messages.po"):
        mo_path = target / po_path.relative_to(source).with_suffix(".mo")
        if mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
            continue
        with po_path.open("rb") as po_file:
            catalogue = read_po(po_file)
        mo_path.parent.mkdir(parents=True, exist_ok=True)
        # One temporary name per process: workers starting together may build the same file.
        temporary = mo_path.with_suffix(".mo.{}.tmp".format(os.getpid()))
        with temporary.open("wb") as mo_file:
            write_mo(mo_file, catalogue)
        temporary.replace(mo_path)


def preferred_language() -> str:
    """Return the language for a page without a prefix: the cookie, else Accept-Language."""
    g.negotiated = True
    chosen = request.cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return chosen
    # Asked several times in a request (the view, its links, its error page): negotiated once.
    if "accepted" not in g:
        g.accepted = accepted_language(request.headers.get("Accept-Language", "")) or DEFAULT
    return g.accepted


def accepted_language(header: str) -> str | None:
    """Return the first of our languages by the reader's priorities, a regional tag matching its language.

    Werkzeug's best_match prefers an exact tag of lower priority ("en;q=0.9") to a regional tag of
    higher priority ("hu-HU"), so the tags are negotiated here in priority order, ties in header order.
    Only the first MOST_TAGS tags are read: the others are never split nor parsed (as request.accept_languages
    would parse them all).
    """
    accepted = parse_accept_header(",".join(header.split(",", MOST_TAGS)[:MOST_TAGS]), LanguageAccept)
    ranked = sorted(((quality, -n, tag) for n, (tag, quality) in enumerate(accepted) if quality > 0 and tag != "*"),
                    reverse=True)
    found = negotiate_locale([tag for _, _, tag in ranked], LANGUAGES, sep="-")
    return found.lower() if found else None


def vary_on_language(response):
    """Say that a response chosen by the cookie or Accept-Language varies with them, for caches."""
    if g.get("negotiated"):
        response.vary.update(("Accept-Language", "Cookie"))
    return response


def current_language() -> str:
    """Return the language of the page being rendered."""
    return g.get("lang") or preferred_language()


# Each language's Locale, made once: Flask-Babel parses what its selector answers at every request, and takes a
# Locale as it is.
LOCALES = {lang: Locale.parse(lang) for lang in LANGUAGES}


def current_locale() -> Locale:
    """Return the Locale of the page being rendered, for Flask-Babel."""
    lang = current_language()
    return LOCALES.get(lang) or Locale.parse(lang)


def remember_language(response):
    """Keep the language of a prefixed page in a cookie, so / and shared links open in it (after each request)."""
    lang = g.get("lang")
    # Only a page read in a language says which one the reader chose, not the table's JSON or a 304.
    # A page the same for every reader (page_cache) sets none: its script keeps the language.
    if (lang and response.mimetype == "text/html" and response.status_code != 304 and not g.get("same_for_all")
            and request.cookies.get(COOKIE) != lang):
        response.headers.add("Set-Cookie", dump_cookie(COOKIE, lang, max_age=365 * 24 * 3600, samesite="Lax",
                                                       secure=request.is_secure))
    return response


def query_suffix() -> str:
    """Return this request's query string, rebuilt, as "?…" (or "" when there is none)."""
    if not request.args:
        return ""
    # Rebuilt rather than handed to url_for: a key such as _external, _method or endpoint is a url_for
    # argument, and code or n would replace the page's own values.
    return "?" + urlencode(list(request.args.items(multi=True)))


def switch_url(lang: str) -> str:
    """Return this page's address in another language, keeping the game, the step and the query."""
    endpoint = request.endpoint
    if endpoint is None or endpoint == "static":
        return url_for("pages.home", lang=lang)
    values = dict(request.view_args or {})
    values["lang"] = lang
    try:
        if "code" in values:
            # A game's pages differ by their code alone: their addresses are kept with a stand-in for it.
            return code_address(endpoint, values.pop("code"), **values) + query_suffix()
        return url_for(endpoint, **values) + query_suffix()
    except BuildError:
        return url_for("pages.home", lang=lang)


# What a language tag looks like (en, pt-BR, zh_Hant): a prefix that could be one was meant as one.
LANGUAGE_TAG = re.compile(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*")


def check_lang(endpoint, values) -> None:
    """Keep the language of any address that names one in g.lang; refuse one that is none of ours.

    The one check of every /<lang>/ prefix (a url_value_preprocessor): the view still receives its lang. A page
    marked with stray_prefix_to is not refused but sent to a page in the reader's language.
    """
    if not values or values.get("lang") is None:
        return
    lang = values["lang"]
    if lang in LANGUAGES:
        g.lang = lang
        return
    to = getattr(current_app.view_functions.get(endpoint), "stray_prefix_to", None)
    if to is None or not LANGUAGE_TAG.fullmatch(lang):
        abort(404)
    # url_for names the reader's language (add_lang) where the page takes one.
    abort(redirect(url_for(to, **{name: value for name, value in values.items() if name != "lang"}), 302))


def stray_prefix_to(endpoint: str):
    """Mark a page whose address a reader may keep with a stray prefix (/de/rules): sent to endpoint, not refused."""
    def mark(view):
        view.stray_prefix_to = endpoint
        return view
    return mark


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


def init_app(app) -> None:
    """Set up Flask-Babel with the page's language and build the catalogues."""
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(compile_catalogues()))
    Babel(app, locale_selector=current_locale)
    app.jinja_env.install_gettext_callables(gettext=template_gettext, ngettext=template_ngettext,
                                            pgettext=template_pgettext, newstyle=True)
    app.after_request(remember_language)
    app.after_request(vary_on_language)
    app.url_defaults(add_lang)
    app.url_value_preprocessor(check_lang)
    app.jinja_env.globals.update(LANGUAGES=LANGUAGES, LANGUAGE_NAMES=LANGUAGE_NAMES, switch_url=switch_url,
                                 current_language=current_language)
    if not app.testing:
        # Served: each worker reads the hyphenation dictionaries as it starts, not on its first page of a language.
        hyphens.load_dictionaries()


def add_lang(endpoint, values) -> None:
    """Fill in the page's language for any address that takes one."""
    if "lang" not in values and current_app.url_map.is_endpoint_expecting(endpoint, "lang"):
        values["lang"] = current_language()


# The browser picks a counted message's form by the count's category; every count the app shows (squares,
# buildings, points, changes waiting) is well below this.
COUNTS = 10000


def plural_categories(lang: str) -> dict:
    """Return the CLDR plural category of every count below COUNTS that is not "other", by Babel's rule."""
    return dict(_plural_categories(lang))


# Babel's rules are the same for a language in every app of a process: each is asked once per process (made
# per app, as the stores keep their values, asking it 2 x 10,000 times made a third of a new app's first page).
@functools.lru_cache(maxsize=len(LANGUAGES))
def _plural_categories(lang: str) -> dict:
    rule = Locale.parse(lang).plural_form
    categories = ((n, rule(n)) for n in range(COUNTS))
    return {str(n): category for n, category in categories if category != "other"}


def list_patterns(lang: str) -> dict:
    """Return how the language joins a list ("{0}, {1}", "{0} and {1}"), Babel's patterns for format_list."""
    return dict(Locale.parse(lang).list_patterns["standard"])


def plural_forms(singular: str, plural: str) -> dict:
    """Return a counted message's forms by CLDR plural category, with %(num)d left for the browser."""
    translations = get_translations()
    return {category: translations.ungettext(singular, plural, n) for category, n in _first_counts(current_language())}


@functools.lru_cache(maxsize=len(LANGUAGES))
def _first_counts(lang: str) -> tuple:
    """Return each CLDR plural category of a language with the first count that takes it, by Babel's rule (per
    process, as _plural_categories)."""
    rule = Locale.parse(lang).plural_form
    # Babel leaves "other" out of a rule's tags: every language has it.
    wanted = len(set(rule.tags) | {"other"})
    first = {}
    for n in list(range(0, 200)) + [1000000]:
        first.setdefault(rule(n), n)
        if len(first) == wanted:
            break
    return tuple(first.items())
