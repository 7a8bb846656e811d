"""``pokertd backup FILE`` and ``pokertd restore FILE``: the whole store in one file.

The file (:mod:`pokertd.storage.backup`) is the same for SQLite and PostgreSQL, so a backup of
one restores into the other. ``restore`` goes into a new or empty database (``--db``), checks
the file whole before writing anything, writes it in one transaction and compares every
stream's events with the file. Bad input (no store, a damaged file, a store that is not
empty): ``Error: ...``, exit 2, nothing written.
"""

# No `from __future__ import annotations`: Typer reads each parameter's annotation.
from pathlib import Path
from typing import Annotated

import typer

from .app import Db, app, fail


@app.command()
def backup(
    file: Annotated[Path, typer.Argument(help="The backup file to write (JSON lines).")],
    db: Db = None,
) -> None:
    """Write the whole store (every stream, event and user) to one backup file."""
    from ..storage import StorageError, open_store
    from ..storage.backup import backup as write

    try:
        store = open_store(db, create=False)
    except StorageError as exc:
        raise fail(str(exc)) from None
    try:
        summary = write(store, file)
    except StorageError as exc:
        raise fail(str(exc)) from None
    finally:
        store.close()
    typer.echo(f"backed up {summary} to {file}")


@app.command()
def restore(
    file: Annotated[Path, typer.Argument(help="A file written by pokertd backup.")],
    db: Db = None,
) -> None:
    """Restore a backup into a new, empty store (SQLite or PostgreSQL), checking every event."""
    from ..storage import StorageError, open_store
    from ..storage.backup import read_backup, restore as load

    try:
        read_backup(file)                  # a damaged file is refused before a database is made
        store = open_store(db, create=True)
    except StorageError as exc:
        raise fail(str(exc)) from None
    try:
        summary = load(store, file)
    except StorageError as exc:
        raise fail(str(exc)) from None
    finally:
        store.close()
    typer.echo(f"restored {summary} from {file}; every stream's events match the backup")
