"""Pieces of the setup screen: what its script (setup.js) words as it redraws the form, and the page's rows.

The setup form itself is the server's template (webscore/web/setup/templates/setup.html), read by new_game.py,
changed by setup_choices.py and checked by setup_start.py; the words of its rows, which the page and the script
both need, are written here once. Drawn by the server and by the browser (under MicroPython) with the same function.
"""

from .fields import is_count
from .text import fill
from .text import pair
from .text import placed_texts
from .text import player_label
from .text import sentences
from .text import titled


def setup_lines(words: dict, names: list, placed=None, action: str = "", before=None, dealt=None) -> dict:
    """Return what the setup form (setup.js) words as it redraws, as plain text: each player's row ("rows": its label
    "Player 1", and its buttons' names, "Move Ana up", "Remove Ana", by the label where the name is blank), the
    flow's placed problems worded ("errors" by field, "general"), the page's title's name ("title": "New game", after
    "Error: " where placed holds a problem, as the server's page titles it), and what a screen reader is told of the
    button answered ("said": the player removed or moved up, by their name before it, the monuments dealt)."""
    ui = words["ui"]
    lines = placed_texts(words, placed)
    lines["title"] = titled(words, ui["new_game"], lines)
    lines["rows"] = []
    for n, name in enumerate(names):
        label = player_label(words, n + 1)
        who = name.strip() or label
        lines["rows"].append({"label": label, "up": fill(ui["move_up"], {"name": who}),
                              "remove": fill(ui["remove"], {"name": who})})
    lines["said"] = _said(words, action, names, before or [], dealt or [])
    return lines


def _said(words: dict, action: str, names: list, before: list, dealt: list) -> str:
    """Return what a screen reader is told of a button of the setup answered, or "" where the page says it itself."""
    ui = words["ui"]
    verb, _, number = action.partition("-")
    if verb in ("remove", "up") and is_count(number) and int(number) < len(before):
        n = int(number)
        who = before[n].strip() or player_label(words, n + 1)
        if verb == "remove":
            return _sentence(words, fill(ui["player_removed"], {"name": who}))
        return _sentence(words, fill(ui["moved_up"], {"name": who, "num": n, "count": len(names)}))
    pairs = [_dealt_pair(words, n, name, dealt[n]) for n, name in enumerate(names[:len(dealt)])]
    if action == "deal-monuments" and any(pairs):
        return sentences([_sentence(words, ui["monuments_dealt"])] + pairs)
    return ""


def _dealt_pair(words: dict, n: int, name: str, dealt: str) -> str:
    """Return the two monuments dealt to row n's player as a sentence ("Ana: Barrett Castle or The Starloom."), or ""
    where none were."""
    cards = [words["cards"].get(card) for card in dealt.split()]
    if len(cards) != 2 or None in cards:
        return ""
    either = fill(words["ui"]["either"], {"first": cards[0], "second": cards[1]})
    return _sentence(words, pair(words, name.strip() or player_label(words, n + 1), either))


def _sentence(words: dict, text: str) -> str:
    """Return words said as a sentence, before the next."""
    return fill(words["ui"]["sentence"], {"words": text})
