"""The tournament structure as plain, validated data: levels and breaks, stacks, tables, rebuys.

A :class:`Structure` is what a director hands out before the event: the blind levels (duration,
small blind, big blind, ante or big-blind ante), the breaks (with the chip denominations going
out at a chip-up break), the starting stack, late registration, the table size and the
final-table size, and the rebuy and add-on terms. Its parts are frozen dataclasses checked as
they are built, so a structure read from a TOML or JSON file is checked before a tournament can
use it; a bad structure is refused with a message that names the level or break at fault and
what is wrong with it ("level 5: big blind 80 is lower than the small blind 100"). (Plain
dataclasses rather than Pydantic models: every live command replays a structure, and importing
Pydantic and building the models' schemas cost more than the rest of such a command.)

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
from bisect import bisect_right
from dataclasses import MISSING, field, fields
from pathlib import Path
from typing import Any, Union

from pokertd.records import Record, record

__all__ = [
    "Addon",
    "Break",
    "Level",
    "PRESETS",
    "Period",
    "Rebuys",
    "Structure",
    "StructureError",
    "check_game",
    "is_stud",
    "load_preset",
]

PRESETS: dict[str, str] = {"gananda": "gananda-structure.toml", "horse": "horse-structure.toml"}
"""Shipped structure presets: name -> data file in ``pokertd/tournament/presets``."""


class StructureError(ValueError):
    """A structure (or a structure file) that cannot be used; the message says where and why."""


# --- field checks: whole numbers are ints (never bools, floats or text), no unknown field ------

def _whole(value: Any, name: str, *, minimum: int | None = None, above: int | None = None,
           optional: bool = False) -> None:
    if value is None and optional:
        return
    if isinstance(value, bool) or not isinstance(value, int):
        raise StructureError(f"{name} must be a whole number, not {value!r}")
    if minimum is not None and value < minimum:
        raise StructureError(f"{name} must be at least {minimum}, not {value}")
    if above is not None and value <= above:
        raise StructureError(f"{name} must be greater than {above}, not {value}")


def _known(cls: type, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` as keyword arguments of ``cls``; an unknown field is refused by name."""
    names = list(cls._fields) if issubclass(cls, Record) else [
        f.name for f in fields(cls) if f.init]  # type: ignore[arg-type]
    extra = [k for k in data if k not in names]
    if extra:
        raise StructureError(f"unknown field {extra[0]!r} (the fields are "
                             f"{', '.join(names)})")
    if issubclass(cls, Record):
        required = [n for n in cls._fields if n not in cls._defaults]
    else:
        required = [f.name for f in fields(cls)  # type: ignore[arg-type]
                    if f.init and f.default is MISSING and f.default_factory is MISSING]
    missing = [k for k in required if k not in data]
    if missing:
        raise StructureError(f"missing field {missing[0]!r} (required: {', '.join(required)})")
    return data


def _build(cls: Any, data: Any, label: str) -> Any:
    if isinstance(data, cls):
        return data
    if not isinstance(data, dict):
        raise StructureError(f"{label.rstrip(': ')} must be a table of fields, not {data!r}")
    try:
        return cls(**_known(cls, data))
    except StructureError as e:
        raise StructureError(f"{label}{e}") from None


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


def check_game(code: Any, what: str = "game") -> str:
    """A game as its PHH variant code (``NT``, ``FT``, ``FO/8``, ``FR``, ``F7S``, ``F7S/8``,
    ``PO``, ``N2L1D`` ...), checked by the engine's games (imported only when a structure
    names one: plain hold'em structures never load the engine here)."""
    from pokertd.engine.games import game
    try:
        game(code)
    except ValueError as e:
        raise StructureError(f"{what}: {e}") from None
    return str(code)


def is_stud(code: str) -> bool:
    return code[1:] in ("7S", "7S/8", "R")


def is_button_blind(code: str) -> bool:
    """Short-deck hold'em: an ante from every player and a blind on the button (the engine's
    ``BUTTON_BLIND`` games; the engine is imported only for a game other than hold'em)."""
    if code in ("NT", "FT"):
        return False
    from pokertd.engine.games import BUTTON_BLIND, GAMES
    g = GAMES.get(code[1:])
    return g is not None and g.forced == BUTTON_BLIND


@record
class Level(Record):
    """One blind level. ``ante`` is paid by every player dealt in; ``big_blind_ante`` is one
    ante for the whole table, posted by the big blind after the blind (TDA RP-11). A level has
    at most one of the two.

    Mixed games: ``game`` is the level's own game (a PHH variant code; empty: the structure's
    rotation, or no-limit hold'em). Limit games bet the big blind (the small bet) and twice
    it (the big bet); stud plays ``stud_ante`` and a ``bring_in`` (TDA RP-10) instead of blinds;
    short-deck hold'em (``NS``) plays ``ante`` from every player and the big blind posted by
    the button alone (Triton's format: ante 3,000 and big blind 3,000)."""

    minutes: int
    small_blind: int
    big_blind: int
    ante: int = 0
    big_blind_ante: int = 0
    kind: str = "level"
    game: str = ""
    stud_ante: int = 0
    bring_in: int = 0

    def __post_init__(self) -> None:
        if self.kind != "level":
            raise StructureError(f"kind {self.kind!r} is not 'level'")
        for name in ("minutes", "small_blind", "big_blind", "ante", "big_blind_ante",
                     "stud_ante", "bring_in"):
            _whole(getattr(self, name), name)
        problems = _level_problems(self.minutes, self.small_blind, self.big_blind, self.ante,
                                   self.big_blind_ante)
        if self.stud_ante < 0 or self.bring_in < 0:
            problems.append("a negative stud ante or bring-in")
        if self.bring_in > self.big_blind:
            problems.append(f"bring-in {self.bring_in} is above the small bet {self.big_blind} "
                            "(TDA RP-10: the bring-in is completed to the small bet)")
        if problems:
            raise StructureError("; ".join(problems))
        if self.game:
            check_game(self.game)

    @property
    def seconds(self) -> int:
        return self.minutes * 60

    @property
    def blinds(self) -> tuple[int, int]:
        return (self.small_blind, self.big_blind)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": "level", "minutes": self.minutes,
                               "small_blind": self.small_blind, "big_blind": self.big_blind,
                               "ante": self.ante, "big_blind_ante": self.big_blind_ante}
        for name in ("game", "stud_ante", "bring_in"):
            if getattr(self, name):
                out[name] = getattr(self, name)        # mixed games only
        return out


@record
class Break(Record):
    """A break. ``color_up`` lists the chip denominations going out of play at this break (a
    chip-up break: the odd chips are raced off, IFP 56 / WPA 14 / TDA 24)."""

    minutes: int
    color_up: tuple[int, ...] = ()
    kind: str = "break"

    def __post_init__(self) -> None:
        if self.kind != "break":
            raise StructureError(f"kind {self.kind!r} is not 'break'")
        _whole(self.minutes, "minutes")
        if not isinstance(self.color_up, (list, tuple)):
            raise StructureError(f"color_up must be a list of chip values, not {self.color_up!r}")
        object.__setattr__(self, "color_up", tuple(self.color_up))
        for d in self.color_up:
            _whole(d, "color_up")
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
            raise StructureError("; ".join(problems))

    @property
    def seconds(self) -> int:
        return self.minutes * 60

    @property
    def chip_up(self) -> bool:
        return bool(self.color_up)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "break", "minutes": self.minutes, "color_up": list(self.color_up)}


Period = Union[Level, Break]


@record
class Rebuys(Record):
    """Rebuy terms (IFP 59: a rebuy is made before the next hand is dealt; WPA 6).

    The rebuy period is levels 1 to ``until_level``. ``max_per_player`` None means unlimited.
    A player may rebuy when his stack is at most ``max_stack`` chips (0: only once busted;
    None: at any stack)."""

    until_level: int
    chips: int
    max_per_player: int | None = None
    max_stack: int | None = None

    def __post_init__(self) -> None:
        _whole(self.until_level, "until_level", minimum=1)
        _whole(self.chips, "chips", above=0)
        _whole(self.max_per_player, "max_per_player", minimum=1, optional=True)
        _whole(self.max_stack, "max_stack", minimum=0, optional=True)

    def to_dict(self) -> dict[str, Any]:
        return {"until_level": self.until_level, "chips": self.chips,
                "max_per_player": self.max_per_player, "max_stack": self.max_stack}


@record
class Addon(Record):
    """Add-on terms (WPA 6: after the last hand of the rebuy period and before the first hand
    of the next level; the player must have at least one chip).

    ``until``: when a live event, whose hands the software does not see, stops taking it:
    ``"break"`` (the default) at the end of the break that follows level ``after_level``, the
    last moment before the next round's first hand (WPA 6), or, with no break there, at the
    end of the next level; ``"next-level"`` at the end of the next level, the director
    watching that no hand of it has been dealt."""

    after_level: int
    chips: int
    max_per_player: int = 1
    min_stack: int = 1
    until: str = "break"

    def __post_init__(self) -> None:
        _whole(self.after_level, "after_level", minimum=1)
        _whole(self.chips, "chips", above=0)
        _whole(self.max_per_player, "max_per_player", minimum=1)
        _whole(self.min_stack, "min_stack", minimum=0)
        if self.until not in ADDON_UNTIL:
            raise StructureError(f"until {self.until!r}: give {' or '.join(map(repr, ADDON_UNTIL))} "
                                 "(when a live event stops taking the add-on, WPA 6)")

    def to_dict(self) -> dict[str, Any]:
        out = {"after_level": self.after_level, "chips": self.chips,
               "max_per_player": self.max_per_player, "min_stack": self.min_stack}
        if self.until != "break":       # the default left out: older logs' configurations
            out["until"] = self.until
        return out


#: When a live event stops taking the add-on (:attr:`Addon.until`).
ADDON_UNTIL = ("break", "next-level")


def _period_kind(raw: Any) -> str:
    if isinstance(raw, (Level, Break)):
        return raw.kind
    if isinstance(raw, dict):
        return str(raw.get("kind", "level"))
    return "?"


def _periods(raw_periods: Any) -> tuple[Period, ...]:
    """Each level and break built and checked, a problem naming its level or break."""
    if not isinstance(raw_periods, (list, tuple)):
        raise StructureError(f"periods must be a list of levels and breaks, not {raw_periods!r}")
    out: list[Period] = []
    levels = breaks = 0
    for raw in raw_periods:
        kind = _period_kind(raw)
        if kind == "level":
            levels += 1
            out.append(_build(Level, raw, f"level {levels}: "))
        elif kind == "break":
            breaks += 1
            out.append(_build(Break, raw, f"break {breaks}: "))
        else:
            raise StructureError(f"period {levels + breaks + 1}: kind {kind!r} is neither "
                                 "'level' nor 'break'")
    return tuple(out)


@record
class Structure(Record):
    """A tournament structure. Build it from keyword arguments, :meth:`from_dict`,
    :meth:`from_toml`, :meth:`from_json` or :func:`load_preset`."""

    starting_stack: int
    periods: tuple[Period, ...]
    name: str = "custom"
    late_registration_until_level: int | None = None
    """Registration stays open through the end of this level (IFP 9: at its close, unsold
    stacks are removed). None: registration closes when play starts."""
    max_players_per_table: int = 10
    """Gananda: Seating (10); WPA 2 (9 in flop games)."""
    final_table_size: int = 10
    """The final table is formed when this many players remain (Gananda: Final Table, 9-10:
    the whole field fits at one table of 10; TDA RP-9: 9)."""
    balance_difference: int = 2
    """Tables are balanced when their player counts differ by this much (Gananda: Moving
    Players, two)."""
    absent_stack_removed_at_level: int | None = None
    """An absent player's chips are removed at the first hand of this level (Gananda:
    Absent/Late Players, level 3). None: never (IFP 8: an absent player is dealt in)."""
    rebuys: Rebuys | None = None
    addon: Addon | None = None
    games: tuple[str, ...] = ()
    """Mixed games: the games in rotation (PHH variant codes, e.g. HORSE: FT, FO/8, FR, F7S,
    F7S/8). Empty: no-limit hold'em (or each level's own ``game``)."""
    rotation: str = "level"
    """How the games rotate: ``"level"``, one game a level in turn; ``"orbit"``, at each
    table one orbit of each game in turn (as many hands as players were dealt the game's
    first hand)."""

    # Derived by __post_init__ from the periods (not fields: not compared, not shown).
    __slots__ = ("_starts", "_ends", "_level_index", "_break_index", "_number", "_mixed")

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise StructureError(f"name must be text, not {self.name!r}")
        _whole(self.starting_stack, "starting_stack", above=0)
        _whole(self.late_registration_until_level, "late_registration_until_level", minimum=1,
               optional=True)
        _whole(self.max_players_per_table, "max_players_per_table", minimum=2)
        _whole(self.final_table_size, "final_table_size", minimum=2)
        _whole(self.balance_difference, "balance_difference", minimum=2)
        _whole(self.absent_stack_removed_at_level, "absent_stack_removed_at_level", minimum=1,
               optional=True)
        set_ = object.__setattr__
        set_(self, "periods", _periods(self.periods))
        if self.rebuys is not None:
            set_(self, "rebuys", _build(Rebuys, self.rebuys, "rebuys: "))
        if self.addon is not None:
            set_(self, "addon", _build(Addon, self.addon, "addon: "))
        if not isinstance(self.games, (list, tuple)):
            raise StructureError(f"games must be a list of game codes, not {self.games!r}")
        set_(self, "games", tuple(check_game(g, "games") for g in self.games))
        if self.rotation not in ("level", "orbit"):
            raise StructureError(f"rotation must be 'level' or 'orbit', not {self.rotation!r}")
        self._check()
        self._check_games()

    def _check_games(self) -> None:
        """Stud is dealt to at most eight (WPA 2: "all stud games 8-handed"; seven cards
        each), and needs a bring-in at every level it is played (TDA RP-10). Short-deck
        hold'em needs an ante at every level it is played (its format: an ante from every
        player and the big blind posted by the button)."""
        problems = []
        studs = [g for g in self.games if is_stud(g)]
        for number, lv in enumerate(self.levels, 1):
            if lv.game and is_stud(lv.game):
                studs.append(lv.game)
            if any(is_stud(g) for g in self.games_of_level(number)) and not lv.bring_in:
                problems.append(f"level {number}: stud needs a bring-in (TDA RP-10)")
            if any(is_button_blind(g) for g in self.games_of_level(number)) and not lv.ante:
                problems.append(f"level {number}: short-deck hold'em needs an ante from every "
                                "player (the button posts the big blind), not ante 0")
        shorts = {g for n in range(1, self.level_count + 1) for g in self.games_of_level(n)
                  if is_button_blind(g)}
        if shorts and self.max_players_per_table > 14:
            # 36 cards: two each and a burn and a card for each of the five board cards.
            problems.append(f"{self.max_players_per_table} players a table, but short-deck "
                            "hold'em's 36 cards deal at most 14")
        if studs and self.max_players_per_table > 8:
            problems.append(f"{self.max_players_per_table} players a table, but stud "
                            f"({', '.join(sorted(set(studs)))}) is played eight-handed (WPA 2)")
        if problems:
            raise StructureError("; ".join(problems))

    def games_of_level(self, number: int) -> tuple[str, ...]:
        """The games that may be dealt in level ``number``: its own game, the game its turn
        in the rotation gives, all of the rotation (by orbit), or no-limit hold'em."""
        lv = self.level(number)
        if lv.game:
            return (lv.game,)
        if not self.games:
            return ("NT",)
        if self.rotation == "orbit":
            return self.games
        return (self.games[(number - 1) % len(self.games)],)

    @property
    def mixed(self) -> bool:
        """Games other than no-limit hold'em: a rotation, or a level with its own game (known
        once, by _index: a dealt hand asks twice)."""
        return self._mixed

    @property
    def stud_only(self) -> bool:
        """Every level deals stud (stud, stud hi-lo, razz): balanced by position (IFP 11a)."""
        return self.mixed and all(is_stud(g) for n in range(1, self.level_count + 1)
                                  for g in self.games_of_level(n))

    def _check(self) -> None:
        problems: list[str] = []
        if not self.periods or self.periods[0].kind != "level":
            problems.append("a structure starts with a level")
        if self.periods and self.periods[-1].kind != "level":
            problems.append(f"break {sum(1 for p in self.periods if p.kind == 'break')}: a "
                            "structure ends with a level, not a break")
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
            raise StructureError("; ".join(problems))
        self._index()

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
        number = []
        n = 0
        for p in self.periods:
            if p.kind == "level":
                n += 1
            number.append(n)
        set_ = object.__setattr__
        set_(self, "_starts", tuple(starts))
        set_(self, "_ends", tuple(starts[1:]) + (t,))
        set_(self, "_level_index", tuple(level_index))
        set_(self, "_break_index", tuple(break_index))
        set_(self, "_number", tuple(number))
        set_(self, "_mixed", bool(self.games) or any(self.periods[i].game for i in level_index))

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

    def addon_closes_at_break(self) -> bool:
        """Does a live event's add-on close at the end of the break after its level (WPA 6,
        :attr:`Addon.until`), or only at the end of the next level (no break there, or the
        structure says ``next-level``)?"""
        a = self.addon
        if a is None or a.until != "break":
            return False
        for i, p in enumerate(self.periods[:-1]):
            if p.kind == "level" and self.level_number_at(i) == a.after_level:
                return self.periods[i + 1].kind == "break"
        return False

    def registration_open(self, level_number: int) -> bool:
        """Is late registration open for a hand of level ``level_number``?"""
        u = self.late_registration_until_level
        return u is not None and level_number <= u

    # --- reading and writing -----------------------------------------------------------------

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Structure:
        if not isinstance(data, dict):
            raise StructureError(f"a structure is a table of fields, not {data!r}")
        missing = [k for k in ("starting_stack", "periods") if k not in data]
        if missing:
            raise StructureError(f"missing field {missing[0]!r} (a structure needs "
                                 "starting_stack and periods)")
        return _build(cls, data, "")

    @classmethod
    def from_toml(cls, text: str) -> Structure:
        import tomllib            # here: only a command that reads a file pays for the parser
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
        """The structure as JSON-ready data (as it is kept in a tournament's events)."""
        return {"name": self.name, "starting_stack": self.starting_stack,
                "periods": [p.to_dict() for p in self.periods],
                "late_registration_until_level": self.late_registration_until_level,
                "max_players_per_table": self.max_players_per_table,
                "final_table_size": self.final_table_size,
                "balance_difference": self.balance_difference,
                "absent_stack_removed_at_level": self.absent_stack_removed_at_level,
                "rebuys": None if self.rebuys is None else self.rebuys.to_dict(),
                "addon": None if self.addon is None else self.addon.to_dict(),
                **({"games": list(self.games), "rotation": self.rotation} if self.games else {})}


def load_preset(name: str) -> Structure:
    """A shipped structure preset (``gananda``), read from the package's presets folder."""
    try:
        filename = PRESETS[name]
    except KeyError:
        raise StructureError(f"unknown structure preset {name!r} (presets: "
                             f"{', '.join(PRESETS)})") from None
    text = (Path(__file__).resolve().parent / "presets" / filename).read_text("utf-8")
    return Structure.from_toml(text)
