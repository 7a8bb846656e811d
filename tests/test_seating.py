"""Tables and seats: the random draw, the even spread, late entries."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.tournament.seating import (
    Floor,
    Move,
    SeatingError,
    initial_seating,
    seat_late_entry,
    table_sizes,
    tables_needed,
)


def counts(floor):
    return [floor.tables[t].count for t in sorted(floor.tables)]


def test_ifp_5_random_seating_from_an_injected_generator():
    """IFP 5: seats are randomly assigned; the generator is injected (same seed, same seats;
    by default the system CSPRNG)."""
    players = [f"p{i}" for i in range(30)]
    a, moves_a = initial_seating(players, 10, random.Random(5))
    b, _ = initial_seating(players, 10, 5)
    assert a.where == b.where
    c, _ = initial_seating(players, 10, 6)
    assert a.where != c.where
    d, moves_d = initial_seating(players, 10)       # secure default
    d.check()
    assert sorted(m.player for m in moves_d) == sorted(players)
    assert all(m.reason == "random seating (IFP 5)" and m.from_table is None for m in moves_a)
    # Every player can draw every seat: over many seeds p0 visits all 30 seats.
    seen = {initial_seating(players, 10, s)[0].where["p0"] for s in range(600)}
    assert len(seen) == 30


@pytest.mark.parametrize("players, expected", [
    (2, [2]), (10, [10]), (11, [6, 5]), (15, [8, 7]), (20, [10, 10]), (21, [7, 7, 7]),
    (27, [9, 9, 9]), (54, [9, 9, 9, 9, 9, 9]), (95, [10] * 5 + [9] * 5),
])
def test_gananda_seating_spread_evenly_over_the_fewest_tables(players, expected):
    """Gananda: Seating: at most 10 a table, players distributed as evenly as possible."""
    floor, _ = initial_seating(range(players), 10, 1)
    assert counts(floor) == expected
    assert floor.table_count == tables_needed(players, 10)


def test_wpa_2_nine_handed_tables():
    """WPA 2: nine-handed: 19 players sit 7/6/6."""
    floor, _ = initial_seating(range(19), 9, 1)
    assert counts(floor) == [7, 6, 6]


def test_gananda_seat_1_is_occupied_at_every_table():
    """Gananda: Seating: seat 1 deals the first hand, so the draw fills seats 1..k."""
    floor, _ = initial_seating(range(47), 10, 3)
    for t in floor.tables.values():
        assert t.seats[0] is not None
        assert t.open_seats() == list(range(t.count + 1, 11))


def test_tda_8_a_late_entry_draws_an_open_seat_at_a_short_table():
    """TDA 8-A: late entries and alternates draw a seat from the open seats; the field stays
    as even as possible (Gananda: Seating)."""
    floor, _ = initial_seating(range(25), 10, 2)          # 9 / 8 / 8
    [m] = seat_late_entry(floor, "late", random.Random(1))
    assert m.from_table is None and m.reason == "late entry (TDA 8-A)"
    assert floor.tables[m.to_table].count == 9 and m.to_table in (2, 3)
    assert m.to_seat >= 9                                # an open seat
    floor.check()


def test_late_entry_opens_a_table_when_all_are_full():
    floor, _ = initial_seating(range(20), 10, 2)
    [m] = seat_late_entry(floor, "late", 1)
    assert m.to_table == 3 and floor.table_count == 3
    assert floor.break_order[0] == 3                     # the newest table breaks first


def test_a_player_cannot_sit_twice_or_in_a_taken_seat():
    floor, _ = initial_seating(["a", "b", "c"], 10, 1)
    with pytest.raises(SeatingError, match="a already sits at table 1"):
        floor.sit("a", 1, 9, "x")
    occupant = floor.tables[1].seats[0]
    with pytest.raises(SeatingError, match=f"table 1 seat 1 is taken by {occupant}"):
        floor.sit("d", 1, 1, "x")
    with pytest.raises(SeatingError, match="has no seat 11"):
        floor.sit("d", 1, 11, "x")
    with pytest.raises(SeatingError, match="registered twice"):
        initial_seating(["a", "a"], 10)
    with pytest.raises(SeatingError, match="needs two"):
        initial_seating(["a"], 10)


def test_moves_are_records_with_old_and_new_table_and_seat():
    floor, _ = initial_seating(["a", "b", "c", "d"], 10, 1)
    floor.add_table(2)
    t, s = floor.where["a"]
    m = floor.move("a", 2, 4, "balancing (IFP 11a)")
    assert m == Move("a", t, s, 2, 4, "balancing (IFP 11a)")
    assert str(m) == f"a from table {t} seat {s} to table 2 seat 4 (balancing (IFP 11a))"
    assert floor.tables[t].seats[s - 1] is None
    assert floor.leave("a") == (2, 4)
    floor.check()


def test_table_sizes_differ_by_at_most_one():
    assert table_sizes(23, 3) == [8, 8, 7]
    assert tables_needed(0, 10) == 1


@settings(max_examples=200)
@given(st.integers(2, 400), st.integers(2, 12), st.integers(0, 2**32 - 1),
       st.lists(st.integers(0, 10**6), max_size=60))
def test_property_every_player_seated_exactly_once_no_seat_holds_two(n, seats, seed, ops):
    """Property: after the draw, busts and late entries, every player sits exactly once, no
    seat holds two players, and the incremental counts agree with the seats."""
    floor, moves = initial_seating(range(n), seats, seed)
    assert len(moves) == n and len({(m.to_table, m.to_seat) for m in moves}) == n
    assert max(counts(floor)) - min(counts(floor)) <= 1
    r = random.Random(seed)
    late = 0
    for op in ops:
        if op % 3 and floor.player_count > 2:
            floor.leave(r.choice(sorted(floor.where, key=str)))
        else:
            late += 1
            seat_late_entry(floor, f"late{late}", r)
        floor.check()
    occupied = [p for t in floor.tables.values() for p in t.seats if p is not None]
    assert len(occupied) == len(set(occupied)) == floor.player_count
    assert isinstance(floor, Floor)
