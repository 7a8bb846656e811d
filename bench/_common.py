"""Shared helpers of the side-by-side benchmarks: timing, summaries and the printed table.

The machine is small and noisy, so every figure is a median and a best over several timed
runs (or chunks of one long run), and the comparison that matters is the ratio between
libraries measured in the same process, one after the other, on the same work.
"""

from __future__ import annotations

import gc
import os
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from rich.console import Console
from rich.table import Table

# Wide enough for the tables when output goes to a file or a pipe (Rich falls back to 80).
console = Console(highlight=False, width=int(os.environ.get("COLUMNS", "0")) or 170)


@dataclass
class Result:
    """One row of a benchmark table: a library doing one kind of work."""

    name: str
    unit: str                          # what a rate counts, per second: "hands", "showdowns", ...
    rates: list[float] = field(default_factory=list)   # one per timed run or chunk
    items: int = 0                     # items timed in total, over every run
    note: str = ""
    ok: bool | None = None             # the same work as ours (None: not checked)
    skipped: str | None = None         # why the row has no figure
    seconds: list[float] = field(default_factory=list)  # per call, for "ms per call" rows

    @property
    def median(self) -> float:
        return statistics.median(self.rates) if self.rates else float("nan")

    @property
    def best(self) -> float:
        return max(self.rates) if self.rates else float("nan")


def timed(fn: Callable[[], object]) -> tuple[float, object]:
    """Seconds taken by one call of ``fn`` (garbage collection off while it runs) and its result."""
    gc.collect()
    gc.disable()
    try:
        t0 = time.perf_counter()
        out = fn()
        dt = time.perf_counter() - t0
    finally:
        gc.enable()
    return dt, out


@dataclass
class Contender:
    """One library's share of a race: ``work(lo, hi)`` does items lo..hi-1 of its n."""

    result: Result
    work: Callable[[int, int], object]
    n: int
    passes: int = 1                    # at most this many passes over its n items
    whole: bool = False                # a batch call: every slice is all n items
    probe: int = 3                     # items timed once, untimed, to size its slices
    reset: Callable[[], None] | None = None   # called after that probe
    outputs: list = field(default_factory=list)  # what the first pass returned, in order


def race(contenders: Sequence[Contender], budget: float, slice_seconds: float, min_slices: int = 3) -> None:
    """Time the contenders interleaved: round after round each does its next slice of
    about ``slice_seconds``, so that a busy spell of the machine falls on all of them
    alike. One stops after ``passes`` passes over its items, or once it has had ``budget``
    seconds and ``min_slices`` slices. Each slice's rate is one sample in its Result."""
    size: dict[int, int] = {}
    pos: dict[int, int] = {}
    done_passes: dict[int, int] = {}
    spent: dict[int, float] = {}
    for c in contenders:
        k = id(c)
        if c.whole:
            size[k] = c.n
        else:
            m = max(1, min(c.n, c.probe))
            dt, _ = timed(lambda c=c, m=m: c.work(0, m))
            size[k] = max(1, min(c.n, int(slice_seconds * m / max(dt, 1e-9))))
        if c.reset is not None:
            c.reset()
        pos[k], done_passes[k], spent[k] = 0, 0, 0.0
    live = list(contenders)
    while live:
        for c in list(live):
            k = id(c)
            lo = pos[k]
            hi = min(c.n, lo + size[k])
            dt, out = timed(lambda c=c, lo=lo, hi=hi: c.work(lo, hi))
            if done_passes[k] == 0 and out is not None:
                c.outputs.extend(out)
            c.result.rates.append((hi - lo) / dt)
            c.result.items += hi - lo
            spent[k] += dt
            pos[k] = hi
            if hi >= c.n:
                pos[k] = 0
                done_passes[k] += 1
            slices = len(c.result.rates)
            if done_passes[k] >= c.passes or (spent[k] >= budget and slices >= min_slices):
                live.remove(c)


def fmt_rate(x: float) -> str:
    if x != x:  # nan
        return "-"
    for div, suffix in ((1e9, " G"), (1e6, " M"), (1e3, " k")):
        if x >= div:
            return f"{x / div:,.2f}{suffix}"
    return f"{x:,.1f}"


def fmt_ratio(x: float) -> str:
    if x != x or x == 0:
        return "-"
    return f"{x:,.3f}x" if x < 10 else f"{x:,.1f}x"


def print_rate_table(title: str, rows: Sequence[Result], refs: Sequence[tuple[str, Result]]) -> None:
    """Rates (median and best per second) and, for each reference row of ours, the ratio
    reference / row on medians: above 1 means ours is faster."""
    table = Table(title=title, title_justify="left")
    unit = next((r.unit.strip() for r in rows if r.unit), "items")
    table.add_column("library: work")
    table.add_column(f"median {unit}/s", justify="right")
    table.add_column(f"best {unit}/s", justify="right")
    for label, _ in refs:
        table.add_column(label, justify="right")
    table.add_column("timed", justify="right")
    table.add_column("same work", justify="center")
    table.add_column("note")
    for r in rows:
        if r.skipped:
            table.add_row(r.name, "-", "-", *["-" for _ in refs], "-", "-", f"skipped: {r.skipped}")
            continue
        ratios = [fmt_ratio(ref.median / r.median) if ref.rates and r.rates else "-" for _, ref in refs]
        ok = {None: "n/a", True: "yes", False: "NO"}[r.ok]
        table.add_row(r.name, fmt_rate(r.median), fmt_rate(r.best), *ratios,
                      f"{r.items:,}", ok, r.note)
    console.print(table)


def print_time_table(title: str, rows: Sequence[Result], ref: Result, ref_label: str) -> None:
    """Milliseconds per call (median and best) and the ratio row / ours on medians: above 1
    means ours is faster."""
    table = Table(title=title, title_justify="left")
    table.add_column("library: work")
    table.add_column("median ms", justify="right")
    table.add_column("best ms", justify="right")
    table.add_column(ref_label, justify="right")
    table.add_column("calls", justify="right")
    table.add_column("same result", justify="center")
    table.add_column("note")
    ref_ms = statistics.median(ref.seconds) * 1e3 if ref.seconds else float("nan")
    for r in rows:
        if r.skipped:
            table.add_row(r.name, "-", "-", "-", "-", "-", f"skipped: {r.skipped}")
            continue
        med = statistics.median(r.seconds) * 1e3
        best = min(r.seconds) * 1e3
        ratio = fmt_ratio(med / ref_ms) if ref.seconds else "-"
        ok = {None: "n/a", True: "yes", False: "NO"}[r.ok]
        table.add_row(r.name, f"{med:,.3f}", f"{best:,.3f}", ratio, str(len(r.seconds)), ok, r.note)
    console.print(table)
