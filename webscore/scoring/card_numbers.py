"""Every card's permanent number in game codes, read from the card's row in the catalogue (cards.py).

A code names the game's card of each colour, and each player's monument, by its number. Each number is written
out by hand in its card's row, never derived from sorting or from a dict's order, so that a card added to the
game never renames a card of a code already shared (a result link must mean the same game forever).

Numbers are only ever appended: a new card takes the next number of its colour (a monument, the next monument
number); a number is never reused, never reordered, and a card that leaves the game keeps its row and number.
The base game's cards come first: version-1 codes spend 2 bits on a colour and name its numbers 0 to 3, and the
base game's 15 monuments only; version 2 spends 4 bits (16 a colour) and names every monument numbered.
tests/core/test_pinned_codes.py reads codes written in the past and fails if these tables change what they name.
"""

from .cards import ALL_BUILDINGS
from .cards import ALL_MONUMENTS
from .cards import CARD_COLOURS


def by_number(numbers: dict, first: int) -> tuple:
    """Return the cards ({card: number}) in the order of their numbers, which run from first with none missing
    or repeated: a catalogue that numbers two cards alike, or skips a number, is refused as it is imported."""
    cards = [None] * len(numbers)
    for card, number in numbers.items():
        if not first <= number < first + len(cards) or cards[number - first] is not None:
            raise ValueError("card number {} of {} is taken or out of order".format(number, card))
        cards[number - first] = card
    return tuple(cards)


# The building cards of each colour, numbered from 0 by position (the Cottage, in every game, has none).
CARDS_BY_NUMBER = {colour: by_number({card: row[2] for card, row in ALL_BUILDINGS.items() if row[0] == colour}, 0)
                   for colour in CARD_COLOURS}

# The monuments, numbered from 1 by position (0 in a code is "no monument").
MONUMENTS_BY_NUMBER = by_number({monument: row[1] for monument, row in ALL_MONUMENTS.items()}, 1)

# Read backwards: each card's colour and number, each monument's number.
CARD_NUMBER = {card: (colour, n) for colour, cards in CARDS_BY_NUMBER.items() for n, card in enumerate(cards)}
MONUMENT_NUMBER = {monument: n + 1 for n, monument in enumerate(MONUMENTS_BY_NUMBER)}
