"""The ``pokertd tournament`` commands' shared parts: the service on the store (refusals
become exit status 2, a lost race status 1, a repeated ``--command-id`` ``already done``), the
parsing of their lists (``Ann,Bob``, ``Ann=30000``, ``TABLE=SEAT``) and the lines they print (what
the clock brought, the seat moves, the rulings, a balancing move waiting for the buttons).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import typer

from .app import fail


T = TypeVar("T")


@contextmanager
def _service(db: str | None, *, create: bool = False) -> Iterator[Any]:
    """The tournament service on the store at ``db``; refusals become exit status 2.
    Only a command that creates a tournament (``create``) may create the database: any other
    finds none at a mistyped path and says so, creating nothing."""
    from ..services.tournaments import TournamentService, TournamentServiceError
    from ..storage import ConcurrencyError, StorageError, open_store

    try:
        store = open_store(db, create=create)
    except StorageError as exc:  # StoreUnavailable: the problem and what would be right
        raise fail(str(exc)) from None
    try:
        yield TournamentService(store)
    except ConcurrencyError as exc:
        raise fail(f"another command changed the tournament meanwhile ({exc}); run it again",
                   1) from None
    except (TournamentServiceError, StorageError, ValueError) as exc:
        # DirectorError, DealError, ClockError: the pure layers' refusals are ValueErrors.
        raise fail(str(exc)) from None
    finally:
        store.close()


def _run(db: str | None, command: Callable[[Any], T], *, create: bool = False) -> T:
    with _service(db, create=create) as service:
        out = command(service)
    if getattr(out, "repeated", False) is True:
        # --command-id of a command the log already holds: it is not applied again.
        batch = getattr(out, "batch", None)
        typer.echo("already done: this command id is in the log"
                   + (f" (batch {batch})" if batch is not None else "")
                   + "; nothing applied again")
        raise typer.Exit(0)
    return out


def _names(text: str, option: str) -> list[str]:
    names = [t.strip() for t in text.split(",") if t.strip()]
    if not names:
        raise fail(f"{option}: give at least one player, comma-separated")
    return names


def _amounts(text: str, option: str) -> dict[str, int]:
    """``Ann=30000,Bob=20000`` as a mapping of player to whole number."""
    out: dict[str, int] = {}
    for item in (t.strip() for t in text.split(",")):
        player, sep, value = item.rpartition("=")
        player = player.strip()
        try:
            amount = int(value)
        except ValueError:
            amount = None
        if not sep or not player or amount is None:
            raise fail(f"{option}: {item!r} is not PLAYER=AMOUNT (e.g. Ann=30000,Bob=20000)")
        if player in out:
            raise fail(f"{option}: {player} is listed twice")
        out[player] = amount
    return out


def _buttons(text: str | None, option: str = "--button") -> dict[int, int] | None:
    """``2=5,1=3`` (table 2's button on seat 5, table 1's on seat 3) as table -> seat."""
    if text is None:
        return None
    out: dict[int, int] = {}
    for item in (t.strip() for t in text.split(",")):
        table, sep, seat = item.partition("=")
        try:
            pair = (int(table), int(seat))
        except ValueError:
            pair = None
        if not sep or pair is None:
            raise fail(f"{option}: {item!r} is not TABLE=SEAT, the seat of the dealer button at "
                       "a table (e.g. 2=5,1=3)")
        if pair[0] in out:
            raise fail(f"{option}: table {pair[0]} is listed twice")
        out[pair[0]] = pair[1]
    return out


def _print_balancing(t: Any, name: str) -> None:
    """A live balancing move waiting for the buttons (IFP 11a; WPA 5): say which."""
    wait = None if t.finished or t.dealt else t.balancing_wait()
    if wait is None or not wait["buttons_needed"]:
        return
    tables = ", ".join(str(x) for x in wait["buttons_needed"])
    example = ",".join(f"{x}=SEAT" for x in wait["buttons_needed"])
    typer.echo(f"balancing due ({wait['rule']}): table {wait['from_table']} gives a player to "
               f"table {wait['to_table']}; record the button at table(s) {tables}: "
               f"pokertd tournament moves {name!r} --button {example}")


def _echo_json(out: Any, **extra: Any) -> None:
    """A command's result as JSON: the events it appended (as stored) and ``extra``."""
    typer.echo(json.dumps({"events": [{"seq": e.seq, "type": e.type, **e.payload}
                                      for e in out.events], **extra}))


def _print_clock(events: Any, err: bool = False) -> None:
    """What the clock brought since the last command (recorded with this one); ``err``: on
    standard error (a command whose standard output is data: JSON, CSV, HTML)."""
    if err:
        import contextlib
        import sys

        with contextlib.redirect_stdout(sys.stderr):
            _print_clock(events)
        return
    for e in events:
        if e.type == "level_started":
            typer.echo(f"level {e.level} has started" + (f" ({e.rule})" if e.rule else ""))
        elif e.type == "dead_stacks_removed":
            chips = ", ".join(f"{n} x {v}" for v, n in e.by_value)
            typer.echo(f"registration closed: remove the starting stacks of {e.seats} unsold "
                       f"seat(s), {e.chips:,} chips" + (f" ({chips})" if chips else "")
                       + f" ({e.rule})")
        elif e.type == "busted":
            typer.echo(f"{e.player} is out in place {e.place}: {e.removed:,} chips removed "
                       f"({e.rule})")
        elif e.type == "payouts_fixed":
            typer.echo(f"payouts fixed: {e.entrants} entrants, prize pool {e.pool:,}")
        elif e.type == "clock_paused":
            typer.echo(f"clock stopped ({e.reason}): resume once the players are seated")
    _print_moves(list(events))


def _print_rulings(t: Any, events: list[Any]) -> None:
    """What to tell the floor (halted tables, players waiting for the button, the final
    table's button draw: IFP 11a, IFP 10, IFP 16)."""
    from ..services.tournaments import rulings

    for line in rulings(t, events):
        typer.echo(line)


def _print_moves(events: list[Any]) -> None:
    from ..services.tournaments import describe_move, seat_changes

    for e in seat_changes(events, latest=False):
        for line in describe_move(e):
            typer.echo(f"move: {line}")
