"""``pokertd sheet NAME KIND``: a printed sheet of a live tournament (issue 22), as the console
prints it (:mod:`pokertd.services.sheet_page`): a standalone HTML page for A4 or US Letter (``--paper``)
on stdout, or in ``-o FILE``; open it in a browser and print, or ``chromium --headless
--print-to-pdf``. The sheets: ``seat-draw`` (a card per player to cut), ``tables`` (the table
list for the dealers), ``payouts`` (a line per paid place to sign), ``results``.

It reads the log and writes nothing (like the room's screens).
"""

# No `from __future__ import annotations`: Typer reads each parameter's annotation.
from pathlib import Path
from typing import Annotated

import typer

from .app import Db, app, fail

KINDS = "seat-draw, tables, payouts or results"


@app.command()
def sheet(
    name: Annotated[str, typer.Argument(help="The tournament.")],
    kind: Annotated[str, typer.Argument(help=f"The sheet: {KINDS}.")],
    paper: Annotated[str, typer.Option("--paper", help="a4 or letter (US Letter).")] = "a4",
    output: Annotated[Path | None, typer.Option(
        "-o", "--output", help="Write the page to this file (default: stdout).")] = None,
    db: Db = None,
) -> None:
    """A printed sheet of a live tournament: the seat draw, the table list, the payout sheet
    or the results, as an HTML page for A4 or US Letter."""
    from ..services.sheet_page import paper_size, render_sheet
    from ..services.sheets import SHEETS, SheetError, sheet as sheet_data
    from ..services.tournaments import TournamentService, UnknownTournament
    from ..storage import StorageError, open_store

    try:
        paper = paper_size(paper)
    except ValueError as exc:
        raise fail(f"--paper: {exc}") from None
    if kind not in SHEETS:
        raise fail(f"no sheet {kind!r}: the sheets are {KINDS}")
    try:
        store = open_store(db, create=False)
    except StorageError as exc:
        raise fail(str(exc)) from None
    try:
        service = TournamentService(store)
        try:
            t = service.load(name).tournament
        except UnknownTournament as exc:
            raise fail(str(exc)) from None
        try:
            page = render_sheet(sheet_data(t, kind, name), paper, service.now())
        except SheetError as exc:
            raise fail(str(exc)) from None
    finally:
        store.close()
    if output is None:
        typer.echo(page, nl=False)
        return
    try:
        output.write_text(page, encoding="utf-8")
    except OSError as exc:
        raise fail(f"-o {output}: cannot write it ({exc.strerror or exc})") from None
    typer.echo(f"{name}: {SHEETS[kind].lower()} for {paper} written to {output}", err=True)
