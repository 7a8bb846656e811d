"""The `pokertd league` commands through Typer's CliRunner: seasons, the Tournament of
Champions in every format, the publishable HTML standings page with the points-race chart, and
--db/--format on every command."""

from __future__ import annotations

import csv
import io
import json
import math
import re
from html.parser import HTMLParser
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
    assert done.exit_code == 2 and "database at" in done.stderr  # a read creates no database
    assert runner.invoke(app, ["tournament", "new", "T", "--db", store_url]).exit_code == 0
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


class _Page(HTMLParser):
    """The tags of a page and the text of its table cells."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.cells: list[str] = []
        self._in_td = False

    def handle_starttag(self, tag: str, attrs: list) -> None:
        self.tags.append(tag)
        self._in_td = tag == "td"
        if tag == "td":
            self.cells.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "td":
            self._in_td = False

    def handle_data(self, data: str) -> None:
        if self._in_td:
            self.cells[-1] += data


NASTY = "</svg><script>alert(1)</script> & co"


def _nasty_season(db: str, tmp_path: Path) -> None:
    text = HEADER + f"T1,2014-10-04,\"{NASTY}\",1,1,0,0,\nT1,2014-10-04,[/x],2,1,0,0,\"{NASTY}\"\nT1,2014-10-04,Cat,3,1,0,0,[/x]\n"
    _import(db, tmp_path, text, "s<b>")


def test_html_standings_page_holds_the_points_race_chart_inline(tmp_path: Path) -> None:
    """One publishable file: the standings table and the chart as inline SVG, every name escaped
    (in the table and in the chart's SVG)."""
    db = str(tmp_path / "l.db")
    _nasty_season(db, tmp_path)
    done = runner.invoke(app, ["league", "standings", "--format", "html", "--db", db])
    assert done.exit_code == 0, done.output
    page = done.output
    assert page.startswith("<!DOCTYPE html>") and page.count("<svg") == 1 and page.count("</svg>") == 1
    assert "<?xml" not in page and "svg11.dtd" not in page  # the SVG's prolog is not in the page
    assert page.index("</table>") < page.index("<figure>\n<svg") < page.index("</svg>\n<figcaption>")
    parsed = _Page()
    parsed.feed(page)
    assert "script" not in parsed.tags and "b" not in parsed.tags
    assert NASTY in parsed.cells and "[/x]" in parsed.cells
    assert "<title>s&lt;b&gt; standings</title>" in page
    assert "&lt;/svg&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; co" in page  # the legend, in the SVG
    done = runner.invoke(app, ["league", "standings", "--format", "html", "--no-chart", "--db", db])
    assert done.exit_code == 0 and "<svg" not in done.output and "<td>[/x]</td>" in done.output


def test_tables_print_names_as_text_not_rich_markup(tmp_path: Path) -> None:
    db = str(tmp_path / "l.db")
    _nasty_season(db, tmp_path)
    for command in (["standings"], ["toc"], ["seasons"]):
        done = runner.invoke(app, ["league", *command, "--db", db])
        assert done.exit_code == 0, (command, done.output)
    assert "[/x]" in runner.invoke(app, ["league", "standings", "--db", db]).output
    assert "s<b>" in runner.invoke(app, ["league", "seasons", "--db", db]).output


def test_gananda_toc_in_every_format(store_url: str, tmp_path: Path) -> None:
    """Gananda: TOC. Stacks by final standing, the pool ($50 a member plus $5 a buy-in) paid by
    the Gananda payout table (3 qualifiers: the 2-6 bracket, 70/30)."""
    _import(store_url, tmp_path, SEASON, "2014-15")
    pool = 3 * 50 + 6 * 5
    done = runner.invoke(app, ["league", "toc", "--format", "json", "--db", store_url])
    assert done.exit_code == 0, done.output
    result = json.loads(done.output)
    assert result["pool"] == pool and result["payouts"] == [126, 54]
    assert [(p["rank"], p["player"], p["stack"]) for p in result["players"]] == [
        (1, "Bob", 3400), (2, "Ann", 3300), (3, "Cat", 3200)]
    bob = 10 * math.sqrt(75) / 3 + 1 + 10 * math.sqrt(75) / 2 + 5
    done = runner.invoke(app, ["league", "toc", "--format", "csv", "--db", store_url])
    assert done.exit_code == 0, done.output
    rows = list(csv.DictReader(io.StringIO(done.output)))
    assert rows[0] == {"rank": "1", "player": "Bob", "points": f"{bob:.2f}", "events": "2", "stack": "3400"}
    assert [r["stack"] for r in rows] == ["3400", "3300", "3200"]
    done = runner.invoke(app, ["league", "toc", "--format", "html", "--db", store_url])
    assert done.exit_code == 0 and done.output.startswith("<!DOCTYPE html>")
    assert "<td>1</td><td>Bob</td>" in done.output and "<td>3,400</td>" in done.output
    assert "the prize pool is 180" in done.output and "<tr><td>1</td><td>126</td></tr>" in done.output
    done = runner.invoke(app, ["league", "toc", "--db", store_url])
    assert done.exit_code == 0 and "3,400" in done.output
    assert "pool 180, pays 126, 54" in " ".join(done.output.split())  # the title may wrap


@pytest.mark.parametrize("command", ["import", "add", "standings", "toc", "chart", "seasons"])
def test_every_league_command_takes_db(command: str) -> None:
    done = runner.invoke(app, ["league", command, "--help"])
    assert done.exit_code == 0 and "--db" in done.output


@pytest.mark.parametrize(("command", "formats"), [
    ("standings", "table, json, csv or html"), ("toc", "table, json, csv or html"), ("seasons", "table or json")])
def test_league_listing_commands_take_format(command: str, formats: str) -> None:
    done = runner.invoke(app, ["league", command, "--help"])
    assert done.exit_code == 0 and "--format" in done.output
    assert formats in " ".join(done.output.replace("│", " ").split())


def test_an_existing_season_keeps_its_settings_and_other_ones_are_refused(store_url: str, tmp_path: Path) -> None:
    _import(store_url, tmp_path, SEASON, "2014-15", "--formula", "linear")
    more = HEADER + "T3,2014-12-13,Cat,1,1,0,0,\nT3,2014-12-13,Ann,2,1,0,0,Cat\n"
    path = tmp_path / "more.csv"
    path.write_text(more)
    done = runner.invoke(app, ["league", "import", str(path), "--season", "2014-15", "--preset", "gananda",
                               "--db", store_url])
    assert done.exit_code == 2
    assert ("the season '2014-15' exists with other settings (formula 'n - f + 1' -> "
            "'10 * sqrt(n * b * b / e) / (f + 1)')") in " ".join(done.output.split())
    done = runner.invoke(app, ["league", "seasons", "--format", "json", "--db", store_url])
    assert json.loads(done.output)[0]["events"] == 2  # nothing stored
    # The same settings again, or none named: the events are added with the season's own settings.
    done = runner.invoke(app, ["league", "import", str(path), "--season", "2014-15", "--formula", "linear",
                               "--db", store_url])
    assert done.exit_code == 0, done.output
    done = runner.invoke(app, ["league", "standings", "--format", "json", "--db", store_url])
    # linear (n - f + 1) plus the Gananda knockout bonuses; T3: Cat 2 + 1 + 2 (Ann led) = 5.
    assert json.loads(done.output)[0] == {"rank": 1, "player": "Bob", "points": 11.0, "events": 2, "knockouts": 2}


def test_gananda_standings_json_ties_share_a_rank(tmp_path: Path) -> None:
    """Gananda: Standings. The JSON shape exactly; equal points share a rank and the next rank
    skips (1, 1, 3); tied players are listed by name."""
    db = str(tmp_path / "l.db")
    settings = tmp_path / "plain.toml"
    settings.write_text('formula = "n - f + 1"\nknockout_points = 0\nprevious_winner_bonus = 0\nleader_bonus = 0\n')
    text = HEADER + ("T1,2014-10-04,Bob,1,1,0,0,\nT1,2014-10-04,Ann,2,1,0,0,Bob\nT1,2014-10-04,Cat,3,1,0,0,Ann\n"
                     "T2,2014-11-08,Ann,1,1,0,0,\nT2,2014-11-08,Bob,2,1,0,0,Ann\nT2,2014-11-08,Cat,3,1,0,0,Bob\n")
    _import(db, tmp_path, text, "tie", "--preset", str(settings))
    done = runner.invoke(app, ["league", "standings", "--format", "json", "--db", db])
    assert done.exit_code == 0, done.output
    assert json.loads(done.output) == [  # 3 + 2 each for Ann and Bob, 1 + 1 for Cat
        {"rank": 1, "player": "Ann", "points": 5.0, "events": 2, "knockouts": 2},
        {"rank": 1, "player": "Bob", "points": 5.0, "events": 2, "knockouts": 2},
        {"rank": 3, "player": "Cat", "points": 2.0, "events": 2, "knockouts": 0},
    ]
    done = runner.invoke(app, ["league", "toc", "--format", "json", "--db", db])
    # Gananda: TOC. Tied players share the higher rank's stack.
    assert [p["stack"] for p in json.loads(done.output)["players"]] == [3400, 3400, 3200]
