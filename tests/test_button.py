"""Button and blinds across hands at one table."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.tournament.button import (
    ButtonError,
    ButtonState,
    HandPositions,
    draw_button,
    first_occupied,
    start_button,
)


def table(n_players=9, seats=10):
    """Player #k in seat k, as in the Gananda examples."""
    return [f"P{k}" if k <= n_players else None for k in range(1, seats + 1)]


def bust(seats, *numbers):
    for k in numbers:
        seats[k - 1] = None


def where(pos: HandPositions):
    return (pos.button, pos.button_dead, pos.small_blind, pos.big_blind)


def gananda_hand_1():
    """In Hand 1, Dealer is Player #1, the small blind is Player #2, the big blind is #3."""
    seats = table()
    b = ButtonState(10, first_occupied(seats))
    assert where(b.next_hand(seats)) == (1, False, 2, 3)
    return seats, b


def test_gananda_button_and_blind_use_example_1_dealer_busts():
    """Gananda: Button and Blind Use, example 1: the dealer busts. Hand 2: Player #2 is the
    dealer, #3 the small blind, #4 the big blind."""
    seats, b = gananda_hand_1()
    bust(seats, 1)
    assert where(b.next_hand(seats)) == (2, False, 3, 4)


def test_gananda_button_and_blind_use_example_2_small_blind_busts():
    """Gananda: Button and Blind Use, example 2: the small blind busts. Hand 2: #3 small
    blind, #4 big blind, the button is dead (#1 is the de facto dealer). Hand 3: #3 dealer,
    #4 small blind, #5 big blind."""
    seats, b = gananda_hand_1()
    bust(seats, 2)
    h2 = b.next_hand(seats)
    assert where(h2) == (2, True, 3, 4)
    h3 = b.next_hand(seats)
    assert where(h3) == (3, False, 4, 5)


def test_gananda_button_and_blind_use_example_3_big_blind_busts():
    """Gananda: Button and Blind Use, example 3: the big blind busts. Hand 2: #2 dealer, #4 big
    blind, no small blind (dead). Hand 3: #4 small blind, #5 big blind, no dealer (dead
    button). Hand 4: #4 dealer, #5 small blind, #6 big blind."""
    seats, b = gananda_hand_1()
    bust(seats, 3)
    h2 = b.next_hand(seats)
    assert where(h2) == (2, False, None, 4) and h2.small_blind_dead
    h3 = b.next_hand(seats)
    assert where(h3) == (3, True, 4, 5)
    h4 = b.next_hand(seats)
    assert where(h4) == (4, False, 5, 6)


def test_gananda_button_and_blind_use_example_4_under_the_gun_busts():
    """Gananda: Button and Blind Use, example 4: under the gun busts. Hand 2: #2 dealer, #3
    small blind, #5 big blind (one hand earlier)."""
    seats, b = gananda_hand_1()
    bust(seats, 4)
    assert where(b.next_hand(seats)) == (2, False, 3, 5)


def test_gananda_button_and_blind_use_example_5_both_blinds_bust():
    """Gananda: Button and Blind Use, example 5: both blinds bust. Hand 2: #4 big blind, small
    blind and button dead. Hand 3: #4 small blind, #5 big blind, button dead. Hand 4: #4
    dealer, #5 small blind, #6 big blind."""
    seats, b = gananda_hand_1()
    bust(seats, 2, 3)
    h2 = b.next_hand(seats)
    assert where(h2) == (2, True, None, 4)
    h3 = b.next_hand(seats)
    assert where(h3) == (3, True, 4, 5)
    h4 = b.next_hand(seats)
    assert where(h4) == (4, False, 5, 6)


def test_ifp_17_dead_button():
    """IFP 17: if the player who was to have the button is eliminated, the button goes to the
    vacant seat and the blinds are posted as if there had been no elimination."""
    seats = table(6)
    b = ButtonState(10, 1)
    b.next_hand(seats)                          # 1 / 2 / 3
    b.next_hand(seats)                          # 2 / 3 / 4
    bust(seats, 3)                              # the player due the button
    h = b.next_hand(seats)
    assert where(h) == (3, True, 4, 5)
    assert seats[h.button - 1] is None


def test_ifp_19_single_big_blind_no_one_posts_the_same_blind_twice():
    """IFP 19: if the player who was to post the small blind is eliminated, there is a single
    big blind; no player posts the same blind twice."""
    seats = table(6)
    b = ButtonState(10, 1)
    b.next_hand(seats)                          # 1 / 2 / 3
    bust(seats, 3)                              # the player due the small blind
    h = b.next_hand(seats)
    assert h.small_blind is None and h.big_blind == 4
    posted = {}
    for _ in range(20):
        h = b.next_hand(seats)
        for blind, seat in (("sb", h.small_blind), ("bb", h.big_blind)):
            if seat is not None:
                who = seats[seat - 1]
                assert posted.get(who) != blind, f"{who} posted the {blind} twice in a row"
        posted = {seats[h.big_blind - 1]: "bb"}
        if h.small_blind is not None:
            posted[seats[h.small_blind - 1]] = "sb"


def test_ifp_18_heads_up_button_is_the_small_blind():
    """IFP 18: heads-up, the small blind is on the button; the button alternates."""
    seats = [None, "A", None, None, "B", None]
    b = ButtonState(6, 2)
    h1 = b.next_hand(seats)
    assert h1.heads_up and h1.button == h1.small_blind == 2 and h1.big_blind == 5
    h2 = b.next_hand(seats)
    assert h2.button == h2.small_blind == 5 and h2.big_blind == 2
    h3 = b.next_hand(seats)
    assert h3.button == 2 and h3.big_blind == 5


def test_gananda_3_heads_up_the_player_who_had_the_big_blind_most_recently_gets_the_button():
    """Gananda: Button and Blind Use 3 (IFP 18: the button may need adjusting so that no one
    takes the big blind twice in a row): when play becomes heads-up, the player who had the
    big blind most recently gets the button, and his opponent the big blind."""
    seats = [f"P{k}" if k <= 3 else None for k in range(1, 7)]
    b = ButtonState(6, 1)
    assert where(b.next_hand(seats)) == (1, False, 2, 3)   # #3 big blind
    assert where(b.next_hand(seats)) == (2, False, 3, 1)   # #1 big blind
    assert where(b.next_hand(seats)) == (3, False, 1, 2)   # #2 big blind
    bust(seats, 2)                                       # the big blind busts
    h = b.next_hand(seats)
    # #1 had the big blind two hands ago, #3 three hands ago: #1 gets the button.
    assert h.heads_up and h.button == h.small_blind == 1 and h.big_blind == 3
    # The adjustment that matters: the small blind busts three-handed. The dead-button walk
    # would give the big blind to #3 again; #3 had it most recently, so #3 gets the button.
    seats = [f"P{k}" if k <= 3 else None for k in range(1, 7)]
    b = ButtonState(6, 1)
    b.next_hand(seats)                                   # 1 / 2 / 3: #3 big blind
    bust(seats, 2)
    h = b.next_hand(seats)
    assert h.heads_up and h.button == h.small_blind == 3 and h.big_blind == 1


def test_ifp_10_no_hand_between_the_small_blind_and_the_button():
    """IFP 10 (TDA 10-A, WPA 4): a player from a broken table can get the big blind, the small
    blind or the button, but gets no hand in a seat between the small blind and the button;
    he waits until the button has passed him."""
    # Two players arrive in empty seats between the next button and the next small blind.
    seats = ["A", "B", None, None, "E", "F", "G", None, None, None]
    b = ButtonState(10, 1)
    assert where(b.next_hand(seats)) == (1, False, 2, 5)
    seats[2], seats[3] = "X", "Y"               # seats 3 and 4
    h = b.next_hand(seats)
    assert where(h) == (2, False, 5, 6) and h.waiting == (3, 4)
    h = b.next_hand(seats)                      # the button has passed them: they play
    assert where(h) == (5, False, 6, 7) and h.waiting == ()


def test_ifp_10_a_moved_player_takes_the_obligations_of_his_seat():
    """IFP 10 / Gananda: Moving Players: a moved player assumes any obligation of the new
    seat: the small blind, the big blind or the button."""
    # Into the seat of the busted big blind: he posts the small blind.
    seats = table(6)
    b = ButtonState(10, 1)
    b.next_hand(seats)                          # 1 / 2 / 3
    seats[2] = "MOVED"                          # #3 busted, MOVED sits in seat 3
    h = b.next_hand(seats)
    assert where(h) == (2, False, 3, 4) and h.waiting == ()
    # Into the seat of the busted small blind: he gets the button.
    seats = table(6)
    b = ButtonState(10, 1)
    b.next_hand(seats)                          # 1 / 2 / 3
    seats[1] = "MOVED"
    h = b.next_hand(seats)
    assert where(h) == (2, False, 3, 4) and seats[h.button - 1] == "MOVED"
    # Into an empty seat right after the big blind: he posts the big blind next hand.
    seats = table(6)
    b = ButtonState(10, 1)
    bust(seats, 4)
    b.next_hand(seats)                          # 1 / 2 / 3
    seats[3] = "MOVED"
    h = b.next_hand(seats)
    assert where(h) == (2, False, 3, 4) and seats[h.big_blind - 1] == "MOVED"


def test_ifp_16_random_draw_for_the_button():
    """IFP 16: the first button is drawn at random among the players."""
    seats = [None, "A", "B", None, "C", "D"]
    drawn = {draw_button(seats, random.Random(i)) for i in range(200)}
    assert drawn == {2, 3, 5, 6}
    assert draw_button(seats, random.Random(7)) == draw_button(seats, random.Random(7))
    b = start_button(seats, rng=7)
    assert b.first_button == draw_button(seats, random.Random(7))
    assert start_button(seats).first_button in {2, 3, 5, 6}     # system CSPRNG by default


def test_gananda_seat_1_deals_the_first_hand():
    """Gananda: Seating: seat 1 is the dealer for the first hand of the tournament."""
    seats = table(8)
    b = ButtonState(10, first_occupied(seats))
    assert where(b.next_hand(seats)) == (1, False, 2, 3)
    assert where(start_button(seats, policy="seat-1").next_hand(seats)) == (1, False, 2, 3)
    with pytest.raises(ButtonError, match="unknown first-button policy"):
        start_button(seats, policy="high-card")


def test_impossible_hands_are_refused():
    with pytest.raises(ButtonError, match="needs two"):
        ButtonState(6, 1).next_hand(["A", None, None, None, None, None])
    # A first button whose seat emptied before the first hand passes to the next player.
    assert ButtonState(6, 2).next_hand(["A", None, "B", "C", None, None]).button == 3
    with pytest.raises(ButtonError, match="not a seat"):
        ButtonState(6, 7)


def test_moved_player_rule_examples_for_balancing():
    """IFP 11a: the player due the big blind next, and the worst position (a single big blind
    when available, never the small blind)."""
    seats = ["A", "B", "C", None, "E", "F", "G", "H", None, None]
    b = ButtonState(10, 1)
    b.next_hand(seats)                          # 1 / 2 / 3
    assert b.next_big_blind_seat(seats) == 5
    assert b.worst_open_seat(seats) == 4        # would post the big blind next hand
    bust(seats, 3)                              # the seat of the next small blind opens
    assert b.worst_open_seat(seats) == 4        # never the small blind's seat (3)


# --- properties ---------------------------------------------------------------------------

events = st.lists(st.tuples(st.sampled_from(["hand", "bust", "arrive"]),
                            st.integers(0, 9)), min_size=1, max_size=80)


@settings(max_examples=300)
@given(st.integers(3, 10), st.integers(1, 10), events)
def test_property_button_never_moves_backwards_and_big_blind_skips_no_one(n, first, evs):
    """Property (IFP 17): across any busts and arrivals, the button and the big blind move
    clockwise without passing over a player dealt in at both hands; every hand has a
    big blind on a player, a small blind (if any) on a player, distinct seats, and no one
    posts the same blind twice in a row (IFP 19)."""
    seats = [f"P{k}" if k <= n else None for k in range(1, 11)]
    start = first_occupied(seats, first)
    b = ButtonState(10, start)
    prev: HandPositions | None = None
    prev_seats = list(seats)
    newcomer = 0
    for ev, k in evs:
        if ev == "bust":
            occ = [i for i, p in enumerate(seats) if p is not None]
            if len(occ) > 2:
                seats[occ[k % len(occ)]] = None
            continue
        if ev == "arrive":
            empty = [i for i, p in enumerate(seats) if p is None]
            if empty:
                newcomer += 1
                seats[empty[k % len(empty)]] = f"N{newcomer}"
            continue
        h = b.next_hand(seats)
        assert seats[h.big_blind - 1] is not None
        assert h.small_blind is None or seats[h.small_blind - 1] is not None
        assert h.big_blind != h.small_blind
        assert h.big_blind not in h.waiting and h.small_blind not in h.waiting
        if not h.heads_up:
            assert h.button != h.big_blind
            assert h.button != h.small_blind
        if prev is not None:
            # IFP 19 / IFP 18: no one posts the same blind twice in a row.
            assert seats[h.big_blind - 1] != prev_seats[prev.big_blind - 1]
            # (Heads-up the button posts the small blind: when play becomes heads-up the
            # player who had the big blind most recently gets it, Gananda 3, even if he
            # was the small blind the hand before.)
            if h.small_blind is not None and prev.small_blind is not None and not h.heads_up:
                assert seats[h.small_blind - 1] != prev_seats[prev.small_blind - 1]
        if prev is not None and not h.heads_up and not prev.heads_up:
            # Seats held by the same player at both hands, dealt in at the first (a player who
            # waited, IFP 10, is passed by the button on purpose).
            stayed = {i + 1 for i in range(10) if seats[i] is not None
                      and seats[i] == prev_seats[i] and i + 1 not in prev.waiting}
            # The button may pass the player who now posts the big blind: when the seat
            # between the last big blind and him has emptied, the big blind moves on to
            # him (IFP 17: the big blind moves to the next player) and the button, which
            # must sit before the small blind, goes round him.
            for old, new, exempt in ((prev.button, h.button, {h.big_blind}), (prev.big_blind, h.big_blind, set())):
                s = old % 10 + 1
                while s != new:
                    assert s not in stayed - exempt, f"skipped seat {s} moving {old}->{new}"
                    s = s % 10 + 1
        prev, prev_seats = h, list(seats)


@settings(max_examples=200)
@given(st.integers(2, 10), st.integers(1, 40))
def test_property_every_player_posts_the_big_blind_once_per_orbit(n, hands):
    """Property: with no busts, the big blind goes round the table one player at a time."""
    seats = [f"P{k}" if k <= n else None for k in range(1, 11)]
    b = ButtonState(10, 1)
    bbs = [b.next_hand(seats).big_blind for _ in range(hands)]
    for i in range(len(bbs) - n):
        assert bbs[i] == bbs[i + n]
    assert len(set(bbs[:n])) == min(n, len(bbs))
