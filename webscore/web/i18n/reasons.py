"""The words of the reasons a square's points give: the core's reason codes, plain, counted, or a Cottage's
"fed" by card.

Apart from the ids' names (labels.py, cards.py) because these are the result's explanation, one a scoring
condition: a rule that gives a new reason (scoring/buildings.py, monuments.py) gets its words here.
"""

from flask_babel import lazy_gettext as _l
from flask_babel import lazy_pgettext as _lp

from .grammar import plural_pair

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
