"""Every card's name in a square (Fortune's too), on a 320 and a 360 px phone, in the three languages: a word breaks only where
its language lets it (a soft hyphen, shown as a hyphen, or its own hyphen), never at any letter, though
Chromium here has no hyphenation dictionary of its own."""

import pytest

from support import examples
from webscore.flow import text
from webscore.flow import town_square_pieces
from webscore.languages import LANGUAGES
from webscore.web.i18n.problems import SQUARE_PROBLEMS

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


# Each text drawn in turn (HTML, as the flow's pieces draw it) in a square's part: every word (what plain spaces part)
# drawn on more than one line is reported, unless it is wider than the line alone and broken only after a soft hyphen
# or its own hyphen. A letter's line is its last non-empty box's top; the line's width, its block's content box.
SPLIT_WORDS = """([selector, drawn]) => {
  const part = document.querySelector(selector);
  let block = part;
  while (getComputedStyle(block).display.startsWith("inline")) block = block.parentElement;
  const style = getComputedStyle(block);
  const line = block.getBoundingClientRect().width - ["paddingLeft", "paddingRight", "borderLeftWidth",
    "borderRightWidth"].reduce((sum, side) => sum + parseFloat(style[side]), 0);
  const found = [];
  for (const html of drawn) {
    part.innerHTML = html;
    const letters = [];
    const walker = document.createTreeWalker(part, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (getComputedStyle(node.parentElement).fontSize === "0px") continue;
      for (let i = 0; i < node.data.length; i++) letters.push([node, i]);
    }
    const text = letters.map(([node, i]) => node.data[i]).join("");
    let start = 0;
    for (const word of text.split(" ")) {
      const breaks = [];
      let top = null;
      for (let k = start; k < start + word.length; k++) {
        if (text[k] === "\\u00ad") continue;
        const range = document.createRange();
        range.setStart(...letters[k]);
        range.setEnd(letters[k][0], letters[k][1] + 1);
        const boxes = [...range.getClientRects()].filter((box) => box.width > 0);
        const at = Math.round(boxes[boxes.length - 1].top);
        if (top !== null && at > top + 2) breaks.push(text[k - 1]);
        top = at;
      }
      start += word.length + 1;
      if (!breaks.length) continue;
      const alone = document.createElement("span");
      alone.style.whiteSpace = "nowrap";
      alone.textContent = word.replaceAll("\\u00ad", "");
      part.append(alone);
      const wide = alone.getBoundingClientRect().width > line;
      alone.remove();
      if (!wide || breaks.some((before) => !"\\u00ad-".includes(before))) found.push(alone.textContent);
    }
  }
  return found;
}"""


def test_no_word_a_square_holds_is_split_where_it_fits_a_line(phone, live_server):
    # In French on a 360 px phone, "Un entrepôt stocke au plus 3 ressour" / "ces." broke a message at any letter, and
    # a name's word that fits a line broke at its soft hyphen ("Le Mé-" / "tier"). Every card's name as a square shows
    # it, "Empty", every message a square can say (its card's, its Warehouse's) and its Warehouse's label.
    page = phone.new_page()
    found = {}
    for lang in LANGUAGES:
        page.goto(live_server + "/{}/g/{}/1?square_a1=warehouse&stored_a1=9&go=next".format(lang, CODE))
        words = page.evaluate("() => JSON.parse(document.getElementById('words').textContent)")
        cards = [town_square_pieces.square_card(words, card) for card in [""] + list(words["square_cards"])]
        messages = [town_square_pieces.square_message(words, text.problem_text(words, {"code": code}))
                    for code in SQUARE_PROBLEMS]
        assert page.locator(".square[data-square=a1] .error").text_content().replace("\u00ad", "") == \
            text.problem_text(words, {"code": "stored-over-3"})
        found[lang] = (page.evaluate(SPLIT_WORDS, [".square[data-square=b1] .square-card", cards]) +
                       page.evaluate(SPLIT_WORDS, [".square[data-square=a1] .error", messages]) +
                       page.evaluate(SPLIT_WORDS, [".square[data-square=a1] .stored label", [words["ui"]["stored"]]]))
    assert found == {lang: [] for lang in LANGUAGES}
