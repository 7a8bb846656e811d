"""The live forecast in the console (issue 15): ``GET /console/api/events/{name}/forecast``;
the last one made, on the room's clock screen: ``GET /events/{name}/forecast``.

The service's :func:`~pokertd.services.forecast.forecast_event` (the CLI's ``tournament
forecast``), with the times already written as the room's clock shows them, for the console's
forecast card (``templates/_forecast.html``). One answer is kept per event for the state of
its log and the target asked: the card asks again after every bust-out, and a second screen
asking meanwhile gets the same answer without another simulation.
"""

from __future__ import annotations

import threading
from datetime import datetime
from typing import Any

from fastapi import APIRouter, Depends, HTTPException

from pokertd.services.tournaments import TournamentService, UnknownTournament
from pokertd.storage.users import User

from .auth import console_user

RUNS = 100


def _clock(ts: float) -> str:
    return datetime.fromtimestamp(ts).strftime("%H:%M")


def _band(s: Any) -> str:
    return f"{_clock(s.p50)} ({_clock(s.p10)}–{_clock(s.p90)})"


def _levels(s: Any) -> str:
    return f"level {s.p50:.0f} ({s.p10:.0f}–{s.p90:.0f})"


def shown(f: Any) -> dict[str, Any]:
    """The forecast as the card shows it: rows of what, when and at which level."""
    fc = f.forecast
    rows = []
    if f.bubble_at is not None:
        rows.append(["Bubble (the money)", f"reached at {_clock(f.bubble_at)}", ""])
    elif f.paid:
        rows.append(["Bubble (the money)", _band(f.bubble), _levels(fc.bubble_level)])
    if f.final_table_at is not None:
        rows.append(["Final table", f"formed at {_clock(f.final_table_at)}", ""])
    else:
        rows.append(["Final table", _band(f.final_table), _levels(fc.final_table_level)])
    rows.append(["End", _band(f.end), _levels(fc.end_level)])
    return {"rows": rows, "pace": f.calibration.describe(),
            "chance": None if f.target is None
            else f"{f.chance:.0%} of the runs finish by {_clock(f.target)}",
            "suggestion": None if f.suggestion is None else f.suggestion.text,
            "assumptions": fc.assumptions.describe(), "at": _clock(f.at),
            "players_left": f.players_left}


def router(service: TournamentService) -> APIRouter:
    r = APIRouter()
    kept: dict[str, tuple[tuple[Any, ...], dict[str, Any]]] = {}
    lock = threading.Lock()

    @r.get("/console/api/events/{name}/forecast")
    def forecast(name: str, finish_by: str = "",
                 user: User = Depends(console_user)) -> dict[str, Any]:
        from pokertd.services.forecast import forecast_event
        from pokertd.sim.forecast import Assumptions, ForecastError
        from pokertd.sim.report import time_of_day

        try:
            loaded = service.load(name)
            t = loaded.tournament
            target = None
            if finish_by.strip():
                began = datetime.fromtimestamp(t.clock.started_at or service.now())
                target = time_of_day(finish_by, began).timestamp()
            key = (loaded.head, target)
            with lock:
                if name in kept and kept[name][0] == key:
                    return kept[name][1]
            f = forecast_event(service, name, assumptions=Assumptions(runs=RUNS),
                               target=target)
        except UnknownTournament as exc:
            raise HTTPException(404, str(exc)) from None
        except (ForecastError, ValueError) as exc:
            raise HTTPException(400, str(exc)) from None
        out = {"forecast": f.to_dict(), "shown": shown(f)}
        with lock:
            kept[name] = (key, out)
        return out

    @r.get("/events/{name}/forecast")
    def last_forecast(name: str) -> dict[str, Any]:
        """The room's clock screen: the last forecast the console made (none is made here:
        a public screen never starts simulations), its bubble, final table and end."""
        with lock:
            got = kept.get(name)
        if got is None:
            raise HTTPException(404, f"no forecast of {name!r} has been made in the console")
        shown = got[1]["shown"]
        return {"rows": shown["rows"], "at": shown["at"],
                "players_left": shown["players_left"]}

    return r
