"""``pokertd tournament undo`` and ``redo``: take back the last command, put it back.

The commands are declared in :mod:`pokertd.cli.live` (the ``tournament`` group, loaded alone
for its ``--help``) and run here.

An undo is itself an event (:mod:`pokertd.services.history`): nothing is deleted, the replay
leaves the undone command out, and the output lists what that changes back, with the seat
moves to reverse. Undo again for the command before; redo puts back what was undone, until a
new command is given.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any

import typer

from .app import OutputFormat
from .live_common import _print_clock, _run


def _batch(b: Any) -> dict[str, Any] | None:
    return None if b is None else {"batch": b.id, "command": b.kind, "args": b.args, "at": b.at}


def _when(at: float | None) -> str:
    if at is None:
        return ""
    return f", recorded {datetime.fromtimestamp(at, timezone.utc):%H:%M:%S} UTC"


def _report(out: Any, verb: str, name: str, output: OutputFormat) -> None:
    from ..services.history import describe

    r = out.result
    if output is OutputFormat.json:
        typer.echo(json.dumps({
            verb.replace(" ", "_"): _batch(r.command), "written": out.batch is not None,
            "changes": list(r.changes), "moves": list(r.moves),
            "events": [{"seq": e.seq, "type": e.type, **e.payload} for e in out.events],
            "next_undo": _batch(r.next_undo), "next_redo": _batch(r.next_redo)}))
        return
    typer.echo(f"{verb}: {r.text}{_when(r.command.at)}")
    for line in r.changes:
        typer.echo(f"  {line}")
    for m in r.moves:
        if m["to_table"] is None:
            typer.echo(f"move: {m['player']} leaves table {m['from_table']} seat "
                       f"{m['from_seat']}")
        elif m["from_table"] is None:
            typer.echo(f"move: {m['player']} sits at table {m['to_table']} seat {m['to_seat']}")
        else:
            typer.echo(f"move: {m['player']}: table {m['from_table']} seat {m['from_seat']} -> "
                       f"table {m['to_table']} seat {m['to_seat']}")
    if out.batch is None:
        typer.echo("nothing written (--dry-run)")
        return
    _print_clock(out.clock)
    if r.next_redo is not None:
        typer.echo(f"redo puts back: {describe(r.next_redo)} "
                   f"(pokertd tournament redo {name!r})")
    typer.echo(f"next undo: {describe(r.next_undo)}" if r.next_undo is not None
               else "nothing left to undo")


def undo(name: str, output: OutputFormat, dry_run: bool, db: str | None,
         command_id: str | None = None) -> None:
    out = _run(db, lambda s: s.undo(name, dry_run=dry_run, command_id=command_id))
    _report(out, "would undo" if dry_run else "undone", name, output)


def redo(name: str, output: OutputFormat, dry_run: bool, db: str | None,
         command_id: str | None = None) -> None:
    out = _run(db, lambda s: s.redo(name, dry_run=dry_run, command_id=command_id))
    _report(out, "would redo" if dry_run else "redone", name, output)
