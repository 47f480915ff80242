"""The bounds the Farms' and the Tithe Barn's walk prune by (needy_cards.Cards) are never below what a choice makes."""

import random
from unittest import mock

from support.feeding_towns import mixed_town
from webscore.scoring import capacity
from webscore.scoring.board import TownView
from webscore.scoring.capacity_bounds import Neighbours
from webscore.scoring.feeding import Feeding
from webscore.scoring.feeding import Judge
from webscore.scoring.feeding import choose_feeding
from webscore.scoring.feeding_worths import EVALUATIONS
from webscore.scoring.feeding_worths import ceiling
from webscore.scoring.feeding_worths import gains
from webscore.scoring.feeding_worths import made
from webscore.scoring.feeding_worths import needy_points
from webscore.scoring.needy_cards import Cards
from webscore.scoring.town import CHOICES
from webscore.scoring.town import combinations

NEEDY = ["cottage"] * 7 + ["schoolhouse"] * 3 + ["temple", "temple", "parsonage", "barrett-castle", None]


def town_cards(squares: list, fed=frozenset()) -> tuple:
    """Return (ceiling, Cards of the feedable squares not in fed, those squares) of a town."""
    town = TownView(squares, sorted({card for card in squares if card}), coins=4, right_coins=0)
    feedable = [i for i in range(16) if squares[i] in ("cottage", "barrett-castle")]
    dependent = [i for i in range(16) if squares[i] in ("cottage", "barrett-castle", "schoolhouse", "temple",
                                                        "parsonage")]
    top = ceiling(town, dependent, feedable)
    near = tuple([i for i in feedable if i not in fed])
    return top, Cards(top, fed, near), near


def farm_fed(rows: tuple) -> tuple:
    """Return (the fed squares, the feeding choices scored) of a town of these rows ("." an empty square)."""
    squares = [None if word == "." else word for row in rows for word in row.split()]
    before = EVALUATIONS[0]
    fed = choose_feeding(TownView(squares, sorted({card for card in squares if card})))
    return sorted(fed), EVALUATIONS[0] - before


def test_the_table_of_choices_counts_every_choice_of_a_size_among_a_town_s_squares():
    # The walks read how many choices a size has from CHOICES (choices of 4 among 9: 126) to choose how to walk them.
    assert [[CHOICES[count][size] for size in range(count + 1)] for count in range(17)] == \
        [[len(list(combinations(tuple(range(count)), size))) for size in range(count + 1)] for count in range(17)]
    assert CHOICES[9][4] == 126


def test_apart_counts_cards_no_square_serves_twice():
    # The Tithe Barn town of the bench: a Temple (d3) whose only Cottages are d2 and c3, a Schoolhouse (a1) whose only
    # one is a2, and Schoolhouses with Cottages of their own (b1: c1 or b2; a4: a3 or b4).
    squares = ["schoolhouse", "schoolhouse", "cottage", "cottage", "cottage", "cottage", "grand-mausoleum-of-the-rodina",
               "cottage", "cottage", "schoolhouse", "cottage", "temple", "schoolhouse", "cottage", "schoolhouse",
               "tithe-barn"]
    _, cards, _ = town_cards(squares)
    # Apart: the Temple (2 squares), the Schoolhouses of a1, b1 and a4 (1 each); b3's and c4's are counted whole (8).
    # 5 squares pay every card (24 points); 4 leave one Schoolhouse apart unpaid, 3 a second or the Temple.
    assert [cards.apart(slots) for slots in range(7)] == [8, 12, 16, 20, 20, 24, 24]
    # The Cottages the best 4 squares bring (10) would pay every card if shared out as any card wanted.
    assert sum(sorted(cards.brings, reverse=True)[:4]) == 10
    assert cards.reachable(4) == 20


def test_apart_counts_a_square_of_its_own_for_a_card_missing_two_that_shares_one_with_a_card_before_it():
    # The Temple at a4 has two Cottages, a3 and b4; the Temple at a2 has three, a1, b2 and a3, one of them a4's: to be
    # paid beside a4's it needs one more Cottage of its own. The Schoolhouses at c1 (b1 or c2) and d3 (d2, c3 or d4)
    # have their own; b3's (b2, a3, c3 or b4) are all beside cards before it, so it is counted whole. Every card (20)
    # takes 5 squares; 4 leave one card unpaid, and 2 two. Counted whole, the Temple at a2 let 4 squares pay every card,
    # and 2 pay four.
    rows = ("cottage cottage schoolhouse farm", "temple cottage cottage cottage",
            "cottage schoolhouse cottage schoolhouse", "temple cottage eraflage-vineyard cottage")
    top, cards, near = town_cards([word for row in rows for word in row.split()])
    assert [cards.apart(slots) for slots in range(7)] == [4, 8, 12, 16, 16, 20, 20]
    # What any choice of so many squares makes at most: 3 squares make no more than 2 do (12), which apart() does not
    # see (a Temple's square of its own pays it only beside a square of the other Temple's).
    assert [max(needy_points(top.needy, frozenset(chosen)) for chosen in combinations(near, slots))
            for slots in range(7)] == [0, 8, 12, 12, 16, 20, 20]


def test_no_choice_of_squares_makes_more_than_the_bounds():
    rng = random.Random(20261205)
    for _ in range(300):
        squares = [rng.choice(NEEDY) for _ in range(16)]
        fed = frozenset(i for i in range(16) if squares[i] == "cottage" and rng.random() < 0.2)
        top, cards, near = town_cards(squares, fed)
        for slots in range(min(len(near), 5) + 1):
            most = max(needy_points(top.needy, fed.union(chosen)) for chosen in combinations(near, slots))
            assert most <= cards.paid + cards.apart(slots), (squares, sorted(fed), slots)
            assert most <= cards.paid + cards.reachable(slots), (squares, sorted(fed), slots)


def test_no_choice_of_a_size_a_walk_skips_beats_the_best():
    # Every choice of a size a walk skips (below(): by the cards' bound, or for a neighbour left out worth as much as
    # the others' last square), scored in full with the others' squares, makes no more than the best so far, or than
    # the walk's floor (a choice of the walk makes more: Neighbours.first_choices).
    rng = random.Random(20261209)
    below = capacity._Walk.below
    checked = [0]

    def checking(walk, size, rest_made):
        skipped = below(walk, size, rest_made)
        if skipped:
            top = walk.judge.top
            fed = set(top.worths).difference(walk.unfed).union(walk.rest)
            beat = max(found for found in (walk.judge.best and walk.judge.best[0], walk.floor) if found is not None)
            for chosen in combinations(walk.near, size):
                assert made(top, fed.union(chosen)) + walk.judge.extra <= beat
            checked[0] += 1
        return skipped

    with mock.patch.object(capacity._Walk, "below", checking):
        for n in range(2000):
            squares = mixed_town(rng, ("farm",) * rng.randint(1, 2)) if n % 2 else [rng.choice(NEEDY + ["farm"])
                                                                                   for _ in range(16)]
            choose_feeding(TownView(squares, sorted({card for card in squares if card})))
    assert checked[0] > 120


def test_a_farm_s_larger_choices_are_not_walked_when_a_smaller_one_and_the_vineyard_make_more():
    # The Farm feeds 4 of 8 Cottages beside Temples and Schoolhouses, or 3 of them and the Eraflage Vineyard at a1,
    # beside no needy card and worth more than any of them (9 fed). The choices of 4, walked first, make less than the
    # first choice of 3 and the Vineyard: none of them is walked. The choices of 3 make 30 at most (the Vineyard 9, 3
    # Cottages 9, and the 12 points of cards 3 squares can pay), and the walk of them stops at the first making 30:
    # 3 scored (and the ceiling), where 28 were before that bound, and 84 before the first; a1, c1, c2 and b3 are fed.
    rows = ("eraflage-vineyard cottage cottage schoolhouse", "cottage temple cottage cottage",
            "cottage cottage schoolhouse cottage", "cottage farm cottage temple")
    assert farm_fed(rows) == ([0, 2, 6, 9], 4)


def test_a_farm_s_smaller_choice_is_not_walked_when_a_neighbour_left_out_is_worth_the_other_square():
    # The Farm feeds 4 of 8 Cottages and an Eraflage Vineyard beside Temples and Schoolhouses, or 3 of them and the
    # Cottage at a1 beside nothing: each choice of 3 leaves out a neighbour worth as much as a1's Cottage, so only the
    # 70 choices of 4 are walked, where 126 were; 38 of them scored (and the ceiling), the others passed over as the
    # Cottages after them cannot lift them above the best.
    rows = ("cottage farm eraflage-vineyard schoolhouse", "cottage schoolhouse cottage cottage",
            "temple cottage temple temple", "cottage schoolhouse cottage cottage")
    assert farm_fed(rows) == ([2, 4, 6, 9], 39)


def test_a_walk_stops_at_the_first_choice_making_the_most_the_cards_can_share_out():
    # The Farm feeds 4 of 8 Cottages beside Temples and Schoolhouses, or 3 of them and the Barrett Castle at b1, beside
    # no needy card and worth more than a Cottage. The choices of 4, walked first with no best before them, make 24 at
    # most (4 Cottages 12, and the 12 points of cards 4 squares can pay): the first makes that much, and ends their walk
    # (1 scored, where 50 were). The most any choice can make is then worked out (settled(): the best squares' Cottages
    # shared out among the cards, 26, where every card paid would make 30), and the walk of the choices of 3 stops at
    # the first making 26: 2 scored, where all 27 the bounds let through were. b1, d1, b2 and a3 are fed; the 4 counted
    # are those 3 choices and the ceiling's one scoring.
    rows = ("cottage barrett-castle cottage cottage", "temple cottage cottage schoolhouse",
            "cottage schoolhouse cottage cottage", "cottage farm temple cottage")
    assert farm_fed(rows) == ([1, 3, 5, 8], 4)


def test_neighbours_ordered_by_their_gains_are_those_ordered_by_their_cards():
    # A Tithe Barn's walk orders its neighbours by what each can add as worked out for the plans' bound (gains(),
    # handed to the walk), before their cards are marked; any other walk marks their cards, works that out from them (as
    # Cards.most) and reorders them. Both give the same neighbours in the same order, ties included, with the same
    # cards: the same walk.
    rng = random.Random(20261209)
    walks = 0
    for _ in range(400):
        squares = [rng.choice(NEEDY + ["eraflage-vineyard", "grand-mausoleum-of-the-rodina"]) for _ in range(16)]
        squares[rng.randrange(16)] = "tithe-barn"
        town = TownView(squares, sorted({card for card in squares if card}), coins=4, right_coins=0)
        feeding = Feeding(town.squares)
        judge = Judge(town, feeding)
        judge.in_order = False
        fed = set(feeding.fixed)
        unfed = [i for i in feeding.feedable if i not in fed]
        side = judge.needy_side()
        near = tuple([i for i in unfed if side >> i & 1])
        if len(near) < 2:
            continue
        walks += 1
        marked = Neighbours(judge, fed, unfed, near, 4, [])
        ordered = Neighbours(judge, fed, unfed, near, 4, [], gains(judge.top, fed, unfed))
        assert (ordered.near, ordered.most_of, ordered.worth, ordered.cards.singles, ordered.cards.pairs,
                ordered.cards.doubles) == (marked.near, marked.most_of, marked.worth, marked.cards.singles,
                                           marked.cards.pairs, marked.cards.doubles), squares
    assert walks > 300


def test_a_walk_made_ready_for_another_capacity_walks_as_one_set_up_anew():
    # A Tithe Barn's plans of more or fewer pairs walk the same unfed squares: the walk kept for them (Judge.walks) is
    # made ready for each capacity (Neighbours.again), keeping its cards and what does not depend on the capacity.
    # Set up anew for every plan (its neighbours ordered by their cards, not by the gains handed to it), the walk feeds
    # the same squares, spends the same coins and scores as many choices: nothing kept from a plan before says otherwise.
    rng = random.Random(20261210)
    walk_of, again = capacity._walk_of, Neighbours.again
    made_ready = [0]

    def counted_again(walk, capacity, picked):
        made_ready[0] += hasattr(walk, "base")
        again(walk, capacity, picked)

    def fresh_walk_of(judge, squares, fed, unfed, capacity, picked, key, gain):
        judge.walks = {}
        return walk_of(judge, squares, fed, unfed, capacity, picked, key, None)

    def scored(squares, coins, right):
        town = TownView(squares, sorted({card for card in squares if card}), coins=coins, right_coins=right)
        before = EVALUATIONS[0]
        found = choose_feeding(town)
        return found, sorted(town.fed), town.spending, EVALUATIONS[0] - before

    # With the Grand Mausoleum a Cottage fed gains nothing, so pairs are bought for the needy cards alone and more than
    # one plan is walked.
    extras = ("eraflage-vineyard", "estival-festival", "granary", "farm", "greenhouse")
    for _ in range(1500):
        squares = [rng.choice(NEEDY + ["cottage", "schoolhouse", "parsonage"]) for _ in range(16)]
        squares[rng.randrange(16)] = "tithe-barn"
        for extra in ["grand-mausoleum-of-the-rodina"] * rng.randint(0, 1) + rng.sample(extras, rng.randint(0, 2)):
            squares[rng.choice([i for i in range(16) if squares[i] != "tithe-barn"])] = extra
        coins, right = rng.randint(1, 5), rng.randint(0, 5)
        with mock.patch.object(Neighbours, "again", counted_again):
            found = scored(squares, coins, right)
        with mock.patch.object(capacity, "_walk_of", fresh_walk_of):
            assert found == scored(squares, coins, right), (squares, coins, right)
    assert made_ready[0] > 150, made_ready
