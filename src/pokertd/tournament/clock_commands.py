"""The director's clock commands: pause and resume, hand-for-hand play (IFP 61; TDA RP-8),
end-of-day last hands (IFP 14; WPA 9), and what the clock brings as it runs (:meth:`advance`:
a new level, IFP 23; dead stacks, IFP 9; the Gananda absent stacks removed; the payouts fixed
once the field is final).
"""

from __future__ import annotations

from pokertd.tournament import events as ev
from pokertd.tournament.clock import HAND_FOR_HAND, TournamentClock
from pokertd.tournament.core import DirectorError, TournamentCore, field_rule


class ClockCommands(TournamentCore):
    """The clock: pause, resume, hand-for-hand, last hands, new levels."""

    def _on_last_hands_announced(self, e: ev.LastHandsAnnounced, floor: bool) -> None:
        self.clock.announce_last_hands(e.at, e.hands)
        self._level_cache = None

    def _on_level_started(self, e: ev.LevelStarted, floor: bool) -> None:
        self.level = e.level
        self.last_at = e.at
        until = self.structure.late_registration_until_level
        if until is not None and e.level > until:
            self.registration_closed = True      # IFP 9: late registration is over

    def _on_clock_paused(self, e: ev.ClockPaused, floor: bool) -> None:
        self.clock.pause(e.at, e.reason)
        self._level_cache = None

    def _on_clock_resumed(self, e: ev.ClockResumed, floor: bool) -> None:
        self.clock.resume(e.at)
        self._level_cache = None

    def _on_hand_for_hand(self, e: ev.HandForHand, floor: bool) -> None:
        if e.on:
            self.clock.start_hand_for_hand(e.at)
            self.hand_for_hand_hands = 0
        else:
            self.clock.end_hand_for_hand(e.at)
        self._level_cache = None

    def _on_hand_for_hand_hand_done(self, e: ev.HandForHandHandDone, floor: bool) -> None:
        self.clock.hand_for_hand_hand_done(e.at)
        self.hand_for_hand_hands += 1
        self._level_cache = None

    def pause(self, now: float, reason: str = "director") -> list[ev.Event]:
        self._require_running()
        if self.clock.paused:
            why = self.clock.pause_reason
            raise DirectorError("the clock is already stopped"
                                + (" by the director" if why == "director" else f" ({why})"))
        self.apply(ev.ClockPaused(float(now), reason))
        return self.events[-1:]

    def resume(self, now: float) -> list[ev.Event]:
        self._require_running()
        if not self.clock.paused:
            raise DirectorError("the clock is not stopped")
        if self.clock.pause_reason == HAND_FOR_HAND:
            raise DirectorError("the clock is stopped for hand-for-hand play (TDA RP-8: two "
                                "minutes come off it per hand): end hand-for-hand play to "
                                "restart it")
        self.apply(ev.ClockResumed(float(now)))
        return self.events[-1:]

    def hand_for_hand(self, now: float, on: bool = True) -> list[ev.Event]:
        """Start (or end) hand-for-hand play (IFP 61: all tables start each hand together and
        players out in the same hand at different tables tie, IFP 57; TDA RP-8: the clock
        stops and two minutes come off it per hand)."""
        fl = self._require_running()
        rule = field_rule("hand_for_hand", self.rules.name, "IFP 61")
        if on == self.clock.hand_for_hand:
            raise DirectorError("hand-for-hand play has " + ("already begun" if on else "not begun")
                                + f" ({rule})")
        if on:
            if fl.table_count < 2:
                raise DirectorError(f"hand-for-hand play starts each hand at every table "
                                    f"together ({rule}): it needs two tables or more, there is "
                                    f"{fl.table_count}")
            if self.clock.seconds_per_hand is not None and self.clock.paused:
                raise DirectorError(f"the clock is already stopped ({self.clock.pause_reason}); "
                                    f"{rule} stops it for hand-for-hand play: resume it first")
        self.apply(ev.HandForHand(float(now), on))
        return self.events[-1:]

    def announce_last_hands(self, now: float, hands: int | None = None) -> list[ev.Event]:
        """IFP 14 / WPA 9 (multi-day events): within the last 15 minutes of the day's final
        level the clock stops and the last 3 to 7 hands are announced; the number is drawn
        at random (by an active player; ``None``: drawn here). Resuming the clock (the next
        day) ends them."""
        self._require_running()
        if not self.rules.end_of_day_hands:
            raise DirectorError(f"{self.rules.name}: no end-of-day last hands in this rule "
                                "preset (IFP 14 / WPA 9 only): stop the clock with pause")
        if self.clock.last_hands is not None:
            raise DirectorError(f"the last {self.clock.last_hands} hands of the day have "
                                "already been announced (IFP 14)")
        if hands is not None and (isinstance(hands, bool) or not isinstance(hands, int)
                                  or not 3 <= hands <= 7):
            raise DirectorError(f"{hands!r} last hands: IFP 14 announces three to seven")
        if self.clock.paused:
            raise DirectorError(f"the clock is stopped ({self.clock.pause_reason}): resume it; "
                                "IFP 14 stops it within the last 15 minutes of the day's final "
                                "level")
        st = self.clock.status(now)
        if st.on_break:
            raise DirectorError(f"break {st.break_number}: the last hands are announced within "
                                "the last 15 minutes of a level, not on a break (IFP 14)")
        if st.seconds_left is not None and st.seconds_left > 15 * 60:
            left = int(st.seconds_left)
            raise DirectorError(f"{left // 60}:{left % 60:02d} left in level {st.level_number}: "
                                "IFP 14 stops the clock within the last 15:00 of the day's "
                                "final level")
        drawn = hands is None
        if hands is None:
            hands = TournamentClock.draw_last_hands(self._rng())
        self.apply(ev.LastHandsAnnounced(float(now), hands, drawn))
        return self.events[-1:]

    def hand_for_hand_hand_done(self, now: float) -> list[ev.Event]:
        """Every table has finished the current hand-for-hand hand (TDA RP-8: time off)."""
        self._require_running()
        if not self.clock.hand_for_hand:
            raise DirectorError("hand-for-hand play has not begun ("
                                + field_rule("hand_for_hand", self.rules.name, "IFP 61") + ")")
        self.apply(ev.HandForHandHandDone(float(now)))
        return self.events[-1:]

    def advance(self, now: float) -> list[ev.Event]:
        """Before hands dealt at ``now``: a new level applies (IFP 23); at the first hand of
        the structure's absent level, absent players' chips are removed and they are out
        (Gananda: Absent/Late Players); at the close of late registration the unsold seats'
        stacks are removed (IFP 9); payouts are fixed once registration, rebuys and add-ons
        have closed. A live event's service calls it before and after every command, so the
        log follows the clock. Not on a break (no hand begins on one): see :meth:`follow_clock`."""
        level = self._hand_level(now)[0]
        if level == self.level:
            return []
        n = len(self.events)
        was_open = not self.registration_closed
        self.apply(ev.LevelStarted(level, float(now), self._level_rule))
        s = self.structure
        if was_open and self.registration_closed:
            self._remove_dead_stacks()                     # IFP 9: dead stacks
        gone = s.absent_stack_removed_at_level
        if gone is not None and level >= gone:
            absent = [p for p in self.players.values() if p.absent and not p.out]
            if absent and len(absent) < self.alive:
                self._eliminate_group([[p.name for p in absent]], None,
                                      "Gananda: Absent/Late Players", removed=True)
        if self.payouts is None and not self.finished:
            # The add-on closes at the first hand of the level after its own (WPA 6); in a
            # live event at the end of the break after its level, or with none there (or
            # ``addon.until = "next-level"``) at that level's end (see addon).
            addon_closes = 0
            if s.addon:
                addon_closes = s.addon.after_level + (
                    0 if self.dealt or s.addon_closes_at_break() else 1)
            closes = max(s.late_registration_until_level or 0,
                         s.rebuys.until_level if s.rebuys else 0, addon_closes)
            if level > closes:
                self._fix_payouts()
        return self.events[n:]

    def follow_clock(self, now: float) -> list[ev.Event]:
        """A live event between the director's commands: what the clock has brought by
        ``now`` (:meth:`advance`: a new level, IFP 9 dead stacks at the close of registration,
        the Gananda absent stacks removed, the payouts fixed once the field is final), then
        the seat moves any bust-out it made calls for (:meth:`rearrange`). Nothing before the
        start, after the finish or on a break."""
        if not self.started or self.finished or self.clock.status(now).on_break:
            return []
        n = len(self.events)
        if any(e.type == "busted" for e in self.advance(now)) and not self.finished:
            self.rearrange(now)
        return self.events[n:]

    def clock_brings(self, now: float) -> bool:
        """Whether :meth:`follow_clock` at ``now`` would record anything (a new level, and
        what comes with it); nothing changed: a reader that may not change the tournament
        asks first."""
        if not self.started or self.finished or self.clock.status(now).on_break:
            return False
        return self.clock.level_number_for_hand(now) != self.level
