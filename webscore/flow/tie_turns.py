"""The tie's turns form: the turns each tied player took as Master Builder, read into the game, or "we did not count them".

Asked on a result page after the towns are scored (results' views, flow.turns_json), it stands apart from the town
steps: it changes every tied player's record at once and reads the tie from the game scored.
"""

from ..scoring.game import score_valid_game
from ..scoring.validate import problems
from .fields import problem
from .fields import whole

# The tie's form's answer "we did not count them": the turns left blank are taken as equal.
UNCOUNTED = ("uncounted", "1")


def uncounted(fields: dict) -> bool:
    """Tell whether the tie's turns form was answered "we did not count them" (UNCOUNTED)."""
    return fields.get(UNCOUNTED[0]) == UNCOUNTED[1]


def turns_taken(game: dict, fields: dict) -> tuple:
    """Return (the game with the turns the tie's form gives, the problems, the game scored or None): what the form's
    answer is drawn from, on the server and in the browser. "We did not count them" reads the tie from the game
    scored, and the page of refused turns shows that same result: the game is scored once."""
    result = score_valid_game(game) if uncounted(fields) else None
    changed, found = set_turns(game, fields, result)
    return changed, found, result


def set_turns(game: dict, fields: dict, result=None):
    """Return the game with the turns as Master Builder that fields give (turns-1 …), and the problems.

    With "we did not count them" (uncounted()), every player of a tied total is given 0, whatever was typed: equal
    turns, so the next tie-break decides. A number typed for one of them alone would otherwise beat the others' 0.
    The ties are read from result, the game scored (score_valid_game), where the caller scored it already.
    """
    players = [dict(player) for player in game["players"]]
    if uncounted(fields):
        scored = (result or score_valid_game(game))["players"]
        tied = [p for p, player in enumerate(scored) if player["decided_by"] is not None]
        for p in tied:
            players[p]["master_builder_turns"] = 0
        changed = dict(game, players=players)
        return changed, problems(changed)
    found = []
    for p, player in enumerate(players):
        key = "turns-" + str(p + 1)
        if key not in fields:
            continue
        value = whole(fields.get(key))
        if value is False or value is None:
            found.append(problem("master_builder_turns-not-a-number", p))
        else:
            player["master_builder_turns"] = value
    changed = dict(game, players=players)
    # Every box's problem at once: a number out of range beside a box that holds no number is named too.
    flagged = {item["player"] for item in found}
    return changed, found + [item for item in problems(changed) if item["player"] not in flagged]
