"""The root Typer application: a lazy registry of the command modules.

A person meets pokertd through this command line, and most of a short command's time would
be start-up: importing every command module brings in NumPy, Numba, SQLAlchemy and the whole
tournament and league layers. So the root group knows each command by name, module and a line
of help, and imports a command's module only when that command runs (``pokertd --help`` lists
them from this table without importing any). Each command module registers its command on
``app`` when imported, as Typer modules do; ``tests/test_cli_startup.py`` checks that every
listed command exists with the help written here.
"""

from __future__ import annotations

import copy
import importlib
from enum import Enum
from typing import Annotated, Any

import typer
from typer.core import TyperCommand, TyperGroup

from .. import __version__


class OutputFormat(str, Enum):
    """``--format`` of the commands that print results: a Rich table or JSON."""

    table = "table"
    json = "json"


# --db of the commands that keep their state in the event store.
Db = Annotated[str | None, typer.Option(
    "--db", help="Database URL or SQLite file (default $POKERTD_DB, else pokertd.db in the "
                 "user's data directory). Only tournament new and league import create it.")]


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print ``Error: message`` on stderr; raise the returned Exit (2: bad input)."""
    from rich.console import Console
    Console(stderr=True, highlight=False, soft_wrap=True).print(f"Error: {message}", markup=False)
    return typer.Exit(code)


#: Every top-level command: name -> (module under pokertd.cli, the help line listed by
#: ``pokertd --help``). The order is the order of the listing.
COMMANDS: dict[str, tuple[str, str]] = {
    "demo": ("demo", "Deal a seeded hold'em showdown, name the hands, and compute the equities."),
    "equity": ("equity", "Win, tie and equity of each hand: exact (every board) unless --samples "
                         "is given."),
    "payouts": ("money", "The prize for each paid place; the amounts sum to the pool exactly."),
    "icm": ("money", "Each stack's ICM (Malmuth-Harville) equity in the prizes, in the order given."),
    "simulate": ("tournament", "Play a dealt freezeout with bots to a winner and print the results."),
    "league": ("league", "Leagues: seasons of events (imported or run here), members, standings "
                         "after every event, the Tournament of Champions."),
    "tournament": ("live", "Run a live tournament (state kept in the database, --db): new, "
                           "register, start, bust, moves, status, payouts, deal and the rest."),
    "phh": ("phh", "PHH hand histories: replay them, export engine hands."),
    "serve": ("serve", "Serve the director's console and the room's screens (clock, seats) "
                       "over HTTP."),
    "users": ("users", "The web console's users: add (director or floor), list."),
    "verify": ("verify", "Check provably fair hands: the commitment, the deck order from the "
                         "seeds, the cards dealt."),
    "backup": ("backup", "Write the whole store (every stream, event and user) to one backup "
                         "file."),
    "restore": ("backup", "Restore a backup into a new, empty store (SQLite or PostgreSQL), "
                          "checking every event."),
    "structure": ("structure", "Structures: forecast when a structure reaches the money, the "
                               "final table and its end, from simulated tournaments."),
    "sheet": ("sheets", "A printed sheet of a live tournament: the seat draw, the table list, "
                        "the payout sheet or the results, as an HTML page for A4 or US Letter."),
    "floor": ("floor", "The floor's rulings at a live table: bets made with chips and words, "
                       "decided by the rule preset, the rule cited."),
    "acpc": ("acpc", "The ACPC match protocol: deal a match to bots over TCP, or connect a bot "
                     "to a dealer."),
}


class LazyGroup(TyperGroup):
    """The root group: a command's module is imported when the command is looked up to run."""

    _listing = False
    _subcommand: str | None = None

    def list_commands(self, ctx: Any) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        entry = COMMANDS.get(cmd_name)
        if entry is None:
            return None
        module, help_line = entry
        if self._listing:                      # the root --help: the name and its line only
            return TyperCommand(cmd_name, help=help_line, short_help=help_line)
        return load_command(cmd_name, module, self._subcommand)

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        # The word after a group's name: only that subcommand of the group is built to run it.
        self._subcommand = args[1] if len(args) > 1 else None
        try:
            return super().resolve_command(ctx, args)
        finally:
            self._subcommand = None

    def format_help(self, ctx: Any, formatter: Any) -> None:
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False


def _name(info: Any) -> str | None:
    return info.name or (info.callback.__name__.replace("_", "-") if info.callback else None)


def load_command(name: str, module: str, subcommand: str | None = None) -> Any:
    """The click command ``name`` of ``pokertd.cli.<module>``, importing the module. For a
    group, ``subcommand`` (the word after its name) builds that subcommand alone when the group
    has one of that name: Typer reads every parameter of every command it builds, and a
    group's help, or a word that is no subcommand, builds them all."""
    importlib.import_module(f"{__package__}.{module}")
    for info in app.registered_commands:
        if _name(info) == name:
            single = typer.Typer(add_completion=False, rich_markup_mode=app.rich_markup_mode)
            single.registered_commands = [info]
            command = typer.main.get_command(single)
            command.name = name
            return command
    for group in app.registered_groups:
        if group.name == name and group.typer_instance is not None:
            sub = group.typer_instance
            _like_root(sub)
            only = [info for info in sub.registered_commands if _name(info) == subcommand]
            if only and not sub.registered_groups:
                sub = copy.copy(sub)
                sub.registered_commands = only
            command = typer.main.get_group(sub)
            command.name = name
            return command
    raise LookupError(f"pokertd.cli.{module} registers no command {name!r}")


def _like_root(sub: typer.Typer) -> None:
    """A command group formats its help as the root does, and offers no completion options."""
    sub._add_completion = False
    sub.rich_markup_mode = app.rich_markup_mode
    for group in sub.registered_groups:
        if group.typer_instance is not None:
            _like_root(group.typer_instance)


#: Set by the console script (:func:`pokertd.cli.main`) when it turned the cyclic collector
#: off for start-up; the root callback turns it back on.
COLLECTOR_HELD = False


def _version(value: bool) -> None:
    if value:
        typer.echo(f"pokertd {__version__}")
        raise typer.Exit()


app = typer.Typer(
    name="pokertd",
    cls=LazyGroup,
    # Plain help and usage errors: Typer's Rich help imports Rich, its Markdown and Markdown-it
    # (about twice the start-up of everything else a short command needs).
    rich_markup_mode=None,
    help="pokertd: a rules-exact poker dealer engine, tournament director and league manager.",
    no_args_is_help=True,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.callback()
def main(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="Print the version and exit.")] = False,
) -> None:
    """pokertd: a rules-exact poker dealer engine, tournament director and league manager."""
    global COLLECTOR_HELD
    if COLLECTOR_HELD:    # the console script held the collector while start-up loaded
        import gc
        gc.freeze()
        gc.enable()
        COLLECTOR_HELD = False
