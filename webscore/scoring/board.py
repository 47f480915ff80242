"""What a card's rule may look at: one player's town and the few facts around it."""

from .cards import ALL_MONUMENTS
from .cards import BARRETT_CASTLE
from .cards import COLOURS
from .cards import COTTAGE


class TownView:
    """One player's finished town, the squares fed, and the facts the rules need."""

    __slots__ = (
        "squares",
        "fed",
        "monument",
        "stored",
        "shrine_buildings",
        "completed_before",
        "right_feast_halls",
        "game_buildings",
        "coins",
        "right_coins",
        "hollow_hill_swaps",
        "seed",
        "spending",
    )

    def __init__(self, squares, game_buildings, stored=None, shrine_buildings=None,
                 completed_before=None, right_feast_halls=None, coins=None, right_coins=None,
                 hollow_hill_swaps=None, seed=None):
        self.squares = tuple(squares)
        self.game_buildings = tuple(game_buildings)
        self.fed = frozenset()
        self.stored = stored or {}
        self.shrine_buildings = shrine_buildings
        self.completed_before = completed_before
        # None when nobody sits on the right (solo).
        self.right_feast_halls = right_feast_halls
        # Coins in the chest before any end-of-game spending: None in a game played without coins.
        self.coins = coins
        self.right_coins = right_coins
        self.hollow_hill_swaps = hollow_hill_swaps
        # The square index of the Tiny Trees seed, None without Tiny Trees.
        self.seed = seed
        # What the feeding spent coins on (feeding.py), None when nothing could be spent.
        self.spending = None
        self.monument = None
        for card in self.squares:
            if card in ALL_MONUMENTS:
                self.monument = card

    def count(self, card: str) -> int:
        """Return how many squares hold this card."""
        return self.squares.count(card)

    def colours_at(self, indexes) -> set:
        """Return the colours of the cards on these squares (monuments and empties have none)."""
        squares = self.squares
        return {COLOURS[squares[i]] for i in indexes if squares[i] is not None}

    def fed_cottages(self, indexes) -> int:
        """Return the fed Cottages on these squares, a fed Barrett Castle counting 2 (as cottage_count counts them).

        A loop, not a sum over a generator calling cottage_count: under MicroPython each needy card's rule (Temple,
        Parsonage, Schoolhouse) pays for both, and a Fortune town has many of them.
        """
        squares, fed = self.squares, self.fed
        count = 0
        for i in indexes:
            if i in fed:
                card = squares[i]
                if card == COTTAGE:
                    count += 1
                elif card == BARRETT_CASTLE:
                    count += 2
        return count
