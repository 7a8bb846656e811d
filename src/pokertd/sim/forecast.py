"""The structure designer's forecast: when a structure reaches the money, the final table and
its end, answered from many simulated tournaments (issue 15).

:func:`forecast` plays a tournament ``runs`` times with :func:`pokertd.sim.simulate` (each run
its own seed drawn from the forecast's seed, and a field of bots of mixed styles,
:data:`pokertd.bots.MIX`) and turns hands into clock time: each table deals
``hands_per_hour`` hands an hour, so a round of hands (one at every table) takes
``3600 / hands_per_hour`` seconds; breaks take their minutes; hand-for-hand play on the bubble
takes ``hand_for_hand_seconds`` a hand, since every table waits for the slowest before the next
hand (IFP 61), and the clock runs meanwhile, or under TDA RP-8 stands still with two minutes
off it a hand (the preset decides; :class:`~pokertd.tournament.clock.TournamentClock`).

The answer (:class:`Forecast`) gives the 10th, 50th and 90th percentiles over the runs of the
hands dealt, the level and time at which the money is reached (the bubble bursts: no more
players than paid places), the final table forms (one table left) and the event ends; the
players left and the average stack in big blinds at the end of each level; the chance of
finishing by a target; and the players-left band against time for a chart. Percentiles are
nearest-rank: the ``q``-th is the smallest value with at least ``q`` % of the runs at or below
it, so each is one run's value (:func:`percentile`).

A forecast is deterministic for its seed: run ``i`` plays with seed :func:`run_seed` ``(seed,
i)``, whichever process or Ray worker plays it (:func:`play_runs`, ``jobs`` processes or
``ray`` a cluster's address), and the runs are put back in order before anything is counted.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from pokertd.tournament.house import TournamentConfig
from pokertd.tournament.structure import Level, Structure

__all__ = [
    "Assumptions", "Forecast", "ForecastError", "LevelRow", "Point", "RunOutcome", "RunSpec",
    "Spread", "forecast", "percentile", "play_runs", "run_seed", "summarize",
]

#: The percentiles every answer gives.
QUANTILES = (10, 50, 90)

#: A run still going after this much simulated time is refused: its structure does not end.
MAX_SECONDS = 7 * 24 * 3600

#: Heads-up with more than this many big blinds each at the last level, the blinds have
#: stopped rising long before the chips could be won: the structure cannot end.
MAX_HEADS_UP_BIG_BLINDS = 1000


class ForecastError(ValueError):
    """A forecast that cannot be made as asked; the message says what was wrong."""


def percentile(values: Sequence[float], q: int) -> float:
    """The nearest-rank ``q``-th percentile: the smallest value with at least ``q`` % of
    ``values`` at or below it (``q`` from 1 to 100)."""
    if not values:
        raise ForecastError("a percentile of no values")
    if not 0 < q <= 100:
        raise ForecastError(f"percentile {q}: between 1 and 100")
    ordered = sorted(values)
    rank = -(-q * len(ordered) // 100)          # ceil(q n / 100), in integers
    return ordered[rank - 1]


@dataclass(frozen=True)
class Spread:
    """The 10th, 50th and 90th percentiles of one quantity over the runs that have it, and
    how many runs that is."""

    p10: float
    p50: float
    p90: float
    runs: int

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread | None:
        if not values:
            return None
        return cls(*(percentile(values, q) for q in QUANTILES), runs=len(values))

    def to_dict(self) -> dict[str, Any]:
        return {"p10": self.p10, "p50": self.p50, "p90": self.p90, "runs": self.runs}


@dataclass(frozen=True)
class Assumptions:
    """What a forecast assumes, printed with every report."""

    runs: int = 1000
    hands_per_hour: float = 30.0
    """Hands each table deals in an hour (live play is about 30; online much faster)."""
    hand_for_hand_seconds: float | None = None
    """The time of one hand-for-hand hand (all tables wait for the slowest, IFP 61); None:
    1.5 times a hand at ``hands_per_hour``."""
    seed: int = 0
    bots: str = "mix"

    def __post_init__(self) -> None:
        if isinstance(self.runs, bool) or not isinstance(self.runs, int) or self.runs < 1:
            raise ForecastError(f"{self.runs!r} runs: a forecast plays at least one tournament")
        if not self.hands_per_hour > 0 or not math.isfinite(self.hands_per_hour):
            raise ForecastError(f"{self.hands_per_hour!r} hands per hour: a table deals a "
                                "positive number of hands an hour (live play is about 30)")
        h = self.hand_for_hand_seconds
        if h is not None and (not h > 0 or not math.isfinite(h)):
            raise ForecastError(f"a hand-for-hand hand of {h!r} seconds: it takes some time")

    @property
    def seconds_per_hand(self) -> float:
        return 3600.0 / self.hands_per_hour

    @property
    def seconds_per_hand_for_hand(self) -> float:
        h = self.hand_for_hand_seconds
        return 1.5 * self.seconds_per_hand if h is None else float(h)

    def describe(self) -> str:
        from pokertd.bots import MIX

        bots = self.bots
        if bots == "mix":
            bots = "a mix of " + ", ".join(f"{w:.0%} {s}" for s, w in MIX)
        return (f"{self.runs:,} simulated tournaments (seed {self.seed}); each table deals "
                f"{self.hands_per_hour:.3g} hands an hour; a hand-for-hand hand takes "
                f"{self.seconds_per_hand_for_hand / 60:.1f} min; bots: {bots}")

    def to_dict(self) -> dict[str, Any]:
        return {"runs": self.runs, "hands_per_hour": self.hands_per_hour,
                "hand_for_hand_seconds": self.seconds_per_hand_for_hand, "seed": self.seed,
                "bots": self.bots}


def run_seed(seed: int, index: int) -> int:
    """The seed of run ``index`` of a forecast seeded ``seed`` (the same wherever it runs)."""
    return random.Random(f"forecast:{seed}:{index}").getrandbits(48)


@dataclass(frozen=True)
class RunSpec:
    """Everything one simulated run needs, as plain data (it crosses to worker processes and
    Ray tasks): the configuration as :meth:`TournamentConfig.to_dict`."""

    players: int
    config: dict[str, Any]
    seed: int
    seconds_per_hand: float
    hand_for_hand_seconds: float
    bots: str = "mix"
    clock_at: float = 0.0
    absent: int = 0
    check: bool = False
    stop_after_busts: int | None = None
    """Stop a run once this many players are out (the live forecast's calibration)."""


class Point(NamedTuple):
    """A run's state after a round of hands: ``wall`` seconds from the start on the room's
    clock and ``clock`` on the tournament clock (they differ by the clock's stops: TDA RP-8's
    hand-for-hand, Gananda's final table forming), the players left, the chips in play and
    the level of the hands just dealt (IFP 23: a hand keeps the level it began in; 0 before
    the first hand)."""

    wall: float
    clock: float
    left: int
    chips: int
    level: int


class RunOutcome(NamedTuple):
    """One simulated tournament, as the forecast counts it."""

    seed: int
    hands: int
    paid: int
    bubble: Point | None              # the round after which no more players than paid remain
    final_table: Point | None         # the round after which one table is left
    end: Point | None                 # the last round; None: stopped early (stop_after_busts)
    trace: tuple[Point, ...]
    """The start, then each round that changed the players left, the chips or the level."""
    busts: tuple[int, ...] = ()
    """The round (hands dealt at each table) after which each player went out, in order."""


def play_run(spec: RunSpec, index: int) -> RunOutcome:
    """Play run ``index`` of ``spec`` (see :class:`RunOutcome`)."""
    from pokertd.sim import simulate

    config = TournamentConfig.from_dict(spec.config)
    seed = run_seed(spec.seed, index)
    structure = config.structure
    # The start: every player seated with his starting stack, over the fewest tables.
    start = Point(0.0, spec.clock_at, spec.players, spec.players * structure.starting_stack, 0)
    trace = [start]
    busts: list[int] = []
    marks: dict[str, Point | None] = {"bubble": None, "final": None}
    if spec.players <= structure.max_players_per_table:
        marks["final"] = start._replace(level=_level_at(structure, spec.clock_at))
    rounds = [0]
    previous: list[Point | None] = [None]     # the state after the round before

    def watch(t: Any, now: float) -> bool:
        rounds[0] += 1
        alive = max(t.alive, 1)
        out = t.entrants - alive
        while len(busts) < out:
            busts.append(rounds[0])
        last = trace[-1]
        if (alive, t.chips, t.level) != (last.left, last.chips, last.level) or t.finished:
            before = previous[0]
            if t.level != last.level and before is not None and before is not last:
                trace.append(before)            # the last round of the level before
            trace.append(Point(now, t.clock.elapsed(now), alive, t.chips, t.level))
            previous[0] = trace[-1]
        else:
            previous[0] = Point(now, t.clock.elapsed(now), alive, t.chips, t.level)
        if marks["bubble"] is None and t.payouts is not None:
            if alive <= sum(1 for a in t.payouts if a):
                marks["bubble"] = trace[-1]
        fl = t.floor
        if marks["final"] is None and fl is not None and fl.table_count <= 1:
            marks["final"] = trace[-1]
        if spec.stop_after_busts is not None and out >= spec.stop_after_busts:
            return True
        if now > MAX_SECONDS and not t.finished:
            level = structure.level(max(t.level, 1))
            raise ForecastError(
                f"a simulated tournament of {spec.players} players was still running after "
                f"{MAX_SECONDS / 86400:g} days of play, {alive} players left at "
                f"{_blinds(level)} ({t.chips / alive / level.big_blind:,.0f} big blinds each): "
                "the levels stop rising too soon for the field to end; add levels")
        return False

    result = simulate(spec.players, preset=config, seed=seed, bot=spec.bots,
                      seconds_per_hand=spec.seconds_per_hand,
                      hand_for_hand_seconds=spec.hand_for_hand_seconds, clock_at=spec.clock_at,
                      absent=spec.absent, check=spec.check, watch=watch)
    t = result.tournament
    paid = sum(1 for a in t.payouts if a) if t.payouts is not None else 0
    end = None
    if t.finished:
        if spec.check:
            _check_results(result)
        end = trace[-1]
        if marks["bubble"] is None:            # every place paid: in the money from the start
            marks["bubble"] = start
        if marks["final"] is None:
            marks["final"] = end
    return RunOutcome(seed, t.hands, paid, marks["bubble"], marks["final"], end, tuple(trace),
                      tuple(busts))


def _check_results(result: Any) -> None:
    """The director's results of a finished run: every player once, the winner first, the
    prize pool paid out exactly (the simulator's invariants, checked again for the runs a
    forecast counts; the chips are checked hand by hand by ``simulate(check=True)``)."""
    t = result.tournament
    names = [r["player"] for r in result.results]
    if sorted(names) != sorted(t.players):
        raise AssertionError("a player is missing from the results, or listed twice")
    if sum(r["prize"] for r in result.results) != t.prize_pool:
        raise AssertionError("the prizes do not add up to the prize pool")
    if result.results[0]["place"] != 1 or result.results[0]["player"] != t.winner:
        raise AssertionError("the winner is not first")


def _run_chunk(spec: RunSpec, start: int, stop: int) -> list[RunOutcome]:
    return [play_run(spec, i) for i in range(start, stop)]


def _chunks(runs: int, parts: int) -> list[tuple[int, int]]:
    size = max(1, min(50, -(-runs // (parts * 8))))
    return [(a, min(a + size, runs)) for a in range(0, runs, size)]


def play_runs(spec: RunSpec, runs: int, *, jobs: int = 1, ray: str | None = None,
              progress: Callable[[int, int], None] | None = None) -> list[RunOutcome]:
    """Runs ``0 .. runs - 1`` of ``spec``, in order: here (``jobs`` 1), in ``jobs`` processes,
    or as Ray tasks on the cluster at ``ray`` (an address, or ``auto``; a Ray already
    initialised in this process is used as it is). The same runs whichever way they ran.
    ``progress(done, runs)`` after each batch of runs."""
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ForecastError(f"{jobs!r} jobs: at least one process")
    if ray is not None:
        return _play_on_ray(spec, runs, ray, progress)
    out: list[RunOutcome] = []
    if jobs == 1 or runs == 1:
        for a, b in _chunks(runs, 1):
            out.extend(_run_chunk(spec, a, b))
            if progress is not None:
                progress(len(out), runs)
        return out
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    # spawn: a fresh interpreter per worker, safe beside threads (the web server) on any OS.
    ctx = multiprocessing.get_context("spawn")
    parts = _chunks(runs, jobs)
    with ProcessPoolExecutor(max_workers=min(jobs, len(parts)), mp_context=ctx) as pool:
        for chunk in pool.map(_run_chunk, *zip(*[(spec, a, b) for a, b in parts])):
            out.extend(chunk)
            if progress is not None:
                progress(len(out), runs)
    return out


def _check_reachable(address: str) -> None:
    """A ``host:port`` (or ``ray://host:port``) that nothing answers at is refused at once
    (Ray itself would wait about two minutes before giving up)."""
    import socket

    target = address.removeprefix("ray://")
    host, sep, port = target.rpartition(":")
    if not sep or not port.isdigit():
        return                                   # "auto", or an address Ray resolves itself
    try:
        socket.create_connection((host, int(port)), timeout=3).close()
    except OSError as e:
        raise ForecastError(f"no Ray cluster answers at {address} ({e.strerror or e})") from None


def _play_on_ray(spec: RunSpec, runs: int, address: str,
                 progress: Callable[[int, int], None] | None) -> list[RunOutcome]:
    try:
        import ray
    except ImportError:
        raise ForecastError("--ray needs Ray: pip install 'pokertd[ray]'") from None
    if not ray.is_initialized():
        _check_reachable(address)
        try:
            ray.init(address=address, log_to_driver=False)
        except (ConnectionError, ValueError, RuntimeError) as e:
            raise ForecastError(f"no Ray cluster at {address!r}: {e}") from None
    task = ray.remote(_run_chunk)
    parts = _chunks(runs, max(1, int(ray.cluster_resources().get("CPU", 1))))
    pending = {task.remote(spec, a, b): k for k, (a, b) in enumerate(parts)}
    done: dict[int, list[RunOutcome]] = {}
    count = 0
    while pending:
        ready, _ = ray.wait(list(pending), num_returns=1)
        for ref in ready:
            k = pending.pop(ref)
            done[k] = ray.get(ref)
            count += len(done[k])
            if progress is not None:
                progress(count, runs)
    return [o for k in range(len(parts)) for o in done[k]]


# --- the answer ------------------------------------------------------------------------------

@dataclass(frozen=True)
class LevelRow:
    """One level of the structure as the runs played it: when it ended (the median time,
    seconds from the start, of the runs still playing then), the players left at its end and
    the average stack then in its big blinds."""

    level: int
    small_blind: int
    big_blind: int
    ante: int
    ends: Spread | None
    players_left: Spread
    average_big_blinds: Spread | None
    playing: int          # runs still playing at its end

    def to_dict(self) -> dict[str, Any]:
        return {"level": self.level, "small_blind": self.small_blind,
                "big_blind": self.big_blind, "ante": self.ante,
                "ends": None if self.ends is None else self.ends.to_dict(),
                "players_left": self.players_left.to_dict(),
                "average_big_blinds": (None if self.average_big_blinds is None
                                       else self.average_big_blinds.to_dict()),
                "runs_playing": self.playing}


@dataclass(frozen=True)
class Forecast:
    """What the runs say (see the module docstring). Times are seconds from the start."""

    label: str
    players: int
    paid: int
    structure: Structure
    assumptions: Assumptions
    hands: Spread
    bubble_seconds: Spread
    bubble_level: Spread
    final_table_seconds: Spread
    final_table_level: Spread
    end_seconds: Spread
    end_level: Spread
    levels: tuple[LevelRow, ...]
    band: tuple[tuple[float, float, float, float], ...]
    """(seconds, p10, p50, p90 of the players left) every ``step`` seconds, for charts."""
    ends: tuple[float, ...] = field(repr=False, default=())
    """Every run's end (seconds), sorted: the chance of finishing by a target."""

    def chance_by(self, seconds: float) -> float:
        """The share of runs that ended within ``seconds`` of the start."""
        return sum(1 for e in self.ends if e <= seconds) / len(self.ends)

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "players": self.players, "paid": self.paid,
                "structure": self.structure.name, "assumptions": self.assumptions.to_dict(),
                "hands": self.hands.to_dict(),
                "bubble": {"seconds": self.bubble_seconds.to_dict(),
                           "level": self.bubble_level.to_dict()},
                "final_table": {"seconds": self.final_table_seconds.to_dict(),
                                "level": self.final_table_level.to_dict()},
                "end": {"seconds": self.end_seconds.to_dict(),
                        "level": self.end_level.to_dict()},
                "levels": [r.to_dict() for r in self.levels],
                "band": [list(b) for b in self.band]}


def _blinds(level: Level) -> str:
    ante = level.ante or level.big_blind_ante
    return f"{level.small_blind:,}/{level.big_blind:,}" + (f" ante {ante:,}" if ante else "")


def _level_at(structure: Structure, clock: float) -> int:
    """The level in force at ``clock`` seconds of play (on a break: the level before it)."""
    return structure.level_number_at(structure.period_at(clock))


def _states_at(trace: Sequence[Point], marks: Sequence[float]) -> list[Point]:
    """For each of the ascending ``marks`` (wall seconds), the last trace point at or before
    it; one pass over the trace."""
    out = []
    k = 0
    n = len(trace)
    for m in marks:
        while k + 1 < n and trace[k + 1].wall <= m:
            k += 1
        out.append(trace[k])
    return out


def _level_ends(trace: Sequence[Point], last_level: int) -> list[Point]:
    """For each level 1 .. ``last_level``, the state after its last hand: the last trace
    point whose hands were of that level or an earlier one."""
    out = []
    k = 0
    n = len(trace)
    for number in range(1, last_level + 1):
        while k + 1 < n and trace[k + 1].level <= number:
            k += 1
        out.append(trace[k])
    return out


def summarize(outcomes: Sequence[RunOutcome], structure: Structure, assumptions: Assumptions,
              *, players: int, label: str = "", step: float = 300.0) -> Forecast:
    """The :class:`Forecast` of finished runs (every one must have ended)."""
    ends = [o.end for o in outcomes if o.end is not None]
    if not outcomes or len(ends) < len(outcomes):
        raise ForecastError("a forecast counts finished runs only")
    bubbles = [o.bubble for o in outcomes if o.bubble is not None]
    finals = [o.final_table for o in outcomes if o.final_table is not None]
    # The level of the first hands (a live event's rest begins at its current level).
    first_level = max(1, min((o.trace[1].level for o in outcomes if len(o.trace) > 1),
                             default=1))
    last_level = max(e.level for e in ends)
    at_ends = [_level_ends(o.trace, last_level) for o in outcomes]
    rows = []
    for number in range(first_level, last_level + 1):
        level = structure.level(number)
        left: list[float] = []
        big_blinds: list[float] = []
        times: list[float] = []
        for states in at_ends:
            p = states[number - 1]
            left.append(float(p.left))
            if p.left > 1:                         # still playing after the level's hands
                big_blinds.append(p.chips / p.left / level.big_blind)
                times.append(p.wall)
        rows.append(LevelRow(number, level.small_blind, level.big_blind,
                             level.ante or level.big_blind_ante, Spread.of(times),
                             Spread.of(left), Spread.of(big_blinds),  # type: ignore[arg-type]
                             len(big_blinds)))
    horizon = max(e.wall for e in ends)
    grid = [k * step for k in range(int(horizon // step) + 2)]
    left_at = [[float(p.left) for p in _states_at(o.trace, grid)] for o in outcomes]
    band = tuple((at, *(percentile([r[k] for r in left_at], q) for q in QUANTILES))
                 for k, at in enumerate(grid))
    paid = max(o.paid for o in outcomes)
    return Forecast(
        label=label, players=players, paid=paid, structure=structure, assumptions=assumptions,
        hands=Spread.of([float(o.hands) for o in outcomes]),  # type: ignore[arg-type]
        bubble_seconds=Spread.of([p.wall for p in bubbles]),  # type: ignore[arg-type]
        bubble_level=Spread.of([float(p.level) for p in bubbles]),  # type: ignore[arg-type]
        final_table_seconds=Spread.of([p.wall for p in finals]),  # type: ignore[arg-type]
        final_table_level=Spread.of([float(p.level) for p in finals]),  # type: ignore[arg-type]
        end_seconds=Spread.of([p.wall for p in ends]),  # type: ignore[arg-type]
        end_level=Spread.of([float(p.level) for p in ends]),  # type: ignore[arg-type]
        levels=tuple(rows), band=band,  # type: ignore[arg-type]
        ends=tuple(sorted(p.wall for p in ends)))


def check_structure(config: TournamentConfig, players: int) -> None:
    """Refuse a structure a field of ``players`` can never finish: heads-up at the last level,
    each player would hold more than :data:`MAX_HEADS_UP_BIG_BLINDS` big blinds."""
    if isinstance(players, bool) or not isinstance(players, int) or players < 2:
        raise ForecastError(f"{players!r} players: a tournament needs at least two")
    s = config.structure
    last = s.levels[-1]
    chips = players * s.starting_stack
    each = chips / 2 / last.big_blind
    if each > MAX_HEADS_UP_BIG_BLINDS:
        raise ForecastError(
            f"structure {s.name!r} cannot finish {players:,} players: its levels stop rising "
            f"at level {s.level_count} ({_blinds(last)}) with {chips:,} chips in play, "
            f"{each:,.0f} big blinds each heads-up; add levels")


def with_table_size(config: TournamentConfig, seats: int | None) -> TournamentConfig:
    """``config`` seating ``seats`` players a table (the final table no larger)."""
    if seats is None:
        return config
    if isinstance(seats, bool) or not isinstance(seats, int) or seats < 2:
        raise ForecastError(f"{seats!r} seats a table: at least two")
    data = config.structure.to_dict()
    data["max_players_per_table"] = seats
    data["final_table_size"] = min(data["final_table_size"], seats)
    return replace(config, structure=Structure.from_dict(data))


def forecast(config: TournamentConfig, players: int, assumptions: Assumptions | None = None,
             *, label: str = "", jobs: int = 1, ray: str | None = None, check: bool = False,
             progress: Callable[[int, int], None] | None = None) -> Forecast:
    """Forecast ``config`` for a field of ``players`` (see the module docstring)."""
    a = assumptions or Assumptions()
    check_structure(config, players)
    spec = RunSpec(players, config.to_dict(), a.seed, a.seconds_per_hand,
                   a.seconds_per_hand_for_hand, a.bots, check=check)
    outcomes = play_runs(spec, a.runs, jobs=jobs, ray=ray, progress=progress)
    return summarize(outcomes, config.structure, a, players=players,
                     label=label or f"{config.structure.name}, {players} players")
