"""The game server: every playable table of a store, each driven by its own asyncio task.

:class:`TableServer` loads every table from the store (a restart, even after a kill -9,
resumes each one: a hand in progress goes on from its last committed action, the clocks of
the players to act start again), runs one task per table that wakes when something is due
(a bot's action after its human-like delay, a player's time running out, the next deal) and
hands every change to the table's subscribers, each one a view built for its own seat
(:func:`pokertd.services.tables.view`: no hole card a recipient may not see).

Commands (:meth:`TableServer.command`) run in the event loop's thread one at a time, so a
table's state changes in one order only; each appends its events to the store before any
subscriber is told.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pokertd.storage import Store

from .tables import KIND, Table, TableConfig, TableError, frames, hash_token, new_token, view

__all__ = ["Subscriber", "TableServer"]

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

    def send(self, frame: str) -> None:
        q = self.queue
        if q.full():
            # A client too slow to read: only the newest state matters to it.
            with contextlib.suppress(asyncio.QueueEmpty):
                while True:
                    q.get_nowait()
        q.put_nowait(frame)


class TableServer:
    """Every table of ``store`` (see the module docstring). ``clock``: seconds (monotonic);
    ``rng``: the decks and the bots' delays (the system CSPRNG unless a test seeds it)."""

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

    # --- tables -------------------------------------------------------------------------

    def load_all(self) -> None:
        for info in self.store.streams(KIND):
            if info.name not in self.tables:
                self.tables[info.name] = Table.load(self.store, info.name, clock=self.clock,
                                                    rng=self.rng(info.name))

    def table(self, name: str) -> Table:
        t = self.tables.get(name)
        if t is None:
            from .tables import UnknownTable
            raise UnknownTable(name)
        return t

    def open_table(self, name: str, config: TableConfig, *, event: str | None = None,
                   table_id: int | None = None) -> tuple[Table, str]:
        """A new table and its host token (the host adds and removes bots)."""
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
            log.append(info.id, 0, [NewEvent("opened", {
                "config": config.to_dict(), "host": hash_token(host), "event": event,
                "table": table_id})])
        t = Table.load(self.store, name, clock=self.clock, rng=self.rng(name))
        self.tables[name] = t
        self._start(name)
        return t, host

    # --- running ------------------------------------------------------------------------

    def start(self) -> None:
        """Load every table and start its task (in the running event loop)."""
        self.load_all()
        for ext in self.extensions:
            ext.load_all()
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
            due = t.next_wake()
            timeout = None if due is None else max(0.0, due - self.clock())
            if timeout is None or timeout > 0:
                with contextlib.suppress(asyncio.TimeoutError):
                    await asyncio.wait_for(wake.wait(), timeout)
            else:
                await asyncio.sleep(0)                # the other tables and clients run too
            wake.clear()
            try:
                changed = t.tick(self.clock())
            except Exception:                         # the store failed: try again shortly
                await asyncio.sleep(0.5)
                with contextlib.suppress(Exception):
                    self.tables[name] = Table.load(self.store, name, clock=self.clock,
                                                   rng=self.rng(name))
                    self._rehook(name)
                continue
            if changed:
                self.broadcast(name)

    def _rehook(self, name: str) -> None:
        for ext in self.extensions:
            ext.rehook(self.tables[name])

    async def close(self) -> None:
        for task in self._tasks.values():
            task.cancel()
        for task in self._tasks.values():
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks.clear()

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

    # --- clients ------------------------------------------------------------------------

    def subscribe(self, name: str, token: str | None = None, host: bool = False, *,
                  queue: asyncio.Queue[str] | None = None) -> Subscriber:
        """A new subscriber for the seat of ``token`` (``queue``: the client's outgoing frames,
        kept when the same client subscribes again); the table's state is its first frame."""
        t = self.table(name)
        sub = Subscriber(name, token, host) if queue is None else Subscriber(name, token, host, queue)
        self.subscribers.setdefault(name, set()).add(sub)
        sub.send(self.frame(name, t.seat_of_token(token), host))
        return sub

    def unsubscribe(self, sub: Subscriber) -> None:
        self.subscribers.get(sub.table, set()).discard(sub)

    def frame(self, name: str, seat: int | None, host: bool = False,
              history: bool = True) -> str:
        v = view(self.table(name), seat, history=history)
        v["host"] = host
        return json.dumps(v)

    def broadcast(self, name: str) -> None:
        """Each subscriber's own view, built once per seat; the last hands only when they
        have changed (a client keeps those it has)."""
        t = self.table(name)
        history = self._history_sent.get(name) != t.hands_over
        self._history_sent[name] = t.hands_over
        subs = list(self.subscribers.get(name, ()))
        seats: dict[str | None, int | None] = {None: None}
        for sub in subs:
            if sub.token not in seats:
                seats[sub.token] = t.seat_of_token(sub.token)
        built = frames(t, {(seats[sub.token], sub.host) for sub in subs}, history=history)
        for sub in subs:
            sub.send(built[(seats[sub.token], sub.host)])
            self.sent += 1

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
