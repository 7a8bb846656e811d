"""``pokertd serve``: the web application (console, room screens) on one address.

    pokertd serve                       # http://127.0.0.1:8000, the default database
    pokertd serve --host 0.0.0.0 --port 8080 --db postgresql+psycopg://td@db/club

The console needs a login: create a director first with ``pokertd users add NAME --role
director``. The session cookie is signed with ``$POKERTD_SECRET`` when set, else with a
random secret drawn at start (logins then last as long as the server).
"""

from __future__ import annotations

import errno
import signal
import sys
from typing import Annotated

import typer

from .app import Db, app, fail


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="The address to listen on (0.0.0.0: every "
                                      "network of this machine, e.g. the club's).")]
    = "127.0.0.1",
    port: Annotated[int, typer.Option(help="The port to listen on.")] = 8000,
    db: Db = None,
    demo: Annotated[bool, typer.Option(
        "--demo", help="Seed a demo: a Gananda event of 27 players with its clock running and "
                       "a director 'demo' with a random password (printed); without --db in "
                       "a fresh SQLite file of its own.")] = False,
) -> None:
    """Serve the director's console and the room's screens (clock, seats) over HTTP."""
    if not 0 < port < 65536:
        raise fail(f"--port {port}: a port is from 1 to 65535")
    # The address is taken before anything is printed or created: a port in use is the first
    # and only thing said (and uvicorn serves on this very socket: no race for the port).
    listening = _listen(host, port)
    from ..storage import StorageError, open_store

    demo_dir = None
    if demo and db is None:
        import tempfile
        from pathlib import Path

        demo_dir = tempfile.TemporaryDirectory(prefix="pokertd-demo-")  # removed at the stop
        db = str(Path(demo_dir.name) / "demo.db")
    try:
        try:
            store = open_store(db)
        except (ValueError, StorageError) as exc:
            raise fail(f"cannot open the database: {exc}") from None
        try:
            _serve(store, listening, host, port, demo)
        finally:
            store.close()
    finally:
        listening.close()
        if demo_dir is not None:
            demo_dir.cleanup()


def _listen(host: str, port: int):
    """A listening socket on (host, port), or the CLI's error naming what is in the way."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(2048)
    except OSError as exc:
        sock.close()
        reason = "the port is in use (another server? choose another with --port, or PORT= " \
                 "for make run)" if exc.errno == errno.EADDRINUSE else (exc.strerror or str(exc))
        raise fail(f"cannot listen on {host}:{port}: {reason}") from None
    return sock


def _serve(store, listening, host: str, port: int, demo: bool) -> None:
    import uvicorn

    from ..storage.opening import hide_password
    from ..web.app import create_app

    base = f"http://{host}:{port}"
    typer.echo(f"pokertd: console {base}/console, screens {base}/ "
               f"(database {hide_password(store.url)}); Ctrl-C stops")
    if demo:
        from urllib.parse import quote

        from ..web.demo import DEMO_EVENT, seed_demo

        user, password = seed_demo(store)
        typer.echo(f"demo event {DEMO_EVENT!r}: clock {base}/events/{quote(DEMO_EVENT)}/clock, "
                   f"seats {base}/events/{quote(DEMO_EVENT)}/seats")
        typer.echo(f"log in at {base}/login as {user!r} with the password {password!r}")
    app = create_app(store)
    import gc

    # What start-up made (the web framework's modules, routes and schemas) lives as long as
    # the server: frozen, the cyclic collector no longer scans it at each full collection
    # (a pause that would fall on some screen's update).
    gc.collect()
    gc.freeze()
    # Open screens hold their event streams: Ctrl-C closes them after 2 s at most.
    # No per-message deflate on the websockets: a table's frame (a few kB) is sent to
    # every client at every action, and compressing each one for each client was a
    # tenth of the game server's time under load (bench/tables.py).
    # uvicorn stops on SIGTERM and then raises it again: as an exit (status 143), not the
    # default handler's kill, so the demo's folder and the store are cleaned up as on Ctrl-C.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))
    config = uvicorn.Config(app, host=host, port=port, log_level="warning",
                            timeout_graceful_shutdown=2, ws_per_message_deflate=False)
    uvicorn.Server(config).run(sockets=[listening])
