"""No function in webscore/ is graded worse than C for cyclomatic complexity, counted as radon counts it.

A function's complexity is 1 plus its decision points: each if, elif and ternary; each for and while (and
its else); each except handler and a try's else; each and/or beyond the first operand; each comprehension's
for and its ifs; each assert; each match case, less one when a case catches all. Functions and classes
defined inside a function are blocks of their own, left out of its count; lambdas are not.
"""

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parents[2] / "webscore"
# Radon's grade C ends at 20; D (21-30) is where a function wants splitting.
WORST_ALLOWED = 20
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
BLOCKS = FUNCTIONS + (ast.ClassDef,)


def _catch_all(case) -> bool:
    return getattr(case.pattern, "pattern", False) is None


def _own_decisions(node) -> int:
    """Return the decision points a node adds by itself, not counting those inside it."""
    if isinstance(node, (ast.If, ast.IfExp)):
        return 1
    if isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
        return 1 + bool(node.orelse)
    if isinstance(node, ast.Try):
        return len(node.handlers) + bool(node.orelse)
    if isinstance(node, ast.BoolOp):
        return len(node.values) - 1
    if isinstance(node, ast.comprehension):
        return 1 + len(node.ifs)
    if isinstance(node, ast.Match):
        # Radon takes one catch-all case off, however many there are.
        return max(0, len(node.cases) - any(_catch_all(case) for case in node.cases))
    return 0


def decisions(node) -> int:
    """Return the decision points in a node and everything inside it, nested functions and classes aside."""
    if isinstance(node, BLOCKS):
        return 0
    # Radon counts an assert once and does not look at its condition.
    if isinstance(node, ast.Assert):
        return 1
    return _own_decisions(node) + sum(decisions(child) for child in ast.iter_child_nodes(node))


def complexity(function) -> int:
    """Return a function's cyclomatic complexity: its body's decision points plus one."""
    return 1 + sum(decisions(statement) for statement in function.body)


def functions_in(source: str) -> list:
    """Return (line, name, complexity) for every function and method in some source, nested ones included."""
    tree = ast.parse(source)
    return sorted((node.lineno, node.name, complexity(node)) for node in ast.walk(tree) if isinstance(node, FUNCTIONS))


RADON_COUNTS = [
    ("def f():\n    return 1", 1),
    ("def f(a):\n    if a:\n        return 1\n    elif a > 1:\n        return 2\n    else:\n        return 3", 3),
    ("def f(a):\n    for x in a:\n        pass\n    else:\n        pass\n    while a:\n        break", 4),
    ("def f():\n    try:\n        pass\n    except ValueError:\n        pass\n    except KeyError:\n        pass\n"
     "    else:\n        pass\n    finally:\n        pass", 4),
    ("def f(a, b, c):\n    return a and b and c or not a", 4),
    ("def f(a):\n    return [x for x in a if x if x > 1] + [y for z in a for y in z]", 6),
    ("def f(a):\n    return 1 if a else 2", 2),
    ("def f(a):\n    assert a and a > 1, 'no'\n    with open(a):\n        pass", 2),
    ("def f(a):\n    g = lambda x: x if x else a\n    def h(b):\n        return b or a\n    return g, h", 2),
    ("def f(a):\n    match a:\n        case 1:\n            pass\n        case [x] if x:\n            pass\n"
     "        case _:\n            pass", 3),
]


@pytest.mark.parametrize(("source", "expected"), RADON_COUNTS)
def test_the_count_is_radons(source, expected):
    assert functions_in(source)[0] == (1, "f", expected)


def test_a_nested_function_is_counted_on_its_own():
    source = "def f(a):\n    def h(b):\n        if b:\n            return b\n        return a\n    return h"
    assert functions_in(source) == [(1, "f", 1), (2, "h", 2)]


def test_no_function_in_the_package_is_worse_than_grade_c():
    too_complex = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for line, name, count in functions_in(path.read_text(encoding="utf-8")):
            if count > WORST_ALLOWED:
                too_complex.append("{}:{} {}: {}".format(path.relative_to(PACKAGE.parent), line, name, count))
    assert too_complex == []
