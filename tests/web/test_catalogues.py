"""Every catalogue (French, Hungarian): complete, faithful to placeholders, right plurals, used on every page."""

import pathlib
import re
import subprocess
import sys

import pytest
from babel.messages.pofile import read_po
from flask_babel import force_locale
from flask_babel import ngettext

from support import examples
from support.webflow import SETUP
from support.webflow import code_of
from webscore.languages import TRANSLATED

ROOT = pathlib.Path(__file__).resolve().parents[2]
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]")


def catalogue(lang: str):
    with (ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        return read_po(handle, locale=lang)


@pytest.fixture(scope="module")
def extracted(tmp_path_factory):
    """Extract every user-facing string from the code and templates, as translations/update.sh does."""
    pot = tmp_path_factory.mktemp("pot") / "messages.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "translations/babel.cfg",
                    "-k", "_l", "-k", "lazy_gettext", "-k", "_lp:1c,2", "-k", "lazy_pgettext:1c,2",
                    "-k", "plural_pair:1,2", "-k", "plain_gettext", "-k", "plain_ngettext:1,2", "--no-location",
                    "-o", str(pot), "."],
                   cwd=ROOT, check=True, capture_output=True)
    with pot.open("rb") as handle:
        return [(message.id, message.context) for message in read_po(handle) if message.id]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_string_is_in_the_catalogue_translated_and_not_fuzzy(extracted, lang):
    translations = catalogue(lang)
    missing = [key for key in extracted if translations.get(*key) is None]
    assert missing == []
    for msgid, context in extracted:
        message = translations.get(msgid, context)
        assert not message.fuzzy, msgid
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings), msgid
        if isinstance(msgid, tuple):
            assert len(strings) == translations.num_plurals, msgid


def test_extraction_finds_the_strings_of_code_and_templates(extracted):
    assert ("Cottage", None) in extracted
    assert ("The rules in five minutes", None) in extracted
    assert (("%(num)d resource stored", "%(num)d resources stored"), None) in extracted
    assert ("fed", "Barrett Castle") in extracted
    # Words said through a language's kept words (translating.PageWords), as the link preview says them.
    assert (("%(count)s players share first place with %(total)s point",
             "%(count)s players share first place with %(total)s points"), None) in extracted
    # A counted message marked where it has its one home (labels.WINS), said where it is used.
    assert (("%(name)s wins with %(total)s point", "%(name)s wins with %(total)s points"), None) in extracted
    assert ("The ranking and the winner's town", None) in extracted


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_every_placeholder(lang):
    for message in catalogue(lang):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = sorted(set(PLACEHOLDER.findall(ids[-1])))
        for string in strings:
            assert sorted(set(PLACEHOLDER.findall(string))) == wanted, (message.id, string)


@pytest.mark.parametrize("lang, n, expected", [
    ("hu", 1, "1\u00a0tárolt nyersanyag"), ("hu", 3, "3\u00a0tárolt nyersanyag"),
    ("fr", 0, "0\u00a0ressource stockée"), ("fr", 1, "1\u00a0ressource stockée"), ("fr", 2, "2\u00a0ressources stockées"),
    ("fr", 1000000, "1000000\u00a0ressources stockées"),
    ("en", 1, "1 resource stored"), ("en", 0, "0 resources stored"),
])
def test_plural_forms(app, lang, n, expected):
    with app.test_request_context(), force_locale(lang):
        assert ngettext("%(num)d resource stored", "%(num)d resources stored", n) == expected


def test_catalogue_plural_counts_are_babels():
    assert catalogue("hu").num_plurals == 2
    assert catalogue("fr").num_plurals == 3


def _pages(client):
    rulebook = examples.RULEBOOK_CODE
    game = code_of(client.get("/en/new", query_string=SETUP).headers["Location"])
    return ["/{lang}/", "/{lang}/new", "/{lang}/g/" + game + "/1", "/{lang}/g/" + game + "/2",
            "/{lang}/r/" + rulebook, "/{lang}/rules", "/{lang}/r/AAAA", "/{lang}/nowhere",
            "/{lang}/new?action=start&players-0=&mode=solo"]


def _visible_text(html: str) -> str:
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#39;", "'").replace("&amp;", "&")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_page_renders_without_untranslated_strings(client, lang):
    english = {message.id: message.string for message in catalogue(lang)
               if isinstance(message.id, str) and message.id and " " in message.id.strip()
               and message.string != message.id and not PLACEHOLDER.search(message.id)}
    for page in _pages(client):
        response = client.get(page.format(lang=lang))
        assert response.status_code < 500
        assert '<html lang="{}">'.format(lang) in response.text
        text = _visible_text(response.text)
        leaked = [msgid for msgid in english if msgid in text]
        assert leaked == [], (page, leaked)


@pytest.mark.parametrize("lang, words", [
    ("fr", ["Nouvelle partie", "Maison de campagne", "Joueurs, dans l’ordre de la table"]),
    ("hu", ["Új játszma", "Kunyhó", "Játékosok ülésrendben"]),
])
def test_setup_page_speaks_the_language(client, lang, words):
    text = _visible_text(client.get("/{}/new".format(lang)).text)
    for word in words:
        assert word in text


def test_catalogues_are_built_elsewhere_when_the_folder_is_read_only(tmp_path, monkeypatch, read_only_translations):
    from webscore.web.i18n import catalogues

    source = read_only_translations
    built = catalogues.compile_catalogues(source)
    assert built.parent == tmp_path / "temporary"
    assert (built / "fr" / "LC_MESSAGES" / "messages.mo").exists()
    assert not (source / "fr" / "LC_MESSAGES" / "messages.mo").exists()
