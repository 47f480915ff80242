"""The quick pad's form, the table helper's screens and the pages' notices, drawn once by the pieces."""

import json
import re

import pytest

from support.apps import browser_words
from webscore.flow import controls
from webscore.flow import helper_pieces
from webscore.flow import pad_pieces
from webscore.flow import piece_json
from webscore.flow import text
from webscore.languages import LANGUAGES
from webscore.scoring import pad_fields_json
from webscore.scoring import table

NAMES = ["<b>Ana</b>", "Bo & \"Cy\""]


def test_the_pad_form_holds_every_field_of_each_player_with_what_the_address_holds(client):
    words = browser_words(client, "fr")
    form = pad_pieces.pad_form(words, 2, "town-hall", {"n0": NAMES[0], "green1": "-3", "t1": "4", "cathedral0": "1"})
    assert re.findall(r'<option ([^>]*)>([^<]*)</option>', form) == [
        ('value="master-builder"', "Maître d’œuvre"), ('selected value="town-hall"', "Hôtel de ville"),
        ('value="solo"', "Solo")]
    assert 'name="n0" value="&lt;b&gt;Ana&lt;/b&gt;"' in form
    assert 'name="green1" pattern="[\\-−]?[0-9]*" type="text" value="-3"' in form
    # Green, navy and the monument (Hollow Hill, Eraflage Vineyard) can be negative: each player has their three
    # sign buttons, and nothing else has one.
    assert re.findall(r'data-action="(sign-[a-z0-9]+)"', form) == [
        "sign-green0", "sign-navy0", "sign-monument0", "sign-green1", "sign-navy1", "sign-monument1"]
    # Coins have their row, after the monument's, for the tables that play with them.
    assert re.findall(r'<label for="(\w+?)0">', form)[-5:-2] == ["monument", "coins", "empty"]
    assert re.findall(r'<div class="fact fact-(\w+)"( hidden)?>', form) == [
        ("t0", " hidden"), ("c0", " hidden"), ("t1", ""), ("c1", " hidden")]
    assert '<input checked name="cathedral0" type="checkbox" value="1">' in form
    assert '<input name="cathedral1" type="checkbox" value="1">' in form
    assert re.findall(r'data-action="(add|remove-\d)"', form) == ["remove-0", "remove-1", "add"]
    assert "<legend>Joueur 2</legend>" in form


def test_the_pad_form_offers_no_removal_for_one_player_and_no_addition_past_the_most(client):
    words = browser_words(client, "en")
    assert re.findall(r'data-action="(add|remove-\d)"', pad_pieces.pad_form(words, 1, "solo", {})) == ["add"]
    full = pad_pieces.pad_form(words, 6, "master-builder", {})
    assert re.findall(r'data-action="(add|remove-\d)"', full) == ["remove-{}".format(n) for n in range(6)]
    # The button gives way to why, in the reader's language.
    assert full.endswith('<p class="hint players-full">A game has 1 to 6 players.</p></form>')
    hungarian = pad_pieces.pad_form(browser_words(client, "hu"), 6, "master-builder", {})
    assert '<p class="hint players-full">Egy játszmában 1–6\u00a0játékos vehet részt.</p>' in hungarian
    assert "players-full" not in pad_pieces.pad_form(words, 5, "master-builder", {})


def test_the_hammer_screen_names_the_holder_and_offers_each_players_moves(client):
    words = browser_words(client, "hu")
    before = helper_pieces.master_builder(words, NAMES, table.master_builder([None, None], 1, []), 1, False)
    assert '<p class="hammer"><bdi>Bo &amp; &#34;Cy&#34;</bdi> mondja be a nyersanyagot.</p>' in before
    assert re.findall(r"<option ([^>]*)>", before) == ['dir="auto" value="0"', 'dir="auto" selected value="1"']
    assert '<button data-action="undo" disabled type="button">Visszavonás</button>' in before
    during = helper_pieces.master_builder(words, NAMES, table.master_builder([None, None], 1, table.parse_events("nc0")),
                                          1, True)
    assert "<select" not in during
    assert re.findall(r'data-action="([a-z]+-?\d?)"', during) == ["next", "undo", "complete-1", "enter"]
    assert '<li data-player="0" data-turns="1"><strong><bdi>&lt;b&gt;Ana&lt;/b&gt;</bdi></strong>' in during


def test_a_fort_built_is_said_on_its_owners_line(client):
    words = browser_words(client, "fr")
    state = table.master_builder([None, "fort-ironweed"], 0, table.parse_events("nf1"))
    screen = helper_pieces.master_builder(words, NAMES, state, 0, True)
    assert re.findall(r'<span class="hint">([^<]*)</span>', screen) == [
        "tours en tant que Maître d’œuvre\u00a0: 1 · en jeu",
        "tours en tant que Maître d’œuvre\u00a0: 1 · en jeu · Fort\u00a0Ronce-de-Fer construit"]


def test_a_game_over_leads_to_the_towns_with_its_first_button(client):
    words = browser_words(client, "en")
    state = table.master_builder([None, None], 0, table.parse_events("c0c1"))
    screen = helper_pieces.master_builder(words, NAMES, state, 0, True)
    assert '<p class="hammer">Every town is complete: the game is over.</p>' in screen
    assert re.findall(r"<button ([^>]*)>", screen) == [
        'data-action="undo" type="button"', 'class="primary big" data-action="enter" type="button"']


def test_the_decks_show_the_card_turned_and_the_offer(client):
    words = browser_words(client, "en")
    first = helper_pieces.town_hall(words, 0, table.town_hall(5, 0))
    # The heading alone is said as a sentence too.
    assert first.startswith('<h1 data-said="Town Hall.">Town Hall</h1>\n<p class="hint">')
    assert re.findall(r'<button ([^>]*)>([^<]*)<', first)[:2] == [
        ('class="primary big" data-action="next" type="button"', "Turn the first card"),
        ('data-action="undo" disabled type="button"', "Undo")]
    second = helper_pieces.town_hall(words, 2, table.town_hall(5, 2))
    assert '<p class="card-shown res-card res-stone" data-card="stone">Everyone places: stone</p>' in second
    solo = helper_pieces.solo(words, table.solo_deck(5, [0, 1]))
    assert re.findall(r'data-action="(take-\d)" data-card="(\w+)"', solo) == [
        ("take-0", "brick"), ("take-1", "glass"), ("take-2", "wheat")]
    assert "Cards left in the pile: 12 · Resources taken: 2" in solo


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ["Round 1. Bo &amp; &#34;Cy&#34; names the resource.", "Round 3. Every town is complete: the game is over.",
            "Round 2. Everyone places: stone.", "Solo. Resource taken: stone. Take brick, Take glass, Take wheat."]),
    ("fr", ["Tour 1. Bo &amp; &#34;Cy&#34; annonce la ressource.",
            "Tour 3. Toutes les bourgades sont terminées\u00a0: la partie est finie.",
            "Tour 2. Tout le monde place\u00a0: pierre.",
            "Solo. Ressource prise\u00a0: pierre. Prendre de la brique, Prendre du verre, Prendre du blé."]),
    ("hu", ["1. kör. Bo &amp; &#34;Cy&#34; mondja be a nyersanyagot.", "3. kör. Minden város elkészült: vége a játéknak.",
            "2. kör. Mindenki ezt teszi le: kő.",
            "Egyszemélyes. Elvett nyersanyag: kő. Téglát veszek, Üveget veszek, Búzát veszek."]),
])
def test_a_screen_says_its_heading_then_what_it_tells(client, lang, said):
    """What play.mjs announces as a screen is drawn after a tap is the piece's (its heading's data-said): the heading,
    then its news as a sentence, the offer one card after another (one is taken: no "and"), where the script joined
    them with ". " and ", "."""
    words = browser_words(client, lang)
    screens = [helper_pieces.master_builder(words, NAMES, table.master_builder([None, None], 1, []), 1, True),
               helper_pieces.master_builder(words, NAMES, table.master_builder([None, None], 0,
                                                                                table.parse_events("nnc0c1")), 0, True),
               helper_pieces.town_hall(words, 2, table.town_hall(5, 2)),
               helper_pieces.solo(words, table.solo_deck(5, [0, 1]), took=True)]
    assert [re.search(r'<h1 data-said="([^"]*)">', screen).group(1) for screen in screens] == said


def test_the_door_draws_a_piece_by_name_as_python_does(client):
    words = browser_words(client, "fr")
    state = table.solo_deck(5, [])
    assert json.loads(piece_json(json.dumps({"piece": "solo", "args": {"words": words, "state": state}}))) \
        == helper_pieces.solo(words, state)
    notice = json.loads(piece_json(json.dumps({"piece": "notice", "args": {
        "title": "<T>", "message": "M & N", "actions": [controls.link_button("Go", "/a?b=1&c=2")]}})))
    assert notice == ('<section class="notice">\n  <h1>&lt;T&gt;</h1>\n  <p>M &amp; N</p>\n'
                      '  <p><a class="button" href="/a?b=1&amp;c=2">Go</a></p>\n</section>')


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ["Round 1. Town complete: Ana. Ana names the resource.",
            "Round 3. Fort Ironweed built: Bo &amp; &#34;Cy&#34;. Ana names the resource.",
            "Round 1. Undone: round 2. Ana names the resource.",
            "Round 1. Undone: town complete for Ana. Ana names the resource.",
            "Round 3. Undone: Fort Ironweed built for Bo &amp; &#34;Cy&#34;. Ana names the resource.",
            "Round 1. Undone: round 2. Everyone places: glass.", "Town Hall. Undone: round 1.",
            "Solo. Undone: stone taken. Take brick, Take glass, Take wheat."]),
    ("fr", ["Tour 1. Bourgade terminée\u00a0: Ana. Ana annonce la ressource.",
            "Tour 3. Fort Ronce-de-Fer construit\u00a0: Bo &amp; &#34;Cy&#34;. Ana annonce la ressource.",
            "Tour 1. Annulé\u00a0: tour 2. Ana annonce la ressource.",
            "Tour 1. Annulé\u00a0: bourgade terminée pour Ana. Ana annonce la ressource.",
            "Tour 3. Annulé\u00a0: Fort\u00a0Ronce-de-Fer construit pour Bo &amp; &#34;Cy&#34;. Ana annonce la ressource.",
            "Tour 1. Annulé\u00a0: tour 2. Tout le monde place\u00a0: verre.", "Hôtel de ville. Annulé\u00a0: tour 1.",
            "Solo. Prise annulée\u00a0: pierre. Prendre de la brique, Prendre du verre, Prendre du blé."]),
    ("hu", ["1. kör. Kész a város: Ana. Ana mondja be a nyersanyagot.",
            "3. kör. Felépült a Vasgyom-erőd: Bo &amp; &#34;Cy&#34;. Ana mondja be a nyersanyagot.",
            "1. kör. Visszavonva: 2. kör. Ana mondja be a nyersanyagot.",
            "1. kör. Visszavonva: Ana városának befejezése. Ana mondja be a nyersanyagot.",
            "3. kör. Visszavonva: Bo &amp; &#34;Cy&#34; Vasgyom-erődjének felépítése. Ana mondja be a nyersanyagot.",
            "1. kör. Visszavonva: 2. kör. Mindenki ezt teszi le: üveg.", "Városháza. Visszavonva: 1. kör.",
            "Egyszemélyes. Visszavonva: kő elvétele. Téglát veszek, Üveget veszek, Búzát veszek."]),
])
def test_a_screen_drawn_for_an_event_or_an_undo_says_it_after_its_heading(client, lang, said):
    """A town complete or a fort built is said with whose it is, and an Undo says what it took back, before the rest
    of what the screen tells: "Town complete" said only the round and who names the resource, and Undo nothing."""
    words = browser_words(client, lang)
    names = ["Ana", NAMES[1]]
    fort = [None, "fort-ironweed"]

    def hammer(events, **news):
        return helper_pieces.master_builder(words, names, table.master_builder(fort, 0, table.parse_events(events)), 0,
                                            True, **news)
    screens = [hammer("c0", done="c0"), hammer("nnf1", done="f1"), hammer("", undone="n"), hammer("", undone="c0"),
               hammer("nn", undone="f1"),
               helper_pieces.town_hall(words, 1, table.town_hall(5, 1), undone=True),
               helper_pieces.town_hall(words, 0, table.town_hall(5, 0), undone=True),
               helper_pieces.solo(words, table.solo_deck(5, [0, 1]), undone="stone")]
    assert [re.search(r'<h1 data-said="([^"]*)">', screen).group(1) for screen in screens] == said


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ["The game played so far goes on where it was left.", "Start a new record",
            "The game changed since the one played so far: a new record starts.", "A new record starts.",
            "Back to the game played so far"]),
    ("fr", ["La partie déjà commencée reprend là où elle en était.", "Recommencer le suivi",
            "La partie a changé depuis celle déjà commencée\u00a0: un nouveau suivi commence.",
            "Un nouveau suivi commence.", "Revenir à la partie déjà commencée"]),
    ("hu", ["A megkezdett játszma ott folytatódik, ahol abbamaradt.", "Új játékmenet kezdése",
            "A játszma megváltozott a megkezdetthez képest: új játékmenet kezdődik.", "Új játékmenet kezdődik.",
            "Vissza a megkezdett játszmához"]),
])
def test_the_record_note_says_the_record_goes_on_or_a_new_one_starts_with_the_way_back(client, lang, said):
    """Back to the setup and play again: the record kept goes on, with the way to start a new one; a new record that
    starts over it (the setup changed, or a new one asked for) leads back to it."""
    words = browser_words(client, lang)
    resumed, restart, changed, restarted, back = said
    assert helper_pieces.record_note(words, "resumed") == (
        '<div class="record-note"><p>{}</p><p><button class="small" data-action="restart" type="button">{}</button>'
        '</p></div>').format(resumed, restart)
    for kind, message in (("changed", changed), ("restarted", restarted)):
        assert helper_pieces.record_note(words, kind, "/{}/play?code=A&seed=1&e=n".format(lang)) == (
            '<div class="record-note"><p>{}</p><p><a class="button small" href="/{}/play?code=A&amp;seed=1&amp;e=n">{}</a>'
            '</p></div>').format(message, lang, back)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_broken_record_says_why_and_offers_to_undo_only_when_it_can(client, lang):
    words = browser_words(client, lang)
    why = words["ui"]["table_errors"]["twice"]
    home, new_game = "/{}/".format(lang), "/{}/new".format(lang)
    assert helper_pieces.broken(words, why, False, home, new_game).count("<button") == 0
    drawn = helper_pieces.broken(words, why, True, home, new_game)
    assert text.escape(why) in drawn and drawn.count('data-action="undo"') == 1
    # Whatever the record, the way home and to a new game.
    assert re.findall(r'<a class="button" href="([^"]+)">', drawn) == [home, new_game]


def pad_read(pairs):
    return json.loads(pad_fields_json(json.dumps(pairs)))


def test_the_pads_lines_split_its_problems_by_the_forms_fields_once(client):
    words = browser_words(client, "en")
    read = pad_read([["n0", "Ana"], ["blue0", "99"], ["red0", "3"], ["n1", "Bo"], ["foo", "1"]])
    said = pad_pieces.pad_lines(words, read["problems"], ["n0", "blue0", "red0", "n1"], [])
    assert said == {
        "fields": {"blue0": "From 0 to 48 in one town.", "red0": "Red buildings score no points."},
        "general": '<li class="error">This address holds a field the pad does not know: foo.</li>', "items": [],
        "buttons": {}}
    # A field the form lacks (an address's, from another pad) is the whole pad's problem.
    assert pad_pieces.pad_lines(words, read["problems"], ["n0", "red0", "n1"], [])["general"].count("<li") == 2


@pytest.mark.parametrize(("lang", "label"), [("en", "Player 2"), ("fr", "Joueur 2"), ("hu", "2. játékos")])
def test_the_pads_ranking_names_a_name_of_spaces_by_its_rows_label(client, lang, label):
    # A name of three spaces was ranked as no name at all ("1 10 points"), where a blank one was "Player 2".
    read = pad_read([["n0", "Ana"], ["blue0", "9"], ["n1", "   "], ["blue1", "12"]])
    assert read["result"]["players"][1]["name"] == ""
    items = pad_pieces.pad_lines(browser_words(client, lang), read["problems"], ["n0", "blue0", "n1", "blue1"],
                                    read["result"]["players"])["items"]
    assert [re.search(r"<bdi>([^<]*)</bdi>", item)[1] for item in items] == [label, "Ana"]


def test_the_pads_lines_rank_its_rows_a_nameless_one_by_its_number(client):
    words = browser_words(client, "fr")
    read = pad_read([["n0", "Ana"], ["blue0", "9"], ["n1", ""], ["blue1", "5"], ["n2", "Cy"], ["blue2", "7"]])
    items = pad_pieces.pad_lines(words, read["problems"], ["n0", "blue0", "n1", "blue1", "n2", "blue2"],
                                    read["result"]["players"])["items"]
    assert [re.search(r"<bdi>([^<]*)</bdi>", item)[1] for item in items] == ["Ana", "Cy", "Joueur 2"]
    assert [re.search(r'data-player="(\d)"', item)[1] for item in items] == ["0", "2", "1"]


@pytest.mark.parametrize(("lang", "names"), [
    ("en", ["Town complete: &lt;b&gt;Ana&lt;/b&gt;", "Fort Ironweed built: &lt;b&gt;Ana&lt;/b&gt;",
            "Town complete: Bo &amp; &#34;Cy&#34;"]),
    ("fr", ["Bourgade terminée\u00a0: &lt;b&gt;Ana&lt;/b&gt;", "Fort Ronce-de-Fer construit\u00a0: &lt;b&gt;Ana&lt;/b&gt;",
            "Bourgade terminée\u00a0: Bo &amp; &#34;Cy&#34;"]),
    ("hu", ["Kész a város: &lt;b&gt;Ana&lt;/b&gt;", "Felépült a Vasgyom-erőd: &lt;b&gt;Ana&lt;/b&gt;",
            "Kész a város: Bo &amp; &#34;Cy&#34;"]),
])
def test_each_players_buttons_on_the_hammers_screen_are_named_with_the_player(client, lang, names):
    # Each row's buttons read the same; a screen reader hears whose they are (a name shown as text, never markup).
    words = browser_words(client, lang)
    screen = helper_pieces.master_builder(words, NAMES, table.master_builder(["fort-ironweed", None], 0, []), 0, False)
    assert re.findall(r'<button aria-label="([^"]*)"', screen) == names


def test_solo_says_the_card_taken_only_after_a_take(client):
    # Drawn after an Undo or a reload, the screen says its offer alone: no card was just taken.
    words = browser_words(client, "en")
    state = table.solo_deck(5, [0, 1])
    said = [re.search(r'<h1 data-said="([^"]*)">', helper_pieces.solo(words, state, took)).group(1) for took in (True, False)]
    assert said == ["Solo. Resource taken: stone. Take brick, Take glass, Take wheat.",
                    "Solo. Take brick, Take glass, Take wheat."]


@pytest.mark.parametrize(("lang", "names"), [
    ("en", {"sign-green0": "Change the sign of Green: Ana", "sign-navy0": "Change the sign of Navy: Ana",
            "sign-monument0": "Change the sign of Monument: Ana", "remove-0": "Remove this player: Ana",
            "sign-green1": "Change the sign of Green: Player 2", "sign-navy1": "Change the sign of Navy: Player 2",
            "sign-monument1": "Change the sign of Monument: Player 2", "remove-1": "Remove this player: Player 2"}),
    ("fr", {"sign-green0": "Changer le signe (Vert)\u00a0: Ana", "sign-navy0": "Changer le signe (Bleu marine)\u00a0: Ana",
            "sign-monument0": "Changer le signe (Monument)\u00a0: Ana", "remove-0": "Retirer ce joueur\u00a0: Ana",
            "sign-green1": "Changer le signe (Vert)\u00a0: Joueur 2",
            "sign-navy1": "Changer le signe (Bleu marine)\u00a0: Joueur 2",
            "sign-monument1": "Changer le signe (Monument)\u00a0: Joueur 2",
            "remove-1": "Retirer ce joueur\u00a0: Joueur 2"}),
    ("hu", {"sign-green0": "Előjelváltás (Zöld): Ana", "sign-navy0": "Előjelváltás (Sötétkék): Ana",
            "sign-monument0": "Előjelváltás (Emlékmű): Ana", "remove-0": "A játékos eltávolítása: Ana",
            "sign-green1": "Előjelváltás (Zöld): 2. játékos", "sign-navy1": "Előjelváltás (Sötétkék): 2. játékos",
            "sign-monument1": "Előjelváltás (Emlékmű): 2. játékos", "remove-1": "A játékos eltávolítása: 2. játékos"}),
])
def test_each_of_a_pad_players_buttons_names_the_player_and_the_row_it_changes(client, lang, names):
    # Every player's three ± read "Change the sign" and each ✕ "Remove this player": nothing said whose, nor which row.
    words = browser_words(client, lang)
    form = pad_pieces.pad_form(words, 2, "master-builder", {"n0": "Ana", "n1": " "})
    drawn = {re.search(r'data-action="([^"]+)"', tag)[1]: re.search(r'aria-label="([^"]+)"', tag)[1]
             for tag in re.findall(r"<button [^>]*aria-label[^>]*>", form)}
    assert drawn == {action: text.escape(name) for action, name in names.items()}
    # As a name is typed, the pad's lines name the buttons again (pad.mjs): the row left blank by its label.
    assert pad_pieces.pad_lines(words, [], [], [], ["Ana", ""])["buttons"] == names
