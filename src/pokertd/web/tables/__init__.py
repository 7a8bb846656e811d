"""The playable tables in the browser: the lobby, the table page and its websocket.

Thin like the rest of the web application: every command goes to the game server
(:class:`pokertd.room.server.TableServer`), every frame a client receives is the
view the server built for that client's seat. Routes:

- ``/tables``: the lobby (open tables, dealt tournaments); POST ``/tables/api/tables`` opens
  a table and POST ``/tables/api/events`` a dealt tournament (CSRF token; the answer holds the
  host token, kept by the host's browser);
- ``/tables/{name}``: the table page (seated, or watching without any hole card);
- ``/tables/{name}/ws``: the websocket (the protocol: ``docs/table-protocol.md``; the same
  for a browser and for an outside program);
- ``/tables/{name}/hands/{n}.phh?token=...``: a hand one played, as PHH;
- ``/tables/{name}/hands/{n}.json``: a fair table's hand over, in the form ``pokertd verify``
  checks (:mod:`pokertd.room.fair_deal`).
- ``/tables/{name}/hands/{n}.txt?token=...``: the same hand as a PokerStars hand history.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any, TypeVar

from fastapi import APIRouter, Depends, FastAPI, HTTPException, Request, WebSocket
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import BaseModel, Field

from pokertd.room.server import TableServer
from pokertd.room.tables import (
    BOT_KINDS,
    HandNotOver,
    NotDealtIn,
    TableConfig,
    TableError,
    hash_token,
    phh_for,
)
from pokertd.storage import Store

from ..auth import check_csrf, csrf_token, current_user
from .connection import Connection, int_field, quiet_bad_frames, quote

HERE = Path(__file__).resolve().parent

__all__ = ["install"]

R = TypeVar("R")


class NewTable(BaseModel):
    name: str = Field(min_length=1, max_length=60)
    seats: int = Field(6, ge=2, le=10)
    small_blind: int = Field(5, ge=1)
    big_blind: int = Field(10, ge=1)
    structure: str = "no-limit"
    act_seconds: float = Field(20, gt=0, le=600)
    time_bank: float = Field(30, ge=0, le=3600)
    # the house's time-bank rule (pokertd.room.turns): seconds back every so many hands
    bank_refill: float = Field(10, ge=0, le=3600)
    bank_refill_hands: int = Field(20, ge=0, le=10_000)
    bots: int = Field(0, ge=0, le=9)
    bot_kind: str = "sensible"
    bot_delay: float = Field(1.0, ge=0, le=10)
    pause_seconds: float = Field(3.0, ge=0, le=60)
    # decks and bots' decisions derived from it (tests, research, replays: never real play)
    seed: str | int | None = None
    # a verifiable deal (pokertd.room.fair_deal)
    fair: bool = False


class NewEvent(BaseModel):
    name: str = Field(min_length=1, max_length=60)
    preset: str = "gananda"
    seats: int = Field(20, ge=2, le=200)
    table_size: int = Field(10, ge=2, le=10)
    bots: int = Field(0, ge=0, le=199)
    bot_kind: str = "sensible"
    password: str = Field("", max_length=200)
    level_minutes: float | None = Field(None, gt=0, le=120)
    act_seconds: float = Field(20, gt=0, le=600)
    bot_delay: float = Field(1.0, ge=0, le=10)
    pause_seconds: float = Field(2.0, ge=0, le=60)
    time_bank: float = Field(30, ge=0, le=3600)
    bank_refill: float = Field(10, ge=0, le=3600)    # at each new level (pokertd.room.turns)
    # a seeded event: the same in every run (tests, research, replays: never real play)
    seed: str | int | None = None
    # every table of the event deals verifiably (pokertd.room.fair_deal)
    fair: bool = False


def install(app: FastAPI, store: Store, *, server: TableServer | None = None) -> TableServer:
    """Add the tables to ``app``: the routes, the static files, and the game server started
    and stopped with the application."""
    from pokertd.room.dealt_tables import DealtEvents

    server = server or TableServer(store)
    quiet_bad_frames()
    events = DealtEvents(server, app.state.service)
    app.state.tables = server
    app.state.dealt = events
    templates = Jinja2Templates(directory=[HERE / "templates", HERE.parent / "templates"])
    app.mount("/tables/static", StaticFiles(directory=HERE / "static"), name="tables-static")

    inner = app.router.lifespan_context

    @contextlib.asynccontextmanager
    async def lifespan(a: FastAPI) -> AsyncIterator[Any]:
        async with inner(a) as state:
            server.start()
            try:
                yield state
            finally:
                await server.close()
    app.router.lifespan_context = lifespan

    router = APIRouter()
    # The commands run in the event loop's thread (async endpoints), where the game server
    # and its tables' tasks live: a table changes in one order only (the store's writes are
    # the server's writer thread's).

    def page(request: Request, template: str, **context: Any) -> HTMLResponse:
        return templates.TemplateResponse(request, template, {
            "user": current_user(request), "csrf": csrf_token(request), **context})

    def refused(exc: Exception) -> HTTPException:
        return HTTPException(404 if isinstance(exc, LookupError) else 400, str(exc))

    async def committed(answer: R, keys: list[Any]) -> R:
        """``answer``, built from the state now, once every change of those ``keys`` (the
        game server's tables, a dealt event's director) made so far is in the store: it
        tells of nothing the store does not have."""
        if not await server.written(*keys):
            raise HTTPException(503, "the store did not take the last change; try again")
        return answer

    def everything() -> list[Any]:
        return [*server.tables, *events.keys()]

    @router.get("/tables", response_class=HTMLResponse)
    async def lobby(request: Request) -> Response:
        return await committed(page(request, "lobby.html", tables=server.lobby(),
                                    events=events.lobby(), bot_kinds=BOT_KINDS), everything())

    @router.get("/tables/api/lobby")
    async def api_lobby() -> dict[str, Any]:
        return await committed({"tables": server.lobby(), "events": events.lobby()},
                               everything())

    @router.post("/tables/api/tables", dependencies=[Depends(check_csrf)], status_code=201)
    async def api_open(body: NewTable) -> dict[str, Any]:
        if body.bot_kind not in BOT_KINDS:
            raise HTTPException(422, f"bot_kind: one of {', '.join(BOT_KINDS)}")
        try:
            config = TableConfig(seats=body.seats, small_blind=body.small_blind,
                                 big_blind=body.big_blind, structure=body.structure,
                                 act_seconds=body.act_seconds, time_bank=body.time_bank,
                                 bank_refill=body.bank_refill,
                                 bank_refill_hands=body.bank_refill_hands,
                                 bot_delay=body.bot_delay, pause_seconds=body.pause_seconds,
                                 fair=body.fair)
            t, host = server.open_table(body.name, config, seed=body.seed)
            for k in range(body.bots):
                server.command(t.name, lambda tb, k=k: tb.join(
                    f"Bot {k + 1}", config.seats - k, config.buy_in[0] * 5, bot=body.bot_kind))
        except TableError as exc:
            raise refused(exc) from None
        return {"name": t.name, "host": host, "url": f"/tables/{t.name}"}

    @router.post("/tables/api/events", dependencies=[Depends(check_csrf)], status_code=201)
    async def api_event(body: NewEvent) -> dict[str, Any]:
        try:
            host = events.create(body.name, preset=body.preset, seats=body.seats,
                                 table_size=body.table_size, password=body.password or None,
                                 level_minutes=body.level_minutes, act_seconds=body.act_seconds,
                                 bot_delay=body.bot_delay, pause_seconds=body.pause_seconds,
                                 seed=body.seed, fair=body.fair, time_bank=body.time_bank,
                                 bank_refill=body.bank_refill)
            if body.bots:
                events.add_bots(body.name, host, body.bots, body.bot_kind)
        except (TableError, ValueError) as exc:
            raise refused(exc) from None
        return {"name": body.name, "host": host, "url": f"/tables/events/{body.name}"}

    @router.get("/tables/events/{name}", response_class=HTMLResponse)
    async def event_page(request: Request, name: str) -> Response:
        try:
            info = events.summary(name)
        except (TableError, LookupError) as exc:
            raise refused(exc) from None
        return await committed(page(request, "dealt_event.html", name=name, info=info,
                                    state=json.dumps(info).replace("<", "\\u003c")),
                               events.keys(name))

    @router.get("/tables/api/events/{name}")
    async def api_event_state(name: str) -> dict[str, Any]:
        try:
            return await committed(events.summary(name), events.keys(name))
        except (TableError, LookupError) as exc:
            raise refused(exc) from None

    @router.post("/tables/api/events/{name}/enter", dependencies=[Depends(check_csrf)])
    async def api_enter(name: str, request: Request) -> dict[str, Any]:
        body = await _json_object(request)
        try:
            token = events.enter(name, str(body.get("name", "")), str(body.get("password", "")))
        except (TableError, ValueError) as exc:
            raise refused(exc) from None
        return {"token": token}

    @router.post("/tables/api/events/{name}/start", dependencies=[Depends(check_csrf)])
    async def api_start(name: str, request: Request) -> dict[str, Any]:
        body = await _json_object(request)
        try:
            events.start(name, str(body.get("host", "")))
        except (TableError, ValueError) as exc:
            raise refused(exc) from None
        return {"ok": True}

    @router.post("/tables/api/events/{name}/bots", dependencies=[Depends(check_csrf)])
    async def api_bots(name: str, request: Request) -> dict[str, Any]:
        body = await _json_object(request)
        try:
            events.add_bots(name, str(body.get("host", "")), int_field(body.get("count", 1), "count"),
                            str(body.get("kind", "sensible")))
        except (TableError, ValueError) as exc:
            raise refused(exc) from None
        return {"ok": True}

    @router.get("/tables/api/events/{name}/seat")
    async def api_my_table(name: str, token: str) -> dict[str, Any]:
        """Where the token's player sits now (a dealt event moves him: balancing, breaking)."""
        try:
            return await committed(events.where(name, token), events.keys(name))
        except (TableError, LookupError) as exc:
            raise refused(exc) from None

    @router.get("/tables/{name}", response_class=HTMLResponse)
    def table_page(request: Request, name: str) -> Response:
        try:
            t = server.table(name)
        except TableError as exc:
            raise refused(exc) from None
        return page(request, "table.html", name=name, config=t.config, event=t.event,
                    bot_kinds=BOT_KINDS)

    @router.get("/tables/{name}/hands/{number}.phh")
    async def hand_phh(name: str, number: str, token: str = "") -> Response:
        """Hand ``number`` as PHH for whoever was dealt in it with ``token`` (wherever he sits
        now); a refusal is the table API's JSON error (:func:`api_error`)."""
        if not token:
            return api_error(401, "token: give the token you played the hand with "
                                  f"(/tables/{name[:60]}/hands/{number[:20]}.phh?token=...)")
        if not (number.isascii() and number.isdigit() and len(number) <= 9):
            return api_error(422, f"hand number {number[:20]!r}: a whole number (1, 2, ...)")
        try:
            t = server.table(name)
            text = phh_for(t, int(number), hash_token(token))
        except TableError as exc:
            return api_error(_status(exc), str(exc))
        if not await server.written(name):
            return api_error(503, "the store did not take the last change; try again")
        return PlainTextResponse(text, headers={
            "Content-Disposition": f'attachment; filename="{name}-hand-{number}.phh"'})

    @router.get("/tables/{name}/hands/{number}.json")
    async def hand_verifiable(name: str, number: int) -> Response:
        """A fair table's hand over, as ``pokertd verify`` checks it: everything in it was
        revealed to every client (players and spectators) when the hand ended, so no token
        is asked."""
        from pokertd.room.fair_deal import record
        try:
            data = record(server.table(name), number)
        except TableError as exc:
            return api_error(_status(exc), str(exc))
        return await committed(Response(json.dumps(data, indent=1), media_type="application/json",
                                        headers={"Content-Disposition": 'attachment; filename='
                                                 f'"{name}-hand-{number}.json"'}), [name])

    @router.get("/tables/{name}/hands/{number}.txt")
    async def hand_pokerstars(name: str, number: str, token: str = "") -> Response:
        """Hand ``number`` as a PokerStars hand history, for whoever was dealt in it with
        ``token`` (the PHH download's identity and refusals)."""
        from pokertd.room.pokerstars_download import pokerstars_for
        if not token:
            return api_error(401, "token: give the token you played the hand with "
                                  f"(/tables/{name[:60]}/hands/{number[:20]}.txt?token=...)")
        if not (number.isascii() and number.isdigit() and len(number) <= 9):
            return api_error(422, f"hand number {number[:20]!r}: a whole number (1, 2, ...)")
        try:
            text = pokerstars_for(server.table(name), int(number), hash_token(token))
        except TableError as exc:
            return api_error(_status(exc), str(exc))
        if not await server.written(name):
            return api_error(503, "the store did not take the last change; try again")
        return PlainTextResponse(text, headers={
            "Content-Disposition": f'attachment; filename="{name}-hand-{number}.txt"'})

    @router.websocket("/tables/{name}/ws")
    async def table_ws(ws: WebSocket, name: str) -> None:
        await ws.accept()
        try:
            server.table(name)
        except TableError:
            # (the name quoted short: an address of any length is never echoed whole)
            await ws.send_json({"type": "error", "message": f"no table named {quote(name)}: "
                                "the lobby, GET /tables/api/lobby, lists the open tables"})
            await ws.close(1008, "no such table")
            return
        conn = Connection(server, events, name, ws)
        await conn.run()

    app.include_router(router)
    return server


async def _json_object(request: Request) -> dict[str, Any]:
    """The request's body, a JSON object; a body that is not one is refused (422), never a
    crash."""
    try:
        body = await request.json()
    except ValueError:                      # not JSON (or not UTF-8): JSONDecodeError
        raise HTTPException(422, 'the body must be a JSON object, e.g. {"name": "Ann"}') from None
    if not isinstance(body, dict):
        raise HTTPException(422, f"the body must be a JSON object, not {type(body).__name__}")
    return body


def api_error(status: int, message: str) -> JSONResponse:
    """A refusal of the table API: ``{"error": message}``, the web application's error shape
    (what ``/tables/api/...`` answers through its error handler), whatever the route."""
    return JSONResponse({"error": message}, status_code=status)


def _status(exc: TableError) -> int:
    """A table's refusal as an HTTP status: unknown (table, hand) 404, not the asker's 403,
    not over yet 409, anything else 400."""
    if isinstance(exc, LookupError):
        return 404
    if isinstance(exc, NotDealtIn):
        return 403
    if isinstance(exc, HandNotOver):
        return 409
    return 400

