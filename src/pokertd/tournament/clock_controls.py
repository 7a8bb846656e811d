"""The director steering the clock mid-event: the next or previous level (or break), time added
or taken off, the time left set, and the levels still to come changed (durations, blinds and
antes, a break added or removed).

Rules decided here:

- IFP 1 / TDA 1: the director's decisions, in the interest of fairness, are final: he may set
  the clock and change the structure still to come. IFP 23 / TDA 23: a new level starts on
  the floor's announcement and applies to the next hand; a level the clock reaches by the
  director's hand is recorded as any other (:meth:`ClockCommands.advance`), so a hand already
  played keeps its level, and the levels played, or being played, never change.
- The structure's own checks (blinds go up, antes never fall, TDA RP-11; a chip-up takes the
  smallest colours in play, IFP 56) hold for a changed structure: one that breaks them is
  refused with the structure's message.
- IFP 9: the clock does not go back into late registration, the rebuy period or the add-on
  once they have closed (the unsold seats' stacks removed, the payouts fixed), nor (IFP 56)
  to a level whose blinds the chips left after a chip race cannot pay: undo the command that
  moved it on instead.
- IFP 14 / WPA 9: while the day's last hands are announced the clock stays stopped on the
  day's final level.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pokertd.tournament import events as ev
from pokertd.tournament.core import DirectorError, TournamentCore, field_rule
from pokertd.tournament.structure import Break, Level, Structure

#: What the director may ask of the clock.
CLOCK_ACTIONS = ("next", "previous", "add", "subtract", "set")

#: The longest time left the clock is set to (a typo, not a level).
MAX_SECONDS = 24 * 3600


def clock_time(seconds: float) -> str:
    """Seconds as the clock shows them: ``12:30``, ``1:05:00``."""
    s = int(round(seconds))
    h, rest = divmod(s, 3600)
    return f"{h}:{rest // 60:02d}:{rest % 60:02d}" if h else f"{rest // 60}:{rest % 60:02d}"


class ClockControls(TournamentCore):
    """The director's hand on the clock and on the levels still to come."""

    def _on_clock_set(self, e: ev.ClockSet, floor: bool) -> None:
        self.clock.set_period(e.at, e.period, e.seconds_left)
        self._level_cache = None

    def _on_levels_changed(self, e: ev.LevelsChanged, floor: bool) -> None:
        s = _changed(self.structure, e.first, e.periods)
        self.config = self.config._replace(structure=s)
        self.structure = s
        self.clock.restructure(s, e.at)
        self._level_cache = None

    @property
    def _director_rule(self) -> str:
        return "TDA 1" if self.rules.name == "tda-2024" else "IFP 1"

    def period_name(self, i: int) -> str:
        """``level 5`` or ``break 2`` for period index ``i``."""
        s = self.structure
        if s.periods[i].kind == "break":
            return f"break {sum(1 for p in s.periods[:i + 1] if p.kind == 'break')}"
        return f"level {s.level_number_at(i)}"

    def set_clock(self, now: float, action: str, seconds: float = 0) -> list[ev.Event]:
        """The director sets the clock (IFP 1 / TDA 1): ``next`` or ``previous`` period (a
        level or a break, at its full time), ``add`` or ``subtract`` ``seconds`` to or from
        the time left, or ``set`` the time left to ``seconds``. The level it brings starts at
        the next hand (IFP 23)."""
        self._require_running()
        if action not in CLOCK_ACTIONS:
            raise DirectorError(f"clock {action!r}: give next, previous, add, subtract or set")
        if action in ("add", "subtract", "set"):
            if (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                    or not 0 < seconds <= MAX_SECONDS):
                raise DirectorError(f"clock {action}: give a time above zero and at most "
                                    f"{clock_time(MAX_SECONDS)} (5m, 90s, 12:30), got "
                                    f"{seconds!r}")
        c = self.clock
        if c.last_hands is not None and action in ("next", "previous"):
            raise DirectorError(f"the last {c.last_hands} hands of the day are announced "
                                "(IFP 14): the clock stays on the day's final level; resume it "
                                "the next day")
        st = c.status(now)
        i = st.period_index
        periods = self.structure.periods
        left = st.seconds_left if st.seconds_left is not None else 0.0
        here = self.period_name(i)
        if action == "next":
            if i == len(periods) - 1:
                raise DirectorError(f"{here} is the structure's last: nothing follows it (add "
                                    "levels to come first)")
            target, left = i + 1, float(periods[i + 1].seconds)
        elif action == "previous":
            if i == 0:
                raise DirectorError(f"{here} is the first: nothing comes before it")
            target, left = i - 1, float(periods[i - 1].seconds)
            self._check_back(target)
        elif action == "add":
            target, left = i, left + seconds
            if left > MAX_SECONDS:
                raise DirectorError(f"{clock_time(left)} left in {here} would be more than "
                                    f"{clock_time(MAX_SECONDS)}: add less")
        elif action == "subtract":
            if seconds >= left:
                raise DirectorError(f"only {clock_time(left)} is left in {here}: take off less, "
                                    "or go to the next level (clock next)")
            target, left = i, left - seconds
        else:
            target, left = i, float(seconds)
        self.apply(ev.ClockSet(float(now), target, float(left), action, float(seconds),
                               self._director_rule))
        return self.events[-1:]

    def _check_back(self, target: int) -> None:
        """IFP 9: the clock does not go back into the late registration, rebuys or add-on
        once they have closed."""
        s = self.structure
        level = s.level_number_at(target)
        if s.periods[target].kind == "break":
            level += 1                       # a break is before the level that follows it
        until = s.late_registration_until_level
        if self.registration_closed and until is not None and level <= until:
            raise DirectorError(f"registration closed after level {until} (IFP 9: the unsold "
                                f"seats' stacks are removed): the clock cannot go back to "
                                f"{self.period_name(target)}; undo the command that moved it "
                                "on instead")
        p = s.periods[target]
        small = self.chips_in_play[0]
        if isinstance(p, Level) and any(a % small for a in (p.small_blind, p.big_blind, p.ante,
                                                            p.big_blind_ante) if a):
            raise DirectorError(f"{self.period_name(target)}'s {p.small_blind:,}/{p.big_blind:,} "
                                f"cannot be paid in the chips in play (the smallest is now "
                                f"{small:,}: the chips below it were raced off, IFP 56): the "
                                "clock cannot go back to it; undo the command that moved it on "
                                "instead")
        if self.payouts is not None and self._field_closes() >= level:
            raise DirectorError(f"the payouts were fixed when the rebuys and add-ons closed "
                                f"(IFP 59; WPA 6): the clock cannot go back to "
                                f"{self.period_name(target)}; undo the command that moved it "
                                "on instead")

    def _field_closes(self) -> int:
        """The last level of late registration, rebuys or add-on (0: none)."""
        s = self.structure
        return max(s.late_registration_until_level or 0,
                   s.rebuys.until_level if s.rebuys else 0,
                   s.addon.after_level + 1 if s.addon else 0)

    def change_levels(self, now: float, first: int,
                      periods: Iterable[Level | Break | Mapping[str, Any]]) -> list[ev.Event]:
        """The levels and breaks from period index ``first`` on become ``periods`` (IFP 1 /
        TDA 1): ``first`` comes after the period in force (the levels played or being played
        do not change, IFP 23); the structure's checks hold (blinds go up, TDA RP-11; chip-ups,
        IFP 56), else refused with its message."""
        self._require_running()
        st = self.clock.status(now)
        n = len(self.structure.periods)
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first <= n:
            raise DirectorError(f"the levels to change start at period {first!r}: give an index "
                                f"from {st.period_index + 1} to {n}")
        if first <= st.period_index:
            raise DirectorError(f"{self.period_name(first)} has been played or is being played "
                                f"({self.period_name(st.period_index)} now): only the levels "
                                "still to come change (IFP 23)")
        data = []
        for p in periods:
            if isinstance(p, (Level, Break)):
                data.append(p.to_dict())
            elif isinstance(p, Mapping):
                data.append(dict(p))
            else:
                raise DirectorError(f"a level or break is a table of fields, not {p!r}")
        try:
            new = _changed(self.structure, first, data)
            self.config._replace(structure=new)          # the chip-ups' check (IFP 56)
        except ValueError as exc:
            raise DirectorError(f"the structure would be refused: {exc}") from None
        if new.periods == self.structure.periods:
            raise DirectorError("the levels to come are as they were: nothing to change")
        self._check_chips(new, first)
        rule = field_rule("new_level", self.rules.name, "IFP 23")
        self.apply(ev.LevelsChanged(float(now), first,
                                    tuple(p.to_dict() for p in new.periods[first:]),
                                    f"{self._director_rule}; {rule}"))
        return self.events[-1:]

    def levels_change_summary(self, first: Any, periods: Iterable[Any]) -> str:
        """What a change of the levels to come does, in a few words for the undo button
        (``level 7: 15 min 150/300; break after level 6 added``); never refuses (the command
        does)."""
        import difflib

        def text(p: Any) -> str:
            if not isinstance(p, Mapping):
                return repr(p)
            if p.get("kind", "level") == "break":
                up = p.get("color_up") or []
                return f"break {p.get('minutes')} min" + (
                    f" (chip-up {', '.join(map(str, up))})" if up else "")
            ante = p.get("ante") or p.get("big_blind_ante")
            return (f"{p.get('minutes')} min {p.get('small_blind')}/{p.get('big_blind')}"
                    + (f" ante {ante}" if ante else ""))

        s = self.structure
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first <= len(
                s.periods):
            return "levels to come"
        old = [p.to_dict() for p in s.periods[first:]]
        new = [dict(p) if isinstance(p, Mapping) else p for p in periods]
        number = s.level_number_at(first - 1) if first else 0
        out: list[str] = []
        m = difflib.SequenceMatcher(a=[text(p) for p in old], b=[text(p) for p in new],
                                    autojunk=False)
        for op, a0, a1, b0, b1 in m.get_opcodes():
            before = number + sum(1 for p in old[:a0] if p.get("kind") != "break")
            for k in range(b0, b1):
                p = new[k]
                if op == "replace" and k - b0 < a1 - a0:
                    is_break = isinstance(p, Mapping) and p.get("kind") == "break"
                    n = before + sum(1 for q in new[b0:k + 1] if not (
                        isinstance(q, Mapping) and q.get("kind") == "break"))
                    out.append(f"{'break after level ' + str(n) if is_break else 'level ' + str(n)}"
                               f": {text(p)}")
                elif op in ("replace", "insert"):
                    out.append(f"{text(p)} added after level {before}")
            if op in ("replace", "delete") and a1 - a0 > b1 - b0:
                for p in old[a0 + (b1 - b0):a1]:
                    out.append(f"{text(p)} after level {before} removed")
        joined = "; ".join(out) or "levels to come"
        return joined if len(joined) <= 80 else joined[:77] + "..."

    def _check_chips(self, s: Structure, first: int) -> None:
        """Each level to come is paid in the chips in play then (the colours its chip-ups have
        left: IFP 56 colours up to the next higher denomination in play): its blinds and
        antes are multiples of the smallest of them."""
        values = list(self.config.chip_set.values)
        breaks = 0
        for i, p in enumerate(s.periods):
            if isinstance(p, Break):
                breaks += 1
                values = [v for v in values if v not in p.color_up]
                continue
            if i < first or not values:
                continue
            small = values[0]
            amounts = [a for a in (p.small_blind, p.big_blind, p.ante, p.big_blind_ante,
                                   p.stud_ante, p.bring_in) if a]
            if any(a % small for a in amounts):
                after = f" after break {breaks}'s chip-up" if breaks else ""
                raise DirectorError(
                    f"level {s.level_number_at(i)}: {p.small_blind:,}/{p.big_blind:,}"
                    + (f" ante {p.ante or p.big_blind_ante:,}" if p.ante or p.big_blind_ante
                       else "") + f" cannot be paid in the chips in play then (the smallest "
                    f"is {small:,}{after}, IFP 56): give multiples of {small:,}")

    def periods_view(self, now: float) -> list[dict[str, Any]]:
        """Every level and break as the director sees them: index, kind, number, minutes,
        blinds and antes or the chips coloured up, and whether it is ``played``, ``now`` or
        ``to come`` (only those change), with its start in seconds of play."""
        out = []
        st = self.clock.status(now) if self.started else None
        current = st.period_index if st is not None else -1
        levels = breaks = 0
        for i, p in enumerate(self.structure.periods):
            row: dict[str, Any] = {"index": i, "kind": p.kind, "minutes": p.minutes,
                                   "period": p.to_dict(),
                                   "state": "played" if i < current else "now" if i == current
                                   else "to come"}
            if isinstance(p, Level):
                levels += 1
                row.update(number=levels, small_blind=p.small_blind, big_blind=p.big_blind,
                           ante=p.ante, big_blind_ante=p.big_blind_ante)
                if p.game:
                    row["game"] = p.game
            else:
                breaks += 1
                row.update(number=breaks, color_up=list(p.color_up))
            if st is not None:
                row["start"] = round(self.clock.period_start(i), 1)
            out.append(row)
        return out


def _changed(structure: Structure, first: int, periods: Iterable[Mapping[str, Any]]) -> Structure:
    """``structure`` with its periods from index ``first`` on replaced (checked as any
    structure: :class:`StructureError` names the level or break at fault)."""
    data = structure.to_dict()
    data["periods"] = data["periods"][:first] + [dict(p) for p in periods]
    return Structure.from_dict(data)
