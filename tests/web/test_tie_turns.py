"""A first place tied when nobody counted Master Builder turns (issue 47, point 3): the result says who wins were
the turns equal, takes "we did not count them" as an answer, keeps the form within reach under the ranking (and
after the tie is broken, to correct it), and says the numbers that decided."""

import json
import re

import pytest

from support.towns import town
from support.webflow import text_of
from webscore.scoring import decode
from webscore.scoring import encode
from webscore.scoring import problems
from webscore.scoring import score

EMPTY = ". . . ."


def game(turns=(None, None)) -> dict:
    """Ana and Bo level on −11: Ana a fed Cottage and 14 empty squares, Bo an Almshouse (−1) more and 13."""
    towns = {"Ana": town("cottage farm . .", EMPTY, EMPTY, EMPTY), "Bo": town("cottage farm almshouse .", EMPTY, EMPTY, EMPTY)}
    players = [{"name": name, "monument": None, "town": rows} for name, rows in towns.items()]
    for player, count in zip(players, turns):
        if count is not None:
            player["master_builder_turns"] = count
    return {"mode": "master-builder", "monuments": False, "cavern": False,
            "buildings": ["cottage", "farm", "well", "chapel", "almshouse", "theater", "factory"], "players": players}


def turn_boxes(html: str) -> list:
    """Return what each tied player's turns box shows, in seating order."""
    return re.findall(r'<input type="text" id="turns-\d" [^>]*value="([^"]*)"', html)


def tie_page(client, turns, lang="en") -> str:
    """Return the result page of the tied game with these turns."""
    return client.get("/{}/r/{}".format(lang, encode(game(turns=turns)))).get_data(as_text=True)


def test_the_game_is_a_tie_that_waits_for_turns():
    assert problems(game()) == []
    assert [(p["total"], p["place"], p["needs_turns"]) for p in score(game())["players"]] == [(-11, 1, True), (-11, 1, True)]


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "With equal turns as Master Builder, Bo wins."),
    ("fr", "À égalité de tours en tant que Maître d’œuvre, Bo l’emporte."),
    ("hu", "Azonos számú főépítészi körrel Bo nyer."),
])
def test_the_tie_says_who_wins_with_equal_turns_right_under_the_ranking(client, lang, said):
    html = client.get("/{}/r/{}".format(lang, encode(game()))).get_data(as_text=True)
    assert said in text_of(html)
    # The form follows the ranking, before the ways to share: in the first screen, where the tie is read.
    assert html.index('class="ranking"') < html.index('<form class="turns"') < html.index('<section class="share">')


def test_we_did_not_count_them_lets_the_empty_squares_decide_with_their_numbers(client):
    code = encode(game())
    answer = client.get("/en/r/{}/turns?turns-1=&turns-2=&uncounted=1".format(code))
    assert answer.status_code == 302
    broken = answer.headers["Location"].rsplit("/", 1)[1]
    assert [p.get("master_builder_turns") for p in decode(broken)["players"]] == [0, 0]
    text = text_of(client.get("/en/r/" + broken).get_data(as_text=True))
    # Bo first with 13 empty squares, Ana second with 14: the numbers side by side, worded alike on both rows.
    assert "1 Bo −11 points tie-break: 13 empty squares 2 Ana −11 points tie-break: 14 empty squares" in text


def test_we_did_not_count_them_makes_the_turns_equal_even_where_one_was_typed(client):
    # A 3 typed for Ana alone would make Bo's 0 the fewer turns: the answer is that nobody counted.
    answer = client.get("/en/r/{}/turns?turns-1=3&turns-2=&uncounted=1".format(encode(game())))
    assert answer.status_code == 302
    broken = decode(answer.headers["Location"].rsplit("/", 1)[1])
    assert [p.get("master_builder_turns") for p in broken["players"]] == [0, 0]
    assert [(p["name"], p["place"], p["decided_by"]) for p in score(broken)["players"]] == [
        ("Ana", 2, "empty-squares"), ("Bo", 1, "empty-squares")]


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Turns not counted: taken as equal."),
    ("fr", "Tours non comptés\u00a0: considérés comme égaux."),
    ("hu", "A köröket nem számoltuk: egyenlőnek tekintjük őket."),
])
def test_turns_not_counted_leave_the_boxes_blank_and_say_so(client, lang, said):
    broken = game(turns=(0, 0))
    html = client.get("/{}/r/{}".format(lang, encode(broken))).get_data(as_text=True)
    assert turn_boxes(html) == ["", ""]
    assert said in text_of(html)
    assert "(0)" not in text_of(html)
    assert re.search(r"\b0[ \u00a0](turns|tours|főépítészi)", text_of(html)) is None


def test_a_zero_typed_beside_other_turns_is_shown_as_the_count_the_ranking_read(client):
    # Ana's 0 against Bo's 3 put Ana first on fewer turns, while the form left her box blank under "Turns not
    # counted: taken as equal."
    html = tie_page(client, (0, 3))
    assert turn_boxes(html) == ["0", "3"]
    assert "1 Ana −11 points tie-break: 0 turns as Master Builder 2 Bo −11 points tie-break: 3 turns as Master Builder" \
        in text_of(html)
    assert "Turns not counted" not in text_of(html)


def test_once_broken_the_form_stays_with_the_turns_given(client):
    html = tie_page(client, (2, 4))
    assert turn_boxes(html) == ["2", "4"]
    # Ana first on fewer turns; no "with equal turns" line once the turns are known.
    assert "1 Ana −11 points tie-break: 2 turns as Master Builder 2 Bo −11 points tie-break: 4 turns as Master Builder" \
        in text_of(html)
    assert "With equal turns" not in text_of(html)
    assert "Turns not counted" not in text_of(html)


def test_players_level_on_everything_still_share_with_equal_turns(client):
    level = game()
    level["players"][1]["town"] = town("cottage farm . .", EMPTY, EMPTY, EMPTY)
    text = text_of(client.get("/en/r/{}".format(encode(level))).get_data(as_text=True))
    assert "With equal turns as Master Builder, Ana and Bo still share first place." in text


def test_we_did_not_count_them_scores_the_game_once_where_the_turns_are_refused(client, monkeypatch):
    import webscore.flow as flow
    from webscore.flow import tie_turns
    from webscore.web.results import views

    scored = []

    def counted(game):
        scored.append(game)
        return score(game)

    for module in (flow, tie_turns, views):
        monkeypatch.setattr(module, "score_valid_game", counted)
    # Town Hall has no Master Builder: the tie's 0 turns are refused, and the result is shown again with them.
    tied = dict(game(), mode="town-hall")
    code = encode(tied)
    answer = client.get("/en/r/{}/turns?uncounted=1".format(code))
    assert answer.status_code == 422
    assert len(scored) == 1
    door = json.loads(flow.turns_json(json.dumps({"code": code, "fields": {"uncounted": "1"}})))
    assert [item["code"] for item in door["problems"]] == ["master_builder_turns-not-needed"] * 2
    assert [player["name"] for player in door["view"]["players"]] == ["Ana", "Bo"]
    assert len(scored) == 2
