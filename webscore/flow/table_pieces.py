"""A table's pages drawn as HTML: the table with its players and how to join, and a town at the table.

Drawn by the server's pages and by the offline shell (under MicroPython), from what this phone last saw of the
table, with these functions; a town's grid is town_pieces.town_grid's. text is the table's words
(webscore.web.i18n.table_words). Everything shown is escaped here.
"""

from .controls import button
from .controls import link_button
from .moments import moment
from .text import attributes
from .text import counted
from .text import escape
from .text import fill
from .text import name_list
from .text import pair
from .text import plural_form
from .text import points
from .text import problem_text
from .text import sentences


def table_town(words: dict, text: dict, town: dict, grid: str, panels: str, offline: bool) -> str:
    """Return a town at a table: the way back, the heading, the form around its grid and sync panels, the hand-over.

    text is the table's words (webscore.web.i18n.table_words); town holds the player's name, n, and the
    form's setup code, lang, table, version, done and addresses (save, state, town, take, back), and may hold the
    code of the table's game as the server holds it (score_code) and which of its towns are handed in (handed_in, as
    JSON), for the live score, and whether a phone took the town already (held). offline is
    whether the offline shell draws it: then the page says so at once, and needs no word for pages without
    scripts.
    """
    heading = fill(escape(words["ui"]["town_of"]), {"name": "<bdi>" + escape(town["name"]) + "</bdi>"})
    form = {name: escape(town[name]) for name in ("code", "lang", "table", "save", "state", "town", "take", "back")}
    noscript = "" if offline else '<noscript><p class="error">{}</p></noscript>\n'.format(escape(text["needs_script"]))
    # The live score reads the other towns handed in, and which they are (score_code, handed_in: table-town.mjs follows
    # them as the table says), so a Feast Hall beside a town handed in on another phone counts it, with a building or
    # none; data-code stays the setup, which a hand-over link carries.
    score = ' data-score-code="{}" data-handed-in="{}"'.format(escape(town["score_code"]), escape(town["handed_in"])) \
        if town.get("score_code") else ""
    # A town a phone took already (held): a phone that never entered it says so as it opens (table-town.mjs).
    score += ' data-held="1"' if town.get("held") else ""
    return (
        '<p><a href="{back}">{back_text}</a></p>\n<h1>{heading}</h1>\n<p class="hint">{hint}</p>\n'
        '<p class="table-offline error" role="status"{hidden}>{offline}</p>\n{noscript}'
        '<form class="town-form table-town" id="town-form" data-code="{code}"{score} data-player="{n}" data-lang="{lang}"\n'
        '  data-table="{table}" data-version="{version}" data-done="{done}"\n'
        '  data-save="{save}"\n  data-state="{state}"\n  data-town="{town}"\n  data-take="{take}"\n'
        '  data-back="{back}"\n  method="get" action="{save}" novalidate>\n  {grid}\n  {panels}\n</form>\n'
        '<section class="table-handover">\n  <h2>{no_network}</h2>\n  <p class="hint">{handover_hint}</p>\n'
        '  <button type="button" data-action="handover">{handover}</button>\n'
        '  <p><input class="handover-url" type="text" readonly hidden aria-label="{handover_label}"></p>\n'
        '</section>').format(
        back_text=escape(text["back"]), heading=heading, hint=escape(text["hint"]), hidden="" if offline else " hidden",
        offline=escape(text["offline"]), noscript=noscript, n=town["n"], version=town["version"],
        done="true" if town["done"] else "false", grid=grid, panels=panels, no_network=escape(text["no_network"]),
        handover_hint=escape(text["handover_hint"]), handover=escape(text["handover"]),
        handover_label=escape(text["handover_label"]), score=score, **form)


def table_players(words: dict, text: dict, players: list, links: list) -> str:
    """Return the players of a table: each name (a link to their town where links has one), status and total.

    players hold name, and status and total when known (and least: table_view); text is the table's words (its
    statuses).
    """
    items = []
    for n, player in enumerate(players):
        name = "<bdi>" + escape(player["name"]) + "</bdi>"
        who = '<a class="button who" href="{}">{}</a>'.format(escape(links[n]), name) if links[n] \
            else '<span class="who">{}</span>'.format(name)
        status = player.get("status") or ""
        items.append(
            '<li class="table-player" data-player="{}" data-status="{}">\n    {}\n'
            '    <span class="table-said">{}</span>\n  </li>'.format(n + 1, escape(status), who,
                                                                      _said(words, text, player)))
    return '<ol class="table-players">\n  {}\n</ol>'.format("\n  ".join(items))


def _said(words: dict, text: dict, player: dict) -> str:
    """Return a player's status and total as one line, by the language's template, as HTML: "at least" the total
    where it is the least the town makes (player["least"], table_view)."""
    status, total = player.get("status") or "", player.get("total")
    said = '<span class="table-status">{}</span>'.format(escape(text["status"][status]) if status else "")
    summed = '<span class="table-total">{}</span>'.format("" if total is None else points(words, total))
    if total is None:
        return said + summed
    if player.get("least"):
        summed = fill(escape(words["ui"]["points_least"]), {"points": summed})
    return fill(escape(text["status_total"]), {"status": said, "total": summed})


def table_news(words: dict, text: dict, players: list, events: list) -> dict:
    """Return what a table's page redraws as its state changes (table.mjs, table-town.mjs): each player's line
    ("said": the HTML table_players puts in its .table-said, from their status and total) and what other phones did
    to towns not theirs ("events": one line of text, from [kind, name] pairs, in their order)."""
    said = [_said(words, text, player) for player in players]
    told = [fill(text.get("events", {}).get(kind, ""), {"name": name}) for kind, name in events]
    return {"said": said, "events": sentences(told)}


def table_page(words: dict, text: dict, section: dict, players: str, result: str, online=None, last_seen=False,
               unreachable=False) -> str:
    """Return a table's page: its heading, the scores once shown, its players (already drawn), how to join.

    section holds the attributes of the page's section; result is the scores' address once they are shown
    (else ""). online, when the page is served, holds what needs the network: the table's QR code (qr), its
    short link (link) and where a town is taken in (take). Without it the offline shell draws the page from
    what this phone last saw of the table (last_seen: whether it saw its state): it says so and offers a reload.
    unreachable: the phone has network but the server does not answer (down or restarting): the page says the table
    cannot be reached, as a town's page says it, not that the phone is offline or that following needs the network.
    The served page shows that line while its follows go unanswered (table.mjs).
    """
    reach = '<p class="table-unreachable error" role="status"{}>{}</p>\n'.format("" if unreachable else " hidden",
                                                                              escape(text["unreachable"]))
    status = reach + '<p class="table-offline error" role="status"{}>{}</p>'.format(
        " hidden" if online or unreachable else "", escape(text["table_offline"]))
    follow = "" if online or unreachable else "\n<p>{}</p>".format(escape(text["follow"]))
    scores = '\n<p>{}</p>'.format(link_button(text["see_scores"], result, "button primary big",
                                                {"id": "table-result"})) if result else ""
    hint = text["tap_name"] if online else text["last_seen"] if last_seen else ""
    hint = '\n<p class="hint">{}</p>'.format(escape(hint)) if hint else ""
    if online:
        rest = (
            '<h2>{join}</h2>\n<p><img class="qr" src="{qr}" width="180" height="180" alt="{qr_label}"></p>\n'
            '<p><input class="share-url" type="text" readonly value="{link}" aria-label="{link_label}"></p>\n'
            '<p><button type="button" class="share-button" hidden data-copied="{copied}" data-title="{table}">'
            '{share_link}</button></p>\n<h2>{take_title}</h2>\n<form method="get" action="{take}">\n'
            '  <p><label for="town">{take_label}</label>\n  <input type="text" id="town" name="town" autocomplete="off"></p>\n'
            '  <button type="submit">{take_button}</button>\n</form>').format(
            join=escape(text["join"]), qr=escape(online["qr"]), qr_label=escape(text["qr_label"]),
            link=escape(online["link"]), link_label=escape(text["link_label"]), copied=escape(words["ui"]["copied"]),
            table=escape(text["table"]), share_link=escape(words["ui"]["share_link"]),
            take_title=escape(text["take_title"]), take=escape(online["take"]), take_label=escape(text["take_label"]),
            take_button=escape(text["take"]))
    else:
        rest = "<p>{}</p>".format(button(text["reload"], "reload", "primary"))
    return '<section {}>\n<h1>{}</h1>\n{}{}{}\n<h2>{}</h2>{}\n{}\n{}\n</section>'.format(
        attributes(section), escape(text["table"]), status, follow, scores, escape(text["players"]), hint, players, rest)


def table_town_lines(words: dict, text: dict, status=None, changed=None, fields=None, empty=None, problem=None,
                     elsewhere=None) -> dict:
    """Return the lines a town at a table (table-town.mjs) says, as plain text, each asked for by its argument:
    - status: how its outbox stands (table-outbox.mjs's report, with "time", when it was last saved, as the phone's
      clock reads it: moments.py, and "offline"; its "notice", why the server refused the last operation: {"kind",
      "reasons"}, the server's sentences, said one after the other) → "status";
    - changed: the fields other phones changed, each [label, square] (a square's load: "Load: b2") or [name]
      → "changed" ("Changed on another phone: a1, b2 and Load: c3."), followed by what another phone did to the
      town's hand-in, where elsewhere says it ("handed_in", "taken_in": taken over from its link and handed in, or
      "reopened"); fields, the same → "fields", each named;
    - empty: the players whose towns are empty at the end → "empty", asking whether to end the game;
    - problem: the first problem of a hand-over (or {}: no reason) → "not_saved".
    """
    lines = {}
    if status is not None:
        lines["status"] = _status_line(words, text, status)
    if changed is not None:
        named = fill(text["changed_elsewhere"], {"what": name_list(words, _field_names(words, changed))}) if changed else ""
        lines["changed"] = sentences([named, text[elsewhere + "_elsewhere"] if elsewhere else ""])
    if fields is not None:
        lines["fields"] = _field_names(words, fields)
    if empty is not None:
        lines["empty"] = sentences([fill(text["empty_end"], {"names": name_list(words, empty)}), text["end_game_asked"]])
    if problem is not None:
        reason = problem_text(words, problem) if problem else ""
        lines["not_saved"] = fill(text["not_saved"], {"reason": reason}).strip()
    return lines


def hand_in_problems(words: dict, text: dict, problems: list) -> list:
    """Return what keeps a town from being handed in, as the table's refusal says it: each sentence once, with the
    squares it concerns ("This Cottage is not fed. Squares a1 and b2.")."""
    squares = {}
    for item in problems:
        found = squares.setdefault(problem_text(words, item), [])
        if item.get("square") and item["square"] not in found:
            found.append(item["square"])
    return [fill(plural_form(words, text["on_squares"], len(names)), {"problem": said, "squares": name_list(words, names)})
            if names else said for said, names in squares.items()]


def _status_line(words: dict, text: dict, report: dict) -> str:
    """Return what the save status says of a town's outbox (table_town_lines' status)."""
    if report.get("over"):
        return text["scores_shown"]
    waiting = report.get("waiting") or 0
    asking = report.get("asking") and waiting
    parts = []
    if asking:
        # A question of the page holds what waits: nothing is sent, nor tried, until the player answers it.
        parts.append(counted(words, text["waiting_answer"], waiting))
    elif report.get("sending"):
        parts.append(text["saving"])
    elif report.get("limited"):
        parts.append(report["limited"])
    elif report.get("unreachable") or (waiting and report.get("offline")):
        parts.append(text["unreachable"])
    elif not waiting:
        saved = report.get("time")
        parts.append(fill(text["saved_at"], {"time": moment(words, "time", saved)}) if saved else text["all_saved"])
    if waiting and not asking:
        parts.append(counted(words, text["waiting"], waiting))
    if report.get("done") and not waiting:
        # Handed in by a take-in from its link on another phone: said so, never as this player's own hand-in.
        parts.append(text["taken_in"] if report.get("taken_in") else text["handed_in"])
    notice = report.get("notice")
    if notice:
        template = text["not_handed_in"] if notice["kind"] == "done" else text["not_saved"]
        parts.insert(0, fill(template, {"reason": sentences(notice["reasons"])}))
    return sentences(parts)


def _field_names(words: dict, fields: list) -> list:
    """Return what each field is called on a town's page, from [label, square] (a square's load) or [name]."""
    return [pair(words, field[0], field[1]) if len(field) > 1 else field[0] for field in fields]
