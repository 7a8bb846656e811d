"""`pokertd serve` and `pokertd` CLI processes started cheaply for the web server's crash
tests (tests/test_crash_server.py): this process imports the server's and the CLI's code once,
then forks one child per JSON line read on stdin, and writes the child's pid on stdout:

- ``{"serve": [PORT, DB]}``: the ``pokertd serve`` command itself
  (:func:`pokertd.cli.serve.serve`) on 127.0.0.1:PORT over the database DB;
- ``{"cli": [OUT, DB, ARGS]}``: the ``pokertd`` command line (:data:`pokertd.cli.app`, the
  Typer application the console script runs) with ARGS and ``POKERTD_DB=DB``;
- ``{"drive": [OUT, URL, ACKS]}``: the live director's script of tests/crash_driver.py over
  the database URL, its acknowledgements in ACKS;

the output of those two in OUT and their exit code, once done, in OUT.rc.

A child is a whole process of its own (its memory, its database connections, its event
loop): the test kills it with SIGKILL and has the next one forked at once, without the
seconds a cold start of Python and the web stack take on a busy machine.

Nothing is opened before a fork (no database, no thread, no event loop): a child shares only
the imported modules with its parent. Children are reaped by the kernel (SIGCHLD ignored).
"""

from __future__ import annotations

import os
import signal
import sys


def warm() -> None:
    """Import what a server imports when it starts and serves its first requests."""
    import httpx  # noqa: F401 - what the server's imports pull in, loaded once here
    import sqlalchemy.dialects.sqlite  # noqa: F401
    import uvicorn  # noqa: F401
    import uvicorn.lifespan.on  # noqa: F401
    import uvicorn.loops.asyncio  # noqa: F401
    import uvicorn.protocols.http.h11_impl  # noqa: F401

    import crash_driver  # noqa: F401 - tests/, this script's folder
    import pokertd.cli  # noqa: F401
    import pokertd.cli.live  # noqa: F401
    import pokertd.cli.serve  # noqa: F401
    import pokertd.room.dealt_tables  # noqa: F401
    import pokertd.sim  # noqa: F401
    import pokertd.storage.migrations  # noqa: F401
    import pokertd.tournament.house  # noqa: F401
    import pokertd.web.app  # noqa: F401
    import pokertd.web.forecast  # noqa: F401
    import pokertd.web.league  # noqa: F401
    import pokertd.web.players  # noqa: F401
    import pokertd.web.tables  # noqa: F401
    try:
        import psycopg  # noqa: F401 - the PostgreSQL tests' driver
    except ImportError:
        pass


def child(order: dict) -> int:
    """Run one order in the forked child; its exit code."""
    from pokertd.cli import app
    from pokertd.cli.serve import serve

    log = os.environ.get("ZYGOTE_LOG", os.devnull)
    if "cli" in order:
        log, db, args = order["cli"]
        os.environ["POKERTD_DB"] = db
    elif "drive" in order:
        log, url, acks = order["drive"]
    out = os.open(log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    os.dup2(out, 1)
    os.dup2(out, 2)
    try:
        if "serve" in order:
            port, db = order["serve"]
            serve(host="127.0.0.1", port=int(port), db=db, demo=False)
            return 0
        if "drive" in order:
            import crash_driver
            crash_driver.drive(url, acks)
            return 0
        app(args, prog_name="pokertd")
        return 0
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except BaseException:                   # noqa: BLE001 - told in the log, then out
        import traceback
        traceback.print_exc()
        return 1


def main() -> None:
    import json

    warm()
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    print("ready", flush=True)
    for line in sys.stdin:
        order = json.loads(line)
        pid = os.fork()
        if pid == 0:
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)
            code = child(order)
            sys.stdout.flush()
            sys.stderr.flush()
            if "serve" not in order:
                done = next(iter(order.values()))[0] + ".rc"
                with open(done + ".tmp", "w") as f:
                    f.write(str(code))
                os.replace(done + ".tmp", done)
            os._exit(code)
        print(pid, flush=True)


if __name__ == "__main__":
    main()
