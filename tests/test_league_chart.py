"""The points race chart: the numbers behind it and the PNG/SVG files."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokertd.cli.app import app
from pokertd.league.chart import points_race, race_chart
from pokertd.league.season import GANANDA, Event, LeagueError, Result, Season


def _season() -> Season:
    return Season("s", GANANDA, [
        Event("T1", (Result("Ann", 1), Result("Bob", 2, knocked_out_by="Ann"))),
        Event("T2", (Result("Cat", 1), Result("Bob", 2), Result("Ann", 3, knocked_out_by="Cat"))),
    ])


def test_points_race_is_the_standings_after_each_event() -> None:
    race = points_race(_season())
    one = 10 * math.sqrt(2 * 25) / 2 + 1  # Ann wins T1 of 2 and knocks out Bob
    assert race["Ann"] == pytest.approx([one, one + 10 * math.sqrt(3 * 25) / 4])
    assert race["Cat"][0] == 0.0  # not yet in the standings after T1
    assert list(race) == ["Ann", "Bob", "Cat"]  # the final standings order
    assert list(points_race(_season(), top=1)) == ["Ann"]


def test_race_chart_png_and_svg() -> None:
    assert race_chart(_season(), "png").startswith(b"\x89PNG\r\n\x1a\n")
    svg = race_chart(_season(), "svg")
    assert b"<svg" in svg and b"</svg>" in svg
    with pytest.raises(LeagueError, match="chart format must be one of png, svg"):
        race_chart(_season(), "gif")
    with pytest.raises(LeagueError, match="has no events to chart"):
        race_chart(Season("empty"), "png")


def test_cli_chart(tmp_path: Path) -> None:
    db = str(tmp_path / "l.db")
    csv_file = tmp_path / "s.csv"
    csv_file.write_text("event,date,player,finish,buyins,rebuys,addons,knocked_out_by\n"
                        "T1,2014-10-04,Ann,1,1,0,0,\nT1,2014-10-04,Bob,2,1,0,0,Ann\n")
    runner = CliRunner()
    assert runner.invoke(app, ["league", "import", str(csv_file), "--db", db]).exit_code == 0
    out = tmp_path / "race.svg"
    done = runner.invoke(app, ["league", "chart", str(out), "--db", db])
    assert done.exit_code == 0, done.output
    assert b"<svg" in out.read_bytes()
    done = runner.invoke(app, ["league", "chart", str(tmp_path / "race.gif"), "--db", db])
    assert done.exit_code == 2 and "chart format must be one of png, svg" in done.output


def test_chart_names_are_text_not_mathtext_and_underscore_names_are_in_the_legend() -> None:
    """A player named like matplotlib mathtext ("a$\\unknowncmd$b") would make the chart fail,
    and a label starting with "_" would be dropped from the legend; both are plain names here."""
    season = Season("s", GANANDA, [Event("T1", (Result("a$\\unknowncmd$b", 1), Result("_under", 2)))])
    svg = race_chart(season, "svg")
    assert b"<!-- _under -->" in svg
    assert b"<!-- a$\\unknowncmd$b -->" in svg
    assert race_chart(season, "png").startswith(b"\x89PNG")
