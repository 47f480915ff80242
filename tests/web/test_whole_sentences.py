"""No sentence is built by joining translated fragments in code: a sentence is one message of the catalogue, whose
translator orders its parts (issue 48). Two translated words added or joined side by side in the code, Python or
JavaScript, fail here; a message with placeholders (fill, %(name)s) is the way to put them together."""

import ast
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
# What gives a translated text in the Python code: Babel's calls, and the words dicts the pieces read.
GETTEXT = {"_", "_l", "_lp", "gettext", "pgettext", "ngettext", "lazy_gettext", "lazy_pgettext", "plain_gettext",
           "plain_ngettext"}
WORDS = {"words", "ui", "text", "texts"}
# In the browser's modules: the words the page gives (words.ui.x, texts.x, ui.x).
JS_WORD = r"\b(?:ui|texts|words(?:\.ui)?)\.[a-z_]+"
JS_JOINED = re.compile(JS_WORD + r"[^;,()\n]*\+[^;\n]*" + JS_WORD + r"|`[^`]*\$\{" + JS_WORD + r"[^`]*\$\{" + JS_WORD)


def _translated(node) -> bool:
    while isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("escape", "str") \
            and node.args:
        node = node.args[0]
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return node.func.id in GETTEXT
    if isinstance(node, ast.Subscript):
        while isinstance(node, ast.Subscript):
            node = node.value
        return isinstance(node, ast.Name) and node.id in WORDS
    return False


def _added(node) -> list:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _added(node.left) + _added(node.right)
    return [node]


def joined_fragments(source: str) -> list:
    """Return the lines of Python source that add or join two translated texts."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            parts = _added(node)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "join" \
                and node.args and isinstance(node.args[0], (ast.List, ast.Tuple)):
            parts = node.args[0].elts
        else:
            continue
        if sum(1 for part in parts if _translated(part)) >= 2:
            found.append(node.lineno)
    return sorted(set(found))


def test_the_check_finds_fragments_joined_as_code_would_join_them():
    assert joined_fragments('a = _("Done") + " " + _("21 points")\nb = " ".join([escape(ui["x"]), words["ui"]["y"]])\n'
                            'c = fill(ui["status_total"], {"status": ui["done"]})\n') == [1, 2]
    assert JS_JOINED.search('line.textContent = ui.done + " " + ui.points;')
    assert JS_JOINED.search("label = `${texts.player} ${texts.total}`;")
    assert not JS_JOINED.search('line.textContent = fill(ui.status_total, { status: ui.done });')


def test_no_python_module_joins_translated_fragments():
    found = {str(path.relative_to(ROOT)): joined_fragments(path.read_text(encoding="utf-8"))
             for path in sorted((ROOT / "webscore").rglob("*.py"))}
    assert len(found) > 50
    assert {path: lines for path, lines in found.items() if lines} == {}


def test_no_browser_module_joins_translated_fragments():
    found = [(path.name, line) for path in sorted((ROOT / "static" / "js").glob("*.*js"))
             for line in path.read_text(encoding="utf-8").splitlines() if JS_JOINED.search(line)]
    assert found == []
