"""The statistics page of the games a phone kept, drawn as HTML from history_stats.stats() and the words it is given.

Drawn by the phone's core (the games live on the phone), and by the server's tests with the same function.
Each chart is an image named by its title and followed by its numbers as a table, in a disclosure, so a screen
reader or a curious player reads the same figures; the drawings and tables themselves, SVG written without a
library, are history_charts.py's.
"""

from .history_charts import bars
from .history_charts import figures_table
from .history_charts import line
from .history_csv import game_link
from .history_csv import iso_day
from .history_stats import PERIODS
from .history_summary import COLUMNS
from .text import attributes
from .text import counted
from .text import escape
from .text import fill
from .text import name_list
from .text import number

# How many games a line of totals shows, the last ones: more would be a blur on a phone.
TREND = 30


def decimal(words: dict, value) -> str:
    """Return a value kept in tenths as the language writes it (12,5 in French), "–" for none."""
    if value is None:
        return "–"
    sign = words["number"]["minus"] if value < 0 else ""
    return sign + number(words, abs(value) // 10) + words["stats"]["decimal"] + str(abs(value) % 10)


def percent(words: dict, value: int) -> str:
    return fill(words["stats"]["percent"], {"num": number(words, value)})


def _text(words: dict, key: str, values=None) -> str:
    return escape(fill(words["stats"][key], values or {}))


def _date(when: int) -> str:
    """Return the day of a game as a <time> the page writes in its language (games.mjs), its ISO day until then."""
    day = iso_day(when)
    return '<time datetime="{0}" data-when="{1}">{0}</time>'.format(day, when)


def _result_link(links: dict, code: str, text: str) -> str:
    """Return a link to a kept game: its result page, or for a quick pad the pad at its address."""
    return '<a href="{}">{}</a>'.format(escape(game_link(links, code)), text)


def _figure(words: dict, ident: str, title: str, svg: str, table: str) -> str:
    """Return a chart with its title, and its numbers in a disclosure under it."""
    return ('<figure class="chart" aria-labelledby="{id}-title"><figcaption id="{id}-title">{title}</figcaption>{svg}'
            '<details><summary>{numbers}</summary>{table}</details></figure>').format(
        id=ident, title=title, svg=svg, numbers=_text(words, "numbers"), table=table)



def filters_form(words: dict, stats: dict, filters: dict) -> str:
    """Return the form that narrows the page to a period and a group of players."""
    periods = "".join('<option value="{}"{}>{}</option>'.format(
        name, " selected" if (filters.get("period") or "all") == name else "", _text(words, "period_" + name))
        for name, _ in PERIODS)
    groups = ['<option value="">{}</option>'.format(_text(words, "everyone"))]
    for group in stats["groups"]:
        names = [escape(name) for name in group.split("\n")]
        groups.append('<option value="{}"{}>{}</option>'.format(
            escape(group), " selected" if filters.get("group") == group else "", name_list(words, names)))
    return ('<form class="stats-filters" data-form="filters"><p><label for="stats-period">{period}</label>'
            '<select id="stats-period" name="period">{periods}</select></p>'
            '<p><label for="stats-group">{group}</label><select id="stats-group" name="group">{groups}</select></p>'
            '</form>').format(period=_text(words, "period"), periods=periods, group=_text(words, "group"),
                              groups="".join(groups))


def wins_chart(words: dict, players: list) -> str:
    rows = [[escape(p["name"]), p["wins"], number(words, p["wins"]), "bar-wins"] for p in players]
    table = figures_table(_text(words, "wins_title"), [_text(words, "player"), _text(words, "games"), _text(words, "wins"),
                                                       _text(words, "win_rate")],
                          [["<bdi>{}</bdi>".format(escape(p["name"])), number(words, p["games"]), number(words, p["wins"]),
                            percent(words, p["win_rate"])] for p in players])
    return _figure(words, "wins", _text(words, "wins_title"), bars("wins", rows), table)


def _about(words: dict, key: str, name: str, count: int) -> str:
    """Return a chart's title about a player, the name isolated; the last games only when there are more."""
    if count > TREND:
        text = fill(escape(words["stats"][key + "_last"]), {"name": "%(name)s", "num": number(words, TREND)})
    else:
        text = escape(words["stats"][key])
    return fill(text, {"name": "<bdi>{}</bdi>".format(escape(name))})


def trend(words: dict, ident: str, title: str, games: list, links: dict, ranks=False) -> str:
    """Return a line of totals, game after game (the last TREND), with its table of dates (each a link) and totals."""
    shown = games[-TREND:]
    heads = [_text(words, "date"), _text(words, "total")] + ([_text(words, "rank")] if ranks else [])
    rows = [[_result_link(links, g["code"], _date(g["when"])), number(words, g["total"])]
            + ([escape(words["solo_ranks"][g["rank"]])] if ranks else []) for g in shown]
    return _figure(words, ident, title, line(ident, [g["total"] for g in shown], [number(words, g["total"]) for g in shown]),
                   figures_table(title, heads, rows))


def player_card(words: dict, n: int, player: dict, links: dict) -> str:
    """Return one player's figures: games, wins, totals, favourite monuments, tie-breaks, and two charts."""
    best, worst = player["best"], player["worst"]
    # Each a list of items, as the language lists them ("A (2) and B (1)"), the items HTML already.
    monuments = name_list(words, ["{} ({})".format(escape(words["cards"][m]), number(words, k))
                                  for m, k in player["monuments"]], html=True)
    # The ties won by their tie-break's words ("decided by fewer empty squares"), then those lost by words of their own.
    ties = name_list(words, ["{} ({})".format(escape(words["tie_breaks"][t]), number(words, k))
                             for t, k in player["tie_breaks"]] +
                     ["{} ({})".format(escape(words["stats"]["ties_lost"][t]), number(words, k))
                      for t, k in player["ties_lost"]], html=True)
    figures = [
        (_text(words, "games"), number(words, player["games"])),
        (_text(words, "wins"), "{} ({})".format(number(words, player["wins"]), percent(words, player["win_rate"]))),
        (_text(words, "average"), decimal(words, player["average"])),
        (_text(words, "best"), _result_link(links, best["code"], number(words, best["total"]))),
        (_text(words, "worst"), _result_link(links, worst["code"], number(words, worst["total"]))),
        (_text(words, "monuments"), monuments or _text(words, "no_monument")),
        (_text(words, "tie_breaks"), ties or _text(words, "no_tie")),
    ]
    if player["coins"] is not None:
        figures.append((_text(words, "coins"), decimal(words, player["coins"])))
    facts = "".join("<div><dt>{}</dt><dd>{}</dd></div>".format(label, value) for label, value in figures)
    totals = player["totals"]
    line_of = trend(words, "totals-{}".format(n), _about(words, "totals_title", player["name"], len(totals)),
                    totals, links)
    # A row scored in is always a bar, so the bars add up to the average: a pad's monument and coins rows have points
    # but no monument named and no chest counted. Else the monument's bar needs a monument held, the coins' a game
    # played with coins.
    colours = [[escape(words["colours"][column]), value or 0, decimal(words, value), "bar-" + column]
               for column, value in zip(COLUMNS, player["colours"])
               if value or (column != "monument" or player["monuments"]) and (column != "coins" or player["coins"] is not None)]
    title = _about(words, "colours_title", player["name"], 0)
    by_colour = _figure(words, "colours-{}".format(n), title, bars("colours-{}".format(n), colours),
                        figures_table(title, [_text(words, "colour"), _text(words, "average")],
                                      [row[:1] + row[2:3] for row in colours]))
    return ('<article class="stats-player" aria-labelledby="player-{n}"><h3 id="player-{n}"><bdi>{name}</bdi></h3>'
            '<dl class="figures-list">{facts}</dl>{trend}{by_colour}</article>').format(
        n=n, name=escape(player["name"]), facts=facts, trend=line_of, by_colour=by_colour)


def buildings_table(words: dict, buildings: list) -> str:
    heads = [_text(words, "building"), _text(words, "per_town"), _text(words, "per_copy"), _text(words, "winner_per_town")]
    rows = [["{} ({})".format(escape(words["cards"][b["card"]]), number(words, b["games"])), decimal(words, b["per_town"]),
             decimal(words, b["per_copy"]), decimal(words, b["winner_per_town"])] for b in buildings]
    return figures_table(_text(words, "buildings_caption"), heads, rows)


def modes_part(words: dict, stats: dict, links: dict) -> str:
    """Return how many games each mode had, and the solo games' totals and titles, game after game."""
    items = "".join("<li>{}</li>".format(escape(fill(words["ui"]["pair"], {
        "label": words["modes"][mode], "value": counted(words, words["stats"]["games_counted"], n)})))
        for mode, n in stats["modes"] if n)
    solo = stats["solo"]
    if solo:
        title = _text(words, "solo_title_last", {"num": number(words, TREND)}) if len(solo) > TREND \
            else _text(words, "solo_title")
        return "<ul>{}</ul>{}".format(items, trend(words, "solo", title, solo, links, ranks=True))
    return "<ul>{}</ul>".format(items)


def merge_form(words: dict, stats: dict, merged: dict) -> str:
    """Return the form that counts two spellings as one person, and the merges made, each with its undo.

    The second list starts on the second name, so the form never starts on a name merged into itself; what the
    form refuses is said in it, under its button.
    """
    def options(chosen):
        return "".join('<option value="{0}"{1}>{0}</option>'.format(escape(name), " selected" if n == chosen else "")
                       for n, name in enumerate(stats["names"]))
    made = "".join('<li>{} {}</li>'.format(
        _text(words, "merged", {"name": name, "other": merged[name]}),
        '<button {}>{}</button>'.format(attributes({"type": "button", "class": "small", "data-action": "unmerge",
                                                    "data-name": name}), _text(words, "undo")))
        for name in sorted(merged))
    return ('<form class="stats-merge" data-form="merge"><p><label for="merge-name">{count}</label>'
            '<select id="merge-name" name="name">{first}</select></p><p><label for="merge-as">{as_}</label>'
            '<select id="merge-as" name="as">{second}</select></p><p><button type="submit">{merge}</button></p>'
            '<p class="merge-message error" role="status"></p></form><ul class="merges">{made}</ul>').format(
        count=_text(words, "merge_name"), as_=_text(words, "merge_as"), first=options(0), second=options(1),
        merge=_text(words, "merge"), made=made)


def _section(ident: str, heading: str, body: str, focusable: str = "") -> str:
    return '<section aria-labelledby="{0}-heading"><h2 id="{0}-heading"{1}>{2}</h2>{3}</section>'.format(
        ident, focusable, heading, body)


def stats_page(words: dict, stats: dict, filters: dict, merged: dict, links: dict, unreadable: int = 0) -> str:
    """Return the statistics part of the page: filters, wins, each player, buildings, modes, and the merges."""
    lost = '<p class="notice">{}</p>'.format(escape(counted(words, words["stats"]["unreadable"], unreadable))) \
        if unreadable else ""
    if not stats["kept"]:
        return lost + '<p class="stats-none">{}</p>'.format(_text(words, "no_games"))
    shown = '<p class="stats-count">{}</p>'.format(
        escape(counted(words, words["stats"]["games_counted"], stats["games"])))
    parts = [lost, filters_form(words, stats, filters), shown]
    if stats["games"]:
        parts += [
            _section("wins", _text(words, "wins_heading"), wins_chart(words, stats["players"])),
            _section("players", _text(words, "players_heading"),
                     "".join(player_card(words, n, p, links) for n, p in enumerate(stats["players"], 1))),
            _section("buildings", _text(words, "buildings_heading"), buildings_table(words, stats["buildings"])),
            _section("modes", _text(words, "modes_heading"), modes_part(words, stats, links)),
        ]
    if len(stats["names"]) > 1 or merged:
        # Its heading takes the focus when an undo has removed the button that had it.
        parts.append(_section("merge", _text(words, "merge_heading"), "<p>{}</p>{}".format(
            _text(words, "merge_hint"), merge_form(words, stats, merged)), ' tabindex="-1"'))
    return "".join(parts)


def games_lines(words: dict, texts: dict, day=None, imported=None, merged=None, unmerged=None, delete_count=None) -> dict:
    """Return what the games page (games.mjs) says besides its statistics, as plain text, each asked for by its
    argument: day (today, YYYY-MM-DD) → the export files' names ("games_file", "plays_file"); imported, how many
    games an import added → "imported" (or that nothing was new); merged, [name, other] → "merged"; unmerged, a name
    → "unmerged"; delete_count, how many games a deletion forgets → "delete_confirm". texts are the page's words."""
    lines = {}
    if day is not None:
        lines["games_file"] = fill(texts["games_file"], {"date": day})
        lines["plays_file"] = fill(texts["plays_file"], {"date": day})
    if imported is not None:
        lines["imported"] = counted(words, texts["imported"], imported) if imported else texts["nothing_new"]
    if merged is not None:
        lines["merged"] = fill(texts["merged"], {"name": merged[0], "other": merged[1]})
    if unmerged is not None:
        lines["unmerged"] = fill(texts["unmerged"], {"name": unmerged})
    if delete_count is not None:
        lines["delete_confirm"] = counted(words, texts["delete_confirm"], delete_count)
    return lines
