"""The printed sheets (issue 22; the data: :mod:`pokertd.services.sheets`), laid out for paper:
a standalone page each (its stylesheet inside, no outside file: ``pokertd sheet`` writes the
same page), sized for A4 or US Letter by CSS ``@page``, nothing cut across two pages.

``GET /console/events/{name}/sheets/{kind}?paper=a4|letter`` in the console (a user logged in);
the console's event page links them.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import HTMLResponse
from jinja2 import Environment, FileSystemLoader, select_autoescape

from pokertd.services.sheets import SHEETS, SheetError, sheet
from pokertd.services.tournaments import UnknownTournament
from pokertd.storage.users import User

from .auth import console_user

__all__ = ["PAPERS", "paper_size", "render_sheet", "router"]

#: The paper sizes: the name given (``?paper=``, ``--paper``) -> CSS ``@page`` size, and the
#: width the page takes on a screen.
PAPERS = {"a4": ("A4", "210mm"), "letter": ("letter", "8.5in")}

_ENV = Environment(loader=FileSystemLoader(Path(__file__).resolve().parent / "templates"),
                   autoescape=select_autoescape(["html"]), keep_trailing_newline=True)
_ENV.filters["num"] = lambda n: f"{n:,}" if isinstance(n, int) else ("" if n is None else n)


def paper_size(paper: str) -> str:
    """The CSS page size of ``paper`` (a4 or letter, in any case); a ValueError names both."""
    key = paper.strip().lower()
    if key not in PAPERS:
        raise ValueError(f"paper {paper!r} is not a paper size here: a4 or letter (US Letter)")
    return key


def render_sheet(data: dict[str, object], paper: str, printed: float) -> str:
    """The page of a sheet's ``data`` (:func:`pokertd.services.sheets.sheet`) for ``paper``;
    ``printed``: the time shown as printed (seconds since the epoch, the local time)."""
    key = paper_size(paper)
    size, width = PAPERS[key]
    return _ENV.get_template("sheets/sheet.html").render(
        s=data, paper=key, page_size=size, screen_width=width,
        printed=datetime.fromtimestamp(printed).strftime("%Y-%m-%d %H:%M"))


router = APIRouter()


@router.get("/console/events/{name}/sheets/{kind}", response_class=HTMLResponse)
def sheet_page(request: Request, name: str, kind: str, paper: str = "a4",
               user: User = Depends(console_user)) -> HTMLResponse:
    service = request.app.state.service
    try:
        paper = paper_size(paper)
    except ValueError as exc:
        raise HTTPException(422, str(exc)) from None
    if kind not in SHEETS:
        raise HTTPException(404, f"no sheet {kind!r}: the sheets are {', '.join(SHEETS)}")
    try:
        t = service.load(name).tournament
    except UnknownTournament as exc:
        raise HTTPException(404, str(exc)) from None
    try:
        data = sheet(t, kind, name)
    except SheetError as exc:
        raise HTTPException(409, str(exc)) from None
    return HTMLResponse(render_sheet(data, paper, service.now()))
