"""The printed sheets in the console (issue 22; the data: :mod:`pokertd.services.sheets`, the
page: :mod:`pokertd.services.sheet_page`, which ``pokertd sheet`` writes too).

``GET /console/events/{name}/sheets/{kind}?paper=a4|letter`` in the console (a user logged in);
the console's event page links them.
"""

from __future__ import annotations

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import HTMLResponse

from pokertd.services.sheet_page import paper_size, render_sheet
from pokertd.services.sheets import SHEETS, SheetError, sheet
from pokertd.services.tournaments import UnknownTournament
from pokertd.storage.users import User

from .auth import console_user

__all__ = ["router"]

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
