"""Nothing leans on what a library's next minor version may change: its defaults, or its private names.

Flask's changelog for 3.2 moves redirect()'s default status and folds the request context into the app
context; the code states every redirect's status and imports no private module of Flask or Werkzeug.
"""

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parents[2] / "webscore"
SOURCES = sorted(PACKAGE.rglob("*.py"))


def calls_named(tree: ast.AST, name: str):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            called = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            if called == name:
                yield node


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: str(path.relative_to(PACKAGE)))
def test_every_redirect_states_its_status(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    unstated = [call.lineno for call in calls_named(tree, "redirect")
                if len(call.args) < 2 and not any(keyword.arg == "code" for keyword in call.keywords)]
    assert unstated == []


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: str(path.relative_to(PACKAGE)))
def test_no_private_module_or_name_of_flask_or_werkzeug_is_imported(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    private = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in ("flask", "werkzeug"):
            if node.module in ("flask.globals", "flask.ctx") or any(part.startswith("_") for part in node.module.split(".")):
                private.append(node.module)
            private += [alias.name for alias in node.names if alias.name.startswith("_")]
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "flask" \
                and node.attr.startswith("_"):
            private.append("flask." + node.attr)
    assert private == []


def test_the_checks_see_the_redirects_there_are():
    # The walk above finds redirects at all: a rename of the helper would otherwise pass unnoticed.
    found = sum(len(list(calls_named(ast.parse(path.read_text(encoding="utf-8")), "redirect"))) for path in SOURCES)
    assert found >= 15
