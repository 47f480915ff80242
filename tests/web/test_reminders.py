"""A card's reminder says the exceptions its score makes: each is paired with a town the core scores, where
the exception it names shows (a monument, Barrett Castle, the card itself, what is next to it)."""

import pytest

from support.towns import points
from support.towns import score_town
from webscore.web.i18n.labels import REMINDERS

CASES = [
    # The Archive counts the types of its town, not itself: Cottage, Well and Farm, 3.
    ("archive-of-the-second-age", "monuments not counted",
     ("archive-of-the-second-age cottage well farm", ". . . .", ". . . .", ". . . ."), "a1", 3),
    # A Well next to an unfed Barrett Castle (2) and a Cottage (1): 3.
    ("well", "Barrett Castle counts 2",
     ("barrett-castle well cottage .", ". . . .", ". . . .", ". . . ."), "b1", 3),
    ("well", "fed or not", ("cottage well . .", ". . . .", ". . . .", ". . . ."), "b1", 1),
    # A Chapel with a fed Barrett Castle (2) and a fed Cottage (1), the Farm feeding both: 3.
    ("chapel", "a fed Barrett Castle counts 2",
     ("barrett-castle chapel cottage farm", ". . . .", ". . . .", ". . . ."), "b1", 3),
    # A Temple next to a fed Barrett Castle alone: two fed Cottages, 4.
    ("temple", "a fed Barrett Castle counts 2",
     ("barrett-castle temple farm .", ". . . .", ". . . .", ". . . ."), "b1", 4),
    # A Theater sees Fort Ironweed and the Well in its row, the Cottage in its column; not the Farm on a diagonal: 3.
    ("theater", "a monument is a type of its own",
     ("fort-ironweed theater well .", "farm cottage . .", ". . . .", ". . . ."), "b1", 3),
]


@pytest.mark.parametrize("card, says, rows, square, expected", CASES, ids=[case[0] + "-" + case[1] for case in CASES])
def test_a_reminder_names_the_exception_its_score_makes(card, says, rows, square, expected):
    assert says in str(REMINDERS[card])
    assert points(score_town(*rows), square) == expected
