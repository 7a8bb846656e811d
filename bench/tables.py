"""The playable tables under load (issue 11): bot clients over websockets, every one of them
an outside program speaking the table protocol (docs/table-protocol.md).

    python bench/tables.py [--tables 25] [--seats 8] [--minutes 5] [--pause 1]

A `pokertd serve` process (its own SQLite file) opens ``--tables`` tables of ``--seats``
seats; one client per seat joins over a loopback websocket and plays the project's
:class:`~pokertd.bots.SensibleBot` (the clients and the latency of an action, from its send to
the arrival at every client of its table of the first frame that includes it:
bench/_table_clients.py, shared with bench/load.py). The table shows hands per second (every
table's hands, from the store), p50 and p99 of those latencies (the issue's target: p99 under
50 ms here), the server's resident memory over the run (from /proc) and the errors (frames of
type error, closed sockets). All clients run in
this one process, which shares the machine with the server: the figures include that.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _common import console  # noqa: E402
from _table_clients import (  # noqa: E402
    Errors, Meter, Player, Server, cpu_s, csrf_of, http_client, rss_mib,
)
from rich.table import Table  # noqa: E402


async def run(args: argparse.Namespace, server: Server) -> dict[str, Any]:
    async with http_client(server.base) as http:
        csrf = await csrf_of(http)
        names = []
        for k in range(args.tables):
            r = await http.post("/tables/api/tables", headers={"X-CSRF-Token": csrf}, json={
                "name": f"Bench {k + 1:02d}", "seats": args.seats, "small_blind": 5,
                "big_blind": 10, "act_seconds": 20, "pause_seconds": args.pause})
            r.raise_for_status()
            names.append(r.json()["name"])
    meter, errors = Meter(), Errors()
    stop = False
    ready = asyncio.Event()
    joined = [0]
    total = args.tables * args.seats

    def one_more() -> None:
        joined[0] += 1
        if joined[0] == total:
            ready.set()

    def stopped() -> bool:
        return stop

    tasks = [asyncio.create_task(Player(f"{name}:{seat}", meter, errors, stopped).play(
        f"{server.ws_base}/tables/{name.replace(' ', '%20')}/ws", name,
        join={"type": "join", "name": f"bot-{seat}", "seat": seat, "stack": 1000},
        ready=one_more))
        for name in names for seat in range(1, args.seats + 1)]
    await asyncio.wait_for(ready.wait(), 120)
    meter.hist.__init__()          # the latencies of the timed run only
    meter.actions = meter.missing = 0
    start = time.perf_counter()
    wall = time.time()
    load = [os.getloadavg()[0]]
    cpu = [cpu_s(server.pid), time.process_time()]
    rss = [rss_mib(server.pid)]
    end = start + args.minutes * 60
    while time.perf_counter() < end:
        await asyncio.sleep(min(5.0, max(0.0, end - time.perf_counter())))
        rss.append(rss_mib(server.pid))
    meter.measuring = False
    elapsed = time.perf_counter() - start
    cpu = [cpu_s(server.pid) - cpu[0], time.process_time() - cpu[1]]
    load.append(os.getloadavg()[0])
    stop = True
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return {"meter": meter, "errors": errors, "rss": rss, "elapsed": elapsed, "names": names,
            "wall": (wall, wall + elapsed), "cpu": cpu, "load": load}


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
    server = Server(str(db))
    try:
        server.wait_ready()
        out = asyncio.run(run(args, server))
    finally:
        server.stop()
    hands = hands_played(db, out["names"], *out["wall"])
    lat = out["meter"].hist
    table = Table(title=f"{args.tables * args.seats} bot clients on {args.tables} tables of "
                        f"{args.seats}, {out['elapsed'] / 60:.1f} min, {args.pause:g} s between "
                        "hands")
    for col in ("hands", "hands/s", "updates", "p50 ms", "p99 ms", "max ms", "target p99",
                "server CPU ms/action", "server RSS MiB (start, max, end)", "errors"):
        table.add_column(col, justify="right")
    if lat.n:
        rss = out["rss"]
        table.add_row(f"{hands:,}", f"{hands / out['elapsed']:.1f}",
                      f"{lat.n:,} (+{out['meter'].missing} missing)",
                      f"{lat.quantile(0.5) * 1e3:.1f}", f"{lat.quantile(0.99) * 1e3:.1f}",
                      f"{lat.max * 1e3:.1f}", "< 50",
                      f"{out['cpu'][0] * 1e3 / max(1, out['meter'].actions):.2f}",
                      f"{rss[0]:.0f}, {max(rss):.0f}, {rss[-1]:.0f}", str(out["errors"].count))
    console.print(table)
    server_cpu, clients_cpu = out["cpu"]
    console.print(f"CPU: server {server_cpu / out['elapsed']:.2f} of a core, clients "
                  f"{clients_cpu / out['elapsed']:.2f}; load average {out['load'][0]:.2f} at the "
                  f"start, {out['load'][1]:.2f} at the end (2 cores: compare runs by load)")
    for e in out["errors"].first[:5]:
        console.print(f"error: {e}")


if __name__ == "__main__":
    main()
