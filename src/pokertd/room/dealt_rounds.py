"""The rounds of a dealt event's tables (composed into
:class:`~pokertd.room.dealt_tables.DealtEvents`): each table opened and seated as the director
has it, the next hand dealt where the rules let it (hand-for-hand, IFP 61; moves, IFP 10, 11a,
15; breaks, IFP 56), each hand over recorded and its players out eliminated (IFP 57), a hand
stopped at its all-in showdown under hand-for-hand (IFP 61), a seeded event's own clock, and
a restart resumed. :mod:`pokertd.room.dealt_tables`' docstring tells when the tables wait for
one another."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from .dealt_record import DealtEvent
from .errors import TableError
from .seats import TableConfig
from .tables import Table

__all__ = ["ROUND_SECONDS", "DealtRounds"]

#: A seeded event's clock: the seconds of a round of hands (about an online hand's pace).
ROUND_SECONDS = 30.0


class DealtRounds:
    """The tables and rounds of :class:`~pokertd.room.dealt_tables.DealtEvents` (its log,
    commands and reading are its own)."""

    def _table_name(self, ev: DealtEvent, tid: int) -> str:
        return f"{ev.name} · table {tid}"

    def _hook(self, ev: DealtEvent, t: Table) -> None:
        t.hand_source = ev.name
        if ev.loaded is not None:
            t.rules = ev.loaded.tournament.rules
        t.on_hand_end = lambda table, ev=ev: self._hand_done(ev, table)
        assert t.table_id is not None
        ev.tables[t.table_id] = t

    def rehook(self, t: Table) -> None:
        if t.event in self.events and t.table_id is not None:
            ev = self.events[t.event]
            self._hook(ev, t)
            if t.table_id in ev.held:
                self._stop(ev, t)           # loaded again while stopped (IFP 61)
                if t.held() is None:
                    ev.held.discard(t.table_id)
                    self._over(ev, t.table_id)

    def _table(self, ev: DealtEvent, tid: int) -> Table:
        t = ev.tables.get(tid)
        if t is None:
            name = self._table_name(ev, tid)
            if name in self.server.tables:
                t = self.server.tables[name]
            else:
                s = ev.settings
                config = TableConfig(seats=s["table_size"], small_blind=1, big_blind=2,
                                     act_seconds=s["act_seconds"], bot_delay=s["bot_delay"],
                                     pause_seconds=s["pause_seconds"],
                                     time_bank=s.get("time_bank", 30.0),
                                     bank_refill=s.get("bank_refill", 10.0),
                                     rules=_rules_name(ev), fair=bool(s.get("fair")))
                t, _ = self.server.open_table(name, config, event=ev.name, table_id=tid,
                                              seed=ev.seed)
            self._hook(ev, t)
        return t

    def _seat_tables(self, ev: DealtEvent) -> None:
        """Every table between hands seated as the director has it (a ``seating`` event
        where it changed); a table the director broke is left empty. A table in the middle
        of a hand keeps its seats: the director moves no one from or to it (see _deal)."""
        tm = ev.loaded.tournament  # type: ignore[union-attr]
        fl = tm.floor
        assert fl is not None
        for t in ev.tables.values():
            for s in t.seats:
                if s is not None and s.away:
                    ev.away.add(s.name)
                elif s is not None:
                    ev.away.discard(s.name)
        by_name = {e.name: e for e in ev.entrants}
        for tid in set(fl.tables) | set(ev.tables):
            if tid in ev.round:
                continue
            ft = fl.tables.get(tid)
            t = self._table(ev, tid)
            want: list[dict[str, Any] | None] = []
            for k in range(t.config.seats):
                p = ft.seats[k] if ft is not None and k < len(ft.seats) else None
                if p is None:
                    want.append(None)
                    continue
                e = by_name[str(p)]
                want.append({"name": e.name, "stack": tm.players[e.name].stack, "bot": e.bot,
                             "token": e.token, "away": e.name in ev.away})
            have = [None if s is None else {"name": s.name, "stack": s.stack, "bot": s.bot,
                                            "token": s.token, "away": s.away} for s in t.seats]
            if want != have:
                t._commit([("seating", {"seats": want})])
                self.server.broadcast(t.name)

    def _deal(self, ev: DealtEvent) -> None:
        """Deal the next hand at every table between hands, unless the rules make it wait
        (:mod:`pokertd.room.dealt_tables`' docstring): hand-for-hand, a move to make, a break."""
        from pokertd.tournament.balancing import balancing_pair, needs_balancing, tables_to_break
        from pokertd.tournament.clock import FINAL_TABLE, TABLE_BROKEN

        loaded = ev.loaded
        assert loaded is not None
        if ev.broken:
            return                 # being loaded again from the store
        tm = loaded.tournament
        now = self.service.now() if ev.clock is None else self._round_clock(ev)
        ev.next_round_at = None
        if tm.finished:
            self._seat_tables(ev)
            self._finish(ev)
            return
        fl = tm.floor
        assert fl is not None
        all_idle = not ev.round
        st = tm.clock.status(now)
        if st.on_break:
            # No hands on a break; a colour-up is raced off at its start (IFP 56), every
            # table between hands.
            if all_idle:
                brk = tm.structure.breaks[st.break_number - 1]
                if brk.color_up and tm.colours_due(now):
                    tm.chip_up(brk.color_up)
                self._commit(ev, now)
                self._seat_tables(ev)
            self._later(ev, (st.seconds_left or 1.0) + 0.05)
            return
        tm.advance(now)
        if tm.clock.hand_for_hand:
            if not all_idle:
                return             # IFP 61: the next hand begins at all tables together
            if ev.pending or ev.h4h_dealt:
                if ev.pending:
                    # IFP 57 / IFP 61 (TDA RP-8 A: the hands in progress at the announcement
                    # too): out in the same hand
                    tm.eliminate(ev.pending)
                    ev.pending = []
                if ev.h4h_dealt and not tm.finished:
                    tm.hand_for_hand_hand_done(now)
                ev.h4h_dealt = False
                if tm.finished:
                    self._commit(ev, now)
                    self._seat_tables(ev)
                    self._finish(ev)
                    return
        s = tm.structure
        idle = set(fl.tables) - set(ev.round)
        waiting: set[int] = set()           # tables between hands kept for a move
        if (fl.table_count > 1 and fl.player_count <= s.final_table_size) or \
                tables_to_break(fl) > 0:
            # IFP 15 / IFP 10: the players of the tables broken go to seats anywhere; no
            # table may be in a hand
            if not all_idle:
                self._commit(ev, now)
                return
            if tm.rearrange(now) and tm.clock.pause_reason in (FINAL_TABLE, TABLE_BROKEN):
                tm.resume(now)                   # WPA 4: once seated, play goes on
        elif needs_balancing(fl, s.balance_difference):
            # IFP 11a: moved between hands of both tables; a move that involves a table in a
            # hand waits for it, the table it involves between hands waiting too
            tm.rearrange(now, ready=idle)
            pair = balancing_pair(fl, s.balance_difference)
            if pair is not None:
                waiting = set(pair) & idle
        paid = sum(1 for a in tm.payouts if a) if tm.payouts is not None else None
        h4h = paid is not None and fl.table_count > 1 and paid < tm.alive <= paid + fl.table_count
        if h4h != tm.clock.hand_for_hand:
            # IFP 61 on the bubble; TDA RP-8 A: the hands in progress are finished first.
            tm.hand_for_hand(now, h4h)
            if h4h and not all_idle:
                self._commit(ev, now)
                return
        setups = {}
        for tid in sorted(fl.tables):
            if tid not in ev.round and tid not in waiting and fl.tables[tid].count >= 2:
                setups[tid] = tm.next_hand(tid, now)
        self._commit(ev, now)
        self._seat_tables(ev)
        if tm.clock.hand_for_hand and setups:
            ev.h4h_dealt = True
        ev.round.update(setups)
        ev.over.difference_update(setups)
        for tid, setup in setups.items():
            self._table(ev, tid).start_hand(self.server.clock(), setup)
            self.server.broadcast(self._table_name(ev, tid))
            self.server.wake(self._table_name(ev, tid))

    def _hand_done(self, ev: DealtEvent, table: Table) -> None:
        assert table.table_id is not None
        if table.table_id in ev.round:
            tid = table.table_id
            self._stop(ev, table)

            # The director records the hand only once the table's end of it is in the store:
            # a crash between the two would otherwise leave a hand recorded that the table's
            # log has still in play (and replays it again).
            def written(ok: bool) -> None:
                if not ok:
                    return
                self._release(ev)
                if table.held() is not None:
                    ev.held.add(tid)           # IFP 61: recorded once it goes on
                else:
                    self._over(ev, tid)
            self.server.after_written(table.name, written)

    def _over(self, ev: DealtEvent, tid: int) -> None:
        """Table ``tid``'s hand is over and in the store: recorded after the pause (a seeded
        event's with the round's last)."""
        if ev.clock is None:
            self._later(ev, ev.settings["pause_seconds"], lambda: self._table_done(ev, tid))
        else:                          # a seeded event: the round ends with its last hand
            ev.over.add(tid)
            self._later(ev, ev.settings["pause_seconds"], lambda: self._round_done(ev))

    # --- IFP 61: the all-in stop under hand-for-hand ------------------------------------

    def _in_hand(self, ev: DealtEvent, tid: int) -> bool:
        """Whether table ``tid`` of the round has its hand of the round still to finish (in
        play, or not dealt yet)."""
        t = ev.tables.get(tid)
        if t is None or t.hand is not None or not t.history:
            return True
        return t.history[0].positions["hand"] != ev.round[tid].positions.hand

    def _stop(self, ev: DealtEvent, table: Table) -> None:
        """IFP 61: "If a player is "all-in" and facing a showdown while playing hand-for-hand,
        the hand will be stopped, and continued when all the hands on other tables are
        finished." Table ``table``'s hand of the round just over, an all-in showdown, is
        stopped while another table of the round is still in its hand: its clients see it
        as it stood when the betting closed (Table.stop). Never outside hand-for-hand, nor
        at a table alone in its round (a sit-and-go)."""
        tid = table.table_id
        loaded = ev.loaded
        if loaded is None or tid not in ev.round or not loaded.tournament.clock.hand_for_hand \
                or self._in_hand(ev, tid):
            return
        if any(self._in_hand(ev, u) for u in ev.round if u != tid):
            table.stop()

    def _release(self, ev: DealtEvent) -> None:
        """IFP 61: once no table of the round is still in its hand, the stopped hands go on
        (their clients see the board, the showdown, the awards) and are recorded."""
        if any(self._in_hand(ev, tid) for tid in ev.round):
            return
        for tid in sorted(ev.round):
            t = ev.tables[tid]
            if t.go_on():
                self.server.broadcast(t.name)
        held, ev.held = sorted(ev.held), set()
        for tid in held:
            self._over(ev, tid)

    def _later(self, ev: DealtEvent, delay: float, then: Any = None) -> None:
        """``then`` (the next deal when None) after ``delay`` seconds."""
        on_break = then is None

        def go() -> None:
            if on_break:
                ev.timer = None
            with contextlib.suppress(TableError):
                (then or (lambda: self._deal(ev)))()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            go()                 # no event loop (a test driving the tables by hand)
            return
        if on_break:
            if ev.timer is not None:
                ev.timer.cancel()
            ev.next_round_at = self.server.clock() + delay
            ev.timer = loop.call_later(delay, go)
        else:
            loop.call_later(delay, go)

    def _record(self, ev: DealtEvent, tid: int) -> None:
        """Record table ``tid``'s hand and put out its players left without chips (under
        hand-for-hand they wait for the round's other tables: IFP 61)."""
        loaded = ev.loaded
        assert loaded is not None
        tm = loaded.tournament
        setup = ev.round.pop(tid)
        t = ev.tables[tid]
        played = next(p for p in t.history if p.positions["hand"] == setup.positions.hand)
        end = played.events[-1]["stacks"]
        if played.level is not None and played.level != setup.level_number:
            setup = setup._replace(level_number=played.level)
        tm.record_hand(setup, end, self._now(ev))
        busts = self._busts(setup.players, setup.stacks, played, tid)
        if not busts:
            return
        if tm.clock.hand_for_hand:
            ev.pending.extend(busts)             # IFP 61 / IFP 57: out in the same hand
        elif not tm.finished:
            tm.eliminate(busts)

    @staticmethod
    def _busts(players: Any, stacks: Any, played: Any, tid: int) -> list[Any]:
        """The players a hand put out (``players`` and their ``stacks`` at its start, in
        position order), each with who knocked him out."""
        from pokertd.engine import replay
        from pokertd.sim import knockouts
        from pokertd.tournament.director import Bust

        end = played.events[-1]["stacks"]
        out = [i for i, x in enumerate(end) if x == 0]
        if not out:
            return []
        ko = knockouts(replay(played.events), out)
        return [Bust(players[i], tid, stacks[i], players[ko[i]] if i in ko else None)
                for i in out]

    def _table_done(self, ev: DealtEvent, tid: int) -> None:
        """A table's hand is over: record it, then deal on."""
        t = ev.tables.get(tid)
        if tid not in ev.round or t is None or t.hand is not None or ev.loaded is None or \
                ev.broken or t.held() is not None:
            return                     # (a stopped hand, IFP 61: recorded once it goes on)
        self._record(ev, tid)
        self._commit(ev, self.service.now())
        self._deal(ev)

    def _round_done(self, ev: DealtEvent) -> None:
        """A seeded event's table has finished its hand: the round ends when every table of
        it has, each table's end in the store."""
        if ev.loaded is not None and not ev.broken and ev.round and all(
                tid in ev.over and ev.tables[tid].hand is None for tid in ev.round):
            self._end_round(ev)

    def _end_round(self, ev: DealtEvent) -> None:
        """Record every table's hand that is over, then deal on."""
        if ev.clock is not None and ev.round:
            ev.clock += ROUND_SECONDS          # a seeded event's round is over
        for tid in sorted(ev.round):
            if ev.tables[tid].hand is None and ev.tables[tid].held() is None:
                self._record(ev, tid)       # (a stopped hand waits: IFP 61)
        assert ev.loaded is not None
        self._commit(ev, self._now(ev))
        self._deal(ev)

    def _now(self, ev: DealtEvent) -> float:
        """The director's time: the wall clock, or a seeded event's own."""
        return self.service.now() if ev.clock is None else ev.clock

    def _seeded_clock(self, ev: DealtEvent) -> None:
        """A seeded event's clock as its log has it: the end of its last round recorded (the
        time of its hands), or its start."""
        if ev.seed is None or ev.loaded is None:
            return
        from pokertd.tournament.events import HandPlayed

        tm = ev.loaded.tournament
        at = next((e.at for e in reversed(tm.events) if isinstance(e, HandPlayed)), None)
        ev.clock = at if at is not None else tm.clock.started_at

    def _round_clock(self, ev: DealtEvent) -> float:
        """A seeded event's time of its next deal: its clock, a break skipped to its end (its
        colour-up raced off at its start, every table between hands: IFP 56)."""
        loaded = ev.loaded
        assert loaded is not None and ev.clock is not None
        tm = loaded.tournament
        now = ev.clock
        st = tm.clock.status(now)
        while st.on_break and not tm.finished:
            assert st.break_number is not None
            brk = tm.structure.breaks[st.break_number - 1]
            if brk.color_up and tm.colours_due(now):
                tm.chip_up(brk.color_up)
                self._commit(ev, now)
            now += (st.seconds_left or 1.0) + 0.05
            st = tm.clock.status(now)
        ev.clock = now
        return now

    def _resume(self, ev: DealtEvent) -> None:
        """After a restart: each table as the logs left it."""
        tm = ev.loaded.tournament  # type: ignore[union-attr]
        fl = tm.floor
        if tm.finished or fl is None:
            return
        from pokertd.tournament.events import HandPlayed

        self._seeded_clock(ev)
        now = self.service.now() if ev.clock is None else self._round_clock(ev)
        # A table's last hand is in the round when the director has not recorded it: the
        # table dealt more hands than he recorded there. (Not the button's hand number: a
        # final table formed at a table's number starts a button of its own.)
        recorded: dict[int, int] = {}
        for e in tm.events:
            if isinstance(e, HandPlayed):
                recorded[e.table] = recorded.get(e.table, 0) + 1
        for tid, t in ev.tables.items():
            ft = fl.tables.get(tid)
            if ft is None or ft.button is None:
                continue
            last = t.played or (t.history[0] if t.history else None)
            if t.hands > recorded.get(tid, 0):
                ev.round[tid] = tm.next_hand(tid, now)
            elif tm.clock.hand_for_hand and t.played is None and last is not None:
                # recorded, its players out not yet eliminated: they wait for the round
                ev.pending += [b for b in self._busts(last.names, last.events[0]["config"]["stacks"],
                                                      last, tid) if not tm.players[b.player].out]
        if ev.clock is not None and ev.round:
            # A seeded round cut short in its deal (at start-up the tables' deals are commits
            # of their own): every table that can play is in it, the rest are dealt now.
            rest = {tid: tm.next_hand(tid, now) for tid in sorted(fl.tables)
                    if tid not in ev.round and fl.tables[tid].count >= 2}
            if rest:
                self.service.commit(ev.loaded, "table round", {}, now)  # type: ignore[arg-type]
                self._seat_tables(ev)
                ev.round.update(rest)
                for tid, setup in rest.items():
                    self._table(ev, tid).start_hand(self.server.clock(), setup)
        if tm.clock.hand_for_hand and (ev.round or ev.pending):
            ev.h4h_dealt = True
        for tid in sorted(ev.round):
            # IFP 61: a hand stopped at its all-in showdown stays stopped while another table
            # of the round is still in its hand (nothing was written for the stop; a table
            # kept in memory through a reload is stopped again only if it still must be)
            t = ev.tables[tid]
            was = t.go_on()
            self._stop(ev, t)
            if t.held() is not None:
                ev.held.add(tid)
            elif was:
                self.server.broadcast(t.name)
        if ev.clock is not None:
            # a seeded event's round ends when all its hands are over (those over are stored)
            ev.over = {tid for tid in ev.round if ev.tables[tid].hand is None}
            if len(ev.over) < len(ev.round):
                return
        self._end_round(ev)


def _rules_name(ev: DealtEvent) -> str:
    from pokertd.tournament.house import config_preset
    name = config_preset(ev.settings["preset"]).rules.name
    from pokertd.rules import PRESETS
    return name if name in PRESETS else "ifp-2012"
