"""The league on the web (issue 9: "League: standings (with the race chart), each event's
results, the Tournament of Champions"; "Finishing: ... the league event added to its season in
one step"). Public, read-only pages from the seasons in the store (:mod:`pokertd.league`), and
the console's request that adds a finished event to a season
(:func:`pokertd.services.leagues.add_tournament`, as ``pokertd league add``)."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from .auth import check_csrf, director
from .pages import render

router = APIRouter()


def _season(request: Request, name: str) -> Any:
    from pokertd.services.seasons import load_season
    from pokertd.league.season import LeagueError

    try:
        return load_season(request.app.state.service.store, name)
    except LeagueError as exc:
        raise HTTPException(404, str(exc)) from None


def season_rows(store: Any) -> list[dict[str, Any]]:
    """Every season, oldest first: its events, members, the TOC pool so far, the last event."""
    from pokertd.services.seasons import load_season, seasons
    from pokertd.league.standings import standings, toc_pool

    rows = []
    for name in seasons(store):
        s = load_season(store, name)
        top = standings(s)
        rows.append({"season": name, "events": len(s.events), "members": len(s.member_list()),
                     "pool": toc_pool(s), "last": s.events[-1] if s.events else None,
                     "leader": ", ".join(x.player for x in top if x.rank == 1)})
    return rows


@router.get("/league", response_class=HTMLResponse)
def seasons_page(request: Request) -> Response:
    return render(request, "league.html", view="seasons",
                  rows=season_rows(request.app.state.service.store))


@router.get("/league/{season}", response_class=HTMLResponse)
def standings_page(request: Request, season: str) -> Response:
    from pokertd.league.standings import standings_history

    s = _season(request, season)
    history = standings_history(s)
    return render(request, "league.html", view="standings", season=s,
                  rows=history[-1] if history else [],
                  events=list(reversed(s.events)))


@router.get("/league/{season}/race.svg")
def race_chart(request: Request, season: str) -> Response:
    """The points race (season points after each event of the top 10) as an SVG image."""
    from pokertd.league.chart import race_chart as chart

    s = _season(request, season)
    if not s.events:
        raise HTTPException(404, f"season {season!r} has no events yet: no race to draw")
    return Response(chart(s, "svg"), media_type="image/svg+xml",
                    headers={"Cache-Control": "no-cache"})


@router.get("/league/{season}/events/{event}", response_class=HTMLResponse)
def event_page(request: Request, season: str, event: str) -> Response:
    from pokertd.league.standings import event_prizes, event_scores

    s = _season(request, season)
    found = next((e for e in s.events if e.name == event), None)
    if found is None:
        raise HTTPException(404, f"season {season!r} has no event {event!r} (events: "
                                 f"{', '.join(e.name for e in s.events) or 'none yet'})")
    scores = event_scores(s)[found.name]
    prizes = event_prizes(s, found)
    rows = [{"result": r, "points": scores[r.player].points if r.player in scores else None,
             "earns": s.earns_points(r), "prize": prizes.get(r.player, 0)}
            for r in sorted(found.results, key=lambda r: (r.finish, r.player.casefold()))]
    return render(request, "league.html", view="event", season=s, event=found, rows=rows)


@router.get("/league/{season}/toc", response_class=HTMLResponse)
def toc_page(request: Request, season: str) -> Response:
    from pokertd.league.season import LeagueError
    from pokertd.league.standings import toc

    s = _season(request, season)
    try:
        result = toc(s)
    except LeagueError as exc:
        raise HTTPException(400, str(exc)) from None
    return render(request, "league.html", view="toc", season=s, toc=result)


class AddToLeague(BaseModel):
    model_config = ConfigDict(extra="forbid")

    season: str = Field(min_length=1, max_length=200)
    event: str | None = Field(default=None, min_length=1, max_length=200)
    date: str | None = Field(default=None, max_length=20)
    substitutes: list[str] = Field(default_factory=list, max_length=500)


@router.post("/console/api/events/{name}/league",
             dependencies=[Depends(director), Depends(check_csrf)])
def add_to_league(request: Request, name: str, body: AddToLeague) -> dict[str, Any]:
    """The finished event added to its season in one step (``pokertd league add``)."""
    from pokertd.league.season import LeagueError
    from pokertd.services.leagues import add_tournament
    from pokertd.services.tournaments import TournamentServiceError, UnknownTournament
    from pokertd.storage import StorageError

    try:
        added = add_tournament(request.app.state.service.store, name, body.season,
                               event=body.event, date=body.date or None,
                               substitutes=body.substitutes)
    except UnknownTournament as exc:
        raise HTTPException(404, str(exc)) from None
    except (LeagueError, TournamentServiceError, StorageError, ValueError) as exc:
        raise HTTPException(400, str(exc)) from None
    return {"ok": True, "season": body.season, "event": added.event.name,
            "entrants": added.event.entrants, "url": "/league/" + quote(body.season, safe="")}
