"""Case tables of Fortune's buildings shared by the core tests and the MicroPython parity test."""

EMPTY = ". . . ."

FORTUNE_BUILDING_CASES = [
    # Red: worth nothing themselves.
    ("root cellar", ("root-cellar cottage . .", EMPTY, EMPTY, EMPTY), "a1", 0),
    ("tithe barn", ("tithe-barn cottage . .", EMPTY, EMPTY, EMPTY), "a1", 0),
    # A Tithe Barn feeds beside it for nothing, coins or not: 3 for the Cottage.
    ("tithe barn feeds beside it", ("tithe-barn cottage . .", EMPTY, EMPTY, EMPTY), "b1", 3),
    ("tithe barn not diagonally", ("tithe-barn . . .", ". cottage . .", EMPTY, EMPTY), "b2", 0),
    # Grey: coins when built, nothing at the end.
    ("statue", ("statue . . .", EMPTY, EMPTY, EMPTY), "a1", 0),
    ("mine", ("mine . . .", EMPTY, EMPTY, EMPTY), "a1", 0),
    # Orange: Cathedral 7 with no other Cathedral beside it.
    ("cathedral alone", ("cathedral . . .", EMPTY, EMPTY, EMPTY), "a1", 7),
    ("cathedral beside a cathedral", ("cathedral cathedral . .", EMPTY, EMPTY, EMPTY), "a1", 0),
    ("cathedral with one diagonal", ("cathedral . . .", ". cathedral . .", EMPTY, EMPTY), "a1", 7),
    ("cathedral of caterina is no cathedral", ("cathedral cathedral-of-caterina . .", EMPTY, EMPTY, EMPTY), "a1", 7),
    # Parsonage: 4 beside a fed Cottage; the Farm on d4 feeds it.
    ("parsonage beside a fed cottage", ("parsonage cottage . .", EMPTY, EMPTY, ". . . farm"), "a1", 4),
    ("parsonage beside an unfed cottage", ("parsonage cottage . .", EMPTY, EMPTY, EMPTY), "a1", 0),
    ("parsonage with a fed cottage diagonal", ("parsonage . . .", ". cottage . .", EMPTY, ". . . farm"), "a1", 0),
    ("parsonage beside a fed castle", ("parsonage barrett-castle . .", EMPTY, EMPTY, ". . . farm"), "a1", 4),
    ("parsonage beside an unfed castle", ("parsonage barrett-castle . .", EMPTY, EMPTY, EMPTY), "a1", 0),
    # The Grand Mausoleum's unfed Cottages score 3 but stay unfed.
    ("parsonage beside a mausoleum cottage", ("parsonage cottage . .", EMPTY, EMPTY,
                                             ". . . grand-mausoleum-of-the-rodina"), "a1", 0),
    # Yellow, navy, green: fixed points.
    ("jeweler", (". jeweler . .", EMPTY, EMPTY, EMPTY), "b1", 4),
    ("teahouse", (". teahouse . .", EMPTY, EMPTY, EMPTY), "b1", 1),
    ("museum", (". . museum .", EMPTY, EMPTY, EMPTY), "c1", 0),
    ("oddity shop", (". . oddity-shop .", EMPTY, EMPTY, EMPTY), "c1", 2),
    ("gamblers den", (EMPTY, ". gamblers-den . .", EMPTY, EMPTY), "b2", 2),
]

