"""`pokertd serve` under cProfile, every thread profiled (bench/web.py --profile FILE).

    python bench/_profiled_serve.py STATS_FILE serve --port N --db PATH

The server's work is spread over threads (the commands run in the server's thread pool, the
screens' snapshot in a worker thread): cProfile profiles one thread, so each thread gets a
profiler of its own as it first runs Python code, and at SIGTERM their figures are merged into
STATS_FILE (read it with ``python -m pstats STATS_FILE``).
"""

from __future__ import annotations

import cProfile
import pstats
import signal
import sys
import threading
import time

profiles: list[cProfile.Profile] = []
dumped = False


def _start_here(*_: object) -> None:
    # Called once per new thread (threading.setprofile): replace itself with a real profiler.
    # Each thread's own CPU time: waiting (for a lock, the socket, the disk) is not work.
    p = cProfile.Profile(time.thread_time)
    profiles.append(p)
    p.enable()


def main() -> None:
    out, args = sys.argv[1], sys.argv[2:]
    threading.setprofile(_start_here)
    _start_here()

    def dump(*_: object) -> None:
        global dumped
        if dumped:
            return          # uvicorn re-raises the SIGTERM it handled: dumped already
        dumped = True
        for p in profiles:
            p.disable()
        stats = pstats.Stats(profiles.pop())
        for p in profiles:
            p.create_stats()
            if p.stats:     # type: ignore[attr-defined]
                stats.add(p)
        stats.dump_stats(out)
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, dump)
    from pokertd.cli import app

    sys.argv = ["pokertd", *args]
    try:
        app()
    finally:
        dump()


if __name__ == "__main__":
    main()
