"""The director's dealt hands: the setup of a table's next hand (the button placed on its first
hand: IFP 16 draw or Gananda seat 1) and the record of its result (chips conserved), with the
button moved (IFP 17; in stud frozen, IFP 11b) and mixed games rotated by orbit.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from pokertd.tournament import events as ev
from pokertd.tournament.button import draw_button, first_occupied
from pokertd.tournament.core import DirectorError, HandSetup, TournamentCore
from pokertd.tournament.structure import is_stud


class DealtHands(TournamentCore):
    """Dealt hands: set up the next hand at a table, record its result."""

    def _on_hand_played(self, e: ev.HandPlayed, floor: bool) -> None:
        assert self.floor is not None
        t = self.floor.tables[e.table]
        assert t.button is not None
        hint = self._hand_hint
        if e.game:
            self._rotate(e)
        if e.game and is_stud(e.game):
            # IFP 11b / TDA 11-B: in stud the button stays where hold'em would have it next.
            t.button.freeze(hint[1] if hint is not None and hint[0] is e else t.button.peek(t.seats))
            self._hand_hint = None
        elif hint is not None and hint[0] is e:
            # record_hand checked that the positions are the button's for these seats now.
            self._hand_hint = None
            t.button.record(hint[1], t.seats)
        else:
            t.button.next_hand(t.seats)
        states = hint[2] if hint is not None and hint[0] is e else None
        if states is None:
            ps = self.players
            states = [ps[name] for name in e.players]
        for p, chips in zip(states, e.end):
            p.stack = chips
            if p.penalty:
                p.penalty -= 1        # IFP 70: one hand missed, dealt in while away
        self.hands += 1
        self.last_at = e.at

    def next_hand(self, table_id: int, now: float) -> HandSetup:
        """Positions and stacks for the next hand at a table (the button placed on the
        table's first hand: IFP 16 draw or Gananda seat 1)."""
        fl = self._require_running()
        t = fl.tables.get(table_id)
        if t is None:
            raise DirectorError(f"no table {table_id}")
        c = self._level_cache
        if c is None or c[0] != now or c[1] != self.level:
            # (otherwise the level of a hand at ``now`` is the last dealt: nothing to advance)
            self.advance(now)
            t = fl.tables[table_id]
        if t.count < 2:
            raise DirectorError(f"table {table_id} has {t.count} player(s): a hand needs two")
        if t.button is None:
            if self.rules.button_start == "seat-1":
                self.apply(ev.ButtonPlaced(table_id, first_occupied(t.seats), "Gananda: Seating"))
            else:
                self.apply(ev.ButtonPlaced(table_id, draw_button(t.seats, self._rng()), "IFP 16"))
        assert t.button is not None
        pos = t.button.peek(t.seats)
        seats = t.seats
        ps = self.players
        if pos.heads_up:
            order: Iterable[Any] = (seats[pos.big_blind - 1], seats[pos.button - 1])
        else:
            first = pos.small_blind if pos.small_blind is not None else pos.big_blind
            waiting = pos.waiting
            if waiting:
                n = len(seats)
                order = [seats[(first - 1 + d) % n] for d in range(n)
                         if (first - 1 + d) % n + 1 not in waiting]
            else:
                order = seats[first - 1:] + seats[:first - 1]
        names = tuple([name for name in order if name is not None])
        states = [ps[name] for name in names]
        st = tuple([p.stack for p in states])
        absent = tuple([p.absent or p.penalty > 0 for p in states])   # on a penalty: away (IFP 70)
        c = self._level_cache
        if c is None or c[0] != now:
            self._hand_level(now)
            c = self._level_cache
        assert c is not None
        game = self.game_at(table_id, self.level) if self.structure.mixed else "NT"
        setup = HandSetup(table_id, pos, names, st, c[2], self.level, self.chips_in_play[0],
                          absent, game)
        self._setup = (setup, len(self.events), sum(st), states)
        return setup

    def record_hand(self, setup: HandSetup, end: Sequence[int], now: float) -> ev.HandPlayed:
        """Record a dealt hand: the stacks after it, in the order of ``setup.players``. The
        chips must be conserved; players left with none are then busted by :meth:`eliminate`."""
        fl = self._require_running()
        t = fl.tables.get(setup.table)
        if t is None or t.button is None:
            raise DirectorError(f"no hand was set up at table {setup.table}")
        last = self._setup
        # The setup just made by next_hand, with no event since: the seats, the button, the
        # stacks and the players are as it read them.
        unchanged = last is not None and last[0] is setup and last[1] == len(self.events)
        dealt_in = last[2] if unchanged else sum(setup.stacks)  # type: ignore[index]
        if len(end) != len(setup.players) or sum(end) != dealt_in or min(end) < 0:
            raise DirectorError(f"table {setup.table}: stacks {list(end)} after the hand do not "
                                f"conserve the {dealt_in} chips dealt in")
        pos = setup.positions
        if not unchanged:
            ps = self.players
            if pos != t.button.peek(t.seats) or any(ps[p].stack != s or ps[p].out for p, s in
                                                     zip(setup.players, setup.stacks)):
                raise DirectorError(f"table {setup.table}: the hand was set up for seats or "
                                    "stacks that have changed since; set up the next hand again")
        e = ev.HandPlayed(setup.table, pos.hand, float(now), setup.level_number, pos.button,
                          pos.small_blind, pos.big_blind, setup.players, setup.stacks, tuple(end),
                          "" if setup.game == "NT" and not self.structure.mixed else setup.game)
        self._hand_hint = (e, pos, last[3] if unchanged else None)  # type: ignore[index]
        self.apply(e)
        return e

    def game_at(self, table_id: int, level_number: int) -> str:
        """The game of the next hand at a table: the level's (Structure.games_of_level) or,
        rotated by orbit, the table's place in the rotation."""
        s = self.structure
        games = s.games_of_level(level_number)
        if len(games) == 1:
            return games[0]
        return games[self._orbit_index(table_id)]

    def _orbit_index(self, table_id: int) -> int:
        o = self.orbits.get(table_id)
        if o is None:
            return self._last_game
        return o[0] if o[1] > 0 else (o[0] + 1) % len(self.structure.games)

    def _rotate(self, e: ev.HandPlayed) -> None:
        """Follow the rotation by orbit: a game is dealt as many hands as players were dealt
        its first hand at the table (one orbit of the button); then the next game."""
        s = self.structure
        if s.rotation != "orbit" or not s.games or s.level(e.level).game:
            return
        o = self.orbits.get(e.table)
        if o is None or o[1] <= 0:
            i = self._orbit_index(e.table)
            self.orbits[e.table] = [i, len(e.players) - 1]
        else:
            o[1] -= 1
            i = o[0]
        self._last_game = i
