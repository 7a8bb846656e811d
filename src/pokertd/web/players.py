"""The player database in the console (:mod:`pokertd.services.players`): search as you type
when registering (the database's people, then anyone ever registered for an event), a new
person added on the spot, a CSV import, and its page (``/console/players``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select

from pokertd.services.players import PlayerDirectory, PlayerDirectoryError
from pokertd.storage import Event, Store
from pokertd.storage.users import User

from .auth import check_csrf, console_user, director
from .pages import render

router = APIRouter()


def known_players(store: Store, query: str = "") -> list[str]:
    """Names registered in any event, those starting with ``query`` first, then those
    containing it (case-insensitive), each once, alphabetically within each group."""
    with store.session() as session:
        payloads = session.scalars(select(Event.payload).where(Event.type == "registered"))
        names = {p["player"] for p in payloads if isinstance(p.get("player"), str)}
    q = query.strip().casefold()
    starts = sorted((n for n in names if n.casefold().startswith(q)), key=str.casefold)
    inside = sorted((n for n in names if q in n.casefold() and not n.casefold().startswith(q)),
                    key=str.casefold)
    return starts + inside


class NewPerson(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=100)
    nickname: str | None = Field(default=None, max_length=100)
    contact: str | None = Field(default=None, max_length=200)


class CsvImport(BaseModel):
    model_config = ConfigDict(extra="forbid")

    csv: str = Field(min_length=1, max_length=2_000_000)


def _directory(request: Request) -> PlayerDirectory:
    return PlayerDirectory(request.app.state.service.store)


@router.get("/console/api/players")
def search(request: Request, q: str = "", user: User = Depends(console_user)) -> dict[str, Any]:
    """The people matching ``q`` (name or nickname), the database's first: the register
    form's suggestions."""
    directory = _directory(request)
    found = directory.search(q, registered=known_players(directory.store, q))
    return {"players": [p["name"] for p in found], "people": found}


acts = [Depends(director), Depends(check_csrf)]


@router.post("/console/api/players", dependencies=acts, status_code=201)
def add(request: Request, body: NewPerson) -> dict[str, Any]:
    try:
        person = _directory(request).add(body.name, body.nickname, body.contact)
    except PlayerDirectoryError as exc:
        raise HTTPException(400, str(exc)) from None
    return {"ok": True, "person": person.to_dict()}


@router.post("/console/api/players/import", dependencies=acts)
def import_csv(request: Request, body: CsvImport) -> dict[str, Any]:
    """A CSV of people (name, nickname, contact): all of them, or (one problem) none, every
    problem named by its row and column."""
    try:
        people = _directory(request).import_csv(body.csv)
    except PlayerDirectoryError as exc:
        problems = getattr(exc, "problems", [str(exc)])
        return JSONResponse({"error": str(exc), "problems": problems}, status_code=400)
    return {"ok": True, "added": len(people)}


@router.get("/console/players", response_class=HTMLResponse)
def page(request: Request, user: User = Depends(console_user)) -> Response:
    return render(request, "players.html", people=_directory(request).people())
