"""A player's town on the result page, drawn as HTML: its grid, every square's points and why, the lines of its
empty squares, its tree or seed and its coins, and the link to change it.

It stands apart from the page around it (result_pieces.py: who won, the ranking, the score pad, the tie's turns,
sharing): a town is drawn square by square from the words of its cards and reasons, pieces the server keeps per
language (webscore.web.results.pieces), and nothing in it reads the other players. The server's pages and the
offline shell (under MicroPython) both draw it here, so the two cannot differ; everything shown is escaped here.
"""

from .text import counted
from .text import escape
from .text import fill
from .text import name_list
from .text import number
from .text import pair
from .text import whole_words
from .town_step import FROM_SCORES


def feeder(words: dict, fed_by: dict) -> str:
    """Return who feeds a square, by card and square, with the coin it cost where coins paid for it (plain text)."""
    name = words["cards"][fed_by["card"]] + " " + fed_by["square"]
    if "line" in fed_by:
        kind, line = fed_by["line"]
        return fill(words["ui"]["fed_by_" + kind], {"feeder": name, "line": line})
    if fed_by.get("paid"):
        return fill(words["ui"]["fed_by_pair"], {"feeder": name})
    return name


def reason(words: dict, square: dict) -> str:
    """Return why a square of the result view scores what it does, in words (plain text)."""
    card = square["card"]
    # A Cottage or Barrett Castle is said fed by its feeders; the Eraflage Vineyard's reason says more (its
    # row's and column's types), and its feeders are shown on the grid.
    if square["fed_by"] and "fed-by" in words["fed_reasons"].get(card, {}):
        feeders = [feeder(words, f) for f in square["fed_by"]]
        return fill(words["fed_reasons"][card]["fed-by"], {"feeders": name_list(words, feeders)})
    code = square["reason"]
    if code in words["counted"]:
        # A count of none may have words of its own ("no town completed before" rather than "0 towns ...").
        if square["n"] == 0 and code + "-none" in words["reasons"]:
            return words["reasons"][code + "-none"]
        return counted(words, words["counted"][code], square["n"])
    return words["fed_reasons"].get(card, {}).get(code) or words["reasons"][code]


def card_link(words: dict, card: str, colour: str, rules: str) -> str:
    """Return a card's name linked to its rule, its colour named after it, as HTML."""
    return ('<a class="rule-link c-{colour}" href="{rules}#card-{card}"><span class="swatch" aria-hidden="true"></span>'
            '{name}</a> <span class="colour">({colour_name})</span>').format(
        colour=colour, rules=escape(rules), card=card, name=escape(words["cards"][card]),
        colour_name=escape(words["colours"][colour]))


def grid_square(words: dict, square: dict) -> str:
    """Return a square of a result's grid: its name, its card (or that it is empty) and its points."""
    card = square["card"]
    tree = square["reason"] == "tree"
    return ('<div class="square c-{}{}"><span class="square-name">{}</span>\n<span class="square-card">{}</span>\n'
            '<span class="square-points">{}</span></div>').format(
        square["colour"], " fed" if square["fed"] else " tree" if tree else "", square["square"],
        whole_words(words["square_cards"][card] if card else words["ui"]["tree" if tree else "empty"]),
        number(words, square["points"]))


def line(words: dict, square: dict, rules: str) -> str:
    """Return a built square's line: its name, its card and points, and why."""
    label = card_link(words, square["card"], square["colour"], rules)
    return '<li><span class="square-name">{}</span> {} — {}</li>'.format(
        square["square"], pair(words, label, "<strong>" + number(words, square["points"]) + "</strong>"),
        escape(reason(words, square)))


def empty_line(words: dict, count: int, empty_points: int) -> str:
    """Return the line of a town's empty squares: how many, and their points."""
    return "<li>{}</li>".format(pair(words, escape(counted(words, words["empties"], count)),
                                     "<strong>" + number(words, empty_points) + "</strong>"))


def tree_line(words: dict, tree: dict) -> str:
    """Return the line of the tree a Tiny Trees seed grew into: its square, its points, and why."""
    return '<li><span class="square-name">{}</span> {} — {}</li>'.format(
        tree["square"], pair(words, escape(words["ui"]["tree"]), "<strong>" + number(words, tree["points"]) + "</strong>"),
        escape(words["reasons"]["tree"]))


def seed_line(words: dict, seed: dict) -> str:
    """Return the line of a Tiny Trees seed that did not grow: its square, and why (built over, or not alone)."""
    return '<li><span class="square-name">{}</span> {} — {}</li>'.format(
        seed["square"], escape(words["ui"]["seed"]), escape(words["reasons"]["seed-" + seed["why"]]))


def coin_lines(words: dict, coins: dict) -> str:
    """Return the lines of a town's coins at the end: those spent on feeding, then those left and their points."""
    # Worth a point each, the coins left are as many as their points, which say the number ("2 coins left in the
    # chest: 2" said it twice); worth 2 each, the points are not their number.
    left = counted(words, words["ui"]["coins_left_double"], coins["left"]) if coins["worth"] == 2 else words["ui"]["coins_left"]
    found = "<li>{}</li>".format(pair(words, escape(left), "<strong>" + number(words, coins["points"]) + "</strong>"))
    if coins["spent"]:
        found = "<li>{}</li>\n  ".format(escape(counted(words, words["ui"]["coins_spent"], coins["spent"]))) + found
    return found


def town(words: dict, player: dict, change: str, rules: str, squares=None, lines=None, empty=None) -> str:
    """Return a player's town as the result shows it: its grid, every square's points and why, a link to change it.

    squares, lines and empty, when given, are the grid's squares, the lines and the empty squares' line already
    drawn (the server keeps them).
    """
    if squares is None:
        squares = [grid_square(words, square) for square in player["squares"]]
    if lines is None:
        lines = [line(words, square, rules) for square in player["squares"] if square["card"]]
    if empty is None:
        empty = empty_line(words, player["empties"], player["empty_points"]) if player["empties"] else ""
    empties = empty
    if player.get("tree"):
        empties = tree_line(words, player["tree"]) + "\n  " + empties
    elif player.get("seed"):
        empties = seed_line(words, player["seed"]) + "\n  " + empties
    if player.get("coins"):
        empties += "\n  " + coin_lines(words, player["coins"])
    # Its detail folds under its heading (opened on demand, and printed open: marquoir.css), the way to change
    # it stays in sight.
    return (
        '<section class="town-result" id="town-{step}">\n'
        '  <details>\n  <summary><h3><bdi>{name}</bdi> — {total}</h3></summary>\n'
        '  <div class="grid result-grid">\n  {grid}\n  </div>\n'
        '  <ul class="reasons">\n  {lines}\n  {empties}\n  </ul>\n  </details>\n'
        '  <p><a class="change-town" href="{change}?{from_scores}">{change_town}</a></p>\n'
        '</section>').format(
        step=player["step"], name=escape(player["name"]), total=number(words, player["total"]),
        grid="\n".join(squares), lines="\n".join(lines), empties=empties, change=escape(change),
        from_scores="=".join(FROM_SCORES),
        change_town=escape(words["ui"]["change_town"]))
