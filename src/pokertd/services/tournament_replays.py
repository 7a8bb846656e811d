"""The tournament service's replays kept between loads: each tournament's log replayed up to
its last event read, brought up to date by the events stored since (by any writer), copied
for a command by a pickle and a tail of events, shared as is by the readers (DESIGN:
"Replaying the events rebuilds the state exactly").
"""

from __future__ import annotations

from collections.abc import Sequence

from pokertd.services.history import MARKERS, History, read_history
from pokertd.services.tournament_reading import SEAT_CHANGES
from pokertd.storage import RecordedEvent, Store
from pokertd.tournament import events as ev
from pokertd.tournament.director import Tournament


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
