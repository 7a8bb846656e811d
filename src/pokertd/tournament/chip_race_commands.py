"""The director's chip races at the chip-up breaks (IFP 56; WPA 14; TDA 24): a dealt event
races every table at once; a live one races one table at a time from the counts the director
gives, and the colours leave play once every table has raced them.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokertd.tournament import events as ev
from pokertd.tournament.chip_race import chip_race
from pokertd.tournament.core import DirectorError, TournamentCore


class ChipRaceCommands(TournamentCore):
    """Chip races: the colours due, a live table's race, a dealt chip-up (IFP 56)."""

    def _on_chip_raced(self, e: ev.ChipRaced, floor: bool) -> None:
        assert self.floor is not None
        seats = self.floor.tables[e.table].seats
        out = set(e.going_out)
        if e.before:
            # A live race, one table at a time: the chips change by what the race rounded
            # (IFP 56; TDA 24C); the colours leave play once every table has raced them.
            self.chips += sum(c for _, c in e.stacks) - sum(c for _, c in e.before)
            for seat, chips in e.stacks:
                self.players[seats[seat - 1]].stack = chips  # type: ignore[index]
            self.racing = tuple(e.going_out)
            self.raced_tables.add(e.table)
            if set(self.floor.tables) <= self.raced_tables:
                self.chips_in_play = tuple(v for v in self.chips_in_play if v not in out)
                self.racing = ()
                self.raced_tables = set()
            return
        for seat, chips in e.stacks:
            p = self.players[seats[seat - 1]]  # type: ignore[index]
            self.chips += chips - p.stack        # IFP 56: the race rounds the odd chips
            p.stack = chips
        self.chips_in_play = tuple(v for v in self.chips_in_play if v not in out)

    def _on_count_corrected(self, e: ev.CountCorrected, floor: bool) -> None:
        self.chips += e.chips
        self.count_corrections.append((e.chips, e.reason))

    def colours_due(self, now: float) -> tuple[int, ...]:
        """The chip colours still in play that the structure's chip-up breaks begun by
        ``now`` take out (IFP 56; WPA 14; TDA 24), smallest first."""
        if not self.started:
            return ()
        s = self.structure
        elapsed = self.clock.elapsed(now)
        out: set[int] = set()
        for i, p in enumerate(s.periods):
            if p.kind == "break" and p.color_up and self.clock.period_start(i) <= elapsed:  # type: ignore[union-attr]
                out.update(p.color_up)  # type: ignore[union-attr]
        return tuple(v for v in self.chips_in_play if v in out)

    def race_table(self, table: int, stacks: dict[str, int], now: float, *,
                   correction: str | None = None) -> list[ev.Event]:
        """A live chip race at one table at a chip-up break (IFP 56; WPA 14; TDA 24 under its
        preset): ``stacks`` is every seated player's chip count before the race, as counted at
        the table. The odd chips of the colours going out are raced from seat 1, one card per
        odd chip, at most one chip to a player, rounded by the preset (IFP 56 / WPA 14: half
        up; TDA 24C: down), and no one is raced out. The colours leave play once every table
        has raced them.

        The last table to race completes the count of every chip in play: a count short of
        the chips in play is refused with the numbers (count again), unless the director
        records the difference as a count correction with his ``correction`` reason (TDA 1: a
        floor decision; a ``count_corrected`` event before the race, undone with it)."""
        fl = self._require_running()
        if self.dealt:
            raise DirectorError("the engine deals this event: its chip races are run by "
                                "chip_up at the chip-up break")
        if correction is not None and (not isinstance(correction, str)
                                       or not correction.strip()):
            raise DirectorError("a count correction needs the director's reason in words "
                                "(e.g. \"a 100 chip found under table 2\"), got "
                                f"{correction!r}")
        if isinstance(table, bool) or not isinstance(table, int) or table not in fl.tables:
            raise DirectorError(f"no table {table}: the tables are "
                                f"{', '.join(str(t) for t in sorted(fl.tables))}")
        going = self.colours_due(now)
        if not going:
            nxt = self._next_chip_up(now)
            raise DirectorError("no chip race is due (IFP 56: chips are raced off at a chip-up "
                                "break): " + (nxt or "no chip-up break is left in the "
                                              "structure"))
        if table in self.raced_tables:
            raise DirectorError(f"table {table} has already raced off the "
                                f"{', '.join(str(v) for v in self.racing)} chips (IFP 56)")
        t = fl.tables[table]
        seated = {p: k + 1 for k, p in enumerate(t.seats) if p is not None}
        missing = sorted(str(p) for p in seated if p not in stacks)
        strangers = sorted(p for p in stacks if p not in seated)
        if missing or strangers:
            raise DirectorError(
                f"give the chip count of every player at table {table} and no one else (IFP "
                f"56: the race is run at the table)"
                + (f"; missing: {', '.join(missing)}" if missing else "")
                + (f"; not at table {table}: {', '.join(strangers)}" if strangers else ""))
        smallest = self.chips_in_play[0]
        for p, c in stacks.items():
            if isinstance(c, bool) or not isinstance(c, int) or c < 1:
                raise DirectorError(f"{p}'s chips must be a whole number, at least 1 (a player "
                                    f"in the race has chips), got {c!r}")
            if c % smallest:
                raise DirectorError(f"{p}'s {c} chips cannot be made of the chips in play "
                                    f"({', '.join(str(v) for v in self.chips_in_play)}): "
                                    f"count again")
        # The tables that have raced these colours counted their chips (their stacks since).
        held = [p for tid in self.raced_tables if tid in fl.tables
                for p in fl.tables[tid].seats if p is not None]
        held_chips = sum(self.players[p].stack for p in held)
        self.check_counts(stacks, "chips before the race", held=held_chips,
                          others=self.alive - len(seated) - len(held))
        n = len(self.events)
        last = set(fl.tables) - self.raced_tables == {table}
        counted = held_chips + sum(stacks.values())
        if last and counted != self.chips:
            # Every chip in play is now counted (IFP 56: the race is run on the counts): the
            # difference is either a miscount or a chip gone, which only the director knows.
            gap = self.chips - counted
            if correction is None:
                parts = (f" ({held_chips:,} at the tables raced before and "
                          f"{sum(stacks.values()):,} at table {table})" if held else "")
                raise DirectorError(
                    f"table {table} is the last to race: the count is {counted:,} chips"
                    f"{parts}, {gap:,} short of the {self.chips:,} chips in play; count "
                    "again, or record the difference as a count correction with your reason "
                    "(TDA 1: the console's \"Count short?\" field, or --correction "
                    "\"reason\" on the command line)")
            self.apply(ev.CountCorrected(-gap, correction.strip(), counted))
        elif correction is not None:
            raise DirectorError(
                "no count correction to record: " + (
                    f"the count at table {table} adds up to the {self.chips:,} chips in play"
                    if last else f"table {table} is not the last to race, and only the last "
                    "table's count completes the count of the chips in play"))
        from pokertd.tournament.chips import ChipSet
        cs = ChipSet(self.config.chip_set.name,
                     tuple(c for c in self.config.chip_set.chips if c.value in self.chips_in_play),
                     self.config.chip_set.rule)
        by_seat = {seated[p]: c for p, c in stacks.items()}
        res = chip_race(by_seat, cs, going, preset=self._chip_race_preset, rng=self._rng())
        self.apply(ev.ChipRaced(table, tuple(res.going_out), tuple(sorted(res.stacks.items())),
                                tuple(res.winners), res.rule, tuple(sorted(by_seat.items())),
                                tuple((e.seat, tuple(e.cards)) for e in res.entries),
                                tuple(sorted((s, p) for p, s in seated.items() if p in stacks))))
        return self.events[n:]

    def _next_chip_up(self, now: float) -> str | None:
        s = self.structure
        elapsed = self.clock.elapsed(now)
        number = 0
        for i, p in enumerate(s.periods):
            if p.kind != "break":
                continue
            number += 1
            going = [v for v in p.color_up if v in self.chips_in_play]  # type: ignore[union-attr]
            if going and self.clock.period_start(i) > elapsed:
                return (f"the next chip-up is break {number}, after level "
                        f"{s.level_number_at(i)} (the {', '.join(map(str, going))} chips go out)")
        return None

    def chip_up(self, going_out: Sequence[int]) -> list[ev.Event]:
        """A chip-up break: race off the colours going out at every table (IFP 56; WPA 14;
        TDA 24)."""
        fl = self._require_running()
        if not self.dealt:
            raise DirectorError("a live event races its chips at the tables; the tournament "
                                "does not hold its chip counts")
        out = tuple(v for v in going_out if v in self.chips_in_play)
        if not out:
            return []
        from pokertd.tournament.chips import ChipSet
        cs = ChipSet(self.config.chip_set.name,
                     tuple(c for c in self.config.chip_set.chips if c.value in self.chips_in_play),
                     self.config.chip_set.rule)
        n = len(self.events)
        r = self._rng()
        ids = sorted(fl.tables)
        results = []
        for tid in ids:
            t = fl.tables[tid]
            stacks = {k + 1: self.players[p].stack for k, p in enumerate(t.seats) if p is not None}
            res = chip_race(stacks, cs, out, preset=self._chip_race_preset, rng=r)
            results.append((tid, res))
        for tid, res in results:
            self.apply(ev.ChipRaced(tid, tuple(res.going_out), tuple(sorted(res.stacks.items())),
                                    tuple(res.winners), res.rule))
        return self.events[n:]
