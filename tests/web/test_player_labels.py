"""A player's label ("Player 2"), which also names a player whose name is left blank, is made by one function
(webscore.flow.text.player_label): the setup page, the setup's script, the quick pad's form and its script all
take it from there."""

import html
import json
import pathlib
import re

import pytest

from support.apps import browser_words
from webscore.flow import pad_pieces
from webscore.flow import setup_pieces
from webscore.flow import text
from webscore.scoring import pad_fields_json

ROOT = pathlib.Path(__file__).resolve().parents[2]
LABELS = {"en": ["Player 1", "Player 2", "Player 3"], "fr": ["Joueur 1", "Joueur 2", "Joueur 3"],
          "hu": ["1. játékos", "2. játékos", "3. játékos"]}


@pytest.mark.parametrize("lang", sorted(LABELS))
def test_a_players_label_counts_from_one_in_each_language(client, lang):
    words = browser_words(client, lang)
    assert [text.player_label(words, num) for num in (1, 2, 3)] == LABELS[lang]


def test_the_setup_page_words_its_rows_as_the_setups_script_redraws_them(client):
    # A name of spaces is blank: its buttons name the row by its label, on the page as in setup.js.
    page = client.get("/en/new", query_string={"players-0": "Ana", "players-1": "  ", "players-2": ""})
    assert page.status_code == 200
    labels = re.findall(r'<label for="players-\d">([^<]*)</label>', page.text)
    buttons = [html.unescape(label) for label in re.findall(r'value="(?:up|remove)-\d" class="small" aria-label="([^"]*)"',
                                                           page.text)]
    assert labels == LABELS["en"]
    assert buttons == ["Remove Ana", "Move Player 2 up", "Remove Player 2", "Move Player 3 up", "Remove Player 3"]
    rows = setup_pieces.setup_lines(browser_words(client, "en"), ["Ana", "  ", ""])["rows"]
    assert [row["label"] for row in rows] == labels
    assert [row["remove"] for row in rows] == buttons[0::2]
    assert [row["up"] for row in rows[1:]] == buttons[1::2]


def test_the_setup_page_escapes_a_name_in_its_buttons_names(client):
    page = client.get("/fr/new", query_string={"players-0": "Ana", "players-1": '<b>"Bo"</b>'})
    assert 'aria-label="Remonter &lt;b&gt;&#34;Bo&#34;&lt;/b&gt;"' in page.text
    assert 'aria-label="Retirer &lt;b&gt;&#34;Bo&#34;&lt;/b&gt;"' in page.text


@pytest.mark.parametrize("lang", sorted(LABELS))
def test_the_quick_pad_names_its_rows_and_its_blank_names_by_the_label(client, lang):
    words = browser_words(client, lang)
    form = pad_pieces.pad_form(words, 3, "master-builder", {})
    assert re.findall(r"<legend>([^<]*)</legend>", form) == LABELS[lang]
    # Its ranking names each row left without a name by the label (three players tied, each a row of its own).
    read = json.loads(pad_fields_json(json.dumps([["n0", ""], ["blue0", "3"], ["n1", ""], ["blue1", "2"], ["n2", ""],
                                                  ["blue2", "1"]])))
    items = pad_pieces.pad_lines(words, read["problems"], [], read["result"]["players"])["items"]
    assert [re.search(r"<bdi>([^<]*)</bdi>", item)[1] for item in items] == LABELS[lang]


def test_no_other_module_or_template_words_a_players_label():
    sources = [path for path in (ROOT / "webscore").glob("**/*.py") if path.name != "ui_words.py"] + list(
        (ROOT / "webscore").glob("**/templates/*.html"))
    typed = [(path.name, line.strip()) for path in sources for line in path.read_text().splitlines()
             if "Player %(num)d)" in line or "Player %(num)d'" in line or '["player_n"]' in line]
    assert typed == [("text.py", 'return fill(words["ui"]["player_n"], {"num": num})')]
