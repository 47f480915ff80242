"""One square of a town drawn as HTML and said as text: its select and a Warehouse's load, the button tap-to-place
shows, the card standing there, its messages, and what a screen reader hears of it.

Apart from the grid (town_pieces.py), since a square is drawn and said the same way wherever it is asked: in the
grid the server and the offline shell draw (town_pieces.town_grid), and in what the live score writes after a tap
(town_pieces.live_numbers, which town.js says). Everything shown is escaped here.
"""

from .controls import errors_of
from .controls import number_field
from .controls import tied
from .text import SOFT_HYPHEN
from .text import attributes
from .text import escape
from .text import fill
from .text import number
from .text import points_said
from .text import sentences
from .text import whole_words


def square_said(words: dict, square: str, card: str, points: str = "", total: str = "", seeded: bool = False) -> str:
    """Return a square's button's name, which town.js says of a square a tap changed, as plain text: its name, what
    stands there (card: its id, "" for none), the seed where it lies there (seeded), and its points where the square
    shows them (points: in words, "" for none), in the language's words and punctuation ("a1, Farm, 0 points",
    "a1, Cottage, Seed, 3 points"); then the running total where it is said with it ("… . Running total: 34")."""
    ui = words["ui"]
    # Said without the soft hyphens the square's card name may break at.
    what = words["square_cards"][card].replace(SOFT_HYPHEN, "") if card else ui["empty"]
    if seeded:
        what = fill(ui["square_seed_said"], {"card": what, "seed": ui["seed"]})
    what = fill(ui["square_points_said"] if points else ui["square_said"], {"square": square, "card": what,
                                                                             "points": points})
    return sentences([fill(ui["sentence"], {"words": what}), total]) if total else what


def square_field(words: dict, name: str, offered: list, values: dict, errors: dict, points=None, seed=None) -> str:
    """Return one square of a town: its name, the card standing there, on a Warehouse what it stores, and its
    points when they are known; in a game with Tiny Trees (seed: the seed's square, or ""), whether the seed lies
    there."""
    select, stored = "square_" + name, "stored_" + name
    chosen = values.get(select, "")
    # Drawn as tap-to-place shows it (town.js changes it only when a tap does): a square's colour and its card.
    shown = chosen if chosen in offered else ""
    options = ['<option {}>{}</option>'.format(attributes({"value": "", "selected": chosen == ""}), escape(words["ui"]["empty"]))]
    options += ['<option {}>{}</option>'.format(attributes({"value": card, "selected": chosen == card}),
                                                escape(words["cards"][card])) for card in offered]
    # What the square says as drawn (square_said), and with each card it can hold ("data-said-empty" for none): said
    # as a tap chooses one until the live score has its points, and where no core runs (town.js); with the seed where
    # it lies, as the live score says it (live_numbers).
    seeded = seed is not None and seed == name
    said = {"data-said-" + (card or "empty"): square_said(words, name, card, seeded=seeded) for card in [""] + offered}
    said["data-said"] = square_said(words, name, shown, points_said(words, points) if points is not None else "",
                                    seeded=seeded)
    select_attributes = {"class": "square-select", "id": select, "name": select}
    select_attributes.update(tied(errors, select))
    # Left blank, a Warehouse stores nothing: the placeholder says so.
    stored_field = number_field(stored, values.get(stored, ""), errors,
                                {"class": "stored-input", "placeholder": "0",
                                 "aria-label": fill(words["ui"]["stored_on"], {"square": name})})
    return (
        '<div class="square{broken}{filled}" {said} data-square="{name}" data-which="{which}">\n'
        '      {button}\n'
        '      <label class="square-name" for="{select}">{name}</label>\n'
        '      <select {select_attributes}>{options}</select>\n'
        '      <span class="stored{hidden}">\n'
        '        <label for="{stored}">{stored_label}</label>\n'
        '        {stored_field}\n'
        '      </span>\n'
        '      {errors}\n    </div>').format(
        broken=" has-error" if errors.get(select) or errors.get(stored) else "", name=name, select=select,
        which=escape(fill(words["ui"]["which_building"], {"square": name})),
        said=attributes(said),
        filled=" filled c-" + words["catalogue"]["colours"][shown] if shown else "",
        button=square_button(words, name, shown, errors.get(select, []), errors.get(stored, []), points, seed),
        select_attributes=attributes(select_attributes), options="".join(options),
        hidden="" if chosen == "warehouse" else " is-hidden", stored=stored, stored_label=escape(words["ui"]["stored"]),
        stored_field=stored_field, errors=square_errors(words, errors, select) + square_errors(words, errors, stored))


def square_errors(words: dict, errors: dict, field: str) -> str:
    """Return the messages of a square's field (its card's, its load's), as the square shows them (square_message)."""
    return errors_of(errors, field, lambda message: square_message(words, message))


def square_message(words: dict, message: str) -> str:
    """Return a message as a square shows it, as HTML: its words whole where they fit a line, a word wider than the
    square broken only where the language lets it (words' square_words: "3 res-/sources."), never at any letter."""
    breaks = words["square_words"]
    return whole_words(" ".join(breaks.get(word, word) for word in message.split(" ")))


def square_button(words: dict, name: str, card: str, select_errors: list, stored_errors: list, points=None,
                  seed=None) -> str:
    """Return the button a square is where tap-to-place runs (without scripts, static/css/noscript.css leaves
    the select alone): its name, the card standing there (town.js follows the taps) and its points (when known,
    else by live.mjs), described by the square's messages.

    Its parts are shown as blocks, which a browser reads with a space between them; the commas that end them, and
    "Empty" on a square without a building, are said, not seen ("said-only": written on the line of the part they
    end, where text taken out of the line, as visually-hidden's is, was read with a space before it: "a1 , Cottage ,
    3 points"), so it reads "a1, Cottage, 3 points". The seed, where it lies (seed: its square, None in a game
    without), is said after the card: "a1, Cottage, Seed, 3 points".
    """
    mark = "" if seed is None else '<span class="square-seed"{}><span aria-hidden="true">🌱</span>' \
        '<span class="visually-hidden">{},</span></span>'.format("" if seed == name else " hidden", escape(words["ui"]["seed"]))
    written = number(words, points) if points is not None else ""
    said = points_said(words, points) if points is not None else ""
    messages = ["square_{}-error-{}".format(name, n + 1) for n in range(len(select_errors))]
    messages += ["stored_{}-error-{}".format(name, n + 1) for n in range(len(stored_errors))]
    return (
        '<button {}><span class="square-name">{}<span class="said-only">,</span></span>'
        '<span class="square-what"><span class="square-card">{}</span></span>{}'
        '<span class="square-points-holder"><span class="square-points" aria-hidden="true">{}</span>'
        '<span class="square-points-words visually-hidden">{}</span></span></button>').format(
        attributes({"type": "button", "class": "square-button", "aria-describedby": " ".join(messages) or None}),
        name, square_card(words, card), mark, escape(written), escape(said))


def square_card(words: dict, card: str) -> str:
    """Return what a square's button shows and says of the card standing there (card: its id, "" for none), as HTML,
    with the comma that ends it, said, not seen: its name as a square shows it (whole_words, soft hyphens where the
    language lets a word break), or "Empty", said only. town.js puts it in from the palette's tool of the card."""
    comma = '<span class="said-only">,</span>'
    if not card:
        return '<span class="square-empty said-only">{}</span>{}'.format(escape(words["ui"]["empty"]), comma)
    return whole_words(words["square_cards"][card], comma)

