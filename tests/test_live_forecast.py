"""The live forecast (issue 15): the rest of a running event forecast from its own state (the
players left, the clock, the chips in play, the places paid) and its bust-out times, which
measure the room's pace; a suggestion when the forecast misses a target, forecast before it
is made. Small runs; a SQLite store."""

from __future__ import annotations

import json
import statistics
from dataclasses import replace

import pytest
from live_clock import Clock
from typer.testing import CliRunner

from pokertd.cli import app
from pokertd.services.forecast import bust_times, forecast_event
from pokertd.services.tournaments import TournamentService
from pokertd.sim.forecast import Assumptions, ForecastError, RunSpec, play_runs
from pokertd.sim.live import (
    MIN_PLAY, _run_rest, calibrate, live_forecast, paid_places, play_seconds, remainder,
)
from pokertd.storage import open_store
from pokertd.tournament.house import config_preset
from pokertd.tournament.payouts import gananda_payouts
from pokertd.tournament.structure import load_preset

START = 1_800_000_000.0
SMALL = Assumptions(runs=12, seed=2)


@pytest.fixture
def svc(tmp_path):
    store = open_store(f"sqlite:///{tmp_path / 'live.db'}")
    try:
        yield TournamentService(store, clock=Clock(START))
    finally:
        store.close()


def started(svc, players=27, name="Friday"):
    svc.create(name, config_preset("gananda"), seed=1)
    svc.register(name, [f"p{i:02d}" for i in range(1, players + 1)])
    svc.start(name)
    return name


def bust_at(svc, name, minutes, count=1):
    """``count`` players out at ``minutes`` after the start, one report each."""
    svc.clock.now = START + minutes * 60
    for _ in range(count):
        t = svc.load(name).tournament
        svc.bust(name, next(p.name for p in t.players.values() if not p.out))


def test_the_rest_of_an_event_is_its_players_left_with_the_average_stack(svc):
    name = started(svc)
    for m in (10, 20, 30):
        bust_at(svc, name, m)
    svc.clock.now = START + 40 * 60
    t = svc.load(name).tournament
    config, players, elapsed, absent = remainder(t, svc.now())
    assert players == 24 and absent == 0
    assert config.structure.starting_stack == 27 * 1500 // 24 // 5 * 5   # in the 5 chip
    assert elapsed == 40 * 60 and config.structure.level_number_at(
        config.structure.period_at(elapsed)) == 2
    # One bracket paying the places this event pays (Gananda: Payout, 27 entrants: 5).
    assert paid_places(t) == 5
    assert config.payout_table.bracket_for(24).places == 5
    assert config.rules == t.config.rules and config.structure.levels == t.structure.levels


def test_bust_out_times_are_the_commands_in_play(svc):
    name = started(svc)
    bust_at(svc, name, 10)
    bust_at(svc, name, 20)
    svc.undo(name)                               # the second bust-out taken back
    bust_at(svc, name, 30, count=2)
    busts, final_at = bust_times(svc.load(name).history)
    assert busts == [(START + 600, 1), (START + 1800, 1), (START + 1800, 1)]
    assert final_at is None


def test_play_seconds_leave_the_breaks_out():
    s = load_preset("gananda")                   # break 1 (10 min) after 100 minutes
    assert play_seconds(s, 90 * 60) == 90 * 60
    assert play_seconds(s, 105 * 60) == 100 * 60
    assert play_seconds(s, 120 * 60) == 110 * 60


def test_the_pace_is_measured_from_the_bust_outs():
    """Bust-outs at the times simulated events dealt at 20 hands an hour lose their players:
    the measured pace comes back near 20 (from an assumed 30)."""
    config = config_preset("gananda")
    a = Assumptions(runs=30, seed=5, hands_per_hour=30)
    spec = RunSpec(27, config.to_dict(), a.seed, 180.0, 270.0, a.bots, stop_after_busts=8)
    outcomes = play_runs(spec, 30)
    observed = [statistics.median(o.busts[k] for o in outcomes) * 180.0 for k in range(8)]

    class Event:                                 # what calibrate reads of a live event
        entrants = 27

    Event.config = config
    c = calibrate(Event, observed, a)
    assert c.busts == 8 and c.assumed == 30
    assert 15 <= c.hands_per_hour <= 25, c
    too_soon = calibrate(Event, [60.0, 120.0, MIN_PLAY - 1.0], a)
    assert too_soon.busts == 0 and too_soon.hands_per_hour == 30


def test_live_forecast_marks_what_is_past_and_forecasts_the_rest(svc):
    name = started(svc, players=14)              # two tables: the final table forms at 10
    for m in (15, 25, 35, 45):
        bust_at(svc, name, m)
    svc.clock.now = START + 50 * 60
    f = forecast_event(svc, name, assumptions=SMALL)
    assert (f.players_left, f.entrants) == (10, 14)
    assert f.paid == len(gananda_payouts(14, 280)) == 4          # Gananda: Payout
    assert f.final_table_at == START + 45 * 60    # formed by the fourth bust-out
    assert f.final_table is None and f.bubble_at is None
    assert f.at < f.bubble.p50 <= f.end.p50
    assert f.calibration.busts == 4              # 4 out before the money, 45 minutes of play
    assert f.forecast.levels[0].level == 2       # the rest begins in level 2
    d = f.to_dict()
    assert d["final_table"]["formed_at"] == START + 45 * 60
    assert d["end"]["at"]["p50"] == f.end.p50 and json.dumps(d)
    for m in (55, 60, 65, 70, 75, 80, 85):       # into the money (4 paid of 14) at 80
        bust_at(svc, name, m)
    svc.clock.now = START + 90 * 60
    g = forecast_event(svc, name, assumptions=SMALL)
    assert g.players_left == 3 and g.bubble_at == START + 80 * 60 and g.bubble is None


def test_a_missed_target_brings_a_suggestion_forecast_before_it_is_made(svc):
    name = started(svc)
    bust_at(svc, name, 30, 3)
    svc.clock.now = START + 40 * 60
    t = svc.load(name).tournament
    busts, _ = bust_times(svc.load(name).history)
    plain = live_forecast(t, svc.now(), busts, SMALL, measure_pace=False)
    target = svc.now() + (plain.end.p50 - svc.now()) * 0.85      # a little before the median
    f = live_forecast(t, svc.now(), busts, SMALL, measure_pace=False, target=target)
    s = f.suggestion
    assert s is not None and f.chance < 0.5
    current = t.structure.level_number_at(t.structure.period_at(t.clock.elapsed(svc.now())))
    assert min(s.levels) > current                 # only levels to come change
    again = _run_rest(t, svc.now(), SMALL, {n: t.structure.level(n).minutes - s.minutes_off
                                            for n in s.levels}, 1, None, None)
    assert s.end.p50 == svc.now() + again.end_seconds.p50     # the suggestion as forecast
    assert s.works == (s.end.p50 <= target)
    assert f"{s.minutes_off} minutes off level" in s.text
    met = live_forecast(t, svc.now(), busts, SMALL, measure_pace=False,
                        target=svc.now() + plain.forecast.ends[-1] + 60)   # after every run
    assert met.suggestion is None and met.chance == 1.0


def test_refused_a_target_past_an_event_not_started_or_over(svc):
    name = started(svc)
    svc.clock.now = START + 600
    with pytest.raises(ForecastError, match="has passed"):
        forecast_event(svc, name, assumptions=SMALL, target=START + 300)
    svc.create("Later", config_preset("gananda"))
    with pytest.raises(ForecastError, match="has not started"):
        forecast_event(svc, "Later", assumptions=SMALL)
    with pytest.raises(ForecastError, match="at least one"):
        replace(SMALL, runs=0)


def test_cli_tournament_forecast(tmp_path):
    db = str(tmp_path / "cli.db")
    runner = CliRunner()

    def cli(*args):
        return runner.invoke(app, ["tournament", *args, "--db", db], terminal_width=160)

    assert cli("new", "Fri", "--seed", "1").exit_code == 0
    assert cli("register", "Fri", *[f"p{i:02d}" for i in range(1, 21)]).exit_code == 0
    refused = cli("forecast", "Fri", "--runs", "4")
    assert refused.exit_code == 2 and refused.output.startswith("Error: ")
    assert "has not started" in refused.output
    assert cli("start", "Fri").exit_code == 0
    assert cli("bust", "Fri", "p01").exit_code == 0
    out = cli("forecast", "Fri", "--runs", "6", "--format", "json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["players_left"] == 19 and data["pace_busts"] == 0   # too soon to measure
    assert data["end"]["at"]["p10"] <= data["end"]["at"]["p50"] <= data["end"]["at"]["p90"]
    table = cli("forecast", "Fri", "--runs", "6", "--finish-by", "2099-01-01 00:00")
    assert table.exit_code == 0, table.output
    assert "19 of 20 players left" in table.output and "finishes by" in table.output
    assert "Assumptions: 6 simulated tournaments" in table.output
    past = cli("forecast", "Fri", "--runs", "6", "--finish-by", "2020-01-01 10:00")
    assert past.exit_code == 2 and "has passed" in past.output
