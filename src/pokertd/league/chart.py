"""The points race of a season as a chart (PNG or SVG bytes; matplotlib, Agg backend).

One line per player (the ``top`` players of the final standings): their season points after
each event, the same numbers as :func:`~pokertd.league.standings.standings_history`. A player
not yet in the standings has 0 points. Returns bytes; writing them is the caller's business.
"""

from __future__ import annotations

import io

from .season import LeagueError, Season
from .standings import standings_history

__all__ = ["FORMATS", "points_race", "race_chart", "race_svg_element"]

FORMATS = ("png", "svg")


def points_race(season: Season, top: int = 10) -> dict[str, list[float]]:
    """Season points after each event for the ``top`` players of the final standings."""
    history = standings_history(season)
    if not history:
        raise LeagueError(f"season {season.name!r} has no events to chart")
    players = [s.player for s in history[-1][:top]]
    race: dict[str, list[float]] = {p: [] for p in players}
    for after in history:
        points = {s.player: s.points for s in after}
        for p in players:
            race[p].append(points.get(p, 0.0))
    return race


def race_chart(season: Season, fmt: str = "png", top: int = 10) -> bytes:
    """The points race as ``fmt`` (png or svg) bytes."""
    if fmt not in FORMATS:
        raise LeagueError(f"chart format must be one of {', '.join(FORMATS)}, got {fmt!r}")
    if top < 1:
        raise LeagueError(f"--top must be at least 1, got {top}")
    race = points_race(season, top)
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    # Player and season names are text, never mathtext ("$5 Joe", "a$b$"), and a name starting
    # with "_" is still in the legend (the handles and labels are given explicitly).
    with matplotlib.rc_context({"text.parse_math": False, "svg.hashsalt": "pokertd", "svg.fonttype": "path"}):
        figure = Figure(figsize=(10, 6), dpi=100)
        axes = figure.subplots()
        names = [e.name for e in season.events]
        xs = list(range(1, len(names) + 1))
        lines = [axes.plot(xs, points, marker="o")[0] for points in race.values()]
        axes.set_xticks(xs, names, rotation=30 if len(names) > 6 else 0)
        axes.set_xlabel("after event")
        best = "every event" if season.config.best_of is None else f"best {season.config.best_of}"
        axes.set_ylabel(f"season points ({best})")
        axes.set_title(f"{season.name}: the points race")
        axes.grid(True, alpha=0.3)
        axes.legend(lines, list(race), loc="upper left", fontsize="small")
        figure.tight_layout()
        out = io.BytesIO()
        figure.savefig(out, format=fmt, metadata={"Date": None} if fmt == "svg" else None)
    return out.getvalue()


def race_svg_element(season: Season, top: int = 10) -> str:
    """The points race as an ``<svg>`` element to put inline in an HTML page (no XML prolog or
    DOCTYPE; the text is drawn as paths and the names in comments are escaped by matplotlib)."""
    svg = race_chart(season, "svg", top).decode("utf-8")
    return svg[svg.index("<svg"):].strip()
