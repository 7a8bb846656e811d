"""The playable tables under load (issue 11): bot clients over websockets, every one of them
an outside program speaking the table protocol (docs/table-protocol.md).

    python bench/tables.py [--tables 25] [--seats 8] [--minutes 5] [--pause 1]

A `pokertd serve` process (its own SQLite file) opens ``--tables`` tables of ``--seats``
seats; one client per seat joins over a loopback websocket and plays the project's
:class:`~pokertd.bots.SensibleBot` on what its frames show it (its own hole cards, the board,
the bets, the engine's legal actions), acting as soon as it is its turn. Every client notes
when each frame arrives (its table's ``version``); the latency of an action is from its send
to the arrival, at every client of that table, of the first frame that includes it. The
table shows hands per second (every table's hands, from the store), p50 and p99 of those
latencies (the issue's target: p99 under 50 ms here), the server's resident memory over the
run (from /proc), the server's CPU time per action, the errors (frames of type error, closed
sockets) and the load average during the run. All clients run in this one process, which
shares the machine with the server: the figures include that.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _common import console  # noqa: E402
from rich.table import Table  # noqa: E402

VERSION = re.compile(r'"version": (\d+)')


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process ``pid`` so far (from /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


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


class Stats:
    def __init__(self) -> None:
        self.sent: list[tuple[str, int, float]] = []      # (table, version before, time)
        self.arrivals: dict[tuple[str, int], list[tuple[int, float]]] = {}
        self.clients: dict[str, list[int]] = {}
        self.errors: list[str] = []
        self.stop = False


async def client(url: str, table: str, seat: int, stack: int, stats: Stats,
                 ready: asyncio.Event, joined: list[int], total: int) -> None:
    import websockets

    from pokertd.bots import SensibleBot
    from pokertd.cards import parse_card

    def card_index(c: str) -> int:
        return int(parse_card(c))

    bot = SensibleBot(f"bench:{table}:{seat}")
    arrivals = stats.arrivals.setdefault((table, seat), [])
    stats.clients.setdefault(table, []).append(seat)
    acted_at = -1
    n = 0
    seated = False
    last_turn: tuple[Any, ...] | None = None
    join = json.dumps({"type": "join", "name": f"bot-{seat}", "seat": seat, "stack": stack})
    try:
        async with websockets.connect(url, max_size=None, ping_interval=None) as ws:
            await ws.send(join)
            async for text in ws:
                now = time.perf_counter()
                m = VERSION.search(text)
                if m is None:
                    if '"error"' in text:
                        stats.errors.append(text[:200])
                    elif '"joined"' in text:
                        if joined[0] < total:
                            joined[0] += 1
                            if joined[0] == total:
                                ready.set()
                        seated = True
                    continue
                if seated and '"you": null' in text:
                    seated = False                # broke: buy in again
                    await ws.send(join)
                version = int(m.group(1))
                arrivals.append((version, now))
                if stats.stop:
                    break
                if '"legal"' not in text or version == acted_at:
                    continue
                f = json.loads(text)
                if f.get("you") != seat or not f.get("legal"):
                    continue
                hd = f["hand"]
                turn = (hd["number"], len(hd["board"]), hd["total_pot"],
                        tuple(x.get("bet", 0) for x in f["seats"]))
                if turn == last_turn:
                    continue          # the same turn again (another seat's change): acted
                last_turn = turn
                h = FrameHand(f, card_index)
                bot.act(h, seat - 1, max(f["hand"]["blinds"]) or 10, 1)
                assert h.action is not None
                action, amount = h.action
                acted_at = version
                n += 1
                msg = {"type": "act", "action": action, "id": f"{table}:{seat}:{n}"}
                if amount is not None:
                    msg["amount"] = amount
                stats.sent.append((table, version, time.perf_counter()))
                await ws.send(json.dumps(msg))
    except Exception as exc:  # a closed socket, a refused join: counted, not raised
        if not stats.stop:
            stats.errors.append(f"{table} seat {seat}: {type(exc).__name__}: {exc}")


async def run(args: argparse.Namespace, base: str, server_pid: int) -> dict[str, Any]:
    import httpx

    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        page = (await http.get("/tables")).text
        csrf = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)
        names = []
        for k in range(args.tables):
            r = await http.post("/tables/api/tables", headers={"X-CSRF-Token": csrf}, json={
                "name": f"Bench {k + 1:02d}", "seats": args.seats, "small_blind": 5,
                "big_blind": 10, "act_seconds": 20, "pause_seconds": args.pause})
            r.raise_for_status()
            names.append(r.json()["name"])
    stats = Stats()
    ready = asyncio.Event()
    joined = [0]
    total = args.tables * args.seats
    ws_base = base.replace("http://", "ws://")
    tasks = [asyncio.create_task(client(f"{ws_base}/tables/{name.replace(' ', '%20')}/ws", name,
                                        seat, 1000, stats, ready, joined, total))
             for name in names for seat in range(1, args.seats + 1)]
    await asyncio.wait_for(ready.wait(), 120)
    start = time.perf_counter()
    wall = time.time()
    rss = [rss_mib(server_pid)]
    cpu = (cpu_seconds(server_pid), time.process_time())
    load = [os.getloadavg()[0]]
    end = start + args.minutes * 60
    while time.perf_counter() < end:
        await asyncio.sleep(min(5.0, max(0.0, end - time.perf_counter())))
        rss.append(rss_mib(server_pid))
        load.append(os.getloadavg()[0])
    stats.stop = True
    elapsed = time.perf_counter() - start
    cpu = (cpu_seconds(server_pid) - cpu[0], time.process_time() - cpu[1])
    await asyncio.sleep(0.5)
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    # every action: the first frame after it at every client of its table
    latencies: list[float] = []
    missing = 0
    actions = 0
    index: dict[tuple[str, int], list[tuple[int, float]]] = stats.arrivals
    for table, version, sent in stats.sent:
        if sent < start or sent > end - 1.0:
            continue
        actions += 1
        for seat in stats.clients[table]:
            got = next((t for v, t in index[(table, seat)] if v > version and t >= sent), None)
            if got is None:
                missing += 1
            else:
                latencies.append(got - sent)
    return {"latencies": latencies, "missing": missing, "errors": stats.errors, "rss": rss,
            "elapsed": elapsed, "names": names, "wall": (wall, wall + elapsed), "cpu": cpu,
            "actions": actions, "load": load}


def hands_played(db: Path, names: list[str], start: float, end: float) -> int:
    """Hands ended between ``start`` and ``end`` (wall-clock seconds), from the store."""
    from pokertd.storage import open_store

    with open_store(f"sqlite:///{db}", create=False) as store:
        total = 0
        for name in names:
            info = store.find_stream("table", name)
            total += sum(1 for e in store.read(info.id) if e.type == "hand"
                         and e.payload["event"]["type"] == "ended"
                         and start <= e.recorded_at.timestamp() <= end)
        return total


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=25)
    ap.add_argument("--seats", type=int, default=8)
    ap.add_argument("--minutes", type=float, default=5.0)
    ap.add_argument("--pause", type=float, default=1.0, help="seconds between hands")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="pokertd-bench-tables-"))
    db = tmp / "bench.db"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    pokertd = Path(sys.executable).with_name("pokertd")
    server = subprocess.Popen([str(pokertd), "serve", "--port", str(port), "--db", str(db)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                    break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise SystemExit("the server did not start: "
                                     + (server.stderr.read().decode() if server.stderr else ""))
                time.sleep(0.1)
        out = asyncio.run(run(args, base, server.pid))
    finally:
        server.terminate()
        server.wait(10)
    hands = hands_played(db, out["names"], *out["wall"])
    ms = sorted(x * 1000 for x in out["latencies"])
    table = Table(title=f"{args.tables * args.seats} bot clients on {args.tables} tables of "
                        f"{args.seats}, {out['elapsed'] / 60:.1f} min, {args.pause:g} s between "
                        "hands")
    for col in ("hands", "hands/s", "actions", "updates", "p50 ms", "p99 ms", "max ms",
                "target p99", "server CPU ms/action", "server RSS MiB (start, max, end)",
                "errors"):
        table.add_column(col, justify="right")
    if ms:
        p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
        rss = out["rss"]
        per_action = out["cpu"][0] * 1000 / max(1, out["actions"])
        table.add_row(f"{hands:,}", f"{hands / out['elapsed']:.1f}", f"{out['actions']:,}",
                      f"{len(ms):,} (+{out['missing']} missing)", f"{statistics.median(ms):.1f}",
                      f"{p99:.1f}", f"{ms[-1]:.1f}", "< 50", f"{per_action:.2f}",
                      f"{rss[0]:.0f}, {max(rss):.0f}, {rss[-1]:.0f}", str(len(out["errors"])))
    console.print(table)
    load = out["load"]
    console.print(f"load average (1 min) over the run: {min(load):.2f} to {max(load):.2f} on "
                  f"{os.cpu_count()} CPUs; CPU used: server {out['cpu'][0]:.1f} s, the clients "
                  f"(this process) {out['cpu'][1]:.1f} s, in {out['elapsed']:.0f} s")
    for e in out["errors"][:5]:
        console.print(f"error: {e}")


if __name__ == "__main__":
    main()
