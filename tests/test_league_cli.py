"""The `pokertd league` commands through Typer's CliRunner: seasons, the Tournament of
Champions in every format, the publishable HTML standings page with the points-race chart, and
--db/--format on every command."""

from __future__ import annotations

import csv
import io
import json
import math
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokertd.cli.app import app

runner = CliRunner()
HEADER = "event,date,player,finish,buyins,rebuys,addons,knocked_out_by\n"
SEASON = HEADER + """T1,2014-10-04,Ann,1,1,0,0,
T1,2014-10-04,Bob,2,1,0,0,Ann
T1,2014-10-04,Cat,3,1,0,0,Bob
T2,2014-11-08,Bob,1,1,0,0,
T2,2014-11-08,Ann,2,1,0,0,Bob
T2,2014-11-08,Cat,3,1,0,0,Ann
"""


def _import(db: str, tmp_path: Path, text: str, season: str, *extra: str) -> None:
    path = tmp_path / f"{season}.csv"
    path.write_text(text)
    done = runner.invoke(app, ["league", "import", str(path), "--season", season, "--db", db, *extra])
    assert done.exit_code == 0, done.output


def test_league_seasons_lists_events_players_and_pools(store_url: str, tmp_path: Path) -> None:
    """Gananda: TOC pool so far: $50 a member plus $5 of each buy-in."""
    done = runner.invoke(app, ["league", "seasons", "--db", store_url])
    assert done.exit_code == 0 and "No seasons yet" in done.output
    _import(store_url, tmp_path, SEASON, "2014-15")
    subs = HEADER.rstrip("\n") + ",substitute\nS1,2015-10-03,Dan,1,1,0,0,,\nS1,2015-10-03,Sub,2,1,0,0,Dan,yes\n"
    _import(store_url, tmp_path, subs, "2015-16")
    done = runner.invoke(app, ["league", "seasons", "--format", "json", "--db", store_url])
    assert done.exit_code == 0, done.output
    assert json.loads(done.output) == [
        {"season": "2014-15", "events": 2, "players": 3, "pool": 3 * 50 + 6 * 5,
         "last_event": "T2", "last_date": "2014-11-08"},
        # the sub is no member (no league fee) but the sub's buy-in adds $5
        {"season": "2015-16", "events": 1, "players": 1, "pool": 50 + 2 * 5,
         "last_event": "S1", "last_date": "2015-10-03"},
    ]
    done = runner.invoke(app, ["league", "seasons", "--db", store_url])
    assert done.exit_code == 0
    assert re.search(r"2014-15\s*│\s*2\s*│\s*3\s*│\s*180\s*│\s*T2", done.output), done.output
    done = runner.invoke(app, ["league", "seasons", "--format", "xml", "--db", store_url])
    assert done.exit_code == 2
