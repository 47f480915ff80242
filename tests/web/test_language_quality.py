"""French and Hungarian as a native writes them: typography, one name per thing, the reader's language, numbers."""

import pathlib
import re

import pytest
from babel.messages.pofile import read_po

from support import examples
from webscore.flow import result_town_pieces
from webscore.flow import text as flow_text
from webscore.languages import LANGUAGES
from webscore.web.i18n.words import page_words_of_browser
from webscore.web.results.pieces import pieces

ROOT = pathlib.Path(__file__).resolve().parents[2]
NBSP = "\u00a0"
NNBSP = "\u202f"


def _entries(lang: str):
    """Yield (English id, context, translated string) for every entry of a catalogue, plural forms included."""
    with (ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        catalogue = read_po(handle, locale=lang)
    for message in catalogue:
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id[0]
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for string in strings:
            yield english, message.context, string


FRENCH = list(_entries("fr"))
HUNGARIAN = list(_entries("hu"))
# French prose, without samples of code in braces (a game file's {"b4": 2} keeps its own colon).
FRENCH_PROSE = [re.sub(r"\{[^{}]*\}", "", string) for _, _, string in FRENCH]


def test_french_puts_a_no_break_space_before_a_colon():
    wrong = [string for string in FRENCH_PROSE if re.search("(?<!\u00a0):", string)]
    assert wrong == []


def test_french_puts_a_narrow_no_break_space_before_semicolon_question_and_exclamation_marks():
    wrong = [string for string in FRENCH_PROSE if re.search("(?<!\u202f)[;?!]", string)]
    assert wrong == []
    assert any(NNBSP + "?" in string for _, _, string in FRENCH)
    assert any(NNBSP + ";" in string for _, _, string in FRENCH)


def test_french_guillemets_hold_no_break_spaces():
    wrong = [string for string in FRENCH_PROSE
             if re.search("«(?!\u00a0)", string) or re.search("(?<!\u00a0)»", string)]
    assert wrong == []


def test_french_has_no_plain_space_before_high_punctuation():
    assert [string for string in FRENCH_PROSE if re.search(r" [:;?!»]", string)] == []


# The placeholders that stand for a number: "de 3" is written so, where "de" before a name or a card would have to be
# elided before a vowel ("d’Ana", "d’Entrepôt"), which a message cannot do for every value.
NUMBER_PLACEHOLDERS = {"num", "total", "count", "points", "value", "version", "place", "date", "time", "rows", "row",
                       "line", "squares", "square", "low", "high"}


def test_french_puts_no_eliding_word_before_a_name():
    eliding = re.compile(r"(?i)\b(?:de|que|le|la|ne|se|jusque|lorsque|puisque) (?:%\((\w+)\)s|\{(\w+)\})")
    found = [string for string in FRENCH_PROSE for match in eliding.finditer(string)
             if (match[1] or match[2]) not in NUMBER_PLACEHOLDERS]
    assert found == []


def test_hungarian_glues_no_suffix_to_a_value_nor_puts_an_article_before_one():
    # A suffix follows the value's vowels ("Anával", "Péterrel") and the article its first sound ("a Kút", "az
    # Óratorony", "az 1."): a message can do neither for every value.
    glued = re.compile(r"(?:%\(\w+\)s|\{\w+\})-?\w|(?i:\ba|\baz) (?:%\(\w+\)s|\{\w+\})")
    assert [string for _, _, string in HUNGARIAN if glued.search(string)] == []


# One name per thing: (English word in the id, what the translation must then say, a pattern it never holds).
GLOSSARY = {
    "fr": [
        (r"\bCottages?\b", r"(?i)\bmaisons? de campagne\b", r"(?i)\bmaisons?\b(?! de campagne)"),
        (r"\bMaster Builder\b", r"Maître d’œuvre", r"(?i)maître bâtisseur"),
        (r"\b(deck|draw pile|in the pile)\b", r"\bpioche\b", r"(?i)\bpaquet\b"),
        (r"\bResource cards?\b", r"\bcartes? Ressource\b", None),
        (r"\bFarms?\b", r"(?i)\bfermes?\b", None),
        (r"\bWell\b", r"(?i)\bpuits\b", None),
        (r"\bTaverns?\b", r"(?i)\btavernes?\b", None),
        (r"\bFactory\b", r"(?i)\busines?\b", None),
        (r"\bTheaters?\b", r"(?i)\bthéâtres?\b", None),
        (r"\bwheat\b", r"\bblé\b", None),
        (r"\bMayor\b", r"\bMaire\b", None),
        # "comme" would calque "as"; the whole family says "en tant que" or puts it as a sentence.
        (r"(?i)\bturns as Master Builder\b", r"en tant que Maître d’œuvre|a été Maître d’œuvre",
         r"comme Maître d’œuvre"),
        (r"^decided by\b", "^départage\u00a0: ", r"départagé par le"),
        (r"\bQR code\b", r"(?i)\bcode QR\b", r"\bQR code\b"),
        # The table's words: a town is handed in (remise), taken in on another phone (récupérée, never
        # "reprise", which says taken back), on a table whose code the players scan.
        (r"(?i)\bhand(ed)? in\b", r"(?i)\bremi(s|se|ses)\b|\bremettre\b|\bremettez\b", r"^Remise\.$"),
        (r"(?i)\btake (in|your town in)\b|\btaken in\b", r"(?i)récupér", r"(?i)\breprendre\b"),
        (r"\bThis link (holds|does not bring)\b", r"\bCe lien (doit contenir|contient)\b", r"(?i)\bapporte\b"),
        # A card's pattern of resources is its « motif » everywhere, the rules' words included.
        (r"^Layouts?\b", r"^Motifs?\u00a0:", r"(?i)\bdisposition\b"),
        # Fortune's cards, named by us (no French printing found): one name each, wherever they are named.
        (r"\bRoot Cellars?\b", r"(?i)\bcelliers?\b", None),
        (r"\bTithe Barns?\b", r"(?i)\bgranges? dîmières?\b", None),
        (r"\bHollow Hill\b", r"\bColline creuse\b", None),
        (r"\bcoins?\b", r"(?i)\bpièces?\b", None),
    ],
    "hu": [
        (r"(?i)\borange\b", r"(?i)narancssárga", r"(?i)narancs(?!sárga)"),
        (r"\bred\b", r"(?i)piros", r"(?i)vörös"),
        (r"\bMaster Builder\b", r"(?i)főépítész", r"(?i)építőmester"),
        (r"\bMaster Architect\b", r"^Mesterépítész$", None),
        (r"\bCottages?\b", r"(?i)kunyhó", r"(?i)\bház(ak|at|zal)?\b"),
        (r"\bmonuments?\b", r"(?i)emlékm[űü]", r"(?i)műemlék"),
        (r"\bdraw pile\b", r"húzópakli", None),
        (r"\bTiny Towns scores", r"Tiny Towns-", None),
        (r"(?i)\bturns as Master Builder\b", r"(?i)főépítészi kör|körben volt főépítész",
         r"(?i)főépítészként|voltál főépítész"),
        # One game played is a "játszma"; "játék" is the game of Tiny Towns and playing it.
        (r"\b(this|the same|another|a solo) game\b", r"játszm", r"\b(ehhez|ugyanehhez|másik) játékhoz\b"),
        # The table's words: a town is handed in (leadva) and taken in (átvéve) by a player seated (ülő).
        (r"(?i)\bhand(ed)? in\b", r"(?i)lead|\ble van adva|\badták le", None),
        (r"(?i)\btake (in|your town in)\b|\btaken in\b", r"(?i)átve|átvét|át tudja venni", None),
        (r"\bseating order\b", r"ülésrend", r"előtted álló"),
        (r"^Layouts?\b", r"^Alakzat(ok)?:", r"(?i)elrendezés"),
        (r"\b(Solo|one player)\b.*\bplay|\bplayed by exactly one\b", r"(?i)egyszemélyes", r"egyszemélyes játékot játszik"),
        # Fortune's cards, named by us (no Hungarian printing found), without a leading article.
        (r"\bRoot Cellars?\b", r"(?i)\bverem", None),
        (r"\bTithe Barns?\b", r"(?i)dézsmapajt", None),
        (r"\bHollow Hill\b", r"Üreges Domb", None),
        (r"\bcoins?\b", r"(?i)\bérm", None),
        # A chart's figures folded under it are its data in a table, not "the numbers" word for word.
        (r"^The numbers$", r"^Adatok táblázatban$", r"^A számok$"),
        # The pad's fields it does not know are taken out of its address: "Kihagyás" reads as skipping the message.
        (r"^Leave them out$", r"^Törlés a címből$", r"^Kihagyás$"),
    ],
}


@pytest.mark.parametrize("lang, english, wanted, banned", [
    (lang, *entry) for lang, entries in GLOSSARY.items() for entry in entries])
def test_one_name_per_thing(lang, english, wanted, banned):
    entries = FRENCH if lang == "fr" else HUNGARIAN
    concerned = [(msgid, string) for msgid, _, string in entries if re.search(english, msgid)]
    assert concerned, english
    assert [(msgid, string) for msgid, string in concerned if not re.search(wanted, string)] == []
    if banned:
        assert [string for _, _, string in entries if re.search(banned, string)] == []


def test_french_reasons_agree_with_the_card_they_describe(client):
    text = client.get("/fr/r/" + examples.FOUR_PLAYERS_CODE).text
    assert re.search(r"Château de Barrett</a>[^—]*—\s*nourri par\u00a0: Ferme b4<", text)
    assert re.search(r"Maison de campagne</a>[^—]*—\s*nourrie par\u00a0: Ferme c1<", text)


def test_french_solo_refusal_agrees_with_every_card(client):
    response = client.get("/fr/new", query_string={
        "action": "start", "players-0": "Ana", "mode": "solo", "green": "inn", "red": "farm", "grey": "well",
        "orange": "chapel", "yellow": "theater", "navy": "bank"})
    assert response.status_code == 422
    assert "La carte Auberge n’est pas utilisée en solo." in response.text
    assert "La carte Banque n’est pas utilisée en solo." in response.text


@pytest.mark.parametrize("header, expected", [
    ("hu-HU,en;q=0.9", "hu"),
    ("fr-FR,hu;q=0.5", "fr"),
    ("en-US,fr;q=0.7", "en"),
    ("de-DE,fr-CA;q=0.8,hu;q=0.5", "fr"),
    ("hu;q=0.5,FR-be;q=0.8", "fr"),
    ("fr;q=0,hu;q=0.2", "hu"),
    ("de,*", "en"),
    ("", "en"),
])
def test_the_bare_root_opens_the_readers_language_by_priority(client, header, expected):
    response = client.get("/", headers={"Accept-Language": header})
    assert response.status_code == 302
    assert response.headers["Location"] == "/{}/".format(expected)


def test_the_language_cookie_wins_over_accept_language(client):
    client.set_cookie("lang", "fr", domain="marquoir.test")
    response = client.get("/", headers={"Accept-Language": "hu-HU,en;q=0.9"})
    assert response.headers["Location"] == "/fr/"


@pytest.mark.parametrize("path, expected", [
    ("/", "/hu/"),
    ("/r/" + examples.RULEBOOK_CODE, "/hu/r/" + examples.RULEBOOK_CODE),
    ("/pad?p=Ana", "/hu/pad?p=Ana"),
    ("/xx/rules", "/hu/rules"),
])
def test_redirects_chosen_by_language_say_what_they_vary_on(client, path, expected):
    response = client.get(path, headers={"Accept-Language": "hu-HU,en;q=0.9"})
    assert response.status_code == 302
    assert response.headers["Location"] == expected
    assert {"Accept-Language", "Cookie"} <= {value.strip() for value in response.headers["Vary"].split(",")}


def test_pages_with_a_language_in_the_address_do_not_vary_on_it(client):
    response = client.get("/hu/rules", headers={"Accept-Language": "fr"})
    assert response.status_code == 200
    assert "Accept-Language" not in response.headers.get("Vary", "")


@pytest.mark.parametrize("lang, value, expected", [
    ("en", 7992, "7,992"), ("en", -3, "\u22123"), ("en", -12345, "\u221212,345"),
    ("fr", 7992, "7\u202f992"), ("fr", -1, "\u22121"), ("fr", 1234567, "1\u202f234\u202f567"),
    ("hu", 7992, "7992"), ("hu", 12345, "12\u00a0345"), ("hu", -12345, "\u221212\u00a0345"), ("hu", 0, "0"),
])
def test_numbers_are_written_as_the_browser_writes_them(app, lang, value, expected):
    with app.test_request_context("/{}/".format(lang)):
        app.preprocess_request()
        assert flow_text.number(page_words_of_browser(), value) == expected


@pytest.mark.parametrize("lang, expected", [
    ("en", "Farm c1, Granary d2, and Orchard a4"), ("fr", "Ferme c1, Grenier d2 et Verger a4"),
    ("hu", "Tanya c1, Magtár d2 és Gyümölcsös a4"),
])
def test_lists_of_names_follow_the_language(app, lang, expected):
    feeders = [{"card": "farm", "square": "c1"}, {"card": "granary", "square": "d2"}, {"card": "orchard", "square": "a4"}]
    with app.test_request_context("/{}/".format(lang)):
        app.preprocess_request()
        text = result_town_pieces.reason(pieces().browser_words, {"card": "cottage", "reason": "fed", "n": 0, "fed_by": feeders})
    assert text.endswith(expected)


def test_result_pages_write_negatives_with_a_minus_sign(client):
    for lang in LANGUAGES:
        text = client.get("/{}/r/{}".format(lang, examples.RULEBOOK_CODE)).text
        assert "<strong>\u22123</strong>" in text
        assert re.search(r">-\d", text) is None


def _section(html: str, anchor: str) -> str:
    found = re.search(r'<section id="{}">(.*?)</section>'.format(anchor), html, re.S)
    return re.sub(r"\s+", " ", found.group(1)).replace("&#39;", "'")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_summary_links_the_score_pad_method_to_the_pad_and_a_new_game(client, lang):
    end = _section(client.get("/{}/rules".format(lang)).text, "end")
    assert '<p id="score-pad">' in end
    assert 'href="/{}/pad"'.format(lang) in end
    assert 'href="/{}/new"'.format(lang) in end


def test_rules_summary_says_what_the_seeds_say(client):
    html = client.get("/en/rules").text
    end = _section(html, "end")
    assert "While your town has an empty square, you go on placing resources" in end
    assert "Your town is complete when its board is full and you cannot or will not build any more" in end
    assert "The last player still in the game names the resources alone until their town is full." in end
    assert "When you cannot or will not place a resource" not in html
    assert ("for each player, write the points of each building colour and of the monument, then the number "
            "of empty squares") in end
    variants = _section(html, "variants")
    for fact in ("One player is the Mayor", "the 5 cards put aside included",
                 "Factory, Warehouse and Statue of the Bondmaker apply in the rounds where a card is turned.",
                 "A Bank applies in the free-choice rounds: you cannot choose a resource placed on one of your Banks.",
                 "The owner of Fort Ironweed takes no resource in the free-choice rounds, unless they are the last "
                 "player still in the game."):
        assert fact in variants
    cards = _section(html, "cards") + _section(html, "monuments")
    for reminder in ("7. You are no longer Master Builder, unless nobody else is still playing.",
                     "All your Taverns together, by number: 2, 5, 9, 14, then 20 for 5 or more.",
                     "All your Almshouses together, by number: −1, 5, −3, 15, −5, then 26 for 6 or more.",
                     "0. Holds 3 buildings; when a neighbour builds one of them, you may place it in your town too."):
        assert reminder in cards
    assert "Takes buildings" not in cards


REDIRECT_WORDS = {"en": ("This page is at another address", "Open the page"),
                  "fr": ("Cette page est à une autre adresse", "Ouvrir la page"),
                  "hu": ("Ez az oldal másik címen van", "Az oldal megnyitása")}


@pytest.mark.parametrize("method, path, headers, lang", [
    ("GET", "/r/" + examples.RULEBOOK_CODE, {"Accept-Language": "hu-HU"}, "hu"),
    ("GET", "/", {"Accept-Language": "fr-FR"}, "fr"),
    ("GET", "/fr", {"Accept-Language": "hu"}, "fr"),
    ("GET", "/favicon.ico", {"Accept-Language": "hu"}, "hu"),
    ("GET", "/nowhere-at-all", {"Accept-Language": "fr-CA,en;q=0.5"}, "fr"),
    ("HEAD", "/r/" + examples.RULEBOOK_CODE, {"Accept-Language": "en"}, "en"),
    ("GET", "/pad?x=<b>&y=\"1\"", {"Accept-Language": "fr"}, "fr"),
])
def test_a_redirect_says_where_it_leads_in_the_readers_language(client, method, path, headers, lang):
    answer = client.open(path, method=method, headers=headers)
    assert 300 <= answer.status_code < 400
    title, link = REDIRECT_WORDS[lang]
    location = answer.headers["Location"].replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    page = ('<!doctype html><html lang="{}"><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<title>{}</title><p><a href="{}">{}</a></p></html>').format(lang, title, location, link)
    assert answer.get_data(as_text=True) == ("" if method == "HEAD" else page)
    assert int(answer.headers["Content-Length"]) == len(page.encode())


@pytest.mark.parametrize("lang, title, waiting", [
    ("en", "Opening the page", "Opening the page kept on this phone…"),
    ("fr", "Ouverture de la page", "Ouverture de la page enregistrée sur ce téléphone…"),
    ("hu", "Az oldal megnyitása", "A telefonon őrzött oldal megnyitása…"),
])
def test_the_offline_shell_speaks_the_readers_language_before_its_script_runs(client, lang, title, waiting):
    page = client.get("/{}/offline".format(lang))
    assert page.status_code == 200
    assert "<title>{} · Marquoir</title>".format(title) in page.text
    assert '<div id="app"><p>{}</p></div>'.format(waiting) in page.text
