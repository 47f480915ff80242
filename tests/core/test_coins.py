"""Coins: each left in the chest scores, and those spent at the end to feed (Root Cellar, Tithe Barn) are
chosen with the feeding for the highest total, never beaten by any other spending."""

import random
from unittest import mock

import pytest

from support import examples
from support.fortune_games import line_town
from support.fortune_games import small_town
from support.micropython_feeding import feed_under_micropython
from support.spending_brute import all_ways
from support.spending_brute import best_of_all_ways
from support.spending_brute import worth_of
from support.towns import game
from support.towns import player
from support.towns import points
from support.towns import reason
from support.towns import score_town
from support.towns import town
from webscore.scoring import score
from webscore.scoring import spending
from webscore.scoring.board import TownView
from webscore.scoring.capacity_bounds import Neighbours
from webscore.scoring.cards import PAD_COLUMNS
from webscore.scoring.cellar_lines import LINES
from webscore.scoring.cellar_lines import every_line
from webscore.scoring.cellar_lines import fewest_lines
from webscore.scoring.cellar_lines import useful_lines
from webscore.scoring.feeding import FEED_DEPENDENT
from webscore.scoring.feeding import FEEDABLE
from webscore.scoring.feeding import Feeding
from webscore.scoring.feeding import choose_feeding
from webscore.scoring.feeding_worths import EVALUATIONS
from webscore.scoring.feeding_worths import ceiling
from webscore.scoring.feeding_worths import made
from webscore.scoring.monuments import CARD_RULES
from webscore.scoring.town import NAMES

EMPTY = ". . . ."
ROW = "cottage cottage cottage root-cellar"


def test_each_coin_left_scores_one():
    result = score_town("cottage . . .", EMPTY, EMPTY, EMPTY, coins=3)
    assert result["by_colour"]["coins"] == 3
    assert result["coins"] == {"lines": [], "paid": [], "spent": 0, "left": 3}
    # 0 (the Cottage is unfed) - 15 empty squares + 3 coins
    assert result["total"] == -12


def test_with_the_estival_festival_each_coin_left_scores_two():
    result = score_town("estival-festival . . .", EMPTY, EMPTY, EMPTY, coins=5)
    assert result["by_colour"]["coins"] == 10
    # 4 for the Festival - 15 + 5 x 2
    assert result["total"] == -1


def test_a_game_without_coins_keeps_the_score_pads_columns():
    result = score(examples.load("rulebook-28"))["players"][0]
    assert set(result["by_colour"]) == set(PAD_COLUMNS)
    assert "coins" not in result
    assert result["total"] == 28


def test_a_root_cellar_coin_feeds_a_line():
    result = score_town(ROW, EMPTY, EMPTY, EMPTY, coins=2)
    # One coin feeds row 1: 3 Cottages (9) for a coin (1); a second coin would feed nothing more.
    assert result["coins"] == {"lines": ["1"], "paid": [], "spent": 1, "left": 1}
    assert result["fed_by"]["a1"] == ["d1"]
    assert reason(result, "d1") == ("feeds", 3)
    # 9 + 1 coin - 12 empty squares
    assert result["total"] == -2


def test_each_line_costs_a_coin_however_many_root_cellars():
    result = score_town("cottage . . root-cellar", ". cottage . root-cellar", EMPTY, EMPTY, coins=2)
    # Two Cottages on rows 1 and 2 (or columns a and b): 2 lines, 2 coins; the first Root Cellar is named.
    assert result["coins"]["spent"] == 2
    assert result["fed"] == ["a1", "b2"]
    assert result["fed_by"]["b2"] == ["d1"]


def test_a_line_is_bought_only_where_it_gains_more_than_the_coin():
    # With the Grand Mausoleum an unfed Cottage scores 3 already: feeding it gains nothing.
    result = score_town(ROW, EMPTY, EMPTY, "grand-mausoleum-of-the-rodina . . .", coins=2)
    assert result["coins"] == {"lines": [], "paid": [], "spent": 0, "left": 2}


def test_lines_are_chosen_for_the_temple():
    # Mausoleum: Cottages score 3 fed or not, but the Temple (b2) needs 2 fed beside it. Row 2 feeds a2
    # and c2 for one coin: the Temple's 4 for a coin's 1.
    result = score_town("root-cellar cottage . .", "cottage temple cottage .", EMPTY,
                        "grand-mausoleum-of-the-rodina . . .", coins=1)
    assert result["coins"]["lines"] == ["2"]
    assert points(result, "b2") == 4


def test_a_chapel_counts_the_cottages_coins_fed():
    result = score_town(ROW, "chapel . . .", EMPTY, EMPTY, coins=1)
    # Row 1's three Cottages, fed for the coin: 3 for the Chapel.
    assert points(result, "a2") == 3


def test_the_tithe_barn_feeds_beside_it_free_and_sells_pairs():
    result = score_town("cottage tithe-barn cottage .", EMPTY, "cottage . cottage .", ". cottage . .", coins=4)
    # a1, c1 fed free; a3, c3, b4 at 1 coin per 2, rounded up: 2 coins. 15 for five Cottages, 2 coins left.
    assert result["coins"]["spent"] == 2
    assert result["coins"]["paid"] == ["a3", "c3", "b4"]
    assert result["fed_by"]["a3"] == ["b1"]
    assert result["by_colour"]["blue"] == 15
    assert result["by_colour"]["coins"] == 2


def test_the_tithe_barn_counts_barrett_castle_as_one_building():
    result = score_town("barrett-castle . . tithe-barn", "cottage . . .", EMPTY, EMPTY, coins=1)
    # One coin feeds 2 buildings: the Castle (5) and the Cottage (3).
    assert result["coins"]["paid"] == ["a1", "a2"]
    assert result["by_colour"]["monument"] == 5


def test_coins_fed_cottages_pay_the_temple():
    result = score_town("cottage tithe-barn . .", EMPTY, "cottage temple cottage .", EMPTY, coins=1)
    # a1 is fed free; the coin buys a3 and c3, which pay the Temple: 9 + 4.
    assert points(result, "b3") == 4
    assert result["coins"]["left"] == 0


def test_a_total_is_the_sum_of_its_lines():
    result = score_town(ROW, "cottage . . .", EMPTY, EMPTY, coins=3)
    assert result["total"] == sum(result["by_colour"].values())
    assert result["coins"]["spent"] + result["coins"]["left"] == 3


def test_coins_and_places():
    # The same towns, one with a coin more, ranks first.
    rows = ("cottage . . .", EMPTY, EMPTY, EMPTY)
    played = game(player(town(*rows), coins=2), player(town(*rows), name="Bo", coins=1), coins=True)
    assert [p["place"] for p in score(played)["players"]] == [1, 2]


# Exactness: what the search chooses against every way of feeding and spending.

FEEDER_MIXES = [("root-cellar",), ("tithe-barn",), ("root-cellar", "root-cellar"), ("farm", "tithe-barn"),
                ("greenhouse", "root-cellar"), ("farm", "root-cellar", "tithe-barn"), ("granary", "tithe-barn"),
                ("orchard", "root-cellar", "greenhouse")]


@pytest.mark.slow
@pytest.mark.parametrize("feeders", FEEDER_MIXES, ids=["+".join(mix) for mix in FEEDER_MIXES])
def test_the_chosen_spending_is_never_beaten(feeders):
    rng = random.Random("+".join(feeders))
    for _ in range(150):
        view = small_town(rng, feeders)
        choose_feeding(view)
        spent = view.spending["spent"] if view.spending else 0
        ways = all_ways(view)
        # Reachable for what it says it spent, and nothing reachable makes more.
        assert ways[frozenset(view.fed)] <= spent, view.squares
        assert worth_of(view, view.fed, spent) == best_of_all_ways(view), view.squares


@pytest.mark.slow
def test_the_spending_chosen_under_micropython_is_never_beaten():
    # The browser's core (MicroPython) chooses as CPython does, and what it chooses is never beaten either.
    rng = random.Random("micropython")
    views = [small_town(rng, feeders) for feeders in FEEDER_MIXES for _ in range(60)]
    answers = feed_under_micropython(views)
    assert sum(1 for _, chosen in answers if chosen and chosen["spent"]) > 100
    for view, (fed, chosen) in zip(views, answers):
        spent = chosen["spent"] if chosen else 0
        ways = all_ways(view)
        assert ways[frozenset(fed)] <= spent, view.squares
        assert worth_of(view, fed, spent) == best_of_all_ways(view), view.squares
        choose_feeding(view)
        assert (fed, chosen) == (sorted(view.fed), view.spending), view.squares


def walked_far(count: int, seed: str) -> list:
    """Return `count` towns that only lines feed whose lines are walked or tried (not those that need no search), all
    bounded by the fewest lines that pay every card."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        view = line_town(rng)
        with mock.patch.object(spending, "fewest_lines", wraps=fewest_lines) as fewest:
            choose_feeding(view)
        if fewest.called:
            found.append(view)
    return found


def test_lines_bounded_by_the_fewest_that_pay_every_card_are_never_beaten():
    for view in walked_far(120, "fewest lines"):
        spent = view.spending["spent"]
        assert all_ways(view)[frozenset(view.fed)] <= spent, view.squares
        assert worth_of(view, view.fed, spent) == best_of_all_ways(view), view.squares


def test_the_lines_worth_a_coin_are_those_whose_squares_no_other_line_feeds_first():
    # useful_lines reads a row or a column of one square against its crossing line only; every other pair of
    # lines is compared here, over random squares that can gain.
    rng = random.Random(20261210)
    for _ in range(3000):
        feedable = {i for i in range(16) if rng.random() < rng.random()}
        gaining = sorted(i for i in feedable if rng.random() < rng.random())
        lines = every_line(feedable, {gaining[p]: p for p in range(len(gaining))})
        masks = [line[2] for line in lines]
        kept = [n for n in range(len(lines)) if masks[n] and not any(
            m != n and not masks[n] & ~masks[m] and (m < n or masks[n] != masks[m]) for m in range(len(lines)))]
        assert useful_lines(lines) == kept, (sorted(feedable), gaining)


def test_the_fewest_lines_that_pay_every_card():
    # Temples at a1 and d4, each beside two Cottages that share no line (b1 and a2; c4 and d3): each needs two lines
    # of its own, and no line reaches both, so paying both takes 4 lines, and 3 leave a Temple (4 points) unpaid.
    rows = ("temple cottage . .", "cottage . root-cellar .", ". . . cottage", ". . cottage temple")
    view = TownView([None if word == "." else word for row in rows for word in row.split()],
                    ["cottage", "root-cellar", "temple"], coins=4, right_coins=0)
    found = spending._Spending(view, Feeding(view.squares))
    found.line_up()
    cards = found.cards
    singles, once, twice = [], [], []
    for places in found.line_places:
        got = reached = both = 0
        for p in places:
            got |= cards.singles[p]
            both |= reached & cards.pairs[p] | cards.doubles[p]
            reached |= cards.pairs[p] | cards.doubles[p]
        singles.append(got)
        once.append(reached)
        twice.append(both)
    assert fewest_lines(cards, singles, once, twice) == (4, 4)


def spent_and_scored(rows: tuple, coins: int, walked: bool = False) -> tuple:
    """Return what a town of these rows spends its coins on, and how many feeding choices its search scored.

    walked: the lines walked with no set of the fewest lines paying every card tried first (cellar_lines.fewest_first),
    so that what the walk's own bounds spare is counted.
    """
    squares = [None if word == "." else word for row in rows for word in row.split()]
    view = TownView(squares, sorted(set(squares)), coins=coins, right_coins=0)
    before = EVALUATIONS[0]
    if walked:
        with mock.patch.object(spending, "fewest_first", return_value=None):
            choose_feeding(view)
    else:
        choose_feeding(view)
    return view.spending, EVALUATIONS[0] - before


# Column c and row 2 pay the 4 Schoolhouses and the Temple at d1 (which needs c1 and d2 fed, and no line holds both);
# the Grand Mausoleum makes a Cottage fed worth nothing more.
TEMPLE_AND_SCHOOLHOUSES = ("cottage schoolhouse cottage temple", "cottage cottage grand-mausoleum-of-the-rodina cottage",
                           "schoolhouse cottage schoolhouse cottage", "cottage schoolhouse cottage root-cellar")
# 4 Temples and 2 Schoolhouses whose lines each pay half a Temple: 4 lines pay every card and no 3 do.
FOUR_LINES = ("temple cottage cottage schoolhouse", "cottage grand-mausoleum-of-the-rodina temple cottage",
              "schoolhouse cottage root-cellar cottage", "cottage schoolhouse cottage temple")


@pytest.mark.parametrize(("rows", "lines"), [(TEMPLE_AND_SCHOOLHOUSES, ["c", "2"]), (FOUR_LINES, ["4", "a", "1", "d"])])
def test_the_first_of_the_fewest_lines_paying_every_card_is_bought_without_a_walk(rows, lines):
    # Every card paid with the fewest lines (no 4 points left unpaid is worth the coin a line fewer saves): no set
    # makes more. Two choices scored: the ceiling, and the one set of that many lines that pays them all, the others
    # passed over by the cards they leave unpaid.
    spent = len(lines)
    assert spent_and_scored(rows, 4) == ({"lines": lines, "paid": [], "spent": spent, "left": 4 - spent}, 2)


def feed_and_tell_first(view) -> list:
    """Feed a town view; return what each try of the fewest lines paying every card first gave
    (cellar_lines.fewest_first)."""
    real = spending.fewest_first
    tried = []

    def recorded(search, *args):
        found = real(search, *args)
        tried.append(found)
        return found

    with mock.patch.object(spending, "fewest_first", recorded):
        choose_feeding(view)
    return tried


def test_no_set_of_the_fewest_lines_pays_every_card_so_one_line_more_is_tried():
    # 2 Schoolhouses and 3 Temples (4 points each): fewest_lines counts 2 lines at least, but no 2 lines pay them all.
    # Columns b, c and d do, 1 coin kept (21 of the 24 every card and coin would make), and every set of fewer lines
    # leaves 4 points unpaid at least, more than the 2 coins it saves. Found without the walk: 4 choices scored (the
    # ceiling, and the 3 sets whose last line pays every card left), where the walk scores 30.
    rows = ("cottage temple cottage cottage", "schoolhouse cottage root-cellar cottage",
            "grand-mausoleum-of-the-rodina cottage temple temple", "cottage schoolhouse cottage cottage")
    bought = {"lines": ["b", "c", "d"], "paid": [], "spent": 3, "left": 1}
    assert spent_and_scored(rows, 4) == (bought, 4)
    assert spent_and_scored(rows, 4, walked=True) == (bought, 30)


def test_the_fewest_lines_paying_every_card_are_the_walks_answer():
    # The set tried first is the walk's own answer, ties included (the first found in the walk's order); it is taken
    # only when no set of fewer lines can make as much, and the walk decides the other towns.
    rng = random.Random("fewest first")
    tried = []
    for _ in range(1500):
        view = line_town(rng)
        tried.extend(feed_and_tell_first(view))
        first = (sorted(view.fed), view.spending)
        with mock.patch.object(spending, "fewest_first", return_value=None):
            choose_feeding(view)
        assert first == (sorted(view.fed), view.spending), view.squares
    answered = sum(1 for found in tried if found is not None)
    assert answered >= 100 and len(tried) - answered >= 100, (answered, len(tried))


def test_the_walk_decides_when_fewer_lines_might_make_as_much():
    # 3 Schoolhouses of 2 points (the chest holds fewer coins than the one on the right), each beside a Cottage no
    # other's line reaches: 3 lines pay them all. A set of fewer lines leaves one unpaid at least, 2 points, which
    # the coins those lines save could make up: the set of 3 is not taken untried, the walk decides (the same 3
    # lines, 6 points for 3 coins).
    rows = ("schoolhouse cottage grand-mausoleum-of-the-rodina .", EMPTY, ". . schoolhouse cottage",
            "cottage schoolhouse . root-cellar")
    squares = [None if word == "." else word for row in rows for word in row.split()]
    view = TownView(squares, sorted({card for card in squares if card}), coins=3, right_coins=5)
    assert feed_and_tell_first(view) == [None]
    assert view.spending == {"lines": ["1", "3", "4"], "paid": [], "spent": 3, "left": 0}


def test_one_line_more_pays_a_card_missing_two_only_if_it_brings_both():
    # The walk alone (TEMPLE_AND_SCHOOLHOUSES): a set one line short of the Temple, or one coin from the last, is not
    # walked on in the hope that one line pays it: 20 sets scored, where 55 were, and column c and row 2, the first of
    # the fewest lines paying every card, are still bought, 2 coins kept.
    assert spent_and_scored(TEMPLE_AND_SCHOOLHOUSES, 4, walked=True) == (
        {"lines": ["c", "2"], "paid": [], "spent": 2, "left": 2}, 20)


def test_a_tithe_barn_s_choices_of_squares_are_scored_at_once():
    # 2 coins buy 2 pairs: 4 of the 8 Cottages (a Barrett Castle among them) beside 6 Temples and a Schoolhouse, 70
    # choices, all scored at once (and the ceiling): b1, d1, b3 and d3 pay 4 Temples, the most, and come last of them
    # in the walk's order, where a walk through the choices one by one scored 66.
    rows = ("cottage cottage temple cottage", "temple temple tithe-barn temple", "cottage cottage temple cottage",
            "schoolhouse cottage temple barrett-castle")
    assert spent_and_scored(rows, 2) == (
        {"lines": [], "paid": ["b1", "d1", "b3", "d3"], "spent": 2, "left": 0}, 71)


def test_a_tithe_barn_s_plans_of_more_or_fewer_pairs_are_each_scored_at_once():
    # 4 Schoolhouses and 2 Temples around a Grand Mausoleum (a Cottage fed is worth no more): 2 coins buy c1, c2, d2
    # and b3, which pay them all, 2 coins kept. The plans of 3, 2, 1 and no pair are each scored: the 28 choices of 6
    # of the 8 Cottages, the 70 of 4 and the 28 of 2 at once, the one of none (and the ceiling); a plan that keeps a
    # coin more may make more, so none ends the others.
    rows = ("grand-mausoleum-of-the-rodina cottage cottage temple", "cottage temple cottage cottage",
            "cottage cottage schoolhouse cottage", "tithe-barn schoolhouse cottage cottage")
    assert spent_and_scored(rows, 4) == ({"lines": [], "paid": ["c1", "c2", "d2", "b3"], "spent": 2, "left": 2}, 128)


def test_a_walk_that_stops_at_the_first_choice_paying_every_card_chooses_as_the_whole_walk():
    # Farms and Tithe Barns among Fortune's cards (their neighbours the most first, the choices of few scored at once):
    # the choice kept when a walk stops at its first choice because it pays every card and feeds the best squares
    # (all_paid), or when a plan stops as its best does, is the one kept when every choice is scored, ties included.
    rng = random.Random("every card paid")
    stopped = 0
    for n in range(2500):
        view = small_town(rng, (("tithe-barn",), ("farm",), ("tithe-barn", "farm"))[n % 3], most_feedable=9)
        before = EVALUATIONS[0]
        choose_feeding(view)
        first = (sorted(view.fed), view.spending, EVALUATIONS[0] - before)
        before = EVALUATIONS[0]
        with mock.patch.object(Neighbours, "all_paid", return_value=1000):
            choose_feeding(view)
        assert first[:2] == (sorted(view.fed), view.spending), view.squares
        stopped += first[2] < EVALUATIONS[0] - before
    assert stopped >= 70, stopped


def test_no_line_is_walked_when_the_coin_it_costs_leaves_no_more_than_the_best():
    # Every feeder at once (no game deals two red buildings, but the search must not care): the Farm, the Greenhouse
    # and the Tithe Barn feed all but c4 for nothing, and 1 coin's pair feeds it: every square fed and 4 coins kept,
    # 1 less than every coin kept would make. A set of lines spends a coin at least, so makes no more: no line is walked
    # on. 8 choices scored (the ceiling, and the Tithe Barn's plans of no line), where 74 were.
    rows = ("cottage eraflage-vineyard temple cottage", "cottage root-cellar cottage root-cellar",
            "farm cottage greenhouse tithe-barn", "cottage temple cottage cottage")
    assert spent_and_scored(rows, 5) == ({"lines": [], "paid": ["c4"], "spent": 1, "left": 4}, 8)


def test_in_fortune_s_order_a_tithe_barn_s_126_choices_are_scored_at_once():
    # 2 pairs among 9 Cottages beside Schoolhouses and a Temple: the 126 choices of 4 are scored at once, as 70 and
    # fewer are; with the plans of 4 pairs (9 choices of 8) and 3 (84 of 6) and the ceiling, 220 scored, where a walk
    # of them one by one, its bounds passing most over, scored 31 at more cost under MicroPython.
    rows = ("schoolhouse tithe-barn temple cottage", "cottage grand-mausoleum-of-the-rodina cottage cottage",
            "schoolhouse cottage cottage schoolhouse", "cottage cottage schoolhouse cottage")
    assert spent_and_scored(rows, 4) == ({"lines": [], "paid": ["d1", "a2", "c2", "c3"], "spent": 2, "left": 2}, 220)


def test_the_fewest_lines_bound_each_line_a_step_adds():
    # The walk alone (FOUR_LINES). Once the first set of 4 lines paying every card is found (24, its coins all spent),
    # no set of more lines than a step has bought can beat it: the step adds no other line (19 sets scored, 29 when
    # only a step's start read the bound).
    assert spent_and_scored(FOUR_LINES, 4, walked=True) == (
        {"lines": ["4", "a", "1", "d"], "paid": [], "spent": 4, "left": 0}, 19)


@pytest.mark.slow
def test_lines_bounded_by_the_fewest_that_pay_every_card_under_micropython():
    views = walked_far(60, "fewest lines under micropython")
    for view, (fed, spending_found) in zip(views, feed_under_micropython(views)):
        choose_feeding(view)
        assert (fed, spending_found) == (sorted(view.fed), view.spending), view.squares


def test_the_spending_reported_is_what_was_bought():
    rng = random.Random(46)
    for _ in range(200):
        view = small_town(rng, ("root-cellar", "tithe-barn"))
        choose_feeding(view)
        if not view.spending:
            continue
        spending = view.spending
        # A coin a line, a coin per 2 squares paid (rounded up), and what is left of the chest.
        assert spending["spent"] == len(spending["lines"]) + (len(spending["paid"]) + 1) // 2
        assert spending["left"] == view.coins - spending["spent"] >= 0
        fed = {NAMES[i] for i in view.fed}
        assert set(spending["paid"]) <= fed
        for name in spending["lines"]:
            line = next(squares for line_name, squares in LINES if line_name == name)
            assert all(i in view.fed for i in line if view.squares[i] in FEEDABLE)


def test_what_a_fed_set_makes_is_the_rules_points_less_a_constant():
    rng = random.Random(7)
    for _ in range(300):
        view = small_town(rng, ("farm",), most_feedable=10)
        feeding = Feeding(view.squares)
        top = ceiling(view, feeding.dependent, feeding.feedable)

        def by_the_rules(fed, view=view, feeding=feeding):
            view.fed = frozenset(fed)
            return sum(CARD_RULES[view.squares[i]](view, i)[0] for i in range(16) if view.squares[i] in FEED_DEPENDENT)

        constant = by_the_rules(()) - made(top, ())
        for _ in range(5):
            fed = [i for i in feeding.feedable if rng.random() < 0.5]
            assert by_the_rules(fed) - made(top, fed) == constant, (view.squares, fed)


def test_a_town_of_many_needy_cards_is_fed_as_well():
    # Ten cards needing a fed Cottage (more than needy_cards.LISTED_CARDS) around five Cottages, four fed.
    rows = town("cottage schoolhouse cottage schoolhouse", "schoolhouse parsonage schoolhouse cottage",
                "cottage schoolhouse parsonage schoolhouse", "schoolhouse cottage schoolhouse tithe-barn")
    view = TownView([card for row in rows for card in row], ["cottage", "parsonage", "schoolhouse", "tithe-barn"],
                    coins=2, right_coins=0)
    choose_feeding(view)
    assert worth_of(view, view.fed, view.spending["spent"]) == best_of_all_ways(view)


def test_a_town_that_cannot_spend_is_fed_as_without_coins():
    rows = ("cottage cottage temple cottage", "cottage farm cottage .", EMPTY, EMPTY)
    with_coins = score_town(*rows, coins=4)
    without = score_town(*rows)
    assert with_coins["fed"] == without["fed"]
    assert with_coins["total"] == without["total"] + 4


def test_a_town_view_without_coins_spends_nothing():
    view = TownView(["cottage", "root-cellar"] + [None] * 14, ["cottage", "root-cellar"])
    assert choose_feeding(view) == {}
    assert view.spending is None
