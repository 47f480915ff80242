"""axe-core in the browser tests: the pages and states measured, and a run that lists what it finds."""

import pathlib
from urllib.parse import urlencode

from support.examples import FOUR_PLAYERS_CODE
from support.examples import RULEBOOK_CODE
from support.webflow import SETUP
from support.webflow import code_of
from support.webflow import town_query
from webscore.languages import DEFAULT
from webscore.languages import TRANSLATED

AXE = pathlib.Path(__file__).resolve().parent / "axe" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
# Who looks: English in light and dark, every other language in light.
VARIANTS = {DEFAULT + "-light": (DEFAULT, "light"), DEFAULT + "-dark": (DEFAULT, "dark"),
            **{lang: (lang, "light") for lang in TRANSLATED}}
HALF_TOWN = town_query("cottage farm . .", "well cottage . .", ". . . .", ". . . .")


def setup_code(app) -> str:
    """Return the code of the setup game (Ana, Bo, Cy, towns empty), as the setup form makes it."""
    response = app.test_client().get("/en/new?" + urlencode(SETUP))
    return code_of(response.headers["Location"])


def page_paths(code: str) -> dict:
    """Return {state: (path without the language, selector that shows the page is drawn)}."""
    return {
        "home": ("/", "main h1"),
        "setup": ("/new", "form"),
        "town-empty": ("/g/{}/1".format(code), "form[data-live-total]"),
        "town-half": ("/g/{}/1?{}".format(code, urlencode(HALF_TOWN)), "form[data-live-total]"),
        "town-problem": ("/g/{}/2/save?{}".format(code, urlencode({"square_a1": "warehouse", "go": "next"})),
                         "form[data-live-total]"),
        "results-2": ("/r/{}".format(RULEBOOK_CODE), ".ranking"),
        "results-4": ("/r/{}".format(FOUR_PLAYERS_CODE), ".ranking"),
        "rules": ("/rules", "main h1"),
        "pad": ("/pad", ".pad-form input"),
        "play": ("/play?code={}".format(code), "#play h1"),
        "not-found": ("/no-such-page", "main h1"),
        "games-none": ("/games", ".stats-none"),
    }


def violations(page) -> list:
    """Run axe-core on the page as it stands; return one line per failing node."""
    page.add_script_tag(content=AXE.read_text())
    found = page.evaluate("""tags => axe.run(document, {runOnly: {type: "tag", values: tags},
                             resultTypes: ["violations"]}).then(r => r.violations.map(v => ({
                             id: v.id, nodes: v.nodes.map(n => n.target.join(" ") + " :: " + n.failureSummary)})))""",
                          TAGS)
    return ["{}: {}".format(v["id"], node) for v in found for node in v["nodes"]]
