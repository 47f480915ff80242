"""A town step scores each town once (town_live.step_numbers): the players' buttons' totals and the step's own
numbers, the same as saved_totals and live_town give them one by one."""

from unittest import mock

import pytest

from support.towns import town
from support.webflow import town_query
from webscore import flow
from webscore.flow import town_live
from webscore.scoring import encode

EMPTY = (". . . .",) * 4
FEASTS = ("feast-hall feast-hall feast-hall cottage", "farm . . .", ". . . .", ". . . .")
FARM = ("cottage farm well .",) + EMPTY[1:]
BUILDINGS = ["cottage", "farm", "well", "chapel", "feast-hall", "theater", "warehouse"]


def game(*towns) -> dict:
    players = [{"name": name, "monument": None, "town": town(*rows)} for name, rows in zip(("Léa", "Noé", "Zoé"), towns)]
    return {"mode": "master-builder", "monuments": False, "cavern": False, "buildings": list(BUILDINGS),
            "players": players}


def counted_scorings(call):
    """Return (what call() returns, how many towns it scored)."""
    with mock.patch.object(town_live, "score_town", wraps=town_live.score_town) as scoring:
        answer = call()
    return answer, scoring.call_count


@pytest.mark.parametrize(("towns", "n", "rows"), [
    # Opened as saved: Léa's town scored once for her button and her numbers (Zoé's town, on her right, is entered).
    ((FEASTS, EMPTY, FARM), 1, FEASTS),
    # The same beside an empty town on her right: the least and the most she can make (scored_live), once each.
    ((FEASTS, EMPTY), 1, FEASTS),
    # Opened as saved, nothing read on the right: Zoé's town once (3 + 0 − 13 = −10), Léa's and Noé's buttons none.
    ((EMPTY, EMPTY, FARM), 3, FARM),
    # A town changed in the fields: its saved town for its button, then the town as the fields have it.
    ((EMPTY, EMPTY, FARM), 3, ("cottage farm . .",) + EMPTY[1:]),
    # A town not entered yet, its fields given: nothing saved to score, the fields' town once.
    ((EMPTY, EMPTY, FARM), 2, FARM),
])
def test_the_step_gives_what_the_totals_and_the_live_score_give(towns, n, rows):
    played = game(*towns)
    fields = town_query(*rows)
    (totals, _, shown), scorings = counted_scorings(lambda: town_live.step_numbers(played, n, fields))
    assert totals == town_live.saved_totals(played)
    assert shown == flow.live_town(played, n, fields)
    _, one_by_one = counted_scorings(lambda: (town_live.saved_totals(played), flow.live_town(played, n, fields)))
    as_saved = rows == towns[n - 1]
    assert scorings == one_by_one - (scorings_of_town(played, n) if as_saved else 0)


def scorings_of_town(played: dict, n: int) -> int:
    """Return how many scorings live_town makes of town n (2 when it reads an empty town on its right)."""
    return counted_scorings(lambda: town_live.scored_live(played, n - 1))[1]


def test_the_figures_of_the_step_opened_as_saved():
    played = game(FEASTS, EMPTY, FARM)
    (totals, _, shown), scorings = counted_scorings(lambda: town_live.step_numbers(played, 3, town_query(*FARM)))
    # Léa: Zoé's town on her right has no Feast Hall, so hers make 3 each: 9 + 3 (fed Cottage) − 11 = 1. Noé: none
    # (no building). Zoé: a Cottage fed by the Farm 3, the Well 0 (no Cottage beside it), 13 empty squares: −10.
    assert totals == [1, None, -10]
    assert shown["total"] == -10
    assert scorings == 2


def test_a_town_waiting_for_an_answer_is_not_scored_for_its_numbers():
    # A game with coins, Zoé's chest not given yet: her step waits for it.
    played = dict(game(EMPTY, EMPTY, FARM), coins=True)
    fields = town_query(*FARM)
    (totals, _, shown), scorings = counted_scorings(lambda: town_live.step_numbers(played, 3, fields))
    assert shown == flow.live_town(played, 3, fields) == {"waiting": ["coins"]}
    # Only Zoé's saved town, for her button.
    assert (totals[:2], scorings) == ([None, None], 1)


def test_the_town_step_page_scores_each_town_once(client):
    played = game(FEASTS, EMPTY, FARM)
    with mock.patch.object(town_live, "score_town", wraps=town_live.score_town) as scoring:
        answer = client.get("/en/g/{}/3".format(encode(played)))
    assert answer.status_code == 200
    # Léa's town and Zoé's: the page's buttons and Zoé's numbers share one scoring.
    assert scoring.call_count == 2
    assert "−10" in answer.get_data(as_text=True)
