"""The tournament service's clock commands: pause and resume, hand-for-hand play (IFP 61; TDA
RP-8), the day's last hands (IFP 14; WPA 9), and the director's hand on the clock and on the
levels still to come (IFP 1 / TDA 1; IFP 23).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pokertd.services.tournament_core import Outcome, TournamentServiceCore
from pokertd.tournament import events as ev
from pokertd.tournament.director import DirectorError, Tournament


class ClockCommands(TournamentServiceCore):
    """Pause, resume, hand-for-hand, last hands."""

    def pause(self, name: str, reason: str = "director", *,
              command_id: str | None = None) -> Outcome[list[ev.Event]]:
        now = self.now()
        return self.run(name, lambda t: t.pause(now, reason), now=now,
                        label="pause", args={"reason": reason},
                        command_id=command_id)

    def resume(self, name: str, *, command_id: str | None = None) -> Outcome[list[ev.Event]]:
        now = self.now()
        return self.run(name, lambda t: t.resume(now), now=now,
                        label="resume",
                        command_id=command_id)

    def hand_for_hand(self, name: str, action: str, *,
                      command_id: str | None = None) -> Outcome[list[ev.Event]]:
        """Hand-for-hand play (IFP 61; TDA RP-8 under its preset): ``start``, ``hand-done``
        (every table has finished the current hand; TDA RP-8: two minutes off the clock) or
        ``stop``."""
        now = self.now()

        def command(t: Tournament) -> list[ev.Event]:
            if action == "start":
                return t.hand_for_hand(now, True)
            if action == "stop":
                return t.hand_for_hand(now, False)
            if action == "hand-done":
                return t.hand_for_hand_hand_done(now)
            raise DirectorError(f"hand-for-hand {action!r}: start, hand-done or stop")
        return self.run(name, command, now=now,
                        label="hand-for-hand", args={"action": action},
                        command_id=command_id)

    def last_hands(self, name: str, hands: int | None = None, *,
                   command_id: str | None = None) -> Outcome[list[ev.Event]]:
        """IFP 14 / WPA 9: the clock stops and the day's last 3 to 7 hands are announced
        (``hands`` as a player drew it, or None: drawn at random here)."""
        now = self.now()
        return self.run(name, lambda t: t.announce_last_hands(now, hands), now=now,
                        label="last-hands", args={"hands": hands},
                        command_id=command_id)

    def set_clock(self, name: str, action: str, seconds: float = 0, *,
                  command_id: str | None = None) -> Outcome[list[ev.Event]]:
        """The director sets the clock (IFP 1 / TDA 1; the level it brings starts at the next
        hand, IFP 23): ``next``, ``previous``, ``add``/``subtract`` ``seconds``, or ``set``
        the time left to ``seconds``. One command, undone as any other."""
        now = self.now()
        from pokertd.tournament.clock_controls import clock_time

        args: dict[str, Any] = {"action": action}
        if seconds:
            args["time"] = clock_time(seconds) if isinstance(seconds, (int, float)) else seconds
        return self.run(name, lambda t: t.set_clock(now, action, seconds), now=now,
                        label="clock-set", args=args,
                        command_id=command_id)

    def change_levels(self, name: str, first: int, periods: Sequence[Mapping[str, Any]], *,
                      command_id: str | None = None) -> Outcome[list[ev.Event]]:
        """The levels and breaks still to come, from period index ``first`` on, replaced by
        ``periods`` (IFP 1 / TDA 1); the structure's checks hold, else refused with its
        message; the levels played or being played never change (IFP 23)."""
        now = self.now()
        periods = [dict(p) for p in periods]
        text = self.view(name).tournament.levels_change_summary(first, periods)
        return self.run(name, lambda t: t.change_levels(now, first, periods), now=now,
                        label="levels", args={"change": text, "first": first,
                                              "periods": periods},
                        command_id=command_id)

    def levels(self, name: str) -> list[dict[str, Any]]:
        """Every level and break, played, now or to come (:meth:`Tournament.periods_view`),
        as the clock has them now (nothing written)."""
        loaded = self.view(name)
        return loaded.tournament.periods_view(self.now())
