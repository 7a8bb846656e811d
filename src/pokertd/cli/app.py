"""The root Typer application; each command group lives in its own module."""

from __future__ import annotations

from enum import Enum

import typer


class OutputFormat(str, Enum):
    """``--format`` of the commands that print results: a Rich table or JSON."""

    table = "table"
    json = "json"


app = typer.Typer(
    name="pokertd",
    help="pokertd: a rules-exact poker dealer engine, tournament director and league manager.",
    no_args_is_help=True,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

# Command modules register themselves on `app` when imported.
from . import demo, equity, league, live, money, phh, tournament  # noqa: E402,F401
