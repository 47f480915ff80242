"""The statistics page's calls, answered in the phone's core (flow.history_json, the door, tells each call's request
and answer): the phone's list of games read once and kept between calls, each game summed up once, an export file
joined to the list, and the page's figures, the plays' CSV or a quick pad's summary made from them.

Apart from the door because it keeps what the page sent: the core's worker serves one page, and the games it read
last stay here (_played). What a kept game is and what an import takes are history.py's; a game's summary
history_summary.py's, the figures history_stats.py's, the CSV history_csv.py's and the page history_pieces.py's.
"""

import json

from . import history
from . import history_csv
from . import history_pieces
from . import history_stats
from . import history_summary


def answer_call(request: dict) -> dict:
    """Answer one call of the statistics page (request: the door's JSON, read): the figures' page, the plays' CSV, an
    import joined or a quick pad's summary, as flow.history_json tells."""
    call = request.get("call")
    if call == "pad":
        return {"summary": history_summary.summary_of(history_summary.PAD + str(request.get("query") or ""))}
    # The page sends its games once; then "same": the list read last, with what was added to it since.
    if request.get("same"):
        games = _played["games"]
    else:
        games = _played["games"] = history.kept(request.get("played"))
    merged = history.kept_merges(request.get("merged"))
    if call == "import":
        return _imported(str(request.get("text") or ""), games, merged)
    read = 0
    for game in games:
        if "summary" not in game:
            game["summary"] = history_summary.summary_of(game["code"])
            read += 1
    if call == "csv":
        words = request.get("words") or {}
        answer = {"csv": history_csv.plays_csv(games, merged, words.get("stats", {}).get("csv"), words.get("modes"),
                                               request.get("links"))}
    else:
        filters = request.get("filters") or {}
        stats = history_stats.stats(games, merged, filters, int(request.get("now") or 0))
        unreadable = sum(1 for game in games if not game["summary"])
        answer = {"html": history_pieces.stats_page(request["words"], stats, filters, merged, request["links"],
                                                    unreadable)}
    if read:
        answer["played"] = _kept_text(games)
    return answer


def _imported(text: str, games: list, merged: dict) -> dict:
    """Answer an import (history_json's "import"): the games and merges joined, or the problem and nothing changed."""
    try:
        data = json.loads(text)
    except ValueError:
        # An export is a JSON object: a file that does not even start as one (the plays' CSV, a picture) is
        # another kind of file, one that does and breaks off is a damaged export.
        return {"problem": "damaged-export" if text.lstrip("\ufeff \t\r\n")[:1] == "{" else "not-an-export"}
    more, more_merged = history.imported(data)
    if more is None:
        return {"problem": more_merged}
    added = history.not_kept(games, more)
    # Each new game is read now: a code that does not open makes the file damaged, and nothing is taken.
    for game in added:
        game["summary"] = history_summary.summary_of(game["code"])
        if game["summary"] is None:
            return {"problem": "damaged-export"}
    joined = _played["games"] = games + added
    for name, other in more_merged.items():
        merged.setdefault(name, other)
    return {"played": _kept_text(joined), "merged": merged, "added": len(added)}


# The games the page sent last, as read (the core's worker serves one page: a filter or a merge draws again
# without the page sending, nor the worker reading, a thousand games again).
_played = {"games": []}


def _kept_text(games: list) -> str:
    """Return the games as the phone keeps them: JSON without spaces."""
    return json.dumps(games, separators=(",", ":"))
