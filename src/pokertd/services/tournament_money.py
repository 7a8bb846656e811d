"""The tournament service's money commands: rebuys and add-ons (IFP 59; WPA 6) and deals
(IFP 62).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pokertd.services.tournament_core import Outcome, TournamentServiceCore
from pokertd.services.tournament_names import _by_name, player_named
from pokertd.tournament import events as ev
from pokertd.tournament.director import DirectorError, Tournament


class MoneyCommands(TournamentServiceCore):
    """Rebuy, add-on, deal."""

    def rebuy(self, name: str, player: str, *,
              stack: int | None = None, command_id: str | None = None) -> Outcome[list[ev.Event]]:
        """IFP 59 / WPA 6: a rebuy in the rebuy period, within its limits. A live event takes
        the player's word that he is broke or under the limit, or his ``stack`` as counted; a
        player reported busted rebuys and stays in, seated back, then the seat moves that
        calls for (IFP 11a)."""
        now = self.now()

        def command(t: Tournament) -> list[ev.Event]:
            out = t.rebuy(player_named(t, player), now, stack=stack)
            if any(getattr(e, "reinstated", False) for e in out):
                out += t.rearrange(now)
            return out
        return self.run(name, command, now=now, label="rebuy",
                        args={"player": player, "stack": stack},
                        command_id=command_id)

    def addon(self, name: str, player: str, *,
              command_id: str | None = None) -> Outcome[list[ev.Event]]:
        """WPA 6: refused outside the structure's add-on window."""
        now = self.now()
        return self.run(name, lambda t: t.addon(player_named(t, player), now), now=now,
                        label="addon", args={"player": player},
                        command_id=command_id)

    def deal(self, name: str, method: str, agreed_by: Sequence[str], *,
             stacks: Mapping[str, int] | None = None, amounts: Mapping[str, int] | None = None,
             left_to_play_for: int = 0, command_id: str | None = None) -> Outcome[list[ev.Event]]:
        """IFP 62: a deal of the prizes still to be paid, agreed by every remaining player.

        ``method``: ``icm``, ``chip-chop``, ``chip-chop-lowest-locked`` or ``custom`` (then
        ``amounts``, one per remaining player). A live event does not hold the chip counts:
        ``stacks`` gives each remaining player's; a dealt event uses its own."""

        def command(t: Tournament) -> list[ev.Event]:
            if not t.started:
                raise DirectorError("the tournament has not started")
            if t.finished:
                raise DirectorError("the tournament is over")
            if t.payouts is None:
                raise DirectorError("the payouts are not fixed yet (registration, rebuys or "
                                    "add-ons are still open): no deal before the field is final")
            chips = None if stacks is None else _by_name(t, stacks, "stack")
            if chips is None:
                if not t.dealt:
                    raise DirectorError("a live event does not hold the chip counts: give each "
                                        "remaining player's stack")
                chips = {p.name: p.stack for p in t.players.values() if not p.out}
            # IFP 62: the deal is among every remaining player, so the stacks are theirs: say
            # who is missing or not remaining (else the first complaint was about the prizes).
            left = {p.name for p in t.players.values() if not p.out}
            missing = sorted(left - set(chips))
            strangers = sorted(set(chips) - left)
            if missing or strangers:
                raise DirectorError(
                    "IFP 62: give the stack of every remaining player and no one else"
                    + (f"; missing: {', '.join(missing)}" if missing else "")
                    + (f"; not remaining: {', '.join(strangers)}" if strangers else ""))
            prizes = list(t.payouts[:t.alive])
            agreed = [player_named(t, p) for p in agreed_by]
            custom = None if amounts is None else _by_name(t, amounts, "amount")
            from pokertd.tournament.icm import make_deal
            record = make_deal(dict(chips), prizes, method=method, agreed_by=agreed,
                               custom=custom, left_to_play_for=left_to_play_for,
                               unit=t.config.unit)
            t.check_deal_stacks(dict(chips))
            return t.make_deal(record)
        return self.run(name, command, now=self.now(),
                        label="deal", args={
                            "method": method, "agreed_by": list(agreed_by),
                            "stacks": dict(stacks or {}), "amounts": dict(amounts or {}),
                            "left_to_play_for": left_to_play_for},
                        command_id=command_id)
