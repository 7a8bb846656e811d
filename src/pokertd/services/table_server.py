"""The game server: every playable table of a store, each driven by its own asyncio task.

:class:`TableServer` loads every table from the store (a restart, even after a kill -9,
resumes each one: a hand in progress goes on from its last committed action, the clocks of
the players to act start again), runs one task per table that wakes when something is due
(a bot's action after its human-like delay, a player's time running out, the next deal) and
hands every change to the table's subscribers, each one a view built for its own seat
(:func:`pokertd.services.tables.view`: no hole card a recipient may not see).

Commands (:meth:`TableServer.command`) run in the event loop's thread one at a time, so a
table's state changes in one order only. Once the server runs (:meth:`TableServer.start`),
a change's events go to one writer thread (:class:`Writer`), which appends the changes of
every table waiting in one transaction (one disk sync for all of them), so that no table
waits on the disk in the event loop, nor on another table's sync. What a change sends (each
subscriber's frame, the reply to the command) is built at once and held until the store has
the change and every change before it at that table: no client hears of an action before
it is committed, and each client gets a table's frames in the table's order.
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
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pokertd.storage import NewEvent, Store

from .tables import KIND, Table, TableConfig, TableError, frames, hash_token, new_token, view

__all__ = ["Subscriber", "TableServer", "Writer"]

R = TypeVar("R")


@dataclass(eq=False)
class Subscriber:
    """One client watching a table: its seat's token (None: a spectator) and its outgoing
    frames. The seat is found from the token at every frame: a seat its player has left (or
    lost every chip in) and someone else has taken shows the newcomer's cards to no one else."""

    table: str
    token: str | None = None
    host: bool = False
    queue: asyncio.Queue[str] = field(default_factory=lambda: asyncio.Queue(maxsize=256))
    token_hash: str | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        self.token_hash = hash_token(self.token) if self.token else None

    def send(self, frame: str) -> None:
        q = self.queue
        if q.full():
            # A client too slow to read: only the newest state matters to it.
            with contextlib.suppress(asyncio.QueueEmpty):
                while True:
                    q.get_nowait()
        q.put_nowait(frame)


class _Write:
    """One change of one table on its way to the store, and what waits for it."""

    __slots__ = ("table", "expected", "events", "then", "error")

    def __init__(self, table: Table, expected: int, events: list[NewEvent]) -> None:
        self.table = table
        self.expected = expected
        self.events = events
        self.then: list[Callable[[bool], None]] = []
        self.error: BaseException | None = None


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
        while True:
            first = self.queue.get()
            if first is None:
                return
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
            except RuntimeError:          # the loop is closed: nobody is left to tell
                return
            if stop:
                return

    def _write(self, batch: list[_Write]) -> None:
        try:
            with self.store.transaction() as log:
                for w in batch:
                    log.append(w.table.stream_id, w.expected, w.events)
        except Exception as exc:
            if len(batch) == 1:
                batch[0].error = exc
                return
            # One change was refused: each alone, so that the others are committed (a
            # table's changes after its refused one are refused too: their heads are wrong).
            for w in batch:
                try:
                    self.store.append(w.table.stream_id, w.expected, w.events)
                except Exception as one:
                    w.error = one


class TableServer:
    """Every table of ``store`` (see the module docstring). ``clock``: seconds (monotonic);
    ``rng``: the decks of an unseeded table and the bots' delays (the system CSPRNG unless a
    test injects a generator, which starts again at each load of the table; a seeded table's
    decks follow from its seed and its log, :mod:`pokertd.services.seeds`)."""

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
        self._history_sent: dict[str, int] = {}
        self.extensions: list[Any] = []    # the dealt events (pokertd.services.dealt_tables)
        self._writer: Writer | None = None
        self._pending: dict[str, deque[_Write]] = {}     # each table's writes not yet done
        self._outbox: list[_Write] = []

    # --- tables -------------------------------------------------------------------------

    def _load(self, name: str) -> Table:
        t = Table.load(self.store, name, clock=self.clock, rng=self.rng(name))
        t.writer = None if self._writer is None else self._queue_write
        self.tables[name] = t
        return t

    def load_all(self) -> None:
        for info in self.store.streams(KIND):
            if info.name not in self.tables:
                self._load(info.name)

    def table(self, name: str) -> Table:
        t = self.tables.get(name)
        if t is None:
            from .tables import UnknownTable
            raise UnknownTable(name)
        return t

    def open_table(self, name: str, config: TableConfig, *, event: str | None = None,
                   table_id: int | None = None, seed: str | int | None = None) -> tuple[Table, str]:
        """A new table and its host token (the host adds and removes bots). ``seed``: its
        decks and bots' decisions derived from it (:mod:`pokertd.services.seeds`: for tests,
        research and replays, never for real play); none: the system CSPRNG."""
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
            log.append(info.id, 0, [NewEvent("opened", opened)])
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

    def _queue_write(self, table: Table, expected: int, events: list[NewEvent]) -> None:
        w = _Write(table, expected, events)
        self._pending.setdefault(table.name, deque()).append(w)
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
            name = w.table.name
            q = self._pending.get(name)
            if q and q[0] is w:
                q.popleft()
            ok = w.error is None
            if not ok:
                w.table.broken = True
            for then in w.then:
                then(ok)
            if not ok or (w.table.broken and not q):
                if self.tables.get(name) is w.table:
                    self._reload(name)

    def after_written(self, name: str, then: Callable[[bool], None]) -> None:
        """Call ``then(ok)`` once every change of table ``name`` made so far is in the store
        (at once if there is none under way); ``ok`` False: the store refused one."""
        q = self._pending.get(name)
        if q:
            q[-1].then.append(then)
        else:
            then(True)

    async def written(self, name: str) -> bool:
        """Wait until every change of table ``name`` made so far is in the store and its
        frames are sent (False: the store refused one)."""
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.after_written(name, lambda ok: done.done() or done.set_result(ok))
        return await done

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
                  queue: asyncio.Queue[str] | None = None) -> Subscriber:
        """A new subscriber for the seat of ``token`` (``queue``: the client's outgoing frames,
        kept when the same client subscribes again); the table's state is its first frame."""
        t = self.table(name)
        sub = Subscriber(name, token, host) if queue is None else Subscriber(name, token, host, queue)
        self.subscribers.setdefault(name, set()).add(sub)
        frame = self.frame(name, t.seat_of_hash(sub.token_hash), host)
        self.after_written(name, lambda ok: sub.send(frame) if ok else None)
        return sub

    def unsubscribe(self, sub: Subscriber) -> None:
        self.subscribers.get(sub.table, set()).discard(sub)

    def frame(self, name: str, seat: int | None, host: bool = False,
              history: bool = True) -> str:
        v = view(self.table(name), seat, history=history)
        v["host"] = host
        return json.dumps(v)

    def broadcast(self, name: str) -> None:
        """Each subscriber's own view, built now (once per seat: every spectator is sent the
        same text) and sent once the store has the change; the last hands only when they
        have changed (a client keeps those it has)."""
        t = self.table(name)
        history = self._history_sent.get(name) != t.hands_over
        self._history_sent[name] = t.hands_over
        subs = list(self.subscribers.get(name, ()))
        if not subs:
            return
        seats: dict[str | None, int | None] = {None: None}
        for sub in subs:
            if sub.token_hash not in seats:
                seats[sub.token_hash] = t.seat_of_hash(sub.token_hash)
        built = frames(t, {(seats[sub.token_hash], sub.host) for sub in subs}, history=history)
        out = [(sub, built[(seats[sub.token_hash], sub.host)]) for sub in subs]

        def send(ok: bool) -> None:
            if ok:          # (refused: the table is loaded again, and sent again)
                for sub, frame in out:
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
                        "hands": t.hands, "state": "playing" if t.hand is not None else "waiting"})
        return out
