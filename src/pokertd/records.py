"""Frozen records: dataclasses that cost nothing to define.

A ``@dataclass(frozen=True, slots=True)`` writes and compiles six methods and builds its class
twice when it is defined. The tournament's event types are some thirty of them, defined by
every command that reads an event log: their definitions alone cost a short command about
0.03 s (issue 8). :func:`record` gives the same kind of class — fields from the annotations,
defaults, keyword or positional construction, ``__post_init__``, ``field(default_factory=, metadata=)``, frozen, slotted, equality and hash by value,
a readable repr, pickling and copying — with shared methods, and compiles a class's own
``__init__`` only the first time one is built. Type checkers see it as a dataclass
(``dataclass_transform``).
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, TypeVar, dataclass_transform

__all__ = ["FrozenRecordError", "MutableRecord", "Record", "mutable_record", "record"]

T = TypeVar("T", bound=type)


class FrozenRecordError(AttributeError):
    """A field of a frozen record was assigned or deleted."""


class _DataclassFields:
    """``__dataclass_fields__`` of a record, built when first asked for: with it the
    ``dataclasses`` functions (``fields``, ``replace``, ``asdict``, ``is_dataclass``) take a
    record as they take a dataclass, and a record costs nothing for them at definition."""

    def __get__(self, obj: Any, cls: type) -> dict[str, dataclasses.Field[Any]]:
        built: dict[str, dataclasses.Field[Any]] = {}
        for n in cls._fields:  # type: ignore[attr-defined]
            f: dataclasses.Field[Any] = dataclasses.field(
                default=cls._defaults.get(n, dataclasses.MISSING),  # type: ignore[attr-defined]
                default_factory=cls._factories.get(n, dataclasses.MISSING),  # type: ignore[attr-defined]
                metadata=cls._metadata.get(n))  # type: ignore[attr-defined]
            f.name = n
            f._field_type = dataclasses._FIELD  # type: ignore[attr-defined]
            built[n] = f
        type.__setattr__(cls, "__dataclass_fields__", built)   # kept on the class from now on
        return built


class Record:
    """Base of the records: the methods every record shares."""

    __slots__ = ()
    __dataclass_fields__: ClassVar[Any] = _DataclassFields()
    _fields: ClassVar[tuple[str, ...]] = ()
    _defaults: ClassVar[dict[str, Any]] = {}
    _factories: ClassVar[dict[str, Any]] = {}
    _metadata: ClassVar[dict[str, Any]] = {}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # The first record of a class: compile its own __init__ (a plain one, fast for the
        # thousands a replay or a simulation builds) and build this one with it.
        cls = type(self)
        init = _compile_init(cls)
        cls.__init__ = init  # type: ignore[method-assign]
        init(self, *args, **kwargs)

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenRecordError(f"cannot assign to field {name!r}: a {type(self).__name__} is frozen")

    def __delattr__(self, name: str) -> None:
        raise FrozenRecordError(f"cannot delete field {name!r}: a {type(self).__name__} is frozen")

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, n) for n in self._fields)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((self.__class__.__name__, *self._values()))

    def __repr__(self) -> str:
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in self._fields)
        return f"{self.__class__.__qualname__}({inner})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (self.__class__, self._values())

    def _replace(self, **changes: Any) -> Any:
        """A copy with some fields changed (``dataclasses.replace``); unknown names refused."""
        unknown = set(changes) - set(self._fields)
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field(s) {', '.join(sorted(unknown))}")
        return self.__class__(**{**self._asdict(), **changes})

    def _asdict(self) -> dict[str, Any]:
        """The fields by name, in order (values as they are: not copied)."""
        return {n: getattr(self, n) for n in self._fields}


def _compile_init(cls: type) -> Any:
    fields: tuple[str, ...] = cls._fields  # type: ignore[attr-defined]
    defaults: dict[str, Any] = cls._defaults  # type: ignore[attr-defined]
    factories: dict[str, Any] = cls._factories  # type: ignore[attr-defined]
    params = ", ".join(f"{n}=_d_{n}" if n in defaults else f"{n}=_NONE" if n in factories else n
                       for n in fields)
    # Each field is stored straight into its slot: a mutable record by assignment, a frozen
    # one (its __setattr__ refuses) through the slot's own setter, which skips the attribute
    # lookup object.__setattr__ makes (events and positions are built once per hand).
    mutable = cls.__setattr__ is object.__setattr__
    setters: dict[str, Any] = {}
    lines = []
    for n in fields:
        value = f"_f_{n}() if {n} is _NONE else {n}" if n in factories else n
        slot = getattr(cls, n, None)
        if mutable:
            lines.append(f"\n    self.{n} = {value}")
        elif type(slot).__name__ == "member_descriptor":
            setters[f"_s_{n}"] = slot.__set__
            lines.append(f"\n    _s_{n}(self, {value})")
        else:
            lines.append(f"\n    _set(self, {n!r}, {value})")
    body = "".join(lines)
    if hasattr(cls, "__post_init__"):      # a dataclass's check after the fields are set
        body += "\n    self.__post_init__()"
    body = body or "\n    pass"
    src = f"def __init__(self{', ' if fields else ''}{params}):{body}"
    scope: dict[str, Any] = {"_set": object.__setattr__, "_NONE": _NONE, **setters,
                             **{f"_d_{n}": v for n, v in defaults.items()},
                             **{f"_f_{n}": f for n, f in factories.items()}}
    exec(src, scope)  # noqa: S102 - our own field names, checked identifiers
    init = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


_NONE = object()      # an argument not given: its default_factory makes the value


class MutableRecord(Record):
    """Base of the records whose fields may be assigned (a plain ``@dataclass(slots=True)``):
    equal by value, so unhashable as such a dataclass is."""

    __slots__ = ()
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__
    __hash__ = None  # type: ignore[assignment]


def _is_classvar(annotation: Any) -> bool:
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__origin__", None)
    if isinstance(text, str):
        return text.startswith(("ClassVar", "typing.ClassVar"))
    return text is ClassVar


@dataclass_transform()
def mutable_record(cls: T) -> T:
    """:func:`record` for a subclass of :class:`MutableRecord`: its fields can be assigned."""
    if not issubclass(cls, MutableRecord):
        raise TypeError(f"@mutable_record class {cls.__name__} must subclass "
                        "pokertd.records.MutableRecord")
    return record(cls)


@dataclass_transform(frozen_default=True)
def record(cls: T) -> T:
    """The class as a frozen, slotted record of its annotated fields (ClassVars excepted).
    Subclass :class:`Record` (or a subclass of it) to use it. Names in the class's own
    ``__slots__`` are kept as private slots besides the fields (a cache the class's
    ``__post_init__`` fills): not fields, not compared, not in the repr."""
    if not issubclass(cls, Record):
        raise TypeError(f"@record class {cls.__name__} must subclass pokertd.records.Record")
    ns = dict(cls.__dict__)
    own = [n for n, a in ns.get("__annotations__", {}).items() if not _is_classvar(a)]
    for n in own:
        if not n.isidentifier() or n.startswith("_"):
            raise TypeError(f"{cls.__name__}: {n!r} cannot be a record field")
    inherited: tuple[str, ...] = cls._fields
    defaults = dict(cls._defaults)
    factories = dict(cls._factories)
    metadata = dict(cls._metadata)
    for n in own:
        if n in ns:
            v = ns.pop(n)
            if isinstance(v, dataclasses.Field):    # field(default=, default_factory=, metadata=)
                metadata[n] = v.metadata
                if v.default is not dataclasses.MISSING:
                    defaults[n] = v.default
                elif v.default_factory is not dataclasses.MISSING:
                    factories[n] = v.default_factory
                elif defaults or factories:
                    raise TypeError(f"{cls.__name__}: field {n!r} without a default follows one "
                                    "with a default")
            else:
                defaults[n] = v
        elif (defaults or factories) and n not in inherited:
            raise TypeError(f"{cls.__name__}: field {n!r} without a default follows one with a default")
    for n, v in defaults.items():
        if isinstance(v, (list, dict, set)):
            raise TypeError(f"{cls.__name__}: field {n!r} has a mutable default {v!r}")
    ns.pop("__dict__", None)
    ns.pop("__weakref__", None)
    private = tuple(ns.pop("__slots__", ()))
    for n in private:
        ns.pop(n, None)                     # the first class's slot descriptor
    ns["__slots__"] = tuple(n for n in own if n not in inherited) + private
    ns["_fields"] = inherited + tuple(n for n in own if n not in inherited)
    ns["_defaults"] = defaults
    ns["_factories"] = factories
    ns["_metadata"] = metadata
    ns["__match_args__"] = ns["_fields"]
    if "__init__" not in ns:               # its own first-use stub, not a parent's compiled one
        ns["__init__"] = Record.__init__
    return type(cls)(cls.__name__, cls.__bases__, ns)  # type: ignore[return-value]
