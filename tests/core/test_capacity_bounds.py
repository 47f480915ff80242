"""The Farms' and the Tithe Barn's walk: its bounds never below what a choice makes, its choices scored at once as one by one."""

import random
from unittest import mock

from support.feeding_towns import WORST
from support.feeding_towns import mixed_town
from support.feeding_towns import same_as_full_search
from support.feeding_towns import town_from_rows
from webscore.scoring import capacity
from webscore.scoring import lanes as lanes_of
from webscore.scoring.board import TownView
from webscore.scoring.capacity_bounds import Neighbours
from webscore.scoring.feeding import Feeding
from webscore.scoring.feeding import Judge
from webscore.scoring.feeding import choose_feeding
from webscore.scoring.feeding_worths import EVALUATIONS
from webscore.scoring.feeding_worths import ceiling
from webscore.scoring.feeding_worths import gains
from webscore.scoring.feeding_worths import made
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


def test_the_lanes_of_the_choices_are_the_choices_in_lexicographic_order():
    # Lane n is the n-th choice of `size` places among `count` in lexicographic order: each place holds the lanes of the
    # choices it is in, every lane is one bit of `lanes`, and each lane's places are its choice as bits.
    for count in range(1, 13):
        for size in range(count + 1):
            members, lanes, chosen = lanes_of.choice_lanes(count, size)
            expected = list(combinations(tuple(range(count)), size))
            assert [sum(1 << p for p in choice) for choice in expected] == chosen
            assert lanes == (1 << len(expected)) - 1
            assert members == [sum(1 << n for n in range(len(expected)) if p in expected[n]) for p in range(count)]
    assert lanes_of.choice_lanes(4, 2)[2] == [0b0011, 0b0101, 0b1001, 0b0110, 0b1010, 0b1100]


def test_lanes_added_up_hold_each_lane_s_total():
    rng = random.Random(20261207)
    for _ in range(300):
        width = rng.randint(1, 130)
        lanes = [rng.getrandbits(width) for _ in range(rng.randint(0, 9))]
        values = [rng.choice((0, 1, 2, 3, 4, 5, 9, 12, 17)) for _ in lanes]
        planes = lanes_of.added_up(lanes, values)
        totals = [sum(values[n] for n in range(len(lanes)) if lanes[n] >> lane & 1) for lane in range(width)]
        assert [sum(1 << j for j in range(len(planes)) if planes[j] >> lane & 1) for lane in range(width)] == totals
        most, best = lanes_of.best_lanes(planes, (1 << width) - 1)
        assert most == max(totals)
        assert best == sum(1 << lane for lane in range(width) if totals[lane] == most)
        assert lanes_of.first_lane(best) == totals.index(most)


def test_every_choice_scored_at_once_keeps_the_first_that_makes_the_most():
    # Neighbours of random needy towns, given random worths (some below 0, many equal, ties of totals everywhere): for
    # each size, every() keeps what a loop through the choices in lexicographic order keeps, each scored by its worths
    # and the cards its squares pay (Cards' masks), the first best kept only when it beats the best so far.
    rng = random.Random(20261211)
    walks = 0
    for _ in range(600):
        squares = [rng.choice(NEEDY + ["grand-mausoleum-of-the-rodina"]) for _ in range(16)]
        squares[rng.randrange(16)] = "tithe-barn"
        town = TownView(squares, sorted({card for card in squares if card}), coins=4, right_coins=0)
        feeding = Feeding(town.squares)
        judge = Judge(town, feeding)
        judge.in_order = rng.random() < 0.3
        fed = set(feeding.fixed)
        unfed = [i for i in feeding.feedable if i not in fed]
        side = judge.needy_side()
        near = tuple([i for i in unfed if side >> i & 1])
        if not 2 <= len(near) <= 9:
            continue
        walk = capacity._Walk(judge, fed, unfed, near, 4, [])
        walk.worth = [rng.choice((-3, -1, 0, 0, 2, 3, 3, 3, 5, 9)) for _ in near]
        cards = walk.cards
        for size in range(1, len(near)):
            made_by_others = rng.randint(-2, 6)
            choices = list(combinations(tuple(range(len(near))), size))
            totals = []
            for choice in choices:
                got = once = twice = 0
                for p in choice:
                    got |= cards.singles[p]
                    twice |= once & cards.pairs[p] | cards.doubles[p]
                    once |= cards.pairs[p] | cards.doubles[p]
                totals.append(walk.base + made_by_others + sum(walk.worth[p] for p in choice) + cards.paid_one[got] +
                              cards.paid_two[twice])
            before = None if rng.random() < 0.4 else (max(totals) + rng.randint(-3, 1), [], ((), (), 0), None)
            judge.best = before
            # all_paid() reads the town's own worths: the first choice is not taken for the best on its say.
            with mock.patch.object(Neighbours, "all_paid", return_value=10 ** 6):
                walk.every(size, made_by_others)
            most = max(totals)
            if before is not None and most <= before[0]:
                assert judge.best is before
            else:
                chosen = choices[totals.index(most)]
                # The squares it feeds, kept as the neighbours and the bits of those chosen (Judge.done lists them).
                assert judge.best[:3] == (most, [], (walk.near, (), sum(1 << p for p in chosen))), (squares, size)
            walks += 1
    assert walks > 1000, walks


def test_no_choice_of_a_size_a_walk_skips_beats_the_best():
    # Every choice of a size a walk skips (below(): by what its neighbours can each add, or for a neighbour left out
    # worth as much as the others' last square), scored in full with the others' squares, makes no more than the best
    # so far.
    rng = random.Random(20261209)
    below = capacity._Walk.below
    checked = [0]

    def checking(walk, size, rest_made):
        skipped = below(walk, size, rest_made)
        if skipped:
            top = walk.judge.top
            fed = set(top.worths).difference(walk.unfed).union(walk.rest)
            for chosen in combinations(walk.near, size):
                assert made(top, fed.union(chosen)) + walk.judge.extra <= walk.judge.best[0]
            checked[0] += 1
        return skipped

    with mock.patch.object(capacity._Walk, "below", checking):
        for n in range(2000):
            squares = mixed_town(rng, ("farm",) * rng.randint(1, 2)) if n % 2 else [rng.choice(NEEDY + ["farm"])
                                                                                   for _ in range(16)]
            choose_feeding(TownView(squares, sorted({card for card in squares if card})))
    assert checked[0] > 120


def test_a_farm_s_choices_of_each_size_are_scored_at_once():
    # The Farm feeds 4 of 8 Cottages beside Temples and Schoolhouses, or 3 of them and the Eraflage Vineyard at a1,
    # beside no needy card and worth more than any of them (9 fed). The 70 choices of 4 are scored at once, then the 56
    # of 3 (and the ceiling): 3 Cottages and the Vineyard make more than any 4 Cottages. a1, c1, c2 and b3 are fed.
    rows = ("eraflage-vineyard cottage cottage schoolhouse", "cottage temple cottage cottage",
            "cottage cottage schoolhouse cottage", "cottage farm cottage temple")
    assert farm_fed(rows) == ([0, 2, 6, 9], 127)


def test_a_farm_s_smaller_choice_is_not_walked_when_a_neighbour_left_out_is_worth_the_other_square():
    # The Farm feeds 4 of 8 Cottages and an Eraflage Vineyard beside Temples and Schoolhouses, or 3 of them and the
    # Cottage at a1 beside nothing: each choice of 3 leaves out a neighbour worth as much as a1's Cottage, so only the
    # 70 choices of 4 are scored (and the ceiling), where 126 would be.
    rows = ("cottage farm eraflage-vineyard schoolhouse", "cottage schoolhouse cottage cottage",
            "temple cottage temple temple", "cottage schoolhouse cottage cottage")
    assert farm_fed(rows) == ([2, 4, 6, 9], 71)


def test_a_walk_whose_first_choice_pays_every_card_scores_no_other():
    # The base game's worst town for the full search (1,013 choices): a Farm's choice scored alone first, the first 8
    # of the neighbours, pays every card and feeds the best squares (all_paid), so no other is scored (the ceiling and
    # it: 2, where the 45 choices of 8 among 10 would be scored at once).
    fed, _, new_count = same_as_full_search(town_from_rows(*WORST))
    assert new_count == 2
    assert sorted(fed) == [1, 3, 4, 5, 6, 7, 8, 10]
    with mock.patch.object(Neighbours, "all_paid", return_value=10 ** 6):
        assert same_as_full_search(town_from_rows(*WORST))[2] == 46


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
