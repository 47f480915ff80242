"""Both table stores answer every call of TableStore (webscore/web/tables/protocol.py) alike, and the app calls no other."""

import ast
import inspect
import pathlib

import pytest

from webscore.web.tables import store as store_module
from webscore.web.tables.protocol import TableStore
from webscore.web.tables.redis_store import RedisStore
from webscore.web.tables.store import SQLiteStore

WEB = pathlib.Path(__file__).resolve().parents[2] / "webscore" / "web"
STORES = (SQLiteStore, RedisStore)
METHODS = tuple(sorted(name for name, member in vars(TableStore).items()
                       if inspect.isfunction(member) and not name.startswith("_")))
ATTRIBUTES = tuple(sorted(TableStore.__annotations__))
# The stores themselves, whose own helpers (_db, _write, _count...) are theirs to call.
IMPLEMENTATIONS = {"store.py", "redis_store.py"}


def parameters(function) -> list:
    """Return (name, kind, default) for each parameter of a function: what a caller may rely on."""
    return [(p.name, p.kind, p.default) for p in inspect.signature(function).parameters.values()]


def test_the_protocol_names_the_calls_the_app_makes():
    assert METHODS == ("answering", "change", "create", "forget", "get", "hit")
    assert ATTRIBUTES == ("clock", "failures")


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("kind", STORES, ids=lambda kind: kind.__name__)
def test_each_store_has_every_method_with_the_protocols_parameters_and_defaults(kind, method):
    assert callable(getattr(kind, method, None)), method
    # reached() keeps the method's own signature (functools.wraps), which inspect follows.
    assert parameters(getattr(kind, method)) == parameters(getattr(TableStore, method))
    assert inspect.getdoc(getattr(TableStore, method)).count("\n") == 0


def test_both_stores_are_table_stores(tmp_path):
    # Redis connects at its first command only: a store that reaches no server is still a whole store.
    made = (SQLiteStore(tmp_path / "tables.sqlite3"), RedisStore("redis://127.0.0.1:1/0"))
    assert [isinstance(made_store, TableStore) for made_store in made] == [True, True]
    assert all(hasattr(made_store, name) for made_store in made for name in ATTRIBUTES)


def test_something_without_the_calls_is_no_table_store():
    class Partial:
        failures, clock = (), float

        def get(self, table_id):
            return None

    assert not isinstance(Partial(), TableStore)


def _is_store(node: ast.AST) -> bool:
    """Tell whether an expression is a table store as the app's modules name one."""
    if isinstance(node, ast.Call):
        called = node.func
        return isinstance(called, ast.Name) and called.id in ("open_store", "store")
    return isinstance(node, ast.Name) and node.id == "store"


def store_uses(tree: ast.AST) -> set:
    """Return the names of what a module reads or calls on a table store."""
    return {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute) and _is_store(node.value)}


def app_modules() -> list:
    return sorted(path for path in WEB.glob("**/*.py") if path.name not in IMPLEMENTATIONS or path.parent.name != "tables")


def test_the_app_uses_nothing_of_a_store_the_protocol_does_not_name():
    used = {}
    for path in app_modules():
        for name in store_uses(ast.parse(path.read_text(encoding="utf-8"))):
            used.setdefault(name, []).append(path.relative_to(WEB).as_posix())
    unnamed = {name: where for name, where in used.items() if name not in METHODS + ATTRIBUTES}
    assert unnamed == {}
    # The walk sees the calls there are: open_store(app).get(), store().change(), store.hit(), store.create().
    assert {"get", "change", "hit", "create"} <= set(used)


def test_reached_uses_only_what_the_protocol_names():
    # reached() wraps every store's calls: it asks the store whether it answers now, reads its failures and calls its
    # forget().
    source = inspect.getsource(store_module.reached)
    used = {node.attr for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"}
    assert used == {"answering", "failures", "forget"}
    assert used <= set(METHODS + ATTRIBUTES)


def test_the_checker_catches_a_call_the_protocol_does_not_name():
    tree = ast.parse("open_store(app).counted_keys()\nstore.hit('k', 60)\nstore().vacuum()\nother.get(1)")
    assert store_uses(tree) == {"counted_keys", "hit", "vacuum"}
