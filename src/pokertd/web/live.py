"""Live updates: every screen watching an event gets a fresh snapshot within a second of a
change, whoever made it (this server, the CLI, another server on the same database).

One task polls, for each watched event only, the number of its last stored event (one
indexed ``max(seq)`` query) every :data:`POLL_S`; a command run by this server wakes it at
once (:meth:`Hub.publish`). When the number has moved, or the clock reaches the end of a
level or break, the snapshot is rebuilt once and handed to every subscriber, which sends it
as a server-sent event. Subscribers that disconnect simply stop waiting.

The work of one change does not grow with the screens but once: the snapshot is built and
encoded (compact JSON, as the bytes of one server-sent event) in a worker thread, once per
change, and every screen is sent those same bytes; the screens wait on one shared future per
change (all woken in one turn of the event loop, none re-taking a lock in turn). What is left
per screen is sending those bytes: :class:`LiveStreams` serves the streams ahead of the
application's layers (session cookie, routing, error handlers), which a public stream has no
use for and which would otherwise be crossed once per screen at every change.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

import orjson
from starlette.responses import JSONResponse

from pokertd.services.tournaments import TournamentService, UnknownTournament
from pokertd.storage import DatabaseFailure

from .views import next_change

POLL_S = 0.2
KEEPALIVE_S = 15.0
#: A browser whose stream drops tries again after this long (the stream's ``retry`` field).
RETRY_MS = 2000


@dataclass
class Watch:
    name: str
    stream_id: int
    head: int = -1
    boundary: float | None = None
    snapshot: dict[str, Any] | None = None
    message: bytes = b""       # the snapshot as one server-sent event, encoded once for all
    version: int = 0
    subscribers: int = 0
    # Resolved when the next snapshot replaces this one, or when it is time for a keep-alive.
    changed: asyncio.Future[int] | None = None
    notified: float = 0.0      # the loop's time of the last resolution
    building: asyncio.Future[None] | None = None   # the first snapshot, while it is built

    def next_change(self) -> asyncio.Future[int]:
        if self.changed is None or self.changed.done():
            self.changed = asyncio.get_running_loop().create_future()
        return self.changed


def encode(snap: dict[str, Any]) -> bytes:
    """A snapshot as the bytes of one server-sent event (compact JSON, one line: orjson's,
    several times quicker than the standard library's, the same text)."""
    return b"event: state\ndata: " + orjson.dumps(snap, option=orjson.OPT_NON_STR_KEYS) + b"\n\n"


class Hub:
    def __init__(self, service: TournamentService,
                 build: Callable[[str], dict[str, Any]]) -> None:
        self.service = service
        self.build = build
        self.watches: dict[str, Watch] = {}
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def publish(self, name: str) -> None:
        """A command of this server changed ``name``: refresh its screens now (callable
        from any thread: the commands run in the server's worker threads)."""
        if self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._published, name)

    def _published(self, name: str) -> None:
        w = self.watches.get(name)
        if w is not None:
            w.head = -1
            self._wake.set()

    def _built(self, name: str) -> tuple[dict[str, Any], bytes]:
        snap = self.build(name)
        return snap, encode(snap)

    async def _refresh(self, w: Watch) -> None:
        try:
            snap, message = await asyncio.to_thread(self._built, w.name)
        except UnknownTournament:
            return
        w.snapshot, w.message = snap, message
        w.head = snap["seq"]
        w.boundary = next_change(snap)
        w.version += 1
        self._notify(w)

    @staticmethod
    def _notify(w: Watch) -> None:
        """Wake every subscriber of ``w`` at once: each sends the new snapshot, or a keep-alive
        if the version has not moved (one timer for all, not one per screen)."""
        waiting = w.next_change()
        w.changed = None
        w.notified = asyncio.get_running_loop().time()
        waiting.set_result(w.version)

    async def _poll(self) -> None:
        while True:
            for w in list(self.watches.values()):
                if w.subscribers == 0 or w.snapshot is None:
                    continue  # no one watching, or the first subscriber is building it
                if w.head == -1:
                    head = -2    # published by a command of this server: no need to ask
                else:
                    try:
                        head = await asyncio.to_thread(self.service.store.head, w.stream_id)
                    except Exception:  # the database is briefly unreachable: next round
                        continue
                due = w.boundary is not None and self.service.now() >= w.boundary
                if head != w.head or due:
                    with contextlib.suppress(Exception):
                        await self._refresh(w)
                if asyncio.get_running_loop().time() - w.notified >= KEEPALIVE_S:
                    self._notify(w)
            self._wake.clear()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._wake.wait(), POLL_S)

    def _ensure_running(self) -> None:
        if self._task is None or self._task.done():
            self._loop = asyncio.get_running_loop()
            self._task = self._loop.create_task(self._poll())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task

    async def subscribe(self, name: str, stream_id: int, *,
                        encoded: bool = False) -> AsyncIterator[Any]:
        """Snapshots of ``name``: the current one first, then one per change; None now and
        then while nothing changes (a keep-alive for the connection). ``encoded``: each as
        the bytes of its server-sent event (encoded once, however many subscribe)."""
        w = self.watches.get(name)
        if w is None:
            w = self.watches[name] = Watch(name, stream_id)
        w.subscribers += 1
        self._ensure_running()
        try:
            if w.snapshot is None:
                # The first screens of an event wait for one build, not one each.
                if w.building is None or w.building.done():
                    w.building = asyncio.ensure_future(self._refresh(w))
                await asyncio.shield(w.building)
            seen = w.version
            if w.snapshot is not None:
                yield w.message if encoded else w.snapshot
            while True:
                if w.version == seen:
                    # Shielded: a screen that goes away must not cancel the shared future.
                    await asyncio.shield(w.next_change())
                if w.version != seen and w.snapshot is not None:
                    seen = w.version
                    yield w.message if encoded else w.snapshot
                else:
                    yield None
        finally:
            w.subscribers -= 1


#: ``GET /events/{name}/stream``: an event's server-sent snapshots.
STREAM_PATH = re.compile(r"/events/([^/]+)/stream")
_HEADERS = [(b"content-type", b"text/event-stream; charset=utf-8"),
            (b"cache-control", b"no-store"), (b"x-accel-buffering", b"no")]
_KEEPALIVE = b": keep-alive\n\n"


class LiveStreams:
    """An ASGI layer that serves ``GET /events/{name}/stream`` itself: the current snapshot,
    then one per change (:meth:`Hub.subscribe`), as server-sent events, until the screen goes
    away. Every other request, and a stream of an unknown event (the application answers 404),
    goes on to ``app``. Added as the application's outermost middleware."""

    def __init__(self, app: Any, hub: Hub, find: Callable[[str], Any]) -> None:
        self.app = app
        self.hub = hub
        self.find = find            # an event's stream (its ``id``) by name, or None

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        m = None
        if scope["type"] == "http" and scope["method"] == "GET":
            m = STREAM_PATH.fullmatch(scope["path"])
        try:
            info = None if m is None else await asyncio.to_thread(self.find, m.group(1))
        except DatabaseFailure as exc:
            # Out here the application's handlers do not answer: the same 503 as theirs.
            away = JSONResponse({"error": f"{exc}: the database cannot be reached for now; "
                                          "the screen connects again by itself"},
                                status_code=503, headers={"Retry-After": "5"})
            await away(scope, receive, send)
            return
        if info is None:
            await self.app(scope, receive, send)
            return
        await self._stream(m.group(1), info.id, receive, send)  # type: ignore[union-attr]

    async def _stream(self, name: str, stream_id: int, receive: Any, send: Any) -> None:
        task = asyncio.current_task()
        assert task is not None
        gone = False

        async def disconnect() -> None:
            # The screen going away is seen only here (a send to it just does nothing).
            nonlocal gone
            while (await receive())["type"] != "http.disconnect":
                pass
            gone = True
            task.cancel()

        watcher = asyncio.ensure_future(disconnect())
        try:
            await send({"type": "http.response.start", "status": 200, "headers": _HEADERS})
            await send({"type": "http.response.body", "more_body": True,
                        "body": f"retry: {RETRY_MS}\n\n".encode()})
            async for message in self.hub.subscribe(name, stream_id, encoded=True):
                await send({"type": "http.response.body", "more_body": True,
                            "body": _KEEPALIVE if message is None else message})
        except asyncio.CancelledError:
            if not gone:
                raise               # the server is stopping
            task.uncancel()
        finally:
            watcher.cancel()
