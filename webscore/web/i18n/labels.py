"""Everything the core names by an id, worded for people through Babel.

The core returns ids and reason codes; this module is the one place they become words.
"""

from babel import Locale
from babel.numbers import get_group_symbol
from flask_babel import lazy_gettext as _l
from flask_babel import lazy_pgettext as _lp

from ...languages import ROWS
from .translating import current_words

CARD_NAMES = {
    "cottage": _l("Cottage"),
    "farm": _l("Farm"),
    "granary": _l("Granary"),
    "greenhouse": _l("Greenhouse"),
    "orchard": _l("Orchard"),
    "fountain": _l("Fountain"),
    "millstone": _l("Millstone"),
    "shed": _l("Shed"),
    "well": _l("Well"),
    "abbey": _l("Abbey"),
    "chapel": _l("Chapel"),
    "cloister": _l("Cloister"),
    "temple": _l("Temple"),
    "almshouse": _l("Almshouse"),
    "feast-hall": _l("Feast Hall"),
    "inn": _l("Inn"),
    "tavern": _l("Tavern"),
    "bakery": _l("Bakery"),
    "market": _l("Market"),
    "tailor": _l("Tailor"),
    "theater": _l("Theater"),
    "bank": _l("Bank"),
    "factory": _l("Factory"),
    "trading-post": _l("Trading Post"),
    "warehouse": _l("Warehouse"),
    "architects-guild": _l("Architect's Guild"),
    "archive-of-the-second-age": _l("Archive of the Second Age"),
    "barrett-castle": _l("Barrett Castle"),
    "cathedral-of-caterina": _l("Cathedral of Caterina"),
    "fort-ironweed": _l("Fort Ironweed"),
    "grand-mausoleum-of-the-rodina": _l("Grand Mausoleum of the Rodina"),
    "grove-university": _l("Grove University"),
    "mandras-palace": _l("Mandras Palace"),
    "obelisk-of-the-crescent": _l("Obelisk of the Crescent"),
    "opaleyes-watch": _l("Opaleye's Watch"),
    "shrine-of-the-elder-tree": _l("Shrine of the Elder Tree"),
    "silva-forum": _l("Silva Forum"),
    "statue-of-the-bondmaker": _l("Statue of the Bondmaker"),
    "the-sky-baths": _l("The Sky Baths"),
    "the-starloom": _l("The Starloom"),
    # Fortune's cards. No French or Hungarian printing of them was found: the names are ours, in the style of
    # each edition's own names (translator comments say so).
    "root-cellar": _l("Root Cellar"),
    "tithe-barn": _l("Tithe Barn"),
    "mine": _l("Mine"),
    "statue": _l("Statue"),
    "cathedral": _l("Cathedral"),
    "parsonage": _l("Parsonage"),
    "gamblers-den": _l("Gamblers' Den"),
    "schoolhouse": _l("Schoolhouse"),
    "jeweler": _l("Jeweler"),
    "teahouse": _l("Teahouse"),
    "museum": _l("Museum"),
    "oddity-shop": _l("Oddity Shop"),
    "caterinas-grotto": _l("Caterina's Grotto"),
    "eraflage-vineyard": _l("Eraflage Vineyard"),
    "estival-festival": _l("Estival Festival"),
    "hollow-hill": _l("Hollow Hill"),
    "masons-guild": _l("Masons' Guild"),
    "the-petal-promenade": _l("The Petal Promenade"),
    "the-prism-forge": _l("The Prism Forge"),
    "southern-semaphore": _l("Southern Semaphore"),
    "the-treasury-at-okaver": _l("The Treasury at Okaver"),
    "shrine-of-the-windseed": _l("Shrine of the Windseed"),
}

REMINDERS = {
    "cottage": _l("3 if fed."),
    "farm": _l("Feeds 4 Cottages anywhere; Barrett Castle is 1 of the 4."),
    "granary": _l("Feeds the Cottages on the 8 squares around it."),
    "greenhouse": _l("Feeds one group of Cottages joined by their sides, anywhere."),
    "orchard": _l("Feeds the Cottages in its row and column."),
    "fountain": _l("2 if next to another grey building."),
    "millstone": _l("2 if next to a red or yellow building."),
    "shed": _l("1. Can be built on any empty square."),
    "well": _l("1 per Cottage next to it, fed or not; Barrett Castle counts 2."),
    "abbey": _l("3, but 0 next to a green, yellow or navy building."),
    "chapel": _l("1 per fed Cottage in town; a fed Barrett Castle counts 2."),
    "cloister": _l("1 per Cloister on a corner of your town."),
    "temple": _l("4 if next to 2 or more fed Cottages; a fed Barrett Castle counts 2."),
    "almshouse": _l("All your Almshouses together, by number: −1, 5, −3, 15, −5, then 26 for 6 or more."),
    "feast-hall": _l("2, or 3 with more Feast Halls than the player on your right."),
    "inn": _l("3 if no other Inn in its row or column."),
    "tavern": _l("All your Taverns together, by number: 2, 5, 9, 14, then 20 for 5 or more."),
    "bakery": _l("3 if next to a red or navy building."),
    "market": _l("1 per Market in its row or its column, itself included, whichever has more."),
    "tailor": _l("1, plus 1 per Tailor in the 4 centre squares, itself included."),
    "theater": _l("1 per other building type in its row and column; a monument is a type of its own, Barrett Castle a Cottage."),
    "bank": _l("4. Its resource can no longer be named by you."),
    "factory": _l("0. Swaps one named resource for another."),
    "trading-post": _l("1. Counts as any resource in later buildings."),
    "warehouse": _l("−1 per resource stored on it (up to 3)."),
    "architects-guild": _l("1. When built, replace up to 2 of your buildings."),
    "archive-of-the-second-age": _l("1 per different building type in your town, monuments not counted."),
    "barrett-castle": _l("5 if fed. Counts as 2 Cottages, but a Farm or Tithe Barn feeds it as 1."),
    "cathedral-of-caterina": _l("2. Your empty squares cost nothing."),
    "fort-ironweed": _l("7. You are no longer Master Builder, unless nobody else is still playing."),
    "grand-mausoleum-of-the-rodina": _l("0. Your unfed Cottages score 3, but stay unfed for other cards."),
    "grove-university": _l("3. When built, place a building on any empty square."),
    "mandras-palace": _l("2 per different building type next to it."),
    "obelisk-of-the-crescent": _l("0. Later buildings can go on any empty square."),
    "opaleyes-watch": _l("0. Holds 3 buildings; when a neighbour builds one of them, you may place it in your town too."),
    "shrine-of-the-elder-tree": _l("1 to 5 by the buildings in town when built, itself included; 8 for 6 or more."),
    "silva-forum": _l("1 plus your largest group of one building type joined by their sides."),
    "statue-of-the-bondmaker": _l("0. Others' resources can go on your Cottages."),
    "the-sky-baths": _l("2 per building type of this game missing from your town."),
    "the-starloom": _l("6, 3 or 2 if first, second or third to complete a town."),
    "root-cellar": _l("0. At the end, each coin you spend feeds every Cottage of one row or column."),
    "tithe-barn": _l("0. Feeds the Cottages next to it; at the end, others anywhere for 1 coin per 2 (Barrett Castle is 1)."),
    "mine": _l("0. Gives 1 coin when built."),
    "statue": _l("0. Gives coins when built."),
    "cathedral": _l("7 if no other Cathedral is next to it."),
    "parsonage": _l("4 if next to a fed Cottage."),
    "gamblers-den": _l("2."),
    "schoolhouse": _l("2 if next to a fed Cottage, then 2 more with at least as many coins as the player on your right."),
    "jeweler": _l("4."),
    "teahouse": _l("1. Gives coins when built."),
    "museum": _l("0. Resources kept on it are traded for coins."),
    "oddity-shop": _l("2. Not played in Solo or Town Hall."),
    "caterinas-grotto": _l("2. Your chest holds a fifth coin."),
    "eraflage-vineyard": _l("9 if fed (as a Cottage), then −2 per other building type in its row and column."),
    "estival-festival": _l("4. Your chest holds a fifth coin, and each coin left in it scores 2."),
    "hollow-hill": _l("7, minus 2 per coin spent changing a named resource after it was built; can fall below 0."),
    "masons-guild": _l("3. When built, place extra buildings."),
    "the-petal-promenade": _l("3. Your chest holds a fifth coin."),
    "the-prism-forge": _l("1."),
    "southern-semaphore": _l("1. Not played in Solo."),
    "the-treasury-at-okaver": _l("1 per Cottage next to it, fed or not."),
    "shrine-of-the-windseed": _l("0. Gives coins when built; your chest holds a fifth coin."),
}

# What the rules page says of a Fortune card besides its reminder, which stays short for the setup's cards.
RULES_NOTES = {
    "cathedral": _l("Costs 3 coins when built; without them, the game's grey building stands there instead."),
    "schoolhouse": _l("Not played in Solo."),
    "eraflage-vineyard": _l("Can fall below zero; never a Cottage for any other card."),
    "masons-guild": _l("Its extra buildings are in your town and score as usual."),
    "the-treasury-at-okaver": _l("Barrett Castle counts 2."),
}

COLOUR_NAMES = {
    "blue": _l("blue"),
    "red": _l("red"),
    "grey": _l("grey"),
    "orange": _l("orange"),
    "green": _l("green"),
    "yellow": _l("yellow"),
    "navy": _l("navy"),
    "monument": _l("monument"),
    "empty": _l("empty squares"),
    "coins": _l("coins"),
}

# The letters of the cards' layouts (scoring/cards.py), for the words a screen reader says for a layout.
RESOURCE_OF_LETTER = {"W": "wood", "H": "wheat", "B": "brick", "G": "glass", "S": "stone"}

# The score pads' labels (a result's and the quick pad's rows) name the colours as a label starts, capitalised
# ("Blue", "Bleu"); COLOUR_NAMES are the colours as a sentence says them ("(blue)", "(bleu)").
COLOUR_LABELS = {
    "blue": _lp("a score pad label", "Blue"),
    "red": _lp("a score pad label", "Red"),
    "grey": _lp("a score pad label", "Grey"),
    "orange": _lp("a score pad label", "Orange"),
    "green": _lp("a score pad label", "Green"),
    "yellow": _lp("a score pad label", "Yellow"),
    "navy": _lp("a score pad label", "Navy"),
    "monument": _lp("a score pad label", "Monument"),
    "coins": _lp("a score pad label", "Coins"),
    "empty": _lp("a score pad label", "Empty squares"),
}

RESOURCE_NAMES = {
    "wood": _l("wood"),
    "wheat": _l("wheat"),
    "brick": _l("brick"),
    "glass": _l("glass"),
    "stone": _l("stone"),
}

MODE_NAMES = {
    "master-builder": _l("Master Builder"),
    "town-hall": _l("Town Hall"),
    "solo": _l("Solo"),
}

SOLO_RANKS = {
    "master-architect": _l("Master Architect"),
    "town-planner": _l("Town Planner"),
    "engineer": _l("Engineer"),
    "carpenter": _l("Carpenter"),
    "builders-apprentice": _l("Builder's Apprentice"),
    "aspiring-architect": _l("Aspiring Architect"),
}

TIE_BREAKS = {
    "master-builder-turns": _l("decided by fewer turns as Master Builder"),
    "empty-squares": _l("decided by fewer empty squares"),
    "cottages": _l("decided by more Cottages"),
    "shared": _l("shared place"),
}

CODE_PROBLEMS = {
    "truncated": _l("This link looks cut off. Copy the whole link and open it again."),
    "bad-character": _l("This link holds characters a Marquoir link never has."),
    "too-long": _l("This link is far longer than any Marquoir game."),
    "damaged": _l("This link has been changed or damaged: its check does not match."),
    "version": _l("This link was made by another version of Marquoir."),
    "malformed": _l("This link does not hold a game Marquoir can read."),
}

# "fed" is said of a Cottage (feminine in French) or Barrett Castle (masculine): words per card, by context.
FED_REASONS = {
    "cottage": {
        "fed": _lp("Cottage", "fed"),
        "unfed": _lp("Cottage", "not fed"),
        "unfed-mausoleum": _lp("Cottage", "not fed, 3 thanks to the Grand Mausoleum"),
        "fed-by": _lp("Cottage", "fed by %(feeders)s"),
    },
    "barrett-castle": {
        "fed": _lp("Barrett Castle", "fed"),
        "unfed": _lp("Barrett Castle", "not fed"),
        "fed-by": _lp("Barrett Castle", "fed by %(feeders)s"),
    },
}

PLAIN_REASONS = {
    "grey-neighbour": _l("next to another grey building"),
    "no-grey-neighbour": _l("no other grey building next to it"),
    "red-or-yellow-neighbour": _l("next to a red or yellow building"),
    "no-red-or-yellow-neighbour": _l("no red or yellow building next to it"),
    "fixed": _l("fixed points"),
    "abbey-alone": _l("no green, yellow or navy building next to it"),
    "abbey-blocked": _l("next to a green, yellow or navy building"),
    "feast-solo": _l("no player on your right"),
    "inn-alone": _l("no other Inn in its row or column"),
    "inn-shares-line": _l("another Inn in its row or column"),
    "red-or-navy-neighbour": _l("next to a red or navy building"),
    "no-red-or-navy-neighbour": _l("no red or navy building next to it"),
    "empty": _l("empty square"),
    "empty-cathedral": _l("empty, free with the Cathedral"),
    "cathedral-alone": _l("no other building of its kind next to it"),
    "cathedral-beside-cathedral": _l("another building of its kind next to it"),
    "schoolhouse-unfed": _l("no fed Cottage next to it"),
    "tree": _l("a tree grew from the seed: no other square is empty"),
    # A seed that did not grow, on the town's lines: why no tree.
    "seed-built": _l("did not grow: a building stands on it"),
    "seed-empties": _l("did not grow: another square is empty too"),
    # A counted reason with no count: its own words where "0 ..." reads wrong (the French and Hungarian say "none").
    "completed-before-none": _l("0 towns completed before"),
}


def plural_pair(singular: str, plural: str) -> tuple:
    """Mark a counted message for extraction (keyword plural_pair:1,2); it is translated where used."""
    return singular, plural


# Who won, worded once by flow result_pieces.headline: above a result's ranking, as its link preview's title and
# its picture's headline: a name (or a list of names) and the points as "40 points" says them.
WINS = plural_pair("%(name)s wins with %(total)s point", "%(name)s wins with %(total)s points")
TIE_FOR_FIRST = plural_pair("%(names)s share first place with %(total)s point",
                            "%(names)s share first place with %(total)s points")
SOLO_SCORES = plural_pair("%(name)s scores %(total)s point", "%(name)s scores %(total)s points")
# The picture's headline when the names sharing first place do not fit it: how many share it.
SHARED_FIRST = plural_pair("%(count)s players share first place with %(total)s point",
                           "%(count)s players share first place with %(total)s points")


# A tie decided, said on each tied player's row with the number the tie-break read: the winner's and the others'
# alike ("tie-break: 13 empty squares" above "tie-break: 14 empty squares"), so no row reads as if it won.
TIE_COUNTED = {
    "master-builder-turns": plural_pair("tie-break: %(num)s turn as Master Builder",
                                        "tie-break: %(num)s turns as Master Builder"),
    "empty-squares": plural_pair("tie-break: %(num)s empty square", "tie-break: %(num)s empty squares"),
    "cottages": plural_pair("tie-break: %(num)s Cottage", "tie-break: %(num)s Cottages"),
}

COUNTED_REASONS = {
    "feeds": plural_pair("feeds %(num)d building", "feeds %(num)d buildings"),
    "adjacent-cottages": plural_pair("%(num)d Cottage next to it", "%(num)d Cottages next to it"),
    "fed-cottages": plural_pair("%(num)d fed Cottage in town", "%(num)d fed Cottages in town"),
    "corner-cloisters": plural_pair("%(num)d Cloister on a corner", "%(num)d Cloisters on corners"),
    "adjacent-fed-cottages": plural_pair("%(num)d fed Cottage next to it, 2 needed",
                                         "%(num)d fed Cottages next to it, 2 needed"),
    "almshouses": plural_pair("%(num)d Almshouse, points shared", "%(num)d Almshouses, points shared"),
    "taverns": plural_pair("%(num)d Tavern, points shared", "%(num)d Taverns, points shared"),
    "feast-more": plural_pair("more than the %(num)d Feast Hall on your right",
                              "more than the %(num)d Feast Halls on your right"),
    "feast-not-more": plural_pair("not more than the %(num)d Feast Hall on your right",
                                  "not more than the %(num)d Feast Halls on your right"),
    "markets-in-line": plural_pair("%(num)d Market in its fuller line", "%(num)d Markets in its fuller line"),
    "centre-tailors": plural_pair("%(num)d Tailor in the centre", "%(num)d Tailors in the centre"),
    "types-in-lines": plural_pair("%(num)d other building type in its row and column",
                                  "%(num)d other building types in its row and column"),
    "stored": plural_pair("%(num)d resource stored", "%(num)d resources stored"),
    "types-in-town": plural_pair("%(num)d building type in town", "%(num)d building types in town"),
    "types-adjacent": plural_pair("%(num)d building type next to it", "%(num)d building types next to it"),
    "shrine-buildings": plural_pair("%(num)d building in town when built", "%(num)d buildings in town when built"),
    "largest-group": plural_pair("largest group: %(num)d building", "largest group: %(num)d buildings"),
    "types-missing": plural_pair("%(num)d building type missing", "%(num)d building types missing"),
    "completed-before": plural_pair("%(num)d town completed before", "%(num)d towns completed before"),
    "parsonage-fed-cottages": plural_pair("%(num)d fed Cottage next to it, 1 needed",
                                          "%(num)d fed Cottages next to it, 1 needed"),
    "schoolhouse-coins": plural_pair("a fed Cottage next to it, and at least the %(num)d coin of the player on your right",
                                     "a fed Cottage next to it, and at least the %(num)d coins of the player on your right"),
    "schoolhouse-fewer-coins": plural_pair(
        "a fed Cottage next to it, but fewer coins than the %(num)d of the player on your right",
        "a fed Cottage next to it, but fewer coins than the %(num)d of the player on your right"),
    "vineyard-fed": plural_pair("fed; %(num)d other building type in its row and column",
                                "fed; %(num)d other building types in its row and column"),
    "vineyard-unfed": plural_pair("not fed; %(num)d other building type in its row and column",
                                  "not fed; %(num)d other building types in its row and column"),
    "swaps": plural_pair("%(num)d named resource changed for a coin since it was built",
                         "%(num)d named resources changed for coins since it was built"),
}


class PerLanguage:
    """A table of lazy words, translated once per language instead of at every use on a page."""

    def __init__(self, table: dict):
        self.table = table
        self.translated = {}

    def __getitem__(self, key):
        # Keyed on the locale Babel translates the words with (as translating's kept words are), never on a
        # language decided otherwise: under force_locale the two differ.
        locale = current_words().locale
        if locale not in self.translated:
            self.translated[locale] = {name: str(words) for name, words in self.table.items()}
        return self.translated[locale][key]


# The solo titles as the rules page says them.
SOLO_RANK_WORDS = PerLanguage(SOLO_RANKS)


# CLDR's minimumGroupingDigits, which the browser's Intl.NumberFormat follows and Babel does not (Hungarian
# leaves four-digit numbers whole: "7992", "12 345"), by the language table.
MINIMUM_GROUPING_DIGITS = {row.tag: row.minimum_grouping_digits for row in ROWS}
MINUS = "\u2212"


def number_words(lang: str) -> dict:
    """Return how a language writes whole numbers, for the flow's text.number, which writes every number shown.

    The group separator and the group size are Babel's; numbers from `grouped_from` on are grouped.
    """
    return {"minus": MINUS, "group": get_group_symbol(locale=lang),
            "grouping": Locale.parse(lang).decimal_formats[None].grouping[0],
            "grouped_from": 10 ** (2 + MINIMUM_GROUPING_DIGITS.get(lang, 1))}


def name_slots(count: int, template: str = "%(names)s") -> str:
    """Return a template's sentence (a message of one %(names)s) about count names, as HTML: the names listed as
    the flow's text.name_list lists them, each a slot a page's script fills with its name as text (an empty
    <bdi data-name="i">, from 0), so the page words a list of names it alone knows (the games kept on a phone)
    without writing it."""
    from markupsafe import Markup

    from ...flow.text import escape
    from ...flow.text import fill
    from ...flow.text import name_list
    from .words import page_words_of_browser

    slots = ['<bdi data-name="{}"></bdi>'.format(i) for i in range(count)]
    return Markup(fill(escape(template), {"names": name_list(page_words_of_browser(), slots, html=True)}))


def init_app(app) -> None:
    """Give templates the card catalogue and its words."""
    from ...scoring.cards import FORTUNE_BUILDINGS
    from ...scoring.cards import MAX_STORED
    from ...scoring.cards import SOLO_EXCLUDED
    from ...scoring.cards import TOWN_HALL_EXCLUDED
    from ...scoring.cards import colour_of

    app.jinja_env.globals.update(
        colour_of=colour_of, max_stored=MAX_STORED, card_names=PerLanguage(CARD_NAMES),
        colour_names=PerLanguage(COLOUR_NAMES), reminders=PerLanguage(REMINDERS),
        solo_ranks=SOLO_RANK_WORDS,
        solo_excluded=SOLO_EXCLUDED, town_hall_excluded=TOWN_HALL_EXCLUDED, fortune_cards=FORTUNE_BUILDINGS,
        resource_names=PerLanguage(RESOURCE_NAMES), resource_of=RESOURCE_OF_LETTER,
    )
