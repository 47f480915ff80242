"""Pieces of the setup screen: what its script (setup.js) words as it redraws the form, and the page's rows.

The setup form itself is the server's template (webscore/web/setup/templates/setup.html), read and checked by
new_game.py; the words of its rows, which the page and the script both need, are written here once. Drawn by
the server and by the browser (under MicroPython) with the same function.
"""

from .text import fill
from .text import placed_texts
from .text import player_label


def setup_lines(words: dict, names: list, placed=None) -> dict:
    """Return what the setup form (setup.js) words as it redraws, as plain text: each player's row ("rows": its label
    "Player 1", and its buttons' names, "Move Ana up", "Remove Ana", by the label where the name is blank), and
    the flow's placed problems worded ("errors" by field, "general")."""
    ui = words["ui"]
    lines = placed_texts(words, placed)
    lines["rows"] = []
    for n, name in enumerate(names):
        label = player_label(words, n + 1)
        who = name.strip() or label
        lines["rows"].append({"label": label, "up": fill(ui["move_up"], {"name": who}),
                              "remove": fill(ui["remove"], {"name": who})})
    return lines
