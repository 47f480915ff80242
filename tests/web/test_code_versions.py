"""Links of every version of the game code open: a link shared before version 2 or 3 opens to the same game as
today's link of that game, as a page and as a picture, and neither is ever sent for the other's game."""

import json

import pytest

from support.code_v1 import encode_v1
from support.pinned import PINNED
from support.pinned import PINNED_V2
from support.webflow import text_of
from webscore.flow import town_fields
from webscore.languages import LANGUAGES
from webscore.scoring import decode
from webscore.scoring import encode
from webscore.scoring.code import _crc
from webscore.scoring.code_layouts import VERSION
from webscore.scoring.code_text import from_text
from webscore.scoring.code_text import to_text

# The four-players example, the rulebook's town, and a six-player game of names in six scripts.
SHARED = [PINNED[0]["code"], PINNED[1]["code"], next(c["code"] for c in PINNED if len(c["game"]["players"]) == 6)]
# Version 2: a Fortune game with Tiny Trees, one with coins only, one of the base game.
SHARED_V2 = [next(c["code"] for c in PINNED_V2 if c["game"].get("tiny_trees") and len(c["game"]["players"]) == 4),
             next(c["code"] for c in PINNED_V2 if c["game"].get("coins") and "tiny_trees" not in c["game"]
                  and "well" in c["game"]["buildings"]),
             next(c["code"] for c in PINNED_V2 if not c["game"].get("coins"))]


def ranking(page: str) -> str:
    """Return the words of a result page's ranking."""
    start = page.index('<ol class="ranking')
    return text_of(page[start:page.index("</ol>", start)])


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("old", SHARED + SHARED_V2)
def test_a_link_shared_before_version_3_opens_to_the_same_result_as_todays(client, lang, old):
    new = encode(decode(old))
    assert from_text(old)[0] in (1, 2) and from_text(new)[0] == VERSION == 3
    shared = client.get("/r/" + old, headers={"Accept-Language": lang})
    assert shared.status_code == 302
    assert shared.headers["Location"].endswith("/{}/r/{}".format(lang, old))
    then, now = client.get("/{}/r/{}".format(lang, old)), client.get("/{}/r/{}".format(lang, new))
    assert then.status_code == now.status_code == 200
    assert ranking(then.get_data(as_text=True)) == ranking(now.get_data(as_text=True))
    names = [player["name"] for player in decode(old)["players"]]
    assert all(name in ranking(then.get_data(as_text=True)) for name in names)


@pytest.mark.parametrize("old", SHARED[:2] + SHARED_V2[:1])
def test_a_picture_of_a_link_shared_before_version_3_is_todays_picture(client, old):
    then = client.get("/fr/r/{}.png".format(old))
    now = client.get("/fr/r/{}.png".format(encode(decode(old))))
    assert then.status_code == now.status_code == 200
    assert then.mimetype == now.mimetype == "image/png"
    assert then.data == now.data


def test_a_kept_page_or_picture_is_never_sent_for_the_other_versions_code_of_another_game(client):
    game = decode(SHARED[0])
    renamed = json.loads(json.dumps(game))
    renamed["players"][0]["name"] = "Zsófia"
    old, new = encode_v1(game), encode(renamed)
    for first, second in ((old, new), (new, old)):
        pages = {code: client.get("/hu/r/" + code).get_data(as_text=True) for code in (first, second)}
        assert "Zsófia" in ranking(pages[new]) and "Zsófia" not in ranking(pages[old])
        assert game["players"][0]["name"] in ranking(pages[old])
    pictures = {code: client.get("/hu/r/{}.png".format(code)) for code in (old, new, old)}
    assert pictures[old].status_code == pictures[new].status_code == 200
    assert pictures[old].data != pictures[new].data
    assert pictures[old].headers["ETag"] != pictures[new].headers["ETag"]


LATER = {
    "en": "This link was made by another version of Marquoir.",
    "fr": "Ce lien vient d’une autre version de Marquoir.",
    "hu": "Ez a link a Marquoir egy másik változatából származik.",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_code_of_a_version_not_written_yet_is_refused_in_the_readers_language(client, lang):
    payload = bytes((VERSION + 1,)) + from_text(SHARED[0])[1:-3]
    code = to_text(payload + _crc(payload))
    for path in ("/{}/r/{}", "/{}/r/{}.png"):
        response = client.get(path.format(lang, code))
        assert response.status_code == 400
    page = client.get("/{}/r/{}".format(lang, code)).get_data(as_text=True)
    assert LATER[lang] in text_of(page)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_town_looked_at_and_left_as_it_was_keeps_the_link_it_was_opened_with(client, lang):
    # "Change this town" then "Back to the scores" with nothing changed: the same link, not a second text of the
    # same game (a phone that opened both would count the game twice in "Your games").
    old = SHARED[0]
    fields = town_fields.fields_of(decode(old)["players"][1])
    back = client.get("/{}/g/{}/2/save".format(lang, old), query_string=dict(fields, go="results", **{"from": "scores"}))
    assert back.status_code == 302
    assert back.headers["Location"].endswith("/{}/r/{}".format(lang, old))
    # A square changed: the game's new code, in the version written now.
    changed = client.get("/{}/g/{}/2/save".format(lang, old), query_string=dict(fields, square_d4="", go="results",
                                                                                     **{"from": "scores"}))
    new = changed.headers["Location"].rsplit("/", 1)[1]
    assert new != old and from_text(new)[0] == VERSION
    assert decode(new)["players"][1]["town"][3][3] is None


def test_the_browsers_step_keeps_the_link_as_the_servers_does(micropython_core):
    from webscore import flow

    old = SHARED[1]
    fields = town_fields.fields_of(decode(old)["players"][0])
    request = json.dumps({"code": old, "n": 1, "fields": dict(fields, go="results", confirm="empty")})
    assert json.loads(flow.town_json(request))["code"] == old
    assert micropython_core.flow_json("town", request)["code"] == old
