"""Check odd Accept-Encoding and If-None-Match values on a kept result page."""

import pytest

from support import examples
from support.webflow import text_of

CODE = examples.FOUR_PLAYERS_CODE


@pytest.mark.parametrize("accept, encoding", [("br;q=0", None), ("*", "br"), ("identity;q=0", None)])
def test_odd_accept_encoding_still_gives_a_kept_page(client, accept, encoding):
    """Serve the kept page with the expected encoding for odd Accept-Encoding values."""
    response = client.get(f"/fr/r/{CODE}", headers={"Accept-Encoding": accept})
    assert response.status_code == 200
    assert response.headers.get("Content-Encoding") == encoding
    assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert "Set-Cookie" not in response.headers


@pytest.mark.parametrize("lang", ["fr", "hu"])
def test_star_weak_and_listed_if_none_match_give_304(client, lang):
    """Answer 304 for *, a weak tag and a list holding the tag."""
    etag = client.get(f"/{lang}/r/{CODE}").headers["ETag"]
    for value in ["*", f"W/{etag}", f'"x", {etag}']:
        response = client.get(f"/{lang}/r/{CODE}", headers={"If-None-Match": value})
        assert response.status_code == 304
        assert response.data == b""


@pytest.mark.parametrize("path, status, words", [
    (f"/hu/r/{CODE}{CODE}", 400, "Ez a link nem nyitható meg Ez a link módosult vagy megsérült: az ellenőrzőösszege "
                                 "nem egyezik."),
    (f"/hu/r/{CODE[:-3]}", 400, "Ez a link nem nyitható meg Ez a link csonkának tűnik. Másold ki a teljes linket, "
                                "és nyisd meg újra."),
    ("/hu/r/" + "A" * 5000, 414, "Túl sok egyszerre Ez a kérés jóval nagyobb, mint amit bármely játszma igényel."),
    ("/fr/r/%2541", 400, "Impossible d’ouvrir ce lien Ce lien contient des caractères qu’on ne trouve jamais dans un "
                         "lien Marquoir."),
])
def test_hostile_codes_get_a_4xx_in_the_pages_language(client, path, status, words):
    """Refuse doubled, cut, very long and percent-encoded codes with a 4xx that says why in the page's language."""
    answer = client.get(path)
    assert answer.status_code == status
    assert words in text_of(answer.get_data(as_text=True))
