"""What the director's console notes about an event beside its log (issue 9): the seat moves
he has confirmed as carried out, and whether the clock speaks its announcements.

These are not tournament state (no rule reads them, the replay does not see them), but they
must outlive the server: each event has a stream of kind ``console`` named after it, holding
``spoken`` (``{"spoken": true}``: the clock screens speak "Blinds are now 100 and 200") and
``move_confirmed`` (``{"move": KEY, "done": true}``) events, the last of each key deciding.

A note may carry the client's ``command_id`` (as the tournament's commands do,
:mod:`pokertd.services.tournaments`): a note whose id the stream holds is not written again.

A move's key names the seat-change event it comes from by its place in the tournament's log of
events in play and the line of it (:func:`move_keys`), with the line's text: a move that an undo
takes away and a new command replaces at the same place is another key.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from pokertd.storage import ConcurrencyError, NewEvent, Store, StreamExists
from pokertd.tournament import events as ev

__all__ = ["KIND", "ConsoleNotes", "Notes", "as_dict", "move_keys"]

KIND = "console"
SPOKEN = "spoken"
CONFIRMED = "move_confirmed"


@dataclass(frozen=True)
class Notes:
    spoken: bool | None = None
    """The director's switch for spoken announcements (None: never set: off)."""
    confirmed: frozenset[str] = field(default_factory=frozenset)
    """The keys of the seat moves confirmed as carried out."""


def move_keys(events: Iterable[ev.Event]) -> list[tuple[str, str]]:
    """The seat moves to make in a tournament's log of events in play, as (key, line): the
    lines of :func:`~pokertd.services.tournaments.describe_move` for the seat changes of the
    last rearrangement (:func:`~pokertd.services.tournaments.seat_changes`)."""
    from pokertd.services.tournaments import SEAT_CHANGES, describe_move

    events = list(events)
    start = len(events)
    while start > 0 and (events[start - 1].type in SEAT_CHANGES
                         or events[start - 1].type in ("clock_paused", "clock_resumed")):
        start -= 1
    out = []
    for i in range(start, len(events)):
        if events[i].type in SEAT_CHANGES:
            out += [(f"{i}.{j} {line}", line) for j, line in enumerate(describe_move(events[i]))]
    return out


class ConsoleNotes:
    """The console's notes in one store (see the module docstring)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def read(self, name: str) -> Notes:
        info = self.store.find_stream(KIND, name)
        if info is None:
            return Notes()
        spoken = None
        confirmed: dict[str, bool] = {}
        for r in self.store.read(info.id):
            if r.type == SPOKEN:
                spoken = bool(r.payload["spoken"])
            elif r.type == CONFIRMED:
                confirmed[r.payload["move"]] = bool(r.payload["done"])
        return Notes(spoken, frozenset(k for k, done in confirmed.items() if done))

    def set_spoken(self, name: str, spoken: bool, command_id: str | None = None) -> bool:
        """The director's switch for spoken announcements; False: ``command_id`` was already
        in the stream (nothing written)."""
        return self._append(name, {"spoken": bool(spoken)}, SPOKEN, command_id)

    def confirm(self, name: str, move: str, done: bool = True,
                command_id: str | None = None) -> bool:
        """A seat move confirmed as carried out (or not); False as for :meth:`set_spoken`."""
        return self._append(name, {"move": move, "done": bool(done)}, CONFIRMED, command_id)

    def _append(self, name: str, payload: dict[str, Any], kind: str,
                command_id: str | None) -> bool:
        if command_id is not None:
            payload = {**payload, "command_id": command_id}
        for attempt in range(3):
            try:
                with self.store.transaction() as log:
                    info = log.find_stream(KIND, name)
                    if info is None:
                        info = log.create_stream(KIND, name, {})
                    elif command_id is not None and any(
                            r.payload.get("command_id") == command_id for r in log.read(info.id)):
                        return False
                    log.append(info.id, log.head(info.id), [NewEvent(kind, payload)])
                return True
            except (ConcurrencyError, StreamExists):   # another writer meanwhile: again
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")


def as_dict(notes: Notes) -> dict[str, Any]:
    """The settings the screens read: ``{"spoken": ...}`` once the director has set it."""
    return {} if notes.spoken is None else {"spoken": notes.spoken}
