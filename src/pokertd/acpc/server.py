"""An ACPC dealer: plays a match of an ACPC game over TCP, the engine deciding every rule.

The protocol is the competition's (version 2.0.0): each player connects (to one port here; the
seats are taken in the order of the connections), sends ``VERSION:2.0.0``, and is then sent
``MATCHSTATE:position:hand:betting:cards`` before every action and once more when the hand is
over; the acting player answers with the state it was sent and its action appended. Seats
move one position each hand (seat ``s`` is at position ``(s - hand) mod N``), as the ACPC's
dealer moves them, so every seat plays every position.

An answer that is not a valid action ends the match with an error naming the seat, the state
and what was legal: the protocol document asks the chair to end a match on a failed response
rather than repair it. The log is the ACPC's: a ``#`` header, one ``STATE`` line per hand
(every card, the values and the names by position) and the ``SCORE`` line of the totals by
seat; each hand is also written as PHH.
"""

from __future__ import annotations

import secrets
import socket
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from ..cards import make_rng
from ..formats.acpc import (
    VERSION, ACPCError, GameDef, format_matchstate, format_score_line, format_state_line,
    parse_action, parse_matchstate,
)
from ..formats.phh import dumps, export_hand
from .hand import AcpcHand, engine_options

__all__ = ["MatchError", "MatchResult", "play_match", "serve"]


class MatchError(RuntimeError):
    """The match could not go on: a player left, timed out or answered wrongly."""


@dataclass
class MatchResult:
    totals: list[int]                          # chips won, by seat
    hands: int
    seed: int
    lines: list[str] = field(default_factory=list)     # the log, as written


class _Seat:
    def __init__(self, number: int, conn: socket.socket) -> None:
        self.number = number
        self.conn = conn
        self.file = conn.makefile("rwb")

    def send(self, line: str) -> None:
        try:
            self.file.write(line.encode("ascii") + b"\r\n")
            self.file.flush()
        except OSError as e:
            raise MatchError(f"seat {self.number + 1}: could not send {line!r}: {e}") from None

    def read(self, waiting_for: str) -> str:
        try:
            raw = self.file.readline()
        except (OSError, TimeoutError) as e:
            raise MatchError(f"seat {self.number + 1}: no answer to {waiting_for!r} ({e})") from None
        if not raw:
            raise MatchError(f"seat {self.number + 1} disconnected while the dealer waited for "
                             f"{waiting_for!r}")
        return raw.decode("ascii", "replace").rstrip("\r\n")

    def close(self) -> None:
        for c in (self.file, self.conn):
            try:
                c.close()
            except OSError:
                pass


def _version(seat: _Seat) -> None:
    line = seat.read("VERSION:2.0.0")
    if not line.startswith("VERSION:") or line.split(":", 1)[1].split(".")[0] != "2":
        raise MatchError(f"seat {seat.number + 1} sent {line!r} first: a player's first message "
                         f"is {VERSION} (protocol 2.0.0)")


def _answer(seat: _Seat, state: str, players: int) -> str:
    """The action part of the seat's answer to ``state``; answers to other states are ignored,
    as the ACPC's dealer ignores them."""
    while True:
        line = seat.read(state)
        if not line.startswith(state + ":"):
            continue
        try:
            reply = parse_matchstate(line, players, reply=True)
        except ACPCError as e:
            raise MatchError(f"seat {seat.number + 1}: {e}") from None
        assert reply.action is not None
        return str(reply.action)


def play_match(g: GameDef, seats: list[socket.socket], hands: int, seed: int | None = None, *,
               names: list[str] | None = None, game_name: str = "game",
               log: IO[str] | None = None, phh_dir: Path | None = None,
               timeout: float | None = 60.0) -> MatchResult:
    """Play ``hands`` hands with the connected ``seats`` (seat order); every hand is dealt
    from one generator seeded with ``seed`` (a random seed, logged, when None)."""
    n = g.players
    if len(seats) != n:
        raise MatchError(f"{len(seats)} players connected, the game has {n}")
    names = names or [f"p{i + 1}" for i in range(n)]
    if len(names) != n:
        raise MatchError(f"{len(names)} names for {n} seats")
    options = engine_options(g)
    seed = secrets.randbits(32) if seed is None else seed
    rng = make_rng(seed)
    result = MatchResult([0] * n, 0, seed)

    def write(line: str) -> None:
        result.lines.append(line)
        if log is not None:
            log.write(line + "\n")
            log.flush()

    write(f"# name/game/hands/seed pokertd {game_name} {hands} {seed}")
    conns = [_Seat(i, s) for i, s in enumerate(seats)]
    try:
        for c in conns:
            c.conn.settimeout(timeout)
            _version(c)
        for number in range(hands):
            deck = list(range(52))
            rng.shuffle(deck)
            holes = [deck[2 * p:2 * p + 2] for p in range(n)]
            ah = AcpcHand(g, holes, deck[2 * n:2 * n + 5], options)

            def seat_of(p: int) -> int:
                return (p + number) % n

            def state(p: int) -> str:
                return format_matchstate(p, number, ah.betting, ah.view(p, holes), ah.sections)

            while not ah.done:
                for c in conns:
                    c.send(state((c.number - number) % n))
                actor = ah.actor
                sent = state(actor)
                text = _answer(conns[seat_of(actor)], sent, n)
                try:
                    ah.act(parse_action(text))
                except ACPCError as e:
                    raise MatchError(f"seat {seat_of(actor) + 1} answered {sent!r} with {text!r}: "
                                     f"{e}") from None
            values = ah.values()
            by_position = [names[seat_of(p)] for p in range(n)]
            for p, v in enumerate(values):
                result.totals[seat_of(p)] += v
            write(format_state_line(number, ah.betting, holes, ah.sections, values, by_position))
            for c in conns:
                c.send(state((c.number - number) % n))
            if phh_dir is not None:
                data = export_hand(ah.hand, players=by_position)
                data["hand"] = number
                (phh_dir / f"{number:06d}.phh").write_text(dumps(data), encoding="utf-8")
            result.hands += 1
    finally:
        for c in conns:
            c.close()
    write(format_score_line(result.totals, names))
    return result


def serve(g: GameDef, port: int, hands: int, seed: int | None = None, *, host: str = "127.0.0.1",
          on_listening: Callable[[int], None] | None = None, accept_timeout: float | None = 600.0,
          **options: object) -> MatchResult:
    """Listen on ``host:port`` (0: any free port, told to ``on_listening``), take the game's
    players in the order they connect, and play the match (see :func:`play_match`)."""
    with socket.create_server((host, port)) as listener:
        listener.settimeout(accept_timeout)
        if on_listening is not None:
            on_listening(listener.getsockname()[1])
        seats: list[socket.socket] = []
        try:
            while len(seats) < g.players:
                try:
                    conn, _ = listener.accept()
                except TimeoutError:
                    raise MatchError(f"{len(seats)} of {g.players} players connected in "
                                     f"{accept_timeout} s") from None
                conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
                seats.append(conn)
        except BaseException:
            for s in seats:
                s.close()
            raise
    return play_match(g, seats, hands, seed, **options)  # type: ignore[arg-type]
