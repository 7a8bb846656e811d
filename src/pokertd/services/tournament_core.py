"""The tournament service's core: load a tournament from the store, run one command on it,
commit its events as one batch, undo and redo (:mod:`pokertd.services.tournaments` tells the
whole story).

Here: the records a command returns (:class:`Loaded`, :class:`Outcome`, :class:`Reverted`), the
service's errors, the clients' command ids (:data:`COMMAND_ID`), and
:class:`TournamentServiceCore`, on which each group of commands
(:mod:`~pokertd.services.tournament_registration`, :mod:`~pokertd.services.tournament_clock`,
:mod:`~pokertd.services.tournament_eliminations`, :mod:`~pokertd.services.tournament_money`,
:mod:`~pokertd.services.tournament_floor`) is built.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping
from dataclasses import field
from typing import Any, Generic, TypeVar

from pokertd.records import MutableRecord, Record, mutable_record, record
from pokertd.services.history import (
    CLOCK, COMMAND, MARKERS, REDONE, UNDONE, Batch, History, HistoryError, changes, describe,
    read_history,
)
from pokertd.services.tournament_replays import _Replays
from pokertd.storage import NewEvent, RecordedEvent, Store
from pokertd.tournament import events as ev
from pokertd.tournament.director import Tournament
from pokertd.tournament.house import TournamentConfig


KIND = "tournament"


R = TypeVar("R")


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


class TournamentServiceCore:
    """Tournaments in one store: load, run, commit, observe, undo and redo."""

    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock
        self._replays = _Replays(store)

    def now(self) -> float:
        return float(self.clock())

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
        lines, moves = changes(before, after, first.at)
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
        lines, moves = changes(before, after, now)
        if before.finished and (not after.finished or after.results() != before.results()):
            self._check_not_in_a_league(name, before, "undo" if undo else "redo",
                                        describe(target))
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

    def _check_not_in_a_league(self, name: str, t: Tournament, verb: str, what: str) -> None:
        """A finished tournament whose results a league season holds keeps them: a season
        keeps its events (appended, never changed), so an undo that reopened the event or
        changed its places would leave the two apart; it is refused, nothing written."""
        from pokertd.services.leagues import league_events_holding

        held = league_events_holding(self.store, name, t)
        if held:
            where = "; ".join(f"event {e!r} of the league season {s!r}" for s, e in held)
            raise HistoryError(
                f"{name}: its results are {where}, and a season keeps its events: to {verb} "
                f"{what!r} would reopen the tournament or change its places while the season "
                "keeps the old ones; nothing changed")


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


def _as_stored(args: Mapping[str, Any] | None) -> dict[str, Any]:
    """A marker's ``args`` as the log gives them back (JSON: lists, string keys), to compare a
    command sent again with the one stored."""
    import json

    return dict(json.loads(json.dumps(dict(args or {}))))
