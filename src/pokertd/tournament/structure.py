"""The tournament structure as plain, validated data: levels and breaks, stacks, tables, rebuys.

A :class:`Structure` is what a director hands out before the event: the blind levels (duration,
small blind, big blind, ante or big-blind ante), the breaks (with the chip denominations going
out at a chip-up break), the starting stack, late registration, the table size and the
final-table size, and the rebuy and add-on terms. It is a frozen Pydantic model, so a structure
read from a TOML or JSON file is checked before a tournament can use it; a bad structure is
refused with a message that names the level or break at fault and what is wrong with it
("level 5: big blind 80 is lower than the small blind 100").

Levels are numbered 1, 2, ... in order and breaks 1, 2, ... in order, as the Gananda league
writes them ("Round 5", "Break 2"). The Gananda league's 19-level structure with its three
chip-up breaks ships as the preset ``gananda`` (``presets/gananda-structure.toml``)::

    from pokertd.tournament.structure import load_preset
    s = load_preset("gananda")
    s.levels[4].big_blind            # 100  (Round 5)
    s.period_start(s.period_index_of_break(1)) / 60   # 100.0 minutes (Break 1 at 1:40)

Rule ids decided here: Gananda: Tournament Structure (the preset), Gananda: Seating (10 a
table), WPA 2 (9 a table), IFP 59 and WPA 6 (rebuys and add-ons), TDA RP-11 (big-blind ante,
antes never reduced), IFP 9 (registration closes, see ``late_registration_until_level``).
"""

from __future__ import annotations

import json
import tomllib
from bisect import bisect_right
from importlib import resources
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, model_validator

__all__ = [
    "Addon",
    "Break",
    "Level",
    "PRESETS",
    "Period",
    "Rebuys",
    "Structure",
    "StructureError",
    "load_preset",
]

PRESETS: dict[str, str] = {"gananda": "gananda-structure.toml"}
"""Shipped structure presets: name -> data file in ``pokertd/tournament/presets``."""


class StructureError(ValueError):
    """A structure (or a structure file) that cannot be used; the message says where and why."""


_CONFIG = ConfigDict(frozen=True, extra="forbid", strict=True)


def _level_problems(minutes: int, small: int, big: int, ante: int, bb_ante: int) -> list[str]:
    problems = []
    if minutes <= 0:
        problems.append(f"a duration of {minutes} minutes (a level lasts at least 1 minute)")
    if small <= 0:
        problems.append(f"small blind {small} (a blind is a positive number of chips)")
    if big < small:
        problems.append(f"big blind {big} is lower than the small blind {small}")
    if ante < 0:
        problems.append(f"ante {ante} is negative")
    if bb_ante < 0:
        problems.append(f"big-blind ante {bb_ante} is negative")
    if ante and bb_ante:
        problems.append("both an ante and a big-blind ante (a level has one ante format)")
    return problems


class Level(BaseModel):
    """One blind level. ``ante`` is paid by every player dealt in; ``big_blind_ante`` is one
    ante for the whole table, posted by the big blind after the blind (TDA RP-11). A level has
    at most one of the two."""

    model_config = _CONFIG
    kind: Literal["level"] = "level"
    minutes: int
    small_blind: int
    big_blind: int
    ante: int = 0
    big_blind_ante: int = 0

    @model_validator(mode="after")
    def _check(self) -> Level:
        problems = _level_problems(self.minutes, self.small_blind, self.big_blind, self.ante,
                                   self.big_blind_ante)
        if problems:
            raise ValueError("; ".join(problems))
        return self

    @property
    def seconds(self) -> int:
        return self.minutes * 60

    @property
    def blinds(self) -> tuple[int, int]:
        return (self.small_blind, self.big_blind)


class Break(BaseModel):
    """A break. ``color_up`` lists the chip denominations going out of play at this break (a
    chip-up break: the odd chips are raced off, IFP 56 / WPA 14 / TDA 24)."""

    model_config = _CONFIG
    kind: Literal["break"] = "break"
    minutes: int
    color_up: tuple[int, ...] = Field(default=(), strict=False)

    @model_validator(mode="after")
    def _check(self) -> Break:
        problems = []
        if self.minutes <= 0:
            problems.append(f"a duration of {self.minutes} minutes (a break lasts at least "
                            "1 minute)")
        for d in self.color_up:
            if d <= 0:
                problems.append(f"chip-up denomination {d} is not a positive chip value")
        if len(set(self.color_up)) != len(self.color_up):
            problems.append(f"chip-up lists a denomination twice: {list(self.color_up)}")
        if problems:
            raise ValueError("; ".join(problems))
        return self

    @property
    def seconds(self) -> int:
        return self.minutes * 60

    @property
    def chip_up(self) -> bool:
        return bool(self.color_up)


Period = Annotated[Union[Level, Break], Field(discriminator="kind")]


class Rebuys(BaseModel):
    """Rebuy terms (IFP 59: a rebuy is made before the next hand is dealt; WPA 6).

    The rebuy period is levels 1 to ``until_level``. ``max_per_player`` None means unlimited.
    A player may rebuy when his stack is at most ``max_stack`` chips (0: only once busted;
    None: at any stack)."""

    model_config = _CONFIG
    until_level: int = Field(ge=1)
    chips: int = Field(gt=0)
    max_per_player: int | None = Field(default=None, ge=1)
    max_stack: int | None = Field(default=None, ge=0)


class Addon(BaseModel):
    """Add-on terms (WPA 6: after the last hand of the rebuy period and before the first hand
    of the next level; the player must have at least one chip)."""

    model_config = _CONFIG
    after_level: int = Field(ge=1)
    chips: int = Field(gt=0)
    max_per_player: int = Field(default=1, ge=1)
    min_stack: int = Field(default=1, ge=0)


def _period_kind(raw: Any) -> str:
    if isinstance(raw, (Level, Break)):
        return raw.kind
    if isinstance(raw, dict):
        return str(raw.get("kind", "level"))
    return "?"


class Structure(BaseModel):
    """A tournament structure. Build it from keyword arguments, :meth:`from_dict`,
    :meth:`from_toml`, :meth:`from_json` or :func:`load_preset`."""

    model_config = _CONFIG

    name: str = "custom"
    starting_stack: int = Field(gt=0)
    periods: tuple[Period, ...] = Field(strict=False)
    late_registration_until_level: int | None = Field(default=None, ge=1)
    """Registration stays open through the end of this level (IFP 9: at its close, unsold
    stacks are removed). None: registration closes when play starts."""
    max_players_per_table: int = Field(default=10, ge=2)
    """Gananda: Seating (10); WPA 2 (9 in flop games)."""
    final_table_size: int = Field(default=10, ge=2)
    """The final table is formed when this many players remain (Gananda: Final Table, 9-10:
    the whole field fits at one table of 10; TDA RP-9: 9)."""
    balance_difference: int = Field(default=2, ge=2)
    """Tables are balanced when their player counts differ by this much (Gananda: Moving
    Players, two)."""
    absent_stack_removed_at_level: int | None = Field(default=None, ge=1)
    """An absent player's chips are removed at the first hand of this level (Gananda:
    Absent/Late Players, level 3). None: never (IFP 8: an absent player is dealt in)."""
    rebuys: Rebuys | None = None
    addon: Addon | None = None

    _starts: tuple[int, ...] = PrivateAttr(())
    _ends: tuple[int, ...] = PrivateAttr(())
    _level_index: tuple[int, ...] = PrivateAttr(())
    _break_index: tuple[int, ...] = PrivateAttr(())
    _number: tuple[int, ...] = PrivateAttr(())

    @model_validator(mode="before")
    @classmethod
    def _name_the_period(cls, data: Any) -> Any:
        """Validate each level and break here so that a problem names its level or break."""
        if not isinstance(data, dict) or "periods" not in data:
            return data
        raw_periods = data["periods"]
        if not isinstance(raw_periods, (list, tuple)):
            return data
        out = []
        levels = breaks = 0
        for raw in raw_periods:
            kind = _period_kind(raw)
            if kind == "level":
                levels += 1
                label, model = f"level {levels}", Level
            elif kind == "break":
                breaks += 1
                label, model = f"break {breaks}", Break
            else:
                raise ValueError(f"period {levels + breaks + 1}: kind {kind!r} is neither "
                                 "'level' nor 'break'")
            if isinstance(raw, model):
                out.append(raw)
                continue
            try:
                out.append(model.model_validate(raw))
            except ValidationError as e:
                raise ValueError(f"{label}: {_plain(e)}") from None
        return {**data, "periods": tuple(out)}

    @model_validator(mode="after")
    def _check(self) -> Structure:
        problems: list[str] = []
        if not self.periods or self.periods[0].kind != "level":
            problems.append("a structure starts with a level")
        if self.periods and self.periods[-1].kind != "level":
            problems.append(f"break {self.break_count}: a structure ends with a level, not a "
                            "break")
        prev: Level | None = None
        n_level = n_break = 0
        last_kind = ""
        gone: dict[int, int] = {}
        for p in self.periods:
            if isinstance(p, Level):
                n_level += 1
                if prev is not None:
                    problems.extend(self._compare(n_level, prev, p))
                prev = p
            else:
                n_break += 1
                if last_kind == "break":
                    problems.append(f"break {n_break}: follows break {n_break - 1} with no "
                                    "level between them")
                for d in p.color_up:
                    if d in gone:
                        problems.append(f"break {n_break}: chip {d} already went out at break "
                                        f"{gone[d]}")
                    else:
                        gone[d] = n_break
            last_kind = p.kind
        n = n_level
        if self.late_registration_until_level is not None and self.late_registration_until_level > n:
            problems.append(f"late registration until level {self.late_registration_until_level}"
                            f", but the structure has {n} levels")
        if self.absent_stack_removed_at_level is not None and self.absent_stack_removed_at_level > n:
            problems.append(f"absent stacks removed at level {self.absent_stack_removed_at_level}"
                            f", but the structure has {n} levels")
        if self.final_table_size > self.max_players_per_table:
            problems.append(f"final table of {self.final_table_size} players is more than "
                            f"{self.max_players_per_table} players a table")
        if self.rebuys is not None and self.rebuys.until_level > n:
            problems.append(f"rebuys until level {self.rebuys.until_level}, but the structure "
                            f"has {n} levels")
        if self.addon is not None:
            if self.addon.after_level > n:
                problems.append(f"add-on after level {self.addon.after_level}, but the "
                                f"structure has {n} levels")
            if self.rebuys is not None and self.addon.after_level < self.rebuys.until_level:
                problems.append(f"add-on after level {self.addon.after_level} falls inside the "
                                f"rebuy period (until level {self.rebuys.until_level}); WPA 6 "
                                "takes the add-on after the last hand of the rebuy period")
        if problems:
            raise ValueError("; ".join(problems))
        self._index()
        return self

    @staticmethod
    def _compare(number: int, prev: Level, cur: Level) -> list[str]:
        """Blinds go up: no amount falls, and each level raises at least one of them (antes
        are never reduced, TDA RP-11)."""
        problems = []
        before = f"level {number - 1}'s"
        for what, a, b in (("small blind", prev.small_blind, cur.small_blind),
                           ("big blind", prev.big_blind, cur.big_blind),
                           ("ante", prev.ante + prev.big_blind_ante,
                            cur.ante + cur.big_blind_ante)):
            if b < a:
                problems.append(f"level {number}: {what} {b} is lower than {before} {what} {a}")
        if not problems and (cur.small_blind, cur.big_blind, cur.ante, cur.big_blind_ante) == (
                prev.small_blind, prev.big_blind, prev.ante, prev.big_blind_ante):
            problems.append(f"level {number}: blinds {cur.small_blind}/{cur.big_blind} do not "
                            f"increase over {before} {prev.small_blind}/{prev.big_blind}")
        return problems

    def _index(self) -> None:
        starts = []
        t = 0
        level_index = []
        break_index = []
        for i, p in enumerate(self.periods):
            starts.append(t)
            t += p.seconds
            (level_index if p.kind == "level" else break_index).append(i)
        self._starts = tuple(starts)
        self._ends = tuple(starts[1:]) + (t,)
        self._level_index = tuple(level_index)
        self._break_index = tuple(break_index)
        number = []
        n = 0
        for p in self.periods:
            if p.kind == "level":
                n += 1
            number.append(n)
        self._number = tuple(number)

    # --- derived views ------------------------------------------------------------------------

    @property
    def levels(self) -> tuple[Level, ...]:
        return tuple(self.periods[i] for i in self._level_index)

    @property
    def breaks(self) -> tuple[Break, ...]:
        return tuple(self.periods[i] for i in self._break_index)

    @property
    def level_count(self) -> int:
        return len(self._level_index)

    @property
    def break_count(self) -> int:
        return sum(1 for p in self.periods if p.kind == "break")

    def level(self, number: int) -> Level:
        """Level ``number`` (1-based, as printed on a structure sheet)."""
        if not 1 <= number <= self.level_count:
            raise ValueError(f"no level {number}: the structure has levels 1-{self.level_count}")
        return self.periods[self._level_index[number - 1]]  # type: ignore[return-value]

    def period_index_of_level(self, number: int) -> int:
        self.level(number)
        return self._level_index[number - 1]

    def period_index_of_break(self, number: int) -> int:
        if not 1 <= number <= len(self._break_index):
            raise ValueError(f"no break {number}: the structure has {self.break_count} breaks")
        return self._break_index[number - 1]

    def level_number_at(self, period_index: int) -> int:
        """The number of the level at ``period_index``, or for a break the level before it."""
        return self._number[period_index]

    def period_start(self, period_index: int) -> int:
        """Seconds of play from the start of the tournament to the start of this period."""
        return self._starts[period_index]

    def period_end(self, period_index: int) -> int:
        return self._ends[period_index]

    @property
    def total_seconds(self) -> int:
        return self._ends[-1]

    def period_at(self, elapsed_seconds: float) -> int:
        """The period in force after ``elapsed_seconds`` of play. A period runs from its start
        (included) to its end (excluded); after the last level the last level continues."""
        i = bisect_right(self._starts, elapsed_seconds) - 1
        return min(max(i, 0), len(self.periods) - 1)

    # --- rebuys and add-ons --------------------------------------------------------------------

    def rebuy_allowed(self, level_number: int, stack: int, rebuys_taken: int) -> bool:
        """May a player rebuy now (IFP 59: before the next hand is dealt)? ``level_number`` is
        the level of that next hand. Gananda: no rebuys."""
        r = self.rebuys
        if r is None or level_number > r.until_level:
            return False
        if r.max_per_player is not None and rebuys_taken >= r.max_per_player:
            return False
        return r.max_stack is None or stack <= r.max_stack

    def addon_allowed(self, completed_level: int, stack: int, addons_taken: int) -> bool:
        """May a player take the add-on now (WPA 6: after the last hand of level
        ``after_level``, before the first hand of the next level, with at least one chip)?
        ``completed_level`` is the last level whose hands are over. Gananda: no add-ons."""
        a = self.addon
        if a is None or completed_level != a.after_level:
            return False
        return addons_taken < a.max_per_player and stack >= a.min_stack

    def registration_open(self, level_number: int) -> bool:
        """Is late registration open for a hand of level ``level_number``?"""
        u = self.late_registration_until_level
        return u is not None and level_number <= u

    # --- reading and writing -----------------------------------------------------------------

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Structure:
        try:
            return cls.model_validate(data)
        except ValidationError as e:
            raise StructureError(_plain(e)) from None

    @classmethod
    def from_toml(cls, text: str) -> Structure:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise StructureError(f"structure file is not TOML: {e}") from None
        return cls.from_dict(data)

    @classmethod
    def from_json(cls, text: str) -> Structure:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise StructureError(f"structure file is not JSON: {e}") from None
        return cls.from_dict(data)

    def to_dict(self) -> dict[str, Any]:
        return self.model_dump(mode="json")


def _plain(e: ValidationError) -> str:
    msgs = []
    for err in e.errors():
        msg = str(err.get("msg", ""))
        msg = msg.removeprefix("Value error, ")
        loc = ".".join(str(x) for x in err.get("loc", ()) if x not in ("level", "break"))
        msgs.append(f"{loc}: {msg}" if loc and not msg.startswith(("level ", "break ")) else msg)
    return "; ".join(msgs)


def load_preset(name: str) -> Structure:
    """A shipped structure preset (``gananda``), read with importlib.resources."""
    try:
        filename = PRESETS[name]
    except KeyError:
        raise StructureError(f"unknown structure preset {name!r} (presets: "
                             f"{', '.join(PRESETS)})") from None
    text = resources.files("pokertd.tournament").joinpath("presets", filename).read_text("utf-8")
    return Structure.from_toml(text)
