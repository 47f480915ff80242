"""A four-player game with the whole box: Fortune's cards, monuments and coins, and Tiny Trees.

Léa (Estival Festival, 5 coins) buys columns a, b and c with her Root Cellar; Noé's Hollow Hill scores 7 − 2;
Ödön's seed on c4, his one square without a building, grows into a tree, and he wins; Zoé keeps 4 of her 5 coins.
"""

from support.towns import town

NAMES = ("Léa", "Noé", "Ödön", "Zoé")
ROWS = {
    "Léa": ("cottage cottage root-cellar estival-festival", "cottage parsonage well .",
            "jeweler schoolhouse cottage .", "oddity-shop . . ."),
    "Noé": ("hollow-hill cottage . .", "cottage schoolhouse . .", ". . . .", ". . . ."),
    "Ödön": ("eraflage-vineyard cottage cottage well", "root-cellar parsonage jeweler cottage",
             "schoolhouse cottage well jeweler", "oddity-shop cottage . cottage"),
    "Zoé": ("the-petal-promenade jeweler . .", "cottage cottage root-cellar .", ". well . .", ". . . ."),
}
FACTS = {"Léa": {"coins": 5, "seed": "d2"}, "Noé": {"coins": 2, "seed": "a4", "hollow_hill_swaps": 1},
         "Ödön": {"coins": 4, "seed": "c4"}, "Zoé": {"coins": 5, "seed": "b4"}}
MONUMENTS = {"Léa": "estival-festival", "Noé": "hollow-hill", "Ödön": "eraflage-vineyard", "Zoé": "the-petal-promenade"}
BUILDINGS = ["cottage", "root-cellar", "well", "parsonage", "schoolhouse", "jeweler", "oddity-shop"]
GAME = {"mode": "master-builder", "monuments": True, "cavern": False, "coins": True, "tiny_trees": True,
        "fortune_monuments": True, "buildings": BUILDINGS,
        "players": [dict({"name": name, "monument": MONUMENTS[name], "town": town(*ROWS[name])}, **FACTS[name])
                    for name in NAMES]}
