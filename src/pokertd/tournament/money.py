"""The director's money: rebuys (a live bust-out taken back, IFP 59) and add-ons (IFP 59; WPA 6)
within their limits, the payouts fixed when the field is final (Gananda: Payout, a payout
table or the generated structure), and deals (IFP 62).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pokertd.tournament import events as ev
from pokertd.tournament.core import DirectorError, PlayerState, TournamentCore
from pokertd.tournament.payouts import gananda_payouts, gananda_table, generated_payouts
from pokertd.tournament.seating import seat_late_entry

if TYPE_CHECKING:
    from pokertd.tournament.icm import DealRecord


class Money(TournamentCore):
    """Rebuys, add-ons, payouts and deals (IFP 59, 62; WPA 6)."""

    def _on_rebuy(self, e: ev.Rebuy, floor: bool) -> None:
        p = self.players[e.player]
        if e.reinstated:
            self._reinstate(p)
        p.stack += e.chips
        self.chips += e.chips
        p.rebuys += 1
        self.prize_pool += e.to_prize_pool

    def _reinstate(self, p: PlayerState) -> None:
        """Take back a live bust-out (IFP 59: the player rebuys and stays in): the players out
        with him or since finish one place lower (their place number one higher), and the
        knockout credited for him is taken back."""
        at = next(i for i, g in enumerate(self.finishing) if p.name in g)
        self.finishing[at].remove(p.name)
        for i, group in enumerate(self.finishing[at:], start=at):
            for name in group:
                q = self.players[name]
                q.place = (q.place or 0) + 1
                if i == at:
                    q.tied -= 1
        if not self.finishing[at]:
            del self.finishing[at]
        self._group_place = 0
        if self.finishing:
            self._group_place = self.players[self.finishing[-1][0]].place or 0
        if p.knocked_out_by is not None:
            self.players[p.knocked_out_by].knockouts -= 1
        p.out = False
        p.place = None
        p.tied = 1
        p.knocked_out_by = None
        self.alive += 1
        self.seat_left.pop(p.name, None)

    def _on_addon(self, e: ev.Addon, floor: bool) -> None:
        p = self.players[e.player]
        p.stack += e.chips
        self.chips += e.chips
        p.addons += 1
        self.prize_pool += e.to_prize_pool

    def _on_payouts_fixed(self, e: ev.PayoutsFixed, floor: bool) -> None:
        self.payouts = e.amounts

    def _on_deal_made(self, e: ev.DealMade, floor: bool) -> None:
        self.deal = e.record

    def _fix_payouts(self) -> None:
        c = self.config
        n = self.entrants
        pool = self.prize_pool
        if pool == 0:
            amounts: tuple[int, ...] = (0,)
            rule = "no prize pool"
        elif c.payout_table is not None and \
                c.payout_table.min_entrants <= n <= c.payout_table.max_entrants:
            amounts = c.payout_table.payouts(n, pool, unit=c.unit)
            rule = c.payout_table.rule or f"payout table {c.payout_table.name!r}"
        elif c.payout == "gananda" and gananda_table().min_entrants <= n <= gananda_table().max_entrants:
            amounts = gananda_payouts(n, pool, unit=c.unit)
            rule = "Gananda: Payout"
        else:
            amounts = generated_payouts(n, pool, buy_in=max(c.to_prize_pool, 1), unit=c.unit)
            rule = "generated"
        self.apply(ev.PayoutsFixed(n, pool, tuple(amounts), rule))

    def check_deal_stacks(self, stacks: dict[str, int]) -> None:
        """IFP 62: a deal shares the prizes by the chips the remaining players hold, so their
        counts must add up to the chips in play, to the chip; a count short or over is
        refused with the total, the chips in play and the difference (count again)."""
        for p, c in stacks.items():
            self._check_count(f"{p}'s stack for the deal", c)
        total = sum(stacks.values())
        if total != self.chips:
            gap = self.chips - total
            raise DirectorError(
                f"the stacks for the deal total {total:,} chips, but {self.chips:,} chips are "
                f"in play: {abs(gap):,} {'short' if gap > 0 else 'over'} (IFP 62: the deal "
                "shares the prizes by every chip in play); count again")

    def make_deal(self, record: DealRecord) -> list[ev.Event]:
        """Record a deal (IFP 62): every remaining player in it and agreeing, for the prizes
        still to be paid."""
        self._require_running()
        if not self.rules.deals_allowed:
            raise DirectorError(f"{self.rules.name}: this event allows no deals (IFP 62)")
        if self.deal is not None:
            raise DirectorError("a deal has already been made")
        left = sorted(p.name for p in self.players.values() if not p.out)
        if sorted(record.players) != left or sorted(record.agreed_by) != left:
            raise DirectorError(f"IFP 62: a deal needs every remaining player ({', '.join(left)}) "
                                "in it and agreeing")
        if self.payouts is None:
            self._fix_payouts()
        assert self.payouts is not None
        still = sum(self.payouts[:self.alive])
        if record.pool != still:
            raise DirectorError(f"the deal shares {record.pool}, but {still} is left to pay")
        self.apply(ev.DealMade(record.to_dict()))
        return self.events[-1:]

    def rebuy(self, player: str, now: float, *, stack: int | None = None) -> list[ev.Event]:
        """IFP 59 / WPA 6: a rebuy in the rebuy period, before the next hand is dealt; the
        structure's limits (rebuys a player, the stack a player may rebuy with) are checked.

        A live event does not see the stacks: the player's word that he is broke or under the
        limit is taken, or ``stack`` (his chips as counted, checked against the limit). A
        player the director has reported busted may rebuy too (with no chips): he is then not
        out (IFP 59: "he or she may re-buy as long as it is done before the next hand is
        dealt"), and is seated back in his seat, or, if it has gone, as a late entry."""
        fl = self._require_running()
        p = self._player(player)
        level = self.level_number_at(now)
        s = self.structure
        if self.dealt:
            if stack is not None:
                raise DirectorError("the engine deals this event and holds the stacks: give no "
                                    "stack")
            self._in_play(player)
            chips = p.stack
        elif stack is not None:
            if p.out:
                raise DirectorError(f"{player} is out: a busted player rebuys with no chips, "
                                    f"not {stack}")
            chips = self._check_count(f"{player}'s stack", stack, minimum=0)
        else:
            chips = 0 if p.out else None          # his word: broke or under the limit
        terms = s.rebuys
        if not s.rebuy_allowed(level, chips or 0, p.rebuys):
            have = (f" with {chips:,} chips" if chips is not None else "")
            raise DirectorError(
                f"{player} may not rebuy at level {level}{have} after {p.rebuys} rebuy(s) "
                "(IFP 59: " + ("no rebuys in this event)" if terms is None else
                f"rebuys until level {terms.until_level}"
                + (f", with at most {terms.max_stack:,} chips" if terms.max_stack is not None
                   else "")
                + (f", {terms.max_per_player} a player" if terms.max_per_player is not None
                   else "") + ")"))
        assert terms is not None
        n = len(self.events)
        if not p.out:
            self.apply(ev.Rebuy(player, terms.chips, self.config.to_prize_pool))
            return self.events[n:]
        where = self.seat_left.get(player)
        self.apply(ev.Rebuy(player, terms.chips, self.config.to_prize_pool, reinstated=True))
        reason = "rebuy (IFP 59)"
        if where is not None and where[0] in fl.tables \
                and fl.tables[where[0]].seats[where[1] - 1] is None:
            self.apply(ev.Seated(player, where[0], where[1], reason))
        else:
            before = set(fl.tables)
            moves = seat_late_entry(fl, player, self._rng(), reason)
            for tid in sorted(set(fl.tables) - before):
                self._log(ev.TableOpened(tid))
            for m in moves:
                self._log(ev.Seated(player, m.to_table, m.to_seat, m.reason))
        return self.events[n:]

    def addon(self, player: str, now: float) -> list[ev.Event]:
        """WPA 6: the add-on after the last hand of its level and before the first hand of the
        next (on the break between them, or before the next level's first hand is dealt; in a
        live event, during the next level, whose first hand only the director sees)."""
        self._require_running()
        p = self._in_play(player)
        s = self.structure
        status = self.clock.status(now)
        if status.on_break:
            completed = status.level_number
        elif (self.level < status.level_number if self.dealt
              else not s.addon_closes_at_break()):
            # No hand of this level dealt yet; in a live event with no break after the
            # add-on's level (or ``addon.until = "next-level"``) the director sees that at the
            # table (the software does not see the cards): the whole next level.
            completed = status.level_number - 1
        else:
            # WPA 6: "before the first hand of the next round": a live event's add-on closes
            # with the break after its level, when the next round begins.
            completed = 0
        if not s.addon_allowed(completed, p.stack, p.addons):
            closed = ""
            if (s.addon is not None and not self.dealt and not status.on_break
                    and status.level_number == s.addon.after_level + 1
                    and s.addon_closes_at_break()):
                closed = (f"; it closed at the end of the break after level "
                          f"{s.addon.after_level}, before the first hand of level "
                          f"{status.level_number}")
            raise DirectorError(f"{player} may not take an add-on at level "
                                f"{status.level_number}{closed} "
                                "(WPA 6: " + ("no add-on in this event)" if s.addon is None else
                                f"after level {s.addon.after_level}, {s.addon.max_per_player} "
                                f"a player, with at least {s.addon.min_stack} chip(s))"))
        assert s.addon is not None
        self.apply(ev.Addon(player, s.addon.chips, self.config.to_prize_pool))
        return self.events[-1:]
