"""The live forecast (issue 15): the rest of a running event, forecast from its own state.

A live event tells the software its players left, its level and clock, its chips in play,
its paid places and when each player went out, not the stacks. :func:`live_forecast` plays
the rest of the event many times (:func:`~pokertd.sim.forecast.play_runs`) from that state:
the players left, each with the average stack (in the smallest chip still in play), the
clock where it stands, the same rules, levels and breaks, the paid places still to reach.

The room's pace is measured, not assumed, once three players are out before the money after
at least 20 minutes of play (within 10 to 200 hands an hour a table): the
forecast finds the hands an hour at which simulated events of the same field lose their
players at the times this one did (the median round of the k-th bust-out against the k-th
bust-out's time of play, by least squares through the origin, twice over from the assumed
pace: :func:`calibrate`). With fewer bust-outs it uses the assumed pace and says so.

When the forecast's median end misses a target, :func:`live_forecast` looks for the
smallest change of the levels still to come that makes it (5 or 10 minutes off each of the
next 4, the next 8 or all of them), forecasting each change before it suggests it.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from pokertd.sim.forecast import (
    Assumptions, Forecast, ForecastError, RunSpec, Spread, check_structure, play_runs, summarize,
)
from pokertd.tournament.house import TournamentConfig
from pokertd.tournament.structure import Structure

__all__ = ["Calibration", "LiveForecast", "Suggestion", "calibrate", "live_forecast",
           "play_seconds", "remainder"]

MIN_BUSTS = 3             # bust-outs before the money needed to measure the room's pace,
MIN_PLAY = 20 * 60        # over at least this much play
CALIBRATION_RUNS = 30
PACE_LIMITS = (10.0, 200.0)   # hands an hour a table: slower than a live room, faster online


def play_seconds(structure: Structure, elapsed: float) -> float:
    """Seconds of play in ``elapsed`` seconds of the clock: the breaks left out."""
    out = elapsed
    for k, p in enumerate(structure.periods):
        if p.kind == "break":
            a, b = structure.period_start(k), structure.period_end(k)
            out -= max(0.0, min(b, elapsed) - a)
    return out


def paid_places(t: Any) -> int:
    """The places paid: the event's payouts, or before they are fixed what they would be now
    (the director's own choice of table: the event's, Gananda: Payout, or generated)."""
    if t.payouts is not None:
        return sum(1 for a in t.payouts if a)
    from pokertd.tournament.payouts import GANANDA, generated_payouts

    c = t.config
    n = t.entrants
    pool = t.prize_pool
    if pool == 0:
        return 0
    if c.payout_table is not None and c.payout_table.min_entrants <= n <= c.payout_table.max_entrants:
        return c.payout_table.bracket_for(n).places
    if c.payout == "gananda" and GANANDA.min_entrants <= n <= GANANDA.max_entrants:
        return GANANDA.bracket_for(n).places
    return sum(1 for a in generated_payouts(n, pool, buy_in=max(c.to_prize_pool, 1), unit=c.unit)
               if a)


def remainder(t: Any, now: float, minutes: dict[int, int] | None = None
              ) -> tuple[TournamentConfig, int, float, int]:
    """The rest of the live tournament ``t`` at ``now`` as a dealt one: its configuration
    (the players left each with the average stack, counted in the smallest chip in play; the
    chips still in play; one payout bracket paying the places still to be reached), the
    players, the clock's reading and the absent players still in. ``minutes``: level number
    -> new length, for the levels still to come."""
    from pokertd.tournament.chips import ChipSet
    from pokertd.tournament.payouts import Bracket, PayoutTable

    if not t.started:
        raise ForecastError("the tournament has not started: forecast its structure with "
                            "pokertd structure forecast")
    if t.finished:
        raise ForecastError(f"the tournament is over ({t.winner} won)")
    c = t.config
    s = c.structure
    alive = t.alive
    smallest = t.chips_in_play[0]
    stack = t.chips // alive // smallest * smallest
    if stack <= 0:
        raise ForecastError(f"{t.chips:,} chips in play among {alive} players: no stack left")
    data = s.to_dict()
    data.update(starting_stack=stack, late_registration_until_level=None, rebuys=None,
                addon=None)
    elapsed = t.clock.plain_elapsed(now)      # the director may have set the clock
    current = s.level_number_at(s.period_at(elapsed))
    if minutes:
        number = 0
        for p in data["periods"]:
            if p["kind"] == "level":
                number += 1
                if number in minutes:
                    if number <= current:
                        raise ForecastError(f"level {number} has begun: only the levels to "
                                            "come can change")
                    p["minutes"] = minutes[number]
    absent = sum(1 for p in t.players.values() if p.absent and not p.out)
    removal = s.absent_stack_removed_at_level
    if absent and removal is not None and removal <= current:
        absent = 0                      # their chips are already gone (Gananda: level 3)
    if not absent:
        data["absent_stack_removed_at_level"] = None
    structure = Structure.from_dict(data)
    paid = min(paid_places(t), alive)
    table = None
    if paid:
        # Equal shares in ten-thousandths of a percent (they survive the configuration's
        # plain data exactly); the amounts do not matter here, only the places paid.
        units, extra = divmod(10**6, paid)
        table = PayoutTable("the places still to reach", (Bracket(alive, alive, tuple(
            Fraction(units + (k < extra), 10**4) for k in range(paid))),))
    chips = ChipSet(c.chip_set.name, tuple(x for x in c.chip_set.chips
                                           if x.value in t.chips_in_play), c.chip_set.rule)
    config = replace(c, structure=structure, chip_set=chips, seats=None, payout_table=table,
                     to_prize_pool=c.to_prize_pool if paid else 0)
    return config, alive, elapsed, absent


@dataclass(frozen=True)
class Calibration:
    hands_per_hour: float
    busts: int                   # bust-outs it was measured on (0: the assumed pace)
    assumed: float

    def describe(self) -> str:
        if not self.busts:
            return (f"{self.assumed:g} hands an hour a table, assumed (the room's pace is "
                    f"measured from {MIN_BUSTS} bust-outs before the money over "
                    f"{MIN_PLAY // 60} minutes of play)")
        return (f"{self.hands_per_hour:.0f} hands an hour a table, measured from the first "
                f"{self.busts} bust-outs (assumed {self.assumed:g})")


def calibrate(t: Any, bust_play: Sequence[float], a: Assumptions, *, jobs: int = 1,
              ray: str | None = None) -> Calibration:
    """The room's hands an hour from the seconds of play at each bust-out before the money
    (``bust_play``, in order): see the module docstring."""
    k = len(bust_play)
    if k < MIN_BUSTS or bust_play[-1] < MIN_PLAY:
        return Calibration(a.hands_per_hour, 0, a.hands_per_hour)
    c = t.config
    spec = RunSpec(t.entrants, c.to_dict(), a.seed, a.seconds_per_hand,
                   a.seconds_per_hand_for_hand, a.bots, stop_after_busts=k)
    pace = a.hands_per_hour
    runs = min(a.runs, CALIBRATION_RUNS)
    for _ in range(2):
        spec = replace(spec, seconds_per_hand=3600.0 / pace)
        outcomes = play_runs(spec, runs, jobs=jobs, ray=ray)
        rounds = [statistics.median(o.busts[i] for o in outcomes if len(o.busts) > i)
                  for i in range(k)]
        pace = 3600.0 * sum(r * p for r, p in zip(rounds, bust_play)) / sum(
            p * p for p in bust_play)
        pace = min(max(pace, PACE_LIMITS[0]), PACE_LIMITS[1])
    return Calibration(round(pace, 1), k, a.hands_per_hour)


@dataclass(frozen=True)
class Suggestion:
    levels: tuple[int, ...]
    minutes_off: int
    end: Spread                 # timestamps
    chance: float
    text: str
    works: bool

    def to_dict(self) -> dict[str, Any]:
        return {"levels": list(self.levels), "minutes_off": self.minutes_off,
                "end": self.end.to_dict(), "chance_by_target": self.chance, "text": self.text,
                "finishes_by_target": self.works}


@dataclass(frozen=True)
class LiveForecast:
    """The rest of a live event. Times are timestamps (seconds since the epoch, as ``now``)."""

    at: float
    players_left: int
    entrants: int
    paid: int
    level: int
    calibration: Calibration
    bubble_at: float | None            # reached already at this time
    final_table_at: float | None       # formed already at this time
    forecast: Forecast                 # seconds from ``at``
    target: float | None
    suggestion: Suggestion | None

    def _abs(self, s: Spread | None) -> Spread | None:
        if s is None:
            return None
        return Spread(self.at + s.p10, self.at + s.p50, self.at + s.p90, s.runs)

    @property
    def bubble(self) -> Spread | None:
        """When the money is reached (None: reached already, at :attr:`bubble_at`)."""
        return None if self.bubble_at is not None else self._abs(self.forecast.bubble_seconds)

    @property
    def final_table(self) -> Spread | None:
        return (None if self.final_table_at is not None
                else self._abs(self.forecast.final_table_seconds))

    @property
    def end(self) -> Spread:
        e = self._abs(self.forecast.end_seconds)
        assert e is not None
        return e

    @property
    def chance(self) -> float | None:
        return None if self.target is None else self.forecast.chance_by(self.target - self.at)

    def to_dict(self) -> dict[str, Any]:
        def sp(s: Spread | None) -> dict[str, Any] | None:
            return None if s is None else s.to_dict()
        f = self.forecast
        return {
            "at": self.at, "players_left": self.players_left, "entrants": self.entrants,
            "paid": self.paid, "level": self.level,
            "hands_per_hour": self.calibration.hands_per_hour,
            "pace": self.calibration.describe(), "pace_busts": self.calibration.busts,
            "bubble": {"reached_at": self.bubble_at, "at": sp(self.bubble),
                       "level": None if self.bubble_at is not None else sp(f.bubble_level)},
            "final_table": {"formed_at": self.final_table_at, "at": sp(self.final_table),
                            "level": (None if self.final_table_at is not None
                                      else sp(f.final_table_level))},
            "end": {"at": sp(self.end), "level": sp(f.end_level)},
            "target": self.target, "chance_by_target": self.chance,
            "suggestion": None if self.suggestion is None else self.suggestion.to_dict(),
            "levels": [dict(r.to_dict(), ends=sp(self._abs(r.ends))) for r in f.levels],
            "assumptions": f.assumptions.describe(),
        }


def _run_rest(t: Any, now: float, a: Assumptions, minutes: dict[int, int] | None,
              jobs: int, ray: str | None, progress: Callable[[int, int], None] | None
              ) -> Forecast:
    config, players, elapsed, absent = remainder(t, now, minutes)
    check_structure(config, players)
    spec = RunSpec(players, config.to_dict(), a.seed, a.seconds_per_hand,
                   a.seconds_per_hand_for_hand, a.bots, clock_at=elapsed, absent=absent)
    outcomes = play_runs(spec, a.runs, jobs=jobs, ray=ray, progress=progress)
    return summarize(outcomes, config.structure, a, players=players,
                     label=f"{t.config.name}: the rest, {players} players")


def _clock(ts: float) -> str:
    from datetime import datetime

    return datetime.fromtimestamp(ts).strftime("%H:%M")


def _suggest(t: Any, now: float, a: Assumptions, target: float, jobs: int,
             ray: str | None) -> Suggestion | None:
    s = t.structure
    current = s.level_number_at(s.period_at(t.clock.plain_elapsed(now)))
    ahead = list(range(current + 1, s.level_count + 1))
    if not ahead:
        return None
    candidates = []
    for span in sorted({min(4, len(ahead)), min(8, len(ahead)), len(ahead)}):
        for cut in (5, 10):
            levels = tuple(n for n in ahead[:span] if s.level(n).minutes - cut >= 5)
            if levels:
                candidates.append((cut * len(levels), cut, levels))
    candidates.sort()
    tried = None
    for _, cut, levels in candidates[:6]:
        minutes = {n: s.level(n).minutes - cut for n in levels}
        f = _run_rest(t, now, a, minutes, jobs, ray, None)
        end = Spread(now + f.end_seconds.p10, now + f.end_seconds.p50, now + f.end_seconds.p90,
                     f.end_seconds.runs)
        chance = f.chance_by(target - now)
        span = f"{levels[0]}–{levels[-1]}" if len(levels) > 1 else f"{levels[0]}"
        works = end.p50 <= target
        text = (f"take {cut} minutes off level{'s' if len(levels) > 1 else ''} {span} to finish "
                f"by {_clock(target)}: forecast end {_clock(end.p50)} ({_clock(end.p10)}–"
                f"{_clock(end.p90)}), {chance:.0%} by {_clock(target)}")
        tried = Suggestion(levels, cut, end, chance, text, works)
        if works:
            return tried
    if tried is None:
        return None
    cut, levels = tried.minutes_off, tried.levels
    span = f"{levels[0]}–{levels[-1]}" if len(levels) > 1 else f"{levels[0]}"
    return replace(tried, text=(
        f"no change tried finishes by {_clock(target)}: even {cut} minutes off level"
        f"{'s' if len(levels) > 1 else ''} {span} ends at {_clock(tried.end.p50)} "
        f"({_clock(tried.end.p10)}–{_clock(tried.end.p90)}), {tried.chance:.0%} by "
        f"{_clock(target)}"))


def live_forecast(t: Any, now: float, busts: Sequence[tuple[float, int]],
                  assumptions: Assumptions | None = None, *, final_table_at: float | None = None,
                  measure_pace: bool = True, target: float | None = None, jobs: int = 1,
                  ray: str | None = None, suggest: bool = True,
                  progress: Callable[[int, int], None] | None = None) -> LiveForecast:
    """The live forecast of ``t`` at ``now`` (see the module docstring). ``busts``: the time
    of each bust-out report and the players it put out, in order; ``final_table_at``: when
    the final table was formed; ``measure_pace``: measure the room's hands an hour from the
    bust-outs (else the assumptions' are used); ``target``: a timestamp to finish by."""
    a = assumptions or Assumptions(runs=200)
    if target is not None and target <= now:
        raise ForecastError(f"the target {_clock(target)} has passed (it is {_clock(now)})")
    elapsed = remainder(t, now)[2]            # refuses an event not started or over
    paid = paid_places(t)
    out_before_money = t.entrants - paid
    bust_play = []
    bubble_at = None
    out = 0
    for at, n in busts:
        for _ in range(n):
            out += 1
            if out <= out_before_money:
                bust_play.append(play_seconds(t.structure, t.clock.elapsed(at)))
        if bubble_at is None and paid and out >= out_before_money:
            bubble_at = at
    if paid and t.alive <= paid and bubble_at is None:
        bubble_at = now
    if not paid:
        bubble_at = None
    calibration = (calibrate(t, bust_play, a, jobs=jobs, ray=ray) if measure_pace
                   else Calibration(a.hands_per_hour, 0, a.hands_per_hour))
    a = replace(a, hands_per_hour=calibration.hands_per_hour)
    f = _run_rest(t, now, a, None, jobs, ray, progress)
    if t.floor is not None and t.floor.table_count <= 1 and final_table_at is None:
        final_table_at = now
    suggestion = None
    if suggest and target is not None and now + f.end_seconds.p50 > target:
        suggestion = _suggest(t, now, a, target, jobs, ray)
    s = t.structure
    return LiveForecast(now, t.alive, t.entrants, paid, s.level_number_at(s.period_at(elapsed)),
                        calibration, bubble_at, final_table_at, f, target, suggestion)
