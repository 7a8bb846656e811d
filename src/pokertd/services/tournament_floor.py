"""The tournament service's floor commands: a live event's dealer buttons as the director
reports them, with the balancing move they allow (IFP 11a; WPA 5), and a live table's chip
race (IFP 56; WPA 14; TDA 24).
"""

from __future__ import annotations

from collections.abc import Mapping

from pokertd.services.tournament_core import Outcome, TournamentServiceCore
from pokertd.services.tournament_names import _by_name
from pokertd.tournament import events as ev
from pokertd.tournament.director import DirectorError, Tournament


class FloorCommands(TournamentServiceCore):
    """Buttons and chip races at the tables."""

    def buttons(self, name: str, buttons: Mapping[int, int], *,
                command_id: str | None = None) -> Outcome[list[ev.Event]]:
        """A live event: the seats of the dealer buttons at some tables, as the director sees
        them (the hand being played, or just played), then the balancing move they allow
        (IFP 11a: the player due the big blind next, to the worst position; WPA 5: the player
        in the big blind). Recorded buttons hold until the next bust-out."""
        now = self.now()

        def command(t: Tournament) -> list[ev.Event]:
            if not buttons:
                raise DirectorError("no button to record: give TABLE=SEAT")
            out = _record_buttons(t, buttons, now)
            return out + t.rearrange(now)
        return self.run(name, command, now=now,
                        label="button", args={"button": _keys(buttons)},
                        command_id=command_id)

    def chip_race(self, name: str, table: int,
                  stacks: Mapping[str, int], *, correction: str | None = None,
                  command_id: str | None = None) -> Outcome[list[ev.Event]]:
        """A live chip race at one table at a chip-up break (IFP 56; WPA 14; TDA 24):
        ``stacks`` are the chip counts of every player at the table before the race; the last
        table's count short of the chips in play is refused unless ``correction`` gives the
        director's reason to record the difference (TDA 1)."""
        now = self.now()
        return self.run(name, lambda t: t.race_table(table, _by_name(t, stacks, "chip count"),
                                                     now, correction=correction), now=now,
                        label="chip-race", args={"table": table, "stacks": dict(stacks),
                                                 **({"correction": correction}
                                                    if correction is not None else {})},
                        command_id=command_id)


def _record_buttons(t: Tournament, buttons: Mapping[int, int] | None,
                    now: float) -> list[ev.Event]:
    out: list[ev.Event] = []
    if buttons and t.finished:
        raise DirectorError("the tournament is over: no button to record")
    for table, seat in (buttons or {}).items():
        out += t.record_button(table, seat, now)
    return out


def _keys(buttons: Mapping[int, int] | None) -> dict[str, int]:
    """Buttons (table -> seat) as JSON (string keys), for a batch's marker."""
    return {str(k): v for k, v in (buttons or {}).items()}
