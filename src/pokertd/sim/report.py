"""A forecast report (issue 15): one or more :class:`~pokertd.sim.forecast.Forecast` side by
side (field sizes, structures), on a clock that starts at ``start``, with a target time.

:class:`Report` turns seconds from the start into times of day and gives the report as plain
data (:meth:`Report.to_dict`), a self-contained HTML page (:func:`html_page`, the chart inline
as SVG) or the chart alone (:func:`chart`, PNG or SVG bytes; matplotlib, imported only here,
Agg backend): players left against the time of day with the 10th-90th percentile band, the
bubble and the final table marked at their medians with their bands, and the average stack in
big blinds after each level.
"""

from __future__ import annotations

import html
import io
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from pokertd.sim.forecast import Forecast, ForecastError, Spread

__all__ = ["Report", "chart", "html_page", "time_of_day"]

COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b")


def time_of_day(text: str, after: datetime | None = None) -> datetime:
    """``HH:MM`` (today; with ``after``, the first such time after it) or
    ``YYYY-MM-DD HH:MM``."""
    from datetime import time

    text = text.strip()
    try:
        if len(text) <= 5:
            hh, mm = text.split(":")
            t = time(int(hh), int(mm))
        else:
            return datetime.fromisoformat(text)
    except ValueError:
        raise ForecastError(f"{text!r}: a time of day HH:MM (e.g. 23:00) or a date and time "
                            "YYYY-MM-DD HH:MM") from None
    if after is None:
        return datetime.combine(datetime.now().date(), t)
    day = datetime.combine(after.date(), t)
    return day if day > after else day + timedelta(days=1)


@dataclass(frozen=True)
class Report:
    forecasts: tuple[Forecast, ...]
    start: datetime
    finish_by: datetime | None = None

    @property
    def target(self) -> float | None:
        """The target as seconds from the start."""
        if self.finish_by is None:
            return None
        return (self.finish_by - self.start).total_seconds()

    def at(self, seconds: float) -> datetime:
        return self.start + timedelta(seconds=seconds)

    def clock(self, seconds: float) -> str:
        """The time of day ``seconds`` after the start, to the minute; ``+1d`` on the next
        day and so on."""
        t = self.at(round(seconds / 60) * 60)
        days = (t.date() - self.start.date()).days
        return t.strftime("%H:%M") + (f" +{days}d" if days else "")

    def chance(self, f: Forecast) -> float | None:
        target = self.target
        return None if target is None else f.chance_by(target)

    def to_dict(self) -> dict[str, Any]:
        out = []
        for f in self.forecasts:
            d = f.to_dict()
            for key, spread in (("bubble", f.bubble_seconds), ("final_table",
                                f.final_table_seconds), ("end", f.end_seconds)):
                d[key]["time"] = {k: self.clock(v) for k, v in (
                    ("p10", spread.p10), ("p50", spread.p50), ("p90", spread.p90))}
            d["chance_by_target"] = self.chance(f)
            out.append(d)
        return {"start": self.start.isoformat(timespec="minutes"),
                "finish_by": None if self.finish_by is None
                else self.finish_by.isoformat(timespec="minutes"),
                "assumptions": self.forecasts[0].assumptions.describe(),
                "forecasts": out}


# --- the chart -------------------------------------------------------------------------------

def chart(report: Report, fmt: str = "png") -> bytes:
    """The report's chart as ``fmt`` (png or svg) bytes."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import FuncFormatter

    fig, (top, bottom) = plt.subplots(2, 1, figsize=(10, 7.5), sharex=True,
                                      gridspec_kw={"height_ratios": [3, 2]})
    hours = FuncFormatter(lambda x, _: report.clock(x * 3600))
    for k, f in enumerate(report.forecasts):
        colour = COLOURS[k % len(COLOURS)]
        x = [b[0] / 3600 for b in f.band]
        top.fill_between(x, [b[1] for b in f.band], [b[3] for b in f.band], color=colour,
                         alpha=0.18, linewidth=0)
        top.plot(x, [b[2] for b in f.band], color=colour, linewidth=2,
                 label=f"{f.label}: players left (median, 10-90% band)")
        for spread, style, what, height in ((f.bubble_seconds, "--", "bubble", 0.92),
                                            (f.final_table_seconds, ":", "final table", 0.82),
                                            (f.end_seconds, "-.", "end", 0.72)):
            top.axvline(spread.p50 / 3600, color=colour, linestyle=style, linewidth=1.2)
            y = f.players * height
            top.plot([spread.p10 / 3600, spread.p90 / 3600], [y, y], color=colour,
                     linewidth=4, alpha=0.5, solid_capstyle="butt")
            top.annotate(f"{what} {report.clock(spread.p50)}", (spread.p50 / 3600, y),
                         xytext=(4, 4), textcoords="offset points", fontsize=8, color=colour)
        rows = [r for r in f.levels if r.ends is not None and r.average_big_blinds is not None]
        if rows:
            bx = [r.ends.p50 / 3600 for r in rows]  # type: ignore[union-attr]
            bottom.fill_between(bx, [r.average_big_blinds.p10 for r in rows],  # type: ignore[union-attr]
                                [r.average_big_blinds.p90 for r in rows],  # type: ignore[union-attr]
                                color=colour, alpha=0.18, linewidth=0, step="post")
            bottom.step(bx, [r.average_big_blinds.p50 for r in rows],  # type: ignore[union-attr]
                        where="post", color=colour, linewidth=2, label=f.label)
    target = report.target
    # To the latest 90th percentile of the ends (or the target): the longest runs' tails
    # would squeeze the rest.
    right = max([f.end_seconds.p90 for f in report.forecasts] + [target or 0]) * 1.08
    top.set_xlim(left=-0.02 * right / 3600, right=right / 3600)
    for ax in (top, bottom):
        if target is not None:
            ax.axvline(target / 3600, color="black", linewidth=1.5)
        ax.grid(True, alpha=0.3)
    if target is not None:
        top.annotate(f"target {report.clock(target)}", (target / 3600, 0),
                     xytext=(4, 4), textcoords="offset points", fontsize=8)
    top.set_ylabel("players left")
    top.set_ylim(bottom=0)
    top.legend(fontsize=8, loc="upper right")
    top.set_title("Players left against the time of day; medians and 10-90% bands of the "
                  "bubble (dashed), final table (dotted) and end (dash-dot)", fontsize=10)
    bottom.set_ylabel("average stack (big blinds)\nafter each level")
    bottom.set_yscale("log")
    bottom.xaxis.set_major_formatter(hours)
    bottom.set_xlabel(f"time of day (start {report.clock(0)})")
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format=fmt, dpi=110)
    plt.close(fig)
    return buf.getvalue()


# --- the HTML page ---------------------------------------------------------------------------

def _spread_cells(report: Report, s: Spread | None, kind: str) -> str:
    if s is None:
        return "<td>–</td><td>–</td><td>–</td>"
    if kind == "time":
        vals = [report.clock(v) for v in (s.p10, s.p50, s.p90)]
    else:
        vals = [f"{v:,.0f}" for v in (s.p10, s.p50, s.p90)]
    return "".join(f"<td>{html.escape(v)}</td>" for v in vals)


def _summary(report: Report, f: Forecast) -> str:
    rows = [("hands dealt", f.hands, "n"),
            ("bubble: the money reached", f.bubble_seconds, "time"),
            ("bubble level", f.bubble_level, "n"),
            ("final table forms", f.final_table_seconds, "time"),
            ("final table level", f.final_table_level, "n"),
            ("the event ends", f.end_seconds, "time"),
            ("last level", f.end_level, "n")]
    body = "".join(f"<tr><th>{html.escape(name)}</th>{_spread_cells(report, s, kind)}</tr>"
                   for name, s, kind in rows)
    chance = report.chance(f)
    extra = ""
    if chance is not None:
        extra = (f"<p class='chance'>Finishes by {html.escape(report.clock(report.target or 0))}"
                 f": <b>{chance:.0%}</b> of the runs.</p>")
    return (f"<table class='summary'><thead><tr><th></th><th>10%</th><th>50%</th><th>90%</th>"
            f"</tr></thead><tbody>{body}</tbody></table>{extra}")


def _bb(x: float) -> str:
    return f"{x:,.0f}" if x >= 10 else f"{x:.1f}"


def _levels(report: Report, f: Forecast) -> str:
    head = ("<tr><th>level</th><th>blinds</th><th>ends (median)</th><th>runs playing</th>"
            "<th>players left 10% / 50% / 90%</th><th>average stack, big blinds 10% / 50% / "
            "90%</th></tr>")
    body = []
    runs = f.assumptions.runs
    for r in f.levels:
        blinds = f"{r.small_blind:,}/{r.big_blind:,}" + (f" ante {r.ante:,}" if r.ante else "")
        ends = report.clock(r.ends.p50) if r.ends is not None else "–"
        left = f"{r.players_left.p10:,.0f} / {r.players_left.p50:,.0f} / {r.players_left.p90:,.0f}"
        bb = r.average_big_blinds
        stack = "–" if bb is None else " / ".join(_bb(x) for x in (bb.p10, bb.p50, bb.p90))
        body.append(f"<tr><td>{r.level}</td><td>{blinds}</td><td>{html.escape(ends)}</td>"
                    f"<td>{r.playing / runs:.0%}</td><td>{left}</td><td>{stack}</td></tr>")
    return f"<table class='levels'><thead>{head}</thead><tbody>{''.join(body)}</tbody></table>"


def _comparison(report: Report) -> str:
    """One row a forecast: the medians (10%-90%) of the bubble, final table and end, and
    the chance of finishing by the target."""
    def cell(s: Spread) -> str:
        return (f"{html.escape(report.clock(s.p50))} <small>({html.escape(report.clock(s.p10))}"
                f"–{html.escape(report.clock(s.p90))})</small>")
    target = report.target
    head = ("<tr><th>forecast</th><th>bubble</th><th>final table</th><th>end</th>"
            + (f"<th>by {html.escape(report.clock(target))}</th>" if target is not None else "")
            + "</tr>")
    rows = []
    for f in report.forecasts:
        chance = report.chance(f)
        rows.append(f"<tr><th>{html.escape(f.label)}</th><td>{cell(f.bubble_seconds)}</td>"
                    f"<td>{cell(f.final_table_seconds)}</td><td>{cell(f.end_seconds)}</td>"
                    + (f"<td><b>{chance:.0%}</b></td>" if chance is not None else "") + "</tr>")
    return (f"<table class='comparison'><thead>{head}</thead><tbody>{''.join(rows)}</tbody>"
            "</table>")


def html_page(report: Report) -> str:
    """The whole report as one self-contained HTML page."""
    svg = chart(report, "svg").decode("utf-8")
    svg = svg[svg.index("<svg"):]
    first = report.forecasts[0]
    title = "Forecast: " + " · ".join(f.label for f in report.forecasts)
    sections = []
    for f in report.forecasts:
        sections.append(
            f"<section><h2>{html.escape(f.label)}</h2><p>{f.players:,} players, {f.paid:,} "
            f"paid; structure {html.escape(f.structure.name)}.</p>{_summary(report, f)}"
            f"<h3>By level</h3>{_levels(report, f)}</section>")
    target = ("" if report.finish_by is None
              else f" Target: finish by {html.escape(report.clock(report.target or 0))}.")
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>{html.escape(title)}</title>
<style>
body {{ font-family: system-ui, sans-serif; margin: 1.5rem auto; max-width: 70rem; color: #222; }}
h1 {{ font-size: 1.4rem; }} h2 {{ font-size: 1.15rem; margin-top: 2rem; }}
table {{ border-collapse: collapse; margin: .5rem 0; }}
th, td {{ border-bottom: 1px solid #ddd; padding: .25rem .6rem; text-align: right; }}
th:first-child {{ text-align: left; }}
.assumptions {{ background: #f5f5f5; padding: .6rem .8rem; border-radius: 4px; }}
.chance b {{ font-size: 1.1rem; }}
.chart svg {{ width: 100%; height: auto; }}
</style></head><body>
<h1>{html.escape(title)}</h1>
<p>Start {html.escape(report.clock(0))} ({html.escape(report.start.strftime("%Y-%m-%d"))}).{target}</p>
<p class="assumptions">Assumptions: {html.escape(first.assumptions.describe())}.</p>
{_comparison(report) if len(report.forecasts) > 1 else ""}
<div class="chart">{svg}</div>
{''.join(sections)}
</body></html>
"""
