"""The result page's content, decided once for the server's template and the browser's offline page."""

from support import examples
from webscore.flow import result_view
from webscore.scoring import score_valid_game
from webscore.scoring.cards import PAD_COLUMNS


def view_of(game):
    return result_view.view(game, score_valid_game(game))


def test_the_rulebook_town_in_the_view():
    view = view_of(examples.load("rulebook-28"))
    player = view["players"][0]
    assert view["ranking"] == [0] and player["total"] == 28 and player["place"] == 1
    assert sum(player["by_colour"]) == 28 and len(player["by_colour"]) == len(PAD_COLUMNS)
    assert player["empties"] == sum(1 for s in player["squares"] if s["card"] is None)
    fed = [s for s in player["squares"] if s["fed_by"]]
    assert fed and all(f["card"] in ("farm", "granary", "greenhouse", "orchard") for s in fed for f in s["fed_by"])


def test_ranking_follows_places_then_seating_and_only_tied_players_are_asked_turns():
    game = examples.load("four-players")
    for player in game["players"]:
        player["town"] = [[None] * 4 for _ in range(4)]
        player["master_builder_turns"] = None
        player["stored"] = {}
        player["shrine_buildings"] = None
        player["completed_before"] = None
    game["players"][2]["town"][0][0] = "cottage"
    game["players"][2]["town"][0][1] = "farm"
    view = view_of(game)
    assert view["ranking"][0] == 2
    assert view["asks_turns"] == [0, 1, 3]
    assert [view["players"][p]["place"] for p in view["ranking"]] == [1, 2, 2, 2]
