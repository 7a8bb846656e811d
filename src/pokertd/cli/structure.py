"""``pokertd structure forecast``: when a structure reaches the money, the final table and
its end, from many simulated tournaments (issue 15; :mod:`pokertd.sim.forecast`).

    pokertd structure forecast --preset gananda --players 27
    pokertd structure forecast my-structure.toml --players 20,30,40 --finish-by 23:00
    pokertd structure forecast a.toml --compare b.toml --players 40 --format html > a-b.html
    pokertd structure forecast --players 27 --plot forecast.png --jobs 2
    pokertd structure forecast --players 100 --runs 10000 --ray auto

Every report prints its assumptions; the same seed gives the same report however the runs
were spread (``--jobs``, ``--ray``). Bad input: ``Error: ...`` on one line, exit status 2.
"""

from __future__ import annotations

import json
import os
from datetime import datetime
from enum import Enum
from pathlib import Path
from typing import Annotated, Any

import typer

from .app import app, fail
from .output import Console, RichConsole, Table

structure = typer.Typer(
    name="structure",
    help="Structures: forecast when a structure reaches the money, the final table and its "
         "end, from simulated tournaments.",
    no_args_is_help=True,
)
app.add_typer(structure, name="structure")


class Preset(str, Enum):
    gananda = "gananda"
    ifp = "ifp-2012"
    wpa = "wpa"
    tda = "tda-2024"


class Bots(str, Enum):
    mix = "mix"
    sensible = "sensible"
    tight = "tight"
    loose = "loose"
    random = "random"


class ReportFormat(str, Enum):
    table = "table"
    json = "json"
    html = "html"


def parse_clock(text: str, option: str, *, after: datetime | None = None) -> datetime:
    """``HH:MM`` (today, or with ``after`` the first such time after it) or
    ``YYYY-MM-DD HH:MM``; anything else is ``Error: ...``, exit 2."""
    from ..sim.forecast import ForecastError
    from ..sim.report import time_of_day

    try:
        return time_of_day(text, after)
    except ForecastError as exc:
        raise fail(f"{option} {exc}") from None


def _players(text: str) -> list[int]:
    out = []
    for part in text.split(","):
        part = part.strip()
        if not part.isdigit() or int(part) < 2:
            raise fail(f"--players {text!r}: field sizes of 2 or more, comma-separated "
                       "(e.g. 20,30,40)")
        out.append(int(part))
    return out


def load_structure(path: str, preset: str) -> Any:
    """The configuration of ``preset`` with the structure file ``path`` in place of its own
    (WPA 2: nine a table unless the file says otherwise), as ``tournament new --structure``."""
    import tomllib
    from dataclasses import replace

    from ..tournament.house import config_preset, seated_for
    from ..tournament.structure import Structure, StructureError

    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise fail(f"{path}: {exc.strerror or exc}") from None
    try:
        if path.endswith(".toml"):
            custom = Structure.from_toml(text)
            raw = tomllib.loads(text)
        elif path.endswith(".json"):
            custom = Structure.from_json(text)
            raw = json.loads(text)
        else:
            raise StructureError("a structure is a .toml or .json file")
    except StructureError as exc:
        raise fail(f"{path}: {exc}") from None
    if custom.name == "custom":
        custom = replace(custom, name=Path(path).stem)
    config = config_preset(preset)
    return replace(config, structure=seated_for(preset, custom,
                                                stated="max_players_per_table" in raw))


@structure.command()
def forecast(
    structure_file: Annotated[str | None, typer.Argument(
        metavar="STRUCTURE", help="A structure file (.toml or .json) in place of the preset's "
                                  "structure.")] = None,
    players: Annotated[str, typer.Option(
        help="Players in the field; several, comma-separated (20,30,40), compare field "
             "sizes.")] = "27",
    preset: Annotated[Preset, typer.Option(
        help="gananda (the house on ifp-2012), or ifp-2012, wpa, tda-2024 (their rules: "
             "hand-for-hand, table size) over the Gananda structure.")] = Preset.gananda,
    compare: Annotated[str | None, typer.Option(
        help="Another structure file, forecast beside the first.")] = None,
    runs: Annotated[int, typer.Option(help="Simulated tournaments per forecast.")] = 1000,
    hands_per_hour: Annotated[float, typer.Option(
        "--hands-per-hour", help="Hands each table deals an hour (live about 30; online "
                                 "much faster).")] = 30.0,
    hand_for_hand_minutes: Annotated[float | None, typer.Option(
        "--hand-for-hand-minutes", help="Minutes one hand-for-hand hand takes (every table "
                                        "waits for the slowest, IFP 61); default 1.5 hands.")]
    = None,
    seats: Annotated[int | None, typer.Option(
        help="Players a table (default: the structure's).")] = None,
    start: Annotated[str, typer.Option(help="The start: HH:MM today, or YYYY-MM-DD HH:MM.")]
    = "19:00",
    finish_by: Annotated[str | None, typer.Option(
        "--finish-by", help="A target: the chance of finishing by then (HH:MM, the first "
                            "after the start, or YYYY-MM-DD HH:MM).")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the runs.")] = 0,
    bots: Annotated[Bots, typer.Option(
        help="The field's bots: mix (styles drawn per player), or all of one style.")]
    = Bots.mix,
    output: Annotated[ReportFormat, typer.Option(
        "--format", help="table, json or html (the chart inline).")] = ReportFormat.table,
    plot: Annotated[str | None, typer.Option(
        help="Also write the chart as a PNG to this file.")] = None,
    jobs: Annotated[int | None, typer.Option(
        help="Processes on this machine (default: every core).")] = None,
    ray: Annotated[str | None, typer.Option(
        help="Run the simulations as Ray tasks on the cluster at this address (or auto).")]
    = None,
) -> None:
    """Forecast a structure: the bubble, the final table and the end, from simulated
    tournaments (10th, 50th and 90th percentiles), players left and average stacks by level.

    Example: pokertd structure forecast --preset gananda --players 20,30,40 --finish-by 23:00
    """
    from ..sim.forecast import Assumptions, ForecastError, with_table_size
    from ..sim.forecast import forecast as run_forecast
    from ..sim.report import Report
    from ..tournament.house import config_preset

    fields = _players(players)
    if jobs is not None and ray is not None:
        raise fail("--jobs and --ray: the runs go to this machine's processes or to Ray, not "
                   "both")
    if jobs is not None and jobs < 1:
        raise fail(f"--jobs {jobs}: at least one process")
    began = parse_clock(start, "--start")
    target = None if finish_by is None else parse_clock(finish_by, "--finish-by", after=began)
    if target is not None and target <= began:
        raise fail(f"--finish-by {finish_by}: the target is before the start "
                   f"({began:%Y-%m-%d %H:%M})")
    if hand_for_hand_minutes is not None and not hand_for_hand_minutes > 0:
        raise fail(f"--hand-for-hand-minutes {hand_for_hand_minutes}: a hand takes some time")
    try:
        a = Assumptions(runs=runs, hands_per_hour=hands_per_hour, seed=seed, bots=bots.value,
                        hand_for_hand_seconds=None if hand_for_hand_minutes is None
                        else hand_for_hand_minutes * 60)
        configs = [load_structure(structure_file, preset.value) if structure_file
                   else config_preset(preset.value)]
        if compare is not None:
            configs.append(load_structure(compare, preset.value))
        configs = [with_table_size(c, seats) for c in configs]
    except (ForecastError, ValueError) as exc:
        raise fail(str(exc)) from None
    scenarios = [(c, n) for c in configs for n in fields]
    labels = [f"{c.structure.name}, {n} players" for c, n in scenarios]
    if len(set(labels)) < len(labels):               # two files of the same name
        labels = [f"{i + 1}. {x}" for i, x in enumerate(labels)]
    workers = jobs if jobs is not None else (os.cpu_count() or 1)
    results = []
    try:
        if output is ReportFormat.table:
            results = _with_progress(scenarios, labels, a, workers, ray, run_forecast)
        else:
            for (c, n), label in zip(scenarios, labels):
                results.append(run_forecast(c, n, a, label=label, jobs=workers, ray=ray))
    except ForecastError as exc:
        raise fail(str(exc)) from None
    report = Report(tuple(results), began, target)
    if plot is not None:
        from ..sim.report import chart

        try:
            Path(plot).write_bytes(chart(report, "png"))
        except OSError as exc:
            raise fail(f"--plot {plot}: {exc.strerror or exc}") from None
    if output is ReportFormat.json:
        typer.echo(json.dumps(report.to_dict()))
    elif output is ReportFormat.html:
        from ..sim.report import html_page

        typer.echo(html_page(report), nl=False)
    else:
        _print(report)


def _with_progress(scenarios: list[Any], labels: list[str], a: Any, workers: int,
                   ray: str | None, run: Any) -> list[Any]:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    out = []
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=RichConsole(stderr=True), transient=True) as bar:
        for (c, n), label in zip(scenarios, labels):
            task = bar.add_task(label, total=a.runs)
            out.append(run(c, n, a, label=label, jobs=workers, ray=ray,
                           progress=lambda done, total, task=task: bar.update(task,
                                                                              completed=done)))
    return out


def _cell(report: Any, s: Any, kind: str) -> str:
    if s is None:
        return "–"
    if kind == "time":
        return f"{report.clock(s.p50)}  ({report.clock(s.p10)}–{report.clock(s.p90)})"
    return f"{s.p50:,.0f}  ({s.p10:,.0f}–{s.p90:,.0f})"


def _bb(x: float) -> str:
    return f"{x:,.0f}" if x >= 10 else f"{x:.1f}"


def _print(report: Any) -> None:
    console = Console(highlight=False)
    fs = report.forecasts
    table = Table(title=f"Forecast from {report.clock(0)}: median (10%–90%)")
    table.add_column("")
    for f in fs:
        table.add_column(f"{f.label} ({f.paid} paid)", justify="right")
    rows = [("hands dealt", "hands", "n"), ("bubble: money reached", "bubble_seconds", "time"),
            ("bubble level", "bubble_level", "n"),
            ("final table forms", "final_table_seconds", "time"),
            ("final table level", "final_table_level", "n"),
            ("the event ends", "end_seconds", "time"), ("last level", "end_level", "n")]
    for name, attr, kind in rows:
        table.add_row(name, *(_cell(report, getattr(f, attr), kind) for f in fs))
    if report.finish_by is not None:
        table.add_row(f"finishes by {report.clock(report.target)}",
                      *(f"{report.chance(f):.0%}" for f in fs))
    console.print(table)
    if len(fs) == 1:
        f = fs[0]
        levels = Table(title="By level: median (10%–90%)")
        for col in ("level", "blinds", "ends", "runs playing", "players left",
                    "average stack (BB)"):
            levels.add_column(col, justify="right")
        for r in f.levels:
            bb = r.average_big_blinds
            levels.add_row(
                str(r.level),
                f"{r.small_blind:,}/{r.big_blind:,}" + (f" ante {r.ante:,}" if r.ante else ""),
                report.clock(r.ends.p50) if r.ends is not None else "–",
                f"{r.playing / f.assumptions.runs:.0%}",
                _cell(report, r.players_left, "n"),
                "–" if bb is None else f"{_bb(bb.p50)}  ({_bb(bb.p10)}–{_bb(bb.p90)})")
        console.print(levels)
    else:
        console.print("Each forecast's levels: --format html or --format json.")
    console.print(f"Assumptions: {fs[0].assumptions.describe()}.")
