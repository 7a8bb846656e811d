"""Whole dealt tournaments, beside pokerkit playing bare random six-max hands (issue 4).

    python bench/tournament.py [--players 100,1000] [--big] [--bot sensible|random]
                               [--seed S] [--repeat R] [--budget SECONDS] [--quick]

Each tournament is a Gananda-structure freezeout (10 a table, 19 levels, chip-ups) dealt by
pokertd.engine and played to a winner by seeded bots (pokertd.sim.simulate): seating,
button and blinds, bust-outs, balancing and breaking tables, the final table, chip races and
payouts, all of it timed. ``--big`` adds a 10,000-player field. Each field is run ``--repeat``
times (the same seed, so the same tournament); the table shows its hands, the median and best
total time and the hands per second of the whole tournament.

No peer library runs a tournament at all, so the reference is pokerkit playing bare six-max
no-limit hands with uniformly random legal actions (bench/engine.py's run_pokerkit, imported,
not copied), beside our engine on the same bare hands (run_ours), raced interleaved in this
same run (bench/_common.race). The ratio is our tournament's hands per second over
pokerkit's bare hands per second (issue 4's target: at least 30x), on medians.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _common import Result, console, fmt_rate, fmt_ratio, timed  # noqa: E402
from engine import Engine, race_engines, run_ours, run_pokerkit  # noqa: E402
from rich.table import Table  # noqa: E402

from pokertd.sim import simulate  # noqa: E402


def run_tournament(players: int, seed: int, bot: str, repeat: int) -> tuple[Result, list[float], int]:
    r = Result(f"pokertd: {players:,}-player dealt freezeout ({bot} bots)", " hands")
    seconds: list[float] = []
    hands = 0
    first = None
    for _ in range(repeat):
        dt, out = timed(lambda: simulate(players, preset="gananda", seed=seed, bot=bot))
        key = (out.hands, [x["player"] for x in out.results[:3]])
        if first is None:
            first = key
        elif key != first:
            r.ok = False                     # the same seed must give the same tournament
        hands = out.hands
        seconds.append(dt)
        r.rates.append(out.hands / dt)
        r.items += out.hands
    if r.ok is None:
        r.ok = True
    r.note = f"{hands:,} hands to a winner; {players // 10 + (players % 10 > 0)} tables at the start"
    return r, seconds, hands


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--players", default="100,1000", help="field sizes, comma-separated (default 100,1000)")
    p.add_argument("--big", action="store_true", help="add a 10,000-player field")
    p.add_argument("--bot", default="sensible", choices=("sensible", "random"))
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--repeat", type=int, default=3, help="runs of each field (default 3)")
    p.add_argument("--budget", type=float, default=None,
                   help="seconds of bare hands per engine (default 5; 1 with --quick)")
    p.add_argument("--quick", action="store_true", help="a smoke run: one run each, short budget")
    args = p.parse_args(argv)
    sizes = [int(x) for x in args.players.split(",") if x.strip()]
    if args.big:
        sizes.append(10_000)
    repeat = 1 if args.quick else args.repeat
    budget = args.budget if args.budget is not None else (1.0 if args.quick else 5.0)

    console.print(f"pokertd bench/tournament.py: fields {', '.join(f'{n:,}' for n in sizes)}, {args.bot} bots, "
                  f"seed {args.seed}, {repeat} run(s) each, Python {sys.version.split()[0]}, "
                  f"{os.cpu_count()} CPUs, {time.strftime('%Y-%m-%d %H:%M:%S UTC', time.gmtime())}")

    # Bare hands first (interleaved between pokerkit and our engine), then the tournaments.
    bare: list[Result] = []
    engines: list[Engine] = []
    for setup in (run_ours, run_pokerkit):
        e = setup(100_000, args.seed)
        if isinstance(e, Engine):
            engines.append(e)
            bare.append(e.result)
        else:
            bare.append(e)
    race_engines(engines, 100_000, budget, slice_seconds=0.1 if args.quick else 0.25)
    pokerkit = bare[1]

    rows = []
    for n in sizes:
        rows.append(run_tournament(n, args.seed, args.bot, repeat))

    table = Table(title="Whole tournaments (all of it timed) and bare six-max hands", title_justify="left")
    for col, just in (("library: work", "left"), ("hands", "right"), ("median s", "right"),
                      ("best s", "right"), ("median hands/s", "right"), ("÷ pokerkit bare hands/s", "right"),
                      ("same result each run", "center"), ("note", "left")):
        table.add_column(col, justify=just)  # type: ignore[arg-type]
    for r, seconds, hands in rows:
        ratio = fmt_ratio(r.median / pokerkit.median) if pokerkit.rates else "-"
        table.add_row(r.name, f"{hands:,}", f"{statistics.median(seconds):.2f}", f"{min(seconds):.2f}",
                      fmt_rate(r.median), ratio, {True: "yes", False: "NO", None: "n/a"}[r.ok], r.note)
    for r in bare:
        if r.skipped:
            table.add_row(r.name, "-", "-", "-", "-", "-", "-", f"skipped: {r.skipped}")
            continue
        ratio = fmt_ratio(r.median / pokerkit.median) if pokerkit.rates else "-"
        table.add_row(r.name + " (bare hands)", f"{r.items:,}", "-", "-", fmt_rate(r.median), ratio,
                      "n/a", r.note)
    console.print(table)
    console.print("Targets (issue 4): a whole tournament at least 30x pokerkit's bare hands/s; "
                  "1,000 players under 10 s; 10,000 under 2 minutes (one core).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
