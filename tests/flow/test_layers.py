"""Imports run one way only: web → flow → core; the flow and the core import no framework."""

import ast
import pathlib
import sys

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parents[2] / "webscore"


def imports(path: pathlib.Path) -> list:
    """Return (module, level) for every import of a file: level 0 absolute, 1 this package, 2 the parent."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [(alias.name, 0) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.module or "", node.level))
    return found


@pytest.mark.parametrize("layer, may_reach", [("scoring", ()), ("flow", ("scoring",))])
def test_a_pure_layer_imports_the_standard_library_and_the_layers_below_only(layer, may_reach):
    for path in sorted((PACKAGE / layer).glob("*.py")):
        for module, level in imports(path):
            where = "{}: {}".format(path.name, module)
            if level == 0:
                assert module.split(".")[0] in sys.stdlib_module_names, where
            elif level == 2:
                assert module.split(".")[0] in may_reach, where


def test_the_core_never_reaches_up():
    for path in sorted((PACKAGE / "scoring").glob("*.py")):
        assert all(level < 2 for _, level in imports(path)), path.name
