"""One websocket client of one playable table: its messages read, checked and answered (the
protocol: ``docs/table-protocol.md``).

Every frame a client sends is answered, whatever it holds: a binary frame, text that is not
JSON or nested too deep, a JSON value that is not an object, an unknown type, a missing or
malformed field each get an ``error`` frame naming what was wrong and what would be right,
and the connection stays open (nothing reaches the server's log as a traceback). An error
frame quotes at most a short prefix of what it refuses (:func:`quote`): a megabyte sent is
never a megabyte echoed. The frames go out through the client's
:class:`~pokertd.room.outbox.Outbox`; a client that stops reading them is closed with a
close code and a reason it can read.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect

from pokertd.engine import IllegalAction
from pokertd.room.outbox import CLOSE_CODE, Overflowed
from pokertd.room.server import TableServer
from pokertd.room.tables import TableError
from pokertd.room.turns import parse_turn

__all__ = ["MAX_MESSAGE", "Connection", "int_field", "quiet_bad_frames", "quote"]

log = logging.getLogger(__name__)

#: The longest message read (characters): every message of the protocol is a few hundred.
MAX_MESSAGE = 16_384
MAX_ID = 100                # an id's length (an id is echoed in the answer)
MAX_DIGITS = 18             # a number's digits (a chip count, a seat: far fewer)
KINDS = ("hello", "join", "act", "away", "back", "leave", "add_bot", "remove_bot", "seed",
         "ping")
ACTIONS = ("fold", "check", "call", "raise", "bet", "all_in")


class Refused(ValueError):
    """A message refused before it reached the table: what was wrong, what would be right."""


def quote(value: Any, limit: int = 40) -> str:
    """``value`` as an error frame may quote it: its repr, cut to ``limit`` characters."""
    text = value if isinstance(value, str) else repr(value)
    if len(text) > limit:
        return repr(text[:limit]) + f"… ({len(text)} characters)"
    return repr(text) if isinstance(value, str) else text


def int_field(v: Any, what: str) -> int:
    """A whole number field (a JSON number or its text), refused with a message quoting at
    most a short prefix of it."""
    if isinstance(v, bool) or not isinstance(v, (int, str)):
        raise TableError(f"{what}: a whole number" + ("" if v is None else f", not {quote(v)}"))
    if isinstance(v, str):
        t = v.strip()
        if not (t.lstrip("+-").isdigit() and len(t) <= MAX_DIGITS + 1):
            raise TableError(f"{what}={quote(v)}: a whole number of at most {MAX_DIGITS} digits")
        return int(t)
    return v


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise Refused(f"a number of {len(text.lstrip('-'))} digits ({quote(text, 20)}): the "
                      f"protocol's numbers have at most {MAX_DIGITS}")
    return int(text)


def _parse_constant(name: str) -> Any:
    raise Refused(f"{name} is not a JSON number: send whole numbers")


_JSON_KINDS = {list: "an array", str: "a string", bool: "true or false", type(None): "null"}


def read(text: str) -> dict[str, Any]:
    """A client's text frame as the message object it must be, or :class:`Refused`."""
    if not text.strip():
        raise Refused('an empty message: send a JSON object, e.g. {"type": "ping"}')
    if len(text) > MAX_MESSAGE:
        raise Refused(f"a message of {len(text)} characters: at most {MAX_MESSAGE} (a JSON "
                      f"object such as {{\"type\": \"act\", ...}}); it begins {quote(text)}")
    try:
        data = json.loads(text, parse_int=_parse_int, parse_constant=_parse_constant)
    except RecursionError:
        raise Refused("the message is nested too deep: a message is a flat JSON object, e.g. "
                      '{"type": "act", "action": "call"}') from None
    except json.JSONDecodeError as exc:
        raise Refused(f"not JSON ({exc.msg} at character {exc.pos}): send one JSON object "
                      'per text frame, e.g. {"type": "ping"}') from None
    if not isinstance(data, dict):
        raise Refused(f"a message is a JSON object, e.g. {{\"type\": \"ping\"}}, not "
                      f"{_JSON_KINDS.get(type(data), 'a number')}")
    mid = data.get("id")
    if mid is not None and (isinstance(mid, bool) or not isinstance(mid, (str, int))
                            or len(str(mid)) > MAX_ID):
        raise Refused(f"id: a string of at most {MAX_ID} characters (or a whole number), not "
                      f"{quote(mid)}")
    return data


class Connection:
    """One websocket client of one table (the module docstring)."""

    def __init__(self, server: TableServer, events: Any, name: str, ws: WebSocket) -> None:
        self.server = server
        self.events = events
        self.name = name
        self.ws = ws
        self.sub = server.subscribe(name, None)
        self.token: str | None = None
        self.host: str | None = None

    async def run(self) -> None:
        sender = asyncio.get_running_loop().create_task(self._send())
        try:
            while True:
                msg = await self.ws.receive()
                if msg["type"] == "websocket.disconnect":
                    break
                reply = self.answer(msg.get("text"), msg.get("bytes"))
                if reply is not None:
                    # after the frames of the change it answers, once the store has it
                    self.server.deliver(self.sub, json.dumps(reply))
                if not self.sub.queue.empty():
                    # the sender's turn before the next message: a client sending a burst
                    # while it reads is not taken for one that does not read (the outbox
                    # fills only when the socket does not take its frames)
                    await asyncio.sleep(0)
        except (WebSocketDisconnect, RuntimeError):      # (a receive once closed)
            pass
        finally:
            self.server.unsubscribe(self.sub)
            sender.cancel()

    def answer(self, text: str | None, binary: bytes | None) -> dict[str, Any] | None:
        """The reply to one frame (None: it was sent already, or there is none)."""
        data: dict[str, Any] | None = None
        try:
            if text is None:
                raise Refused(f"a binary frame ({len(binary or b'')} bytes): send each message "
                              "as a text frame holding one JSON object")
            data = read(text)
            return self.handle(data)
        except (TableError, IllegalAction, ValueError, KeyError, TypeError) as exc:
            reply = {"type": "error", "message": _clip(str(exc)),
                     "id": None if data is None else data.get("id")}
            if isinstance(exc, IllegalAction):
                reply.update(rule=exc.rule, legal=exc.legal)
            return reply
        except Exception as exc:            # noqa: BLE001 - a client never loses its socket
            log.error("table %r: a message could not be handled: %s: %s", self.name,
                      type(exc).__name__, _clip(str(exc), 200))
            return {"type": "error", "id": None if data is None else data.get("id"),
                    "message": "the server could not handle this message; nothing was done"}

    async def _send(self) -> None:
        with contextlib.suppress(WebSocketDisconnect, RuntimeError, asyncio.CancelledError):
            while True:
                try:
                    frame = await self.sub.queue.get()
                except Overflowed as why:
                    await self.ws.close(CLOSE_CODE, str(why))
                    return
                await self.ws.send_text(frame)

    def _resubscribe(self, host: bool) -> None:
        self.server.unsubscribe(self.sub)
        self.sub = self.server.subscribe(self.name, self.token, host, queue=self.sub.queue)

    def seat(self) -> int:
        seat = self.server.table(self.name).seat_of_token(self.token)
        if seat is None:
            raise TableError("you have no seat at this table: join first (or say hello with "
                             "your token)")
        return seat

    def is_host(self) -> bool:
        return self.server.table(self.name).is_host(self.host)

    def handle(self, m: dict[str, Any]) -> dict[str, Any] | None:
        kind = m.get("type")
        mid = m.get("id")
        srv = self.server
        if kind == "hello":
            self.token = _text(m.get("token"), "token") or None
            self.host = _text(m.get("host"), "host") or None
            seat = srv.table(self.name).seat_of_token(self.token)
            # welcome first, then the seat's state (and why a token has no seat any more)
            srv.deliver(self.sub, json.dumps({"type": "welcome", "seat": seat,
                                              "host": self.is_host(), "id": mid}))
            self._resubscribe(self.is_host())
            told = None if seat is not None else srv.unseated(self.name, self.token)
            if told is not None:
                srv.deliver(self.sub, told)
            return None
        if kind == "join":
            missing = [k for k in ("name", "seat", "stack") if m.get(k) is None]
            if missing:
                raise Refused(f"join needs a name, a seat and a stack (chips within the "
                              f"buy-in): {', '.join(missing)} missing")
            token = srv.command(self.name, lambda t: t.join(
                _text(m.get("name"), "name"), int_field(m.get("seat"), "seat"),
                int_field(m.get("stack"), "stack")))
            self.token = token
            seat = srv.table(self.name).seat_of_token(token)
            srv.deliver(self.sub, json.dumps({"type": "joined", "seat": seat, "token": token,
                                              "id": mid}))
            self._resubscribe(self.is_host())
            return None
        if kind == "act":
            seat = self.seat()
            action = m.get("action")
            if action not in ACTIONS:
                raise Refused(f"action: one of {', '.join(ACTIONS)} (raise and bet with an "
                              f"amount), not {quote(action)}")
            amount = m.get("amount")
            amount = None if amount is None else int_field(amount, "amount")
            turn = None if m.get("turn") is None else parse_turn(m["turn"])
            done = srv.command(self.name, lambda t: t.act(
                seat, action, amount, action_id=None if mid is None else str(mid), turn=turn))
            return {"type": "ok", "id": mid, "repeated": not done}
        if kind in ("away", "back"):
            seat = self.seat()
            srv.command(self.name, lambda t: t.set_away(seat, kind == "away"))
            return {"type": "ok", "id": mid}
        if kind == "leave":
            seat = self.seat()
            srv.command(self.name, lambda t: t.leave(seat))
            self.token = None
            self._resubscribe(self.is_host())
            return {"type": "ok", "id": mid}
        if kind == "add_bot":
            if not self.is_host():
                raise TableError("only the table's host adds bots")
            t = srv.table(self.name)
            seat = int_field(m.get("seat"), "seat")
            bot = _text(m.get("bot", "sensible"), "bot")
            srv.command(self.name, lambda tb: tb.join(
                _text(m.get("name"), "name") or f"Bot {seat}", seat,
                int_field(m.get("stack", t.config.buy_in[0] * 5), "stack"), bot=bot))
            return {"type": "ok", "id": mid}
        if kind == "remove_bot":
            if not self.is_host():
                raise TableError("only the table's host removes bots")
            seat = int_field(m.get("seat"), "seat")
            t = srv.table(self.name)
            s = t.seats[seat - 1] if 1 <= seat <= len(t.seats) else None
            if s is None or s.bot is None:
                raise TableError(f"seat {seat} holds no bot")
            srv.command(self.name, lambda tb: tb.leave(seat))
            return {"type": "ok", "id": mid}
        if kind == "seed":      # a fair table's: the player's seed for the next hand
            from pokertd.room.fair_deal import give_seed
            seat = self.seat()
            hand = srv.command(self.name, lambda t: give_seed(t, seat, m.get("seed"),
                                                              m.get("hand")))
            return {"type": "ok", "id": mid, "hand": hand}
        if kind == "ping":
            return {"type": "pong", "id": mid}
        if kind is None:
            raise Refused(f'a message needs a "type": one of {", ".join(KINDS)}')
        raise Refused(f"unknown message type {quote(kind)}: one of {', '.join(KINDS)}")


class _NotUtf8(logging.Filter):
    """A text frame that is not UTF-8 fails the connection (RFC 6455 8.1: uvicorn closes it
    with 1007, before the application sees it) and uvicorn logs it with a traceback: a
    client's bad frame is told to the log in one line, a warning, not as a server error."""

    SAID = "Invalid UTF-8 sequence received from client."

    def filter(self, record: logging.LogRecord) -> bool:
        if record.msg == self.SAID:
            record.msg = ("a client sent a text frame that is not UTF-8: closed with 1007 "
                          "(RFC 6455 8.1)")
            record.args = ()
            record.exc_info = record.exc_text = None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


def quiet_bad_frames() -> None:
    """Install :class:`_NotUtf8` on uvicorn's error log (once)."""
    logger = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, _NotUtf8) for f in logger.filters):
        logger.addFilter(_NotUtf8())


def _text(v: Any, what: str, limit: int = 200) -> str:
    """A text field (absent: empty), refused when it is not text or longer than ``limit``."""
    if v is None:
        return ""
    if not isinstance(v, str) or len(v) > limit:
        raise TableError(f"{what}: text of at most {limit} characters, not {quote(v)}")
    return v


def _clip(message: str, limit: int = 400) -> str:
    """An error message cut to ``limit`` characters (a last guard: the messages quote their
    input short already)."""
    return message if len(message) <= limit else message[:limit] + "…"
