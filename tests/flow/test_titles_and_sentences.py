"""A page's title and sentences said together are written by the flow alone (issue 49): the server's pages
(base.html), the offline shell and the page that says the table needs the network write them with the same
functions, where the scripts added " · Marquoir" and joined sentences with a space themselves."""

import json
from urllib.parse import urlencode

import pytest
from markupsafe import Markup

from support import examples
from support.apps import new_app
from support.webflow import SETUP
from support.webflow import code_of
from support.webflow import town_query
from webscore import flow
from webscore.flow import controls
from webscore.flow import table_pieces
from webscore.flow import text
from webscore.flow import town_page_pieces
from webscore.flow import town_pieces
from webscore.flow import town_square_pieces
from webscore.web.i18n.table_words import table_words
from webscore.web.i18n.words import words as browser_words


def page_words(lang: str):
    app = new_app()
    with app.test_request_context("/{}/".format(lang)):
        app.preprocess_request()
        return browser_words(), table_words()


def test_a_page_title_is_its_name_then_the_site_s():
    assert controls.page_title("Scores") == "Scores · Marquoir"


def test_a_page_title_of_a_name_already_html_stays_html_escaped_once():
    title = controls.page_title(Markup("Town of Ana &amp; Bo"))
    assert isinstance(title, Markup)
    assert str(title) == "Town of Ana &amp; Bo · Marquoir"


def test_sentences_are_said_one_after_the_other_the_empty_left_out():
    assert text.sentences(["Changed on another phone: a1.", "", "This town was handed in on another phone."]) == \
        "Changed on another phone: a1. This town was handed in on another phone."
    assert text.sentences(["", ""]) == ""


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Changed on another phone: a1. This town was opened again on another phone."),
    ("fr", "Modifié sur un autre téléphone\u00a0: a1. Cette bourgade a été rouverte sur un autre téléphone."),
])
def test_a_town_s_changes_and_its_hand_in_elsewhere_are_one_line(lang, said):
    words, texts = page_words(lang)
    assert table_pieces.table_town_lines(words, texts, changed=[["a1"]], elsewhere="reopened")["changed"] == said


@pytest.mark.parametrize(("lang", "status", "changed"), [
    ("en", "All saved. Taken over and handed in on another phone.",
     "This town was taken over from its link and handed in on another phone."),
    ("fr", "Tout est enregistré. Un autre téléphone a pris la main sur cette bourgade et l’a remise.",
     "Un autre téléphone a pris la main sur cette bourgade depuis son lien et l’a remise."),
    ("hu", "Minden mentve. Egy másik telefon átvette és leadta ezt a várost.",
     "Ezt a várost egy másik telefon átvette a linkjéről, és leadta."),
])
def test_a_town_taken_in_on_another_phone_is_said_as_that_not_as_handed_in_here(lang, status, changed):
    # Its own phone said "Handed in." ("Bourgade remise.") of a town another phone took in from its link.
    words, texts = page_words(lang)
    assert table_pieces.table_town_lines(words, texts, status={"done": True, "taken_in": True})["status"] == status
    assert table_pieces.table_town_lines(words, texts, changed=[], elsewhere="taken_in")["changed"] == changed
    assert table_pieces.table_town_lines(words, texts, status={"done": True})["status"] == \
        {"en": "All saved. Handed in.", "fr": "Tout est enregistré. Bourgade remise.", "hu": "Minden mentve. Leadva."}[lang]


def test_a_hand_in_elsewhere_alone_is_said_alone():
    words, texts = page_words("en")
    lines = table_pieces.table_town_lines(words, texts, changed=[], elsewhere="handed_in")
    assert lines["changed"] == "This town was handed in on another phone."


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Not handed in: The town is empty. Square a1. Name the resource. All saved."),
    ("fr", "Bourgade non remise\u00a0: The town is empty. Square a1. Name the resource. Tout est enregistré."),
])
def test_a_refused_hand_in_says_the_server_s_problems_one_after_the_other(lang, said):
    # The sentences of the table's refusal (worded by table_pieces.hand_in_problems), said by the piece, where the outbox
    # (table-outbox.mjs) joined them with a space itself.
    words, texts = page_words(lang)
    notice = {"kind": "done", "reasons": ["The town is empty. Square a1.", "Name the resource."]}
    assert table_pieces.table_town_lines(words, texts, status={"notice": notice})["status"] == said


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("en", "1 change waiting for your answer.", "2 changes waiting for your answer."),
    ("fr", "1\u00a0modification en attente de votre réponse.", "2\u00a0modifications en attente de votre réponse."),
    ("hu", "1\u00a0módosítás a válaszodra vár.", "2\u00a0módosítás a válaszodra vár."),
])
def test_what_waits_for_an_answer_to_the_page_s_question_is_said_so(lang, one, two):
    # Asked to take a town over (or which version to keep, or to open it again), a phone sends nothing until the
    # player answers: its status said only "1 change waiting to be sent.", as if the network were slow.
    words, texts = page_words(lang)
    assert table_pieces.table_town_lines(words, texts, status={"waiting": 1, "asking": True})["status"] == one
    # Offline too: nothing is being tried, so the table being out of reach is not the reason it waits.
    assert table_pieces.table_town_lines(words, texts, status={"waiting": 2, "asking": True, "offline": True,
                                                               "unreachable": True})["status"] == two
    # Nothing waiting: the question holds nothing back.
    assert table_pieces.table_town_lines(words, texts, status={"asking": True}) == \
        table_pieces.table_town_lines(words, texts, status={})


def test_a_refused_save_says_the_server_s_message():
    words, texts = page_words("en")
    notice = {"kind": "save", "reasons": ["This request cannot be answered as it is."]}
    assert table_pieces.table_town_lines(words, texts, status={"notice": notice, "waiting": 1})["status"] == \
        "Not saved: This request cannot be answered as it is. 1 change waiting to be sent."


@pytest.mark.parametrize(("lang", "said"), [
    ("en", ["a1, Shrine of the Elder Tree, 3 points. Running total: 34", "b2, Empty", "c3, Fort Ironweed, \u22121 point"]),
    ("fr", ["a1, Sanctuaire du Vieil Arbre, 3\u00a0points. Total provisoire\u00a0: 34", "b2, Vide",
            "c3, Fort Ronce-de-Fer, \u22121\u00a0point"]),
    ("hu", ["a1, Öreg Fa Szentélye, 3\u00a0pont. Eddigi pontszám: 34", "b2, Üres", "c3, Vasgyom-erőd, \u22121\u00a0pont"]),
])
def test_a_square_changed_is_said_with_its_points_then_the_total(lang, said):
    # What town.js says of a square a tap changed: as its button reads (the card's name without its soft hyphens, a
    # square's no-break spaces as spaces), where the script joined the parts with ", " and ". " itself.
    words, _ = page_words(lang)
    total = town_pieces.running_total(words, {"total": 34}, {})
    assert [town_square_pieces.square_said(words, "a1", "shrine-of-the-elder-tree", text.points_said(words, 3), total),
            town_square_pieces.square_said(words, "b2", ""),
            town_square_pieces.square_said(words, "c3", "fort-ironweed", text.points_said(words, -1))] == said


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Running total: enter what the Warehouse on d4 stores, from 0 to 3"),
    ("fr", "Total provisoire\u00a0: indiquez ce que stocke l’entrepôt de la case d4, de 0\u00a0à 3"),
    ("hu", "Eddigi pontszám: add meg a raktár készletét 0\u00a0és 3\u00a0között (d4 mező)"),
])
def test_the_running_total_waits_on_a_warehouse_load_out_of_range_and_says_the_range(lang, said):
    # A load left blank is none and waits on nothing: the total waits only on one it cannot take, and says which.
    words, _ = page_words(lang)
    assert town_pieces.running_total(words, {"waiting": ["stored_d4", "square_a1"]}, {}) == said


@pytest.mark.parametrize(("lang", "blank", "answered"), [
    ("en", "Running total: answer “{}” first", "Running total: check your answer to “{}”"),
    ("fr", "Total provisoire\u00a0: remplissez d’abord le champ «\u00a0{}\u00a0»",
     "Total provisoire\u00a0: vérifiez votre réponse au champ «\u00a0{}\u00a0»"),
    ("hu", "Eddigi pontszám: előbb töltsd ki ezt: „{}”", "Eddigi pontszám: nézd át, mit írtál ide: „{}”"),
])
def test_the_running_total_asks_to_answer_a_blank_question_and_to_check_an_answer_it_cannot_take(lang, blank, answered):
    # 5 coins in a chest of 4 waits on the coins as a blank does: the total said "answer it first" of a field filled.
    words, _ = page_words(lang)
    question = words["ui"]["coins"]
    waiting = {"waiting": ["coins"]}
    assert town_pieces.running_total(words, waiting, {"coins": ""}) == blank.format(question)
    assert town_pieces.running_total(words, waiting, {"coins": "5"}) == answered.format(question)


def test_a_square_holds_what_it_says_as_drawn_and_with_each_card():
    words, _ = page_words("en")
    square = town_square_pieces.square_field(words, "d4", ["cottage", "farm"], {"square_d4": "farm"}, {}, 3)
    assert square.startswith('<div class="square filled c-red" data-said="d4, Farm, 3 points" '
                             'data-said-cottage="d4, Cottage" data-said-empty="d4, Empty" data-said-farm="d4, Farm" '
                             'data-square="d4" data-which="What stands on d4?">')


def test_the_live_score_words_what_each_square_says_alone_and_with_the_total():
    words, _ = page_words("en")
    scored = {"total": 34, "squares": [{"square": "a1", "points": 0}, {"square": "b1", "points": 3}]}
    said = town_pieces.live_numbers(words, scored, {"square_a1": "farm", "square_b1": "cottage", "square_c1": "x"})["said"]
    assert len(said) == 16
    assert [said["a1"], said["b1"], said["c1"]] == [
        ["a1, Farm, 0 points", "a1, Farm, 0 points. Running total: 34"],
        ["b1, Cottage, 3 points", "b1, Cottage, 3 points. Running total: 34"],
        ["c1, Empty", "c1, Empty. Running total: 34"]]
    waiting = town_pieces.live_numbers(words, {"waiting": []}, {"square_a1": "farm"})["said"]["a1"]
    assert waiting == ["a1, Farm", "a1, Farm. Running total: this town cannot be scored as it stands"]


def test_the_table_s_words_said_without_the_core_are_written_whole():
    _, texts = page_words("en")
    assert texts["alone"] == {
        "title": "This table's page needs the network. · Marquoir",
        "offline": "This table's page needs the network. This phone is offline. Your taps are kept on it and will be "
                   "sent when the network is back.",
        "table_offline": "This table's page needs the network. This phone is offline. The table will catch up when "
                         "the network is back.",
        # The phone has network and the server does not answer: said as a town's page says it.
        "unreachable": "This table's page needs the network. Can't reach the table; trying again."}


@pytest.mark.parametrize(("lang", "said", "offline"), [
    ("en", "Can't reach the table; trying again.", "This phone is offline."),
    ("fr", "Impossible de joindre la table\u202f; nouvel essai sous peu.", "Ce téléphone est hors ligne."),
    ("hu", "Az asztal nem érhető el; hamarosan újra próbálkozunk.", "Ezen a telefonon nincs hálózat."),
])
def test_the_table_s_page_drawn_offline_while_the_phone_has_network_says_the_table_cannot_be_reached(lang, said,
                                                                                                  offline):
    # The server down or restarting, the network fine: the page said "This phone is offline", and that following the
    # others needs the network.
    words, texts = page_words(lang)
    page = table_pieces.table_page(words, texts, {"class": "table"}, "", "", unreachable=True)
    assert '<p class="table-unreachable error" role="status">{}</p>'.format(text.escape(said)) in page
    assert '<p class="table-offline error" role="status" hidden>{}'.format(offline) in page
    assert text.escape(texts["follow"]) not in page
    drawn_offline = table_pieces.table_page(words, texts, {"class": "table"}, "", "")
    assert '<p class="table-unreachable error" role="status" hidden>' in drawn_offline
    assert '<p class="table-offline error" role="status">{}'.format(offline) in drawn_offline
    assert text.escape(texts["follow"]) in drawn_offline



@pytest.mark.parametrize(("lang", "title"), [
    ("en", "Error: Town of Bo"), ("fr", "Erreur – Bourgade\u00a0: Bo"), ("hu", "Hiba: Bo városa")])
def test_the_offline_shell_titles_a_town_with_a_problem_as_the_server_does(client, lang, title):
    # The offline shell wrote "Erreur : Bourgade : Bo" (two labels in a row) where the server writes "Erreur – …".
    words, _ = page_words(lang)
    placed = {"fields": {"stored_a1": [{"code": "stored-not-a-number", "field": "stored_a1"}]}, "general": []}
    assert town_page_pieces.town_lines(words, placed, name="Bo")["title"] == title
    code = code_of(client.get("/en/new?" + urlencode(SETUP)).headers["Location"])
    query = town_query("warehouse . . .", ". . . .", ". . . .", ". . . .", stored_a1="x", go="next")
    served = client.get("/{}/g/{}/2/save?{}".format(lang, code, urlencode(query))).get_data(as_text=True)
    assert "<title>{} · Marquoir</title>".format(title) in served

@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Handing this town in ends the game, and Csongork and Dominika entered no town yet. End the game?"),
    ("fr", "Remettre cette bourgade termine la partie, mais rien n’a encore été saisi pour\u00a0: Csongork et Dominika. "
           "Terminer la partie\u202f?"),
    ("hu", "A város leadásával véget ér a játszma, de még nincs bevitt városa: Csongork és Dominika. "
           "Befejezed a játszmát?"),
])
def test_the_empty_towns_at_the_end_are_said_then_asked_about(lang, said):
    """The sentence the table's refusal says (tables/saves.py) is the town's line, its one message, then the question."""
    words, texts = page_words(lang)
    assert table_pieces.table_town_lines(words, texts, empty=["Csongork", "Dominika"])["empty"] == said
    assert said.startswith(text.fill(texts["empty_end"], {"names": text.name_list(words, ["Csongork", "Dominika"])}))


@pytest.mark.parametrize(("lang", "seeded"), [
    ("en", "b1, Farm, Seed, 0 points"), ("fr", "b1, Ferme, Graine, 0\u00a0point"), ("hu", "b1, Tanya, Mag, 0\u00a0pont"),
])
def test_a_square_says_the_seed_where_it_lies_as_its_button_reads(lang, seeded):
    words, _ = page_words(lang)
    assert town_square_pieces.square_said(words, "b1", "farm", text.points_said(words, 0), seeded=True) == seeded
    squares = town_pieces.live_numbers(words, {"total": 0, "squares": [{"square": "b1", "points": 0}]},
                                       {"square_b1": "farm", "seed": "b1"})["said"]
    assert squares["b1"][0] == seeded and squares["a1"][0] == town_square_pieces.square_said(words, "a1", "")


@pytest.mark.parametrize(("lang", "over", "not_a_count"), [
    ("en", "A Warehouse stores at most 3 resources.", "Enter how many resources are stored, from 0 to 3."),
    ("fr", "Un entrepôt stocke au plus 3\u00a0ressources.", "Indiquez combien de ressources sont stockées, de 0\u00a0à 3."),
    ("hu", "Egy raktár legfeljebb 3\u00a0nyersanyagot tárol.", "Add meg, hány nyersanyag van rajta tárolva (0–3)."),
])
def test_the_live_score_marks_a_warehouse_load_no_town_takes_as_the_server_does(lang, over, not_a_count):
    # A load out of range was marked only once "Next player" was tapped, while the running total said the range.
    words, _ = page_words(lang)
    shown = json.loads(flow.town_json(json.dumps({"code": examples.FOUR_PLAYERS_CODE, "n": 1, "show": True})))

    def problems(load):
        fields = dict(shown["fields"], square_d4="warehouse", stored_d4=load)
        text = json.dumps({"code": examples.FOUR_PLAYERS_CODE, "n": 1, "fields": fields})
        return json.loads(flow.live_json(text, words))["shown"]["problems"]

    # Drawn as the square shows a message, its words whole where they fit (town_square_pieces.square_message).
    message = '<span class="error" id="stored_d4-error-1" role="alert">{}</span>'
    assert problems("7") == {"stored_d4": message.format(town_square_pieces.square_message(words, over))}
    assert problems("-1") == problems("x") == {"stored_d4": message.format(town_square_pieces.square_message(words,
                                                                                                      not_a_count))}
    assert problems("3") == problems("") == {}


@pytest.mark.parametrize(("lang", "over", "cottage"), [
    ("en", 'A <span class="whole">Ware\u00adhouse</span> stores at most 3 <span class="whole">re\u00adsources.</span>',
     '<span class="whole">Cot\u00adtage<span class="said-only">,</span></span>'),
    ("fr", 'Un <span class="whole">en\u00adtre\u00adpôt</span> stocke au plus '
           '<span class="whole">3\u00a0res\u00adsources.</span>',
     '<span class="whole">Mai\u00adson</span> de <span class="whole">cam\u00adpagne<span class="said-only">,</span></span>'),
    ("hu", 'Egy <span class="whole">rak\u00adtár</span> <span class="whole">leg\u00adfel\u00adjebb</span> '
           '<span class="whole">3\u00a0nyers\u00adanya\u00adgot</span> <span class="whole">tá\u00adrol.</span>',
     '<span class="whole">Kuny\u00adhó<span class="said-only">,</span></span>'),
])
def test_a_square_keeps_each_word_whole_and_breaks_it_only_where_the_language_lets_it(lang, over, cottage):
    # A square's message broke its words at any letter ("3 ressour" / "ces."), and a card's name a word that fits a
    # line at its soft hyphen ("Le Mé-" / "tier"): each word that may break is a box of its own, broken only at its
    # soft hyphens, and only where it is wider than the square; its comma is said in it, as its button reads.
    words, _ = page_words(lang)
    assert town_square_pieces.square_message(words, text.problem_text(words, {"code": "stored-over-3"})) == over
    assert town_square_pieces.square_card(words, "cottage") == cottage
    assert town_square_pieces.square_card(words, "") == '<span class="square-empty said-only">{}</span>' \
        '<span class="said-only">,</span>'.format(words["ui"]["empty"])
    # A word that breaks at its own dash is a box of its own too.
    assert text.whole_words("Barrett-vár (0–3) Puits") == \
        '<span class="whole">Barrett-vár</span> <span class="whole">(0–3)</span> Puits'
