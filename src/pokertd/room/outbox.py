"""A client's outgoing frames, for a client slower than its table.

A table sends each client a ``state`` frame at every change, and replies to its commands
(``welcome``, ``joined`` with the seat's token, ``ok``, ``error``, ``pong``, ``unseated``).
A client that reads slower than its table changes must not hold the server's memory without
bound, nor lose a reply: a ``state`` frame says everything the client needs to know of the
table, so the ones waiting may be coalesced to the newest (the last hands a dropped one carried
are kept: a frame without ``last_hands`` leaves them as they were); a reply is never dropped.
A client whose replies alone fill the outbox cannot keep up: it is closed, with a close code
and a reason it can read (:attr:`Outbox.overflow`), and says hello again when it reconnects.
"""

from __future__ import annotations

import asyncio
import json
from collections import deque

__all__ = ["CLOSE_CODE", "Outbox", "Overflowed"]

#: The websocket close code of a client closed for not reading (RFC 6455 7.4.1: 1008, a
#: message that violates the server's policy, here the policy of reading one's frames).
CLOSE_CODE = 1008
_HISTORY = '"last_hands":'          # (JSON escapes a quote in any name: never found there)


class Overflowed(Exception):
    """The client did not read its frames; ``args[0]``: the close reason."""


class Outbox:
    """Frames waiting to be sent to one client, in order (``limit``: how many may wait; None:
    any number, for tests that read every frame)."""

    def __init__(self, limit: int | None = 256) -> None:
        self.limit = limit
        self._frames: deque[tuple[bool, str]] = deque()     # (a state frame?, its text)
        self._ready = asyncio.Event()
        self.overflow: str | None = None
        self.coalesced = 0           # state frames dropped for a newer one

    def put(self, frame: str, state: bool = False) -> None:
        """Queue ``frame`` (``state``: a state frame, which a newer one may replace)."""
        if self.overflow is not None:
            return                   # being closed: nothing more is sent
        self._frames.append((state, frame))
        if self.limit is not None and len(self._frames) > self.limit:
            self._coalesce()
            if len(self._frames) > self.limit:
                self.overflow = (f"too slow: {len(self._frames)} replies unread; reconnect "
                                 "and say hello with your token")
        self._ready.set()

    def _coalesce(self) -> None:
        """Every state frame waiting but the newest dropped; the newest takes the place of
        the first (each reply still follows the state showing the change it answers), with
        the last hands of the newest dropped frame that had them."""
        states = [k for k, (state, _) in enumerate(self._frames) if state]
        if len(states) < 2:
            return
        newest = self._frames[states[-1]][1]
        if _HISTORY not in newest:
            for k in reversed(states[:-1]):
                text = self._frames[k][1]
                if _HISTORY in text:
                    frame = json.loads(newest)
                    frame["last_hands"] = json.loads(text)["last_hands"]
                    newest = json.dumps(frame)
                    break
        kept: deque[tuple[bool, str]] = deque()
        for k, item in enumerate(self._frames):
            if k == states[0]:
                kept.append((True, newest))
            elif not item[0]:
                kept.append(item)
        self.coalesced += len(states) - 1
        self._frames = kept

    # --- the asyncio.Queue side the sender (and tests) read ------------------------------

    def empty(self) -> bool:
        return not self._frames

    def qsize(self) -> int:
        return len(self._frames)

    def get_nowait(self) -> str:
        if self.overflow is not None:
            raise Overflowed(self.overflow)
        if not self._frames:
            raise asyncio.QueueEmpty
        return self._frames.popleft()[1]

    async def get(self) -> str:
        """The next frame; :class:`Overflowed` once the client is to be closed."""
        while True:
            if self.overflow is not None or self._frames:
                return self.get_nowait()
            self._ready.clear()
            await self._ready.wait()
