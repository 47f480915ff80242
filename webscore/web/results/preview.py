"""The words a shared result travels with: its headline, its ranking in one line, its link preview."""

from types import SimpleNamespace

from ...flow import result_pieces
from ...flow import text
from ...flow.result_view import ranking
from ...languages import ROWS
from .. import i18n
from ..http.addresses import code_address
from ..i18n import translating
from ..i18n.words import page_words_of_browser

# Open Graph names a locale with its territory (the language table's og_locale).
OG_LOCALES = {row.tag: row.og_locale for row in ROWS}


def headline(game: dict, result: dict, short: bool = False, written=None, order=None) -> str:
    """Return who won and with how much, as the page's winner line says it (result_pieces.headline), in plain text:
    a shared first place says so (short: says how many share it). written and order: the browser's words of the
    page and the players' order (result_view.ranking), when found already."""
    return result_pieces.headline(written or page_words_of_browser(), result["players"], order or ranking(result),
                                  short=short)


def mode_line(game: dict, result: dict, written=None) -> str:
    """Return the mode and the variants played, plus a solo player's title, as the result page says them
    (result_pieces.mode_line). written: the browser's words of the page, when found already."""
    solo_rank = result["players"][0].get("solo_rank") if game["mode"] == "solo" else None
    return result_pieces.mode_line(written or page_words_of_browser(), game, solo_rank)


def ranking_line(result: dict, order: list, words, written: dict) -> str:
    """Return every place, name and total on one line, players in order (result_view.ranking), in the page's words
    (translating.current_words) and the browser's (page_words_of_browser)."""
    players = result["players"]
    return " · ".join(
        words.plain_ngettext("%(place)s. %(name)s, %(total)s point", "%(place)s. %(name)s, %(total)s points",
                           abs(players[p]["total"]), place=players[p]["place"], name=players[p]["name"],
                           total=text.number(written, players[p]["total"]))
        for p in order)


def preview_text(game: dict, result: dict, written=None, order=None) -> tuple:
    """Return the title and the description of a result's link preview, in the page's language. written and order:
    the browser's words of the page and the players' order (result_view.ranking), when found already."""
    # The page's words found once: each finding asks Babel for the page's locale again.
    words, written, order = translating.current_words(), written or page_words_of_browser(), order or ranking(result)
    return (words.plain_gettext("%(headline)s · Tiny Towns", headline=headline(game, result, False, written, order)),
            mode_line(game, result, written) + " — " + ranking_line(result, order, words, written))


def link_preview(game: dict, result: dict, code: str, text=None) -> SimpleNamespace:
    """Return the Open Graph words and addresses of a result page, in the page's language.

    text: its title and description when already made (preview_text).
    """
    lang = i18n.current_language()
    words = translating.current_words()
    title, description = text or preview_text(game, result)
    # Attributes rather than a dict's keys: the template asks for each twice or three times.
    return SimpleNamespace(
        title=title,
        description=description,
        url=code_address("results.show", code, lang=lang, _external=True),
        image=code_address("results.picture", code, lang=lang, _external=True),
        image_alt=words.plain_gettext("The ranking and the winner's town"),
        locale=OG_LOCALES[lang],
        alternates=[OG_LOCALES[other] for other in i18n.LANGUAGES if other != lang],
    )
