"""The web application: the director's console (behind a login) and the room's screens.

Thin, like the CLI: every command calls :class:`~pokertd.services.tournaments.TournamentService`
(the same events in the same log as ``pokertd tournament ...``), every screen reads the log
(:mod:`pokertd.web.views`). Routes:

- public, read-only: ``/`` (the events), ``/events/{name}/clock`` (the room's clock),
  ``/events/{name}/seats`` (find my seat; every table in turn), ``/events/{name}/phone`` (a
  player's phone: the clock, his seat and moves), ``/events/{name}/state`` (the snapshot as
  JSON), ``/events/{name}/stream`` (server-sent snapshots, live), ``/league/...`` (the
  seasons: :mod:`pokertd.web.league`);
- login: ``/login`` (GET the form, POST it), ``/logout`` (POST);
- console, a logged-in user (``floor`` reads, ``director`` also acts): ``/console``,
  ``/console/events/{name}``, ``/console/players`` (:mod:`pokertd.web.players`),
  ``/console/api/...``; every POST carries the CSRF token.

Errors are answers, never crashes: a refused command (the pure layers' ``ValueError``, the
service's errors) is 400 with the CLI's message, an unknown event 404, a name taken 409, a
request that fails validation 422 naming the field; a command that lost a race with another
writer is run again on the new state (up to three times), then 409. The database out of reach
(a PostgreSQL restart) is 503 with ``Retry-After`` on every route, whoever asks (issue 22): a
page says so in words and reloads itself, the API answers JSON; for a command, it may or may
not have been recorded, and the client sends it again with the same ``command_id`` to know.
Nothing on the way to that answer reads the database (not even the user for the page's bar).
A console page asked for without a login leads to the login form, and back after it.

Command ids: every console command that changes an event (``POST /console/api/events`` and
``/console/api/events/{name}/...``, the deal's preview aside) takes an optional ``command_id``
in its JSON body: the client's id for the command (8 to 64 letters, digits, ``-`` or ``_``; a
UUID), kept with the command's events in the event's log, in the same transaction. A malformed
one is 422 (``{"error": "command_id: ..."}``). A command sent again with an id the event's log
holds (its first answer was lost) is not applied again: it is answered with the first one's
status (200, 201 for the create) and body, its ``events`` as the first command stored them, with
``"already_done": true``; a first answer says ``"already_done": false`` (an undo or redo: the
command it took back or put back and what that changed, as the first answer said). An id
already given to another command of the event is 409 and nothing is written. The ids are in
the log, so they outlive a restart of the server or of the database; two requests with one id
at once are applied once (the second one's append fails on the first one's, and its retry
finds the id)."""

from __future__ import annotations

import contextlib
import json
import math
import os
import secrets
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote

from fastapi import Depends, FastAPI, Form, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from sqlalchemy.exc import InterfaceError, OperationalError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.sessions import SessionMiddleware

from pokertd.services.tournaments import (
    CommandIdReused,
    TournamentExists,
    TournamentService,
    TournamentServiceError,
    UnknownTournament,
)
from pokertd.storage import ConcurrencyError, DatabaseFailure, StorageError, Store, UserStore
from pokertd.storage.users import User
from pokertd.storage.web_sessions import LoginFailures, WebSessions

from . import forms
from .auth import (
    SESSION_COOKIE,
    SESSION_MAX_AGE_S,
    LoginLimiter,
    check_csrf,
    console_user,
    csrf_token,
    current_user,
    director,
    log_in,
    log_out,
    login_keys,
)
from .errors import RETRY_AFTER_S, away, in_words
from .live import Hub, LiveStreams
from .views import load_now, snapshot

HERE = Path(__file__).resolve().parent


def script_json(data: Any) -> str:
    """JSON to embed in a ``<script type="application/json">``: no ``<`` can close it."""
    return json.dumps(data).replace("<", "\\u003c")
R = TypeVar("R")
RETRIES = 3


def documentation_site() -> Path | None:
    """The built documentation site (``mkdocs build``: ``make run`` and ``make docs`` build it),
    served at ``/docs``: ``$POKERTD_DOCS_SITE``, else ``build/site`` of the source tree this
    package runs from. None when there is none (an installed package without the site)."""
    configured = os.environ.get("POKERTD_DOCS_SITE")
    site = Path(configured) if configured else HERE.parents[2] / "build" / "site"
    return site if (site / "index.html").is_file() else None


def create_app(store: Store, *, clock: Callable[[], float] = time.time,
               secret: str | None = None, limiter: LoginLimiter | None = None) -> FastAPI:
    """The application over ``store``. ``clock``: the time of commands and screens (seconds;
    injectable for tests). ``secret`` signs the session cookie (default ``$POKERTD_SECRET``,
    else a random one: sessions then last as long as the server)."""
    service = TournamentService(store, clock=clock)
    users = UserStore(store)
    hub = Hub(service, lambda name: snapshot(service, name))

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        await hub.close()

    app = FastAPI(title="pokertd", docs_url=None, redoc_url=None, openapi_url=None,
                  lifespan=lifespan)
    app.state.service = service
    app.state.users = users
    app.state.hub = hub
    app.state.sessions = WebSessions(store)
    app.state.clock = clock
    limiter = limiter or LoginLimiter(clock=clock)
    if limiter.failures is None:
        limiter.failures = LoginFailures(store)
    app.state.limiter = limiter
    app.add_middleware(SessionMiddleware,
                       secret_key=secret or os.environ.get("POKERTD_SECRET")
                       or secrets.token_urlsafe(32),
                       session_cookie=SESSION_COOKIE, max_age=SESSION_MAX_AGE_S,
                       same_site="lax", https_only=False)
    # Outermost: the live streams skip the application's layers (pokertd.web.live).
    app.add_middleware(LiveStreams, hub=hub,
                       find=lambda name: store.find_stream("tournament", name))
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    templates = app.state.templates = Jinja2Templates(directory=HERE / "templates")
    site = documentation_site()
    if site is not None:  # the documentation site, linked from every page's bar as Help
        app.mount("/docs", StaticFiles(directory=site, html=True), name="docs")
    templates.env.globals["docs_url"] = "/docs/" if site is not None else None

    def page(request: Request, template: str, status_code: int = 200,
             headers: dict[str, str] | None = None, **context: Any) -> HTMLResponse:
        user = context.pop("user") if "user" in context else current_user(request)
        return templates.TemplateResponse(
            request, template, {"user": user, "csrf": csrf_token(request), **context},
            status_code=status_code, headers=headers)

    # --- errors -------------------------------------------------------------------------------

    def wants_json(request: Request) -> bool:
        route = request.scope.get("route")
        if (request.method == "GET" and isinstance(route, APIRoute)
                and "application/json" not in request.headers.get("accept", "")):
            # A route says what it serves: a page (HTMLResponse), else data.
            return not (isinstance(route.response_class, type)
                        and issubclass(route.response_class, HTMLResponse))
        path = request.url.path
        return ("/api/" in path or path.endswith(("/state", "/stream"))
                or "application/json" in request.headers.get("accept", "")
                or (request.method != "GET" and not request.headers.get(
                    "content-type", "").startswith("application/x-www-form-urlencoded")))

    def error(request: Request, status: int, message: str,
              headers: dict[str, str] | None = None) -> Response:
        if wants_json(request):
            return JSONResponse({"error": message}, status_code=status, headers=headers)
        # The user in the page's bar: not read again when the database is away (503).
        user = getattr(request.state, "user", None) if status == 503 else current_user(request)
        return page(request, "error.html", status, headers, status=status, message=message,
                    user=user, refresh=RETRY_AFTER_S if status == 503 and request.method == "GET"
                    else None)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if (exc.status_code == 401 and not wants_json(request)
                and request.headers.get("sec-fetch-mode", "navigate") == "navigate"):
            # A page behind the login (a bookmark of /console): the login form, then back. Not
            # a page's script fetching a part of it (the console's live part): that one is told
            # 401, not handed the login form to show in its place.
            return RedirectResponse(f"/login?next={quote(request.url.path)}", status_code=303)
        message = exc.detail if isinstance(exc.detail, str) else "not found"
        if exc.status_code == 404 and message == "Not Found":
            message = f"no page at {request.url.path}"
        elif exc.status_code == 405:
            message = f"{request.method} is not allowed on {request.url.path}"
        return error(request, exc.status_code, message, getattr(exc, "headers", None))

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        problems = []
        for e in exc.errors():
            where = ".".join(str(x) for x in e.get("loc", ()) if x not in ("body", "query"))
            msg = in_words(e) or str(e.get("msg", "invalid")).removeprefix("Value error, ")
            problems.append(f"{where}: {msg}" if where else msg)
        return error(request, 422, "; ".join(problems) or "invalid request")

    @app.exception_handler(DatabaseFailure)
    @app.exception_handler(OperationalError)
    @app.exception_handler(InterfaceError)
    async def unreachable(request: Request, exc: Exception) -> Response:
        return error(request, 503, away(request, exc), {"Retry-After": str(RETRY_AFTER_S)})

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> Response:
        # The last resort: say what happened rather than a bare crash page.
        return error(request, 500, f"internal error: {type(exc).__name__}: {exc}")

    def command(name: str, run: Callable[[], R], retry: bool = True,
                command_id: str | None = None) -> R:
        """Run a service command; its refusal becomes the answer, nothing written. A command
        that lost a race with another writer runs again on the new state (``retry``; or, with
        its ``command_id``, when the writer was the same command sent twice: it is then found
        done)."""
        for attempt in range(RETRIES):
            try:
                out = run()
            except ConcurrencyError as exc:
                again = retry or (command_id is not None
                                  and service.find_command(name, command_id) is not None)
                if not again or attempt == RETRIES - 1:
                    raise HTTPException(409, f"another command changed the event meanwhile "
                                             f"({exc}); try again") from None
                continue
            except UnknownTournament as exc:
                raise HTTPException(404, str(exc)) from None
            except (TournamentExists, CommandIdReused) as exc:
                raise HTTPException(409, str(exc)) from None
            except DatabaseFailure:
                raise                    # 503 (``unreachable``)
            except (TournamentServiceError, StorageError, ValueError) as exc:
                raise HTTPException(400, str(exc)) from None
            if not getattr(out, "repeated", False):
                hub.publish(name)
            return out
        raise AssertionError("unreachable")

    def read(name: str, console: bool = False) -> dict[str, Any]:
        try:
            return snapshot(service, name, console=console)
        except UnknownTournament as exc:
            raise HTTPException(404, str(exc)) from None

    def done(out: Any, body: forms.Command | None = None, **extra: Any) -> dict[str, Any]:
        """A command's answer: the events it stored; with its ``command_id``, whether it was
        already done (sent again: the first one's events, nothing applied)."""
        answer = {"ok": True, "events": [{"seq": e.seq, "type": e.type, **e.payload}
                                         for e in out.events], **extra}
        if body is not None and body.command_id is not None:
            answer["command_id"] = body.command_id
            answer["already_done"] = out.repeated
        return answer

    from .forecast import router as forecast_router

    app.include_router(forecast_router(service))        # the live forecast (issue 15)

    # --- public screens -----------------------------------------------------------------------

    @app.get("/", response_class=HTMLResponse)
    def index(request: Request) -> Response:
        return page(request, "index.html", events=service.names())

    @app.get("/events/{name}/state")
    def state(name: str) -> dict[str, Any]:
        return read(name)

    @app.get("/events/{name}/clock", response_class=HTMLResponse)
    def clock_screen(request: Request, name: str) -> Response:
        return page(request, "clock.html", name=name, state=script_json(read(name)))

    @app.get("/events/{name}/seats", response_class=HTMLResponse)
    def seats_screen(request: Request, name: str) -> Response:
        return page(request, "seats.html", name=name, state=script_json(read(name)))

    @app.get("/events/{name}/phone", response_class=HTMLResponse)
    def phone_screen(request: Request, name: str) -> Response:
        """A player's watch-only copy on his phone: the clock, his seat and his moves as they
        are announced, the payouts, the league."""
        return page(request, "phone.html", name=name, state=script_json(read(name)))

    @app.get("/events/{name}/qr.svg")
    def qr(request: Request, name: str, to: str = "phone") -> Response:
        """A QR code of this event's phone view (or its clock or seats screen) at the address
        the screen itself was opened with: a player's phone scans it for a watch-only copy."""
        import io

        import segno

        if to not in ("clock", "seats", "phone"):
            raise HTTPException(422, f"to={to!r}: clock, seats or phone")
        read(name)
        url = str(request.url_for(f"{to}_screen", name=name))
        out = io.BytesIO()
        # Dark modules on light, with the quiet zone: what every phone's scanner reads.
        segno.make(url, error="m").save(out, kind="svg", scale=4, dark="#000", light="#fff",
                                        border=4)
        return Response(out.getvalue(), media_type="image/svg+xml",
                        headers={"Cache-Control": "max-age=3600"})

    @app.get("/events/{name}/stream")
    def stream(name: str) -> Response:
        # An event's stream is served ahead of the application (LiveStreams, below): only an
        # unknown event's request comes here.
        raise HTTPException(404, str(UnknownTournament(name)))

    # --- login --------------------------------------------------------------------------------

    def after_login(next_page: str) -> str:
        """Where the login leads: the page asked for (a path of this site only), else the
        console."""
        if next_page.startswith("/") and not next_page.startswith(("//", "/\\")):
            return next_page
        return "/console"

    @app.get("/login", response_class=HTMLResponse)
    def login_form(request: Request, next: str = "/console") -> Response:
        return page(request, "login.html", message=None, user=None,
                    next_page=after_login(next))

    @app.post("/login", dependencies=[Depends(check_csrf)])
    def login(request: Request, username: str = Form(max_length=64),
              password: str = Form(max_length=1000),
              next: str = Form("/console", max_length=2000)) -> Response:
        lim: LoginLimiter = app.state.limiter
        keys = login_keys(request.client.host if request.client else "?", username)
        wait = lim.retry_after(keys)
        to = after_login(next)
        if wait > 0:
            secs = max(1, math.ceil(wait))
            return page(request, "login.html", 429, {"Retry-After": str(secs)},
                        message=f"too many failed logins from here: try again in {secs} s",
                        user=None, next_page=to)
        user = users.authenticate(username, password)
        if user is None:
            lim.failed(keys)
            return page(request, "login.html", 401, message="wrong user name or password",
                        user=None, next_page=to)
        lim.succeeded(keys[1][0])
        log_in(request, user)
        return RedirectResponse(to, status_code=303)

    @app.post("/logout", dependencies=[Depends(check_csrf)])
    def logout(request: Request) -> Response:
        log_out(request)
        return RedirectResponse("/", status_code=303)

    # --- console pages ------------------------------------------------------------------------

    @app.get("/console", response_class=HTMLResponse)
    def console(request: Request, user: User = Depends(console_user)) -> Response:
        rows = []
        for n in service.names():
            with contextlib.suppress(UnknownTournament, ValueError):
                s = read(n)
                rows.append(s)
        return page(request, "console.html", events=rows, presets=forms.PRESETS)

    @app.get("/console/events/{name}", response_class=HTMLResponse)
    def console_event(request: Request, name: str,
                      user: User = Depends(console_user)) -> Response:
        s = read(name, console=True)
        return page(request, "event.html", name=name, s=s, state=script_json(s))

    @app.get("/console/events/{name}/live", response_class=HTMLResponse)
    def console_live(request: Request, name: str,
                     user: User = Depends(console_user)) -> Response:
        s = read(name, console=True)
        return page(request, "_event_live.html", name=name, s=s)

    # --- console API: reads -------------------------------------------------------------------

    @app.get("/console/api/events/{name}")
    def api_event(name: str, user: User = Depends(console_user)) -> dict[str, Any]:
        return read(name, console=True)

    @app.get("/console/api/presets/{preset}")
    def api_preset(preset: str, user: User = Depends(console_user)) -> dict[str, Any]:
        """A preset's settings for the new-event form: its structure, buy-in and fee."""
        from pokertd.tournament.house import config_preset

        try:
            c = config_preset(preset)
        except ValueError as exc:
            raise HTTPException(404, str(exc)) from None
        return {"structure": c.structure.to_dict(), "buy_in": c.buy_in,
                "to_prize_pool": c.to_prize_pool, "payout": c.payout}

    # --- console API: commands (a director, with the CSRF token) ------------------------------

    acts = [Depends(director), Depends(check_csrf)]

    @app.post("/console/api/events", dependencies=acts, status_code=201)
    def api_create(body: forms.CreateEvent) -> dict[str, Any]:
        from pokertd.tournament.house import config_preset

        config = config_preset(body.preset)
        if body.structure is not None:
            from pokertd.tournament.structure import Structure, StructureError

            try:
                config = replace(config, structure=Structure.from_dict(body.structure))
            except (StructureError, ValueError) as exc:
                raise HTTPException(400, f"structure: {exc}") from None
        if body.seats is not None:
            config = replace(config, seats=body.seats)
        if body.buy_in is not None or body.to_prize_pool is not None:
            money_in = config.buy_in if body.buy_in is None else body.buy_in
            pool_part = body.to_prize_pool if body.to_prize_pool is not None else (
                money_in if body.buy_in is not None else config.to_prize_pool)
            if not 0 <= pool_part <= money_in:
                raise HTTPException(400, f"buy-in {money_in} with {pool_part} to the prize "
                                         "pool: the prize-pool part is from 0 to the buy-in")
            config = replace(config, buy_in=money_in, to_prize_pool=pool_part)
        if body.payouts is not None:
            config = replace(config, payout=body.payouts, payout_table=None)
        out = command(body.name, lambda: service.create(body.name, config, seed=body.seed,
                                                        command_id=body.command_id),
                      command_id=body.command_id)
        return done(out, body, name=body.name)

    @app.post("/console/api/events/{name}/register", dependencies=acts)
    def api_register(name: str, body: forms.Register) -> dict[str, Any]:
        out = command(name, lambda: service.register(name, body.players, absent=body.absent,
                                                     command_id=body.command_id),
                      command_id=body.command_id)
        return done(out, body)

    @app.post("/console/api/events/{name}/start", dependencies=acts)
    def api_start(name: str, body: forms.Command | None = None) -> dict[str, Any]:
        body = body or forms.Command()
        return done(command(name, lambda: service.start(name, command_id=body.command_id),
                            command_id=body.command_id), body)

    @app.post("/console/api/events/{name}/pause", dependencies=acts)
    def api_pause(name: str, body: forms.Pause | None = None) -> dict[str, Any]:
        body = body or forms.Pause()
        return done(command(name, lambda: service.pause(name, body.reason,
                                                        command_id=body.command_id),
                            command_id=body.command_id), body)

    @app.post("/console/api/events/{name}/resume", dependencies=acts)
    def api_resume(name: str, body: forms.Command | None = None) -> dict[str, Any]:
        body = body or forms.Command()
        return done(command(name, lambda: service.resume(name, command_id=body.command_id),
                            command_id=body.command_id), body)

    @app.post("/console/api/events/{name}/arrive", dependencies=acts)
    def api_arrive(name: str, body: forms.Player) -> dict[str, Any]:
        return done(command(name, lambda: service.arrive(name, body.player,
                                                         command_id=body.command_id),
                            command_id=body.command_id), body)

    @app.post("/console/api/events/{name}/bust", dependencies=acts)
    def api_bust(name: str, body: forms.Bust) -> dict[str, Any]:
        out = command(name, lambda: service.bust_hand(
            name, body.players, start_stacks=body.stacks, knocked_out_by=body.by,
            buttons=body.buttons, command_id=body.command_id), command_id=body.command_id)
        return done(out, body)

    @app.post("/console/api/events/{name}/buttons", dependencies=acts)
    def api_buttons(name: str, body: forms.Buttons) -> dict[str, Any]:
        return done(command(name, lambda: service.buttons(name, body.buttons,
                                                          command_id=body.command_id),
                            command_id=body.command_id), body)

    @app.post("/console/api/events/{name}/hand-for-hand", dependencies=acts)
    def api_hand_for_hand(name: str, body: forms.HandForHand) -> dict[str, Any]:
        return done(command(name, lambda: service.hand_for_hand(name, body.action,
                                                                command_id=body.command_id),
                            command_id=body.command_id), body)

    @app.post("/console/api/events/{name}/deal", dependencies=acts)
    def api_deal(name: str, body: forms.Deal) -> dict[str, Any]:
        out = command(name, lambda: service.deal(
            name, body.kind, body.agree, stacks=body.stacks, amounts=body.amounts,
            left_to_play_for=body.left_to_play_for, command_id=body.command_id),
            command_id=body.command_id)
        return done(out, body)

    @app.post("/console/api/events/{name}/rebuy", dependencies=acts)
    def api_rebuy(name: str, body: forms.Player) -> dict[str, Any]:
        return done(command(name, lambda: service.rebuy(name, body.player,
                                                        command_id=body.command_id),
                            command_id=body.command_id), body)

    @app.post("/console/api/events/{name}/addon", dependencies=acts)
    def api_addon(name: str, body: forms.Player) -> dict[str, Any]:
        return done(command(name, lambda: service.addon(name, body.player,
                                                        command_id=body.command_id),
                            command_id=body.command_id), body)

    @app.post("/console/api/events/{name}/last-hands", dependencies=acts)
    def api_last_hands(name: str, body: forms.LastHands) -> dict[str, Any]:
        return done(command(name, lambda: service.last_hands(name, body.hands,
                                                             command_id=body.command_id),
                            command_id=body.command_id), body)

    @app.post("/console/api/events/{name}/chip-race", dependencies=acts)
    def api_chip_race(name: str, body: forms.ChipRace) -> dict[str, Any]:
        return done(command(name, lambda: service.chip_race(name, body.table, body.stacks,
                                                            correction=body.correction,
                                                            command_id=body.command_id),
                            command_id=body.command_id), body)

    @app.post("/console/api/events/{name}/clock", dependencies=acts)
    def api_clock(name: str, body: forms.ClockSet) -> dict[str, Any]:
        """The director sets the clock (IFP 1 / TDA 1): next or previous level, time added,
        taken off or set; the level it brings starts at the next hand (IFP 23)."""
        return done(command(name, lambda: service.set_clock(name, body.action, body.seconds,
                                                            command_id=body.command_id),
                            command_id=body.command_id), body)

    @app.post("/console/api/events/{name}/levels", dependencies=acts)
    def api_levels(name: str, body: forms.Levels) -> dict[str, Any]:
        """The levels and breaks still to come changed (IFP 1 / TDA 1); a structure that
        breaks its rules is refused with its message (400)."""
        return done(command(name, lambda: service.change_levels(name, body.first, body.periods,
                                                                command_id=body.command_id),
                            command_id=body.command_id), body)

    @app.post("/console/api/events/{name}/unregister", dependencies=acts)
    def api_unregister(name: str, body: forms.Players) -> dict[str, Any]:
        """Registrations withdrawn before the start (as ``tournament unregister``)."""
        return done(command(name, lambda: service.unregister(name, body.players,
                                                             command_id=body.command_id),
                            command_id=body.command_id), body)

    @app.post("/console/api/events/{name}/penalty", dependencies=acts)
    def api_penalty(name: str, body: forms.Penalty) -> dict[str, Any]:
        """A penalty (IFP 70, WPA 41, TDA 71), as ``tournament penalty``."""
        return done(command(name, lambda: service.penalty(
            name, body.player, body.penalty, rounds=body.rounds, hands=body.hands,
            command_id=body.command_id), command_id=body.command_id), body)

    def revert(name: str, body: forms.Revert, undo: bool) -> dict[str, Any]:
        act = service.undo if undo else service.redo
        # Run again after a lost race only when the command to revert is named: another
        # writer's newer command is then refused, never undone in its place.
        out = command(name, lambda: act(name, expected=body.expected, dry_run=body.dry_run,
                                        command_id=body.command_id),
                      retry=body.expected is not None, command_id=body.command_id)
        r = out.result
        return done(out, body, dry_run=body.dry_run, command=r.text, batch=r.command.id,
                    changes=list(r.changes), moves=list(r.moves))

    @app.post("/console/api/events/{name}/undo", dependencies=acts)
    def api_undo(name: str, body: forms.Revert) -> dict[str, Any]:
        """Take back the last command (an ``undone`` event: the log keeps everything, the
        replay leaves it out); ``dry_run`` first shows what it changes back."""
        return revert(name, body, True)

    @app.post("/console/api/events/{name}/redo", dependencies=acts)
    def api_redo(name: str, body: forms.Revert) -> dict[str, Any]:
        return revert(name, body, False)

    @app.post("/console/api/events/{name}/deal-preview", dependencies=acts)
    def api_deal_preview(name: str, body: forms.DealPreview) -> dict[str, Any]:
        """IFP 62: what each remaining player would take, shown before the deal is recorded
        (nothing written; the deal itself is ``/deal``, with everyone's agreement)."""
        from pokertd.tournament.icm import deal_amounts

        try:
            t = load_now(service, name)[0]
        except UnknownTournament as exc:
            raise HTTPException(404, str(exc)) from None
        if t.payouts is None or t.finished:
            raise HTTPException(400, "no deal now: the payouts are not fixed yet, or the "
                                     "tournament is over")
        left = sorted(p.name for p in t.players.values() if not p.out)
        if sorted(body.stacks) != left:
            raise HTTPException(400, "IFP 62: give the stack of every remaining player and no "
                                     f"one else (remaining: {', '.join(left)})")
        try:
            # The preview shows no amounts for counts the deal itself would refuse (IFP 62).
            t.check_deal_stacks(dict(body.stacks))
            d = deal_amounts(dict(body.stacks), list(t.payouts[:t.alive]), method=body.kind,
                             custom=body.amounts, left_to_play_for=body.left_to_play_for,
                             unit=t.config.unit)
        except ValueError as exc:
            raise HTTPException(400, str(exc)) from None
        return {"method": d.method, "amounts": dict(zip(d.players, d.amounts)),
                "left_to_play_for": d.left_to_play_for, "pool": d.pool}

    @app.post("/console/api/events/{name}/announce", dependencies=acts)
    def api_announce(name: str, body: forms.Announce) -> dict[str, Any]:
        from pokertd.services.console import ConsoleNotes

        read(name)  # 404 for an unknown event
        try:
            # Kept across restarts.
            written = ConsoleNotes(store).set_spoken(name, body.spoken, body.command_id)
        except DatabaseFailure:
            raise
        except StorageError as exc:
            raise HTTPException(409, f"{exc}; try again") from None
        hub.publish(name)
        return noted(body, written, spoken=body.spoken)

    @app.post("/console/api/events/{name}/moves", dependencies=acts)
    def api_move_done(name: str, body: forms.MoveDone) -> dict[str, Any]:
        """A seat move to make confirmed by the director as carried out (or not, again)."""
        from pokertd.services.console import ConsoleNotes

        moves = {m["key"]: m for m in read(name, console=True)["moves"]}
        if body.move not in moves:
            to_make = "; ".join(m["text"] for m in moves.values()) or "none"
            raise HTTPException(400, f"no seat move {body.move!r} to make now (the moves to "
                                     f"make: {to_make})")
        try:
            written = ConsoleNotes(store).confirm(name, body.move, body.done, body.command_id)
        except DatabaseFailure:
            raise
        except StorageError as exc:
            raise HTTPException(409, f"{exc}; try again") from None
        hub.publish(name)
        return noted(body, written, move=moves[body.move]["text"], done=body.done)

    def noted(body: forms.Command, written: bool, **answer: Any) -> dict[str, Any]:
        """A console note's answer; with its ``command_id``, whether it was already done."""
        out = {"ok": True, **answer}
        if body.command_id is not None:
            out.update(command_id=body.command_id, already_done=not written)
        return out

    from . import league, players, sheets

    app.include_router(players.router)
    app.include_router(sheets.router)     # the printed sheets (issue 22)
    app.include_router(league.router)

    from .tables import install as install_tables  # the playable tables (lobby, table, websocket)
    install_tables(app, store)
    return app
