"""Every card's name in a square (Fortune's too), on a 320 and a 360 px phone, in the three languages: a word breaks only where
its language lets it (a soft hyphen, shown as a hyphen, or its own hyphen), never at any letter, though
Chromium here has no hyphenation dictionary of its own."""

import pytest

from support import examples
from webscore.languages import LANGUAGES

CODE = examples.FOUR_PLAYERS_CODE

# Each name (words.square_cards) put in one square in turn; every line break inside a word is reported unless
# the letter before it is a soft hyphen or a hyphen. A letter's line is its last non-empty box's top.
BREAKS = """([selector, names]) => {
  for (const details of document.querySelectorAll("details")) details.open = true;
  const card = document.querySelector(selector);
  const found = [];
  for (const name of names) {
    card.textContent = name;
    const text = card.firstChild;
    let line = null;
    for (let i = 0; i < name.length; i++) {
      if (name[i] === " " || name[i] === "\\u00ad") continue;
      const range = document.createRange();
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      const boxes = [...range.getClientRects()].filter((box) => box.width > 0);
      const top = Math.round(boxes[boxes.length - 1].top);
      if (line !== null && top > line + 2 && !" \\u00ad-".includes(name[i - 1])) {
        found.push(name.replaceAll("\\u00ad", "") + " before letter " + (i + 1));
      }
      line = top;
    }
  }
  return found;
}"""


@pytest.mark.parametrize("width", [320, 360])
def test_no_card_name_breaks_inside_a_word_in_a_square(browser, live_server, width):
    context = browser.new_context(viewport={"width": width, "height": 740}, is_mobile=True, has_touch=True)
    page = context.new_page()
    broken = {}
    for lang in LANGUAGES:
        # The names as squares show them, from the words a town step holds: every building and monument.
        page.goto(live_server + "/{}/g/{}/1".format(lang, CODE))
        names = list(page.evaluate("() => JSON.parse(document.getElementById('words').textContent).square_cards")
                     .values())
        assert len(names) == 62  # the base game's 40 cards and Fortune's 22
        broken[lang, "town"] = page.evaluate(BREAKS, [".square[data-square=a1] .square-card", names])
        page.goto(live_server + "/{}/r/{}".format(lang, CODE))
        broken[lang, "result"] = page.evaluate(BREAKS, ["#town-1 .result-grid .square .square-card", names])
    context.close()
    assert broken == {key: [] for key in broken}
