"""The chip set as data: denominations, colours and the chips of one starting stack.

A :class:`ChipSet` is validated on construction and loads from plain data (TOML/JSON); the
Gananda league set is the preset :data:`GANANDA_CHIPS` (``Gananda: Tournament Structure``:
red 5 x25, green 25 x13, blue 50 x7, black 100 x2, white 500 x1 = 1500).

:func:`removable_denominations` says which of the smallest colours are no longer needed for a
list of amounts (the blinds and antes still to come), which is what a chip-up break removes.
"""

from __future__ import annotations

import math
from functools import cache
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from pokertd.records import Record, record

from .config_data import read_config

__all__ = [
    "GANANDA_CHIPS",
    "gananda_chips",
    "Chip",
    "ChipSet",
    "ChipSetError",
    "fewest_chips",
    "load_chip_set",
    "removable_denominations",
]


class ChipSetError(ValueError):
    """A chip set that cannot be used; the message says why."""


@record
class Chip(Record):
    """One colour of chip: its value, its colour and how many are in one starting stack."""

    value: int
    colour: str
    count: int = 0


@record
class ChipSet(Record):
    """Chips in play, smallest value first.

    Refused: no chips; a value that is not a positive whole number; values not strictly
    increasing; a value that is not a multiple of the smallest (stacks could then not be
    counted in the smallest chip); an empty or repeated colour; a negative count.
    """

    name: str
    chips: tuple[Chip, ...]
    rule: str = ""

    def __post_init__(self) -> None:
        label = f"chip set {self.name!r}"
        if not self.chips:
            raise ChipSetError(f"{label} has no chips")
        colours: set[str] = set()
        for n, c in enumerate(self.chips, start=1):
            if isinstance(c.value, bool) or not isinstance(c.value, int) or c.value < 1:
                raise ChipSetError(f"{label}, chip {n}: the value must be a positive whole number, got {c.value!r}")
            if isinstance(c.count, bool) or not isinstance(c.count, int) or c.count < 0:
                raise ChipSetError(f"{label}, chip {n} ({c.value}): the count must be a whole number, "
                                   f"zero or more, got {c.count!r}")
            if not isinstance(c.colour, str) or not c.colour.strip():
                raise ChipSetError(f"{label}, chip {n} ({c.value}): the colour is missing")
            if c.colour.lower() in colours:
                raise ChipSetError(f"{label}: the colour {c.colour!r} is used twice")
            colours.add(c.colour.lower())
        values = [c.value for c in self.chips]
        for a, b in zip(values, values[1:]):
            if b <= a:
                raise ChipSetError(f"{label}: values must be listed smallest first without repeats "
                                   f"({b} follows {a})")
        for v in values[1:]:
            if v % values[0]:
                raise ChipSetError(f"{label}: every value must be a multiple of the smallest "
                                   f"({values[0]}); {v} is not")

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(c.value for c in self.chips)

    @property
    def smallest(self) -> int:
        return self.chips[0].value

    @property
    def starting_stack(self) -> int:
        """The chips of one starting stack: the sum of value x count."""
        return sum(c.value * c.count for c in self.chips)

    def chip(self, value: int) -> Chip:
        for c in self.chips:
            if c.value == value:
                return c
        raise ChipSetError(f"no {value} chip in chip set {self.name!r} (values: {list(self.values)})")

    def without(self, values: Iterable[int]) -> ChipSet:
        """The set after a colour-up that takes ``values`` out of play."""
        gone = set(values)
        for v in gone:
            self.chip(v)
        return ChipSet(self.name, tuple(c for c in self.chips if c.value not in gone), self.rule)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ChipSet:
        """From ``{"name", "rule", "chips": [{"colour", "value", "count"}, ...]}``."""
        if not isinstance(data, Mapping):
            raise ChipSetError(f"a chip set must be a mapping, got {type(data).__name__}")
        unknown = set(data) - {"name", "rule", "chips"}
        if unknown:
            raise ChipSetError(f"chip set: unknown keys {sorted(unknown)}")
        name = str(data.get("name", "custom"))
        rows = data.get("chips")
        if not isinstance(rows, Sequence) or isinstance(rows, (str, bytes)):
            raise ChipSetError(f"chip set {name!r}: 'chips' must be a list")
        chips = []
        for n, row in enumerate(rows, start=1):
            if not isinstance(row, Mapping) or not {"colour", "value"} <= set(row) \
                    or not set(row) <= {"colour", "value", "count"}:
                raise ChipSetError(f"chip set {name!r}, chip {n}: expected keys colour, value and count")
            chips.append(Chip(value=row["value"], colour=row["colour"], count=row.get("count", 0)))
        return cls(name=name, chips=tuple(chips), rule=str(data.get("rule", "")))

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "rule": self.rule,
                "chips": [{"colour": c.colour, "value": c.value, "count": c.count} for c in self.chips]}


def load_chip_set(source: str | Path | Mapping[str, Any]) -> ChipSet:
    """A chip set from plain data, a ``.toml``/``.json`` file, or a preset name (``gananda``)."""
    return ChipSet.from_dict(read_config(source, "chips", "chip set", ChipSetError))


@cache
def gananda_chips() -> ChipSet:
    """Gananda: Tournament Structure. Red 5, green 25, blue 50, black 100, white 500; 1500 a
    player. (Read from its file on first use: not every command needs it.)"""
    return load_chip_set("gananda")


def __getattr__(name: str) -> Any:
    # GANANDA_CHIPS, the preset as a constant, read when first asked for (PEP 562).
    if name == "GANANDA_CHIPS":
        return gananda_chips()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def fewest_chips(amount: int, values: Sequence[int]) -> int | None:
    """The fewest chips of ``values`` that make ``amount`` exactly (None if none can)."""
    if amount < 0 or not values:
        return None if amount else 0
    g = math.gcd(*values)
    if amount % g:
        return None
    target, units = amount // g, [v // g for v in values]
    best: list[int | None] = [0] + [None] * target
    for a in range(1, target + 1):
        options = [best[a - v] for v in units if v <= a and best[a - v] is not None]
        best[a] = min(options) + 1 if options else None
    return best[target]


def removable_denominations(chip_set: ChipSet, amounts: Iterable[int]) -> tuple[int, ...]:
    """The smallest values that ``amounts`` no longer need, smallest first.

    The longest run of the smallest values such that every amount can still be made exactly
    from the remaining, larger chips. At a chip-up break, ``amounts`` are the blinds and antes
    of every level still to come; the values returned are the colours the break can race off
    (IFP 56). The largest value is never removable.
    """
    needed = [a for a in amounts]
    for a in needed:
        if isinstance(a, bool) or not isinstance(a, int) or a < 0:
            raise ChipSetError(f"amounts must be whole numbers, zero or more, got {a!r}")
    values = chip_set.values
    removable = 0
    for k in range(1, len(values)):
        rest = values[k:]
        if all(fewest_chips(a, rest) is not None for a in needed):
            removable = k
        else:
            break
    return values[:removable]
