"""``pokertd serve``: the web application (console, room screens) on one address.

    pokertd serve                       # http://127.0.0.1:8000, the default database
    pokertd serve --host 0.0.0.0 --port 8080 --db postgresql+psycopg://td@db/club

The console needs a login: create a director first with ``pokertd users add NAME --role
director``. The session cookie is signed with ``$POKERTD_SECRET`` when set, else with a
random secret drawn at start (logins then last as long as the server).
"""

from __future__ import annotations

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
    from ..storage import StorageError, open_store

    if demo and db is None:
        import tempfile
        from pathlib import Path

        db = str(Path(tempfile.mkdtemp(prefix="pokertd-demo-")) / "demo.db")
    try:
        store = open_store(db)
    except (ValueError, StorageError) as exc:
        raise fail(f"cannot open the database: {exc}") from None
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
    try:
        # Open screens hold their event streams: Ctrl-C closes them after 2 s at most.
        uvicorn.run(app, host=host, port=port, log_level="warning",
                    timeout_graceful_shutdown=2)
    except OSError as exc:
        raise fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    finally:
        store.close()
