"""The TypedDicts of webscore/shapes.py hold for real data: the example games, towns and operations the flow makes,
a table's record as a store keeps it. Every key is one the shape declares, every required key is there, every
value of the declared type; and the module stays out of the browser's MicroPython."""

import copy
import random
import types
import typing

import pytest

from support import examples
from support.fortune_games import fortune_game
from support.tables import empty_setup
from support.tables import open_table
from support.tables import town_op
from webscore import shapes
from webscore.flow import sync
from webscore.flow import sync_merge
from webscore.flow import sync_outbox
from webscore.flow.town_fields import fields_of
from webscore.scoring import decode
from webscore.scoring import encode
from webscore.scoring import problems
from webscore.scoring.validate import GAME_KEYS
from webscore.scoring.validate import PLAYER_KEYS
from webscore.web.offline.views import CORE_FILES
from webscore.web.tables.store import new_record
from webscore.web.tables.store import open_store

JSON_CALL = {"X-Requested-With": "marquoir"}
A, B = "phone-A-aaa", "phone-B-bbb"


def _is_typed_dict(hint) -> bool:
    return isinstance(hint, type) and issubclass(hint, dict) and hasattr(hint, "__required_keys__")


def _mismatches_of_record(value, hint, where: str) -> list:
    if type(value) is not dict:
        return ["{}: {!r} is not a {}".format(where, value, hint.__name__)]
    declared = typing.get_type_hints(hint)
    found = ["{}: {!r} is not a key of {}".format(where, key, hint.__name__) for key in value if key not in declared]
    found += ["{}: {} lacks {!r}".format(where, hint.__name__, key) for key in sorted(hint.__required_keys__)
              if key not in value]
    for key, item in value.items():
        if key in declared:
            found += mismatches(item, declared[key], "{}[{!r}]".format(where, key))
    return found


def _is_scalar(value, hint) -> bool:
    if hint is float:
        return type(value) in (int, float)
    # Exact types, as the core's is_int: True is no count.
    return type(value) is hint


def mismatches(value, hint, where: str = "value") -> list:
    """Return where a value departs from a type hint (a TypedDict, a union, Literal, list, dict or a plain type)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if _is_typed_dict(hint):
        return _mismatches_of_record(value, hint, where)
    if origin in (typing.Union, types.UnionType):
        tried = [mismatches(value, arm, where) for arm in args]
        return [] if any(not found for found in tried) else min(tried, key=len)
    if origin is typing.Literal:
        return [] if any(type(value) is type(arg) and value == arg for arg in args) else [
            "{}: {!r} is none of {}".format(where, value, args)]
    if origin is list:
        if type(value) is not list:
            return ["{}: {!r} is not a list".format(where, value)]
        return [problem for i, item in enumerate(value) for problem in mismatches(item, args[0], "{}[{}]".format(where, i))]
    if origin is dict:
        if type(value) is not dict:
            return ["{}: {!r} is not a dict".format(where, value)]
        return [problem for key, item in value.items()
                for problem in mismatches(key, args[0], "{} key".format(where)) + mismatches(item, args[1],
                                                                                            "{}[{!r}]".format(where, key))]
    if hint is type(None):
        return [] if value is None else ["{}: {!r} is not None".format(where, value)]
    return [] if _is_scalar(value, hint) else ["{}: {!r} is not a {}".format(where, value, hint.__name__)]


# The checker itself.

def test_the_checker_names_an_unknown_key_a_missing_one_and_a_value_of_another_type():
    game = examples.load("four-players")
    assert mismatches(game, shapes.Game) == []
    game["colour"] = "red"
    del game["cavern"]
    game["players"][0]["master_builder_turns"] = True
    game["players"][1]["town"][0][0] = 3
    assert mismatches(game, shapes.Game, "game") == [
        "game: 'colour' is not a key of Game", "game: Game lacks 'cavern'",
        "game['players'][0]['master_builder_turns']: True is not a int",
        "game['players'][1]['town'][0][0]: 3 is not a str"]
    assert mismatches({"seq": 1, "done": False}, shapes.Operation)
    assert mismatches({"seq": 1, "done": True, "reopen": 2}, shapes.Operation)


# The game file.

def test_the_game_shape_declares_the_keys_the_core_takes_and_no_other():
    assert set(typing.get_type_hints(shapes.Game)) == set(GAME_KEYS)
    assert set(typing.get_type_hints(shapes.Player)) == set(PLAYER_KEYS)


def _games() -> list:
    rng = random.Random(47)
    found = [(name, examples.load(name)) for name in examples.NAMES]
    found += [("tied", examples.tied_game()), ("empty setup", empty_setup(examples.load("rulebook-28")))]
    found += [("fortune {}".format(i), fortune_game(rng)) for i in range(40)]
    # As the core reads a code back: every key written out, None where a fact is not known.
    found += [("decoded " + name, decode(encode(game))) for name, game in list(found)]
    return found


@pytest.mark.parametrize("name, game", _games(), ids=lambda value: value if isinstance(value, str) else "")
def test_every_example_game_is_a_game(name, game):
    assert problems(game) == []
    assert mismatches(game, shapes.Game) == []


# A town at a table and its operations.

GAME = empty_setup(examples.load("four-players"))
FULL = examples.load("four-players")


def _towns_and_ops():
    """Return the towns the flow made and the operations it took, through a set, a conflict, a hand-in, a reopening."""
    towns, ops = [sync.town_from_fields(fields_of(GAME["players"][0]), 0, False)], []
    sent = [(A, sync.read_op(town_op(FULL, 0))), (B, {"seq": 1, "set": {"square_a1": ["well", 0]}}),
            (A, sync.read_op({"seq": 2, "done": True})), (B, sync.read_op({"seq": 2, "reopen": 2})),
            (A, {"seq": 3, "set": {"stored_d3": ["1", 3]}})]
    for client, op in sent:
        town, answer = sync_merge.apply(towns[-1], client, op, GAME, 1)
        assert answer["outcome"] in (sync_merge.APPLIED, sync_merge.CONFLICT), answer
        towns.append(town)
        ops.append(op)
    # The phone's outbox makes operations of its own.
    outbox = sync_outbox.new_outbox(A, sync.public(towns[-1]))
    outbox = sync_outbox.edit(outbox, dict(sync.form_fields(towns[-1]["fields"]), square_b2="cottage"))
    outbox = sync_outbox.hand_in(sync_outbox.sending(outbox, 1))
    outbox = sync_outbox.reopen(sync_outbox.sending(outbox, 2))
    ops += outbox["ops"]
    towns.append(sync.town_from_fields({"square_a1": "farm", "other": "x"}, 4, True))
    return towns, ops


TOWNS, OPS = _towns_and_ops()


def test_the_flow_made_a_town_of_every_kind_and_an_operation_of_each_kind():
    assert TOWNS[-2]["marks"] and TOWNS[-2]["seen"] == {A: 3, B: 2} and TOWNS[-2]["sums"]
    assert {next(key for key in op if key != "seq") for op in OPS} == {"set", "done", "reopen"}


@pytest.mark.parametrize("i", range(len(TOWNS)))
def test_every_town_the_flow_keeps_is_a_sync_town(i):
    assert mismatches(TOWNS[i], shapes.SyncTown) == []


@pytest.mark.parametrize("i", range(len(OPS)))
def test_every_operation_is_an_operation_of_one_kind(i):
    assert mismatches(OPS[i], shapes.Operation) == []
    assert sum(not mismatches(OPS[i], kind) for kind in typing.get_args(shapes.Operation)) == 1


# A table's record.

def test_a_table_just_opened_is_a_table_record():
    assert mismatches(new_record(encode(GAME), 4, 1_800_000_000.0), shapes.TableRecord) == []


def test_a_table_as_the_store_keeps_it_after_its_phones_saved_is_a_table_record(app, client):
    table = open_table(client, encode(GAME))
    for p in range(2):
        for op in (town_op(FULL, p), {"seq": 2, "done": True}):
            sent = client.post("/en/t/{}/{}".format(table, p + 1), json={"client": A, "op": op}, headers=JSON_CALL)
            assert sent.status_code == 200
    record = open_store(app).get(table)
    assert record["done"] == [True, True, False, False] and len(record["sync"]) == 4
    assert mismatches(record, shapes.TableRecord) == []
    broken = copy.deepcopy(record)
    broken["sync"][0]["version"] = "3"
    assert mismatches(broken, shapes.TableRecord, "record") == ["record['sync'][0]['version']: '3' is not a int"]


# Where the shapes live.

def test_the_shapes_stay_out_of_the_browsers_python():
    assert "shapes.py" not in {path.rsplit("/", 1)[-1] for path in CORE_FILES}
    assert all(path.split("/")[0] in ("scoring", "flow") for path in CORE_FILES)
