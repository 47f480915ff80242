"""The games a phone kept, summed up: per player, per building and per mode, with the filters and name merges
the statistics page offers. Pure Python, run by the server (CPython) for tests and by the phone (MicroPython).

A kept game is {"code", "when"} (milliseconds since 1970, when it was finished on the phone) and, once read,
its summary: what the statistics need of its result, so a thousand games are scored once, not at every look.
A quick pad finished on the phone is kept the same way, its code the pad's query after PAD ("pad?mode=…&n0=Ana…"):
it has its players' points by colour, places and ties, but no buildings.
Every figure is a whole number: an average or a rate is kept in tenths or percent, rounded half up.
"""

import json

from ..scoring import CodeError
from ..scoring import InvalidGame
from ..scoring import game_from_code
from ..scoring import score_valid_game
from ..scoring.cards import ALL_BUILDINGS
from ..scoring.cards import ALL_MONUMENTS
from ..scoring.cards import COINS
from ..scoring.cards import PAD_COLUMNS
from ..scoring.game import MODES
from ..scoring.game import SOLO
from ..scoring.game import SOLO_LOWEST_RANK
from ..scoring.game import SOLO_RANKS
from ..scoring.game import TIE_BREAKS
from ..scoring.game import TIE_SHARED
from ..scoring.game import game_standings
from ..scoring.game import tie_sides
from ..scoring.pad import pad_from_fields
from ..scoring.pad import pad_standings
from ..scoring.pad import row_points
from ..scoring.validate import _check_name

DAY = 24 * 60 * 60 * 1000
# A summary's points by column: the score pad's, then the coins (0 in a game without them), so a player's
# columns add up to their total.
COLUMNS = PAD_COLUMNS + (COINS,)
# A quick pad's code: its query after this. No game code holds a "?", so the two never meet.
PAD = "pad?"
TIE_NAMES = [tie for tie, _, _ in TIE_BREAKS] + [TIE_SHARED]
SOLO_TITLES = [title for _, title in SOLO_RANKS] + [SOLO_LOWEST_RANK]
# The periods a page can be narrowed to, by how many days back they reach (None: every game).
PERIODS = (("all", None), ("month", 30), ("year", 365))
# How many monuments a player's favourites name, most built first.
FAVOURITES = 3
# The most games a phone keeps (static/js/recent.mjs lets the oldest go, reading this figure from the browser's
# catalogue, words.catalogue.max_games) and an import takes: a file of more is refused whole.
MAX_GAMES = 5000
# An export file's head, before its games and merges: the phone writes it as it stands (static/js/games.mjs, from the
# browser's catalogue, words.catalogue.export), and imported() takes a file whose app and kind are these. Version 1
# is the only layout written so far: a file is read whatever version it names.
EXPORT = {"app": "marquoir", "kind": "games", "version": 1}
# The layout of a kept summary. Raise it when summary() or pad_summary() keeps something new or keeps it otherwise
# (a new figure of the statistics page that needs more of a result): every phone then reads its games again from
# their codes, once, and keeps the new summaries. Layout 1's summaries hold no number (they were kept before there
# was one); from layout 2 on, "layout" holds it. Layout 2: the tie-breaks each player won and lost on (won_on,
# lost_on), which a three-way tie's middle player has both of.
SUMMARY_LAYOUT = 2
# The times a game can have been finished at: from 2000 to 2200 (a time outside is no date a phone can write).
EARLIEST = 946_684_800_000
LATEST = 7_258_118_400_000


def kept(text) -> list:
    """Return the games a phone keeps, from the JSON text it keeps them as: what is not a game is left out, and
    a summary that is not one is read again (a damaged store reads as the games it still holds, or none)."""
    try:
        games = json.loads(text) if type(text) is str else []
    except ValueError:
        return []
    if type(games) is not list:
        return []
    read = []
    for game in games:
        if type(game) is dict and _is_game(game):
            if "summary" in game and game["summary"] is not None and not _is_summary(game["summary"]):
                del game["summary"]
            read.append(game)
    return read


def _is_game(game: dict) -> bool:
    return type(game.get("code")) is str and 0 < len(game["code"]) <= 4000 and type(game.get("when")) is int \
        and EARLIEST <= game["when"] < LATEST


def _is_summary(summary) -> bool:
    """Tell whether a kept summary has the shape summary() gives it now, in the current layout."""
    if type(summary) is not dict or summary.get("layout", 1) != SUMMARY_LAYOUT or summary.get("mode") not in MODES \
            or type(summary.get("buildings")) is not list or type(summary.get("players")) is not list \
            or not summary["players"]:
        return False
    buildings = summary["buildings"]
    return all(type(card) is str and card in ALL_BUILDINGS for card in buildings) and \
        all(_is_player(player, len(buildings)) for player in summary["players"])


def _is_player(player, buildings: int) -> bool:
    """Tell whether a summary's player has its shape: name, total, place, points by colour, what each building made."""
    if type(player) is not dict or type(player.get("name")) is not str or type(player.get("total")) is not int \
            or type(player.get("place")) is not int:
        return False
    by_colour, built = player.get("by_colour"), player.get("built")
    if type(by_colour) is not list or len(by_colour) != len(COLUMNS) or type(built) is not list \
            or len(built) != buildings or any(type(points) is not int for points in by_colour):
        return False
    if any(type(pair) is not list or len(pair) != 2 or type(pair[0]) is not int or type(pair[1]) is not int
           for pair in built):
        return False
    return _has_its_optional_keys(player)


def _has_its_optional_keys(player: dict) -> bool:
    """Tell whether a summary's player has its tie-break, solo title, monument and coins of their kinds, if any."""
    if "coins" in player and (type(player["coins"]) is not int or player["coins"] < 0):
        return False
    return all(key not in player or player[key] in names
               for key, names in (("decided_by", TIE_NAMES), ("won_on", TIE_NAMES), ("lost_on", TIE_NAMES),
                                  ("solo_rank", SOLO_TITLES), ("monument", ALL_MONUMENTS)))


def kept_merges(merged) -> dict:
    """Return the names counted as others, those that are names the setup takes (kept before imports checked them)."""
    if type(merged) is not dict:
        return {}
    return {name: other for name, other in merged.items() if _is_name(name) and _is_name(other)}


def summary(game: dict) -> dict:
    """Return what the statistics read of a valid game: its mode, buildings and each player's result.

    Kept on the phone for every game, so it is short: what a player built is [copies, points] per building of
    the game, in the game's order; a tie-break, a solo title or a monument only where there is one, and the
    coins left in the chest at the end only in a game played with coins.
    """
    result = score_valid_game(game)
    sides = _sides(game["mode"], game_standings(game, result["players"]), result["players"])
    players = []
    for player, scored, side in zip(game["players"], result["players"], sides):
        built = [[0, 0] for _ in game["buildings"]]
        for square in scored["squares"]:
            if square["card"] in game["buildings"]:
                counted = built[game["buildings"].index(square["card"])]
                counted[0] += 1
                counted[1] += square["points"]
        kept = {"name": player["name"], "total": scored["total"], "place": scored["place"],
                "by_colour": [scored["by_colour"].get(column, 0) for column in COLUMNS], "built": built}
        for key, value in (("decided_by", scored["decided_by"]), ("solo_rank", scored.get("solo_rank")),
                           ("monument", player.get("monument"))):
            if value:
                kept[key] = value
        kept.update(side)
        if "coins" in scored:
            kept["coins"] = scored["coins"]["left"]
        players.append(kept)
    return _laid_out({"mode": game["mode"], "buildings": list(game["buildings"]), "players": players})


def _sides(mode: str, standings: list, placed: list) -> list:
    """Return the tie-breaks each player won and lost on (scoring.game.tie_sides), from their places."""
    return tie_sides(mode, standings, [player["place"] for player in placed])


def _laid_out(summary: dict) -> dict:
    """Return a summary with its layout's number, which layout 1 does not hold (SUMMARY_LAYOUT)."""
    if SUMMARY_LAYOUT != 1:
        summary["layout"] = SUMMARY_LAYOUT
    return summary


def summary_of(code: str):
    """Return the summary of a game's code, or None when the code does not open (damaged, or a game unfinished)."""
    if code.startswith(PAD):
        pairs = query_pairs(code[len(PAD):])
        return None if pairs is None else pad_summary(pairs)
    try:
        return summary(game_from_code(code))
    except (CodeError, InvalidGame):
        return None


def pad_summary(pairs: list):
    """Return what the statistics read of a quick pad (its address's (key, value) pairs), or None while it is not
    finished: a field wrong, a player unnamed (or named as the setup would refuse), a tie waiting for a fact.

    Its by_colour are the pad's rows, the empty squares as the points they cost, so they add up to the total.
    """
    read = pad_from_fields(pairs)
    if read["problems"] or read["result"] is None:
        return None
    sides = _sides(read["mode"], pad_standings(read["players"]), read["result"]["players"])
    players = []
    for row, scored, side in zip(read["players"], read["result"]["players"], sides):
        if not _is_name(scored["name"]) or scored["needs"]:
            return None
        points = row_points(row)
        by_colour = [points.get(column, 0) for column in COLUMNS]
        kept = {"name": scored["name"], "total": scored["total"], "place": scored["place"], "by_colour": by_colour,
                "built": []}
        for key in ("decided_by", "solo_rank"):
            if scored.get(key):
                kept[key] = scored[key]
        kept.update(side)
        players.append(kept)
    return _laid_out({"mode": read["mode"], "buildings": [], "players": players})


def query_pairs(query: str):
    """Return the (key, value) pairs of a query string as a browser reads them ("+" a space, %XX a byte of UTF-8),
    or None when its bytes are not UTF-8."""
    pairs = []
    for part in query.split("&"):
        if part:
            key_value = part.split("=", 1)
            key, value = _unquoted(key_value[0]), _unquoted(key_value[1] if len(key_value) > 1 else "")
            if key is None or value is None:
                return None
            pairs.append((key, value))
    return pairs


def _unquoted(text: str):
    data = text.replace("+", " ").encode("utf-8")
    out = bytearray()
    at = 0
    while at < len(data):
        hexa = data[at + 1:at + 3]
        if data[at] == 37 and len(hexa) == 2 and all(byte in b"0123456789abcdefABCDEF" for byte in hexa):
            out.append(int(hexa, 16))
            at += 3
        else:
            out.append(data[at])
            at += 1
    try:
        return bytes(out).decode("utf-8")
    except UnicodeError:
        return None


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


# The plays' CSV without a page's words: English, each game by its code. A page gives its language's head (history_words
# "csv") and the links.
CSV = {"separator": ",", "columns": ["date", "code", "mode", "seat", "player", "score", "rank", "winner"]}


def plays_csv(games: list, merged: dict, csv=None, modes=None, links=None) -> str:
    """Return the plays as CSV, one row per player and game (oldest first): what a spreadsheet reads.

    csv: {"separator", "columns"} in the page's language (CSV by default); modes: each mode's name in it (the mode's
    id by default); links: {"result", "pad"} as the statistics page has them, whole addresses, for each game's link
    (its code without them).
    """
    csv = csv or CSV
    separator = csv["separator"]
    rows = [separator.join(_csv_text(column, separator) for column in csv["columns"])]
    for game in sorted((g for g in games if g.get("summary")), key=lambda g: (g["when"], g["code"])):
        seated = game["summary"]["players"]
        mode = (modes or {}).get(game["summary"]["mode"], game["summary"]["mode"])
        link = game_link(links, game["code"]) if links else game["code"]
        for seat, player in enumerate(seated, 1):
            # A kept code or mode is read from the phone's storage as it is: every text cell goes through _csv_text.
            rows.append(separator.join((
                iso_day(game["when"]), _csv_text(link, separator), _csv_text(mode, separator), str(seat),
                _csv_text(merged_name(player["name"], merged), separator), str(player["total"]), str(player["place"]),
                "1" if won(player["place"], len(seated)) else "0")))
    return "\r\n".join(rows) + "\r\n"


def game_link(links: dict, code: str) -> str:
    """Return the address of a kept game: its result page, or for a quick pad the pad at its address."""
    if code.startswith(PAD):
        return links["pad"] + code[len(PAD) - 1:]
    return links["result"].replace("%(code)s", code)


def iso_day(when: int) -> str:
    """Return the day (UTC) of a time in milliseconds as YYYY-MM-DD: days to a civil date, in whole numbers."""
    days = when // DAY + 719468
    era = days // 146097
    of_era = days - era * 146097
    year_of_era = (of_era - of_era // 1460 + of_era // 36524 - of_era // 146096) // 365
    of_year = of_era - (365 * year_of_era + year_of_era // 4 - year_of_era // 100)
    shifted = (5 * of_year + 2) // 153
    day = of_year - (153 * shifted + 2) // 5 + 1
    month = shifted + 3 if shifted < 10 else shifted - 9
    year = year_of_era + era * 400 + (1 if month <= 2 else 0)
    return "%04d-%02d-%02d" % (year, month, day)


def _csv_text(text: str, separator: str = ",") -> str:
    """Return a CSV field: quoted when it holds the separator, a quote or a line break; a would-be formula made text."""
    # A spreadsheet reads a formula after =+-@, a tab or a carriage return, some after leading spaces too.
    if text[:1] in ("\t", "\r") or text.lstrip(" ")[:1] in ("=", "+", "-", "@"):
        text = "'" + text
    if any(char in text for char in separator + '"\r\n'):
        return '"' + text.replace('"', '""') + '"'
    return text


def imported(data) -> tuple:
    """Read an export file's content (already parsed JSON): return (games, merged) or (None, problem code).

    A file is ours when its head says EXPORT's app and kind. It is taken whole or not at all: each game needs a
    code (text) and a time (a whole number of milliseconds, from 2000 to 2200).
    """
    if type(data) is not dict or any(data.get(key) != EXPORT[key] for key in ("app", "kind")):
        return None, "not-an-export"
    games = data.get("games")
    merged = data.get("merged", {})
    if type(games) is not list or type(merged) is not dict:
        return None, "damaged-export"
    if len(games) > MAX_GAMES:
        return None, "too-many-games"
    read = []
    for game in games:
        if type(game) is not dict or not _is_game(game):
            return None, "damaged-export"
        read.append({"code": game["code"], "when": game["when"]})
    if not all(_is_name(name) and _is_name(other) for name, other in merged.items()):
        return None, "damaged-export"
    return read, merged


def _is_name(name) -> bool:
    """Tell whether a merge's name is one the setup takes (the same checks as a name typed there)."""
    return not _check_name(name, None)


def not_kept(kept: list, more: list) -> list:
    """Return the games of more that are not kept yet, each once (the same code is the same game)."""
    codes = {game["code"] for game in kept}
    added = []
    for game in more:
        if game["code"] not in codes:
            codes.add(game["code"])
            added.append(game)
    return added
