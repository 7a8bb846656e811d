"""``pokertd structure forecast`` (issue 15): the report in each format, field sizes and
structures side by side, a target's chance, the chart, the assumptions printed, bad input
refused with one line and exit status 2. Small runs (the percentiles themselves are checked
in tests/test_forecast.py)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from pokertd.cli import app

runner = CliRunner()

SMALL = ["--runs", "6", "--jobs", "1", "--seed", "3"]

OTHER = """
name = "turbo"
starting_stack = 1500
[[periods]]
minutes = 10
small_blind = 10
big_blind = 20
[[periods]]
minutes = 10
small_blind = 25
big_blind = 50
[[periods]]
minutes = 10
small_blind = 50
big_blind = 100
[[periods]]
minutes = 10
small_blind = 100
big_blind = 200
[[periods]]
minutes = 10
small_blind = 200
big_blind = 400
[[periods]]
minutes = 10
small_blind = 400
big_blind = 800
[[periods]]
minutes = 10
small_blind = 1000
big_blind = 2000
"""


def forecast(*args: str):
    return runner.invoke(app, ["structure", "forecast", *args])


def one_line_error(r, *words: str) -> None:
    assert r.exit_code == 2, r.output
    lines = [x for x in r.output.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: "), r.output
    for w in words:
        assert w in lines[0], (w, lines[0])


def test_json_report_is_deterministic_and_prints_its_assumptions():
    a = forecast("--players", "20", "--format", "json", "--finish-by", "23:00", *SMALL)
    b = forecast("--players", "20", "--format", "json", "--finish-by", "23:00", *SMALL)
    assert a.exit_code == 0, a.output
    assert a.output == b.output
    data = json.loads(a.output)
    (f,) = data["forecasts"]
    assert f["players"] == 20 and f["label"] == "gananda, 20 players"
    assert f["assumptions"] == {"runs": 6, "hands_per_hour": 30.0, "hand_for_hand_seconds": 180.0,
                                "seed": 3, "bots": "mix"}
    assert "6 simulated tournaments (seed 3)" in data["assumptions"]
    assert "30 hands an hour" in data["assumptions"]
    assert 0.0 <= f["chance_by_target"] <= 1.0
    for key in ("bubble", "final_table", "end"):
        s = f[key]["seconds"]
        assert s["p10"] <= s["p50"] <= s["p90"] and s["runs"] == 6
        assert set(f[key]["time"]) == {"p10", "p50", "p90"}
    assert f["levels"][0]["level"] == 1 and f["levels"][0]["players_left"]["p90"] <= 20
    assert data["start"].endswith("T19:00")


def test_field_sizes_and_a_second_structure_side_by_side(tmp_path):
    other = tmp_path / "turbo.toml"
    other.write_text(OTHER)
    r = forecast("--players", "20,30", "--compare", str(other), "--format", "json",
                 "--finish-by", "02:00", *SMALL)
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert [f["label"] for f in data["forecasts"]] == [
        "gananda, 20 players", "gananda, 30 players", "turbo, 20 players", "turbo, 30 players"]
    by = {f["label"]: f for f in data["forecasts"]}
    # The turbo's blinds double every ten minutes: it ends sooner than the Gananda structure.
    assert (by["turbo, 30 players"]["end"]["seconds"]["p50"]
            < by["gananda, 30 players"]["end"]["seconds"]["p50"])
    assert by["turbo, 30 players"]["chance_by_target"] == 1.0    # seven hours after 19:00


def test_table_report_names_the_target_and_the_assumptions():
    r = runner.invoke(app, ["structure", "forecast", "--players", "20", "--finish-by", "23:00",
                            *SMALL], terminal_width=160)
    assert r.exit_code == 0, r.output
    assert "finishes by 23:00" in r.output
    assert "bubble: money reached" in r.output and "final table forms" in r.output
    assert "By level" in r.output and "5/10" in r.output
    assert "Assumptions: 6 simulated tournaments (seed 3)" in r.output


def test_html_report_with_the_chart_inline_and_a_png(tmp_path):
    png = tmp_path / "forecast.png"
    r = forecast("--players", "20,30", "--format", "html", "--plot", str(png),
                 "--finish-by", "23:30", *SMALL)
    assert r.exit_code == 0, r.output
    page = r.output
    assert page.startswith("<!doctype html>") and "<svg" in page and "</html>" in page
    assert "gananda, 20 players" in page and "gananda, 30 players" in page
    assert "Assumptions: 6 simulated tournaments" in page
    assert "Finishes by 23:30" in page
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_tda_preset_and_table_size_change_the_forecast():
    base = json.loads(forecast("--players", "40", "--format", "json", *SMALL).output)
    nine = json.loads(forecast("--players", "40", "--format", "json", "--seats", "6",
                               *SMALL).output)
    assert base["forecasts"][0]["final_table"] != nine["forecasts"][0]["final_table"]
    tda = forecast("--players", "40", "--format", "json", "--preset", "tda-2024", *SMALL)
    assert tda.exit_code == 0, tda.output


def test_json_does_not_import_matplotlib():
    probe = ("import sys\nfrom pokertd.cli import app\n"
             "try:\n    app(sys.argv[1:], prog_name='pokertd')\nexcept SystemExit:\n    pass\n"
             "sys.__stderr__.write('MPL=' + str('matplotlib' in sys.modules))\n")
    out = subprocess.run([sys.executable, "-c", probe, "structure", "forecast", "--players", "12",
                          "--format", "json", "--runs", "1", "--jobs", "1"],
                         capture_output=True, text=True, timeout=120)
    assert "MPL=False" in out.stderr, out.stderr
    assert json.loads(out.stdout)["forecasts"][0]["players"] == 12


@pytest.mark.parametrize("args, words", [
    (["--runs", "0"], ["0 runs"]),
    (["--players", "1"], ["--players", "2 or more"]),
    (["--players", "20,x"], ["--players"]),
    (["--hands-per-hour", "0"], ["hands per hour"]),
    (["--jobs", "0"], ["--jobs 0"]),
    (["--jobs", "2", "--ray", "auto"], ["--jobs and --ray"]),
    (["--finish-by", "25:00"], ["--finish-by", "HH:MM"]),
    (["--start", "2026-12-05 19:00", "--finish-by", "2026-12-05 18:00"], ["before the start"]),
    (["--seats", "1"], ["seats a table"]),
    (["--hand-for-hand-minutes", "0"], ["--hand-for-hand-minutes"]),
])
def test_bad_input_is_one_line_and_exit_2(args, words):
    one_line_error(forecast("--players", "20", "--jobs", "1", *[a for a in args if a]), *words)


def test_bad_structure_files_are_refused(tmp_path):
    one_line_error(forecast(str(tmp_path / "none.toml"), "--players", "20"), "none.toml")
    bad = tmp_path / "bad.toml"
    bad.write_text("starting_stack = 1500\n[[periods]]\nminutes = 20\nsmall_blind = 50\n"
                   "big_blind = 20\n")
    one_line_error(forecast(str(bad), "--players", "20"), "level 1", "lower than the small blind")
    flat = tmp_path / "flat.toml"
    flat.write_text("starting_stack = 200000\n[[periods]]\nminutes = 20\nsmall_blind = 5\n"
                    "big_blind = 10\n")
    one_line_error(forecast(str(flat), "--players", "20", *SMALL), "stop rising at level 1")
