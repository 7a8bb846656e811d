"""The tournament service's clock commands: pause and resume, hand-for-hand play (IFP 61; TDA
RP-8) and the day's last hands (IFP 14; WPA 9).
"""

from __future__ import annotations

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
