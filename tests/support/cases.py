"""Case tables shared by the core tests and the MicroPython parity test."""

BUILDING_CASES = [
    # Blue: Cottage
    ("cottage unfed", ("cottage . . .", ". . . .", ". . . .", ". . . ."), "a1", 0),
    ("cottage fed by a farm anywhere", ("cottage . . .", ". . . .", ". . . .", ". . . farm"), "a1", 3),
    ("cottage unfed with the mausoleum", ("cottage . . .", ". . . .", ". . . .",
                                          ". . . grand-mausoleum-of-the-rodina"), "a1", 3),
    # Red: Granary feeds its 8 surrounding squares, diagonals included
    ("granary feeds a diagonal", ("cottage . . .", ". granary . .", ". . . .", ". . . ."), "a1", 3),
    ("granary feeds the far diagonal", (". . . .", ". granary . .", ". . cottage .", ". . . ."), "c3", 3),
    ("granary does not reach two away", (". . . .", ". granary . .", ". . . .", ". . . cottage"), "d4", 0),
    # Orchard feeds its row and column only
    ("orchard feeds its column", (". . . .", ". orchard . .", ". . . .", ". cottage . ."), "b4", 3),
    ("orchard feeds its row", (". . . .", ". orchard . cottage", ". . . .", ". . . ."), "d2", 3),
    ("orchard not diagonally", ("cottage . . .", ". orchard . .", ". . . .", ". . . ."), "a1", 0),
    # Greenhouse feeds one connected group, the larger here
    ("greenhouse feeds the larger group", ("cottage . . .", "cottage . . .", ". . . .",
                                           ". greenhouse . cottage"), "a2", 3),
    ("greenhouse leaves the smaller group", ("cottage . . .", "cottage . . .", ". . . .",
                                             ". greenhouse . cottage"), "d4", 0),
    # Grey
    ("fountain beside a fountain", ("fountain fountain . .", ". . . .", ". . . .", ". . . ."), "a1", 2),
    ("fountain diagonal only", ("fountain . . .", ". fountain . .", ". . . .", ". . . ."), "a1", 0),
    ("millstone beside red", ("millstone farm . .", ". . . .", ". . . .", ". . . ."), "a1", 2),
    ("millstone beside yellow", ("millstone . . .", "bakery . . .", ". . . .", ". . . ."), "a1", 2),
    ("millstone beside navy", ("millstone bank . .", ". . . .", ". . . .", ". . . ."), "a1", 0),
    ("shed", (". . . .", ". shed . .", ". . . .", ". . . ."), "b2", 1),
    ("well counts fed and unfed cottages", ("cottage well cottage .", ". cottage . .", ". . . .",
                                            ". . . ."), "b1", 3),
    ("well ignores diagonals", ("cottage . . .", ". well . .", ". . . .", ". . . ."), "b2", 0),
    ("well beside barrett castle", ("barrett-castle well . .", ". . . .", ". . . .", ". . . ."), "b1", 2),
    # Orange
    ("abbey alone", ("abbey farm cottage .", "well . . .", ". . . .", ". . . ."), "a1", 3),
    ("abbey beside green", ("abbey tavern . .", ". . . .", ". . . .", ". . . ."), "a1", 0),
    ("abbey beside yellow", ("abbey . . .", "theater . . .", ". . . .", ". . . ."), "a1", 0),
    ("abbey beside navy", ("abbey factory . .", ". . . .", ". . . .", ". . . ."), "a1", 0),
    ("abbey with green diagonal", ("abbey . . .", ". tavern . .", ". . . .", ". . . ."), "a1", 3),
    ("chapel counts every fed cottage", ("chapel cottage cottage cottage", ". . . .", ". . . .",
                                         ". . . farm"), "a1", 3),
    ("chapel ignores unfed cottages", ("chapel cottage . .", ". . . .", ". . . .", ". . . ."), "a1", 0),
    ("chapel ignores mausoleum cottages", ("chapel cottage . .", ". . . .", ". . . .",
                                           ". . . grand-mausoleum-of-the-rodina"), "a1", 0),
    ("chapel counts a fed castle twice", ("chapel barrett-castle . .", ". . . .", ". . . .",
                                          ". . . farm"), "a1", 2),
    ("cloister counts cornered cloisters", ("cloister . . cloister", ". cloister . .", ". . . .",
                                            ". . . ."), "b2", 2),
    ("cloister on a corner counts itself", ("cloister . . .", ". . . .", ". . . .", ". . . ."), "a1", 1),
    ("temple with two fed cottages", ("cottage temple cottage .", ". . . .", ". . . .", ". . . farm"),
     "b1", 4),
    ("temple with one fed, one unfed", ("cottage temple cottage .", ". . . .", ". . . .",
                                        ". . . ."), "b1", 0),
    ("temple beside a fed castle", ("barrett-castle temple . .", ". . . .", ". . . .", ". . . farm"),
     "b1", 4),
    # Green
    ("inn alone", ("inn . . .", ". inn . .", ". . . .", ". . . ."), "a1", 3),
    ("inn sharing a row", ("inn . . inn", ". . . .", ". . . .", ". . . ."), "a1", 0),
    ("inn sharing a column", ("inn . . .", ". . . .", ". . . .", "inn . . ."), "a4", 0),
    # Yellow
    ("bakery beside red", ("bakery granary . .", ". . . .", ". . . .", ". . . ."), "a1", 3),
    ("bakery beside navy", ("bakery . . .", "warehouse . . .", ". . . .", ". . . ."), "a1", 3),
    ("bakery beside grey", ("bakery well . .", ". . . .", ". . . .", ". . . ."), "a1", 0),
    ("market counts its row", ("market market market .", ". . . .", ". . . .", ". . . ."), "a1", 3),
    ("market takes its longer line", ("market market . .", "market . . .", "market . . .",
                                      ". . . ."), "a1", 3),
    ("market row of four", ("market market market market", ". . . .", ". . . .", ". . . ."), "b1", 4),
    ("market alone", (". . . .", ". market . .", ". . . .", ". . . ."), "b2", 1),
    ("tailor outside the centre", ("tailor . . .", ". tailor tailor .", ". . . .", ". . . ."), "a1", 3),
    ("tailor in the centre counts itself", ("tailor . . .", ". tailor . .", ". . . .", ". . . ."),
     "b2", 2),
    ("tailor capped at 5", ("tailor . . .", ". tailor tailor .", ". tailor tailor .", ". . . ."),
     "a1", 5),
    ("theater counts types in row and column", ("cottage theater well .", ". farm . .", ". cottage . .",
                                                ". chapel . ."), "b1", 4),
    ("theater counts castle as cottage", ("cottage theater barrett-castle .", ". . . .", ". . . .",
                                          ". . . ."), "b1", 1),
    ("theater counts a monument", ("cottage theater grove-university .", ". . . .", ". . . .",
                                   ". . . ."), "b1", 2),
    ("theater ignores theaters", ("theater theater . .", ". . . .", ". . . .", ". . . ."), "a1", 0),
    ("theater capped at 6", ("cottage theater well tavern", ". farm . .", ". chapel . .",
                             ". bank . ."), "b1", 6),
    # Navy
    ("bank", ("bank . . .", ". . . .", ". . . .", ". . . ."), "a1", 4),
    ("factory", ("factory . . .", ". . . .", ". . . .", ". . . ."), "a1", 0),
    ("trading post", ("trading-post . . .", ". . . .", ". . . .", ". . . ."), "a1", 1),
    ("warehouse with nothing stored", ("warehouse . . .", ". . . .", ". . . .", ". . . ."), "a1", 0),
]


def base_game() -> dict:
    """Return a valid two-player game to break in one place per test."""
    return {
        "mode": "master-builder",
        "monuments": True,
        "cavern": False,
        "buildings": ["cottage", "farm", "well", "chapel", "tavern", "theater", "warehouse"],
        "players": [
            {"name": "Ana", "monument": "the-starloom",
             "town": [["cottage", "farm", None, "well"], ["cottage", "chapel", "tavern", "warehouse"],
                      [None, None, "theater", "the-starloom"], ["tavern", "cottage", "well", None]],
             "master_builder_turns": 4, "stored": {"d2": 2}, "completed_before": 0},
            {"name": "Bo", "monument": "shrine-of-the-elder-tree",
             "town": [["shrine-of-the-elder-tree", None, None, None], [None] * 4, [None] * 4, [None] * 4],
             "shrine_buildings": 1},
        ],
    }


def broken(change) -> dict:
    """Return the base game with one change made to it."""
    game = base_game()
    change(game)
    return game


def set_square(player, square, card):
    """Return a change that puts a card on one square of one player's town."""
    def change(game):
        game["players"][player]["town"][int(square[1]) - 1]["abcd".index(square[0])] = card
    return change


MISTAKES = [
    ("unknown id on a square", set_square(0, "c1", "castle"), [("unknown-card", 0, "c1")]),
    ("building not in this game", set_square(0, "c1", "bakery"), [("building-not-in-game", 0, "c1")]),
    ("someone else's monument", set_square(0, "c1", "fort-ironweed"), [("not-players-monument", 0, "c1")]),
    ("two monument squares", set_square(0, "c1", "the-starloom"), [("second-monument", 0, "d3")]),
    ("more than 3 stored", lambda g: g["players"][0]["stored"].update(d2=4), [("stored-over-3", 0, "d2")]),
    ("stored as text", lambda g: g["players"][0]["stored"].update(d2="2"), [("stored-not-a-count", 0, "d2")]),
    ("stored as true", lambda g: g["players"][0]["stored"].update(d2=True), [("stored-not-a-count", 0, "d2")]),
    ("stored off a warehouse", lambda g: g["players"][0]["stored"].update(a1=1),
     [("stored-not-on-warehouse", 0, "a1")]),
    ("stored on no square", lambda g: g["players"][0]["stored"].update(z9=1),
     [("stored-not-on-warehouse", 0, None)]),
    ("town of 3 rows", lambda g: g["players"][1]["town"].pop(), [("town-not-4x4", 1, None)]),
    ("row of 5", lambda g: g["players"][1]["town"][0].append(None), [("town-not-4x4", 1, None)]),
    ("shrine count missing", lambda g: g["players"][1].pop("shrine_buildings"),
     [("shrine_buildings-missing", 1, None)]),
    ("shrine count above the town", lambda g: g["players"][1].update(shrine_buildings=2),
     [("shrine_buildings-out-of-range", 1, None)]),
    ("shrine count without a shrine", lambda g: g["players"][0].update(shrine_buildings=3),
     [("shrine_buildings-not-needed", 0, None)]),
    ("starloom count missing", lambda g: g["players"][0].pop("completed_before"),
     [("completed_before-missing", 0, None)]),
    ("starloom count past the other players", lambda g: g["players"][0].update(completed_before=2),
     [("completed_before-out-of-range", 0, None)]),
    ("negative turns", lambda g: g["players"][0].update(master_builder_turns=-1),
     [("master_builder_turns-out-of-range", 0, None)]),
    ("turns in town hall", lambda g: g.update(mode="town-hall"), [("master_builder_turns-not-needed", 0, None)]),
    ("unknown mode", lambda g: g.update(mode="coop"), [("unknown-mode", None, None)]),
    ("unknown key", lambda g: g.update(colour="blue"), [("unknown-key", None, None)]),
    ("unknown player key", lambda g: g["players"][1].update(score=3), [("unknown-key", 1, None)]),
    ("flag not a boolean", lambda g: g.update(cavern="no"), [("flag-not-true-or-false", None, None)]),
    ("no cottage", lambda g: g["buildings"].__setitem__(0, "shed"),
     [("no-cottage", None, None), ("one-per-colour", None, None)]),
    ("two of a colour", lambda g: g["buildings"].__setitem__(1, "bakery"),
     [("one-per-colour", None, None), ("one-per-colour", None, None)]),
    ("unknown building", lambda g: g["buildings"].__setitem__(1, "castle"), [("unknown-building", None, None)]),
    ("no players", lambda g: g.update(players=[]), [("player-count", None, None)]),
    ("seven players", lambda g: g.update(players=g["players"] * 3 + [g["players"][0]]), [("player-count", None, None)]),
    ("solo with two players", lambda g: (g.update(mode="solo"), [p.pop("master_builder_turns", None)
                                                                  for p in g["players"]]),
     [("solo-needs-one-player", None, None)]),
    ("empty name", lambda g: g["players"][1].update(name="  "), [("name-missing", 1, None)]),
    ("long name", lambda g: g["players"][1].update(name="x" * 25), [("name-too-long", 1, None)]),
    ("same monument twice", lambda g: g["players"][1].update(monument="the-starloom", town=[[None] * 4] * 4,
                                                             shrine_buildings=None),
     [("monument-taken", 1, None)]),
    ("monument in a game without", lambda g: g.update(monuments=False),
     [("monuments-off", 0, None), ("monuments-off", 1, None)]),
    ("unknown monument", lambda g: g["players"][1].update(monument="eiffel"),
     [("unknown-monument", 1, None), ("not-players-monument", 1, "a1")]),
    ("game not an object", lambda g: g.clear(), [("unknown-mode", None, None), ("flag-not-true-or-false", None, None),
                                                 ("flag-not-true-or-false", None, None),
                                                 ("buildings-not-a-list", None, None), ("player-count", None, None)]),
]
