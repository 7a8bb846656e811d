"""The structure designer's forecast (issue 15): simulated tournaments a second, on one core,
on every core (processes) and through Ray on this machine.

    python bench/forecast.py [--players 27,100,1000] [--runs 27=200,100=60,1000=6]
                             [--no-ray] [--seed S] [--quick]

Each run is one whole Gananda-structure tournament played by a field of mixed bots
(pokertd.sim.forecast.play_runs, exactly what ``pokertd structure forecast`` runs), turned into
clock time and traced. The same runs are timed three ways, one after the other: ``jobs=1``,
``jobs=<cores>`` (spawned processes: their start-up is inside the time) and as Ray tasks on a
local Ray instance (two CPUs or the machine's, bound to 127.0.0.1; ``ray.init`` timed apart).
Each way must give the same runs (checked). No peer library forecasts a tournament, so there
is no ratio to another library here: the rows compare the ways of running ours.

The last line gives the time of 10,000 runs of a 100-player event at each way's measured rate
(extrapolated: 10,000 runs are not played here).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _common import console  # noqa: E402
from rich.table import Table  # noqa: E402

from pokertd.sim.forecast import RunSpec, play_runs  # noqa: E402
from pokertd.tournament.house import config_preset  # noqa: E402

DEFAULT_RUNS = {27: 200, 100: 60, 1000: 6}


def timed_runs(spec: RunSpec, runs: int, **how: object) -> tuple[float, list]:
    t0 = time.perf_counter()
    out = play_runs(spec, runs, **how)  # type: ignore[arg-type]
    return time.perf_counter() - t0, out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--players", default="27,100,1000")
    p.add_argument("--runs", default="", help="runs per field, e.g. 27=200,100=60")
    p.add_argument("--no-ray", action="store_true", help="leave Ray out")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--quick", action="store_true", help="a smoke run: a tenth of the runs")
    args = p.parse_args(argv)
    sizes = [int(x) for x in args.players.split(",") if x.strip()]
    runs = dict(DEFAULT_RUNS)
    for part in filter(None, args.runs.split(",")):
        k, v = part.split("=")
        runs[int(k)] = int(v)
    if args.quick:
        runs = {k: max(2, v // 10) for k, v in runs.items()}
    cores = os.cpu_count() or 1
    console.print(f"pokertd bench/forecast.py: fields {', '.join(f'{n:,}' for n in sizes)}, "
                  f"seed {args.seed}, {cores} CPUs, Python {sys.version.split()[0]}, "
                  f"{time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}")
    config = config_preset("gananda").to_dict()
    ray = None
    ray_init = None
    if not args.no_ray:
        import ray as ray_module

        t0 = time.perf_counter()
        ray_module.init(num_cpus=cores, include_dashboard=False, _node_ip_address="127.0.0.1",
                        log_to_driver=False, configure_logging=False)
        ray_init = time.perf_counter() - t0
        ray = ray_module
    table = Table(title="Simulated tournaments a second (whole Gananda events, mixed bots)",
                  title_justify="left")
    for col, just in (("field", "right"), ("runs", "right"), ("one core", "right"),
                      (f"{cores} processes", "right"), ("Ray (local)", "right"),
                      ("same runs", "center"), ("median hands a run", "right")):
        table.add_column(col, justify=just)  # type: ignore[arg-type]
    rate100: dict[str, float] = {}
    try:
        for n in sizes:
            k = runs.get(n, 10)
            spec = RunSpec(n, config, args.seed, 120.0, 180.0, "mix")
            one_s, one = timed_runs(spec, k, jobs=1)
            many_s, many = timed_runs(spec, k, jobs=cores)
            same = many == one
            ray_cell = "-"
            if ray is not None:
                ray_s, on_ray = timed_runs(spec, k, ray="auto")
                same = same and on_ray == one
                ray_cell = f"{k / ray_s:,.1f}"
                if n == 100:
                    rate100["Ray"] = k / ray_s
            if n == 100:
                rate100["one core"] = k / one_s
                rate100[f"{cores} processes"] = k / many_s
            hands = sorted(o.hands for o in one)[len(one) // 2]
            table.add_row(f"{n:,}", f"{k:,}", f"{k / one_s:,.1f}", f"{k / many_s:,.1f}",
                          ray_cell, "yes" if same else "NO", f"{hands:,}")
    finally:
        if ray is not None:
            ray.shutdown()
    console.print(table)
    if ray_init is not None:
        console.print(f"ray.init (a local instance, {cores} CPUs): {ray_init:.1f} s, not in the "
                      "rates.")
    if rate100:
        console.print("10,000 runs of a 100-player event, at the rates above (extrapolated): "
                      + "; ".join(f"{way} {10_000 / r / 60:,.1f} min" for way, r in rate100.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
