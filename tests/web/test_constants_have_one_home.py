"""What a page and the browser's script both need (a Warehouse's limit, a fact's range, how numbers and lists are
written, which form a count takes, the most games a phone keeps, an export file's head) comes from one home, the
scoring core, the flow or Babel, never typed twice."""

import json
import pathlib
import re

import pytest
from babel import Locale

from support import examples
from support.webflow import errors
from support.webflow import town_query
from webscore.flow import history
from webscore.languages import LANGUAGES
from webscore.scoring.cards import MAX_STORED

ROOT = pathlib.Path(__file__).resolve().parents[2]


def page_words(client, lang: str) -> dict:
    page = client.get("/{}/offline".format(lang))
    assert page.status_code == 200
    return json.loads(re.search(r'<script type="application/json" id="words">(.*?)</script>', page.text, re.S).group(1))


def test_a_warehouse_holds_the_cores_limit_on_the_page_and_in_the_browsers_words(client):
    page = client.get("/en/g/{}/1".format(examples.RULEBOOK_CODE), query_string=dict(
        town_query("warehouse . . .", ". . . .", ". . . .", ". . . ."), stored_a1=str(MAX_STORED + 1)))
    assert page.status_code == 422
    assert "A Warehouse stores at most {} resources.".format(MAX_STORED) in errors(page.text)
    catalogue = page_words(client, "en")["catalogue"]
    assert catalogue["max_stored"] == MAX_STORED


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_browser_is_told_how_numbers_lists_and_counts_are_written(client, lang):
    words = page_words(client, lang)
    rule = Locale.parse(lang).plural_form
    assert words["plurals"] == {str(n): rule(n) for n in range(10000) if rule(n) != "other"}
    assert words["lists"] == dict(Locale.parse(lang).list_patterns["standard"])
    locale = Locale.parse(lang)
    assert (words["number"]["group"], words["number"]["grouping"]) == (locale.number_symbols["latn"]["group"],
                                                                       locale.decimal_formats[None].grouping[0])


# Babel's number and list formatters, and the names a formatter of the server's own would have (a Jinja filter among
# them). A pattern read from Babel for the browser's words (history_words' percent) formats nothing shown.
SECOND_FORMATTER = re.compile(r"\bformat_(decimal|number|list|compact_decimal)\(|import format_(decimal|number|list)\b"
                              r"|babel\.lists|^def (number|number_in|name_list|label_pair|reason_text)\("
                              r"|filters\[\"(number|name_list)\"\]"
                              # A list joined by hand, where the language's list rule (text.name_list, series) joins it.
                              r"|[\"'], [\"']\.join\(",
                              re.M)


def test_the_server_writes_numbers_and_lists_with_the_flows_functions_alone(app):
    # The flow's text.number and text.name_list write every number and list the server's pages, previews, pictures and
    # answers show, from the browser's words: the server has no formatter of its own that could write them otherwise.
    # The flow's own pieces too: they write with text.py, the one module that joins by the language's rules.
    sources = sorted((ROOT / "webscore" / "web").glob("**/*.py")) + sorted((ROOT / "webscore" / "flow").glob("*.py"))
    found = [(path.relative_to(ROOT).as_posix(), match.group(0)) for path in sources if path.name != "text.py"
             for match in SECOND_FORMATTER.finditer(path.read_text())]
    assert found == []
    assert not {"number", "name_list"} & set(app.jinja_env.filters)
    assert "label_pair" not in app.jinja_env.globals


def test_no_script_or_template_types_a_limit_the_core_owns():
    sources = list((ROOT / "static" / "js").glob("*.*js")) + list((ROOT / "webscore").glob("**/templates/*.html"))
    typed = [(path.name, line) for path in sources for line in path.read_text().splitlines()
             if re.search(r"\bmax(=|: )['\"]?3\b", line)]
    assert typed == []


def test_the_most_games_a_phone_keeps_is_the_flows_given_by_every_page_whose_script_keeps_games(client):
    # Pages with the browser's words give it in their catalogue; the home page and a result the server drew, on the
    # element whose games their script keeps.
    for lang in LANGUAGES:
        assert page_words(client, lang)["catalogue"]["max_games"] == history.MAX_GAMES
    for path in ("/en/", "/fr/r/{}".format(examples.RULEBOOK_CODE)):
        page = client.get(path)
        assert page.status_code == 200
        assert re.findall(r'data-max-games="([^"]*)"', page.text) == [str(history.MAX_GAMES)]
    # The scripts that keep and export the games type no figure of their own.
    for script in ("recent.mjs", "games.mjs"):
        assert not re.search(r"\b5_?000\b|MAX_PLAYED", (ROOT / "static" / "js" / script).read_text()), script


def test_an_export_written_as_the_browser_writes_it_from_the_pages_description_is_read_back(client):
    export = page_words(client, "en")["catalogue"]["export"]
    assert export == history.EXPORT
    games = [{"code": examples.RULEBOOK_CODE, "when": 1_764_000_000_000},
             {"code": examples.FOUR_PLAYERS_CODE, "when": 1_764_000_060_000}]
    merged = {"Bó": "Bo"}
    # As games.mjs writes it: JSON.stringify({...words.catalogue.export, games, merged}, null, 1).
    text = json.dumps({**export, "games": games, "merged": merged}, indent=1, ensure_ascii=False)
    assert history.imported(json.loads(text)) == (games, merged)
    # The head another app or another kind of file would write is not ours.
    for key in ("app", "kind"):
        assert history.imported({**json.loads(text), key: "other"}) == (None, "not-an-export")
