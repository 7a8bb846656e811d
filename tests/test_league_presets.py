"""League configuration as data: the shipped season presets (the Gananda season as a TOML file)
and the points formula presets, loaded, validated and used from the command line."""

from __future__ import annotations

import json
import math
import tomllib
from dataclasses import replace
from importlib import resources
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pokertd.cli.app import app
from pokertd.league.formula import ABOUT, PRESETS as FORMULAS, preset
from pokertd.league.season import (GANANDA, PRESETS, Event, LeagueError, Result, Season, SeasonConfig,
                                   parse_season_config, season_preset, season_presets)
from pokertd.league.standings import standings, toc

runner = CliRunner()
HEADER = "event,date,player,finish,buyins,rebuys,addons,knocked_out_by\n"


def test_gananda_season_preset_is_the_shipped_toml_file() -> None:
    """Gananda: Cost, Gananda: Points, Gananda: TOC: the preset is data in the package, read with
    importlib.resources, and holds the rules' numbers."""
    text = (resources.files("pokertd.league") / "presets" / "gananda.toml").read_text(encoding="utf-8")
    assert SeasonConfig.from_dict(tomllib.loads(text)) == GANANDA == season_preset("gananda") == PRESETS["gananda"]
    assert GANANDA.formula == "10 * sqrt(n * b * b / e) / (f + 1)"  # Gananda: Points
    assert (GANANDA.buy_in, GANANDA.toc_contribution, GANANDA.league_fee) == (25, 5, 50)  # Gananda: Cost
    assert (GANANDA.knockout_points, GANANDA.previous_winner_bonus, GANANDA.leader_bonus) == (1, 2, 2)
    assert GANANDA.best_of == 7
    assert (GANANDA.toc_min_events, GANANDA.toc_top_n, GANANDA.toc_other_stack) == (3, 20, 1000)  # Gananda: TOC
    assert GANANDA.toc_top_stacks == tuple(range(3400, 1499, -100))
    assert GANANDA.payouts == "gananda"  # Gananda: Payout


def test_season_presets_are_every_toml_file_and_an_unknown_name_lists_them() -> None:
    folder = resources.files("pokertd.league") / "presets"
    assert season_presets() == tuple(sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml")))
    assert "gananda" in season_presets()
    with pytest.raises(LeagueError, match=r"^no season preset named 'nope' \(presets: gananda\)$"):
        season_preset("nope")


def test_a_season_config_in_code_needs_formula_buy_in_and_payouts_and_the_rest_is_none() -> None:
    """Without a preset nothing Gananda-specific is assumed: every event counts, no bonuses, no
    fees, every player in the standings plays the TOC with the same stack."""
    plain = SeasonConfig("n - f + 1", 10, "gananda")
    events = [Event(f"E{i}", (Result("Ann", 1), Result("Bob", 2, knocked_out_by="Ann"))) for i in range(9)]
    season = Season("plain", plain, events)
    rows = standings(season)
    assert [(r.player, r.points) for r in rows] == [("Ann", 18.0), ("Bob", 9.0)]  # all 9 events, no bonus
    result = toc(season)
    assert [(s.player, s.stack) for s in result.seats] == [("Ann", 1500), ("Bob", 1500)]
    assert result.pool == 0
    with pytest.raises(TypeError):
        SeasonConfig("n")  # type: ignore[call-arg]


@pytest.mark.parametrize(("data", "problem"), [
    ({"buy_in": 25}, "missing season settings: formula, payouts"),
    ({**GANANDA.to_dict(), "colour": "red"}, "unknown season settings: colour (settings: formula, buy_in, payouts"),
    ({**GANANDA.to_dict(), "knockout_points": "one"}, "knockout_points must be a number, got 'one'"),
    ({**GANANDA.to_dict(), "leader_bonus": float("nan")}, "leader_bonus must be a number, got nan"),
    ({**GANANDA.to_dict(), "best_of": 0}, "best_of must be a whole number of at least 1, got 0"),
    ({**GANANDA.to_dict(), "toc_top_stacks": "3400"}, "toc_top_stacks must be a list of stacks, got '3400'"),
    ({**GANANDA.to_dict(), "toc_top_stacks": [3400, 0]}, "a TOC starting stack must be a whole number of at least 1, got 0"),
    ({**GANANDA.to_dict(), "payouts": "nope"}, "payouts 'nope': no payout preset named 'nope'"),
    ({**GANANDA.to_dict(), "toc_contribution": 30}, "the TOC contribution (30) exceeds the buy-in (25)"),
    ({**GANANDA.to_dict(), "formula": "10 * sqr(n)"}, "points formula '10 * sqr(n)': position 6: unknown function 'sqr'"),
])
def test_bad_season_settings_are_refused_with_the_setting_named(data: dict, problem: str) -> None:
    with pytest.raises(LeagueError) as refused:
        SeasonConfig.from_dict(data)
    assert str(refused.value).startswith(problem), str(refused.value)


def test_a_league_file_starts_from_a_named_preset() -> None:
    config = parse_season_config('preset = "gananda"\nbest_of = 9\nformula = "n - f + 1"\n', ".toml")
    assert config == replace(GANANDA, best_of=9, formula="n - f + 1")
    assert parse_season_config('{"league_fee": 40}', ".json") == replace(GANANDA, league_fee=40)
    with pytest.raises(LeagueError, match=r"no season preset named 'other' \(presets: gananda\)"):
        parse_season_config('preset = "other"\n', ".toml")
    with pytest.raises(LeagueError, match="season configuration: expected a table of settings"):
        parse_season_config("[1, 2]", ".json")
    with pytest.raises(LeagueError, match="season configuration: unknown season settings: colour"):
        parse_season_config('colour = "red"\n', ".toml")


def test_formula_presets_are_the_shipped_data_file() -> None:
    data = tomllib.loads((resources.files("pokertd.league") / "formulas.toml").read_text(encoding="utf-8"))
    assert FORMULAS == {name: entry["formula"] for name, entry in data.items()}
    assert ABOUT == {name: entry["about"] for name, entry in data.items()}
    assert {"gananda", "linear", "square-root", "logarithmic", "fixed-list", "fixed-list-10"} <= set(FORMULAS)
    assert FORMULAS["gananda"] == GANANDA.formula  # Gananda: Points


@pytest.mark.parametrize("name", sorted(FORMULAS))
def test_every_formula_preset_rewards_a_better_finish(name: str) -> None:
    """Over fields of 2 to 54 players, a better finish never scores less, and the winner scores
    more than last place."""
    formula = preset(name)
    for n in range(2, 55):
        points = [formula.evaluate(n=n, b=25, e=25, f=f) for f in range(1, n + 1)]
        assert all(a >= b for a, b in zip(points, points[1:])), (n, points)
        assert points[0] > points[-1] >= 0


@pytest.mark.parametrize(("name", "n", "finishes", "points"), [
    ("gananda", 10, (1, 2, 10), (10 * math.sqrt(250) / 2, 10 * math.sqrt(250) / 3, 10 * math.sqrt(250) / 11)),
    ("linear", 10, (1, 2, 10), (10, 9, 1)),
    ("square-root", 16, (1, 4, 16), (40, 20, 10)),
    ("logarithmic", 9, (1, 10, 5), (10, 0, 10 * math.log10(2))),
    ("fixed-list", 10, (1, 2, 3, 4, 7, 8, 10), (10, 7, 5, 4, 1, 0, 0)),
    ("fixed-list-10", 12, (1, 2, 3, 10, 11), (25, 18, 15, 1, 0)),
])
def test_formula_preset_values(name: str, n: int, finishes: tuple, points: tuple) -> None:
    formula = preset(name)
    assert [formula.evaluate(n=n, b=25, e=25, f=f) for f in finishes] == pytest.approx(list(points))


def _write(tmp_path: Path, text: str, name: str = "s.csv") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


GOOD = HEADER + "T1,2014-10-04,Ann,1,1,0,0,\nT1,2014-10-04,Bob,2,1,0,0,Ann\nT1,2014-10-04,Cat,3,1,0,0,Ann\n"


def test_cli_unknown_preset_lists_the_presets(tmp_path: Path) -> None:
    db = str(tmp_path / "l.db")
    path = _write(tmp_path, GOOD)
    done = runner.invoke(app, ["league", "import", str(path), "--preset", "nope", "--db", db])
    assert done.exit_code == 2
    assert "no season preset named 'nope' (presets: gananda)" in done.output
    done = runner.invoke(app, ["league", "import", str(path), "--preset", "missing.toml", "--db", db])
    assert done.exit_code == 2 and "cannot read missing.toml" in done.output
    done = runner.invoke(app, ["league", "seasons", "--format", "json", "--db", db])
    assert json.loads(done.output) == []  # nothing was stored


def test_cli_formula_preset_by_name(tmp_path: Path) -> None:
    """--formula fixed-list-10 (25, 18, 15, ...) plus the Gananda knockout point."""
    db = str(tmp_path / "l.db")
    path = _write(tmp_path, GOOD)
    done = runner.invoke(app, ["league", "import", str(path), "--formula", "fixed-list-10", "--db", db])
    assert done.exit_code == 0, done.output
    rows = json.loads(runner.invoke(app, ["league", "standings", "--format", "json", "--db", db]).output)
    assert [(r["player"], r["points"]) for r in rows] == [("Ann", 27.0), ("Bob", 18.0), ("Cat", 15.0)]
