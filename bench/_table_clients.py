"""What the table benchmarks share (bench/tables.py, bench/load.py): a real `pokertd serve`
process, bot clients speaking the table protocol (docs/table-protocol.md) over websockets, and
the latency of each action as every client of its table sees it.

A client plays the project's :class:`~pokertd.bots.SensibleBot` on what its frames show it (its
own hole cards, the board, the bets, the engine's legal actions), acting as soon as it is its
turn. The latency of an action is from its send to the arrival, at every client of that table,
of the first frame that includes it (a frame's ``version`` above the one acted on). Latencies go
into a histogram of 1 % wide bins, so a 30-minute run holds a few thousand counters, not
millions of samples.
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import re
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

# (a space after the colon or none: json's and a compact encoder's frames alike)
VERSION = re.compile(r'"version": ?(\d+)')
SEAT_NULL = re.compile(r'"seat": ?null')
YOU = re.compile(r'"you": ?(null|\d)')       # the frame's seat (a seat's own "you" is true/false)


def rss_mib(pid: int) -> float:
    """A process's resident memory, from /proc."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def cpu_s(pid: int) -> float:
    """A process's CPU time so far (user + system, all its threads), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Server:
    """``pokertd serve`` on a free loopback port over ``db`` (a SQLite path or a URL), its
    standard error kept in a file (a pipe nobody reads could fill and stall it)."""

    def __init__(self, db: str) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.base = f"http://127.0.0.1:{self.port}"
        self.ws_base = f"ws://127.0.0.1:{self.port}"
        self.stderr = tempfile.TemporaryFile()
        pokertd = Path(sys.executable).with_name("pokertd")
        self.proc = subprocess.Popen([str(pokertd), "serve", "--port", str(self.port),
                                      "--db", db], stdout=subprocess.DEVNULL,
                                     stderr=self.stderr)
        self.pid = self.proc.pid

    def wait_ready(self, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    raise SystemExit("the server did not start: " + self.errors())
                time.sleep(0.1)

    def errors(self) -> str:
        self.stderr.seek(0)
        return self.stderr.read().decode(errors="replace")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


class Histogram:
    """Durations (seconds) counted in bins 1 % wide from 10 µs: quantiles within 1 %, the
    maximum exact."""

    LOW = 1e-5
    STEP = math.log(1.01)

    def __init__(self) -> None:
        self.counts: dict[int, int] = {}
        self.n = 0
        self.max = 0.0

    def add(self, x: float) -> None:
        k = int(math.log(max(x, self.LOW) / self.LOW) / self.STEP)
        self.counts[k] = self.counts.get(k, 0) + 1
        self.n += 1
        if x > self.max:
            self.max = x

    def quantile(self, q: float) -> float:
        """The upper edge of the bin holding the ``q`` quantile (nan when empty)."""
        if not self.n:
            return float("nan")
        rank = q * self.n
        seen = 0
        for k in sorted(self.counts):
            seen += self.counts[k]
            if seen >= rank:
                return min(self.max, self.LOW * math.exp((k + 1) * self.STEP))
        return self.max

    def ms(self) -> dict[str, float | int]:
        return {"count": self.n, "p50_ms": self.quantile(0.5) * 1e3,
                "p99_ms": self.quantile(0.99) * 1e3, "max_ms": self.max * 1e3}


class Meter:
    """The actions sent and the frames that show them: each action is keyed by its table and
    the version it was decided on; a client's frame of version ``v`` after ``u`` is the first
    to show it every action decided on a version from ``u`` to ``v - 1``."""

    KEEP = 512     # actions remembered per table (older ones are counted and dropped)

    def __init__(self) -> None:
        self.hist = Histogram()
        # table -> version acted on -> [sent, recipients reached, recipients expected]
        self.pending: dict[str, dict[int, list[float]]] = {}
        self.watchers: dict[str, int] = {}
        self.actions = 0
        self.missing = 0
        self.measuring = True

    def joined(self, table: str) -> None:
        self.watchers[table] = self.watchers.get(table, 0) + 1

    def left(self, table: str, seen: int) -> None:
        """A client of ``table`` that had seen up to ``seen`` went away: it will not see the
        actions after."""
        self.watchers[table] -= 1
        for w, entry in self.pending.get(table, {}).items():
            if w >= seen:
                entry[2] -= 1

    def sent(self, table: str, version: int, now: float) -> None:
        self.actions += 1
        p = self.pending.setdefault(table, {})
        p[version] = [now, 0.0, float(self.watchers.get(table, 0))]
        if len(p) > self.KEEP:
            w = next(iter(p))
            self._drop(p.pop(w))

    def _drop(self, entry: list[float]) -> None:
        self.missing += max(0, int(entry[2] - entry[1]))

    def arrived(self, table: str, seen: int, version: int, now: float) -> None:
        p = self.pending.get(table)
        if not p or not self.measuring:
            return
        for w in range(seen, version):
            entry = p.get(w)
            if entry is not None and entry[0] <= now:
                self.hist.add(now - entry[0])
                entry[1] += 1

    def finish(self, now: float, grace: float = 5.0) -> None:
        """Stop measuring; count, as missing, the recipients still waiting for an action sent
        more than ``grace`` seconds ago (the last second's are on their way)."""
        self.measuring = False
        for p in self.pending.values():
            for entry in p.values():
                if entry[0] < now - grace:
                    self._drop(entry)
        self.pending.clear()


class FrameHand:
    """What :class:`SensibleBot` reads of a hand, from one client's frame (positions are
    seat numbers - 1); its action is noted, to be sent."""

    def __init__(self, frame: dict[str, Any], card_index: Any) -> None:
        seats = frame["seats"]
        h = frame["hand"]
        self.board = [card_index(c) for c in h["board"]]
        self.bets = [s.get("bet", 0) for s in seats]
        self.stacks = [s.get("stack", 0) for s in seats]
        self.current = max(self.bets)
        self.pot = h["total_pot"] - sum(self.bets)
        me = seats[frame["you"] - 1]
        self.holes = {frame["you"] - 1: tuple(card_index(c) for c in me["cards"])}
        la = frame["legal"]
        self._legal = type("Legal", (), {"call": la["call"], "check": la["check"],
                                         "min_raise_to": la["min_raise_to"],
                                         "max_raise_to": la["max_raise_to"]})()
        self.action: tuple[str, int | None] | None = None

    def legal_actions(self) -> Any:
        return self._legal

    def fold(self) -> None:
        self.action = ("fold", None)

    def check_call(self) -> None:
        self.action = ("check" if self._legal.check else "call", None)

    def raise_to(self, amount: int) -> None:
        self.action = ("raise", amount)


def _card_index(c: str) -> int:
    from pokertd.cards import parse_card

    return int(parse_card(c))


class Errors:
    """What went wrong, counted by kind, with the first few messages kept."""

    def __init__(self) -> None:
        self.count = 0
        self.first: list[str] = []

    def add(self, message: str) -> None:
        self.count += 1
        if len(self.first) < 20:
            self.first.append(message[:300])


class Player:
    """One bot client at one table at a time: it joins a cash table (and buys in again when
    broke) or says hello with a tournament seat's token, then acts in each of its turns.
    :meth:`play` returns when its seat is no longer at this table (a tournament moved him or
    he is out) or when ``stopped()``; it raises nothing (a failure is counted in ``errors``)."""

    def __init__(self, label: str, meter: Meter, errors: Errors,
                 stopped: Callable[[], bool], acting: Callable[[], bool] | None = None) -> None:
        from pokertd.bots import SensibleBot

        self.label = label
        self.bot = SensibleBot(f"bench:{label}")
        self.meter = meter
        self.errors = errors
        self.stopped = stopped
        self.acting = acting or (lambda: not stopped())
        self.n = 0

    async def play(self, url: str, table: str, *, join: dict[str, Any] | None = None,
                   token: str | None = None, watch: bool = False,
                   ready: Callable[[], None] | None = None) -> str:
        """Play (or, ``watch``, only follow) ``table``; the reason it returned: ``"unseated"``,
        ``"stopped"``, ``"closed"`` or ``"error"``."""
        import websockets

        seated = False
        acted_at = -1
        last_turn: dict[str, int] | None = None
        seen: int | None = None
        join_text = json.dumps(join) if join is not None else None
        try:
            async with websockets.connect(url, max_size=None, ping_interval=None,
                                          open_timeout=60) as ws:
                if join_text is not None:
                    await ws.send(join_text)
                elif token is not None:
                    await ws.send(json.dumps({"type": "hello", "token": token, "host": ""}))
                try:
                    async for text in ws:
                        now = time.perf_counter()
                        m = VERSION.search(text)
                        if m is None:
                            if '"error"' in text:
                                self.errors.add(f"{self.label} at {table}: {text}")
                            elif '"joined"' in text or ('"welcome"' in text
                                                        and not SEAT_NULL.search(text)):
                                seated = True
                                if ready is not None:
                                    ready()
                                    ready = None
                            elif '"welcome"' in text:
                                return "unseated"    # the token's player sits elsewhere now
                            continue
                        version = int(m.group(1))
                        if seen is None:
                            self.meter.joined(table)
                        else:
                            self.meter.arrived(table, seen, version, now)
                        seen = version
                        if watch:
                            if ready is not None:
                                ready()
                                ready = None
                            if self.stopped():
                                return "stopped"
                            continue
                        if seated and YOU.search(text).group(1) == "null":
                            seated = False
                            if join_text is None:
                                return "unseated"     # moved to another table, or out
                            if not self.stopped():
                                await ws.send(join_text)   # broke at a cash table: buy in again
                        if self.stopped():
                            return "stopped"
                        if not self.acting() or '"legal"' not in text or version == acted_at:
                            continue
                        f = json.loads(text)
                        if f.get("you") is None or not f.get("legal"):
                            continue
                        turn = f["legal"]["turn"]        # {hand, action}: this decision
                        if turn == last_turn:
                            continue      # the same turn again (another seat's change): acted
                        last_turn = turn
                        msg = self.decide(f)
                        msg["turn"] = turn                # a late act is refused, not misapplied
                        acted_at = version
                        self.meter.sent(table, version, time.perf_counter())
                        await ws.send(json.dumps(msg))
                finally:
                    if seen is not None:
                        self.meter.left(table, seen)
            if not self.stopped():
                self.errors.add(f"{self.label} at {table}: the server closed the socket")
            return "closed"
        except Exception as exc:  # a closed socket, a refused connection: counted, not raised
            if self.stopped():
                return "stopped"
            self.errors.add(f"{self.label} at {table}: {type(exc).__name__}: {exc}")
            return "error"

    def decide(self, f: dict[str, Any]) -> dict[str, Any]:
        seat = f["you"]
        h = FrameHand(f, _card_index)
        self.bot.act(h, seat - 1, max(f["hand"]["blinds"]) or 10, 1)
        assert h.action is not None
        action, amount = h.action
        self.n += 1
        msg: dict[str, Any] = {"type": "act", "action": action, "id": f"{self.label}:{self.n}"}
        if amount is not None:
            msg["amount"] = amount
        return msg


def http_client(base: str) -> Any:
    """An HTTP client of the server that lets an idle connection go after 2 s: uvicorn closes
    one after 5 s, and a request sent on it just then would fail for no fault of the server."""
    import httpx

    return httpx.AsyncClient(base_url=base, timeout=60,
                             limits=httpx.Limits(keepalive_expiry=2.0))


async def csrf_of(http: Any, path: str = "/tables") -> str:
    """The CSRF token of a page (the meta tag every page carries)."""
    page = (await http.get(path)).text
    found = re.search(r'name="csrf-token" content="([^"]+)"', page)
    if found is None:
        raise SystemExit(f"no CSRF token in {path}")
    return found.group(1)


async def sample(every: float, stop: asyncio.Event,
                 fn: Callable[[], Awaitable[None] | None]) -> None:
    """Call ``fn`` every ``every`` seconds until ``stop`` is set."""
    while not stop.is_set():
        out = fn()
        if out is not None:
            await out
        try:
            await asyncio.wait_for(stop.wait(), every)
        except asyncio.TimeoutError:
            pass
