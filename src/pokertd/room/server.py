"""The game server: every playable table of a store, each driven by its own asyncio task.

:class:`TableServer` loads every table from the store (a restart, even after a kill -9,
resumes each one: a hand in progress goes on from its last committed action, the clocks of
the players to act start again), runs one task per table that wakes when something is due
(a bot's action after its human-like delay, a player's time running out, the next deal) and
hands every change to the table's subscribers, each one a view built for its own seat
(:func:`pokertd.room.views.view`: no hole card a recipient may not see).

Commands (:meth:`TableServer.command`) run in the event loop's thread one at a time, so a
table's state changes in one order only. Once the server runs (:meth:`TableServer.start`),
a change's events go to one writer thread (:class:`Writer`), which appends the changes of
every table waiting in one transaction (one disk sync for all of them), so that no table
waits on the disk in the event loop, nor on another table's sync. What a change sends (each
subscriber's frame, the reply to the command) is built at once and held until the store has
the change and every change before it at that table: no client hears of an action before
it is committed, and each client gets a table's frames in the table's order. Other streams
written with the tables (a dealt event's director, :meth:`TableServer.write`) go the same
way, and a table's change made while its event's director's write is on its way rests on it:
refused, the change is not written either.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import random
import threading
import time
from collections import deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pokertd.storage import NewEvent, Store

from .outbox import Outbox
from .tables import KIND, Table, TableConfig, TableError, frames, hash_token, new_token, view

__all__ = ["DependencyRefused", "Subscriber", "TableServer", "Writer", "event_key"]

# What an "unseated" frame says to its client, by reason.
_UNSEATED = {
    "busted": "you lost every chip: your seat is free and your token acts for no seat; join "
              "again to buy in",
    "left": "you left: your seat is free and your token acts for no seat",
    "moved": "the tournament moved you to another table: connect to it and say hello with "
             "the same token",
    "out": "you are out of the tournament: your token acts for no seat",
    "finished": "the tournament is over: no more hands; your token acts for no seat",
}

R = TypeVar("R")


def event_key(name: str) -> tuple[str, str]:
    """The writes of dealt event ``name``'s director (its tournament stream): the changes of
    its tables made while one is on its way rest on it (:meth:`TableServer.write`)."""
    return ("event", name)


@dataclass(eq=False)
class Subscriber:
    """One client watching a table: its seat's token (None: a spectator) and its outgoing
    frames (:class:`~pokertd.room.outbox.Outbox`: a slow client's state frames coalesced, its
    replies never dropped). Its frames are built for its token (its hash), never for a seat
    number: its seat is found from the token at every frame, and its own cards are those its
    token was dealt, so a seat its player has left (or lost every chip in) and someone else has
    taken shows neither player the other's cards; ``seat``: the one it had at the last frame
    (lost: the client is told why)."""

    table: str
    token: str | None = None
    host: bool = False
    queue: Outbox | asyncio.Queue[str] = field(default_factory=Outbox)
    token_hash: str | None = field(init=False, default=None)
    seat: int | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        self.token_hash = hash_token(self.token) if self.token else None

    def send(self, frame: str, state: bool = False) -> None:
        q = self.queue
        if isinstance(q, Outbox):
            q.put(frame, state)
        else:               # a test's own unbounded asyncio.Queue: it reads every frame
            q.put_nowait(frame)


class DependencyRefused(Exception):
    """A change made after one that the store refused, and resting on it."""


class _Write:
    """One change on its way to the store, and what waits for it: a table's (``key`` its
    name), or another stream's (a dealt event's director: ``table`` None). ``after``: a
    change this one rests on, made before it: refused, this one is not written either."""

    __slots__ = ("key", "table", "stream_id", "expected", "events", "after", "then", "error")

    def __init__(self, key: Hashable, table: Table | None, stream_id: int, expected: int,
                 events: list[NewEvent], after: _Write | None = None) -> None:
        self.key = key
        self.table = table
        self.stream_id = stream_id
        self.expected = expected
        self.events = events
        self.after = after
        self.then: list[Callable[[bool], None]] = []
        self.error: BaseException | None = None

    def refused_before(self) -> bool:
        """Whether a change this one rests on was refused (then so is this one)."""
        if self.after is not None and self.after.error is not None:
            self.error = DependencyRefused("a change it rests on was refused by the store")
        return self.error is not None


class Writer:
    """The thread that appends the tables' changes, in the order they were made: every change
    waiting when it is free goes into one transaction (a group commit: one disk sync), and a
    change the store refuses is tried again alone, so that one table's failure is its own.
    ``done`` is called in the event loop's thread with each batch of finished writes."""

    def __init__(self, store: Store, loop: asyncio.AbstractEventLoop,
                 done: Callable[[list[_Write]], None]) -> None:
        self.store = store
        self.loop = loop
        self.done = done
        self.queue: queue.SimpleQueue[list[_Write] | None] = queue.SimpleQueue()
        self.thread = threading.Thread(target=self._run, name="pokertd-table-writer",
                                       daemon=True)
        self.thread.start()

    def put(self, writes: list[_Write]) -> None:
        self.queue.put(writes)

    async def stop(self) -> None:
        """Write what is queued, then end the thread (its last reports run before this
        returns)."""
        self.queue.put(None)
        await asyncio.to_thread(self.thread.join)

    def _run(self) -> None:
        while self._one():
            pass

    def _one(self) -> bool:
        """Write the changes waiting (at least one batch); False once told to stop. (A
        function of its own: nothing of a batch is held while the thread waits for the next,
        a finished table's last write among them.)"""
        first = self.queue.get()
        if first is None:
            return False
        batch = list(first)
        stop = False
        while True:
            try:
                nxt = self.queue.get_nowait()
            except queue.Empty:
                break
            if nxt is None:
                stop = True
                break
            batch += nxt
        self._write(batch)
        try:
            self.loop.call_soon_threadsafe(self.done, batch)
        except RuntimeError:              # the loop is closed: nobody is left to tell
            return False
        return not stop

    def _write(self, batch: list[_Write]) -> None:
        todo = [w for w in batch if not w.refused_before()]
        if not todo:
            return
        try:
            with self.store.transaction() as log:
                for w in todo:
                    log.append(w.stream_id, w.expected, w.events)
        except Exception as exc:
            if len(todo) == 1:
                todo[0].error = exc
                return
            # One change was refused: each alone, so that the others are committed (a
            # stream's changes after its refused one are refused too: their heads are wrong;
            # and so are the changes resting on it).
            for w in todo:
                if w.refused_before():
                    continue
                try:
                    self.store.append(w.stream_id, w.expected, w.events)
                except Exception as one:
                    w.error = one


class TableServer:
    """Every table of ``store`` (see the module docstring). ``clock``: seconds (monotonic);
    ``rng``: the decks of an unseeded table and the bots' delays (the system CSPRNG unless a
    test injects a generator, which starts again at each load of the table; a seeded table's
    decks follow from its seed and its log, :mod:`pokertd.room.seeds`).

    A table that is over for good (a finished dealt event's: :meth:`retire`) leaves memory;
    asked for again (a spectator, its hand histories, a PHH download), it is loaded from the
    store and leaves again once nobody has asked for it for :attr:`IDLE` seconds."""

    #: Seconds a retired table loaded again is kept after it was last asked for.
    IDLE = 60.0

    def __init__(self, store: Store, *, clock: Callable[[], float] = time.monotonic,
                 rng: Callable[[str], random.Random] | None = None) -> None:
        self.store = store
        self.clock = clock
        self.rng = rng or (lambda name: random.SystemRandom())
        self.tables: dict[str, Table] = {}
        self.subscribers: dict[str, set[Subscriber]] = {}
        self._wake: dict[str, asyncio.Event] = {}
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self.sent = 0
        self._history_sent: dict[str, tuple[int, bool]] = {}
        self.extensions: list[Any] = []    # the dealt events (pokertd.room.dealt_tables)
        self._writer: Writer | None = None
        self._pending: dict[Hashable, deque[_Write]] = {}  # each key's writes not yet done
        self._outbox: list[_Write] = []
        self._idle: dict[str, float] = {}     # retired tables loaded again: when last asked for
        self._sweep: asyncio.TimerHandle | None = None

    # --- tables -------------------------------------------------------------------------

    def _load(self, name: str) -> Table:
        t = Table.load(self.store, name, clock=self.clock, rng=self.rng(name))
        t.writer = None if self._writer is None else self._queue_write
        self.tables[name] = t
        return t

    def load_all(self) -> None:
        """Every table of the store but those over for good (the extensions say which)."""
        over: set[str] = set()
        for ext in self.extensions:
            over |= ext.retired_tables()
        for info in self.store.streams(KIND):
            if info.name not in self.tables and info.name not in over:
                self._load(info.name)

    def table(self, name: str) -> Table:
        """Table ``name``; one retired from memory is loaded again from the store."""
        t = self.tables.get(name)
        if t is None:
            if self.store.find_stream(KIND, name) is None:
                from .tables import UnknownTable
                raise UnknownTable(name)
            t = self._load(name)             # retired: nothing left to run, no task
            self._idle[name] = self.clock()
            self._sweep_later()
        elif name in self._idle:
            self._idle[name] = self.clock()
        return t

    def retire(self, name: str) -> None:
        """Table ``name`` is over for good (its last changes written): out of memory; what a
        user may still ask of it is loaded from the store (:meth:`table`)."""
        task = self._tasks.pop(name, None)
        if task is not None:
            task.cancel()
        self._wake.pop(name, None)
        self._history_sent.pop(name, None)
        self._idle.pop(name, None)
        self.tables.pop(name, None)

    def _sweep_later(self) -> None:
        if self._sweep is None:
            with contextlib.suppress(RuntimeError):
                self._sweep = asyncio.get_running_loop().call_later(self.IDLE, self._sweep_idle)

    def _sweep_idle(self) -> None:
        """The retired tables loaded again and not asked for since :attr:`IDLE` seconds leave
        memory again."""
        self._sweep = None
        now = self.clock()
        for name, used in list(self._idle.items()):
            if now - used >= self.IDLE and not self.pending(name):
                self.retire(name)
        if self._idle:
            self._sweep_later()

    def open_table(self, name: str, config: TableConfig, *, event: str | None = None,
                   table_id: int | None = None, seed: str | int | None = None) -> tuple[Table, str]:
        """A new table and its host token (the host adds and removes bots). ``seed``: its
        decks and bots' decisions derived from it (:mod:`pokertd.room.seeds`: for tests,
        research and replays, never for real play); none: the system CSPRNG. A ``fair``
        config deals verifiably (:mod:`pokertd.room.fair_deal`); with a seed too, its
        commitments come from the seed (its hands verify, but prove nothing to a player)."""
        from .seeds import check_seed
        try:
            seed = check_seed(seed)
        except ValueError as exc:
            raise TableError(str(exc)) from None
        name = " ".join(str(name).split())
        if not 1 <= len(name) <= 60 or "/" in name or name in ("static", "api", "events"):
            raise TableError("give the table a name of 1 to 60 characters, without '/' (and "
                             "not static, api or events: the lobby's own addresses)")
        if self.store.find_stream(KIND, name) is not None:
            raise TableError(f"a table named {name!r} already exists")
        host = new_token()
        from pokertd.storage import NewEvent
        with self.store.transaction() as log:
            info = log.create_stream(KIND, name, {"event": event})
            opened = {"config": config.to_dict(), "host": hash_token(host), "event": event,
                      "table": table_id}
            if seed is not None:
                opened["seed"] = seed
            first = [NewEvent("opened", opened)]
            if config.fair:
                # hand 1's commitment, published before any seed is taken (fair_deal, step 1)
                from .fair_deal import committed_event
                first.append(NewEvent("committed", committed_event(
                    name, 1, seed=seed, event=event, table_id=table_id)))
            log.append(info.id, 0, first)
        t = self._load(name)
        self._start(name)
        return t, host

    # --- running ------------------------------------------------------------------------

    def start(self) -> None:
        """Load every table and start its task and the writer thread (in the running event
        loop)."""
        self.load_all()
        for ext in self.extensions:
            ext.load_all()
        if self._writer is None:
            self._writer = Writer(self.store, asyncio.get_running_loop(), self._written)
            for t in self.tables.values():
                t.writer = self._queue_write
        for name in self.tables:
            self._start(name)

    def _start(self, name: str) -> None:
        with contextlib.suppress(RuntimeError):
            asyncio.get_running_loop()
            if name not in self._tasks or self._tasks[name].done():
                self._wake[name] = asyncio.Event()
                self._tasks[name] = asyncio.get_running_loop().create_task(self._run(name))

    async def _run(self, name: str) -> None:
        wake = self._wake[name]
        while True:
            t = self.tables.get(name)
            if t is None:
                return
            due = None if t.broken else t.next_wake()
            timeout = None if due is None else max(0.0, due - self.clock())
            if timeout is None or timeout > 0:
                # (asyncio.timeout, not wait_for: Python 3.11's wait_for can swallow the
                # task's cancellation when its timeout falls due at the same moment, and
                # the server's close then waits for this task for ever)
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(timeout):
                        await wake.wait()
            else:
                await asyncio.sleep(0)                # the other tables and clients run too
            wake.clear()
            t = self.tables.get(name)
            if t is None:
                return
            if t.broken:                              # loaded again once its writes are done
                await asyncio.sleep(0.5)
                self._reload(name)
                continue
            try:
                changed = t.tick(self.clock())
            except Exception:                         # the store failed: try again shortly
                await asyncio.sleep(0.5)
                self._reload(name)
                continue
            if changed:
                self.broadcast(name)

    def _reload(self, name: str) -> None:
        """The table as the store has it, once its writes under way are done (those after
        a refused one are refused too)."""
        t = self.tables[name]
        t.broken = True
        if self._pending.get(name):
            return                                    # again when the last one is done
        with contextlib.suppress(Exception):
            self._load(name)
            self._rehook(name)
            self._history_sent.pop(name, None)
            self.broadcast(name)
        self.wake(name)

    def _rehook(self, name: str) -> None:
        for ext in self.extensions:
            ext.rehook(self.tables[name])

    async def close(self) -> None:
        """Stop the tables' tasks, then write what is queued (its frames are sent)."""
        for task in self._tasks.values():
            task.cancel()
        for task in self._tasks.values():
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks.clear()
        if self._sweep is not None:
            self._sweep.cancel()
            self._sweep = None
        if self._writer is not None:
            self._hand_over()
            writer, self._writer = self._writer, None
            await writer.stop()
            for t in self.tables.values():
                t.writer = None

    def wake(self, name: str) -> None:
        w = self._wake.get(name)
        if w is not None:
            w.set()

    def command(self, name: str, run: Callable[[Table], R]) -> R:
        """Run one command on a table, then tell its subscribers and wake its task."""
        t = self.table(name)
        before = t.version
        out = run(t)
        if t.version != before:
            self.broadcast(name)
        self.wake(name)
        return out

    # --- the store, then the clients ----------------------------------------------------

    @property
    def writing(self) -> bool:
        """Whether the writer thread runs (:meth:`write` may be called)."""
        return self._writer is not None

    def write(self, key: Hashable, stream_id: int, expected: int,
              events: list[NewEvent]) -> None:
        """Append ``events`` to stream ``stream_id`` (at head ``expected``) by the writer
        thread, after every change made before (a dealt event's director: ``key``
        :func:`event_key`); :meth:`after_written` on ``key`` hears whether it was taken."""
        self._queue(_Write(key, None, stream_id, expected, events))

    def _queue_write(self, table: Table, expected: int, events: list[NewEvent]) -> None:
        # A dealt event's table changed while its director's write is on its way: the change
        # rests on it (a hand dealt from the setup it records, seats it changed).
        on = self._pending.get(event_key(table.event)) if table.event is not None else None
        self._queue(_Write(table.name, table, table.stream_id, expected, events,
                           on[-1] if on else None))

    def _queue(self, w: _Write) -> None:
        self._pending.setdefault(w.key, deque()).append(w)
        if not self._outbox:
            # the changes of this turn of the loop go to the writer together, at its end
            asyncio.get_running_loop().call_soon(self._hand_over)
        self._outbox.append(w)

    def _hand_over(self) -> None:
        writes, self._outbox = self._outbox, []
        if writes and self._writer is not None:
            self._writer.put(writes)

    def _written(self, batch: list[_Write]) -> None:
        """The writer's report (in the loop's thread): what waited for each write goes out
        (or, for a refused one, is dropped and the table loaded again)."""
        for w in batch:
            q = self._pending.get(w.key)
            if q and q[0] is w:
                q.popleft()
                if not q:
                    del self._pending[w.key]
            ok = w.error is None
            t = w.table
            if t is not None and not ok:
                t.broken = True
            for then in w.then:
                then(ok)
            if t is not None and (not ok or (t.broken and not q)):
                if self.tables.get(t.name) is t:
                    self._reload(t.name)

    def after_written(self, name: Hashable, then: Callable[[bool], None]) -> None:
        """Call ``then(ok)`` once every change of table ``name`` (or of a :meth:`write` key)
        made so far is in the store (at once if there is none under way); ``ok`` False: the
        store refused one."""
        q = self._pending.get(name)
        if q:
            q[-1].then.append(then)
        else:
            then(True)

    def pending(self, name: Hashable) -> bool:
        """Whether a change of table ``name`` (or of a :meth:`write` key) is on its way."""
        return bool(self._pending.get(name))

    async def written(self, *names: Hashable) -> bool:
        """Wait until every change of each table ``names`` (or :meth:`write` key) made so
        far is in the store and its frames are sent (False: the store refused one)."""
        loop = asyncio.get_running_loop()
        futures = []
        for name in names:
            done: asyncio.Future[bool] = loop.create_future()
            self.after_written(name, lambda ok, done=done: done.done() or done.set_result(ok))
            futures.append(done)
        return all(await asyncio.gather(*futures))

    def deliver(self, sub: Subscriber, frame: str) -> None:
        """Send ``frame`` (a reply to the subscriber's command, its first state) once what it
        tells of is in the store, after the table's frames before it."""
        def then(ok: bool) -> None:
            sub.send(frame if ok else json.dumps({
                "type": "error", "message": "the store did not take the last change: the "
                "table is loaded again from the store; try again"}))
        self.after_written(sub.table, then)

    # --- clients ------------------------------------------------------------------------

    def subscribe(self, name: str, token: str | None = None, host: bool = False, *,
                  queue: Outbox | asyncio.Queue[str] | None = None) -> Subscriber:
        """A new subscriber for the seat of ``token`` (``queue``: the client's outgoing frames,
        kept when the same client subscribes again); the table's state is its first frame."""
        t = self.table(name)
        sub = Subscriber(name, token, host) if queue is None else Subscriber(name, token, host, queue)
        self.subscribers.setdefault(name, set()).add(sub)
        sub.seat = t.seat_of_hash(sub.token_hash)
        frame = self.frame(name, sub.token_hash, host)
        self.after_written(name, lambda ok: sub.send(frame, True) if ok else None)
        return sub

    def unseated(self, name: str, token: str | None, seat: int | None = None) -> str | None:
        """The frame telling the client of ``token`` that its seat at table ``name`` is no
        longer its own, and why (``reason``: busted, left, moved with where to, out with the
        place): None if the table freed no seat of this token."""
        t = self.table(name)
        gone = t.gone.get(hash_token(token)) if token else None
        if gone is None:
            return None
        out: dict[str, Any] = {"type": "unseated", "table": name, **gone}
        if seat is not None:
            out["seat"] = seat
        for ext in self.extensions:         # a dealt event: moved (where to) or out (place)
            out.update(ext.whereabouts(t, token) or {})
        out["message"] = _UNSEATED[out["reason"]]
        return json.dumps(out)

    def unsubscribe(self, sub: Subscriber) -> None:
        subs = self.subscribers.get(sub.table)
        if subs is not None:
            subs.discard(sub)
            if not subs:
                del self.subscribers[sub.table]

    def tell_finished(self, name: str, event: str, results: dict[str, dict[str, Any]]) -> None:
        """Dealt event ``event`` is over (its end in the store): each client still seated at
        its table ``name`` is told his place and prize (an ``unseated`` frame, ``finished``:
        no more hands, his token acts for no seat)."""
        t = self.tables.get(name)
        for sub in list(self.subscribers.get(name, ())) if t is not None else ():
            s = t.seats[sub.seat - 1] if sub.seat is not None else None
            r = results.get(s.name) if s is not None else None
            if r is None:
                continue
            sub.send(json.dumps({"type": "unseated", "table": name, "reason": "finished",
                                 "seat": sub.seat, "name": s.name, "event": event,
                                 "place": r["place"], "prize": r["prize"],
                                 "message": _UNSEATED["finished"]}))

    def frame(self, name: str, who: str | None, host: bool = False,
              history: bool = True) -> str:
        """The state frame for the client whose token hashes to ``who`` (None: a
        spectator)."""
        v = view(self.table(name), who, history=history)
        v["host"] = host
        return json.dumps(v)

    def broadcast(self, name: str) -> None:
        """Each subscriber's own view, built now (once per token: every spectator is sent the
        same text) and sent once the store has the change; the last hands only when they
        have changed (a client keeps those it has)."""
        t = self.table(name)
        over = (t.hands_over, t.held() is not None)   # a stopped hand goes on: IFP 61
        history = self._history_sent.get(name) != over
        self._history_sent[name] = over
        subs = list(self.subscribers.get(name, ()))
        if not subs:
            return
        seats: dict[str | None, int | None] = {None: None}
        for sub in subs:
            if sub.token_hash not in seats:
                seats[sub.token_hash] = t.seat_of_hash(sub.token_hash)
        built = frames(t, {(sub.token_hash, sub.host) for sub in subs}, history=history)
        out = [(sub, built[(sub.token_hash, sub.host)]) for sub in subs]
        lost = []
        for sub in subs:
            now = seats[sub.token_hash]
            if sub.seat is not None and now is None:
                told = self.unseated(name, sub.token, sub.seat)
                if told is not None:
                    lost.append((sub, told))
            sub.seat = now

        def send(ok: bool) -> None:
            if ok:          # (refused: the table is loaded again, and sent again)
                for sub, frame in out:
                    sub.send(frame, True)
                for sub, frame in lost:
                    sub.send(frame)
                self.sent += len(out)
        self.after_written(name, send)

    def lobby(self) -> list[dict[str, Any]]:
        out = []
        for name, t in sorted(self.tables.items()):
            if t.event is not None:
                continue
            c = t.config
            out.append({"name": name, "seats": c.seats, "blinds": [c.small_blind, c.big_blind],
                        "structure": c.structure, "players": [
                            {"seat": k + 1, "name": s.name, "bot": s.bot, "stack": s.stack}
                            for k, s in enumerate(t.seats) if s is not None],
                        "hands": t.hands, "state": "playing" if t.hand is not None else "waiting",
                        "seeded": t.seed is not None, "fair": c.fair})
        return out
