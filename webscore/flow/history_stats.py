"""The statistics of the games a phone kept: per player, per building and per mode, with the period and group a
page narrows them to and the names counted as one.

It stands apart from the store (history.py) and from the summaries it reads (history_summary.py): it never scores a
game nor reads a code, it only counts what the summaries hold, so a figure of the statistics page changes here alone.
Every figure is a whole number: an average or a rate is kept in tenths or percent, rounded half up.
"""

from ..scoring.game import MODES
from ..scoring.game import SOLO
from ..scoring.game import TIE_SHARED
from .history import DAY
from .history_summary import COLUMNS

# The periods a page can be narrowed to, by how many days back they reach (None: every game).
PERIODS = (("all", None), ("month", 30), ("year", 365))
# How many monuments a player's favourites name, most built first.
FAVOURITES = 3


def won(place: int, players: int) -> bool:
    """Tell whether a player's place wins: first, with someone to beat (a game of one is played, never won, as
    BG Stats logs it)."""
    return place == 1 and players > 1


def _rounded(numerator: int, denominator: int) -> int:
    """Return numerator / denominator to the nearest whole number, a half rounded up."""
    return (2 * numerator + denominator) // (2 * denominator)


def tenths(total: int, count: int):
    """Return an average in tenths (125 for 12.5), None for nothing counted."""
    return _rounded(10 * total, count) if count else None


def merged_name(name: str, merged: dict) -> str:
    """Return the name a player is counted under: merges followed to their end, a loop stopping where it closes."""
    seen = [name]
    while name in merged and merged[name] not in seen:
        name = merged[name]
        seen.append(name)
    return name


def group_of(names: list) -> str:
    """Return a group of players as one text: its names, each once, sorted, one per line."""
    return "\n".join(sorted(set(names)))


def _in_period(when: int, period: str, now: int) -> bool:
    for name, days in PERIODS:
        if name == period:
            return days is None or when >= now - days * DAY
    return True


def stats(games: list, merged: dict, filters: dict, now: int) -> dict:
    """Return the statistics of kept games, each {"code", "when", "summary"}, oldest to newest after sorting.

    merged: {name: the name it is counted under}; filters: {"period": a PERIODS name, "group": group_of(...) or
    ""}; now: the phone's time, for the period. Games in no period or of another group are left out; the names
    and groups offered are those of every game, so a filter can always be changed back.
    """
    readable = sorted((g for g in games if g.get("summary")), key=lambda g: (g["when"], g["code"]))
    groups = {}
    names = set()
    seated = []
    for game in readable:
        players = [merged_name(p["name"], merged) for p in game["summary"]["players"]]
        names.update(players)
        group = group_of(players)
        groups[group] = groups.get(group, 0) + 1
        seated.append((game, players, group))
    # Groups that played more than once, most played first: "the same four friends". A group not offered (an
    # address typed, or a group a merge or a deletion changed) narrows nothing.
    offered = [group for group in sorted(groups, key=lambda g: (-groups[g], g)) if groups[group] > 1]
    wanted = filters.get("group") if filters.get("group") in offered else None
    chosen = [(game, players) for game, players, group in seated
              if _in_period(game["when"], filters.get("period") or "all", now) and (not wanted or wanted == group)]
    return {
        "games": len(chosen),
        "kept": len(readable),
        "names": sorted(names),
        "groups": offered,
        "players": _players(chosen),
        "buildings": _buildings(chosen),
        "modes": [[mode, sum(1 for game, _ in chosen if game["summary"]["mode"] == mode)] for mode in MODES],
        "solo": [{"code": game["code"], "when": game["when"], "total": game["summary"]["players"][0]["total"],
                  "rank": game["summary"]["players"][0].get("solo_rank")}
                 for game, _ in chosen if game["summary"]["mode"] == SOLO],
    }


def _players(chosen: list) -> list:
    """Per player: games, wins, totals, colours, monuments and tie-breaks, most wins first."""
    by_name = {}
    for game, names in chosen:
        seated = game["summary"]["players"]
        for player, name in zip(seated, names):
            kept = by_name.setdefault(name, {"name": name, "games": 0, "wins": 0, "totals": [],
                                             "colours": [0] * len(COLUMNS), "monuments": {}, "tie_breaks": {},
                                             "ties_lost": {}, "coin_games": 0, "coins": 0})
            kept["games"] += 1
            if won(player["place"], len(seated)):
                kept["wins"] += 1
            kept["totals"].append({"code": game["code"], "when": game["when"], "total": player["total"]})
            for column, points in enumerate(player["by_colour"]):
                kept["colours"][column] += points
            if player.get("monument"):
                kept["monuments"][player["monument"]] = kept["monuments"].get(player["monument"], 0) + 1
            # A tie-break that placed the player before another of the same total is a tie broken for them, one
            # that placed another before them a tie lost (a three-way tie's middle player has one of each); a
            # place shared is lost by nobody.
            for counts, tie in ((kept["tie_breaks"], player.get("won_on")), (kept["ties_lost"], player.get("lost_on")),
                                (kept["tie_breaks"], TIE_SHARED if player.get("decided_by") == TIE_SHARED else None)):
                if tie:
                    counts[tie] = counts.get(tie, 0) + 1
            if "coins" in player:
                kept["coin_games"] += 1
                kept["coins"] += player["coins"]
    players = []
    for kept in by_name.values():
        count = kept["games"]
        players.append({
            "name": kept["name"], "games": count, "wins": kept["wins"], "win_rate": _rounded(100 * kept["wins"], count),
            "average": tenths(sum(t["total"] for t in kept["totals"]), count),
            # The first game of the highest (lowest) total.
            "best": _game_of(max(kept["totals"], key=lambda t: t["total"])),
            "worst": _game_of(min(kept["totals"], key=lambda t: t["total"])), "totals": kept["totals"],
            "colours": [tenths(points, count) for points in kept["colours"]],
            "monuments": [[m, n] for m, n in sorted(kept["monuments"].items(), key=lambda i: (-i[1], i[0]))][:FAVOURITES],
            "tie_breaks": sorted([tie, n] for tie, n in kept["tie_breaks"].items()),
            "ties_lost": sorted([tie, n] for tie, n in kept["ties_lost"].items()),
            # Coins left in the chest at the end, per game played with coins (None: no such game).
            "coins": tenths(kept["coins"], kept["coin_games"])})
    return sorted(players, key=lambda p: (-p["wins"], -p["games"], p["name"]))


def _game_of(total: dict) -> dict:
    return {"code": total["code"], "total": total["total"]}


def _buildings(chosen: list) -> list:
    """Per building chosen at least once: games, copies per town, points per copy, and the winners' copies per town."""
    by_card = {}
    for game, _ in chosen:
        summary = game["summary"]
        for b, card in enumerate(summary["buildings"]):
            kept = by_card.setdefault(card, {"games": 0, "towns": 0, "copies": 0, "points": 0,
                                             "winner_towns": 0, "winner_copies": 0})
            kept["games"] += 1
            for player in summary["players"]:
                copies, points = player["built"][b]
                kept["towns"] += 1
                kept["copies"] += copies
                kept["points"] += points
                if won(player["place"], len(summary["players"])):
                    kept["winner_towns"] += 1
                    kept["winner_copies"] += copies
    return [{"card": card, "games": kept["games"], "per_town": tenths(kept["copies"], kept["towns"]),
             "per_copy": tenths(kept["points"], kept["copies"]),
             "winner_per_town": tenths(kept["winner_copies"], kept["winner_towns"])}
            for card, kept in sorted(by_card.items(), key=lambda i: (-i[1]["games"], i[0]))]
