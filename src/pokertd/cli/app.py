"""The root Typer application; each command group lives in its own module."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console


class OutputFormat(str, Enum):
    """``--format`` of the commands that print results: a Rich table or JSON."""

    table = "table"
    json = "json"


# --db of the commands that keep their state in the event store.
Db = Annotated[str | None, typer.Option(
    "--db", help="Database URL or SQLite file (default $POKERTD_DB, else pokertd.db in the "
                 "user's data directory).")]


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print ``Error: message`` on stderr; raise the returned Exit (2: bad input)."""
    Console(stderr=True, highlight=False, soft_wrap=True).print(f"Error: {message}", markup=False)
    return typer.Exit(code)


def db_url(db: str | None) -> str | None:
    """--db as a store URL: a URL as given, a plain path as an SQLite file."""
    if db is None or "://" in db:
        return db
    return f"sqlite:///{Path(db).expanduser()}"


app = typer.Typer(
    name="pokertd",
    help="pokertd: a rules-exact poker dealer engine, tournament director and league manager.",
    no_args_is_help=True,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

# Command modules register themselves on `app` when imported.
from . import demo, equity, league, live, money, phh, tournament  # noqa: E402,F401
from . import serve, users  # noqa: E402,F401
