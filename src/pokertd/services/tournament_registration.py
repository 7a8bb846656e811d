"""The tournament service's registration commands: register and unregister (late entries
while registration is open, IFP 9), start (IFP 5), an absent player's arrival (IFP 8) and
penalties (IFP 70; WPA 41; TDA 71).
"""

from __future__ import annotations

from collections.abc import Sequence

from pokertd.services.tournament_core import Outcome, TournamentServiceCore
from pokertd.services.tournament_names import _new_names, player_named
from pokertd.tournament import events as ev
from pokertd.tournament.director import DirectorError, Tournament


class RegistrationCommands(TournamentServiceCore):
    """Register, unregister, start, arrive, penalty."""

    def register(self, name: str, players: Sequence[str], *,
                 absent: bool = False, command_id: str | None = None) -> Outcome[list[ev.Event]]:
        """Register players, all of them or (one refused) none; after the start, late entries
        while registration is open (IFP 9)."""
        now = self.now()

        def command(t: Tournament) -> list[ev.Event]:
            if not players:
                raise DirectorError("no players to register")
            _new_names(t, players)
            out: list[ev.Event] = []
            for p in players:
                out += t.register(p, absent=absent, now=now if t.started else None)
            return out
        return self.run(name, command, now=now,
                        label="register", args={"players": list(players), "absent": absent},
                        command_id=command_id)

    def unregister(self, name: str, players: Sequence[str], *,
                   command_id: str | None = None) -> Outcome[list[ev.Event]]:
        """Withdraw registrations before the start, all of them or (one refused) none; after
        the start refused (IFP 5, IFP 8: the player is in the field)."""
        def command(t: Tournament) -> list[ev.Event]:
            if not players:
                raise DirectorError("no players to unregister")
            out: list[ev.Event] = []
            for p in players:
                out += t.unregister(player_named(t, p))
            return out
        return self.run(name, command, now=self.now(), label="unregister",
                        args={"players": list(players)},
                        command_id=command_id)

    def start(self, name: str, *, command_id: str | None = None) -> Outcome[list[ev.Event]]:
        """Start the clock and draw the seats (IFP 5; Gananda: Seating)."""
        now = self.now()
        return self.run(name, lambda t: t.start(now), now=now,
                        label="start",
                        command_id=command_id)

    def arrive(self, name: str, player: str, *,
               command_id: str | None = None) -> Outcome[list[ev.Event]]:
        """An absent player (registered with ``absent=True``) arrives and plays his stack
        (IFP 8; Gananda: Absent/Late Players: before the first hand of level 3)."""
        now = self.now()
        return self.run(name, lambda t: t.arrive(player_named(t, player)), now=now,
                        label="arrive", args={"player": player},
                        command_id=command_id)

    def penalty(self, name: str, player: str, penalty: str, *, rounds: int = 0,
                hands: int = 0, command_id: str | None = None) -> Outcome[list[ev.Event]]:
        """A penalty given by the director (IFP 70, WPA 41, TDA 71): a warning, missed hands
        or rounds (one hand per player at his table per round), or a disqualification."""
        now = self.now()
        return self.run(name, lambda t: t.penalize(player_named(t, player), penalty,
                                                   rounds=rounds, hands=hands),
                        now=now, label="penalty",
                        args={"player": player, "penalty": penalty, "rounds": rounds,
                              "hands": hands},
                        command_id=command_id)
