"""The pieces that write the browser's texts (issue 49: one formatting implementation) answer under MicroPython, as
the browser runs them, exactly as under CPython, in every language: numbers, lists, counted messages, problems, moments."""

import json

import pytest

from support import examples
from support.apps import new_app
from webscore import flow
from webscore.languages import LANGUAGES
from webscore.web.i18n.history_words import history_words
from webscore.web.i18n.table_words import table_words
from webscore.web.i18n.words import words as browser_words

NAMES = ["Ana", "{1}", "Zoé", "$&"]
PROBLEM = {"code": "not-in-solo", "value": "farm"}


def page_words(lang: str):
    app = new_app()
    with app.test_request_context("/{}/".format(lang)):
        app.preprocess_request()
        return browser_words(), table_words(), history_words()


def asked(lang: str) -> list:
    words, text, texts = page_words(lang)
    return [
        ("table_news", {"words": words, "text": text, "players": [
            {"status": "done", "total": -12345}, {"status": "entering", "total": None},
            {"status": "done", "total": 1, "least": True}],
            "events": [["taken-over", "Ana"], ["reopened", "Bo"]]}),
        ("table_town_lines", {"words": words, "text": text, "changed": [["a1"], ["Load", "b2"], ["Coins"]],
                              "fields": [["c3"]], "empty": NAMES, "problem": PROBLEM,
                              "status": {"waiting": 3, "time": [2026, 12, 5, 10, 2, 3],
                                         "notice": {"kind": "done", "reasons": ["x.", "y."]}},
                              "elsewhere": "reopened"}),
        ("table_town_lines", {"words": words, "text": text, "status": {"time": [2026, 12, 5, 22, 2, 3]}}),
        ("table_town_lines", {"words": words, "text": text, "status": {"waiting": 2, "asking": True, "offline": True}}),
        ("moments", {"words": words, "kind": "day_time", "clocks": [[2026, 12, 5, 0, 2, 3], [2027, 1, 31, 12, 59, 59]]}),
        ("games_lines", {"words": words, "texts": texts, "day": "2026-12-05", "imported": 21, "merged": ["A", "B"],
                         "unmerged": "A", "delete_count": 1}),
        ("pad_lines", {"words": words, "problems": [{"code": "range", "field": "blue0", "value": "blue"},
                                                    {"code": "malformed", "field": None, "value": "x"}],
                       "fields": ["n0", "blue0"], "players": [
                           {"name": "", "total": 1234, "place": 2, "decided_by": None, "needs": None},
                           {"name": "Zoé", "total": 1234, "place": 1, "decided_by": None, "needs": None}]}),
        ("town_lines", {"words": words, "placed": {"fields": {"square_a1": [PROBLEM]}, "general": []}, "name": "Ana",
                        "problems": [PROBLEM]}),
        ("town_lines", {"words": words, "placed": {"fields": {}, "general": [
            {"code": "repeated-field", "value": "square_b1"}, {"code": "malformed", "value": "x"}]}, "name": "Ana"}),
        ("setup_lines", {"words": words, "names": ["Ana", " ", ""], "placed": {"fields": {}, "general": [PROBLEM]}}),
        ("setup_lines", {"words": words, "names": ["Ana", "Cy"], "action": "remove-1", "before": ["Ana", "Bo", "Cy"]}),
        ("setup_lines", {"words": words, "names": ["Cy", "Ana"], "action": "up-1", "before": ["Ana", " "]}),
        ("setup_lines", {"words": words, "names": ["Ana", ""], "action": "deal-monuments",
                         "dealt": ["barrett-castle the-starloom", "mandras-palace opaleyes-watch"]}),
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_texts_pieces_answer_alike(micropython_core, lang):
    for piece, args in asked(lang):
        expected = json.loads(flow.piece_json(json.dumps({"piece": piece, "args": args})))
        assert micropython_core.flow_json("draw", json.dumps([piece, args])) == expected, piece


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_live_scores_texts_answer_alike(micropython_core, lang):
    words = page_words(lang)[0]
    # Towns scored, and one waiting on a Warehouse's load no town takes, marked on its field.
    for n, more in ((1, {}), (2, {}), (1, {"square_d4": "warehouse", "stored_d4": "7"})):
        shown = json.loads(flow.town_json(json.dumps({"code": examples.FOUR_PLAYERS_CODE, "n": n, "show": True})))
        text = json.dumps({"code": examples.FOUR_PLAYERS_CODE, "n": n, "fields": dict(shown["fields"], **more)})
        answer = json.loads(flow.live_json(text, words))
        assert answer["shown"]["total"] and len(answer["shown"]["said"]) == 16
        assert bool(answer["shown"]["squares"]) != bool(answer["shown"]["problems"])
        micropython_core.flow_json("words", json.dumps(words))
        assert micropython_core.flow_json("live", text) == answer
