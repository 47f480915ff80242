"""Result pages through the test client, in every language: one page however and whenever it is asked, the
edition's words, names shown as typed, ties and their Master Builder turns, the reader's language for a link that
names none, and damaged codes and odd addresses refused in the page's language."""

import re

import markupsafe
import pytest

from support import examples
from support.webflow import text_of
from webscore.languages import LANGUAGES
from webscore.languages import TRANSLATED
from webscore.scoring import encode

CODE = examples.FOUR_PLAYERS_CODE
RULEBOOK = examples.RULEBOOK_CODE
POINTS = {"en": " points", "fr": "\u00a0points", "hu": "\u00a0pont"}
# The four-players example's standing, the same in every language.
STANDING = [("Annabell", 36), ("Csongork", 33), ("Bernadet", 28), ("Dominika", 27)]
CUT_OFF = {
    "en": "This link cannot be opened This link looks cut off. Copy the whole link and open it again.",
    "fr": "Impossible d’ouvrir ce lien Ce lien semble coupé. Copiez le lien complet et ouvrez-le à nouveau.",
    "hu": "Ez a link nem nyitható meg Ez a link csonkának tűnik. Másold ki a teljes linket, és nyisd meg újra.",
}
CHANGED = {
    "en": "This link cannot be opened This link has been changed or damaged: its check does not match.",
    "fr": "Impossible d’ouvrir ce lien Ce lien a été modifié ou abîmé\u00a0: sa clé de contrôle ne correspond pas.",
    "hu": "Ez a link nem nyitható meg Ez a link módosult vagy megsérült: az ellenőrzőösszege nem egyezik.",
}
ODD_CHARACTERS = {
    "en": "This link cannot be opened This link holds characters a Marquoir link never has.",
    "fr": "Impossible d’ouvrir ce lien Ce lien contient des caractères qu’on ne trouve jamais dans un lien Marquoir.",
    "hu": "Ez a link nem nyitható meg Ebben a linkben olyan karakterek vannak, amilyenek Marquoir-linkben sosem "
          "fordulnak elő.",
}
NO_GAME = {
    "en": "This link cannot be opened This link does not hold a game Marquoir can read.",
    "fr": "Impossible d’ouvrir ce lien Ce lien ne contient aucune partie lisible par Marquoir.",
    "hu": "Ez a link nem nyitható meg Ebben a linkben nincs olyan játszma, amelyet a Marquoir be tudna olvasni.",
}
NOT_FOUND = {
    "en": "Page not found There is no page at this address.",
    "fr": "Page introuvable Il n’y a aucune page à cette adresse.",
    "hu": "Az oldal nem található Ezen a címen nincs oldal.",
}
TOO_MUCH = {
    "en": "Too much at once This request is larger than any game needs.",
    "fr": "Trop de données d’un coup Cette demande dépasse de loin ce qu’une partie nécessite.",
    "hu": "Túl sok egyszerre Ez a kérés jóval nagyobb, mint amit bármely játszma igényel.",
}
HOSTILE_NAMES = ["{{ 7*7 }}", "%s %(x)s {0}", "🎲👨\u200d👩\u200d👧", "שלום עולם", "مرحبا", "Zoé \"Q\" 'x' &amp;",
                 "<b>x</b>", "<script>", "W" * 24, "é" * 24]
TIE_NAMES = ["{{ x }}", "שלום", "Zoé 🎲"]


def renamed(name: str) -> str:
    """Return the code of the four-players game with its first player renamed."""
    game = examples.load("four-players")
    game["players"][0]["name"] = name
    return encode(game)


def tie_code(turns) -> str:
    """Return the code of a three-player game of TIE_NAMES where everyone scores 2, with these Master Builder turns."""
    return encode(examples.tied_game(TIE_NAMES, turns))


def standing_text(lang: str, standing) -> str:
    """Return the standing as the page's words read it: place, name, score, unit."""
    return " ".join("{} {} {}{}".format(i + 1, name, score, POINTS[lang]) for i, (name, score) in enumerate(standing))


def ranking(page: str) -> str:
    """Return the words of a result page's ranking."""
    return text_of(re.search(r'<ol class="ranking.*?</ol>', page, re.S).group(0))


def same_page_everywhere(first, later, path: str) -> str:
    """Return a result page once it is found drawn first, kept, and drawn by an app that drew others, alike."""
    drawn, kept, other = first.get(path), first.get(path), later.get(path)
    assert drawn.status_code == 200
    assert drawn.data == kept.data == other.data
    return drawn.get_data(as_text=True)


# One page however and whenever it is asked.

@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_page_drawn_first_is_the_page_kept_and_the_page_drawn_after_others(make_app, lang):
    first = make_app().test_client()
    later = make_app().test_client()
    for other in LANGUAGES:
        later.get("/{}/r/{}".format(other, RULEBOOK))
    for other in reversed(LANGUAGES):
        if other != lang:
            later.get("/{}/r/{}".format(other, CODE))
    drawn = first.get("/{}/r/{}".format(lang, CODE))
    kept = first.get("/{}/r/{}".format(lang, CODE))
    drawn_after_others = later.get("/{}/r/{}".format(lang, CODE))
    assert drawn.status_code == kept.status_code == drawn_after_others.status_code == 200
    assert drawn.data == kept.data == drawn_after_others.data
    assert drawn.headers["ETag"] == kept.headers["ETag"] == drawn_after_others.headers["ETag"]
    assert kept.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert standing_text(lang, STANDING) in text_of(kept.get_data(as_text=True))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_result_page_seen_twice_is_identical(client, lang):
    first = client.get("/{}/r/{}".format(lang, RULEBOOK))
    assert first.status_code == 200
    assert client.get("/{}/r/{}".format(lang, RULEBOOK)).data == first.data


def test_each_language_has_its_own_page_and_etag(client):
    pages = {lang: client.get("/{}/r/{}".format(lang, CODE)) for lang in LANGUAGES}
    assert len({page.headers["ETag"] for page in pages.values()}) == len(LANGUAGES)
    assert '<html lang="fr">' in pages["fr"].get_data(as_text=True)
    assert '<html lang="hu">' in pages["hu"].get_data(as_text=True)


# The edition's words, and names shown as typed.

def test_the_french_and_hungarian_pages_use_their_editions_words(client):
    french = text_of(client.get("/fr/r/" + CODE).get_data(as_text=True))
    hungarian = text_of(client.get("/hu/r/" + CODE).get_data(as_text=True))
    assert "a1 Maison de campagne (bleu) \u00a0: 3 — nourrie par\u00a0: Ferme c1" in french
    assert "Maître d’œuvre 1 Annabell 36\u00a0points" in french
    assert "a1 Kunyhó (kék) : 3 — ellátja: Tanya c1" in hungarian
    assert "Főépítész 1 Annabell 36\u00a0pont" in hungarian
    assert "Cottage" not in french and "Cottage" not in hungarian


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_a_renamed_player_gets_a_new_code_and_the_same_page_every_time(make_app, name):
    code = renamed(name)
    assert code != CODE
    first = make_app().test_client()
    later = make_app().test_client()
    for lang in LANGUAGES:
        later.get("/{}/r/{}".format(lang, CODE))
    for lang in LANGUAGES:
        page = same_page_everywhere(first, later, "/{}/r/{}".format(lang, code))
        standing = [(name, 36)] + STANDING[1:]
        assert standing_text(lang, standing) in text_of(page)
        assert "<b>x</b>" not in page
        assert "<script>" not in page.replace('<script src="', "")
        assert str(markupsafe.escape(name)) in page


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_result_seen_first_and_seen_again_is_the_same_page(client, lang):
    code = encode(examples.tied_game())
    pages = [client.get("/{}/r/{}".format(lang, code)) for _ in range(3)]
    assert [page.status_code for page in pages] == [200, 200, 200]
    assert pages[0].data == pages[1].data == pages[2].data
    body = pages[0].get_data(as_text=True)
    # Names are shown as typed, as text: never as markup, never escaped twice.
    assert "<b>Zoé</b>" not in body
    assert body.count("<bdi>&lt;b&gt;Zoé&lt;/b&gt;</bdi>") >= 2
    assert "<bdi>&#34;&#39;&amp;amp;</bdi>" in body
    assert "&amp;amp;amp;" not in body
    points = {"fr": "points", "hu": "pont"}[lang]
    assert ranking(body).count("2\u00a0" + points) == 3


def test_play_again_keeps_hostile_names_as_text(client):
    code = encode(examples.tied_game())
    page = client.get("/fr/new?again=" + code).get_data(as_text=True)
    assert 'value="&lt;b&gt;Zoé&lt;/b&gt;"' in page
    assert 'value="&#34;&#39;&amp;amp;"' in page
    assert 'value="שלום 🎲"' in page


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "The game to play again cannot be read: set it up again here."),
    ("fr", "La partie à rejouer est illisible\u00a0: préparez-la de nouveau ici."),
    ("hu", "Az újrajátszandó játszma nem olvasható: állítsd be itt újra.")])
def test_play_again_from_a_link_cut_short_says_so_above_a_blank_form(client, lang, said):
    code = encode(examples.tied_game())
    for again in (code[:-5], code + "x", "", "%%%", code.replace("A", "B", 1)):
        answer = client.get("/{}/new".format(lang), query_string={"again": again})
        assert answer.status_code == 400
        page = answer.get_data(as_text=True)
        assert page.count('<p class="error" role="alert" tabindex="-1">{}</p>'.format(said)) == 1
        # The form is the blank one, ready for a game.
        assert page.count('name="players-') == client.get("/{}/new".format(lang)).get_data(as_text=True).count('name="players-')


def test_play_again_given_two_codes_is_refused_whichever_comes_first(client):
    # An address with "again" twice is made by hand: as the setup's other fields, it is named, never read as the
    # first code it gives (a readable code then an unreadable one was a game set up again; the other way, refused).
    code = encode(examples.tied_game())
    said = "La partie à rejouer est illisible\u00a0: préparez-la de nouveau ici."
    for codes in ((code, code[:-5]), (code[:-5], code), (code, code)):
        answer = client.get("/fr/new?" + "&".join("again=" + again for again in codes))
        assert answer.status_code == 400, codes
        assert '<p class="error" role="alert" tabindex="-1">{}</p>'.format(said) in answer.get_data(as_text=True)


def test_a_name_longer_than_the_form_allows_is_refused_in_the_pages_language(client):
    for lang in LANGUAGES:
        answer = client.get("/{}/r/{}".format(lang, renamed("W" * 25)))
        assert answer.status_code == 400
        assert NO_GAME[lang] in text_of(answer.get_data(as_text=True))


# Ties and their Master Builder turns.

@pytest.mark.parametrize("turns,notes", [
    ((3, 3, 3), {"en": "1 {{ x }} 2 points shared place 1 שלום 2 points shared place 1 Zoé 🎲 2 points shared place",
                 "fr": "1 {{ x }} 2\u00a0points place partagée 1 שלום 2\u00a0points place partagée "
                       "1 Zoé 🎲 2\u00a0points place partagée",
                 "hu": "1 {{ x }} 2\u00a0pont megosztott helyezés 1 שלום 2\u00a0pont megosztott helyezés "
                       "1 Zoé 🎲 2\u00a0pont megosztott helyezés"}),
    ((3, 2, 3), {"en": "1 שלום 2 points tie-break: 2 turns as Master Builder 2 {{ x }} 2 points shared place "
                       "2 Zoé 🎲 2 points shared place",
                 "fr": "1 שלום 2\u00a0points départage\u00a0: 2\u00a0tours en tant que Maître d’œuvre "
                       "2 {{ x }} 2\u00a0points place partagée 2 Zoé 🎲 2\u00a0points place partagée",
                 "hu": "1 שלום 2\u00a0pont holtverseny-döntő: 2\u00a0főépítészi kör 2 {{ x }} 2\u00a0pont megosztott helyezés "
                       "2 Zoé 🎲 2\u00a0pont megosztott helyezés"}),
])
def test_tie_notes_are_the_same_on_the_first_and_the_kept_page(make_app, turns, notes):
    first = make_app().test_client()
    later = make_app().test_client()
    code = tie_code(turns)
    for lang in LANGUAGES:
        later.get("/{}/r/{}".format(lang, tie_code((2, 3, 4))))
    for lang in LANGUAGES:
        assert notes[lang] in text_of(same_page_everywhere(first, later, "/{}/r/{}".format(lang, code)))


WHOLE = "Saisissez un nombre entier."
RANGE = "Indiquez un nombre de tours entre 0\u00a0et 999."


@pytest.mark.parametrize("query, message", [
    ("turns-1=x&turns-2=1&turns-3=3", WHOLE), ("turns-1=-1.5&turns-2=1&turns-3=3", WHOLE),
    ("turns-1=1.5&turns-2=1&turns-3=3", WHOLE), ("turns-1=%ff&turns-2=1&turns-3=3", WHOLE),
    ("turns-1=%E2%91%A2&turns-2=1&turns-3=3", WHOLE),
    ("turns-1=1000&turns-2=1&turns-3=3", RANGE), ("turns-1=-1&turns-2=1&turns-3=3", RANGE)])
def test_bad_master_builder_turns_are_refused_in_french(client, query, message):
    code = encode(examples.tied_game())
    answer = client.get("/fr/r/{}/turns?{}".format(code, query))
    assert answer.status_code == 422
    assert message in answer.get_data(as_text=True)


def test_refused_turns_keep_every_number_typed(client):
    code = encode(examples.tied_game())
    page = client.get("/fr/r/{}/turns?turns-1=1000&turns-2=1&turns-3=2".format(code)).get_data(as_text=True)
    assert re.findall(r'<input type="text" id="turns-\d" [^>]*value="([^"]*)"', page) == ["1000", "1", "2"]


def test_master_builder_turns_break_the_tie_at_a_new_address(client):
    code = encode(examples.tied_game())
    answer = client.get("/hu/r/{}/turns?turns-1=2&turns-2=1&turns-3=3".format(code))
    assert answer.status_code == 302
    broken = encode(examples.tied_game(turns=(2, 1, 3)))
    assert answer.headers["Location"].endswith("/hu/r/" + broken)
    page = client.get("/hu/r/" + broken).get_data(as_text=True)
    # Each says the turns that placed them, 1, 2 and 3, beside the others'.
    assert ranking(page) == ("1 \"'&amp; 2\u00a0pont holtverseny-döntő: 1\u00a0főépítészi kör "
                             "2 <b>Zoé</b> 2\u00a0pont holtverseny-döntő: 2\u00a0főépítészi kör "
                             "3 שלום 🎲 2\u00a0pont holtverseny-döntő: 3\u00a0főépítészi kör")
    # The form stays, with the turns given, for a table to correct them.
    assert re.findall(r'<input type="text" id="turns-\d" [^>]*value="([^"]*)"', page) == ["1", "2", "3"]


# A link that names no language, or one Marquoir does not speak, opens in the reader's.

def test_no_language_prefix_redirects_to_the_readers_language(client):
    answer = client.get("/r/" + CODE, headers={"Accept-Language": "hu-HU,hu;q=0.9"})
    assert answer.status_code == 302
    assert answer.headers["Location"] == "/hu/r/" + CODE


def test_the_neutral_link_opens_in_the_readers_language(make_app):
    # An app without SERVER_NAME: the test client's cookies are for localhost.
    client = make_app().test_client()
    code = encode(examples.tied_game())
    client.set_cookie("lang", "hu")
    assert client.get("/r/" + code).headers["Location"].endswith("/hu/r/" + code)
    client.set_cookie("lang", "xx")
    answer = client.get("/r/" + code, headers={"Accept-Language": "fr;q=0.9,hu;q=0.5"})
    assert answer.status_code == 302
    assert answer.headers["Location"].endswith("/fr/r/" + code)


@pytest.mark.parametrize("prefix", ["de", "EN", "Fr", "fr-FR", "xx", "zz"])
@pytest.mark.parametrize("accepted", LANGUAGES)
def test_an_unknown_language_prefix_redirects_to_the_readers_language(make_app, prefix, accepted):
    answer = make_app().test_client().get("/{}/r/{}".format(prefix, CODE), headers={"Accept-Language": accepted})
    assert answer.status_code == 302
    assert answer.headers["Location"] == "/{}/r/{}".format(accepted, CODE)


@pytest.mark.parametrize("cookie,goes_to", [("lang=fr", "fr"), ('lang="fr"', "fr"), ("lang=en; lang=hu", "en"),
                                            ("lang=<script>", "hu"), ("lang=FR", "hu"), ("lang=%66r", "hu")])
def test_an_unknown_prefix_follows_a_good_cookie_before_accept_language(make_app, cookie, goes_to):
    client = make_app().test_client(use_cookies=False)
    for address in ("/r/" + CODE, "/de/r/" + CODE):
        answer = client.get(address, headers={"Cookie": cookie, "Accept-Language": "hu"})
        assert answer.status_code == 302
        assert answer.headers["Location"] == "/{}/r/{}".format(goes_to, CODE)


# Damaged codes and odd addresses, refused in the page's language.

DAMAGED = [
    (CODE[:-1], 400, CUT_OFF), (CODE[:-5], 400, CUT_OFF), (CODE[: len(CODE) // 2], 400, CUT_OFF), ("A", 400, CUT_OFF),
    (CODE[:10] + ("B" if CODE[10] != "B" else "C") + CODE[11:], 400, CHANGED),
    (CODE[:-1] + ("A" if CODE[-1] != "A" else "B"), 400, CHANGED), (CODE.lower(), 400, CHANGED),
    (CODE + "AAAA", 400, CHANGED), (CODE + "==", 400, ODD_CHARACTERS), (CODE + ".", 400, ODD_CHARACTERS),
    (CODE[:5] + "%20" + CODE[5:], 400, ODD_CHARACTERS), ("%00", 400, ODD_CHARACTERS), ("é" * 20, 400, ODD_CHARACTERS),
    (CODE[:5] + "/" + CODE[5:], 404, NOT_FOUND), (CODE + "/", 404, NOT_FOUND), ("", 404, NOT_FOUND),
    ("A" * 5000, 414, TOO_MUCH),
]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("code,status,message", DAMAGED)
def test_a_damaged_code_gets_a_clear_message_in_the_pages_language(client, lang, code, status, message):
    answer = client.get("/{}/r/{}".format(lang, code))
    assert answer.status_code == status
    assert message[lang] in text_of(answer.get_data(as_text=True))
    assert "immutable" not in answer.headers.get("Cache-Control", "")


@pytest.mark.parametrize("path, status, words", [
    (f"/hu/r/{CODE}{CODE}", 400, CHANGED["hu"]),
    (f"/hu/r/{CODE[:-3]}", 400, CUT_OFF["hu"]),
    ("/fr/r/%2541", 400, ODD_CHARACTERS["fr"]),
])
def test_hostile_codes_get_a_4xx_in_the_pages_language(client, path, status, words):
    """Refuse doubled, cut and percent-encoded codes with a 4xx that says why in the page's language."""
    answer = client.get(path)
    assert answer.status_code == status
    assert words in text_of(answer.get_data(as_text=True))


@pytest.mark.parametrize(("address", "words"), [
    ("/fr/r/" + RULEBOOK[:-1], "Impossible d’ouvrir ce lien"),
    ("/hu/r/" + RULEBOOK[:20], "Ez a link nem nyitható meg"),
    ("/fr/r/" + RULEBOOK[:10] + ("X" if RULEBOOK[10] != "X" else "Y") + RULEBOOK[11:], "Impossible d’ouvrir ce lien"),
    ("/hu/r/" + RULEBOOK[:-1] + ("M" if RULEBOOK[-1] != "M" else "N"), "Ez a link nem nyitható meg"),
    ("/fr/r/" + RULEBOOK + "A", "Impossible d’ouvrir ce lien"),
])
def test_a_damaged_result_code_is_refused_in_the_pages_language(client, address, words):
    answer = client.get(address)
    assert answer.status_code == 400
    assert words in answer.text


ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


def test_every_changed_or_dropped_character_is_refused_never_shown(client):
    statuses = set()
    for k, character in enumerate(CODE):
        others = [c for c in ALPHABET if c != character]
        for replacement in (others[k % len(others)], others[(k * 7 + 3) % len(others)], others[-1 - k % 5]):
            statuses.add(client.get("/hu/r/" + CODE[:k] + replacement + CODE[k + 1:]).status_code)
        statuses.add(client.get("/hu/r/" + CODE[:k] + CODE[k + 1:]).status_code)
    assert statuses == {400}


def test_a_damaged_code_asked_with_head_or_if_none_match_is_still_refused(client):
    etag = client.get("/fr/r/" + CODE).headers["ETag"]
    assert client.head("/fr/r/" + CODE[:-1]).status_code == 400
    assert client.get("/fr/r/" + CODE[:-1], headers={"If-None-Match": "*"}).status_code == 400
    assert client.get("/fr/r/" + CODE[:-1], headers={"If-None-Match": etag}).status_code == 400


@pytest.mark.parametrize("path, status, words", [
    ("/fr/r/{code}x", 400, "Impossible d’ouvrir ce lien"),
    ("/fr/r/{code}%20", 400, "Impossible d’ouvrir ce lien"),
    ("/fr/r/{code}/", 404, "Page introuvable"),
    ("/hu/g/{code}/9", 404, "Az oldal nem található"),
    ("/hu/g/{code}/0", 404, "Az oldal nem található"),
    ("/fr/r/{code}zz.png", 400, "Impossible d’ouvrir ce lien"),
])
def test_odd_result_addresses_get_a_clear_message(client, path, status, words):
    answer = client.get(path.format(code=encode(examples.tied_game())))
    assert answer.status_code == status
    assert words in answer.get_data(as_text=True)


def test_wrong_methods_on_a_result_are_refused_in_its_language(client):
    code = encode(examples.tied_game())
    answer = client.post("/fr/r/{}/turns".format(code))
    assert answer.status_code == 405
    assert "Un problème est survenu" in answer.get_data(as_text=True)
    answer = client.delete("/hu/r/" + code)
    assert answer.status_code == 405
    assert "Valami nem stimmel" in answer.get_data(as_text=True)
