"""``pokertd tournament seats NAME``: who sits where, alphabetically, in four forms.

Declared in :mod:`pokertd.cli.live` (the ``tournament`` group) and run here. ``html`` is a
standalone page (no outside file: it prints as it shows) for the door or a screen; ``csv`` has
a header row (player, table, seat, status).
"""

from __future__ import annotations

import csv
import html
import io
import json
from typing import Any

import typer

from .live_common import _print_clock, _run
from .output import Console, Table


def _status(r: dict[str, Any]) -> str:
    if r["out"]:
        return f"out (place {r['place']})"
    if r["table"] is None:
        return "seated at the start"
    return "absent" if r["absent"] else ""


def seats(name: str, output: str, everyone: bool, db: str | None) -> None:
    from ..services.tournaments import seat_list

    def command(service: Any) -> tuple[Any, list[dict[str, Any]]]:
        out = service.observe(name)          # what the clock brought is recorded first
        return out, seat_list(out.tournament, everyone=everyone)
    out, rows = _run(db, command)
    _print_clock(out.clock, err=output != "table")
    if output == "json":
        typer.echo(json.dumps(rows))
    elif output == "csv":
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(["player", "table", "seat", "status"])
        for r in rows:
            w.writerow([r["player"], r["table"] or "", r["seat"] or "", _status(r)])
        typer.echo(buf.getvalue(), nl=False)
    elif output == "html":
        typer.echo(page(name, rows))
    elif not rows:
        t = out.tournament
        typer.echo("no players registered yet" if not t.players else
                   f"no player in play: the tournament is over, {t.winner} won" if t.finished
                   else "no player in play")
    else:
        table = Table(title=f"{name}: seats")
        table.add_column("player")
        table.add_column("table", justify="right")
        table.add_column("seat", justify="right")
        table.add_column("")
        for r in rows:
            table.add_row(r["player"], str(r["table"] or "-"), str(r["seat"] or "-"),
                          _status(r))
        Console().print(table)


def page(name: str, rows: list[dict[str, Any]]) -> str:
    """The seat list as a standalone HTML page, large print, one table, printable."""
    e = html.escape
    body = "\n".join(
        f"<tr><td>{e(r['player'])}</td><td class=n>{r['table'] or '-'}</td>"
        f"<td class=n>{r['seat'] or '-'}</td><td>{e(_status(r))}</td></tr>" for r in rows)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{e(name)}: seats</title>
<style>
body {{ font-family: sans-serif; margin: 2em; }}
h1 {{ font-size: 2em; }}
table {{ border-collapse: collapse; font-size: 1.5em; }}
th, td {{ border-bottom: 1px solid #999; padding: 0.2em 1em; text-align: left; }}
td.n {{ text-align: right; }}
@media print {{ body {{ margin: 0; }} tr {{ break-inside: avoid; }} }}
</style>
</head>
<body>
<h1>{e(name)}: seats</h1>
<table>
<thead><tr><th>Player</th><th>Table</th><th>Seat</th><th></th></tr></thead>
<tbody>
{body}
</tbody>
</table>
</body>
</html>"""
