"""What feeding one square of a card gains (feeding_worths.card_worths) is what its rule gives fed less unfed."""

import random

from webscore.scoring.board import TownView
from webscore.scoring.feeding_worths import FED_GAINS
from webscore.scoring.feeding_worths import card_worths
from webscore.scoring.monuments import CARD_RULES

CARDS = ["cottage", "chapel", "farm", "well", "temple", "schoolhouse", "tavern", "theater", "market", None]


def test_the_vineyard_gains_its_fed_points_whatever_its_row_and_column():
    rng = random.Random(20261205)
    for _ in range(200):
        squares = [rng.choice(CARDS) for _ in range(16)]
        i = rng.randrange(16)
        squares[i] = "eraflage-vineyard"
        town = TownView(squares, sorted({card for card in squares if card}))
        rule = CARD_RULES["eraflage-vineyard"]
        town.fed = frozenset((i,))
        fed = rule(town, i)[0]
        town.fed = frozenset()
        assert fed - rule(town, i)[0] == FED_GAINS["eraflage-vineyard"] == 9
        assert card_worths(town, [j for j in range(16) if squares[j] == "chapel"], [i]) == {"eraflage-vineyard": 9}
