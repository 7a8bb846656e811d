"""pokertd.records: frozen records behave as frozen slotted dataclasses do."""

from __future__ import annotations

import copy
import gc
import pickle
from typing import ClassVar

import pytest

import dataclasses

from pokertd.records import FrozenRecordError, MutableRecord, Record, mutable_record, record
from pokertd.tournament import events as ev


@record
class Point(Record):
    kind: ClassVar[str] = "point"
    x: int
    y: int = 0


@record
class Point3(Point):
    z: int = 5


def test_fields_from_annotations_classvars_excepted_defaults_kept():
    assert Point._fields == ("x", "y") and Point.kind == "point"
    assert Point(1) == Point(1, 0) == Point(x=1, y=0)
    assert Point3(1, 2, 3)._fields == ("x", "y", "z") and Point3(1).z == 5


def test_construction_refuses_what_a_dataclass_refuses():
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'x'"):
        Point()
    with pytest.raises(TypeError, match="unexpected keyword argument 'w'"):
        Point(1, w=2)
    with pytest.raises(TypeError, match="takes from 2 to 3 positional arguments but 4"):
        Point(1, 2, 3)


def test_frozen_and_slotted():
    p = Point(1, 2)
    with pytest.raises(FrozenRecordError, match="cannot assign to field 'x': a Point is frozen"):
        p.x = 3
    with pytest.raises(FrozenRecordError):
        del p.y
    with pytest.raises(AttributeError):
        p.other = 1
    assert not hasattr(p, "__dict__")


def test_equality_hash_and_repr_by_value_and_type():
    assert Point(1, 2) != Point3(1, 2) and Point(1, 2) != (1, 2)
    assert hash(Point(1, 2)) == hash(Point(1, 2)) and len({Point(1, 2), Point(1, 2)}) == 1
    assert repr(Point3(1, 2, 3)) == "Point3(x=1, y=2, z=3)"


def test_a_subclass_builds_with_its_own_fields_after_its_parent_built_one():
    Point(7)                                   # the parent's __init__ compiled first
    assert Point3(1, 2, 3).z == 3 and Point(4).y == 0


def test_pickle_and_copy_give_equal_records():
    e = ev.Busted("Ann", 3, 1, 2, "Bob", rule="IFP 57")
    assert pickle.loads(pickle.dumps(e)) == e
    assert copy.copy(e) == e and copy.deepcopy(e) == e


def test_bad_record_definitions_are_refused():
    with pytest.raises(TypeError, match="must subclass pokertd.records.Record"):
        @record
        class NotARecord:
            x: int
    with pytest.raises(TypeError, match="field 'y' without a default follows one with a default"):
        @record
        class Bad(Record):
            x: int = 0
            y: int
    with pytest.raises(TypeError, match="mutable default"):
        @record
        class Mutable(Record):
            x: list = []  # noqa: RUF012


def test_every_event_round_trips_through_its_json_form():
    e = ev.HandPlayed(1, 2, 3.0, 1, 4, 5, 6, ("a", "b"), (10, 20), (20, 10))
    assert ev.from_dict(ev.to_dict(e)) == e
    assert ev.to_dict(e)["players"] == ["a", "b"]
    with pytest.raises(ValueError, match=r"event 'busted': unknown field\(s\) \['extra'\]"):
        ev.from_dict({"type": "busted", "player": "A", "place": 2, "tied": 1, "table": 1,
                      "knocked_out_by": None, "extra": 1})


@record
class Tagged(Record):
    name: str
    tags: tuple = ()
    seen: list = __import__("dataclasses").field(default_factory=list,
                                                 metadata={"doc": "a fresh list each"})


def test_field_default_factory_and_metadata_as_in_a_dataclass():
    a, b = Tagged("a"), Tagged("b")
    assert a.seen == [] and a.seen is not b.seen
    assert Tagged("c", seen=[1]).seen == [1]
    assert Tagged._metadata["seen"]["doc"] == "a fresh list each"


def test_replace_and_asdict():
    p = Point3(1, 2, 3)
    assert p._replace(y=7) == Point3(1, 7, 3) and p == Point3(1, 2, 3)
    assert p._asdict() == {"x": 1, "y": 2, "z": 3}
    with pytest.raises(TypeError, match="Point3 has no field\\(s\\) w"):
        p._replace(w=1)


def test_the_dataclasses_functions_take_a_record_as_a_dataclass():
    p = Point3(1, 2, 3)
    assert dataclasses.is_dataclass(p) and dataclasses.is_dataclass(Point3)
    assert [f.name for f in dataclasses.fields(p)] == ["x", "y", "z"]
    assert dataclasses.replace(p, z=9) == Point3(1, 2, 9)
    assert dataclasses.asdict(Tagged("a", seen=[Point(1)])) == {"name": "a", "tags": (), "seen": [{"x": 1, "y": 0}]}
    assert dataclasses.fields(Tagged)[2].metadata["doc"] == "a fresh list each"


@mutable_record
class Counter(MutableRecord):
    name: str
    count: int = 0


def test_a_mutable_record_is_assigned_compared_by_value_and_unhashable():
    c = Counter("a")
    c.count += 2
    assert c == Counter("a", 2) and c != Counter("a") and repr(c) == "Counter(name='a', count=2)"
    with pytest.raises(TypeError, match="unhashable"):
        hash(c)
    with pytest.raises(AttributeError):
        c.other = 1
    assert pickle.loads(pickle.dumps(c)) == c and copy.deepcopy(c) == c
    with pytest.raises(TypeError, match="must subclass pokertd.records.MutableRecord"):
        mutable_record(type("Plain", (Record,), {"__annotations__": {"x": "int"}}))


@record
class Span(Record):
    start: int
    end: int
    __slots__ = ("_length",)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_length", self.end - self.start)


def test_private_slots_are_kept_but_are_not_fields():
    s = Span(2, 7)
    assert s._length == 5 and Span._fields == ("start", "end")
    assert s == Span(2, 7) and repr(s) == "Span(start=2, end=7)"
    assert pickle.loads(pickle.dumps(s))._length == 5


def test_the_console_script_holds_the_collector_while_it_loads_and_runs_commands_with_it_on(
        monkeypatch):
    """Start-up (issue 8): ``pokertd.__main__.main`` (the console script) turns the cyclic collector off while the
    modules load; the root callback freezes what loading made and turns it back on. Importing
    ``pokertd.cli`` leaves it alone."""
    import importlib
    import sys

    import pokertd.__main__
    root = importlib.import_module("pokertd.cli.app")
    assert gc.isenabled() and not root.COLLECTOR_HELD
    monkeypatch.setattr(sys, "argv", ["pokertd", "payouts", "--entrants", "10", "--pool", "100"])
    try:
        with pytest.raises(SystemExit) as done:
            pokertd.__main__.main()
        assert done.value.code == 0
        assert gc.isenabled() and not root.COLLECTOR_HELD
    finally:
        gc.unfreeze()
        gc.enable()
