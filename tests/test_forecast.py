"""The structure designer's forecast (issue 15): many seeded dealt tournaments, hands turned
into clock time, percentiles of the bubble, the final table and the end, players left and
average stacks by level. Each figure is checked against a brute count over the same runs,
replayed through the simulator and read from the director's own event log."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pokertd.bots import MIX, RandomBot, make_bot
from pokertd.sim import simulate
from pokertd.sim.forecast import (
    Assumptions, ForecastError, RunSpec, check_structure, forecast, percentile, play_runs,
    run_seed, summarize,
)
from pokertd.tournament import events as ev
from pokertd.tournament.house import TournamentConfig, config_preset
from pokertd.tournament.payouts import gananda_payouts
from pokertd.tournament.structure import Structure


def brute_percentile(values, q):
    """The value with at least q % of the values at or below it and fewer than q % below it,
    found by counting (not by the code under test)."""
    n = len(values)
    for v in sorted(set(values)):
        at_or_below = sum(1 for x in values if x <= v)
        below = sum(1 for x in values if x < v)
        if at_or_below * 100 >= q * n and below * 100 < q * n:
            return v
    raise AssertionError("no percentile")


def replay_run(spec, index):
    """Run ``index`` of ``spec`` played again by the simulator and read from its event log:
    the hands, the end (the last hand's round), the level of the bubble and the players left
    after each level's hands (IFP 23: a hand keeps its level)."""
    config = TournamentConfig.from_dict(spec.config)
    r = simulate(spec.players, preset=config, seed=run_seed(spec.seed, index), bot=spec.bots,
                 seconds_per_hand=spec.seconds_per_hand,
                 hand_for_hand_seconds=spec.hand_for_hand_seconds, check=True)
    t = r.tournament
    paid = sum(1 for a in t.payouts if a)
    left = spec.players
    level = 0
    after_level = {}
    bubble_level = None
    last_at = 0.0
    hands = 0
    for e in t.events:
        if isinstance(e, ev.HandPlayed):
            hands += 1
            level = e.level
            last_at = e.at
        elif isinstance(e, ev.Busted):
            left -= 1
            if bubble_level is None and left <= paid:
                bubble_level = level
        after_level[level] = left
    return {"hands": hands, "end": last_at + spec.seconds_per_hand, "end_level": level,
            "bubble_level": bubble_level, "after_level": after_level}


def left_after(after_level, number):
    return after_level[max(k for k in after_level if k <= number)]


def test_percentile_is_nearest_rank_by_brute_count():
    for values in ([5.0], [3.0, 1.0, 2.0], [1.0, 1.0, 1.0, 9.0], list(map(float, range(1, 101))),
                   [float(x * 7 % 11) for x in range(37)]):
        for q in (1, 10, 25, 50, 90, 100):
            assert percentile(values, q) == brute_percentile(values, q)
    with pytest.raises(ForecastError):
        percentile([], 50)


def test_forecast_percentiles_agree_with_a_brute_count_over_the_runs():
    """Hands, the end (time and level), the bubble's level and the players left at the end of
    each level, from the forecast and from the director's event log of each run."""
    config = config_preset("gananda")
    a = Assumptions(runs=12, seed=5, hands_per_hour=30)
    spec = RunSpec(24, config.to_dict(), a.seed, a.seconds_per_hand,
                   a.seconds_per_hand_for_hand, a.bots)
    outcomes = play_runs(spec, a.runs)
    f = summarize(outcomes, config.structure, a, players=24)
    runs = [replay_run(spec, i) for i in range(a.runs)]
    for q, name in ((10, "p10"), (50, "p50"), (90, "p90")):
        assert getattr(f.hands, name) == brute_percentile([r["hands"] for r in runs], q)
        assert getattr(f.end_seconds, name) == brute_percentile([r["end"] for r in runs], q)
        assert getattr(f.end_level, name) == brute_percentile([r["end_level"] for r in runs], q)
        assert getattr(f.bubble_level, name) == brute_percentile(
            [r["bubble_level"] for r in runs], q)
        for row in f.levels:
            left = [left_after(r["after_level"], row.level) for r in runs]
            assert getattr(row.players_left, name) == brute_percentile(left, q), row.level
    assert f.paid == len(gananda_payouts(24, 480)) == 5 and f.players == 24   # Gananda: Payout
    assert [row.level for row in f.levels] == list(range(1, max(r["end_level"] for r in runs) + 1))
    assert f.chance_by(f.end_seconds.p50) >= 0.5
    assert f.chance_by(max(r["end"] for r in runs)) == 1.0


def test_players_left_falls_and_average_stack_in_big_blinds_is_chips_over_players():
    config = config_preset("gananda")
    f = forecast(config, 30, Assumptions(runs=8, seed=2), check=True)
    medians = [row.players_left.p50 for row in f.levels]
    assert medians == sorted(medians, reverse=True)
    first = f.levels[0]
    # Level 1 (5/10) ends with at most 30 players of 1,500 chips: at least 150 big blinds each.
    assert first.average_big_blinds.p10 >= 1500 / 10
    assert f.band[0][1:] == (30, 30, 30)
    assert f.band[-1][1:] == (1, 1, 1)
    assert all(lo <= mid <= hi for _, lo, mid, hi in f.band)


def test_same_seed_same_forecast_and_another_seed_another():
    config = config_preset("gananda")
    one = forecast(config, 20, Assumptions(runs=6, seed=11)).to_dict()
    again = forecast(config, 20, Assumptions(runs=6, seed=11)).to_dict()
    other = forecast(config, 20, Assumptions(runs=6, seed=12)).to_dict()
    assert one == again and one != other


def test_jobs_give_the_runs_that_one_process_gives():
    config = config_preset("gananda")
    spec = RunSpec(20, config.to_dict(), 3, 120.0, 180.0, "mix")
    assert play_runs(spec, 6, jobs=2) == play_runs(spec, 6, jobs=1)


def test_hands_per_hour_turn_rounds_into_clock_time():
    """A round of hands (one at every table) takes 3600 / hands-per-hour seconds: at 60 hands
    an hour each level deals twice the hands it deals at 30."""
    config = config_preset("gananda")
    slow = forecast(config, 20, Assumptions(runs=6, seed=4, hands_per_hour=30))
    fast = forecast(config, 20, Assumptions(runs=6, seed=4, hands_per_hour=60))
    assert fast.hands.p50 > slow.hands.p50          # more hands dealt in each level
    spec = RunSpec(20, config.to_dict(), 4, 60.0, 90.0, "mix")
    for o in play_runs(spec, 3):
        # Between the rounds the room's clock and the tournament clock run together (no
        # hand-for-hand at a field of two tables; Gananda's final table stop takes no time).
        assert all(p.wall == p.clock for p in o.trace)


def test_tda_rp8_hand_for_hand_stops_the_clock_two_minutes_a_hand_however_long_it_takes():
    """TDA RP-8: during hand-for-hand the clock is stopped and 2 minutes come off it each
    hand; a slower hand-for-hand hand makes the bubble later on the room's clock but deals the
    same tournament (the same hands at the same levels)."""
    config = config_preset("tda-2024")       # ten a table, 60 players: 6 tables, 9 paid
    quick = RunSpec(60, config.to_dict(), 9, 120.0, 120.0, "mix")
    slow = replace(quick, hand_for_hand_seconds=420.0)
    for a, b in zip(play_runs(quick, 2), play_runs(slow, 2)):
        assert a.hands == b.hands and a.end.level == b.end.level
        assert a.bubble.level == b.bubble.level
        # the clock readings agree; the room's clock is later by the 300 s of each extra
        # hand-for-hand hand (no hand-for-hand hand in the quick run costs more than 120 s)
        assert a.bubble.clock == b.bubble.clock
        extra = b.bubble.wall - a.bubble.wall
        assert extra > 0 and extra % 300 == 0


def test_ifp61_hand_for_hand_clock_keeps_running_so_slow_hands_move_the_levels():
    """IFP 61: the clock runs during hand-for-hand play: a slower hand-for-hand hand is time
    off the level, on the room's clock and the tournament's alike."""
    config = config_preset("ifp-2012")
    spec = RunSpec(60, config.to_dict(), 9, 120.0, 420.0, "mix")
    for o in play_runs(spec, 2):
        assert all(p.wall == p.clock for p in o.trace)
        assert o.bubble is not None and o.bubble.wall > 0


def test_bot_mix_draws_each_players_style_from_his_seed():
    styles = {}
    for i in range(400):
        b = make_bot("mix", f"1:p{i}")
        kind = "random" if isinstance(b, RandomBot) else b.tight
        styles[kind] = styles.get(kind, 0) + 1
    assert set(styles) == {"random", 0.0, 1.5, -1.5}          # every style of MIX is drawn
    assert styles[0.0] > styles["random"]                     # sensible 40%, random 10%
    again = make_bot("mix", "1:p7")
    assert type(again) is type(make_bot("mix", "1:p7"))
    assert abs(sum(w for _, w in MIX) - 1.0) < 1e-9
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("wild", 1)


def test_bad_input_is_refused():
    with pytest.raises(ForecastError, match="0 runs"):
        Assumptions(runs=0)
    with pytest.raises(ForecastError, match="hands per hour"):
        Assumptions(hands_per_hour=0)
    config = config_preset("gananda")
    with pytest.raises(ForecastError, match="at least two"):
        check_structure(config, 1)
    flat = Structure.from_dict({"name": "flat", "starting_stack": 100_000, "periods": [
        {"minutes": 20, "small_blind": 5, "big_blind": 10},
        {"minutes": 20, "small_blind": 10, "big_blind": 20}]})
    with pytest.raises(ForecastError, match="stop rising at level 2"):
        forecast(replace(config, structure=flat), 10, Assumptions(runs=1))


def test_a_run_that_does_not_end_is_refused(monkeypatch):
    """A structure whose blinds stop rising while the stacks are deep plays on and on: the
    forecast stops the run at its time limit and says so (here the limit made one hour)."""
    import pokertd.sim.forecast as fc

    monkeypatch.setattr(fc, "MAX_SECONDS", 3600)
    deep = Structure.from_dict({"name": "deep", "starting_stack": 1500, "periods": [
        {"minutes": 600, "small_blind": 5, "big_blind": 10}]})
    with pytest.raises(ForecastError, match="still running after .* stop rising"):
        forecast(replace(config_preset("gananda"), structure=deep), 6, Assumptions(runs=1, bots="tight"))
