"""Words that need a form of their own in French or Hungarian, apart from the English they share a shape with.

A solo card taken says its resource with the grammar each language gives it ("Prendre de la brique",
"Téglát veszek"); the quick pad's labels start with a capital beside "Nombre de cases vides"; a player's
status line says Fort Ironweed built in lower case after "·" in Hungarian; The Starloom says "none" rather
than "0"; a layout's rows are joined as the language punctuates them.
"""

import re

import pytest

from support.apps import browser_words
from webscore.flow import helper_pieces
from webscore.flow import pad_pieces
from webscore.flow import result_town_pieces
from webscore.languages import LANGUAGES
from webscore.scoring import table

TAKEN = {"en": ["Take brick", "Take glass", "Take wheat"],
         "fr": ["Prendre de la brique", "Prendre du verre", "Prendre du blé"],
         "hu": ["Téglát veszek", "Üveget veszek", "Búzát veszek"]}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_solo_card_says_its_resource_in_the_languages_grammar(client, lang):
    solo = helper_pieces.solo(browser_words(client, lang), table.solo_deck(5, [0, 1]))
    assert re.findall(r'data-action="take-\d" data-card="\w+"[^>]*>([^<]*)<', solo) == TAKEN[lang]


LABELS = {"en": ["Blue", "Red", "Grey", "Orange", "Green", "Yellow", "Navy", "Monument", "Coins",
                 "Empty squares (how many)"],
          "fr": ["Bleu", "Rouge", "Gris", "Orange", "Vert", "Jaune", "Bleu marine", "Monument", "Pièces",
                 "Nombre de cases vides"],
          "hu": ["Kék", "Piros", "Szürke", "Narancssárga", "Zöld", "Sárga", "Sötétkék", "Emlékmű", "Érmék",
                 "Üres mezők száma"]}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pad_labels_start_alike(client, lang):
    form = pad_pieces.pad_form(browser_words(client, lang), 1, "master-builder", {})
    labels = re.findall(r'<label for="(?:blue|red|grey|orange|green|yellow|navy|monument|coins|empty)0">'
                        r'(?:<span class="swatch" aria-hidden="true"></span>)?([^<]*)</label>', form)
    assert labels == LABELS[lang]


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "turns as Master Builder: 1 · playing · Fort Ironweed built"),
    ("fr", "tours en tant que Maître d’œuvre\u00a0: 1 · en jeu · Fort\u00a0Ronce-de-Fer construit"),
    ("hu", "főépítészi körök: 1 · játékban · felépült a Vasgyom-erőd")])
def test_a_status_line_says_the_fort_built_as_a_part_of_it(client, lang, said):
    words = browser_words(client, lang)
    state = table.master_builder([None, "fort-ironweed"], 0, table.parse_events("nf1"))
    screen = helper_pieces.master_builder(words, ["Ana", "Bo"], state, 0, True)
    assert re.findall(r'<span class="hint">([^<]*)</span>', screen)[1] == said


@pytest.mark.parametrize(("lang", "none", "one", "two"), [
    ("en", "0 towns completed before", "1 town completed before", "2 towns completed before"),
    ("fr", "aucune bourgade terminée avant", "1\u00a0bourgade terminée avant", "2\u00a0bourgades terminées avant"),
    ("hu", "előtte egy város sem készült el", "előtte 1\u00a0város készült el", "előtte 2\u00a0város készült el")])
def test_the_starloom_says_none_in_words(client, lang, none, one, two):
    words = browser_words(client, lang)
    said = [result_town_pieces.reason(words, {"card": "the-starloom", "fed_by": [], "reason": "completed-before", "n": n})
            for n in (0, 1, 2)]
    assert said == [none, one, two]


@pytest.mark.parametrize(("lang", "label"), [
    ("en", "Layout: wheat, wheat; wood, wood"),
    ("fr", "Motif\u00a0: blé, blé\u202f; bois, bois"),
    ("hu", "Alakzat: búza, búza; fa, fa")])
def test_a_layouts_rows_are_joined_as_the_language_punctuates(client, lang, label):
    html = client.get("/{}/new".format(lang)).text
    assert 'role="img" aria-label="{}"'.format(label) in html
