"""Payouts: the Gananda table and its rounding, payout tables as data, generated structures, ties."""

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.tournament.payouts import (
    GANANDA,
    PayoutError,
    PayoutTable,
    award,
    gananda_payouts,
    generated_payouts,
    load_payout_table,
    places_paid,
    round_nearest_then_lowest_up,
    split_tie,
)

# --- Gananda: Payout ----------------------------------------------------------------------

# Pools of $20 a player (Gananda: $25 buy-in, $20 to the weekly payout), worked by hand:
# each place rounded to the nearest dollar, the difference settled from the lowest place up.
GANANDA_CASES = [
    # 2-6 players: 70/30
    (2, 40, (28, 12)),
    (5, 100, (70, 30)),
    (6, 120, (84, 36)),
    (3, 65, (46, 19)),          # 45.5 -> 46, 19.5 -> 20 = 66: the $1 over comes off 2nd (lowest)
    # 7-9: 50/30/20
    (7, 140, (70, 42, 28)),
    (8, 160, (80, 48, 32)),
    (9, 180, (90, 54, 36)),
    # 10-18: 46/27/17/10
    (10, 200, (92, 54, 34, 20)),
    (13, 260, (120, 70, 44, 26)),   # 119.6, 70.2, 44.2, 26 -> 120, 70, 44, 26 = 260
    (18, 360, (166, 97, 61, 36)),   # 165.6, 97.2, 61.2, 36 -> 166, 97, 61, 36 = 360
    (11, 220, (101, 59, 37, 23)),   # 101.2, 59.4, 37.4, 22 -> 219: the $1 short goes to 4th
    # 19-27: 42/25/15/10/8
    (19, 380, (160, 95, 57, 38, 30)),
    (23, 460, (193, 115, 69, 46, 37)),
    (27, 540, (227, 135, 81, 54, 43)),
    # 28-54: 40/23/13/10/8/6
    (28, 560, (224, 129, 73, 56, 45, 33)),   # 224, 128.8, 72.8, 56, 44.8, 33.6 -> 561: 6th gives $1
    (41, 820, (328, 189, 107, 82, 66, 48)),  # ... 49.2 -> 49; sum 821: 6th gives $1
    (54, 1080, (432, 248, 140, 108, 86, 66)),  # 248.4, 140.4, 86.4, 64.8 -> 1079: 6th gets $1
]

def test_gananda_9_players_185_worked_by_hand():
    """Gananda: Payout. 50/30/20 of 185 = 92.5, 55.5, 37 -> 93, 56, 37 = 186; $1 off 3rd."""
    assert gananda_payouts(9, 185) == (93, 56, 36)


@pytest.mark.parametrize("entrants, pool, expected", GANANDA_CASES)
def test_gananda_payout_brackets(entrants, pool, expected):
    """Gananda: Payout. Every bracket of the schedule, exact amounts, summing to the pool."""
    assert gananda_payouts(entrants, pool) == expected
    assert sum(expected) == pool


@pytest.mark.parametrize("entrants, places", [(2, 2), (6, 2), (7, 3), (9, 3), (10, 4), (18, 4), (19, 5),
                                              (27, 5), (28, 6), (54, 6)])
def test_gananda_payout_places_by_field_size(entrants, places):
    """Gananda: Payout. The number of places paid at each edge of each bracket."""
    assert len(gananda_payouts(entrants, 20 * entrants)) == places


def test_gananda_payout_table_matches_the_rules_file():
    """Gananda: Payout. The preset holds exactly the league's schedule (and issue 4's)."""
    rows = [((b.min_entrants, b.max_entrants), [int(p) for p in b.percents]) for b in GANANDA.brackets]
    assert rows == [((2, 6), [70, 30]), ((7, 9), [50, 30, 20]), ((10, 18), [46, 27, 17, 10]),
                    ((19, 27), [42, 25, 15, 10, 8]), ((28, 54), [40, 23, 13, 10, 8, 6])]
    assert GANANDA.rule == "Gananda: Payout"


def test_gananda_payout_rounding_lowest_place_first_then_upward():
    """Gananda: Payout. 'Adjustments for rounding are made to the lowest finishing player first
    and continue to be made upward until all rounding adjustments are complete.'"""
    # 28-54 players, $610: 244, 140.3, 79.3, 61, 48.8, 36.6 -> 244, 140, 79, 61, 49, 37 = 610.
    assert gananda_payouts(30, 610) == (244, 140, 79, 61, 49, 37)
    # $605: 242, 139.15, 78.65, 60.5, 48.4, 36.3 -> 242, 139, 79, 61, 48, 36 = 605.
    assert gananda_payouts(30, 605) == (242, 139, 79, 61, 48, 36)
    # $1,115: 446, 256.45, 144.95, 111.5, 89.2, 66.9 -> 446, 256, 145, 112, 89, 67 = 1115.
    assert gananda_payouts(54, 1115) == (446, 256, 145, 112, 89, 67)
    # Two dollars short ($641, e.g. a Tournament of Champions pool): 256.4, 147.43, 83.33,
    # 64.1, 51.28, 38.46 round to 256, 147, 83, 64, 51, 38 = 639: $1 to 6th, then $1 to 5th.
    assert gananda_payouts(40, 641) == (256, 147, 83, 64, 52, 39)
    # Two dollars over ($659): 263.6, 151.57, 85.67, 65.9, 52.72, 39.54 round to 264, 152, 86,
    # 66, 53, 40 = 661: $1 from 6th, then $1 from 5th.
    assert gananda_payouts(40, 659) == (264, 152, 86, 66, 52, 39)
    # The rule on its own, exact fractions in: 45.5 and 19.5 of $65 -> 46 + 20 = 66: $1 off 2nd.
    assert round_nearest_then_lowest_up([Fraction(91, 2), Fraction(39, 2)], 65) == (46, 19)


def test_gananda_payout_in_cents_rounds_to_whole_dollars():
    """Gananda: Payout. Money in cents: 'rounded to the nearest $1' is a unit of 100."""
    assert gananda_payouts(13, 26_000, unit=100) == (12_000, 7_000, 4_400, 2_600)
    assert gananda_payouts(11, 22_000, unit=100) == (10_100, 5_900, 3_700, 2_300)
    # A pool of odd cents: the last, sub-dollar step of the adjustment goes to the lowest place.
    amounts = gananda_payouts(2, 4_050, unit=100)
    assert amounts == (2_800, 1_250) and sum(amounts) == 4_050


def test_gananda_payout_beyond_54_refused_naming_the_generated_structure():
    """Gananda: Payout. The schedule stops at 54 players: refused, pointing to the generated one."""
    with pytest.raises(PayoutError, match=r"2-54 entrants.*generated structure"):
        gananda_payouts(55, 1100)
    with pytest.raises(PayoutError, match="starts at 2"):
        gananda_payouts(1, 20)


def test_gananda_payout_pool_too_small_is_refused():
    with pytest.raises(PayoutError, match="too small"):
        gananda_payouts(30, 3)
    with pytest.raises(PayoutError, match="whole number"):
        gananda_payouts(10, 200.0)


# --- payout tables as data ----------------------------------------------------------------

def table(brackets, **kw):
    return {"name": "house", "brackets": brackets, **kw}


def test_payout_table_not_summing_to_100_is_refused():
    with pytest.raises(PayoutError, match=r"\[50, 30, 10\] sum to 90%, not 100%"):
        load_payout_table(table([{"entrants": [2, 9], "percents": [50, 30, 10]}]))


def test_payout_table_increasing_is_refused():
    with pytest.raises(PayoutError, match="may not increase: place 3 gets 30% but place 2 gets 20%"):
        load_payout_table(table([{"entrants": [3, 9], "percents": [50, 20, 30]}]))


def test_payout_table_gaps_overlaps_and_too_many_places_are_refused():
    with pytest.raises(PayoutError, match="without gap or overlap"):
        load_payout_table(table([{"entrants": [2, 6], "percents": [70, 30]},
                                 {"entrants": [8, 9], "percents": [50, 30, 20]}]))
    with pytest.raises(PayoutError, match="pays 3 places but the field may have only 2"):
        load_payout_table(table([{"entrants": [2, 6], "percents": [50, 30, 20]}]))
    with pytest.raises(PayoutError, match="positive percentage"):
        load_payout_table(table([{"entrants": [2, 6], "percents": [100, 0]}]))
    with pytest.raises(PayoutError, match="unknown rounding"):
        load_payout_table(table([{"entrants": [2, 6], "percents": [100]}], rounding="bankers"))


def test_payout_table_with_fractional_percentages_round_trips(tmp_path):
    data = table([{"entrants": [2, 5], "percents": [100]},
                  {"entrants": [6, 20], "percents": ["62.5", 37.5]}], rounding="down-remainder-to-first")
    t = load_payout_table(data)
    assert t.brackets[1].percents == (Fraction(125, 2), Fraction(75, 2))
    assert t.payouts(10, 101) == (64, 37)    # 63.125 -> 63, 37.875 -> 37, remainder 1 to first
    path = tmp_path / "house.json"
    path.write_text(json.dumps(t.to_dict()))
    assert load_payout_table(path) == t
    assert load_payout_table("gananda") == GANANDA
    with pytest.raises(PayoutError, match="no payout preset"):
        load_payout_table("nowhere")


# --- generated structures -----------------------------------------------------------------

def test_generated_structure_example():
    """100 entrants, $100 buy-in: 15 places, min cash $150, first about a third."""
    amounts = generated_payouts(100, 10_000, buy_in=100)
    assert len(amounts) == 15
    assert sum(amounts) == 10_000
    assert amounts[-1] >= 150
    assert amounts[0] == 3_208


def test_generated_structure_pays_fewer_places_when_min_cash_cannot_be_met():
    # 50% of 10 paid = 5 places, but a min cash of 3 buy-ins (60) x 5 > 200: pays 200 // 60 = 3.
    # Weights 3/4, 1/4, 1/12 of the excess 20: 73.85, 64.62, 61.54 -> 73, 64, 61; +2 to first.
    assert generated_payouts(10, 200, buy_in=20, paid_share="0.5", min_cash_multiple=3) == (75, 64, 61)
    with pytest.raises(PayoutError, match="exceeds the prize pool"):
        generated_payouts(10, 200, buy_in=20, min_cash_multiple=11)
    with pytest.raises(PayoutError, match="at least 2 entrants"):
        generated_payouts(0, 200, buy_in=20)
    with pytest.raises(PayoutError, match="share of the field paid"):
        generated_payouts(10, 200, buy_in=20, paid_share=0)


def test_places_paid():
    assert [places_paid(n) for n in (2, 6, 7, 54, 100, 1000)] == [1, 1, 2, 9, 15, 150]
    assert places_paid(10, 1) == 10


@settings(max_examples=300, deadline=None)
@given(entrants=st.integers(2, 5000), buy_in=st.integers(1, 10_000), share=st.fractions(Fraction(1, 100), 1),
       multiple=st.fractions(0, 5), unit=st.sampled_from([1, 5, 100]), extra=st.integers(0, 999))
def test_generated_structure_properties(entrants, buy_in, share, multiple, unit, extra):
    """Sums to the pool, non-increasing, every place at least the minimum cash, whole units."""
    pool = entrants * buy_in + extra
    min_cash = -(-multiple * buy_in // unit) * unit
    if min_cash > pool:
        with pytest.raises(PayoutError):
            generated_payouts(entrants, pool, buy_in=buy_in, paid_share=share, min_cash_multiple=multiple, unit=unit)
        return
    amounts = generated_payouts(entrants, pool, buy_in=buy_in, paid_share=share, min_cash_multiple=multiple, unit=unit)
    assert sum(amounts) == pool
    assert all(a >= b for a, b in zip(amounts, amounts[1:]))
    assert all(a >= min_cash for a in amounts)
    assert 1 <= len(amounts) <= places_paid(entrants, share)
    assert all(a % unit == 0 for a in amounts[1:])
    assert all(isinstance(a, int) for a in amounts)


# --- ties: IFP 57, WPA 8, Gananda: Winning the Tournament ---------------------------------

def test_ifp_57_players_out_on_the_same_hand_at_different_tables_tie_for_place_and_prize():
    """IFP 57: players eliminated on the same hand at different tables tie for that finishing
    position and prize money: they share the prizes of the places they span."""
    prizes = gananda_payouts(30, 600)      # (240, 138, 78, 60, 48, 36)
    assert prizes == (240, 138, 78, 60, 48, 36)
    assert split_tie(prizes, 4, 2) == (54, 54)             # 4th and 5th: 60 + 48
    assert split_tie(prizes, 5, 3) == (28, 28, 28)         # 5th, 6th and unpaid 7th: 84 / 3
    assert split_tie(prizes, 6, 2) == (18, 18)             # 6th and unpaid 7th


def test_wpa_8_combined_prize_money_split_evenly_odd_units_in_listed_order():
    """WPA 8: the combined prize money is split evenly; the odd units (fewer than the players)
    go one each to the tied players in the order listed (the tournament draws that order)."""
    prizes = (100, 61, 40)
    assert split_tie(prizes, 2, 2) == (51, 50)
    assert split_tie(prizes, 1, 3) == (67, 67, 67)
    assert split_tie((100, 50, 27), 1, 3) == (59, 59, 59)
    assert split_tie((100, 52, 2), 1, 3) == (52, 51, 51)
    # Cents, split in whole dollars: 10150 cents between two: $50 each, then $1, then 50 cents.
    assert split_tie((20_000, 6_100, 4_050), 2, 2, unit=100) == (5_100, 5_050)
    # Cents split to the cent.
    assert split_tie((20_000, 6_100, 4_051), 2, 2) == (5_076, 5_075)


def test_gananda_winning_the_tournament_equal_stacks_share_prize():
    """Gananda: Winning the Tournament, Example 2: two players out on the same hand with equal
    starting stacks tie and receive an equal share of the prize money for their place."""
    prizes = gananda_payouts(13, 260)     # (120, 70, 44, 26)
    paid = award(prizes, [["ann"], ["bob"], ["cy", "di"], ["ed"]])
    assert paid == {"ann": 120, "bob": 70, "cy": 35, "di": 35, "ed": 0}
    assert sum(paid.values()) == 260
    with pytest.raises(PayoutError, match="finishes twice"):
        award(prizes, [["ann"], ["ann"]])
    with pytest.raises(PayoutError, match="empty group"):
        award(prizes, [["ann"], []])
