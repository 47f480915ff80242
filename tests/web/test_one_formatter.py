"""One formatting implementation (issue 49): the browser shows the text the flow's pieces write (webscore/flow/text.py,
moments.py and controls.py, under MicroPython in the core's worker, or written by the server where no core runs), and
no script of static/js writes numbers, plural forms, lists, dates and times, a page's title or a message's
placeholders again, nor puts texts together by a separator."""

import pathlib
import re

import pytest

SCRIPTS = sorted((pathlib.Path(__file__).resolve().parents[2] / "static" / "js").glob("*.*js"))
FORMATTERS = "number|list|fill|pluralForm|counted|pair|problemText"
# What a second formatter would be: a function named as one, or one that reads how a language writes numbers
# (its group, its grouping, its plural categories) or lists names, or fills a message's %(name)s itself.
FORBIDDEN = {
    "a formatter by name": re.compile(r"\bfunction\s+(?:{0})\b|\bexport\s+(?:const|let|var)\s+(?:{0})\b".format(FORMATTERS)),
    "Intl's numbers, plurals or lists": re.compile(r"Intl\.(?:NumberFormat|PluralRules|ListFormat)|toLocaleString\("),
    "a number's writing read": re.compile(r"\.grouped_from\b|\.grouping\b|\.plurals\s*\[|\bwords\.lists\b"),
    "placeholders filled by a pattern": re.compile(r"%\\\(\(?\\w"),
    "a placeholder filled by its name": re.compile(r"""\.replace(?:All)?\(\s*["'`]%\("""),
    # Dates and times are written by moments.py, from the clock's parts a script reads.
    "Intl's dates and times": re.compile(r"Intl\.DateTimeFormat|Intl\.RelativeTimeFormat|\.toLocale\w*String\("),
    # A page's title is its name then the site's, by controls.page_title alone.
    "a page title written by hand": re.compile(r"·\s*Marquoir|document\.title\s*=\s*[^;]*\+"),
    # Words said together (a list, sentences one after the other, a square's parts) are put together by the flow's
    # pieces (text.sentences, text.name_list, their messages): no script joins texts by a separator with a space in it,
    # nor puts one between two texts. "".join() (HTML already drawn, hex digits) and keys without a space are no words.
    # Not words either: the ids an aria-describedby lists, space-separated as HTML reads them (dom.mjs, setup.js,
    # table-town.mjs), allowed on the line that sets it; nor a comment's words.
    "texts joined by a separator": re.compile(
        r"^(?![^\n]*aria-describedby)(?!\s*//)[^\n]*?\.join\(\s*"
        r"""("[^"\n]*\s[^"\n]*"|'[^'\n]*\s[^'\n]*'|`[^`\n]*\s[^`\n]*`)\s*\)""", re.M),
    "texts put together around a separator": re.compile(
        r"^(?![^\n]*aria-describedby)(?!\s*//)[^\n]*?\+\s*"
        r"""("[^"\n\w]*\s[^"\n\w]*"|'[^'\n\w]*\s[^'\n\w]*')\s*\+""", re.M),
    "texts put together in a template": re.compile(r"^(?!\s*//)[^\n]*?(\}[^\w`$<>{}\n]*\s[^\w`$<>{}\n]*\$\{)", re.M),
}


def test_there_are_scripts_to_read():
    assert any(script.name == "words.mjs" for script in SCRIPTS)
    assert len(SCRIPTS) > 10


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda script: script.name)
def test_no_script_formats_text_itself(script):
    text = script.read_text(encoding="utf-8")
    found = {what: pattern.findall(text) for what, pattern in FORBIDDEN.items() if pattern.search(text)}
    assert not found, "{} formats text itself: {}".format(script.name, found)


def test_the_words_module_exports_no_formatter():
    words = next(script for script in SCRIPTS if script.name == "words.mjs").read_text(encoding="utf-8")
    exported = set(re.findall(r"export\s+(?:async\s+)?function\s+(\w+)|export\s+const\s+(\w+)", words))
    names = {name for pair in exported for name in pair if name}
    assert names == {"words", "relinkLanguages", "path", "match"}


def test_a_table_note_is_shown_by_its_words_alone():
    """What other phones did is one line the flow's piece wrote (table_pieces.table_news): shown when it says something,
    with no count of the events beside it to say so again."""
    calls = [call for script in SCRIPTS for call in re.findall(r"showEvents\(([^)]*)\)", script.read_text(encoding="utf-8"))]
    assert calls and all(len(call.split(",")) == 2 for call in calls), calls


def test_the_pad_asks_its_lines_once_and_splits_nothing():
    """The quick pad's problems, by field or the whole pad's, and its ranking's items come from one piece
    (pad_pieces.pad_lines), asked once per redraw: the page neither sorts the problems nor asks the items apart."""
    pad = next(script for script in SCRIPTS if script.name == "pad.mjs").read_text(encoding="utf-8")
    assert pad.count('draw("pad_lines"') == 1
    assert "ranking_items" not in pad and not re.search(r"problems\.filter\(", pad)


@pytest.mark.parametrize(("line", "what"), [
    ('const day = new Intl.DateTimeFormat(lang, { dateStyle: "medium" });', "Intl's dates and times"),
    ("hint.textContent = new Date(when).toLocaleDateString(lang);", "Intl's dates and times"),
    ("time.textContent = at.toLocaleTimeString();", "Intl's dates and times"),
    ("label.textContent = total.toLocaleString(lang);", "Intl's numbers, plurals or lists"),
    ('document.title = title + " · Marquoir";', "a page title written by hand"),
    ("document.title = `${title} · Marquoir`;", "a page title written by hand"),
    ("document.title = words.ui.scores + suffix;", "a page title written by hand"),
    # What the scripts put together before the flow said it (issue 49): a refused hand-in's problems (table-outbox.mjs),
    # the table's news (play.mjs), a square's words and the total (town.js).
    ('notice = { kind: "done", text: answer.problems.join(" ") };', "texts joined by a separator"),
    ('const offer = [...root.querySelectorAll(".face-up button")].map((card) => card.textContent).join(", ");',
     "texts joined by a separator"),
    ('announce([root.querySelector("h1")?.textContent, news?.textContent, offer].filter(Boolean).join(". "));',
     "texts joined by a separator"),
    ("return [square.dataset.square, card, points].filter(Boolean).join(', ');", "texts joined by a separator"),
    ("announce([what, total].filter(Boolean).join(`. `));", "texts joined by a separator"),
    ('announce(what + ". " + total);', "texts put together around a separator"),
    ("label.textContent = name + ' ' + points;", "texts put together around a separator"),
    ("announce(`${what}. ${total}`);", "texts put together in a template"),
    ("said.textContent = `${square}, ${card}, ${points}`;", "texts put together in a template"),
])
def test_the_guards_catch_a_second_formatter(line, what):
    assert FORBIDDEN[what].search(line)


@pytest.mark.parametrize("line", [
    'if (left.length) button.setAttribute("aria-describedby", left.join(" "));',
    'described.setAttribute("aria-describedby", ids ? ids + " " + error.id : error.id);',
    'if (answer.result) ranking.innerHTML = said.items.join("");',
    'const key = event.player + ":" + event.kind;',
    "export const outboxKey = (id, n) => `marquoir-table-outbox:${id}:${n}`;",
    'history.replaceState(null, "", location.pathname + "?" + params.toString());',
    "element.innerHTML = `<li>${first}</li> <li>${second}</li>`;",
    '// The outbox joined them with .join(" ") itself: " " + words + " " no more.',
    'announce(heading?.dataset.said ?? heading?.textContent);',
])
def test_what_joins_no_words_passes_the_guards(line):
    assert not any(pattern.search(line) for pattern in FORBIDDEN.values())


def test_a_title_drawn_by_the_flow_passes_the_guards():
    line = 'document.title = await core.draw("page_title", { name: words.ui.scores });'
    assert not any(pattern.search(line) for pattern in FORBIDDEN.values())
