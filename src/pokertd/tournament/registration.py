"""The director's registration: players in and out before the start, late entries (IFP 9,
seated by TDA 8-A), absent players arriving (IFP 8), penalties (IFP 70, WPA 41, TDA 71), the
start with the random seat draw (IFP 5), and the unsold seats' dead stacks at the close of
registration (IFP 9).
"""

from __future__ import annotations

from pokertd.tournament import events as ev
from pokertd.tournament.core import DirectorError, PlayerState, TournamentCore
from pokertd.tournament.seating import Floor, initial_seating, seat_late_entry


class Registration(TournamentCore):
    """Registering, arriving, penalties and the start (IFP 5, 8, 9, 70)."""

    def _on_registered(self, e: ev.Registered, floor: bool) -> None:
        if self.started and self.finishing:
            # A late entry after bust-outs: every player out finishes below him (Gananda:
            # Winning the Tournament, "the last player eliminated will be the second prize
            # winner; the second last ... the third ... and so on"; IFP 57's finishing
            # position), so their places move down one and the order they went out ranks
            # them over the whole field once it is known (the first out last of all).
            for group in self.finishing:
                for name in group:
                    q = self.players[name]
                    q.place = (q.place or 0) + 1
            self._group_place += 1
        self.players[e.player] = PlayerState(e.player, self.structure.starting_stack, e.absent)
        self.chips += self.structure.starting_stack
        self.entrants += 1
        self.alive += 1
        self.prize_pool += self.config.to_prize_pool

    def _on_unregistered(self, e: ev.Unregistered, floor: bool) -> None:
        del self.players[e.player]
        self.chips -= self.structure.starting_stack
        self.entrants -= 1
        self.alive -= 1
        self.prize_pool -= self.config.to_prize_pool

    def _on_started(self, e: ev.Started, floor: bool) -> None:
        self.started = True
        self.clock.start(e.at)
        if self.structure.late_registration_until_level is None:
            self.registration_closed = True      # IFP 9: registration closes at the start
        if floor:
            self.floor = Floor(self.structure.max_players_per_table)

    def _on_dead_stacks_removed(self, e: ev.DeadStacksRemoved, floor: bool) -> None:
        self.dead_stacks = e

    def _on_penalized(self, e: ev.Penalized, floor: bool) -> None:
        self.players[e.player].penalty += e.hands

    def _on_arrived(self, e: ev.Arrived, floor: bool) -> None:
        self.players[e.player].absent = False

    def register(self, player: str, *, absent: bool = False, now: float | None = None) -> list[ev.Event]:
        """Register a player (before the start, or as a late entry while late registration is
        open, IFP 9; seated by TDA 8-A). ``absent``: registered but not at the table (IFP 8)."""
        if not isinstance(player, str) or not player.strip():
            raise DirectorError(f"a player needs a name, got {player!r}")
        if player in self.players:
            raise DirectorError(f"{player} is already registered")
        if self.finished:
            raise DirectorError("the tournament is over")
        seats = self.config.seats
        if seats is not None and self.entrants >= seats:
            raise DirectorError(f"all {seats} seats are sold: {player} cannot be registered "
                                "(IFP 9: only the seats for sale have stacks)")
        n = len(self.events)
        if self.started:
            if now is None:
                raise DirectorError("a late entry needs the time (to read the level)")
            level = self.level_number_at(now)
            if not self.structure.registration_open(level):
                until = self.structure.late_registration_until_level
                raise DirectorError(
                    f"registration is closed at level {level}: {player} cannot enter (IFP 9: "
                    + ("this event has no late registration, it closed at the start)"
                       if until is None else f"late registration ended with level {until})"))
            fl = self.floor
            assert fl is not None
            r = self._rng()
            self.apply(ev.Registered(player, absent))
            before = set(fl.tables)
            moves = seat_late_entry(fl, player, r)
            for tid in sorted(set(fl.tables) - before):
                self._log(ev.TableOpened(tid))
            for m in moves:
                self._log(ev.Seated(player, m.to_table, m.to_seat, m.reason))
        else:
            self.apply(ev.Registered(player, absent))
        return self.events[n:]

    def unregister(self, player: str) -> list[ev.Event]:
        """Withdraw a registration before the start. After it the player is in the field: the
        seats are drawn with him (IFP 5) and a player who leaves is dealt in as an absent
        player until his chips are gone (IFP 8), so it is refused."""
        self._player(player)
        if self.started:
            raise DirectorError(
                f"{player} cannot be unregistered: the tournament has started and the seats are "
                "drawn (IFP 5); a player who leaves stays in, dealt in as an absent player until "
                "his chips are gone (IFP 8), and his bust-out is recorded then")
        self.apply(ev.Unregistered(player))
        return self.events[-1:]

    def arrive(self, player: str) -> list[ev.Event]:
        """An absent player arrives and plays his stack."""
        p = self._in_play(player)
        if not p.absent:
            raise DirectorError(f"{player} is not absent")
        self.apply(ev.Arrived(player))
        return self.events[-1:]

    def penalize(self, player: str, penalty: str, *, rounds: int = 0,
                 hands: int = 0) -> list[ev.Event]:
        """A penalty (IFP 70, WPA 41, TDA 71): a ``warning``; ``hands`` missed; ``rounds``
        missed, one hand for every player at his table when it is given, him included, per
        round; ``disqualification``, his chips removed from play. While on a penalty he is
        dealt in as an absent player (his blinds and antes posted, his hand killed: IFP 70,
        TDA 71-C), each hand his table deals counting one."""
        from ..rules.irregularities import penalty_ruling
        p = self._in_play(player)
        at_table = 0
        if self.floor is not None and player in self.floor.where:
            seats = self.floor.tables[self.floor.where[player][0]].seats
            at_table = sum(s is not None for s in seats)
        if penalty == "rounds" and not at_table:
            raise DirectorError(f"{player} is not seated: a missed-round penalty counts the "
                                "players at his table (IFP 70)")
        try:
            ruling, missed = penalty_ruling(self.rules, penalty, players_at_table=at_table,
                                            rounds=rounds, hands=hands)
        except ValueError as e:
            raise DirectorError(str(e)) from None
        n = len(self.events)
        self.apply(ev.Penalized(p.name, penalty, missed, ruling.rule))
        if penalty == "disqualification":
            self._eliminate_group([[p.name]], None, ruling.rule, removed=True)
        return self.events[n:]

    def start(self, now: float) -> list[ev.Event]:
        """Start the clock and seat the field at random (IFP 5) over the fewest tables
        (Gananda: Seating)."""
        if self.started:
            raise DirectorError("the tournament has already started")
        if len(self.players) < 2:
            raise DirectorError(("no player is registered" if not self.players else
                                 f"only {next(iter(self.players))} is registered")
                                + ": a tournament needs at least two players")
        n = len(self.events)
        r = self._rng()
        floor, moves = initial_seating(list(self.players), self.structure.max_players_per_table, r)
        self.apply(ev.Started(float(now)))
        self.floor = floor
        for tid in sorted(floor.tables):
            self._log(ev.TableOpened(tid))
        for m in moves:
            self._log(ev.Seated(m.player, m.to_table, m.to_seat, m.reason))
        s = self.structure
        if self.registration_closed:
            self._remove_dead_stacks()
        if s.late_registration_until_level is None and s.rebuys is None and s.addon is None:
            self._fix_payouts()
        return self.events[n:]

    @property
    def places_provisional(self) -> bool:
        """While late registration is open a late entry finishes above every player out
        (Gananda: Winning the Tournament; IFP 9), so their places are provisional until it
        closes (or the seats for sale are sold)."""
        seats = self.config.seats
        return (self.started and not self.finished and not self.registration_closed
                and (seats is None or self.entrants < seats))

    @property
    def unsold_seats(self) -> int:
        """Seats for sale not sold (0 when the configuration sells no fixed number)."""
        seats = self.config.seats
        return 0 if seats is None else max(seats - self.entrants, 0)

    def _remove_dead_stacks(self) -> None:
        """IFP 9: at the close of registration, any unsold seat's starting stack is removed and
        its chips taken out of play. The players' chips are untouched (an unsold stack was
        never anyone's), so :attr:`chips` stays the sum of the players' stacks."""
        k = self.unsold_seats
        if k == 0 or self.dead_stacks is not None:
            return
        stack = self.structure.starting_stack
        cs = self.config.chip_set
        by_value: tuple[tuple[int, int], ...] = ()
        if cs.starting_stack == stack and all(c.value in self.chips_in_play
                                              for c in cs.chips if c.count):
            by_value = tuple((c.value, c.count * k) for c in cs.chips if c.count)
        self.apply(ev.DeadStacksRemoved(k, k * stack, by_value, "IFP 9"))
