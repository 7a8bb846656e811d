"""``pokertd tournament forecast NAME``: the live forecast of a running event (issue 15;
:mod:`pokertd.sim.live`): the bubble, the final table and the end with their bands, from the
event's own state and bust-out times; with ``--finish-by``, the chance of finishing by then
and, when the forecast misses it, a change of the levels to come, forecast before it is
suggested.

Declared in :mod:`pokertd.cli.live` (the ``tournament`` group) and run here.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

import typer

from .app import fail
from .live_common import _run
from .output import Console, Table


def _clock(ts: float) -> str:
    return datetime.fromtimestamp(ts).strftime("%H:%M")


def _band(s: Any) -> str:
    return f"{_clock(s.p50)}  ({_clock(s.p10)}–{_clock(s.p90)})"


def _levels(s: Any) -> str:
    return f"{s.p50:,.0f}  ({s.p10:,.0f}–{s.p90:,.0f})"


def forecast(name: str, runs: int, hands_per_hour: float | None, finish_by: str | None,
             seed: int, jobs: int, ray: str | None, output: str, db: str | None) -> None:
    from ..services.forecast import forecast_event
    from ..sim.forecast import Assumptions, ForecastError
    from .structure import parse_clock

    if jobs < 1:
        raise fail(f"--jobs {jobs}: at least one process")
    try:
        a = Assumptions(runs=runs, hands_per_hour=hands_per_hour or 30.0, seed=seed)
    except ForecastError as exc:
        raise fail(str(exc)) from None

    def command(service: Any) -> Any:
        target = None
        if finish_by is not None:
            t = service.load(name).tournament
            began = datetime.fromtimestamp(t.clock.started_at) if t.started else datetime.now()
            target = parse_clock(finish_by, "--finish-by", after=began).timestamp()
        return forecast_event(service, name, assumptions=a, target=target, jobs=jobs, ray=ray,
                              measure_pace=hands_per_hour is None)
    f = _run(db, command)
    if output == "json":
        typer.echo(json.dumps(f.to_dict()))
        return
    console = Console(highlight=False)
    level = f.forecast.structure.level(f.level)
    console.print(f"{name}: {f.players_left} of {f.entrants} players left, level {f.level} "
                  f"({level.small_blind:,}/{level.big_blind:,}), {f.paid} paid; forecast at "
                  f"{_clock(f.at)}")
    console.print(f"Pace: {f.calibration.describe()}.")
    table = Table(title="The rest of the event: median (10%–90%)")
    for col in ("", "time", "level"):
        table.add_column(col, justify="right" if col else "left")
    fc = f.forecast
    if f.bubble_at is not None:
        table.add_row("bubble: money reached", f"reached at {_clock(f.bubble_at)}", "")
    elif f.paid:
        table.add_row("bubble: money reached", _band(f.bubble), _levels(fc.bubble_level))
    if f.final_table_at is not None:
        table.add_row("final table", f"formed at {_clock(f.final_table_at)}", "")
    else:
        table.add_row("final table forms", _band(f.final_table), _levels(fc.final_table_level))
    table.add_row("the event ends", _band(f.end), _levels(fc.end_level))
    if f.target is not None:
        table.add_row(f"finishes by {_clock(f.target)}", f"{f.chance:.0%}", "")
    console.print(table)
    if f.suggestion is not None:
        console.print(f"Suggestion: {f.suggestion.text}.")
    levels = Table(title="Levels to come: median (10%–90%)")
    for col in ("level", "blinds", "ends", "players left", "average stack (BB)"):
        levels.add_column(col, justify="right")
    for r in fc.levels:
        bb = r.average_big_blinds
        levels.add_row(str(r.level), f"{r.small_blind:,}/{r.big_blind:,}",
                       _clock(f.at + r.ends.p50) if r.ends is not None else "–",
                       _levels(r.players_left),
                       "–" if bb is None else f"{bb.p50:,.1f}  ({bb.p10:,.1f}–{bb.p90:,.1f})")
    console.print(levels)
    console.print(f"Assumptions: {fc.assumptions.describe()}; each player left holds the "
                  "average stack.")
