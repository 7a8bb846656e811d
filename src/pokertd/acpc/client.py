"""An ACPC player: connects one of pokertd's bots to any ACPC dealer (protocol 2.0.0).

Each ``MATCHSTATE`` the dealer sends is replayed into an engine hand (the opponents' cards
unknown until a showdown shows them); when the state is the bot's turn, the bot acts on a copy
of that hand and its action is sent back as ``c``, ``f``, ``r`` or ``rN`` (N the total it has
put in during the hand). A fold when checking is free is sent as a check: the protocol allows a
fold only facing a bet. Lines starting with ``#`` or ``;`` are the dealer's comments.
"""

from __future__ import annotations

import socket
import time
from dataclasses import dataclass, field
from typing import Any

from ..formats.acpc import VERSION, ACPCError, Action, GameDef, format_betting, parse_matchstate
from .hand import AcpcHand, engine_options

__all__ = ["ClientResult", "bot_action", "connect", "play"]


@dataclass
class ClientResult:
    hands: int = 0
    total: int = 0                              # chips won over the match
    values: list[int] = field(default_factory=list)   # per hand, in the order played


def connect(host: str, port: int, timeout: float = 10.0) -> socket.socket:
    """Connect, retrying while the dealer is not listening yet (for ``timeout`` seconds)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            conn = socket.create_connection((host, port), timeout=timeout)
            conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            return conn
        except ConnectionRefusedError:
            if time.monotonic() > deadline:
                raise ConnectionRefusedError(
                    f"no ACPC dealer is listening on {host}:{port} (tried for {timeout} s)") from None
            time.sleep(0.05)


def replay(g: GameDef, line: str, options: dict[str, Any] | None = None) -> tuple[Any, AcpcHand]:
    """The dealer's state as an engine hand, checked against the betting the dealer sent."""
    ms = parse_matchstate(line, g.players)
    board = [c for section in ms.board for c in section]
    ah = AcpcHand(g, [h or None for h in ms.holes], board, options)
    for acts in ms.betting:
        for a in acts:
            ah.act(a)
    if format_betting(ah.betting) != format_betting(ms.betting):
        raise ACPCError(f"message {line!r}: the betting replays as {format_betting(ah.betting)!r} "
                        "under this game's rules")
    return ms, ah


def bot_action(bot: Any, ah: AcpcHand) -> Action:
    """The bot's action at ``ah`` (its turn), in the protocol's terms."""
    h = ah.hand
    p = h.legal_actions().player
    before = h.starting[p] - h.stacks[p] - h.bets[p]
    trial = h.copy()
    bot.act(trial, p, ah.g.big_blind)
    acted = [e for e in trial.events() if e["type"] == "acted"][-1]
    kind = acted["action"]
    if kind == "fold":
        return Action("f") if h.legal_actions().call else Action("c")
    if kind in ("check", "call"):
        return Action("c")
    return Action("r") if ah.g.betting == "limit" else Action("r", before + acted["to"])


def play(g: GameDef, host: str, port: int, bot: Any, *, timeout: float = 60.0,
         connect_timeout: float = 10.0) -> ClientResult:
    """Play a whole match with ``bot`` until the dealer closes the connection."""
    options = engine_options(g)
    result = ClientResult()
    finished: set[int] = set()
    with connect(host, port, connect_timeout) as conn:
        conn.settimeout(timeout)
        f = conn.makefile("rwb")
        f.write(VERSION.encode("ascii") + b"\r\n")
        f.flush()
        for raw in f:
            line = raw.decode("ascii").rstrip("\r\n")
            if not line or line[0] in "#;":
                continue
            ms, ah = replay(g, line, options)
            if ah.done:
                if ms.hand not in finished:
                    finished.add(ms.hand)
                    value = ah.values()[ms.position]
                    result.hands += 1
                    result.total += value
                    result.values.append(value)
            elif ah.actor == ms.position:
                f.write(f"{line}:{bot_action(bot, ah)}\r\n".encode("ascii"))
                f.flush()
    return result
