"""bench/load.py (issue 13, Load) in its smallest configuration for a few seconds, so that the
benchmark cannot rot: a real `pokertd serve`, a dealt multi-table event, a sit-and-go, a live
event run by a director through the console API and a cash table, all played by bot clients
over websockets; at the end every table, tournament and dealt event equals the replay of its
log. No timing is asserted: only that the run did its work without an error."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[1] / "bench" / "load.py"


def test_load_benchmark_smallest_run_has_no_error_and_every_state_equals_its_replay(
        tmp_path: Path) -> None:
    out = tmp_path / "load.json"
    run = subprocess.run(
        [sys.executable, str(BENCH), "--quick", "--minutes", "0.1", "--warmup", "0.05",
         "--mtt-size", "8", "--table-size", "4", "--live-players", "12", "--cash", "1",
         "--rail", "2", "--pause", "0.2", "--command-interval", "0.2",
         "--db", str(tmp_path / "load.db"), "--json", str(out)],
        capture_output=True, text=True, timeout=180)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    report = json.loads(out.read_text())
    assert report["ok"] and report["errors"] == 0, report["first_errors"]
    assert report["actions"] > 0 and report["latency"]["count"] > 0
    assert report["commands"]["count"] > 0            # the live director's commands
    checks = report["checks"]
    assert checks["mismatches"] == []
    # 2 tables of the multi-table event, the sit-and-go's, the cash table; 3 tournaments.
    assert checks["tables"] >= 4
    assert checks["tournaments"] >= 3 and checks["dealt_events"] >= 2


def _bench_module(name: str):  # type: ignore[no-untyped-def]
    import importlib

    sys.path.insert(0, str(BENCH.parent))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(BENCH.parent))


def test_latency_histogram_quantiles_within_one_percent_and_exact_maximum() -> None:
    h = _bench_module("_table_clients").Histogram()
    for k in range(1, 1001):
        h.add(k / 1000)                       # 1 ms .. 1 s
    assert h.n == 1000 and h.max == 1.0
    assert abs(h.quantile(0.5) - 0.5) <= 0.5 * 0.011
    assert abs(h.quantile(0.99) - 0.99) <= 0.99 * 0.011


def test_replay_comparison_names_the_first_difference() -> None:
    diff = _bench_module("load")._diff
    served = {"seats": [{"stack": 990}, {"stack": 1010}], "version": 7}
    assert diff(served, json.loads(json.dumps(served))) is None
    replayed = {"seats": [{"stack": 990}, {"stack": 1000}], "version": 7}
    assert diff(served, replayed) == ".seats[1].stack: 1010 (server) against 1000 (replay)"
