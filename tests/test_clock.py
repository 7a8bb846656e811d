"""The tournament clock: computed from timestamps, pauses, levels per hand, hand-for-hand,
end of day, final table."""

import json
import random
from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokertd.tournament.clock import ClockError, TournamentClock
from pokertd.tournament.structure import load_preset

T0 = 1_700_000_000.0
MIN = 60.0


@pytest.fixture
def gananda():
    return load_preset("gananda")


def started(structure, **kw):
    c = TournamentClock(structure, **kw)
    c.start(T0)
    return c


def test_levels_advance_by_wall_clock_time(gananda):
    c = started(gananda)
    st = c.status(T0)
    assert (st.level_number, st.level.blinds, st.seconds_left) == (1, (5, 10), 25 * MIN)
    st = c.status(T0 + 24 * MIN + 59)
    assert (st.level_number, st.seconds_left) == (1, 1)
    st = c.status(T0 + 25 * MIN)
    assert (st.level_number, st.level.blinds, st.next_level.blinds) == (2, (10, 20), (25, 50))


def test_gananda_breaks_on_the_clock(gananda):
    """Gananda: Tournament Structure: Break 1 at 1:40 for 10 minutes, Round 5 at 1:50."""
    c = started(gananda)
    st = c.status(T0 + 100 * MIN)
    assert st.on_break and st.break_number == 1 and st.level is None
    assert st.level_number == 4 and st.next_level.blinds == (50, 100)
    assert st.seconds_left == 10 * MIN
    st = c.status(T0 + 110 * MIN)
    assert not st.on_break and st.level_number == 5
    st = c.status(T0 + (5 * 60 + 25) * MIN)
    assert st.on_break and st.break_number == 3


def test_the_last_level_continues_after_the_schedule(gananda):
    c = started(gananda)
    st = c.status(T0 + (6 * 60 + 44) * MIN)
    assert st.level_number == 19 and st.seconds_left == MIN and st.next_level is None
    st = c.status(T0 + 10 * 3600)
    assert st.level_number == 19 and st.seconds_left is None


def test_pause_and_resume_stop_the_clock(gananda):
    c = started(gananda)
    c.pause(T0 + 10 * MIN)
    assert c.status(T0 + 50 * MIN).seconds_left == 15 * MIN
    assert not c.status(T0 + 50 * MIN).running
    c.resume(T0 + 60 * MIN)
    st = c.status(T0 + 60 * MIN)
    assert st.running and st.level_number == 1 and st.seconds_left == 15 * MIN
    assert c.status(T0 + 75 * MIN).level_number == 2
    with pytest.raises(ClockError, match="not stopped"):
        c.resume(T0 + 76 * MIN)
    c.pause(T0 + 80 * MIN, "dinner")
    with pytest.raises(ClockError, match="already stopped \\(dinner\\)"):
        c.pause(T0 + 81 * MIN)


def test_no_drift_and_a_restart_rebuilds_the_same_clock(gananda):
    """The clock is computed from the start time and the pauses, never accumulated; a clock
    rebuilt from its saved record reads exactly the same (survives a restart)."""
    c = started(gananda)
    c.pause(T0 + 7 * MIN)
    c.resume(T0 + 9.5 * MIN)
    c.pause(T0 + 30 * MIN, "director")
    saved = json.loads(json.dumps(c.to_dict()))
    again = TournamentClock.from_dict(gananda, saved)
    for t in (T0, T0 + 8 * MIN, T0 + 20 * MIN, T0 + 31 * MIN, T0 + 5 * 3600):
        assert again.status(t) == c.status(t)
    again.resume(T0 + 40 * MIN)
    c.resume(T0 + 40 * MIN)
    assert again.status(T0 + 3 * 3600) == c.status(T0 + 3 * 3600)
    # Reading a million times changes nothing: there is nothing to drift.
    e = c.elapsed(T0 + 3 * 3600)
    for _ in range(1000):
        c.status(T0 + 3 * 3600)
    assert c.elapsed(T0 + 3 * 3600) == e == 3 * 3600 - 2.5 * MIN - 10 * MIN


def test_datetime_timestamps(gananda):
    t0 = datetime(2014, 10, 4, 19, 0, tzinfo=timezone.utc)
    c = TournamentClock(gananda)
    c.start(t0)
    assert c.status(t0 + timedelta(minutes=51)).level_number == 3


def test_ifp_23_new_level_applies_to_the_next_hand(gananda):
    """IFP 23: when time has elapsed in a level, the new level applies to the next hand; a
    hand that began before the change keeps its level."""
    c = started(gananda)
    hand_started = T0 + 24 * MIN + 50
    assert c.level_for_hand(hand_started).blinds == (5, 10)
    # The hand is still running after the level changed: it keeps level 1.
    assert c.status(T0 + 26 * MIN).level_number == 2
    assert c.level_number_for_hand(hand_started) == 1
    # The next hand, begun after the change, is level 2.
    assert c.level_for_hand(T0 + 26 * MIN).blinds == (10, 20)
    with pytest.raises(ClockError, match="during a break"):
        c.level_for_hand(T0 + 101 * MIN)


def test_ifp_61_hand_for_hand_clock_keeps_running(gananda):
    """IFP 61: hand-for-hand starts each hand at all tables together; the clock runs."""
    c = started(gananda)
    c.start_hand_for_hand(T0 + 10 * MIN)
    assert c.status(T0 + 10 * MIN).hand_for_hand
    for k in range(1, 4):
        c.hand_for_hand_hand_done(T0 + 10 * MIN + k * 90)
    st = c.status(T0 + 20 * MIN)
    assert st.running and st.elapsed == 20 * MIN
    c.end_hand_for_hand(T0 + 20 * MIN)
    assert not c.status(T0 + 21 * MIN).hand_for_hand


def test_tda_rp_8_hand_for_hand_two_minutes_off_per_hand(gananda):
    """TDA RP-8 (tda-2024 preset): during hand-for-hand the clock is stopped and 2 minutes
    come off it per hand (RP-8-C), levels advancing as that time runs (RP-8-D); at most
    3 minutes a hand (RP-8-B)."""
    c = started(gananda, seconds_per_hand=120)
    c.start_hand_for_hand(T0 + 20 * MIN)
    st = c.status(T0 + 30 * MIN)
    assert not st.running and st.seconds_left == 5 * MIN
    c.hand_for_hand_hand_done(T0 + 31 * MIN)
    c.hand_for_hand_hand_done(T0 + 33 * MIN)
    assert c.status(T0 + 34 * MIN).seconds_left == 1 * MIN
    c.hand_for_hand_hand_done(T0 + 36 * MIN)
    st = c.status(T0 + 37 * MIN)
    assert st.level_number == 2 and st.seconds_left == 24 * MIN
    c.end_hand_for_hand(T0 + 40 * MIN)
    assert c.status(T0 + 41 * MIN).seconds_left == 23 * MIN
    with pytest.raises(ClockError, match="TDA RP-8-B"):
        TournamentClock(gananda, seconds_per_hand=240)
    # The record survives a restart, deductions included.
    again = TournamentClock.from_dict(gananda, c.to_dict())
    assert again.status(T0 + 35 * MIN) == c.status(T0 + 35 * MIN)


def test_ifp_14_end_of_day_last_hands(gananda):
    """IFP 14: the clock is stopped within the last 15 minutes of the day's final level and
    the last 3 to 7 hands are announced, the number drawn at random."""
    c = started(gananda)
    with pytest.raises(ClockError, match="IFP 14 stops the clock within the last 900 s"):
        c.announce_last_hands(T0 + 5 * MIN, 5)
    n = TournamentClock.draw_last_hands(random.Random(4))
    assert 3 <= n <= 7
    with pytest.raises(ClockError, match="IFP 14 announces 3 to 7"):
        c.announce_last_hands(T0 + 12 * MIN, 8)
    c.announce_last_hands(T0 + 12 * MIN, n)
    st = c.status(T0 + 40 * MIN)
    assert st.last_hands == n and not st.running and st.seconds_left == 13 * MIN
    # Next day: the clock resumes with the time that was left.
    c.resume(T0 + 24 * 3600)
    st = c.status(T0 + 24 * 3600)
    assert st.running and st.last_hands is None and st.seconds_left == 13 * MIN


def test_gananda_clock_stopped_while_the_final_table_forms(gananda):
    """Gananda: Final Table: the timer is stopped while the final table is formed, then
    restarted."""
    c = started(gananda)
    c.stop_for_final_table(T0 + 60 * MIN)
    st = c.status(T0 + 70 * MIN)
    assert not st.running and "Final Table" in st.pause_reason and st.seconds_left == 15 * MIN
    c.resume(T0 + 72 * MIN)
    assert c.status(T0 + 73 * MIN).seconds_left == 14 * MIN


def test_clock_refuses_impossible_times(gananda):
    c = TournamentClock(gananda)
    with pytest.raises(ClockError, match="has not started"):
        c.status(T0)
    c.start(T0)
    with pytest.raises(ClockError, match="before the clock started"):
        c.status(T0 - 1)
    c.pause(T0 + 100)
    with pytest.raises(ClockError, match="before the clock's last record"):
        c.resume(T0 + 50)


@given(st.lists(st.tuples(st.floats(0, 3600), st.floats(0, 3600)), max_size=8),
       st.floats(0, 20_000))
def test_elapsed_is_wall_time_less_pauses_at_any_moment(gaps, probe):
    """Property: at any moment (past or present), elapsed play = wall time - paused time."""
    s = load_preset("gananda")
    c = TournamentClock(s)
    c.start(T0)
    t, intervals = T0, []
    for run, stop in gaps:
        t += run
        c.pause(t)
        c.resume(t + stop)
        intervals.append((t, t + stop))
        t += stop
    at = T0 + probe
    paused = sum(max(0.0, min(at, b) - a) for a, b in intervals if a < at)
    assert c.elapsed(at) == pytest.approx(probe - paused, abs=1e-6)
