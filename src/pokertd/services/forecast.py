"""The live forecast of a tournament in the store (issue 15): its state and its log's
bust-out times handed to :func:`pokertd.sim.live.live_forecast`.

The bust-out times are the times of the director's commands that put players out (each
batch's marker records its time, :mod:`~pokertd.services.history`), the commands in play
only (an undone bust-out is no bust-out); the stacks the clock removed (Gananda: absent
players at level 3) are not bust-outs of play and do not measure the room's pace.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pokertd.services.tournaments import TournamentService

__all__ = ["bust_times", "forecast_event"]


def bust_times(history: Any) -> tuple[list[tuple[float, int]], float | None]:
    """The (time, players out) of each bust-out report in play, in order, and the time the
    final table was formed (None: not yet)."""
    busts = []
    final_at = None
    for bid in history.active:
        b = history.batches[bid]
        if b.at is None:
            continue
        n = sum(1 for e in b.events if e["type"] == "busted" and e.get("hand") is not None)
        if n:
            busts.append((float(b.at), n))
        if final_at is None and any(e["type"] == "final_table_formed" for e in b.events):
            final_at = float(b.at)
    return busts, final_at


def forecast_event(service: TournamentService, name: str, *, assumptions: Any = None,
                   measure_pace: bool = True, target: float | None = None, jobs: int = 1,
                   ray: str | None = None, suggest: bool = True,
                   progress: Callable[[int, int], None] | None = None) -> Any:
    """The live forecast of tournament ``name`` now (the clock's events recorded first, as
    every read command does)."""
    from pokertd.sim.live import live_forecast

    service.observe(name)
    loaded = service.load(name)
    busts, final_at = bust_times(loaded.history)
    return live_forecast(loaded.tournament, service.now(), busts, assumptions,
                         final_table_at=final_at, measure_pace=measure_pace, target=target,
                         jobs=jobs, ray=ray, suggest=suggest, progress=progress)
