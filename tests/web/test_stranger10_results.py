"""A stranger's look at kept result pages: first view and later views alike, hostile names, damaged codes."""

import markupsafe
import pytest

from support import examples
from support.webflow import fresh_client
from support.webflow import text_of
from webscore.scoring import encode

CODE = examples.FOUR_PLAYERS_CODE
LANGS = ("en", "fr", "hu")
POINTS = {"en": "points", "fr": "points", "hu": "pont"}
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
    "fr": "Impossible d’ouvrir ce lien Ce lien ne contient pas de partie que Marquoir sache lire.",
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
TOWN = [["cottage", "cottage", "farm", None], ["cottage", "chapel", "well", None], [None] * 4, [None] * 4]
TIE_NAMES = ["{{ x }}", "שלום", "Zoé 🎲"]


@pytest.fixture()
def client(tmp_path):
    return fresh_client(tmp_path)


def renamed(name: str) -> str:
    """Return the code of the four-players game with its first player renamed."""
    game = examples.load("four-players")
    game["players"][0]["name"] = name
    return encode(game)


def tie_code(turns) -> str:
    """Return the code of a three-player game where everyone scores 2, with these Master Builder turns."""
    game = examples.load("four-players")
    game["monuments"] = False
    game["buildings"] = ["cottage", "farm", "well", "chapel", "tavern", "theater", "factory"]
    game["players"] = [{"name": name, "monument": None, "town": [list(row) for row in TOWN],
                        "master_builder_turns": n} for name, n in zip(TIE_NAMES, turns)]
    return encode(game)


def standing_text(lang: str, standing) -> str:
    """Return the standing as the page's words read it: place, name, score, unit."""
    return " ".join("{} {} {} {}".format(i + 1, name, score, POINTS[lang]) for i, (name, score) in enumerate(standing))


def same_page_everywhere(first, later, path: str) -> str:
    """Return a result page once it is found drawn first, kept, and drawn by an app that drew others, alike."""
    drawn, kept, other = first.get(path), first.get(path), later.get(path)
    assert drawn.status_code == 200
    assert drawn.data == kept.data == other.data
    return drawn.get_data(as_text=True)


@pytest.mark.parametrize("lang", LANGS)
def test_a_page_drawn_first_is_the_page_kept_and_the_page_drawn_after_others(tmp_path, lang):
    first = fresh_client(tmp_path, "first")
    later = fresh_client(tmp_path, "later")
    for other in LANGS:
        later.get("/{}/r/{}".format(other, examples.RULEBOOK_CODE))
    for other in reversed(LANGS):
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


def test_each_language_has_its_own_page_and_etag(client):
    pages = {lang: client.get("/{}/r/{}".format(lang, CODE)) for lang in LANGS}
    assert len({page.headers["ETag"] for page in pages.values()}) == 3
    assert '<html lang="fr">' in pages["fr"].get_data(as_text=True)
    assert '<html lang="hu">' in pages["hu"].get_data(as_text=True)


def test_the_french_and_hungarian_pages_use_their_editions_words(client):
    french = text_of(client.get("/fr/r/" + CODE).get_data(as_text=True))
    hungarian = text_of(client.get("/hu/r/" + CODE).get_data(as_text=True))
    assert "a1 Maison de campagne (bleu) \u00a0: 3 — nourrie par\u00a0: Ferme c1" in french
    assert "Maître d’œuvre 1 Annabell 36 points" in french
    assert "a1 Kunyhó (kék) : 3 — ellátja: Tanya c1" in hungarian
    assert "Főépítész 1 Annabell 36 pont" in hungarian
    assert "Cottage" not in french and "Cottage" not in hungarian


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_a_renamed_player_gets_a_new_code_and_the_same_page_every_time(tmp_path, name):
    code = renamed(name)
    assert code != CODE
    first = fresh_client(tmp_path, "first")
    later = fresh_client(tmp_path, "later")
    for lang in LANGS:
        later.get("/{}/r/{}".format(lang, CODE))
    for lang in LANGS:
        page = same_page_everywhere(first, later, "/{}/r/{}".format(lang, code))
        standing = [(name, 36)] + STANDING[1:]
        assert standing_text(lang, standing) in text_of(page)
        assert "<b>x</b>" not in page
        assert "<script>" not in page.replace('<script src="', "")
        assert str(markupsafe.escape(name)) in page


def test_a_name_longer_than_the_form_allows_is_refused_in_the_pages_language(client):
    for lang in LANGS:
        answer = client.get("/{}/r/{}".format(lang, renamed("W" * 25)))
        assert answer.status_code == 400
        assert NO_GAME[lang] in text_of(answer.get_data(as_text=True))


@pytest.mark.parametrize("turns,notes", [
    ((3, 3, 3), {"en": "1 {{ x }} 2 points shared place 1 שלום 2 points shared place 1 Zoé 🎲 2 points shared place",
                 "fr": "1 {{ x }} 2 points place partagée 1 שלום 2 points place partagée 1 Zoé 🎲 2 points place partagée",
                 "hu": "1 {{ x }} 2 pont megosztott helyezés 1 שלום 2 pont megosztott helyezés "
                       "1 Zoé 🎲 2 pont megosztott helyezés"}),
    ((3, 2, 3), {"en": "1 שלום 2 points decided by fewer turns as Master Builder 2 {{ x }} 2 points shared place "
                       "2 Zoé 🎲 2 points shared place",
                 "fr": "1 שלום 2 points départage\u00a0: moins de tours en tant que Maître d’œuvre 2 {{ x }} 2 points "
                       "place partagée 2 Zoé 🎲 2 points place partagée",
                 "hu": "1 שלום 2 pont kevesebb főépítészi kör döntött 2 {{ x }} 2 pont megosztott helyezés "
                       "2 Zoé 🎲 2 pont megosztott helyezés"}),
])
def test_tie_notes_are_the_same_on_the_first_and_the_kept_page(tmp_path, turns, notes):
    first = fresh_client(tmp_path, "first")
    later = fresh_client(tmp_path, "later")
    code = tie_code(turns)
    for lang in LANGS:
        later.get("/{}/r/{}".format(lang, tie_code((2, 3, 4))))
    for lang in LANGS:
        assert notes[lang] in text_of(same_page_everywhere(first, later, "/{}/r/{}".format(lang, code)))


DAMAGED = [
    (CODE[:-1], 400, CUT_OFF), (CODE[:-5], 400, CUT_OFF), (CODE[: len(CODE) // 2], 400, CUT_OFF), ("A", 400, CUT_OFF),
    (CODE[:10] + ("B" if CODE[10] != "B" else "C") + CODE[11:], 400, CHANGED),
    (CODE[:-1] + ("A" if CODE[-1] != "A" else "B"), 400, CHANGED), (CODE.lower(), 400, CHANGED),
    (CODE + "AAAA", 400, CHANGED), (CODE + "==", 400, ODD_CHARACTERS), (CODE + ".", 400, ODD_CHARACTERS),
    (CODE[:5] + "%20" + CODE[5:], 400, ODD_CHARACTERS), ("%00", 400, ODD_CHARACTERS), ("é" * 20, 400, ODD_CHARACTERS),
    (CODE[:5] + "/" + CODE[5:], 404, NOT_FOUND), (CODE + "/", 404, NOT_FOUND), ("", 404, NOT_FOUND),
    ("A" * 5000, 414, TOO_MUCH),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("code,status,message", DAMAGED)
def test_a_damaged_code_gets_a_clear_message_in_the_pages_language(client, lang, code, status, message):
    answer = client.get("/{}/r/{}".format(lang, code))
    assert answer.status_code == status
    assert message[lang] in text_of(answer.get_data(as_text=True))
    assert "immutable" not in answer.headers.get("Cache-Control", "")


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
