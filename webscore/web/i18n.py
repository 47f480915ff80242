"""Languages: a /en/, /fr/ or /hu/ prefix on every page, else the cookie, Accept-Language, English."""

import pathlib
import tempfile

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from flask import abort
from flask import g
from flask import request
from flask_babel import Babel
from flask_babel import get_translations

LANGUAGES = ("en", "fr", "hu")
DEFAULT = "en"
COOKIE = "lang"
TRANSLATIONS = pathlib.Path(__file__).resolve().parents[2] / "translations"


def compile_catalogues(folder: pathlib.Path = TRANSLATIONS) -> pathlib.Path:
    """Build each .mo from its .po when missing or older, so only .po files are committed.

    Return the folder holding the catalogues: the translations folder, or a temporary copy when the
    app is installed where it may not write.
    """
    try:
        _compile_into(folder, folder)
        return folder
    except OSError:
        built = pathlib.Path(tempfile.mkdtemp(prefix="marquoir-translations-"))
        _compile_into(folder, built)
        return built


def _compile_into(source: pathlib.Path, target: pathlib.Path) -> None:
    for po_path in source.glob("*/LC_MESSAGES/messages.po"):
        mo_path = target / po_path.relative_to(source).with_suffix(".mo")
        if mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
            continue
        with po_path.open("rb") as po_file:
            catalogue = read_po(po_file)
        mo_path.parent.mkdir(parents=True, exist_ok=True)
        temporary = mo_path.with_suffix(".mo.tmp")
        with temporary.open("wb") as mo_file:
            write_mo(mo_file, catalogue)
        temporary.replace(mo_path)


def preferred_language() -> str:
    """Return the language for a page without a prefix: the cookie, else Accept-Language."""
    chosen = request.cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES) or DEFAULT


def current_language() -> str:
    """Return the language of the page being rendered."""
    return g.get("lang") or preferred_language()


def remember_language(response):
    """Keep the language of a prefixed page in a cookie, so / and shared links open in it."""
    lang = g.get("lang")
    if lang and request.cookies.get(COOKIE) != lang:
        response.set_cookie(COOKIE, lang, max_age=365 * 24 * 3600, samesite="Lax", secure=request.is_secure)
    return response


def switch_url(lang: str) -> str:
    """Return this page's address in another language, keeping the game, the step and the query."""
    from flask import url_for

    if request.endpoint is None or request.endpoint == "static":
        return url_for("pages.home", lang=lang)
    values = dict(request.view_args or {})
    values.update(request.args.to_dict(flat=True))
    values["lang"] = lang
    return url_for(request.endpoint, **values)


def keep_lang(endpoint, values) -> None:
    """Note the language of any address that names one."""
    if values and values.get("lang") in LANGUAGES:
        g.lang = values["lang"]


# Template words by (language, message): asking Babel costs more than drawing the word, and the
# catalogues do not change while serving. Counted words are kept by count too, hence the bound.
_TEMPLATE_WORDS = {}
TEMPLATE_WORDS_LIMIT = 8192


def _kept(key, translate):
    if key not in _TEMPLATE_WORDS:
        if len(_TEMPLATE_WORDS) > TEMPLATE_WORDS_LIMIT:
            _TEMPLATE_WORDS.clear()
        _TEMPLATE_WORDS[key] = translate()
    return _TEMPLATE_WORDS[key]


def template_gettext(message: str) -> str:
    """Translate a template's message into the page's language, once per language."""
    return _kept((current_language(), message), lambda: get_translations().ugettext(message))


def template_ngettext(singular: str, plural: str, n: int) -> str:
    """Translate a template's counted message into the page's language, once per language and count."""
    return _kept((current_language(), singular, plural, n), lambda: get_translations().ungettext(singular, plural, n))


def init_app(app) -> None:
    """Set up Flask-Babel with the page's language and build the catalogues."""
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(compile_catalogues()))
    Babel(app, locale_selector=current_language)
    app.jinja_env.install_gettext_callables(gettext=template_gettext, ngettext=template_ngettext, newstyle=True)
    app.after_request(remember_language)
    app.url_defaults(add_lang)
    app.url_value_preprocessor(keep_lang)
    app.jinja_env.globals.update(LANGUAGES=LANGUAGES, switch_url=switch_url, current_language=current_language)


def add_lang(endpoint, values) -> None:
    """Fill in the page's language for any address that takes one."""
    from flask import current_app

    if "lang" not in values and current_app.url_map.is_endpoint_expecting(endpoint, "lang"):
        values["lang"] = current_language()


def lang_prefix(bp) -> None:
    """Check a blueprint's /<lang>/ prefix and keep the language in g.lang."""
    @bp.url_value_preprocessor
    def pull_lang(endpoint, values):
        lang = values.pop("lang", None) if values else None
        if lang not in LANGUAGES:
            abort(404)
        g.lang = lang

