"""No English of our catalogue on anything Marquoir shows in another language: pages, redirects, the JSON the
phones read, the manifest and the result picture."""

import html
import json
import pathlib
import re

import pytest
from babel.messages.pofile import read_po
from flask import g

from support import examples
from support.strategies import same_random_games
from support.tables import empty_setup
from support.tables import open_table
from support.tables import town_code
from webscore.languages import TRANSLATED
from webscore.scoring import encode
from webscore.web.results.picture import picture_of

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAME = examples.load("four-players")
SETUP = encode(empty_setup(GAME))
GAMES = [examples.load(name) for name in examples.NAMES] + same_random_games(30)
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]")
JSON_CALL = {"X-Requested-With": "marquoir"}
# Words that are the same in English and in a translation (a name, "Marquoir"), or a player's name here.
NAMES = {name for game in GAMES for player in game["players"] for name in player["name"].split()}


def _catalogue(lang: str):
    with (ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        return read_po(handle, locale=lang)


def english_of(lang: str) -> tuple:
    """Return (phrases, words): the English that the language's catalogue replaces, to be sought in its pages.

    Phrases are the runs of two words or more between a msgid's placeholders; words are msgids of one word.
    English that some translation of the language also writes (a card's proper name) is left out.
    """
    messages = [message for message in _catalogue(lang) if message.id]
    translated = " ".join(string for message in messages
                          for string in (message.string if isinstance(message.string, tuple) else (message.string,)))
    phrases, words = set(), set()
    for message in messages:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for english in (message.id if isinstance(message.id, tuple) else (message.id,)):
            if english in strings:
                continue
            for run in PLACEHOLDER.split(english):
                run = run.strip(" :;,.?!()\"“”")
                if " " in run and len(run) >= 8 and run not in translated:
                    phrases.add(run)
                elif re.fullmatch(r"[A-Za-z]{4,}", run) and not re.search(r"\b{}\b".format(run), translated) \
                        and run not in NAMES:
                    words.add(run)
    return phrases, words


ENGLISH = {lang: english_of(lang) for lang in TRANSLATED}
# Attributes that carry words for the reader; the others hold addresses, names of fields and ids.
READ_ATTRIBUTES = re.compile(r'\s(title|alt|aria-label|placeholder|content|label|value|data-[\w-]+)="([^"]*)"')


def texts_of_page(page: str) -> list:
    """Return what a reader or a script of the page can show: the text, the read attributes, the JSON's strings."""
    found = []
    for block in re.findall(r'<script type="application/json"[^>]*>(.*?)</script>', page, re.S):
        found += strings_of(json.loads(block))
    for name, value in READ_ATTRIBUTES.findall(page):
        value = html.unescape(value)
        if value.startswith(("{", "[")):
            found += strings_of(json.loads(value))
        # A data attribute of one lowercase token is an id for the script (data-colour="blue"), not a word.
        elif not (name.startswith("data-") and re.fullmatch(r"[a-z0-9-]*", value)):
            found.append(value)
    text = re.sub(r"<(script|style|template)[^>]*>.*?</\1>", " ", page, flags=re.S)
    # A template's words are drawn by a script; they are read like the page's own.
    text += " ".join(re.findall(r"<template[^>]*>(.*?)</template>", page, re.S))
    found.append(html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text))))
    return found


def strings_of(value) -> list:
    """Return every string value within a piece of JSON: keys are ids, and so is the game's catalogue (card ids
    by colour, the pad's columns), not words."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for key, item in value.items() if key != "catalogue" for text in strings_of(item)]
    if isinstance(value, list):
        return [text for item in value for text in strings_of(item)]
    return []


def english_in(lang: str, texts: list) -> list:
    """Return the English phrases and words of our catalogue found in texts."""
    phrases, words = ENGLISH[lang]
    joined = "\n".join(texts)
    # A word is sought as a whole word only where it is in the text at all: a regular expression for each of the
    # catalogue's words over each page was most of the time of the test that reads every page of a game.
    return sorted({phrase for phrase in phrases if phrase in joined}
                  | {word for word in words
                     if word in joined and re.search(r"(?<![\w/.-]){}(?![\w/.-])".format(word), joined)})


def test_the_english_sought_includes_the_words_a_page_could_leak():
    for lang in TRANSLATED:
        phrases, words = ENGLISH[lang]
        assert {"Quick score pad", "Take in this town", "Open the page", "Players who completed their town before "
                "this one"} <= phrases
        assert {"Undo", "Delete", "Scores"} - {"Scores"} <= words
    assert english_in("fr", ["Cliquez sur Undo pour annuler."]) == ["Undo"]
    assert english_in("hu", ["<p>Take in this town</p><p>Undo</p>"]) == ["Take in this town", "Undo"]


def _game_pages(lang: str) -> list:
    """Return (address, status) of every kind of page of a game, its errors included."""
    pages = [("/{}/", 200), ("/{}/new", 200), ("/{}/rules", 200), ("/{}/play", 200), ("/{}/pad", 200),
             ("/{}/offline", 200), ("/{}/new?action=start&players-0=&mode=solo", 422),
             ("/{}/g/" + SETUP + "/4/save", 200), ("/{}/r/AAAA", 400), ("/{}/nowhere", 404),
             ("/{}/r/" + examples.RULEBOOK_CODE[:-3], 400), ("/{}/g/" + SETUP + "/9", 404)]
    for game in GAMES:
        code = encode(game)
        pages.append(("/{}/r/" + code, 200))
        pages += [("/{}/g/" + code + "/" + str(n + 1), 200) for n in range(len(game["players"]))]
    return [(path.format(lang), status) for path, status in pages]


@pytest.mark.slow
@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_page_of_a_game_shows_english(client, lang):
    for path, status in _game_pages(lang):
        page = client.get(path)
        assert page.status_code == status, path
        assert '<html lang="{}">'.format(lang) in page.text, path
        assert english_in(lang, texts_of_page(page.text)) == [], path


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_page_or_answer_of_a_table_shows_english(client, lang):
    table = open_table(client, SETUP, lang)
    base = "/{}/t/{}".format(lang, table)
    pages = [("/{}/t/new?code={}".format(lang, SETUP), 200), (base, 200), (base + "/1", 200), (base + "/take", 200),
             (base + "/take?town=" + town_code(GAME, 1), 200), (base + "/take?town=AAAA", 422),
             ("/{}/t/gone-for-good".format(lang), 404), (base + "/9", 404)]
    for path, status in pages:
        page = client.get(path)
        assert page.status_code == status, path
        assert english_in(lang, texts_of_page(page.text)) == [], path
    answers = [client.get(base + "/state"), client.get(base + "/1/town"),
               client.post(base + "/1", json={"client": "phone-one-a", "op": {"seq": "no"}}, headers=JSON_CALL),
               client.post(base + "/9", json={"client": "phone-one-a", "op": {"seq": 1, "done": True}}, headers=JSON_CALL),
               client.put(base + "/1", headers=JSON_CALL)]
    assert [answer.status_code for answer in answers] == [200, 200, 400, 404, 405]
    for answer in answers:
        assert english_in(lang, strings_of(answer.get_json())) == [], answer.request.path


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_redirect_or_manifest_shows_english(client, lang):
    client.set_cookie("lang", lang, domain="marquoir.test")
    for path in ("/", "/r/" + examples.RULEBOOK_CODE, "/" + lang, "/nowhere-at-all", "/pad", "/favicon.ico"):
        answer = client.get(path)
        assert 300 <= answer.status_code < 400, path
        assert '<html lang="{}">'.format(lang) in answer.text, path
        assert english_in(lang, texts_of_page(answer.text)) == [], path
    manifest = client.get("/{}/manifest.webmanifest".format(lang)).get_json()
    assert english_in(lang, strings_of(manifest)) == []
    assert {shot["src"].rsplit("/", 2)[1] for shot in manifest["screenshots"]} == {lang}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_result_picture_shows_english(app, lang):
    for game in GAMES:
        with app.test_request_context("/{}/r/x.png".format(lang)):
            g.lang = lang
            drawn = [text for text, _, _ in picture_of(encode(game)).texts]
        assert drawn
        assert english_in(lang, drawn) == [], drawn
