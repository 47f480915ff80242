"""An address whose /<lang>/ prefix is none of ours: refused with our 404 page, or sent to the reader's language.

One check does it for every page (i18n.check_lang); no view checks its language again.
"""

import ast
import pathlib

import pytest

from support import examples
from support.tables import empty_setup
from support.tables import open_table
from webscore.scoring import encode
from webscore.web import i18n

GAME = examples.load("four-players")
CODE = encode(GAME)
SETUP = encode(empty_setup(GAME))
# A language other sites speak and this one does not (yet): the first of these the language table lacks.
ANOTHER_SITES = next(tag for tag in ("de", "it", "es", "pl", "nl") if tag not in i18n.LANGUAGES)
WEB = pathlib.Path(i18n.__file__).parents[1]

# Every kind of page under /<lang>/ that an unknown language does not reach ({table}: a table that is open).
REFUSED = [
    ("GET", "/{lang}/new"),
    ("GET", "/{lang}/new?players=3"),
    ("GET", "/{lang}/offline"),
    ("GET", "/{lang}/manifest.webmanifest"),
    ("GET", "/{lang}/r/{code}.png"),
    ("GET", "/{lang}/g/{code}/1"),
    ("GET", "/{lang}/g/{code}/1/save"),
    ("GET", "/{lang}/t/new?code={setup}"),
    ("POST", "/{lang}/t/new"),
    ("GET", "/{lang}/t/{table}"),
    ("GET", "/{lang}/t/{table}/1"),
    ("POST", "/{lang}/t/{table}/1"),
    ("GET", "/{lang}/t/{table}/1/town"),
    ("GET", "/{lang}/t/{table}/state"),
    ("GET", "/{lang}/t/{table}/take"),
    ("POST", "/{lang}/t/{table}/take"),
]

# Pages a reader may keep or type with a stray prefix: sent to the page in their language instead.
SENT_ON = [
    ("/{lang}/", "/"),
    ("/{lang}/rules", "/hu/rules"),
    ("/{lang}/play", "/hu/play"),
    ("/{lang}/pad?p=Ana", "/hu/pad"),
    ("/{lang}/r/{code}", "/hu/r/{code}"),
    ("/{lang}/r/{code}/turns?turns-1=2", "/hu/r/{code}"),
]


@pytest.fixture
def table(client):
    return open_table(client, SETUP)


@pytest.mark.parametrize("method, address", REFUSED)
def test_an_unknown_language_prefix_is_refused_with_our_404_page(client, table, method, address):
    for lang in ("xx", ANOTHER_SITES, "EN"):
        answer = client.open(address.format(lang=lang, code=CODE, setup=SETUP, table=table), method=method,
                             json={"client": "phone-one-a", "op": {"seq": 1, "set": {}}},
                             headers={"X-Requested-With": "marquoir"})
        assert answer.status_code == 404, (lang, address)
        assert answer.mimetype == "text/html"
        assert "There is no page at this address." in answer.text
    # The same address in a language of ours reaches its page: the prefix alone was refused.
    answer = client.open(address.format(lang="en", code=CODE, setup=SETUP, table=table), method=method)
    assert answer.status_code != 404


@pytest.mark.parametrize("address, location", SENT_ON)
def test_an_unknown_language_prefix_of_a_kept_page_is_sent_to_the_readers_language(client, address, location):
    answer = client.get(address.format(lang="xx", code=CODE), headers={"Accept-Language": "hu"})
    assert answer.status_code == 302
    assert answer.location == location.format(code=CODE)


def test_one_check_of_the_language_prefix_serves_the_whole_app(app):
    assert app.url_value_preprocessors == {None: [i18n.check_lang]}


def _names_languages(node: ast.AST) -> bool:
    return any(isinstance(part, ast.Name) and part.id == "LANGUAGES"
               or isinstance(part, ast.Attribute) and part.attr == "LANGUAGES" for part in ast.walk(node))


def _names_lang(node: ast.AST) -> bool:
    return any(isinstance(part, ast.Name) and part.id == "lang"
               or isinstance(part, ast.Constant) and part.value == "lang" for part in ast.walk(node))


def test_no_function_but_the_one_check_compares_an_address_language_with_ours():
    checking = set()
    for path in sorted(WEB.glob("**/*.py")):
        for function in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(function, ast.FunctionDef):
                continue
            for compare in ast.walk(function):
                if (isinstance(compare, ast.Compare) and _names_lang(compare.left)
                        and any(_names_languages(right) for right in compare.comparators)):
                    checking.add((path.relative_to(WEB).as_posix(), function.name))
    assert checking == {("i18n/__init__.py", "check_lang")}


@pytest.mark.parametrize("path, to", [("/new", "/hu/new"), ("/rules?from=qr", "/hu/rules?from=qr"),
                                      ("/play?code=" + CODE, "/hu/play?code=" + CODE), ("/pad?n0=Ana", "/hu/pad?n0=Ana")])
def test_a_page_named_without_its_language_opens_in_the_readers(client, path, to):
    response = client.get(path, headers={"Accept-Language": "hu-HU,hu;q=0.9"})
    assert (response.status_code, response.headers["Location"]) == (302, to)


@pytest.mark.parametrize("path", ["/nothing-here/", "/offline/", "/2024/", "/en-/"])
def test_a_first_segment_that_is_no_language_tag_is_not_found(client, path):
    response = client.get(path, headers={"Accept-Language": "fr"})
    assert response.status_code == 404
    assert "<h1>Page introuvable</h1>" in response.get_data(as_text=True)


@pytest.mark.parametrize("path, to", [("/{}/".format(ANOTHER_SITES), "/"), ("/pt-BR/rules", "/fr/rules"),
                                      ("/zh_Hant/rules", "/fr/rules")])
def test_a_language_of_another_site_still_leads_to_the_page_in_the_readers(client, path, to):
    response = client.get(path, headers={"Accept-Language": "fr"})
    assert (response.status_code, response.headers["Location"]) == (302, to)
