"""The director's floor commands: tables opened, players seated and moved, tables broken
(IFP 10; TDA 10; WPA 4 stops the clock), the final table formed (IFP 15), tables balanced
(IFP 11a; WPA 5; TDA 11; Gananda: Moving Players), and a live event's dealer buttons as the
director reports them (IFP 11a, IFP 17), with the tables where play halts meanwhile.
"""

from __future__ import annotations

from collections.abc import Container, Sequence
from typing import Any

from pokertd.tournament import events as ev
from pokertd.tournament.balancing import (
    balance, balancing_pair, break_table, follow_button, form_final_table, halted_tables,
    live_button, move_one, needs_balancing, tables_to_break,
)
from pokertd.tournament.button import ButtonState
from pokertd.tournament.clock import FINAL_TABLE, TABLE_BROKEN
from pokertd.tournament.core import DirectorError, TournamentCore
from pokertd.tournament.seating import Move


class BalancingCommands(TournamentCore):
    """The floor: breaking, balancing, the final table, live buttons (IFP 10, 11a, 15, 17)."""

    def _on_table_opened(self, e: ev.TableOpened, floor: bool) -> None:
        if floor:
            assert self.floor is not None
            self.floor.add_table(e.table)

    def _on_seated(self, e: ev.Seated, floor: bool) -> None:
        if floor:
            assert self.floor is not None
            self.floor.sit(e.player, e.table, e.seat, e.reason)

    def _on_button_placed(self, e: ev.ButtonPlaced, floor: bool) -> None:
        assert self.floor is not None
        t = self.floor.tables[e.table]
        t.button = ButtonState(len(t.seats), e.seat)

    def _on_button_recorded(self, e: ev.ButtonRecorded, floor: bool) -> None:
        assert self.floor is not None
        t = self.floor.tables[e.table]
        # The blinds of the reported hand are placed on its own seats, not the survivors'
        # (IFP 17: the big blind moves exactly one player a hand); later reports at this
        # table are of later hands, dealt to the seats as they are.
        dealt = self.hand_seats.pop(e.table, None)
        known = self.known_buttons.pop(e.table, None)
        followed = None if known is None else follow_button(
            known, t.seats if dealt is None else dealt, e.seat)
        t.button = followed if followed is not None else live_button(t, e.seat, dealt)
        self.reported_buttons.add(e.table)

    def _on_moved(self, e: ev.Moved, floor: bool) -> None:
        if floor:
            assert self.floor is not None
            self.floor.move(e.player, e.to_table, e.to_seat, e.reason)

    def _on_table_broken(self, e: ev.TableBroken, floor: bool) -> None:
        self.hand_seats.pop(e.table, None)
        self.known_buttons.pop(e.table, None)
        if floor:
            assert self.floor is not None
            self.floor.remove_table(e.table)

    def _on_final_table_formed(self, e: ev.FinalTableFormed, floor: bool) -> None:
        self.hand_seats = {}
        self.known_buttons = {}
        if floor:
            fl = self.floor
            assert fl is not None
            for p, *_ in e.seats:
                fl.leave(p)
            for tid in [t for t in fl.break_order if t != e.table]:
                fl.remove_table(tid)
            fl.tables[e.table].button = None
            for p, _, _, seat in e.seats:
                fl.sit(p, e.table, seat, e.rule)

    def _log_moves(self, moves: list[Move]) -> None:
        for m in moves:
            assert m.from_table is not None and m.from_seat is not None
            self._log(ev.Moved(m.player, m.from_table, m.from_seat, m.to_table, m.to_seat,  # type: ignore[arg-type]
                               m.reason))

    def rearrange(self, now: float | None = None, *,
                  ready: Container[int] | None = None) -> list[ev.Event]:
        """Between hands: form the final table (IFP 15), break tables (IFP 10; TDA 10), balance
        (IFP 11a; WPA 5; Gananda: Moving Players). O(seats) when nothing is to be done.
        ``ready``: a dealt event's tables between hands (the others are in one); only they
        are balanced (the moves that involve the others wait for them). The caller makes sure
        no table is in a hand when a table is broken or the final table formed.
        Under the Gananda house the clock stops (at ``now``) while the final table forms
        (Gananda: Final Table), and under WPA 4 while a table is broken once there are six
        tables or fewer; :meth:`resume` it once the players are seated."""
        fl = self._require_running()
        n = len(self.events)
        s = self.structure
        stop_at = self.rules.table_break_stops_clock_at
        if fl.table_count > 1 and fl.player_count <= s.final_table_size:
            if self.config.final_table_stops_clock and now is not None and not self.clock.paused:
                self.apply(ev.ClockPaused(float(now), FINAL_TABLE))
            if (not self.rules.final_table_redraw and fl.table_count <= stop_at
                    and now is not None and not self.clock.paused):
                self.apply(ev.ClockPaused(float(now), TABLE_BROKEN))  # WPA 4
            r = self._rng()
            final = fl.break_order[-1]
            before = dict(fl.where)
            moves = form_final_table(fl, s.final_table_size, r,
                                     redraw=self.rules.final_table_redraw, table_id=final,
                                     two_step=self._two_step, rule=self._break_rule)
            if self.rules.final_table_redraw:
                self._log(ev.FinalTableFormed(final, tuple(
                    (m.player, before[m.player][0], before[m.player][1], m.to_seat)  # type: ignore[misc]
                    for m in moves), "IFP 15"))
            else:
                self._log_moves(moves)
                for tid in sorted(set(t for t, _ in before.values()) - set(fl.tables)):
                    self._log(ev.TableBroken(tid, self._final_rule, tuple(fl.break_order)))
            return self.events[n:]
        k = tables_to_break(fl)
        if k > 0:
            if fl.table_count <= stop_at and now is not None and not self.clock.paused:
                # WPA 4: "Once there are 6 tables or fewer, the clock will be stopped when a
                # tournament table is broken."
                self.apply(ev.ClockPaused(float(now), TABLE_BROKEN))
            r = self._rng()
            going = fl.break_order[:k]
            for i, tid in enumerate(going):
                self._log_moves(break_table(fl, tid, r, two_step=self._two_step,
                                            also_breaking=going[i + 1:], rule=self._break_rule))
                self._log(ev.TableBroken(tid, self._break_rule, tuple(fl.break_order)))
        if not needs_balancing(fl, s.balance_difference):
            return self.events[n:]
        if self.dealt:
            self._log_moves(balance(fl, difference=s.balance_difference, mover=self._mover,  # type: ignore[arg-type]
                                    ready=ready, rule=self._balance_rule))
            return self.events[n:]
        # A live event (IFP 11a; TDA 11-A; WPA 5): the player moved is found from the button
        # of the table he leaves, and his seat is the worst position at the table he joins,
        # so both tables' buttons must be known (record_button); until then the move waits
        # and :meth:`balancing_wait` says which buttons are needed.
        while (pair := balancing_pair(fl, s.balance_difference)) is not None:
            if self._buttons_needed(pair):
                break
            self._log_moves([move_one(fl, pair[0], pair[1], self._mover,  # type: ignore[arg-type]
                                      self._balance_rule)])
        return self.events[n:]

    def _buttons_needed(self, tables: Sequence[int]) -> list[int]:
        """The tables among ``tables`` whose button a live balancing move needs and the
        director has not reported: those with a hand to deal (a table of one player, e.g. one
        just opened for a late entry, has no button yet: any seat is as good)."""
        fl = self.floor
        assert fl is not None
        if self._mover == "position":
            return []                    # stud-only: moved by seat, no button needed (IFP 11a)
        return [tid for tid in tables
                if fl.tables[tid].button is None and fl.tables[tid].count >= 2]

    def balancing_wait(self) -> dict[str, Any] | None:
        """A live event's balancing move waiting for the buttons (IFP 11a; WPA 5): the tables
        (from, to) and those whose button the director has not reported since the last
        bust-out; None when no move is due."""
        fl = self.floor
        if fl is None or not self.started or self.finished:
            return None
        pair = balancing_pair(fl, self.structure.balance_difference)
        if pair is None:
            return None
        return {"from_table": pair[0], "to_table": pair[1],
                "buttons_needed": self._buttons_needed(pair),
                "rule": self._balance_rule}

    def halted_tables(self) -> list[int]:
        """Tables where play halts, short by the preset's threshold of players against the
        fullest table (IFP 11a: 3 or more; WPA 5: 2 or more; TDA 11-D: 3 or more), until a
        balancing move is made."""
        fl = self.floor
        if fl is None or fl.table_count < 2 or self.finished:
            return []
        return halted_tables(fl, self.rules.balancing_halt_short)

    def record_button(self, table: int, seat: int, now: float) -> list[ev.Event]:
        """A live event: the seat of a table's dealer button on the hand being played (or the
        hand just played), as the director sees it. It decides who moves when the tables are
        balanced (IFP 11a: the player due the big blind next; WPA 5: the player in the big
        blind) and the worst position of a player moved in (never the small blind); it holds
        until the next bust-out (the software does not see the hands). The seat may be empty
        (a dead button, IFP 17). After a bust-out at the table, the hand reported is the one
        he busted in: its blinds are placed on the seats it was dealt to, the busted players'
        included (IFP 17: "the blinds posted as if there had been no elimination")."""
        fl = self._require_running()
        if self.dealt:
            raise DirectorError("the engine deals this event's hands and moves its buttons "
                                "(IFP 17): there is no button to record")
        if isinstance(table, bool) or not isinstance(table, int) or table not in fl.tables:
            raise DirectorError(f"no table {table}: the tables are "
                                f"{', '.join(str(t) for t in sorted(fl.tables))}")
        t = fl.tables[table]
        n = len(t.seats)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 1 <= seat <= n:
            raise DirectorError(f"table {table} has seats 1-{n}: the button cannot be on seat "
                                f"{seat}")
        if t.count < 2:
            raise DirectorError(f"table {table} has {t.count} player(s): no hand is dealt "
                                "there, so it has no button")
        self.apply(ev.ButtonRecorded(table, seat, float(now)))
        return self.events[-1:]
