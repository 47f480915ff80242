"""Count the suite's checks by reading its source: `assert` statements, Playwright `expect(` calls, test functions.

Run before and after moving tests between files: a move keeps every check, so only the exact repeats it
drops may lower the figures. `--by-file` lists the figures of every file as well.

    .venv/bin/python tests/support/count_assertions.py [--by-file]
"""

import ast
import pathlib
import sys

TESTS = pathlib.Path(__file__).resolve().parent.parent


def is_expect(node: ast.AST) -> bool:
    """Whether the node is a call of Playwright's expect(...) (however it was imported)."""
    return isinstance(node, ast.Call) and (
        (isinstance(node.func, ast.Name) and node.func.id == "expect")
        or (isinstance(node.func, ast.Attribute) and node.func.attr == "expect"))


def is_test(node: ast.AST) -> bool:
    """Whether the node defines a test function (or method) pytest collects by its name."""
    return isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test")


def count(path: pathlib.Path) -> tuple:
    """Return (asserts, expects, test functions) of one Python file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    nodes = list(ast.walk(tree))
    return (sum(isinstance(node, ast.Assert) for node in nodes),
            sum(is_expect(node) for node in nodes),
            sum(is_test(node) for node in nodes))


def main(argv: list) -> int:
    totals = [0, 0, 0]
    for path in sorted(TESTS.rglob("*.py")):
        if ".venv" in path.parts:
            continue
        figures = count(path)
        totals = [total + figure for total, figure in zip(totals, figures)]
        if "--by-file" in argv and any(figures):
            print("{:<60} asserts {:>4}  expect {:>4}  tests {:>4}".format(
                str(path.relative_to(TESTS.parent)), *figures))
    asserts, expects, tests = totals
    print("assert statements: {}".format(asserts))
    print("expect( calls:     {}".format(expects))
    print("assertions in all: {}".format(asserts + expects))
    print("test functions:    {}".format(tests))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
