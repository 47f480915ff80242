"""Languages (webscore/languages.py): a /<lang>/ prefix on every page, else the cookie, Accept-Language, English.

Here the language of a page: which one it is, its prefix checked and filled in, its cookie, its address in another.
A page's words in that language are translating.py's, how the language counts and lists grammar.py's, the
catalogues built as the app starts catalogues.py's.
"""

import re
from urllib.parse import urlencode

from babel import Locale
from babel import negotiate_locale
from flask import abort
from flask import current_app
from flask import g
from flask import redirect
from flask import request
from flask import url_for
from flask_babel import Babel
from werkzeug.datastructures import LanguageAccept
from werkzeug.http import dump_cookie
from werkzeug.http import parse_accept_header
from werkzeug.routing import BuildError

from ... import languages
from ..http.addresses import code_address
from . import hyphens
from .catalogues import compile_catalogues
from .translating import template_gettext
from .translating import template_ngettext
from .translating import template_pgettext

LANGUAGES = languages.LANGUAGES
# Each language named in itself, for the language switch.
LANGUAGE_NAMES = {row.tag: row.name for row in languages.ROWS}
DEFAULT = languages.DEFAULT
COOKIE = "lang"
# The most Accept-Language tags read: a browser sends one or two per language set, and a header of hundreds
# (8 KiB pass the limits) would be parsed, sorted and negotiated for every page that asks for it.
MOST_TAGS = 32


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
