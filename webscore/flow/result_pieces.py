"""The result page drawn once, as HTML, from the flow's view (result_view.view) and the words they are given.

The server's pages and the offline shell (under MicroPython) both draw who won, a ranking's item, the score pad,
the tie's turns form, the share section and the page around them with these functions, so the two cannot differ;
each player's town is drawn by result_town_pieces.py. The words are the browser's words
(webscore.web.i18n.words.words): names by id, messages with their plural forms by CLDR category, how the language
writes numbers and lists. Everything shown is escaped here.
"""

from . import bgstats
from .result_town_pieces import town
from .result_view import SOLO_LINE
from .result_view import WINS_LINE
from .result_view import winner_line
from .text import counted
from .text import escape
from .text import fill
from .text import name_list
from .text import number
from .text import plural_form
from .text import points
from .text import problem_text
from .text import sentences
from .tie_turns import UNCOUNTED


def rank_item(words: dict, p: int, player: dict) -> str:
    """Return a player's item of the ranking: place, name, points, and what decided a tie or their solo title.

    A tie that needs a fact is said by its kind on the quick pad ("needs"), beside the field that asks it; a result's
    turns are asked once, by the form under the ranking (turns_form).
    """
    tie = ""
    if player["decided_by"]:
        # The number the tie-break read, the empty squares, Cottages or turns that decided, on every tied row.
        value = player.get("tie_value")
        if value is not None and player["decided_by"] in words["tie_counted"]:
            tie = escape(counted(words, words["tie_counted"][player["decided_by"]], value))
        else:
            tie = escape(words["tie_breaks"][player["decided_by"]])
        tie = '<span class="tie">{}</span>'.format(tie)
    needs = player.get("needs")
    turns = '<span class="tie">{}</span>'.format(escape(words["ui"]["needs"][needs])) if needs else ""
    title = '<span class="title">{}</span>'.format(escape(words["solo_ranks"][player["solo_rank"]])) \
        if player.get("solo_rank") else ""
    return (
        '<li class="rank place-{place}" data-player="{p}" data-total="{total}" data-place="{place}">\n'
        '    <span class="place">{place}</span>\n'
        '    <span class="who"><bdi>{name}</bdi></span>\n'
        '    <span class="total">{points}</span>\n'
        '    {tie}\n    {turns}\n    {title}\n  </li>').format(
        place=player["place"], p=p, total=player["total"], name=escape(player["name"]),
        points=points(words, player["total"]), tie=tie, turns=turns, title=title)


def pad_names(players: list) -> str:
    """Return the score pad's column headings: every player's name."""
    return "".join('<th scope="col"><bdi>{}</bdi></th>'.format(escape(player["name"])) for player in players)


def pad_head(words: dict, column: str) -> str:
    """Return the start of a score pad's row: its colour, named."""
    return '<tr class="c-{}"><th scope="row"><span class="swatch" aria-hidden="true"></span>{}</th>\n'.format(
        column, escape(words["colour_labels"][column]))


def pad_cell(words: dict, value: int) -> str:
    """Return a cell of the score pad."""
    return "<td>{}</td>".format(number(words, value))


def pad_rows(words: dict, columns: list, players: list) -> str:
    """Return the score pad's rows: each column's colour, then every player's points in it."""
    return "\n".join(pad_head(words, column) + "".join(pad_cell(words, player["by_colour"][c]) for player in players)
                     + "</tr>" for c, column in enumerate(columns))


def pad_totals(words: dict, players: list) -> str:
    """Return the score pad's last row's cells: every player's total."""
    return "".join('<td class="total">{}</td>'.format(number(words, player["total"])) for player in players)


def pad_table(words: dict, names: str, rows: str, totals: str) -> str:
    """Return the score pad: a column per player, a row per colour, the totals below, its parts already drawn."""
    return ('<div class="pad-wrap">\n<table class="pad">\n'
            '  <thead><tr><th scope="col">{}</th>{}</tr></thead>\n'
            '  <tbody>\n  {}\n  </tbody>\n'
            '  <tfoot><tr><th scope="row">{}</th>{}</tr></tfoot>\n'
            '</table>\n</div>').format(escape(words["ui"]["colour"]), names, rows, escape(words["ui"]["total"]), totals)


def ranking_items(words: dict, players: list, order: list) -> list:
    """Return the items of a ranking (rank_item), players listed in order (their indexes, first place first)."""
    return [rank_item(words, p, players[p]) for p in order]


def ranking(items: list, data: dict) -> str:
    """Return the ranking's list around its items (rank_item), with data attributes for the page's script."""
    found = "".join(' data-{}="{}"'.format(name, escape(value)) for name, value in data.items())
    return '<ol class="ranking"{}>\n{}\n</ol>'.format(found, "\n".join("  " + item for item in items))


def turns_form(words: dict, view: dict, action: str, problems: dict, typed: dict) -> str:
    """Return the form that asks a tie's turns as Master Builder, what was typed and its problems (worded) in.

    problems holds messages by field ("turns-2") and under "general"; typed holds what each field sent.
    """
    ui = words["ui"]
    rows = []
    keys = ["turns-" + str(p + 1) for p in view["asks_turns"]]
    # The first refused box has the focus as the page opens.
    focused = next((key for key in keys if problems.get(key)), None)
    # "We did not count them" gives every player asked 0 turns as Master Builder (no player of a game has none): their
    # boxes stay blank and the form says the turns were taken as equal. A 0 typed beside other counts is a count, as
    # the ranking reads it.
    uncounted_turns = bool(view["asks_turns"]) and all(view["players"][p].get("turns") == 0 for p in view["asks_turns"])
    for p, key in zip(view["asks_turns"], keys):
        turns = None if uncounted_turns else view["players"][p].get("turns")
        refused = problems.get(key, [])
        # A refused box says so and names its problems to a screen reader.
        invalid = ' aria-invalid="true" aria-describedby="{}-error"{}'.format(key, " autofocus" if key == focused else "") \
            if refused else ""
        rows.append(
            '<p class="fact"><label for="{key}"><bdi>{name}</bdi></label>\n'
            # Text with a number keypad, as a town's facts (controls.number_field): a number input dropped digits it could
            # not read (a keyboard's Arabic-Indic ones) without a word, and the form sent the box blank.
            '<input type="text" id="{key}" name="{key}" inputmode="numeric" pattern="[0-9]*" autocomplete="off" '
            'value="{value}"{invalid}>\n{errors}</p>'.format(
                key=key, name=escape(view["players"][p]["name"]), invalid=invalid,
                value=escape(typed.get(key, "" if turns is None else str(turns))),
                errors='<span class="error" role="alert" id="{}-error">{}</span>'.format(
                    key, escape(sentences(refused))) if refused else ""))
    general = "".join('<p class="error" role="alert">{}</p>'.format(escape(message))
                      for message in problems.get("general", []))
    if any(view["players"][p]["needs_turns"] for p in view["asks_turns"]):
        general += '<p class="hint">{}</p>'.format(escape(ui["needs"]["master-builder-turns"]))
    if uncounted_turns:
        general += '<p class="hint">{}</p>'.format(escape(ui["turns_taken_equal"]))
    # Who wins without the turns (equal turns): a table that did not count them sees it, and can say so.
    equal = view.get("equal_turns")
    if_equal = uncounted = ""
    if equal:
        names = ["<bdi>" + escape(view["players"][p]["name"]) + "</bdi>" for p in equal["winners"]]
        said = fill(escape(ui["equal_turns_shared" if equal["shared"] else "equal_turns_win"]),
                    {"names": name_list(words, names, html=True), "name": names[0]})
        if_equal = '<p class="hint">{}</p>'.format(said)
        uncounted = '\n    <button type="submit" name="{}" value="{}">{}</button>'.format(
            UNCOUNTED[0], UNCOUNTED[1], escape(ui["turns_uncounted"]))
    return ('<form class="turns" method="get" action="{action}" novalidate>\n  <fieldset>\n'
            '    <legend>{legend}</legend>\n    {general}\n    {if_equal}\n    {rows}\n'
            '    <button type="submit" class="primary">{button}</button>{uncounted}\n  </fieldset>\n</form>').format(
        action=escape(action), legend=escape(ui["turns"]), general=general, if_equal=if_equal,
        rows="\n    ".join(rows), button=escape(ui["break_tie"]), uncounted=uncounted)


def share(words: dict, link: str, again: str, online=None, play=None) -> str:
    """Return a result's share section: its link to copy or share, the same game again, and the game to log in
    BG Stats (play: webscore.flow.bgstats.play, its comment the link).

    online, when the page is served, holds what needs the network: the QR code's address (qr), the picture's
    (picture), the name it downloads under (download) and the text it is shared with (text).
    """
    ui = words["ui"]
    qr = picture = ""
    if online:
        qr = '\n  <img class="qr" src="{}" alt="{}" width="200" height="200">'.format(escape(online["qr"]),
                                                                                 escape(ui["qr_label"]))
        picture = ('\n  <a class="button picture-button" href="{}" download="{}" data-share="{}" data-title="{}" '
                   'data-text="{}">{}</a>').format(
            escape(online["picture"]), escape(online["download"]), escape(ui["share_picture"]),
            escape(ui["site_title"]), escape(online["text"]), escape(ui["download_picture"]))
    # Its actions first, two by two in a phone's first screen with the ranking: the link shared, the play
    # logged, the picture; then the same game again, and the QR code.
    return (
        '<section class="share">\n  <h2>{share}</h2>\n'
        '  <p><input class="share-url" type="text" readonly value="{link}" aria-label="{link_label}"></p>\n'
        '  <p class="share-actions"><button type="button" class="share-button" hidden data-copied="{copied}" '
        'data-title="{title}">{share_link}</button>{bgstats}{picture}</p>\n'
        '  <p><a class="button" href="{again}">{play_again}</a></p>{qr}\n</section>').format(
        share=escape(ui["share"]), qr=qr, link=escape(link), link_label=escape(ui["link_label"]),
        copied=escape(ui["copied"]), title=escape(ui["site_title"]), share_link=escape(ui["share_link"]),
        picture=picture, again=escape(again), play_again=escape(ui["play_again"]),
        bgstats="\n  " + bgstats_link(words, play, link) if play else "")


def bgstats_link(words: dict, play: dict, link: str) -> str:
    """Return the link that logs a play in BG Stats (webscore.flow.bgstats), its comment the link."""
    return '<a class="button" href="{}" data-bgstats>{}</a>'.format(escape(bgstats.address(play, link)),
                                                                    escape(words["ui"]["log_bgstats"]))


def mode_line(words: dict, game: dict, solo_rank=None) -> str:
    """Return the mode and the variants a game is played with, then a solo player's title where given ("Solo ·
    Without monuments · Engineer"), in plain text: the one wording of the result page's line, its link preview's and
    its picture's. game is the game, or the result's view: its mode, cavern and monuments."""
    ui = words["ui"]
    return " · ".join([words["modes"][game["mode"]]] + ([ui["cavern"]] if game["cavern"] else [])
                      + ([] if game["monuments"] else [ui["without_monuments"]])
                      + ([words["solo_ranks"][solo_rank]] if solo_rank else []))


def result_page(words: dict, view: dict, parts: dict, offline: bool) -> str:
    """Return a result page's content: the heading, the game's mode and variants, then its parts.

    parts holds the pieces already drawn: winner, ranking, turns_form ("" unless a tie asks), pad, towns (a
    list) and share. offline says the offline shell draws it: then the page says it was scored on the phone.
    """
    ui = words["ui"]
    note = '\n<p class="hint offline-note">{}</p>'.format(escape(ui["offline_note"])) if offline else ""
    # Who won, the ranking (a tie's form for the turns that break it right under it, where the tie is read) and
    # the ways to share come first: what a table looks for in its first screen.
    return ('<h1>{}</h1>\n{}\n<p class="hint">{}</p>{}\n\n{}\n{}\n\n{}\n\n<h2>{}</h2>\n{}\n\n<h2>{}</h2>\n\n{}').format(
        escape(ui["scores"]), parts["winner"], escape(mode_line(words, view)), note, parts["ranking"], parts["turns_form"],
        parts["share"], escape(ui["score_pad"]), parts["pad"], escape(ui["towns"]), "\n".join(parts["towns"]))


def headline(words: dict, players: list, order: list, html: bool = False, short: bool = False) -> str:
    """Return who won and with how much ("Anna wins with 40 points"), a tie worded as one, a solo game's score: the
    one wording of the page's winner line (winner), its link preview's title and its picture's headline.

    players are the result's (or its view's) players, order their indexes by place (result_view.ranking). Plain
    text, or html: escaped, each name isolated. short: a first place shared says how many share it, not who.
    """
    ui = words["ui"]
    kind, placed = winner_line(players, order)
    first = [players[p] for p in placed]
    names = ["<bdi>" + escape(player["name"]) + "</bdi>" if html else player["name"] for player in first]
    total = first[0]["total"]
    said = {"total": number(words, total)}
    if kind == SOLO_LINE:
        form, said["name"] = ui["solo_scores"], names[0]
    elif kind == WINS_LINE:
        form, said["name"] = ui["wins"], names[0]
    elif short:
        form, said["count"] = ui["shared_first"], number(words, len(first))
    else:
        form, said["names"] = ui["tie_for_first"], name_list(words, names, html)
    form = plural_form(words, form, abs(total))
    return fill(escape(form) if html else form, said)


def winner(words: dict, view: dict) -> str:
    """Return the page's line that says who won (headline, as HTML)."""
    return '<p class="winner">{}</p>'.format(headline(words, view["players"], view["ranking"], html=True))


def turn_problems(words: dict, found: list) -> dict:
    """Return the tie's turns form's problems (tie_turns.set_turns's) worded, by field: "turns-2" for a player's box,
    "general" for the form's, as turns_form takes them."""
    placed = {}
    for item in found:
        key = "turns-" + str(item["player"] + 1) if item["player"] is not None else "general"
        placed.setdefault(key, []).append(problem_text(words, item))
    return placed


def result_parts(words: dict, view: dict, rules: str, changes: list, turns=None, share_with=None, data=None,
                 kept=None) -> dict:
    """Return the parts of a result page that differ from game to game: the winner, the ranking, the tie's turns
    form ("" unless the view asks turns and turns is given), the pad, the towns and, with share_with, the share
    section. The server's pages and the offline shell both take them from here.

    changes holds each player's address to change their town, in the view's order of players. turns holds the
    turns form's address ("action"), what was typed in it ("typed") and the problems tie_turns.set_turns found in
    it ("problems", placed here: turn_problems). share_with holds share()'s arguments but the words: "link",
    "again", "play" and, served, "online". data holds the ranking's data attributes. kept, where given, draws each
    town (kept.town(player, change)) and the pad (kept.pad(columns, players)) as town() and pad_table() draw them,
    from pieces it keeps (the server's, per language).
    """
    players = view["players"]
    if kept is None:
        pad = pad_table(words, pad_names(players), pad_rows(words, view["columns"], players), pad_totals(words, players))
        towns = [town(words, player, changes[n], rules) for n, player in enumerate(players)]
    else:
        pad = kept.pad(view["columns"], players)
        towns = [kept.town(player, changes[n]) for n, player in enumerate(players)]
    parts = {
        "winner": winner(words, view),
        "ranking": ranking([rank_item(words, p, players[p]) for p in view["ranking"]], data or {}),
        "turns_form": turns_form(words, view, turns["action"], turn_problems(words, turns.get("problems") or []),
                                 turns.get("typed") or {}) if turns and view["asks_turns"] else "",
        "pad": pad,
        "towns": towns,
    }
    if share_with:
        parts["share"] = share(words, share_with["link"], share_with["again"], share_with.get("online"),
                               share_with.get("play"))
    return parts
