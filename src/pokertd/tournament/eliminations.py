"""The director's eliminations: players out (a live director's report or a dealt hand's
bust-outs), their places and ties (IFP 57; WPA 8; Gananda: Winning the Tournament; TDA RP-8),
knockouts credited at the busted player's table (IFP 57), hand-for-hand play ended once the
bubble has burst (IFP 61; TDA RP-8), and the finish with its prizes (ties share the places
they span; a deal's amounts, IFP 62).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pokertd.tournament import events as ev
from pokertd.tournament.core import Bust, DirectorError, TournamentCore, _field_rules, field_rule
from pokertd.tournament.payouts import split_tie


class Eliminations(TournamentCore):
    """Bust-outs, places and ties, knockouts and the finish (IFP 57; WPA 8; TDA RP-8)."""

    def _on_busted(self, e: ev.Busted, floor: bool) -> None:
        p = self.players[e.player]
        p.out = True
        p.place = e.place
        p.tied = e.tied
        p.knocked_out_by = e.knocked_out_by
        p.stack = 0
        self.chips -= e.removed
        if e.knocked_out_by is not None:
            self.players[e.knocked_out_by].knockouts += 1
        self.alive -= 1
        if not self.finishing or self._group_place != e.place:
            self.finishing.append([])
            self._group_place = e.place
        self.finishing[-1].append(e.player)
        if self.floor is not None and e.player in self.floor.where:
            if e.hand is not None:
                if e.hand != self.bust_reports:
                    # A new report, of a later hand: the buttons are asked for again (below)
                    # and those of earlier bust-out hands are no longer the ones reported.
                    self.bust_reports = e.hand
                    self._report_tables = set()
                    self.hand_seats = {}
                tid = self.floor.where[e.player][0]
                if tid not in self._report_tables:       # the seats the hand was dealt to
                    self.hand_seats[tid] = tuple(self.floor.tables[tid].seats)
                    self._report_tables.add(tid)
            if not self.dealt:
                self.seat_left[e.player] = self.floor.where[e.player]
            self.floor.leave(e.player)
        if self.reported_buttons and self.floor is not None:
            # A live event: the software does not see the hands played since the director
            # last reported the buttons; after a bust-out it asks again (IFP 11a; WPA 5).
            for tid in self.reported_buttons:
                if tid in self.floor.tables:
                    known = self.floor.tables[tid].button
                    if known is not None:
                        self.known_buttons[tid] = known
                    self.floor.tables[tid].button = None
            self.reported_buttons = set()

    def _on_finished(self, e: ev.Finished, floor: bool) -> None:
        self.finished = True
        self.winner = e.winner
        for name, amount in e.prizes:
            self.players[name].prize = amount
        w = self.players[e.winner]
        w.place = 1
        w.tied = 1
        self.finishing.append([e.winner])
        self.alive = 0

    def bust(self, player: str, *, knocked_out_by: str | None = None, table: int | None = None,
             start_stack: int = 0, now: float | None = None) -> list[ev.Event]:
        """One player out (a live director's report, or one bust-out of a dealt hand)."""
        return self.eliminate([Bust(player, table, start_stack, knocked_out_by)], now=now)

    def eliminate(self, busts: Sequence[Bust], *, now: float | None = None) -> list[ev.Event]:
        """Players out in the same hand (IFP 57, WPA 8, Gananda: Winning the Tournament,
        TDA RP-8); their places follow the module's rules, then the finish if one is left.
        A live event's hand-for-hand play ends at ``now`` once the bubble has burst
        (:meth:`_end_hand_for_hand_on_the_bubble`)."""
        self._require_running()
        if not busts:
            return []
        seen: set[str] = set()
        for b in busts:
            self._in_play(b.player)      # each a player in play (whatever was given) first
        out = {b.player for b in busts}
        for b in busts:
            p = self._in_play(b.player)
            if b.player in seen:
                raise DirectorError(f"{b.player} is listed twice in one hand")
            seen.add(b.player)
            if self.dealt and p.stack:
                raise DirectorError(f"{b.player} still has {p.stack} chips and cannot be busted")
            if b.knocked_out_by is not None:
                self._in_play(b.knocked_out_by)
                if b.knocked_out_by in out:
                    raise DirectorError(f"{b.knocked_out_by} is out in the same hand and cannot "
                                        f"be credited with {b.player}'s knockout")
                self._check_same_table(b.player, b.knocked_out_by)
        if len(busts) >= self.alive:
            raise DirectorError(f"busting {len(busts)} of the {self.alive} players left leaves no "
                                "winner")
        n = len(self.events)
        self._eliminate_group(self._rank(busts), {b.player: b for b in busts},
                              self._rule(busts))
        if now is not None and not self.dealt:
            self._end_hand_for_hand_on_the_bubble(float(now))
        return self.events[n:]

    def _end_hand_for_hand_on_the_bubble(self, now: float) -> None:
        """Hand-for-hand play decides who finishes in the money (IFP 61: "as tournaments near
        the money ... as the method of determining player placement"; WPA 7; TDA RP-8-A):
        once the last player out of the money is out, the hand he went out on is done at
        every table (TDA RP-8-C: its two minutes come off the clock) and hand-for-hand play
        ends, the clock running again from where the preset stopped it (TDA RP-8; under
        IFP 61 it never stopped). A dealt event's driver ends it between rounds itself."""
        if not self.clock.hand_for_hand or self.finished or self.payouts is None:
            return
        paid = sum(1 for a in self.payouts if a)
        if self.alive > paid:
            return
        rule = field_rule("hand_for_hand", self.rules.name, "IFP 61")
        self.apply(ev.HandForHandHandDone(now))
        self.apply(ev.HandForHand(now, False, f"the bubble has burst ({rule})"))

    def _check_same_table(self, player: str, knocker: str) -> None:
        """IFP 57 (knockouts): the knockout goes to the player who won the busted player's
        chips, who played the hand at the same table."""
        fl = self.floor
        if fl is None:
            return
        a, b = fl.where.get(player), fl.where.get(knocker)
        if a is not None and b is not None and a[0] != b[0]:
            there = sorted(str(p) for p in fl.tables[a[0]].seats
                           if p is not None and p != player)
            raise DirectorError(
                f"{knocker} sits at table {b[0]}, not at {player}'s table {a[0]}: the knockout "
                f"goes to the player who won {player}'s chips in the hand, at his table "
                f"(IFP 57); at table {a[0]}: {', '.join(there)}")

    def stacks_rank_bustouts(self) -> bool:
        """Do the stacks at the start of the hand rank players out in the same hand (IFP 57,
        WPA 8, Gananda), or do they share the places (TDA RP-8, in hand-for-hand play)?"""
        return not (self.config.bustout_ranking == "share" and self.clock.hand_for_hand)

    def _rule(self, busts: Sequence[Bust] = ()) -> str:
        if self.config.bustout_ranking == "share" and not self.clock.hand_for_hand:
            return "IFP 57"       # TDA RP-8 shares places in hand-for-hand play only
        return _field_rules("same_hand_bustouts").get(self.rules.name, "IFP 57")

    def _rank(self, busts: Sequence[Bust]) -> list[list[str]]:
        """Groups of tied players, the first out (lowest place) first."""
        how = self.config.bustout_ranking
        if len(busts) == 1:
            return [[b.player for b in busts]]
        if how == "share":
            if self.clock.hand_for_hand:
                # TDA RP-8-A: "If enough players bust on the current hand to break into the
                # money, the busting players will be eligible for a share of the place(s)".
                return [[b.player for b in busts]]
            # Not hand-for-hand: TDA 2024 has no rule; the preset's base, IFP 57, ranks them.
            how = "by-table"
        if how in ("by-stack", "by-stack-split-across-tables"):
            stacks = sorted({b.start_stack for b in busts})
            groups = [[b.player for b in busts if b.start_stack == s] for s in stacks]
            if (how == "by-stack-split-across-tables" and not self.clock.hand_for_hand
                    and len({b.table for b in busts}) > 1 and self.payouts is not None):
                # WPA 8: "If players in the money are eliminated at the same time at different
                # tables (not in a hand by hand situation) the combined prize money will be
                # split evenly between the players": those whose place is paid tie.
                paid = sum(1 for a in self.payouts if a)
                place = self.alive + 1
                money: list[str] = []
                out: list[list[str]] = []
                for g in groups:                     # the lowest places first
                    place -= len(g)
                    if place <= paid:
                        money.extend(g)
                    else:
                        out.append(g)
                return out + ([money] if money else [])
            return groups
        # by-table (IFP 57): rank at each table, equal ranks across tables tie.
        by_table: dict[Any, list[Bust]] = {}
        for b in busts:
            by_table.setdefault(b.table, []).append(b)
        rank: dict[str, int] = {}
        for bs in by_table.values():
            stacks = sorted({b.start_stack for b in bs})
            for b in bs:
                rank[b.player] = stacks.index(b.start_stack)
        top = max(rank.values())
        return [[b.player for b in busts if rank[b.player] == r] for r in range(top + 1)]

    def _eliminate_group(self, groups: list[list[str]], busts: dict[str, Bust] | None,
                         rule: str, removed: bool = False) -> None:
        # A live director's report of a hand's bust-outs is numbered: its players were dealt
        # that hand, so their seats place its blinds (record_button).
        hand = self.bust_reports + 1 if busts and not self.dealt else None
        for group in groups:
            k = len(group)
            place = self.alive - k + 1
            for name in group:
                b = busts[name] if busts else None
                where = self.floor.where.get(name) if self.floor is not None else None
                chips = self.players[name].stack if removed else 0
                self.apply(ev.Busted(name, place, k, where[0] if where else None,
                                     b.knocked_out_by if b else None, chips, rule, hand))
        if self.alive == 1:
            self._finish()

    def _finish(self) -> None:
        winner = next(p.name for p in self.players.values() if not p.out)
        if self.payouts is None:
            self._fix_payouts()
        assert self.payouts is not None
        # Only the groups reaching into the paid places can win anything (award gives the
        # others 0): stop there, so the finish costs O(paid places), not O(field x paid).
        paid = len(self.payouts)
        order = [[winner]]
        place = 2
        for group in reversed(self.finishing):
            if place > paid:
                break
            order.append(group)
            place += len(group)
        prizes = {p.name: 0 for p in self.players.values()}
        place = 1
        for group in order:      # IFP 57, WPA 8, Gananda: ties share the places they span
            k = len(group)
            shares = split_tie(self.payouts[place - 1:place - 1 + k], 1, k, unit=self.config.unit)
            prizes.update(zip(group, shares))
            place += k
        if self.deal is not None:
            from pokertd.tournament.icm import DealRecord   # only once a deal was made
            d = DealRecord.from_dict(self.deal)
            for name in d.players:
                prizes[name] = d.amount_for(name)
            prizes[winner] += d.left_to_play_for
        self.apply(ev.Finished(self.last_at, winner, tuple((p, prizes.get(p, 0)) for p in self.players)))
