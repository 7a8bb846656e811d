"""The command line as a user meets it: whole commands timed from the shell (issue 8).

    python bench/cli.py [--runs 7] [--quick] [--phh DIR] [--simulate-only]

Each command runs ``--runs`` times as a new process (start-up, imports and output included)
and its median and best wall times are printed beside the issue's target; the ratio is
target / median (at least 1.00 means the target is met). Commands that compute little must
answer in 0.2 s; ``icm`` in 0.3 s; exact ``equity AhAs KdKc`` in 0.5 s.

Two commands are measured against a peer in the same run:
- ``pokertd phh replay`` of 2,000 Pluribus hands (the dataset's hands copied over to make
  2,000 files), start-up included, against pokerkit's in-process ``HandHistory.load`` loop
  over the same files (its states iterated to the end of each hand). Target: 10x.
- ``pokertd simulate --players 1000`` (and 10,000 without ``--quick``), start-up included:
  its hands per second of wall time against pokerkit's rate of bare random six-max hands
  (bench/engine.py's run_pokerkit). Targets: 30x and 40x.

The machine has 2 cores and is noisy: medians of several runs, and the ratios are the figures
to compare. Not a test: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _common import console  # noqa: E402
from rich.table import Table  # noqa: E402

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
EXE = str(Path(sys.executable).with_name("pokertd"))


def wall(argv: list[str], runs: int, env: dict[str, str] | None = None,
         check: bool = True) -> tuple[list[float], str]:
    """Wall seconds of ``runs`` runs of ``argv`` and the last run's output."""
    times = []
    out = ""
    for _ in range(runs):
        t0 = time.perf_counter()
        proc = subprocess.run(argv, capture_output=True, text=True, env=env)
        times.append(time.perf_counter() - t0)
        if check and proc.returncode not in (0,):
            raise SystemExit(f"{' '.join(argv)} failed ({proc.returncode}): {proc.stderr[-500:]}")
        out = proc.stdout
    return times, out


def phh_source(given: str | None) -> Path | None:
    for d in ([Path(given)] if given else []) + [REPO / "tests" / "data" / "phh", REPO.parent / "shared" / "phh"]:
        if (d / "pluribus").is_dir():
            return d
    return None


def pluribus_copies(root: Path, dest: Path, count: int) -> list[Path]:
    """``count`` PHH files: the Pluribus hands of ``root``, copied over as often as needed."""
    hands = sorted((root / "pluribus").rglob("*.phh"))
    files = []
    for i in range(count):
        src = hands[i % len(hands)]
        out = dest / f"copy{i // len(hands)}" / src.parent.name / src.name
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, out)
        files.append(out)
    return files


def pokerkit_phh_loop(files: list[Path]) -> float | str:
    """Seconds of pokerkit loading and replaying every file in this process, or why not."""
    try:
        from pokerkit import HandHistory
    except ImportError as e:
        return f"pokerkit not installed ({e})"
    blobs = [f.read_bytes() for f in files]
    t0 = time.perf_counter()
    for blob in blobs:
        for _state in HandHistory.load(io.BytesIO(blob)):
            pass
    return time.perf_counter() - t0


def pokerkit_rate(seconds: float) -> float | str:
    """pokerkit's bare random six-max hands per second (bench/engine.py's driver), or why not."""
    from engine import Engine, race_engines, run_pokerkit  # bench/engine.py, beside this file
    driver = run_pokerkit(100_000, 2026)
    if not isinstance(driver, Engine):
        return driver.skipped or "pokerkit could not be driven"
    race_engines([driver], 100_000, seconds, slice_seconds=0.25)
    return driver.result.median


def prepare_store(tmp: Path) -> str:
    """A database holding a running 60-player event, an open one and an imported season."""
    db = str(tmp / "bench.db")

    def run(*args: str) -> None:
        proc = subprocess.run([EXE, *args, "--db", db], capture_output=True, text=True)
        if proc.returncode:
            raise SystemExit(f"setup: pokertd {' '.join(args)}: {proc.stderr}")

    run("tournament", "new", "Live", "--preset", "gananda")
    run("tournament", "register", "Live", *LIVE)
    run("tournament", "start", "Live")
    run("tournament", "new", "Open", "--preset", "gananda")
    rows = ["event,date,player,finish,buyins,rebuys,addons,knocked_out_by"]
    for e in range(8):             # 8 events of 20 league players; the winner knocks out all
        order = [f"L{(k + 3 * e) % 20:02d}" for k in range(20)]
        for place, player in enumerate(order, 1):
            rows.append(f"E{e},2014-10-{1 + 3 * e:02d},{player},{place},1,0,0,{'' if place == 1 else order[0]}")
    csv = tmp / "season.csv"
    csv.write_text("\n".join(rows) + "\n")
    run("league", "import", str(csv), "--season", "2014-15", "--preset", "gananda")
    return db


LIVE = [f"P{i:02d}" for i in range(60)]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=7, help="runs of each command (default 7)")
    p.add_argument("--quick", action="store_true", help="3 runs, no 10,000-player simulation")
    p.add_argument("--phh", default=None, help="PHH dataset folder (default tests/data/phh)")
    p.add_argument("--simulate-only", action="store_true",
                   help="only the simulate rows: pokerkit's rate and the simulations")
    args = p.parse_args(argv)
    runs = 3 if args.quick else args.runs
    if not os.path.exists(EXE):
        console.print(f"no pokertd command beside {sys.executable}")
        return 1

    rows: list[tuple[str, float, float, float, str]] = []   # command, median, best, target, note

    def add(label: str, times: list[float], target: float, note: str = "") -> None:
        rows.append((label, statistics.median(times), min(times), target, note))

    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        peers: list[tuple[str, str]] = []
        if not args.simulate_only:
            add("pokertd --help", wall([EXE, "--help"], runs)[0], 0.2)
            add("pokertd --version", wall([EXE, "--version"], runs)[0], 0.2)
            add("pokertd payouts --entrants 27 --pool 540 --format json",
                wall([EXE, "payouts", "--entrants", "27", "--pool", "540", "--structure", "gananda",
                      "--format", "json"], runs)[0], 0.2)
            for n in (3, 6, 10):
                stacks = ",".join(str(1000 * (i + 1)) for i in range(n))
                prizes = ",".join(str(10 * (n - i)) for i in range(n))
                add(f"pokertd icm ({n} players)", wall([EXE, "icm", "--stacks", stacks, "--prizes", prizes], runs)[0], 0.3)
            add("pokertd equity AhAs KdKc (exact)", wall([EXE, "equity", "AhAs", "KdKc", "--format", "json"], runs)[0], 0.5)

            db = prepare_store(tmp)
            live = LIVE
            add("pokertd tournament status (60 players)",
                wall([EXE, "tournament", "status", "Live", "--db", db], runs)[0], 0.2)
            add("pokertd tournament moves", wall([EXE, "tournament", "moves", "Live", "--db", db], runs)[0], 0.2)
            bust_times = []
            for i in range(runs):
                bust_times += wall([EXE, "tournament", "bust", "Live", live[59 - i], "--db", db], 1)[0]
            add("pokertd tournament bust", bust_times, 0.2)
            reg_times = []
            for i in range(runs):
                reg_times += wall([EXE, "tournament", "register", "Open", f"New{i}", "--db", db], 1)[0]
            add("pokertd tournament register", reg_times, 0.2)
            add("pokertd league standings (8 events)",
                wall([EXE, "league", "standings", "--season", "2014-15", "--db", db], runs)[0], 0.2)

            source = phh_source(args.phh)
            if source is None:
                console.print("PHH: no dataset found (tests/data/phh or ../shared/phh); use --phh")
            else:
                one = sorted((source / "pluribus").rglob("*.phh"))[0]
                add("pokertd phh replay (one file)", wall([EXE, "phh", "replay", str(one)], runs)[0], 0.2)
                files = pluribus_copies(source, tmp / "phh", 2000)
                ours, out = wall([EXE, "phh", "replay", str(tmp / "phh")], runs)
                ok = sum(1 for line in out.splitlines() if json.loads(line)["ok"])
                theirs = [pokerkit_phh_loop(files) for _ in range(min(runs, 3))]
                if isinstance(theirs[0], str):
                    peers.append(("phh replay, 2,000 Pluribus hands", f"ours {statistics.median(ours):.3f} s; "
                                                                       f"pokerkit: {theirs[0]}"))
                else:
                    pk = statistics.median(theirs)  # type: ignore[arg-type]
                    add("pokertd phh replay (2,000 hands)", ours, pk / 10,
                        f"{ok}/2000 ok; pokerkit in-process loop {pk:.3f} s; ours {pk / statistics.median(ours):.1f}x "
                        "(target 10x)")

        rate = pokerkit_rate(5.0 if not args.quick else 3.0)
        fields = [1000] if args.quick else [1000, 10000]
        for players, want in ((1000, 30), (10000, 40)):
            if players not in fields:
                continue
            times, out = wall([EXE, "simulate", "--players", str(players), "--seed", "11", "--format", "json"],
                              max(3, runs // 2) if players > 1000 else runs)
            hands = json.loads(out)["hands"]
            ours_rate = hands / statistics.median(times)
            if isinstance(rate, str):
                peers.append((f"simulate --players {players}", f"ours {ours_rate:,.0f} hands/s; pokerkit: {rate}"))
            else:
                pk_rate = rate
                add(f"pokertd simulate --players {players:,}", times, hands / (want * pk_rate),
                    f"{hands:,} hands, {ours_rate:,.0f} hands/s; pokerkit bare six-max {pk_rate:,.0f} hands/s; "
                    f"ours {ours_rate / pk_rate:.1f}x (target {want}x)")

    table = Table(title=f"pokertd commands, wall time of a whole process ({runs} runs; ratio = target / median)")
    for col, justify in (("command", "left"), ("median", "right"), ("best", "right"), ("target", "right"),
                         ("ratio", "right"), ("note", "left")):
        table.add_column(col, justify=justify)  # type: ignore[arg-type]
    for label, med, best, target, note in rows:
        ratio = target / med
        table.add_row(label, f"{med:.3f} s", f"{best:.3f} s", f"{target:.3f} s",
                      f"[{'green' if ratio >= 1 else 'red'}]{ratio:.2f}[/]", note)
    console.print(table)
    for label, note in peers:
        console.print(f"{label}: {note}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
