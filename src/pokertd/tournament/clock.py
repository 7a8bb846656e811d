"""The tournament clock, computed from timestamps.

The clock never ticks. It keeps the start time, the pauses (each a start and an end time) and
the time taken off during hand-for-hand play, and computes everything else from an injected
``now``: the seconds of play so far, the level or break in force, the time left in it. So it
cannot drift, and a clock rebuilt from its saved record (:meth:`TournamentClock.to_dict`,
:meth:`TournamentClock.from_dict`) after a restart reads exactly as before.

``now`` is a number of seconds (for example ``time.time()``, or the virtual time of a
simulation) or a ``datetime``.

Rules decided here:

- IFP 23: a new level applies to the next hand: :meth:`TournamentClock.level_for_hand` gives
  the level of a hand that began at time ``t``; a hand running when the level changes keeps
  its level.
- IFP 61 (hand-for-hand): all tables start each hand together; the clock keeps running.
  TDA RP-8 (under the ``tda-2024`` preset): the clock is stopped and 2 minutes are taken off
  it for each hand-for-hand hand, at most 3 (``seconds_per_hand`` and
  ``max_seconds_per_hand``).
- IFP 14 / WPA 9: at the end of a day the clock is stopped within the last 15 minutes of the
  day's final level and the last 3 to 7 hands are announced, the number drawn at random by a
  player.
- Gananda: Final Table: the clock is stopped while the final table is formed.
- IFP 1 / TDA 1 (the director's decisions) and IFP 23 / TDA 23 (a new level starts on the
  floor's announcement): the director steers the clock. :meth:`TournamentClock.set_period`
  puts it on a period with the time left he gives (the next or previous level, time added or
  taken off, the time left set); :meth:`TournamentClock.restructure` takes the levels still
  to come from a changed structure. The clock keeps its own timeline (each period's end, in
  seconds of play): the periods played keep the ends they had, the ones to come follow with
  their structure's durations.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from datetime import datetime
from typing import Any

from pokertd.records import Record, record

from pokertd.tournament.structure import Level, Structure

__all__ = ["ClockError", "ClockStatus", "Pause", "TournamentClock", "to_seconds"]

FINAL_TABLE = "final table forming (Gananda: Final Table)"
END_OF_DAY = "end of day: last hands (IFP 14)"
HAND_FOR_HAND = "hand-for-hand (TDA RP-8)"
TABLE_BROKEN = "a table is broken (WPA 4)"


class ClockError(ValueError):
    """A clock operation that does not fit the clock's state (pausing a paused clock, ...)."""


def to_seconds(now: float | int | datetime) -> float:
    """A timestamp as seconds: a number as it is, a ``datetime`` by its POSIX timestamp."""
    if isinstance(now, datetime):
        return now.timestamp()
    if isinstance(now, bool) or not isinstance(now, (int, float)):
        raise ClockError(f"not a timestamp: {now!r}")
    return float(now)


@record
class Pause(Record):
    start: float
    end: float | None
    reason: str


@record
class ClockStatus(Record):
    """What the clock shows at one moment."""

    elapsed: float                 # seconds of play counted by the clock
    period_index: int              # index into Structure.periods
    on_break: bool
    level_number: int              # the current level, or on a break the level before it
    level: Level | None            # the current level (None on a break)
    break_number: int | None       # the current break (None during a level)
    next_level: Level | None       # the level after this period (None after the last)
    seconds_left: float | None     # left in this period; None once the last level has run out
    running: bool                  # False while paused
    pause_reason: str | None
    hand_for_hand: bool
    last_hands: int | None         # announced last hands of the day (IFP 14)


class TournamentClock:
    """The clock of one tournament over a :class:`Structure`.

    ``seconds_per_hand`` None is IFP 61 (the clock runs during hand-for-hand play); a number is
    TDA RP-8 (the clock is stopped and that many seconds, 120 in the TDA's recommendation, come
    off it for each hand-for-hand hand; more than ``max_seconds_per_hand``, 180, is refused).
    """

    __slots__ = ("structure", "seconds_per_hand", "max_seconds_per_hand", "started_at",
                 "_pauses", "_deductions", "hand_for_hand", "last_hands",
                 "_closed_paused", "_deducted", "_last_event", "_ends", "_starts")

    def __init__(self, structure: Structure, *, seconds_per_hand: int | None = None,
                 max_seconds_per_hand: int = 180) -> None:
        if seconds_per_hand is not None and not 0 < seconds_per_hand <= max_seconds_per_hand:
            raise ClockError(f"hand-for-hand takes {seconds_per_hand} s off the clock per hand;"
                             f" it must be between 1 and {max_seconds_per_hand} s (TDA RP-8-B)")
        self.structure = structure
        self.seconds_per_hand = seconds_per_hand
        self.max_seconds_per_hand = max_seconds_per_hand
        self.started_at: float | None = None
        self._pauses: list[Pause] = []
        self._deductions: list[tuple[float, float]] = []
        self.hand_for_hand = False
        self.last_hands: int | None = None
        # Running totals, so that reading the clock now is O(1) (history is scanned only for
        # a moment before the last recorded event).
        self._closed_paused = 0.0
        self._deducted = 0.0
        self._last_event = float("-inf")
        self._timeline(structure, [])

    def _timeline(self, structure: Structure, kept: list[float]) -> None:
        """Each period's end: the ``kept`` ones as they are (played, or set by the director),
        the rest after them by the structure's durations."""
        ends = list(kept)
        for p in structure.periods[len(kept):]:
            ends.append((ends[-1] if ends else 0.0) + p.seconds)
        self.structure = structure
        self._ends = ends
        self._starts = [0.0, *ends[:-1]]

    def period_start(self, i: int) -> float:
        """Seconds of play at which period ``i`` starts (as the director has set the clock)."""
        return self._starts[i]

    def period_end(self, i: int) -> float:
        return self._ends[i]

    def period_at(self, elapsed: float) -> int:
        """The period in force after ``elapsed`` seconds of play (after the last level, the
        last level continues)."""
        i = bisect_right(self._starts, elapsed) - 1
        return min(max(i, 0), len(self._ends) - 1)

    def plain_elapsed(self, now: float | int | datetime) -> float:
        """The seconds of play at which the structure's own timeline (no time set by the
        director) is in the same period with the same time left, as near as it can be (time
        added beyond the period's length starts it afresh): for a reader that plays the rest
        of the structure from a clock reading (the live forecast)."""
        e = self.elapsed(now)
        i = self.period_at(e)
        s = self.structure
        left = self._ends[i] - e
        return max(float(s.period_start(i)), s.period_end(i) - left) if left > 0 else (
            s.period_end(i) - left)

    @property
    def adjusted(self) -> bool:
        """Whether the director has set the clock (its timeline is not the structure's)."""
        return self._ends != [float(x) for x in _plain_ends(self.structure)]

    # --- recording ---------------------------------------------------------------------------

    def _event(self, now: float | int | datetime) -> float:
        t = to_seconds(now)
        if t < self._last_event:
            raise ClockError(f"time {t} is before the clock's last record at {self._last_event}")
        self._last_event = t
        return t

    def start(self, now: float | int | datetime) -> None:
        if self.started_at is not None:
            raise ClockError("the clock has already started")
        self.started_at = self._event(now)

    @property
    def paused(self) -> bool:
        return bool(self._pauses) and self._pauses[-1].end is None

    @property
    def pause_reason(self) -> str | None:
        return self._pauses[-1].reason if self.paused else None

    @property
    def pauses(self) -> tuple[Pause, ...]:
        return tuple(self._pauses)

    def pause(self, now: float | int | datetime, reason: str = "director") -> None:
        self._require_started()
        if self.paused:
            raise ClockError(f"the clock is already stopped ({self.pause_reason})")
        t = self._event(now)
        self._pauses.append(Pause(t, None, reason))

    def resume(self, now: float | int | datetime) -> None:
        if not self.paused:
            raise ClockError("the clock is not stopped")
        t = self._event(now)
        p = self._pauses[-1]
        self._pauses[-1] = Pause(p.start, t, p.reason)
        self._closed_paused += t - p.start
        if p.reason == END_OF_DAY:
            self.last_hands = None

    def _require_started(self) -> None:
        if self.started_at is None:
            raise ClockError("the clock has not started")

    # --- reading -----------------------------------------------------------------------------

    def elapsed(self, now: float | int | datetime) -> float:
        """Seconds of play the clock has counted at ``now``: wall time since the start, less
        the pauses, plus the time taken off during hand-for-hand play (TDA RP-8)."""
        self._require_started()
        t = to_seconds(now)
        start = self.started_at
        assert start is not None
        if t < start:
            raise ClockError(f"time {t} is before the clock started at {start}")
        if t >= self._last_event:
            paused = self._closed_paused
            if self.paused:
                paused += t - self._pauses[-1].start
            return t - start - paused + self._deducted
        paused = 0.0
        for p in self._pauses:
            if p.start >= t:
                break
            paused += min(t, p.end if p.end is not None else t) - p.start
        deducted = sum(s for at, s in self._deductions if at <= t)
        return t - start - paused + deducted

    def status(self, now: float | int | datetime) -> ClockStatus:
        s = self.structure
        e = self.elapsed(now)
        i = self.period_at(e)
        p = s.periods[i]
        on_break = p.kind == "break"
        last = i == len(s.periods) - 1
        left: float | None = self._ends[i] - e
        if last and left is not None and left <= 0:
            left = None
        number = s.level_number_at(i)
        next_level = None
        if not last:
            next_level = s.level(number + 1)
        break_number = None
        if on_break:
            break_number = sum(1 for q in s.periods[: i + 1] if q.kind == "break")
        return ClockStatus(
            elapsed=e, period_index=i, on_break=on_break, level_number=number,
            level=None if on_break else p,  # type: ignore[arg-type]
            break_number=break_number, next_level=next_level, seconds_left=left,
            running=not self.paused, pause_reason=self.pause_reason,
            hand_for_hand=self.hand_for_hand, last_hands=self.last_hands)

    def level_for_hand(self, hand_started_at: float | int | datetime) -> Level:
        """The level of a hand that began at ``hand_started_at`` (IFP 23: a new level applies
        to the next hand; a hand begins with the first riffle). No hand begins on a break."""
        e = self.elapsed(hand_started_at)
        s = self.structure
        p = s.periods[self.period_at(e)]
        if p.kind == "break":
            raise ClockError("no hand begins during a break")
        return p  # type: ignore[return-value]

    def level_number_for_hand(self, hand_started_at: float | int | datetime) -> int:
        """The number of the level of a hand that began at ``hand_started_at`` (IFP 23)."""
        self.level_for_hand(hand_started_at)
        return self.structure.level_number_at(self.period_at(self.elapsed(hand_started_at)))

    # --- hand-for-hand (IFP 61; TDA RP-8) ------------------------------------------------------

    def start_hand_for_hand(self, now: float | int | datetime) -> None:
        """Hand-for-hand play begins (IFP 61). Under TDA RP-8 the clock stops; the time comes
        off per hand with :meth:`hand_for_hand_hand_done`."""
        self._require_started()
        if self.hand_for_hand:
            raise ClockError("already playing hand-for-hand")
        if self.seconds_per_hand is not None:
            self.pause(now, HAND_FOR_HAND)
        else:
            self._event(now)
        self.hand_for_hand = True

    def hand_for_hand_hand_done(self, now: float | int | datetime) -> None:
        """Every table has finished the current hand-for-hand hand. Under TDA RP-8 this takes
        ``seconds_per_hand`` off the clock (RP-8-C: per hand, not in batches; RP-8-D: levels
        keep coming as that time runs). Under IFP 61 the clock simply ran."""
        if not self.hand_for_hand:
            raise ClockError("not playing hand-for-hand")
        t = self._event(now)
        if self.seconds_per_hand is not None:
            self._deductions.append((t, float(self.seconds_per_hand)))
            self._deducted += self.seconds_per_hand

    def end_hand_for_hand(self, now: float | int | datetime) -> None:
        if not self.hand_for_hand:
            raise ClockError("not playing hand-for-hand")
        if self.seconds_per_hand is not None and self.pause_reason == HAND_FOR_HAND:
            self.resume(now)
        else:
            self._event(now)
        self.hand_for_hand = False

    # --- end of day (IFP 14; WPA 9) ------------------------------------------------------------

    @staticmethod
    def draw_last_hands(rng: random.Random, low: int = 3, high: int = 7) -> int:
        """The number of last hands, drawn at random (IFP 14: by an active player; 3 to 7)."""
        return rng.randint(low, high)

    def announce_last_hands(self, now: float | int | datetime, hands: int, *,
                            window_seconds: int = 15 * 60, low: int = 3, high: int = 7) -> None:
        """Stop the clock within the last ``window_seconds`` of the day's final level and
        announce the last ``hands`` hands (IFP 14: 15 minutes, 3 to 7 hands)."""
        if not low <= hands <= high:
            raise ClockError(f"{hands} last hands: IFP 14 announces {low} to {high}")
        st = self.status(now)
        if st.on_break:
            raise ClockError("the last hands are announced during a level, not a break")
        if st.seconds_left is not None and st.seconds_left > window_seconds:
            raise ClockError(f"{st.seconds_left:.0f} s are left in level {st.level_number}; "
                             f"IFP 14 stops the clock within the last {window_seconds} s")
        self.pause(now, END_OF_DAY)
        self.last_hands = hands

    # --- final table (Gananda) -----------------------------------------------------------------

    def stop_for_final_table(self, now: float | int | datetime) -> None:
        """Gananda: Final Table: the timer is stopped while the final table is formed; resume
        with :meth:`resume` once the seating order is set."""
        self.pause(now, FINAL_TABLE)

    # --- the director's clock (IFP 1 / TDA 1; IFP 23 / TDA 23) --------------------------------

    def set_period(self, now: float | int | datetime, period: int, seconds_left: float) -> None:
        """From ``now`` the clock shows period ``period`` with ``seconds_left`` left: the
        periods before it end by ``now`` at the latest (skipped ones last no time), the ones
        after it follow with their structure's durations. The periods already played keep
        their place in time (a hand's level is never changed afterwards, IFP 23)."""
        self._require_started()
        if not 0 <= period < len(self._ends):
            raise ClockError(f"no period {period}: the structure has {len(self._ends)}")
        if not seconds_left > 0:
            raise ClockError(f"{seconds_left} seconds left: give a time above zero")
        t = self._event(now)
        e = self.elapsed(t)
        kept = [min(x, e) for x in self._ends[:period]]
        kept.append(e + float(seconds_left))
        self._timeline(self.structure, kept)

    def restructure(self, structure: Structure, now: float | int | datetime) -> None:
        """The levels still to come as a changed ``structure`` has them: the periods up to
        the one in force at ``now`` keep their times, the later ones follow by the new
        durations."""
        self._require_started()
        t = self._event(now)
        i = self.period_at(self.elapsed(t))
        self._timeline(structure, self._ends[:i + 1])

    # --- saving and restoring ------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "started_at": self.started_at,
            "pauses": [[p.start, p.end, p.reason] for p in self._pauses],
            "deductions": [[at, s] for at, s in self._deductions],
            "hand_for_hand": self.hand_for_hand,
            "last_hands": self.last_hands,
            "seconds_per_hand": self.seconds_per_hand,
            "max_seconds_per_hand": self.max_seconds_per_hand,
            "last_event": None if self._last_event == float("-inf") else self._last_event,
            **({"ends": list(self._ends)} if self.adjusted else {}),
        }

    @classmethod
    def from_dict(cls, structure: Structure, data: dict[str, Any]) -> TournamentClock:
        """Rebuild a clock from :meth:`to_dict` (after a restart: same readings as before)."""
        c = cls(structure, seconds_per_hand=data.get("seconds_per_hand"),
                max_seconds_per_hand=data.get("max_seconds_per_hand", 180))
        c.started_at = data["started_at"]
        c._pauses = [Pause(float(a), None if b is None else float(b), str(r))
                     for a, b, r in data.get("pauses", [])]
        c._deductions = [(float(a), float(s)) for a, s in data.get("deductions", [])]
        c.hand_for_hand = bool(data.get("hand_for_hand", False))
        c.last_hands = data.get("last_hands")
        c._closed_paused = sum(p.end - p.start for p in c._pauses if p.end is not None)
        c._deducted = sum(s for _, s in c._deductions)
        last = data.get("last_event")
        c._last_event = float("-inf") if last is None else float(last)
        if data.get("ends"):
            c._timeline(structure, [float(x) for x in data["ends"]][:len(structure.periods)])
        return c


def _plain_ends(structure: Structure) -> list[int]:
    return [structure.period_end(i) for i in range(len(structure.periods))]
