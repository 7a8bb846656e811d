"""Balancing and breaking tables, halting play, and the final table."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.tournament.balancing import (
    balance,
    break_table,
    break_tables,
    form_final_table,
    halted_tables,
    needs_balancing,
    tables_to_break,
)
from pokertd.tournament.button import ButtonState, first_occupied
from pokertd.tournament.seating import Floor, SeatingError, initial_seating


def floor_of(*layouts, max_seats=10):
    """Tables from seat layouts: a string per table, one character per seat ('.' = empty)."""
    f = Floor(max_seats)
    for tid, layout in enumerate(layouts, start=1):
        f.add_table(tid)
        for k, ch in enumerate(layout, start=1):
            if ch != ".":
                f.sit(f"{tid}{ch}", tid, k, "setup")
    f.set_break_order(sorted(f.tables, reverse=True))
    return f


def deal(f, tid, hands=1):
    t = f.tables[tid]
    if t.button is None:
        t.button = ButtonState(f.max_seats, first_occupied(t.seats))
    for _ in range(hands):
        pos = t.button.next_hand(t.seats)
    return pos


def counts(f):
    return {tid: t.count for tid, t in sorted(f.tables.items())}


def test_gananda_moving_players_when_tables_differ_by_two():
    """Gananda: Moving Players: if the number of players differs by two or more between any
    two tables, one player moves from the higher to the lower populated table."""
    f = floor_of("abcdefghij", "abcdefghi.")
    assert not needs_balancing(f, 2) and balance(f, difference=2) == []
    f.leave("2a")
    assert needs_balancing(f, 2)
    [m] = balance(f, difference=2)
    assert (m.from_table, m.to_table) == (1, 2)
    assert counts(f) == {1: 9, 2: 9}


def test_ifp_11a_player_due_the_big_blind_moves_to_the_worst_position():
    """IFP 11a (TDA 11-A): the player who will be big blind next moves to the worst position,
    including a single big blind when available."""
    f = floor_of("abcdefghij", "abcdef....")
    assert deal(f, 1, 2).big_blind == 4            # hands: bb 3, then 4
    assert deal(f, 2, 1).big_blind == 3            # table 2: 1 / 2 / 3
    moves = balance(f, difference=2)
    assert len(moves) == 2
    # First the player due the big blind next at table 1 (seat 5), then the next one (seat 6).
    assert [(m.player, m.from_seat) for m in moves] == [("1e", 5), ("1f", 6)]
    # To table 2's worst positions: after the last big blind (3), the first open seats...
    # table 2 is full from 1 to 6, so the first open seat clockwise after seat 3 is seat 7.
    assert [m.to_seat for m in moves] == [7, 8]
    assert all(m.reason == "balancing (IFP 11a)" for m in moves)
    # At table 1 the big blind moves on to the next player (seat 7): nobody escapes it.
    assert deal(f, 1).big_blind == 7


def test_ifp_11a_single_big_blind_when_available():
    """IFP 11a: the moved player takes a single big blind when one is available, even if
    the seat then has the big blind twice."""
    f = floor_of("abcdefghij", "abc.efgh..")
    deal(f, 2, 1)                                  # table 2: 1 / 2 / 3; seat 4 empty
    deal(f, 1, 1)
    [m] = balance(f, difference=2)
    assert m.to_table == 2 and m.to_seat == 4
    pos = deal(f, 2)
    assert pos.big_blind == 4 and f.tables[2].seats[3] == m.player


def test_ifp_11a_worst_position_is_never_the_small_blind():
    """IFP 11a: the worst position is never the small blind: the seat of a busted big blind
    (where the next small blind falls) is not chosen while another seat is open."""
    f = floor_of("abcdefghij", "abcdefgh..")
    deal(f, 1, 1)
    deal(f, 2, 1)                                  # table 2: 1 / 2 / 3
    f.leave("2c")                                  # the big blind busts: seat 3 is the sb seat
    [m] = balance(f, difference=2)
    assert m.to_table == 2 and m.to_seat == 9      # not 3


def test_wpa_5_the_big_blind_moves_from_the_table_breaking_next_to_the_one_breaking_last():
    """WPA 5 (preset wpa): the player in the big blind moves to the worst position; from the
    table that breaks next, to the table that breaks last."""
    f = floor_of("abcdefghij", "abcdefghij", "abcdefgh..", "abcdefgh..")
    f.set_break_order([2, 3, 1, 4])
    for tid in f.tables:
        deal(f, tid, 1)                            # big blind in seat 3 everywhere
    m1, m2 = balance(f, difference=2, mover="big-blind")
    assert (m1.from_table, m1.from_seat, m1.to_table) == (2, 3, 4)
    assert (m2.from_table, m2.from_seat, m2.to_table) == (1, 3, 3)
    assert m1.reason == m2.reason == "balancing (WPA 5)"


def test_ifp_11a_tda_11_c_the_source_table_by_a_predetermined_procedure():
    """IFP 11a / TDA 11-C: the table a player leaves is set by a predetermined procedure:
    here the set break order (the fullest table breaking next gives, the shortest table
    breaking last receives)."""
    f = floor_of("abcdefghij", "abcdefghij", "abcdefgh..")
    f.set_break_order([1, 3, 2])
    [m] = balance(f, difference=2)
    assert (m.from_table, m.to_table) == (1, 3)


def test_ifp_11a_play_halts_on_a_table_three_or_more_short():
    """IFP 11a (and TDA 11-D): play halts on any table 3 or more players short."""
    f = floor_of("abcdefghij", "abcdefgh..", "abcdefg...")
    assert halted_tables(f, 3) == [3]
    f.leave("3a")
    assert halted_tables(f, 3) == [3]
    f.leave("2a")
    assert halted_tables(f, 3) == [2, 3]


def test_wpa_5_play_halts_on_a_table_two_short():
    """WPA 5 (preset wpa): play halts on a table at least two players short."""
    f = floor_of("abcdefghi", "abcdefg..", "abcdefgh.", max_seats=9)
    assert halted_tables(f, 2) == [2]


def test_gananda_seating_tables_break_when_the_players_fit_at_fewer():
    """Gananda: Seating (the fewest tables) and IFP 10: when the players fit at fewer tables,
    the next table in the set order breaks and its players fill the open seats, shortest
    tables first."""
    f = floor_of("abcdefg...", "abcdefg...", "abcdefg...")
    assert tables_to_break(f) == 0
    f.leave("1a")                                   # 6 + 7 + 7 = 20: two tables of 10
    assert tables_to_break(f) == 1
    moves = break_tables(f, random.Random(3))
    assert sorted(f.tables) == [1, 2] and counts(f) == {1: 10, 2: 10}
    assert {m.from_table for m in moves} == {3} and len(moves) == 7
    assert sum(m.to_table == 1 for m in moves) == 4   # the shorter table takes more
    assert all(m.reason == "table broken (IFP 10)" for m in moves)
    f.check()


def test_ifp_10_broken_table_players_draw_any_open_seat():
    """IFP 10: players from a broken table may get any open seat (big blind, small blind,
    button); the draw is random."""
    seats_seen = set()
    for seed in range(200):
        f = floor_of("abcdefgh..", "a.........")
        [m] = break_table(f, 2, random.Random(seed))
        seats_seen.add(m.to_seat)
    assert seats_seen == {9, 10}


def test_tda_10_two_step_random_draw_for_a_broken_table():
    """TDA 10-B and its addendum (preset tda-2024): the seat cards are scrambled face down, a
    playing card is dealt face up to each player, and the seat cards are dealt out, the first
    to the highest card by suit."""
    f = floor_of("abcde.....", "abcde.....", "abc.......")
    r = random.Random(11)
    moves = break_table(f, 3, r, two_step=True)
    assert all(m.reason == "table broken (TDA 10-B)" for m in moves)
    # Replay the same procedure by hand with the same generator.
    g = floor_of("abcde.....", "abcde.....", "abc.......")
    r2 = random.Random(11)
    pool = []
    tentative = {1: 5, 2: 5}
    open_seats = {1: g.tables[1].open_seats(), 2: g.tables[2].open_seats()}
    for _ in range(3):
        tid = min(tentative, key=lambda t: (tentative[t], -g.break_rank(t)))
        pool.append((tid, open_seats[tid].pop(r2.randrange(len(open_seats[tid])))))
        tentative[tid] += 1
    r2.shuffle(pool)                                      # step 1: seat cards scrambled
    cards = r2.sample(range(52), 3)                       # step 2: a face-up card each
    by_card = sorted(zip(cards, ["3a", "3b", "3c"]), reverse=True)
    expected = {p: pool[i] for i, (_, p) in enumerate(by_card)}
    assert {m.player: (m.to_table, m.to_seat) for m in moves} == expected


def test_ifp_15_final_table_random_redraw():
    """IFP 15 (Gananda: Final Table: random seating order): at the final table every player
    draws a new seat; the final table's button is placed afresh (IFP 16)."""
    f = floor_of("abcde.....", "abcde.....")
    deal(f, 1, 3)
    f.leave("2a")                                         # 9 players: the final table
    moves = form_final_table(f, 10, random.Random(8))
    assert sorted(f.tables) == [1] and f.tables[1].button is None
    assert len(moves) == 9 and all(m.reason == "final table redraw (IFP 15)" for m in moves)
    assert sorted(m.to_seat for m in moves) == list(range(1, 10))
    assert {m.player for m in moves} == set(f.where)
    for m in moves:
        assert f.where[m.player] == (1, m.to_seat)
    f.check()
    # The redraw is random: over seeds a player reaches every seat.
    seen = set()
    for seed in range(300):
        g = floor_of("abcde.....", "abcd......")
        form_final_table(g, 10, seed)
        seen.add(g.where["1a"])
    assert seen == {(1, s) for s in range(1, 10)}
    with pytest.raises(SeatingError, match="10 players remain: the final table of 9"):
        form_final_table(floor_of("abcde", "abcde", max_seats=5), 9)


def test_tda_rp_9_final_table_without_redraw():
    """TDA RP-9 (no redraw rule; presets wpa and tda-2024): two tables of five combine to a
    nine-handed final table; the last table's players keep their seats."""
    f = floor_of("abcde....", "abcde....", max_seats=9)
    f.leave("2e")
    keep = {p: f.where[p] for p in f.tables[1].players()}
    moves = form_final_table(f, 9, random.Random(1), redraw=False)
    assert sorted(f.tables) == [1] and len(moves) == 4
    assert all(f.where[p] == s for p, s in keep.items())
    f.check()


def test_a_difference_below_two_is_refused():
    with pytest.raises(ValueError, match="at least 2"):
        balance(floor_of("abc", "ab"), difference=1)


def test_balancing_waits_for_tables_between_hands():
    """Gananda: Moving Players: moving occurs after the hands at both tables are over; only
    tables named ready take part."""
    f = floor_of("abcdefghij", "abcdefghij", "abcdefgh..")
    assert balance(f, difference=2, ready={2}) == []
    [m] = balance(f, difference=2, ready={2, 3})
    assert (m.from_table, m.to_table) == (2, 3)


# --- properties ---------------------------------------------------------------------------

@settings(max_examples=150, deadline=None)
@given(st.integers(2, 300), st.sampled_from([(10, 2), (9, 2), (6, 2), (10, 3), (2, 2)]),
       st.integers(0, 2**32 - 1), st.booleans())
def test_property_balancing_keeps_tables_within_the_allowed_difference(n, cfg, seed, two_step):
    """Property: busting players one by one, breaking and balancing after each bust, every
    player stays seated exactly once, no seat holds two, tables never differ by the allowed
    difference or more, and the players sit at the fewest tables."""
    max_seats, difference = cfg
    r = random.Random(seed)
    f, _ = initial_seating(range(n), max_seats, r)
    for t in f.tables.values():
        t.button = ButtonState(max_seats, first_occupied(t.seats))
    alive = set(range(n))
    while len(alive) > 1:
        for tid in list(f.tables):
            t = f.tables[tid]
            if t.count >= 2:
                if t.button is None:
                    t.button = ButtonState(max_seats, first_occupied(t.seats))
                t.button.next_hand(t.seats)
        victim = r.choice(sorted(alive))
        alive.remove(victim)
        f.leave(victim)
        before = dict(f.where)
        moves = break_tables(f, r, two_step=two_step)
        moves += balance(f, difference=difference,
                         mover=r.choice(["next-big-blind", "big-blind"]))
        for m in moves:            # replaying the records reproduces the floor exactly
            assert (m.from_table, m.from_seat) == before[m.player]
            before[m.player] = (m.to_table, m.to_seat)
        assert before == f.where
        f.check()
        assert set(f.where) == alive
        assert f.max_count() - f.min_count() < difference or f.table_count == 1
        assert f.table_count == max(1, -(-len(alive) // max_seats))
        if len(alive) <= max_seats and f.table_count == 1:
            break
