"""Tournaments kept in the event store: load, run one director command, append its events.

A tournament is one event stream of kind ``"tournament"`` named after it; its events are the
JSON forms of :mod:`pokertd.tournament.events`, the first one ``created`` (DESIGN: "State
changes are events"). Every command goes the same way::

    service = TournamentService(open_store(url))
    service.create("Friday 27", config_preset("gananda"))
    service.register("Friday 27", ["Ann", "Bob", "Cid"])
    service.start("Friday 27")
    outcome = service.bust("Friday 27", "Cid", knocked_out_by="Ann")
    outcome.events          # the events appended, as stored (numbered)

1. :meth:`TournamentService.load` reads the stream and replays it
   (:meth:`Tournament.replay`), noting the number of its last event;
2. the command runs on the replayed tournament; a refusal (:class:`DirectorError`, or any
   other ``ValueError`` of the pure layers) propagates and nothing is written;
3. :meth:`TournamentService.commit` appends exactly the events the command recorded, in one
   transaction, after the event noted at the load: if another writer appended meanwhile the
   store raises :class:`~pokertd.storage.ConcurrencyError` and nothing is written (the command
   is then run again on the new state, or the user is told).

The events a command appends are one *batch*, opened by a ``command`` marker naming the command
and its arguments (:mod:`pokertd.services.history`). :meth:`TournamentService.undo` takes the
last command back with an ``undone`` event naming its batch, and :meth:`TournamentService.redo`
puts it back: nothing is deleted, the replay leaves undone batches out. The clock's events
recorded with a command go and come back with it; what the clock has brought by the time of
the undo or redo is recorded again at once, in the undo's or redo's own batch.

A process killed at any moment therefore leaves the tournament at its last committed command:
the store commits a batch whole or not at all, and the state is only ever rebuilt from it.

A command may carry a ``command_id`` chosen by its client (a UUID from the console's
JavaScript, a script's ``--command-id``: :data:`COMMAND_ID`). It is stored in the batch's marker,
in the same transaction as the command's events (the ``created`` command's in the stream's
configuration), and a command whose id the log already holds is not run again: its
:class:`Outcome` is the first one's events, marked ``repeated``, and nothing is written. A client
whose request was applied but whose answer was lost (the server killed, the database restarted,
the network) sends it again with the same id and learns it is done. The ids are read from the
log (:meth:`~pokertd.services.history.History.find`), so they outlive any process; two requests
with one id at once cannot both be applied, since every append names the event it follows: the
second one's append fails (:class:`~pokertd.storage.ConcurrencyError`) and its retry finds the id.

The clock changes a live event between commands: before and after each command (at the
command's time) the service runs :meth:`Tournament.follow_clock`, which records what the
clock has brought since the last one (a new level; IFP 9 dead stacks at the close of
registration; the Gananda absent stacks removed at level 3 and the moves they call for; the
payouts fixed once late registration, rebuys and add-ons have closed), in the same
transaction as the command. The read commands (:meth:`TournamentService.observe`: status,
payouts, moves) record those events too, so what they show is what the log holds.

The time of a command (the clock's start, pauses, late entries, the Gananda final-table stop)
is the service's ``clock()``: wall-clock seconds by default, injectable for tests.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import field
from typing import Any, Generic, TypeVar

from pokertd.records import MutableRecord, Record, mutable_record, record
from pokertd.services.history import (
    CLOCK, COMMAND, MARKERS, REDONE, UNDONE, Batch, History, HistoryError, changes, describe,
    read_history,
)
from pokertd.storage import NewEvent, RecordedEvent, Store
from pokertd.tournament import events as ev
from pokertd.tournament.director import DirectorError, Tournament
from pokertd.tournament.house import TournamentConfig

__all__ = [
    "COMMAND_ID", "CommandIdReused", "HistoryError", "KIND", "Loaded", "Outcome", "Reverted",
    "TournamentExists",
    "TournamentService", "TournamentServiceError", "UnknownTournament", "describe_move",
    "last_opponent", "player_named", "preset_rule", "prize_won", "rulings", "seat_changes",
    "check_command_id", "status",
]

KIND = "tournament"

R = TypeVar("R")

#: Events that change seats without anyone busting: what the director has to carry out.
SEAT_CHANGES = ("moved", "table_broken", "final_table_formed")


class TournamentServiceError(Exception):
    """A tournament that cannot be found or created as asked; nothing was written."""


class UnknownTournament(TournamentServiceError, LookupError):
    def __init__(self, name: str) -> None:
        super().__init__(f"no tournament named {name!r}")
        self.name = name


#: A client's command id: 8 to 64 letters, digits, ``-`` or ``_`` (a UUID is 36 of them).
COMMAND_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")
COMMAND_ID_FORM = "8 to 64 letters, digits, '-' or '_' (a UUID, for instance)"


def check_command_id(command_id: str | None) -> str | None:
    """A command id as :data:`COMMAND_ID` has it, or None; anything else refused."""
    if command_id is None:
        return None
    if not isinstance(command_id, str) or COMMAND_ID.fullmatch(command_id) is None:
        raise TournamentServiceError(f"command id {command_id!r}: give {COMMAND_ID_FORM}")
    return command_id


class CommandIdReused(TournamentServiceError):
    """A command id already in the log for another command: nothing was written."""

    def __init__(self, name: str, command_id: str, first: str, batch: int) -> None:
        super().__init__(f"{name}: command id {command_id!r} was given to {first!r} (batch "
                         f"{batch}), not to this command: give each command an id of its own")
        self.command_id = command_id


class TournamentExists(TournamentServiceError):
    def __init__(self, name: str) -> None:
        super().__init__(f"a tournament named {name!r} already exists")
        self.name = name


@mutable_record
class Loaded(MutableRecord):
    """A tournament replayed from the store: its stream, the number of the last event read
    (``head``), how many of the tournament's events were replayed (``stored``) and the log's
    commands (:mod:`~pokertd.services.history`: what undo and redo reach)."""

    name: str
    stream_id: int
    head: int
    stored: int
    tournament: Tournament
    history: History = field(default_factory=History)
    seat_records: tuple[RecordedEvent, ...] = ()
    """The log's last :data:`SEAT_RECORDS` seat changes (moved, table broken, final table
    formed) as stored, with their record times, undone or not: what the room's screens show
    for a few minutes after each change."""

    @property
    def new_events(self) -> list[ev.Event]:
        """The events recorded since the load, to be committed."""
        return self.tournament.events[self.stored:]


@record
class Outcome(Record, Generic[R]):
    """What a command returned, the events it appended (as stored) and the tournament after
    (the service's readers share it once the command's events are stored: read it, do not
    change it)."""

    result: R
    events: tuple[RecordedEvent, ...]
    tournament: Tournament
    clock: tuple[ev.Event, ...] = ()
    """The events the clock brought (:meth:`Tournament.follow_clock`), before or after the
    command's own."""
    batch: int | None = None
    """The id of the batch appended (the sequence number of its marker), or None: nothing
    was written."""
    repeated: bool = False
    """The command's id was already in the log: nothing was run or written, ``events`` and
    ``batch`` are the first command's, ``result`` is None (an undo's or redo's: what it took
    back or put back and what that changed, as the first answer said)."""


@record
class Reverted(Record):
    """What an undo or a redo did: the command it took back or put back, and what that
    changed (lines for the director, and the seat changes to carry out, as
    :func:`~pokertd.services.history.changes` gives them)."""

    command: Batch
    text: str
    changes: tuple[str, ...]
    moves: tuple[dict[str, Any], ...]
    next_undo: Batch | None
    next_redo: Batch | None


def _new_event(e: ev.Event) -> NewEvent:
    data = ev.to_dict(e)
    kind = data.pop("type")
    return NewEvent(kind, data)


class _Replays:
    """The replay of each tournament's log, kept from one load to the next (a long-lived
    service, the web's, loads the same event at every command and every screen update).

    What is kept is exactly the replay of the log up to its event number ``head``: a load reads
    only the events stored after it (by any writer: this process, the CLI, another server) and
    applies them in order, which is what a replay from the start does with them (DESIGN:
    "Replaying the events rebuilds the state exactly"). An undo or a redo changes which batches
    are in play, not only what follows, so the log is then replayed from the start.

    A caller that runs a command (or lets the clock run in memory) gets a tournament of its
    own (:meth:`get`: see :class:`_Kept` for how it is made); one that only reads gets the
    replay that every reader shares (:meth:`view`), with nothing copied. After a command the
    tournament it ran on is the replay at the log's new end (its events are exactly those
    appended): :meth:`share` hands it to the readers, who then need no copy of their own."""

    #: Tournaments kept, the least recently loaded dropped first.
    SIZE = 64

    def __init__(self, store: Store) -> None:
        import threading

        self.store = store
        self._kept: dict[int, _Kept] = {}
        self._seen: set[int] = set()
        self._lock = threading.Lock()

    def _current(self, stream_id: int) -> tuple[_Kept, Tournament | None]:
        """The kept replay brought to the log's end (the least recently used dropped if too
        many); with the tournament replayed from the start when it had to be (nothing kept,
        or an undo or a redo since), which no one else holds. Kept from a stream's second
        load on: a one-shot caller (a CLI command) loads once and would pay the pickling (and
        pickle's import) for nothing. Under the lock."""
        kept = self._kept.pop(stream_id, None)
        fresh: Tournament | None = None
        if kept is None:
            recorded = self.store.read(stream_id)
            history = read_history(recorded)
            fresh = Tournament.replay(history.events())
            head = recorded[-1].seq if recorded else 0
            seats = _seat_records((), recorded)
            if stream_id not in self._seen:
                self._seen.add(stream_id)
                return _Kept(head, history, seats), fresh      # not kept
            kept = _Kept.of(head, fresh, history, seats)
        else:
            recorded = self.store.read(stream_id, after=kept.head)
            if recorded:
                seats = _seat_records(kept.seats, recorded)
                if kept.history.extend(recorded):
                    kept.advance(recorded[-1].seq, [
                        ev.from_dict({"type": r.type, **r.payload})
                        for r in recorded if r.type not in MARKERS], seats)
                else:
                    fresh = Tournament.replay(kept.history.events())
                    kept = _Kept.of(recorded[-1].seq, fresh, kept.history, seats)
        self._kept[stream_id] = kept
        while len(self._kept) > self.SIZE:
            del self._kept[next(iter(self._kept))]
        return kept, fresh

    def get(self, stream_id: int
            ) -> tuple[int, Tournament, History, tuple[RecordedEvent, ...]]:
        """The replay at the log's end, a tournament of the caller's own."""
        with self._lock:
            kept, fresh = self._current(stream_id)
            t = fresh if fresh is not None else kept.tournament()
            return kept.head, t, kept.history.copy(), kept.seats

    def view(self, stream_id: int
             ) -> tuple[int, Tournament, History, tuple[RecordedEvent, ...]]:
        """The replay at the log's end, shared by every reader: to read, never to change
        (nor to let the clock run on: :meth:`Tournament.clock_brings` says when it would)."""
        with self._lock:
            kept, fresh = self._current(stream_id)
            if kept.view is None:
                kept.view = fresh if fresh is not None else kept.tournament()
            return kept.head, kept.view, kept.history.copy(), kept.seats

    def share(self, stream_id: int, head: int, t: Tournament) -> None:
        """``t``, which a command ran on and whose events were just appended up to ``head``,
        becomes the readers' replay (if no one has written since: it is then the log's).
        Nothing when nothing is kept of the stream (a one-shot caller)."""
        with self._lock:
            if stream_id not in self._kept:
                return
            kept, _ = self._current(stream_id)
            if kept.head == head and len(kept) == len(t.events):
                kept.view = t


#: How many of the log's last seat changes a load gives (:attr:`Loaded.seat_records`).
SEAT_RECORDS = 100


def _seat_records(kept: tuple[RecordedEvent, ...],
                  recorded: Sequence[RecordedEvent]) -> tuple[RecordedEvent, ...]:
    new = tuple(r for r in recorded if r.type in SEAT_CHANGES)
    return (kept + new)[-SEAT_RECORDS:] if new else kept


class _Kept:
    """One tournament's replay up to the log's event ``head``, from which each caller's copy
    is made: a pickle of the replay at an earlier event (its log, frozen events, kept aside)
    and the tournament events stored since (``tail``). A copy is the pickle loaded and the tail
    applied, several times quicker than a replay or a deep copy; the pickle is made again only
    once the tail is :data:`TAIL` events long (not at every command). A state that does not
    pickle is replayed from the start for each copy. ``view``: the replay at ``head`` that the
    readers share, once one has asked for it."""

    __slots__ = ("head", "history", "seats", "view", "_events", "_state", "_tail")

    #: Events applied to the pickled replay before it is pickled again.
    TAIL = 64

    def __init__(self, head: int, history: History, seats: tuple[RecordedEvent, ...]) -> None:
        self.head = head
        self.history = history
        self.seats = seats
        self.view: Tournament | None = None
        self._events: list[ev.Event] = []
        self._state: bytes | None = None
        self._tail: list[ev.Event] = []

    @classmethod
    def of(cls, head: int, t: Tournament, history: History,
           seats: tuple[RecordedEvent, ...]) -> _Kept:
        """``t``, the replay at ``head``, kept."""
        kept = cls(head, history, seats)
        kept._pickle(t)
        return kept

    def __len__(self) -> int:
        """The number of tournament events in the replay kept."""
        return len(self._events) + len(self._tail)

    def _pickle(self, t: Tournament) -> None:
        import pickle

        events = t.events
        t.events = []
        try:
            self._state = pickle.dumps(t, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:
            self._state = None
        finally:
            t.events = events
        self._events = list(events)
        self._tail = []

    def advance(self, head: int, events: Sequence[ev.Event],
                seats: tuple[RecordedEvent, ...]) -> None:
        """The tournament events stored up to ``head`` since the last, in order."""
        self.head = head
        self._tail.extend(events)
        self.seats = seats
        self.view = None

    def tournament(self) -> Tournament:
        """A copy of the replay, the caller's own."""
        import pickle

        if self._state is None:
            return Tournament.replay(self.history.events())
        t: Tournament = pickle.loads(self._state)
        t.events = list(self._events)
        for e in self._tail:
            t.apply(e)
        if len(self._tail) >= self.TAIL:
            self._pickle(t)
        return t


class TournamentService:
    """Tournaments in one store (see the module docstring)."""

    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock
        self._replays = _Replays(store)

    def now(self) -> float:
        return float(self.clock())

    # --- the store ----------------------------------------------------------------------------

    def names(self) -> list[str]:
        """Every tournament in the store, oldest first."""
        return [s.name for s in self.store.streams(KIND)]

    def summaries(self) -> list[dict[str, Any]]:
        """Every tournament in the store, oldest first, as ``tournament list`` shows it: its
        state (``created``: not started; ``running``; ``finished``), preset, players (entrants
        and left), the level or break now, and the winner."""
        now = self.now()
        out = []
        for info in self.store.streams(KIND):
            t = self.load(info.name).tournament
            level = on_break = None
            if t.started and not t.finished:
                st = t.clock.status(now)
                level, on_break = st.level_number, st.break_number
            out.append({
                "tournament": info.name, "preset": t.config.name,
                "state": "finished" if t.finished else "running" if t.started else "created",
                "entrants": t.entrants, "players_left": t.alive, "level": level,
                "break": on_break, "winner": t.winner,
                "created_at": info.created_at.isoformat()})
        return out

    def create(self, name: str, config: TournamentConfig, *, seed: int | str | None = None,
               dealt: bool = False, command_id: str | None = None) -> Outcome[Tournament]:
        """A new tournament (a live event unless ``dealt``): its stream and its ``created``
        event in one transaction. With no seed, seats are drawn by the system CSPRNG (IFP 5).
        ``command_id``: kept in the stream's configuration; a create sent again with it is
        answered with the first one's events (``repeated``)."""
        _check_name(name)
        check_command_id(command_id)
        t = Tournament(config, seed=seed, dealt=dealt)
        stream: dict[str, Any] = {"preset": config.name, "dealt": dealt}
        if command_id is not None:
            stream["command_id"] = command_id
        from pokertd.storage import StreamExists

        for attempt in range(2):
            try:
                with self.store.transaction() as log:
                    info = log.find_stream(KIND, name)
                    if info is None:
                        info = log.create_stream(KIND, name, stream)
                        recorded = log.append(info.id, 0, [_new_event(e) for e in t.events])
                        return Outcome(t, recorded, t)
                    if command_id is None or info.config.get("command_id") != command_id:
                        raise TournamentExists(name)
                    # Sent again: the first create's events (the log's opening ones).
                    first = log.read(info.id, limit=len(t.events))
                break
            except StreamExists:
                # Another transaction created it meanwhile (PostgreSQL: the same create, sent
                # twice at once?): look again.
                if attempt == 1:
                    raise TournamentExists(name) from None
        first = first[:next((k for k, r in enumerate(first) if r.type in MARKERS), len(first))]
        return Outcome(None, tuple(first), self.load(name).tournament,  # type: ignore[arg-type]
                       repeated=True)

    def load(self, name: str) -> Loaded:
        """The tournament replayed from its stored events: a copy of its own for the caller
        (see :class:`_Replays`: the events stored since the last load are applied to the
        replay kept, and an undo or a redo replays the log again)."""
        info = self.store.find_stream(KIND, name)
        if info is None:
            raise UnknownTournament(name)
        head, t, history, seats = self._replays.get(info.id)
        return Loaded(name, info.id, head, len(t.events), t, history, seats)

    def view(self, name: str) -> Loaded:
        """As :meth:`load`, but the tournament is the replay every reader shares (the room's
        screens read it at each change), with nothing copied: read it, never change it, nor
        let the clock run on it (:meth:`Tournament.clock_brings` says when that would record
        something: then :meth:`load` a copy)."""
        info = self.store.find_stream(KIND, name)
        if info is None:
            raise UnknownTournament(name)
        head, t, history, seats = self._replays.view(info.id)
        return Loaded(name, info.id, head, len(t.events), t, history, seats)

    def commit(self, loaded: Loaded, command: str = CLOCK, args: Mapping[str, Any] | None = None,
               at: float | None = None, command_id: str | None = None
               ) -> tuple[RecordedEvent, ...]:
        """Append the events recorded since the load as one batch, after the log's last event,
        in one transaction: the batch's marker (``command``, its ``args`` and time, and the
        client's ``command_id``; see :mod:`~pokertd.services.history`), then the events.
        Nothing when there are none. :class:`~pokertd.storage.ConcurrencyError` (nothing
        written) if the stream has moved on. Returns the tournament events as stored (the
        marker left out)."""
        batch = self.batch(loaded, command, args, at, command_id)
        if batch is None:
            return ()
        expected, events = batch
        try:
            recorded = self.store.append(loaded.stream_id, expected, events)
        except BaseException:
            loaded.head, loaded.stored = expected, loaded.stored - (len(events) - 1)
            raise
        return recorded[1:]

    @staticmethod
    def batch(loaded: Loaded, command: str = CLOCK, args: Mapping[str, Any] | None = None,
              at: float | None = None, command_id: str | None = None
              ) -> tuple[int, list[NewEvent]] | None:
        """The batch :meth:`commit` appends (its marker, then the events recorded since the
        load), for a caller that appends it itself (the game server's writer thread, off the
        event loop): ``loaded`` counts it as stored from now on. Returns the head the append
        expects and the events; None when there is nothing to write."""
        new = [_new_event(e) for e in loaded.new_events]
        if not new:
            return None
        data: dict[str, Any] = {"command": command, "args": dict(args or {}), "at": at}
        if command_id is not None:
            data["command_id"] = command_id
        marker = NewEvent(COMMAND, data)
        expected = loaded.head
        loaded.head += 1 + len(new)
        loaded.stored += len(new)
        return expected, [marker, *new]

    def run(self, name: str, command: Callable[[Tournament], R], *,
            now: float | None = None, label: str = CLOCK,
            args: Mapping[str, Any] | None = None,
            command_id: str | None = None) -> Outcome[R]:
        """Load, run ``command`` on the tournament, commit its events as one batch named
        ``label`` with ``args`` (what undo shows). A refusal raised by the command propagates
        and nothing is written. With ``now`` (the command's time), the clock's events
        (:meth:`Tournament.follow_clock`) are recorded before and after the command, in the
        same batch (an undo of the command leaves them out with it, and the clock brings
        them back at once: see :mod:`~pokertd.services.history`). ``command_id``: the
        client's id, stored in the marker; one the log holds already is not run again (the
        first one's outcome, ``repeated``), unless it was another command's
        (:class:`CommandIdReused`)."""
        check_command_id(command_id)
        loaded = self.load(name)
        if command_id is not None:
            first = loaded.history.find(command_id)
            if first is not None:
                if first.kind != label or first.args != _as_stored(args):
                    raise CommandIdReused(name, command_id, describe(first), first.id)
                return self._repeat(loaded, first)
        t = loaded.tournament
        clock = t.follow_clock(now) if now is not None else []
        result = command(t)
        if now is not None:
            clock += t.follow_clock(now)
        head = loaded.head
        recorded = self.commit(loaded, label, args, now, command_id)
        if recorded:
            # The tournament after the command is the replay of the log as it now ends: the
            # readers' from now on (the Outcome's tournament is to be read, not changed).
            self._replays.share(loaded.stream_id, loaded.head, t)
        return Outcome(result, recorded, t, tuple(clock), head + 1 if recorded else None)

    def find_command(self, name: str, command_id: str) -> Batch | None:
        """The batch of the command sent with ``command_id`` to ``name``, or None."""
        return self.load(name).history.find(command_id)

    def _repeat(self, loaded: Loaded, first: Batch, result: Any = None) -> Outcome[Any]:
        """The outcome of a command already in the log (batch ``first``): its events as
        stored, nothing written."""
        recorded = self.store.read(loaded.stream_id, after=first.id, limit=len(first.events))
        return Outcome(result, tuple(recorded), loaded.tournament, (), first.id, repeated=True)

    def observe(self, name: str, *, attempts: int = 3) -> Outcome[None]:
        """The tournament now, for the read commands (status, payouts, moves): the clock's
        events since the last command are recorded first (a reader that loses a race with a
        writer reads again, up to ``attempts`` times)."""
        from pokertd.storage import ConcurrencyError

        for attempt in range(attempts):
            try:
                return self.run(name, lambda t: None, now=self.now())
            except ConcurrencyError:
                if attempt == attempts - 1:
                    raise
        raise AssertionError("unreachable")

    # --- commands -----------------------------------------------------------------------------

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

    def bust(self, name: str, player: str, *, knocked_out_by: str | None = None,
             buttons: Mapping[int, int] | None = None,
             command_id: str | None = None) -> Outcome[list[ev.Event]]:
        """A live bust-out reported by the director, then the seat moves it calls for: the
        final table formed (IFP 15), tables broken (IFP 10) or balanced (IFP 11a; WPA 5: with
        the ``buttons`` reported, table -> seat, recorded after the bust-out)."""
        now = self.now()

        def command(t: Tournament) -> list[ev.Event]:
            out_now = player_named(t, player)
            by = (player_named(t, knocked_out_by) if knocked_out_by is not None
                  else last_opponent(t, [out_now]))
            _not_himself({out_now: by})
            out = t.bust(out_now, knocked_out_by=by, now=now)
            out += _record_buttons(t, buttons, now)
            if not t.finished:
                out += t.rearrange(now)
            return out
        return self.run(name, command, now=now,
                        label="bust", args={"players": [player], "by": knocked_out_by,
                                           "button": _keys(buttons)},
                        command_id=command_id)

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

    def chip_race(self, name: str, table: int,
                  stacks: Mapping[str, int], *,
                  command_id: str | None = None) -> Outcome[list[ev.Event]]:
        """A live chip race at one table at a chip-up break (IFP 56; WPA 14; TDA 24):
        ``stacks`` are the chip counts of every player at the table before the race."""
        now = self.now()
        return self.run(name, lambda t: t.race_table(table, _by_name(t, stacks, "chip count"),
                                                     now), now=now,
                        label="chip-race", args={"table": table, "stacks": dict(stacks)},
                        command_id=command_id)

    def bust_hand(self, name: str, players: Sequence[str], *,
                  start_stacks: Mapping[str, int] | None = None,
                  knocked_out_by: str | Mapping[str, str] | None = None,
                  buttons: Mapping[int, int] | None = None,
                  command_id: str | None = None) -> Outcome[list[ev.Event]]:
        """Live bust-outs in one hand, reported by the director, then the seat moves they
        call for.

        IFP 57, WPA 8, Gananda: Winning the Tournament: players out in the same hand are
        ranked by their stacks at the start of that hand (``start_stacks``, one per player;
        equal stacks tie under Gananda), players at different tables tie under IFP 57; under
        TDA RP-8 they share the places and no stacks are needed. Each one's table is the one
        he sits at. ``knocked_out_by``: who won the chips, one name for all of them or one per
        player, each at the table of the player he knocked out (IFP 57). ``buttons``: the
        dealer buttons now (table -> seat), for the balancing move (IFP 11a; WPA 5)."""
        now = self.now()

        def command(t: Tournament) -> list[ev.Event]:
            from pokertd.tournament.director import Bust

            out_now = [player_named(t, p) for p in players]
            if not out_now:
                raise DirectorError("no players to bust")
            if len(set(out_now)) != len(out_now):
                twice = sorted({p for p in out_now if out_now.count(p) > 1})
                raise DirectorError(f"{', '.join(twice)} listed twice in one hand")
            if not t.started:
                raise DirectorError("the tournament has not started")
            for p in out_now:
                if p not in t.players:
                    raise DirectorError(f"unknown player {p!r}")
                if t.players[p].out:
                    raise DirectorError(f"{p} is already out (place {t.players[p].place})")
            stacks = _by_name(t, start_stacks or {}, "start-of-hand stack")
            if len(out_now) > 1 and t.stacks_rank_bustouts():
                missing = [p for p in out_now if p not in stacks]
                if missing:
                    # TDA RP-8 shares the places in hand-for-hand play only; TDA is silent
                    # otherwise, and IFP 57 ranks them.
                    rule = _rule_of("same_hand_bustouts", t, "IFP 57")
                    rule = "IFP 57" if rule == "TDA RP-8" else rule
                    raise DirectorError(
                        "players out in the same hand are ranked by their stacks at the start "
                        f"of the hand ({rule}): give each one's (missing: {', '.join(missing)})")
            strangers = sorted(set(stacks) - set(out_now))
            if strangers:
                raise DirectorError(f"a start-of-hand stack for {', '.join(strangers)}, who "
                                    "is not among the players out")
            for p, s in stacks.items():
                if isinstance(s, bool) or not isinstance(s, int) or s < 1:
                    raise DirectorError(f"{p}'s stack at the start of the hand must be a whole "
                                        f"number of chips, at least 1, got {s!r}")
            # The stacks are counts of the chips in play: the players still in hold the rest.
            t.check_counts(stacks, "stack at the start of the hand",
                           others=t.alive - len(out_now))
            if isinstance(knocked_out_by, Mapping):
                by = {p: player_named(t, w) for p, w in
                      _by_name(t, knocked_out_by, "knockout").items()}
                strangers = sorted(set(by) - set(out_now))
                if strangers:
                    raise DirectorError(f"a knockout credited for {', '.join(strangers)}, who "
                                        "is not among the players out")
            elif knocked_out_by is not None:
                winner = player_named(t, knocked_out_by)
                by = {p: winner for p in out_now}
            else:
                # Heads-up the only possible knockout is the last opponent's.
                heads_up = last_opponent(t, out_now)
                by = {} if heads_up is None else {out_now[0]: heads_up}
            _not_himself(by)
            busts = []
            for p in out_now:
                where = t.floor.where.get(p) if t.floor is not None else None
                busts.append(Bust(p, where[0] if where else None, stacks.get(p, 0), by.get(p)))
            out = t.eliminate(busts, now=now)
            out += _record_buttons(t, buttons, now)
            if not t.finished:
                out += t.rearrange(now)
            return out
        return self.run(name, command, now=now,
                        label="bust", args={
                            "players": list(players), "stacks": dict(start_stacks or {}),
                            "by": dict(knocked_out_by) if isinstance(knocked_out_by, Mapping)
                            else knocked_out_by, "button": _keys(buttons)},
                        command_id=command_id)

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
            if not t.dealt:
                t.check_counts(dict(chips), "stack for the deal")
            return t.make_deal(record)
        return self.run(name, command, now=self.now(),
                        label="deal", args={
                            "method": method, "agreed_by": list(agreed_by),
                            "stacks": dict(stacks or {}), "amounts": dict(amounts or {}),
                            "left_to_play_for": left_to_play_for},
                        command_id=command_id)


    # --- undo and redo ------------------------------------------------------------------------

    def undo(self, name: str, *, expected: int | None = None, dry_run: bool = False,
             command_id: str | None = None) -> Outcome[Reverted]:
        """Take back the last command in play (issue 14; issue 9's console): an ``undone``
        event naming its batch, so the replay leaves it out (nothing is deleted), with what the
        clock brings by now recorded again in the same batch (the clock's events are the
        clock's; :mod:`~pokertd.services.history`). Again for the one before. ``expected``:
        the id of the batch the caller means to undo (the console shows one); another is
        refused. Nothing to undo: :class:`HistoryError`, nothing written. ``dry_run``: what
        the undo would change, nothing written (the console shows it before asking).
        ``command_id``: as for every command (an undo sent again is not made twice)."""
        return self._revert(name, UNDONE, expected, dry_run, command_id)

    def redo(self, name: str, *, expected: int | None = None, dry_run: bool = False,
             command_id: str | None = None) -> Outcome[Reverted]:
        """Put back the last command undone, exactly as it was recorded (a ``redone`` event);
        a command given after the undo clears what could be redone."""
        return self._revert(name, REDONE, expected, dry_run, command_id)

    def history(self, name: str) -> History:
        """The tournament's commands: what an undo or a redo would reach."""
        return self.load(name).history

    def _reverted_then(self, loaded: Loaded, first: Batch) -> Reverted:
        """What the undo or redo of batch ``first`` (in the log) did, as its first answer said:
        the log replayed to just before it and to its end, compared as then (a resend only)."""
        assert first.refers is not None
        recorded = self.store.read(loaded.stream_id, limit=first.id + len(first.events))
        before = Tournament.replay(read_history(recorded[:first.id - 1]).events())
        if first.at is not None:
            try:
                before.follow_clock(first.at)   # compared as the clock had it then
            except ValueError:
                pass
        after = Tournament.replay(read_history(recorded).events())
        lines, moves = changes(before, after)
        h = loaded.history
        target = h.batches[first.refers]
        return Reverted(target, describe(target), tuple(lines), tuple(moves), h.last_command(),
                        h.next_redo())

    def _revert(self, name: str, marker: str, expected: int | None,
                dry_run: bool = False, command_id: str | None = None) -> Outcome[Reverted]:
        check_command_id(command_id)
        loaded = self.load(name)
        h = loaded.history
        undo = marker == UNDONE
        first = None if command_id is None or dry_run else h.find(command_id)
        if first is not None:
            verb = "undo" if undo else "redo"
            if first.kind != verb or (expected is not None and expected != first.refers):
                raise CommandIdReused(name, command_id, describe(first) if first.refers is None
                                      else f"{first.kind} of batch {first.refers}", first.id)
            return self._repeat(loaded, first, self._reverted_then(loaded, first))
        target = h.last_command() if undo else h.next_redo()
        if target is None:
            raise HistoryError(
                f"{name}: nothing to undo (no command since the tournament was created)"
                if undo else f"{name}: nothing to redo (only an undo can be redone, and a "
                             "command given after it clears it)")
        if expected is not None and expected != target.id:
            raise HistoryError(
                f"{name}: the command to {'undo' if undo else 'redo'} is now "
                f"{describe(target)!r} (batch {target.id}), not batch {expected}: another "
                "command changed the tournament meanwhile")
        now = self.now()
        before = loaded.tournament
        before.follow_clock(now)        # compared as the clock has it now (not written)
        h.add(Batch(loaded.head + 1, "undo" if undo else "redo", {}, now, target.id))
        after = Tournament.replay(h.events())
        clock = after.follow_clock(now)
        lines, moves = changes(before, after)
        result = Reverted(target, describe(target), tuple(lines), tuple(moves),
                          h.last_command(), h.next_redo())
        if dry_run:
            return Outcome(result, (), after, tuple(clock), None)
        data: dict[str, Any] = {"batch": target.id, "command": target.kind, "at": now}
        if command_id is not None:
            data["command_id"] = command_id
        new = [NewEvent(marker, data), *(_new_event(e) for e in clock)]
        recorded = self.store.append(loaded.stream_id, loaded.head, new)
        return Outcome(result, recorded[1:], after, tuple(clock), loaded.head + 1)


def _check_name(name: str) -> None:
    """A tournament's name: what the commands name it by (the store keeps 200 characters)."""
    from pokertd.storage.base import NAME_LENGTH

    if not isinstance(name, str) or not name.strip():
        raise TournamentServiceError("a tournament needs a name")
    if name != name.strip():
        raise TournamentServiceError(f"the tournament name {name!r} starts or ends with a "
                                     "space: give it without")
    if len(name) > NAME_LENGTH:
        raise TournamentServiceError(f"a tournament name is at most {NAME_LENGTH} characters, "
                                     f"this one has {len(name)}")


def player_named(t: Tournament, name: str) -> str:
    """The registered player a director means by ``name``: names are matched without regard to
    case ("ann" is Ann); an unknown name is refused with the closest registered one."""
    if name in t.players:
        return name
    if isinstance(name, str):
        folded = name.strip().casefold()
        for p in t.players:
            if p.casefold() == folded:
                return p
    if isinstance(name, str) and "," in name and all(
            any(p.casefold() == part.strip().casefold() for p in t.players)
            for part in name.split(",")):
        raise DirectorError(f"{name!r}: name the players separated by spaces, not commas")
    raise DirectorError(f"unknown player {name!r}" + _closest(t, name))


def _closest(t: Tournament, name: Any) -> str:
    import difflib

    if not isinstance(name, str) or not t.players:
        return ""
    folded = {p.casefold(): p for p in t.players}
    close = difflib.get_close_matches(name.casefold(), list(folded), n=1, cutoff=0.6)
    return f" (did you mean {folded[close[0]]}?)" if close else ""


def _not_himself(by: Mapping[str, str | None]) -> None:
    for p, w in by.items():
        if p == w:
            raise DirectorError(f"{p} cannot be credited with his own knockout: the knockout "
                                "goes to the player who won his chips (IFP 57)")


def _new_names(t: Tournament, players: Sequence[str]) -> None:
    """Registration: a name already registered, in any case, is the same player."""
    seen = {p.casefold(): p for p in t.players}
    for p in players:
        if not isinstance(p, str) or not p.strip():
            raise DirectorError(f"a player needs a name, got {p!r}")
        other = seen.get(p.casefold())
        if other is not None:
            raise DirectorError(f"{p} is already registered" + (
                f" as {other} (names are matched without regard to case)" if other != p else ""))
        seen[p.casefold()] = p


def _by_name(t: Tournament, values: Mapping[str, R], what: str) -> dict[str, R]:
    """A mapping by player name, each name the registered player's; one player twice (Ann
    and ann) is refused."""
    out: dict[str, R] = {}
    for k, v in values.items():
        p = player_named(t, k)
        if p in out:
            raise DirectorError(f"{p}'s {what} is given twice")
        out[p] = v
    return out


def last_opponent(t: Tournament, out_now: Sequence[str]) -> str | None:
    """Heads-up, one player out: the only possible knockout is his last opponent's (IFP 57:
    the knockout goes to the player who won his chips)."""
    if len(out_now) != 1 or t.alive != 2 or not t.started or t.finished:
        return None
    left = [p.name for p in t.players.values() if not p.out and p.name != out_now[0]]
    return left[0] if len(left) == 1 else None


def prize_won(t: Tournament, player: str) -> int | None:
    """What a player out (or the winner) is paid: a deal's amount (IFP 62), or his place's
    prize, shared with the players tied with him (IFP 57, WPA 8, Gananda); None while the
    payouts are not fixed."""
    p = t.players[player]
    if t.finished:
        return p.prize
    if t.deal is not None and player in t.deal["players"]:
        return int(t.deal["amounts"][t.deal["players"].index(player)])
    if t.payouts is None or p.place is None:
        return None
    from pokertd.tournament.payouts import split_tie

    group = next((g for g in t.finishing if player in g), [player])
    shares = split_tie(t.payouts, p.place, len(group), unit=t.config.unit)
    return shares[group.index(player)]


def _record_buttons(t: Tournament, buttons: Mapping[int, int] | None,
                    now: float) -> list[ev.Event]:
    out: list[ev.Event] = []
    if buttons and t.finished:
        raise DirectorError("the tournament is over: no button to record")
    for table, seat in (buttons or {}).items():
        out += t.record_button(table, seat, now)
    return out


# --- reading ----------------------------------------------------------------------------------


def seat_changes(events: Iterable[ev.Event], *, latest: bool = True) -> list[ev.Event]:
    """The seat moves recorded in ``events`` (moved, table broken, final table formed).

    ``latest``: only those of the last rearrangement, i.e. the run of seat changes at the end
    of the log (clock pauses and resumes aside), which the director has yet to carry out; they
    stay shown until the next command that changes the field."""
    if not latest:
        return [e for e in events if e.type in SEAT_CHANGES]
    out: list[ev.Event] = []
    for e in reversed(list(events)):
        if e.type in SEAT_CHANGES:
            out.append(e)
        elif e.type not in ("clock_paused", "clock_resumed"):
            break
    out.reverse()
    return out


def describe_move(e: ev.Event) -> list[str]:
    """Lines telling the director what to do for one seat-change event."""
    if isinstance(e, ev.Moved):
        return [f"{e.player}: table {e.from_table} seat {e.from_seat} -> table {e.to_table} "
                f"seat {e.to_seat} ({e.reason})"]
    if isinstance(e, ev.TableBroken):
        # WPA 4: the breaking order is announced with each break.
        return [f"table {e.table} is broken ({e.rule})"
                + (f"; the tables break next in the order {', '.join(map(str, e.next))}"
                   if len(e.next) > 1 else "")]
    if isinstance(e, ev.FinalTableFormed):
        return [f"{p}: table {t} seat {s} -> final table {e.table} seat {seat} ({e.rule})"
                for p, t, s, seat in e.seats]
    return []


#: The rule that makes a player moved in wait for the button (IFP 10; WPA 4; TDA 10-A).
_WAIT_RULE = {"wpa": "WPA 4", "tda-2024": "TDA 10-A"}


def rulings(t: Tournament, events: Iterable[ev.Event]) -> list[str]:
    """What the director must tell the floor after a live command's ``events``: a table where
    play halts, short by the preset's threshold (IFP 11a: 3 or more; WPA 5: 2 or more; TDA
    11-D: 3 or more), with the rule; a player moved or seated in between the small blind and
    the button, who waits until the button has passed him (IFP 10; WPA 4; TDA 10-A); and the
    button to draw at a final table just redrawn (IFP 16)."""
    events = list(events)
    if t.dealt or t.floor is None:
        return []
    base = t.rules.name if t.rules.name in _WAIT_RULE else t.config.rules_base
    wait_rule = _WAIT_RULE.get(base, "IFP 10")
    out: list[str] = []
    if t.finished:
        return out
    if any(e.type == "busted" for e in events):
        halted = t.halted_tables()
        if halted:
            out.append(f"play halts at table(s) {', '.join(map(str, halted))} "
                       f"({_rule_of('balancing_halt_short', t, 'IFP 11a')}: "
                       f"{t.rules.balancing_halt_short} or more players short) until a player "
                       "is moved in")
    unknown = False
    for e in events:
        if not isinstance(e, (ev.Moved, ev.Seated)):
            continue
        table, seat = (e.to_table, e.to_seat) if isinstance(e, ev.Moved) else (e.table, e.seat)
        tab = t.floor.tables.get(table)
        if tab is None or t.floor.where.get(e.player) != (table, seat):
            continue                    # moved on again since
        if tab.button is None or tab.count < 3:
            unknown = unknown or isinstance(e, ev.Moved) and e.reason.startswith("table broken")
            continue
        if seat in tab.button.peek(tab.seats).waiting:
            out.append(f"{e.player} (table {table} seat {seat}) sits between the small blind "
                       "and the button: no hand until the button has passed him "
                       f"({wait_rule})")
    if unknown:
        out.append("a player moved from a broken table into a seat between the small blind "
                   f"and the button gets no hand until the button has passed him ({wait_rule})")
    for e in events:
        if isinstance(e, ev.FinalTableFormed) and e.table in t.floor.tables:
            out.append(f"final table {e.table}: draw for the button (IFP 16: the starting "
                       "position of the dealer button will be randomly drawn)")
    return out


def status(t: Tournament, now: float) -> dict[str, Any]:
    """What a live event's display shows, as plain data: the clock (level, blinds, time left,
    running or stopped), the players left, the chips in play, the tables and their seats, the
    payouts. Read it after :meth:`TournamentService.observe`, which records what the clock
    has brought."""
    clock: dict[str, Any] | None = None
    if t.started:
        st = t.clock.status(now)
        level = st.level
        clock = {
            "level": st.level_number,
            "on_break": st.on_break,
            "break": st.break_number,
            "small_blind": level.small_blind if level else None,
            "big_blind": level.big_blind if level else None,
            "ante": level.ante if level else None,
            "big_blind_ante": level.big_blind_ante if level else None,
            "next_level": _next_level(st),
            "next_break": _next_break(t, st),
            "seconds_left": None if st.seconds_left is None else round(st.seconds_left, 1),
            "running": st.running,
            "pause_reason": st.pause_reason,
        }
    tables = []
    halted = set(t.halted_tables())
    if t.floor is not None:
        for tid, table in sorted(t.floor.tables.items()):
            b = table.button
            tables.append({"table": tid, "seats": [
                {"seat": k + 1, "player": p} for k, p in enumerate(table.seats) if p is not None],
                # IFP 11a / WPA 5 / TDA 11-D: play halts here until a player is moved in.
                "halted": tid in halted,
                # The button as the director reported it since the last bust-out (live), or
                # as the last hand dealt left it; None: not known.
                "button": None if b is None else b.button})
    return {
        "preset": t.config.name,
        "live": not t.dealt,
        "started": t.started,
        "finished": t.finished,
        "entrants": t.entrants,
        "players_left": t.alive,
        "prize_pool": t.prize_pool,
        # Chips in play and the average stack; IFP 9: the seats for sale, and the unsold
        # seats' stacks removed at the close of registration.
        "chips": t.chips,
        "average_stack": t.chips // t.alive if t.alive else None,
        "seats": t.config.seats,
        "registration_open": not t.registration_closed,
        "dead_stacks": None if t.dead_stacks is None else {
            "seats": t.dead_stacks.seats, "chips": t.dead_stacks.chips,
            "by_value": [list(x) for x in t.dead_stacks.by_value],
            "rule": t.dead_stacks.rule},
        "clock": clock,
        "tables": tables,
        # WPA 4: the breaking order of the tables (the last one is the final table).
        "break_order": [] if t.floor is None else list(t.floor.break_order),
        "payouts": None if t.payouts is None else list(t.payouts),
        # IFP 62: the deal recorded (who gets what of the prizes still to be paid then, and
        # what was left to play for), or None.
        "deal": None if t.deal is None else {
            "method": t.deal["method"], "agreed_by": list(t.deal["agreed_by"]),
            "amounts": dict(zip(t.deal["players"], t.deal["amounts"])),
            "left_to_play_for": t.deal["left_to_play_for"]},
        "winner": t.winner,
        "results": t.results() if t.finished else None,
        # IFP 11a (3 or more short), WPA 5 (2 or more), TDA 11-D (3 or more): the tables
        # where play halts, and the balancing move due (live: waiting for the buttons).
        "halted_tables": sorted(halted),
        "halt_rule": _rule_of("balancing_halt_short", t, "IFP 11a"),
        "balancing": None if t.dealt else t.balancing_wait(),
        # IFP 61 / TDA RP-8: hand-for-hand play, and the hands done since it began.
        "hand_for_hand": {
            "on": t.clock.hand_for_hand, "hands": t.hand_for_hand_hands,
            "seconds_off_per_hand": t.clock.seconds_per_hand,
            "rule": _rule_of("hand_for_hand", t, "IFP 61")} if t.started else None,
        # IFP 14 / WPA 9: the day's last hands announced (the clock stopped), or None.
        "last_hands": t.clock.last_hands if t.started else None,
        "last_hands_rule": preset_rule(t, "end_of_day_hands"),
        # IFP 56 / WPA 14 / TDA 24: a chip race due at a chip-up break, table by table.
        "chip_race": _chip_race_status(t, now),
    }


def seat_list(t: Tournament, *, everyone: bool = False) -> list[dict[str, Any]]:
    """Who sits where, every player in play alphabetically (without regard to case): table
    and seat (None before the start), and whether he is absent (IFP 8: dealt in, his cards
    killed). ``everyone``: the players out too, with their places."""
    where = t.floor.where if t.floor is not None else {}
    rows = []
    for p in sorted(t.players.values(), key=lambda p: (p.name.casefold(), p.name)):
        if p.out and not everyone:
            continue
        at = where.get(p.name)
        rows.append({"player": p.name, "table": at[0] if at else None,
                     "seat": at[1] if at else None, "absent": p.absent and not p.out,
                     "out": p.out, "place": p.place if p.out else None})
    return rows


def _next_level(st: Any) -> dict[str, Any] | None:
    """The level after the current one (or after the break), as the clock shows it."""
    nxt = st.next_level
    if nxt is None:
        return None
    return {"level": st.level_number + 1, "small_blind": nxt.small_blind,
            "big_blind": nxt.big_blind, "ante": nxt.ante, "big_blind_ante": nxt.big_blind_ante,
            "minutes": nxt.minutes}


def _next_break(t: Tournament, st: Any) -> dict[str, Any] | None:
    """The next break after the current period: its number, the level it follows, the clock
    time to it (seconds of play: it does not run while the clock is stopped) and whether it is
    a chip-up (IFP 56); None when no break is left."""
    s = t.structure
    number = sum(1 for p in s.periods[:st.period_index + 1] if p.kind == "break")
    for j in range(st.period_index + 1, len(s.periods)):
        p = s.periods[j]
        if p.kind == "break":
            return {"break": number + 1, "after_level": s.level_number_at(j),
                    "seconds_to": round(s.period_start(j) - st.elapsed, 1),
                    "minutes": p.minutes, "color_up": list(p.color_up)}  # type: ignore[union-attr]
    return None


def _rule_of(field: str, t: Tournament, default: str) -> str:
    from pokertd.tournament.director import field_rule
    return field_rule(field, t.rules.name, default)


def preset_rule(t: Tournament, field: str) -> str:
    """The rule of the preset in force that decides a RuleSet ``field`` (a house: its own,
    else its base preset's), or "" when that book has none (WPA on the dead button)."""
    from pokertd.rules import field_rules
    rules = field_rules(field)
    return rules.get(t.rules.name) or rules.get(t.config.rules_base, "")


def _chip_race_status(t: Tournament, now: float) -> dict[str, Any] | None:
    if not t.started or t.finished or t.dealt or t.floor is None:
        return None
    going = t.colours_due(now)
    if not going:
        return None
    return {"going_out": list(going), "tables_done": sorted(t.raced_tables),
            "tables_left": sorted(set(t.floor.tables) - t.raced_tables),
            "rule": {"tda-2024": "TDA 24", "wpa": "WPA 14"}.get(t.rules.name, "IFP 56")}


def _as_stored(args: Mapping[str, Any] | None) -> dict[str, Any]:
    """A marker's ``args`` as the log gives them back (JSON: lists, string keys), to compare a
    command sent again with the one stored."""
    import json

    return dict(json.loads(json.dumps(dict(args or {}))))


def _keys(buttons: Mapping[int, int] | None) -> dict[str, int]:
    """Buttons (table -> seat) as JSON (string keys), for a batch's marker."""
    return {str(k): v for k, v in (buttons or {}).items()}
