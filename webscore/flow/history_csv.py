"""The plays of the games a phone kept as CSV, one row per player and game: what a spreadsheet reads.

It stands apart from the statistics (history_stats.py), which it shares only who won and the names merged: the CSV
is a file that leaves the phone, so what it writes (the day, each game's link, a cell a spreadsheet would read as a
formula made text) is checked here, in the page's language's separator and words.
"""

from .history import DAY
from .history_stats import merged_name
from .history_stats import won
from .history_summary import PAD

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
