"""ICM (Malmuth-Harville): hand-computed cases, a brute-force reference, properties, Monte Carlo
against exact, integer money, and deals (IFP 62)."""

import itertools
import json
import math
import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.tournament.icm import (
    PYTHON_MAX_PLAYERS,
    DealError,
    DealRecord,
    ICMError,
    chip_equities,
    deal_amounts,
    finish_probabilities,
    icm_equities,
    integer_amounts,
    make_deal,
)
from pokertd.tournament.icm import _harville_python


def harville_brute_force(stacks, prizes):
    """Exact equities as Fractions by summing over every finishing order (Harville)."""
    n = len(stacks)
    eq = [Fraction(0)] * n
    for order in itertools.permutations(range(n)):
        p = Fraction(1)
        left = sum(stacks)
        for i in order:
            p *= Fraction(stacks[i], left)
            left -= stacks[i]
        for place, i in enumerate(order[:len(prizes)]):
            eq[i] += p * prizes[place]
    return eq


# --- hand-computed cases ------------------------------------------------------------------

def test_icm_three_players_by_hand():
    """5000/3000/2000 for 50/30/20. The big stack: first 1/2; second after B wins 3/10 * 5/7,
    after C wins 2/10 * 5/8 = 95/280; third the rest, 45/280:
    50/2 + 30 * 95/280 + 20 * 45/280 = 38.392857..."""
    eq = icm_equities([5000, 3000, 2000], [50, 30, 20])
    assert eq[0] == pytest.approx(25 + 30 * 95 / 280 + 20 * 45 / 280, abs=1e-12)
    assert eq == pytest.approx((38.392857142857146, 32.75, 28.857142857142858), abs=1e-12)


def test_icm_heads_up_is_chip_equity_of_the_difference():
    """Two players: equity = second prize + chip share of (first - second)."""
    eq = icm_equities([7000, 3000], [70, 30])
    assert eq == pytest.approx((30 + 0.7 * 40, 30 + 0.3 * 40))


def test_icm_winner_take_all_is_chip_equity():
    eq = icm_equities([1, 2, 3, 4], [100])
    assert eq == pytest.approx((10, 20, 30, 40))


@pytest.mark.parametrize("seed", range(6))
def test_icm_exact_matches_brute_force(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 8))
    stacks = [int(x) for x in rng.integers(1, 10_000, n)]
    prizes = sorted((int(x) for x in rng.integers(0, 1000, int(rng.integers(1, n + 1)))), reverse=True)
    assert icm_equities(stacks, prizes, method="exact") == pytest.approx(
        [float(x) for x in harville_brute_force(stacks, prizes)], rel=1e-12, abs=1e-9)


@pytest.mark.parametrize("seed", range(4))
def test_icm_plain_python_and_numba_kernels_give_the_same_floats(seed):
    """Up to PYTHON_MAX_PLAYERS the exact programme runs in plain Python, beyond in Numba
    (icm_kernel.py): the same arithmetic in the same order, so the very same floats."""
    from pokertd.tournament.icm_kernel import harville_exact

    rng = np.random.default_rng(100 + seed)
    for n in range(1, PYTHON_MAX_PLAYERS + 1):
        stacks = [int(x) for x in rng.integers(1, 10 ** int(rng.integers(1, 10)), n)]
        places = int(rng.integers(1, n + 1))
        assert _harville_python(stacks, places) == harville_exact(stacks, places)


def test_icm_equity_is_the_exactly_summed_expectation():
    """Each equity is sum(P[i, k] * prize_k) computed exactly and rounded once: the same on
    every machine (a BLAS product rounds in an order its kernel picks)."""
    stacks, prizes = [7919, 3571, 2203, 1009, 613], [5000, 2500, 1200, 700, 600]
    probs = finish_probabilities(stacks, len(prizes), method="exact")
    exact = [float(sum(Fraction(float(p)) * prize for p, prize in zip(row, prizes))) for row in probs]
    assert list(icm_equities(stacks, prizes)) == exact


def test_icm_of_a_final_table_loads_neither_numpy_nor_numba():
    """`pokertd icm` for a final table answers at once: no NumPy or Numba import."""
    code = ("import sys; from pokertd.tournament.icm import icm_equities, deal_amounts; "
            "icm_equities([5000, 3000, 2000, 1000, 400, 300, 200, 100, 50, 25], [50, 30, 20]); "
            "deal_amounts({'a': 3, 'b': 2}, [10, 5], method='icm'); "
            "print(sorted({'numpy', 'numba'} & set(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_finish_probabilities_rows_and_columns_sum_to_one():
    p = finish_probabilities([10, 20, 30, 40, 50])
    assert p.sum(axis=0) == pytest.approx(np.ones(5))
    assert p.sum(axis=1) == pytest.approx(np.ones(5))
    assert p[:, 0] == pytest.approx(np.array([10, 20, 30, 40, 50]) / 150)


def test_icm_exact_for_20_players():
    """Exact ICM runs at 20 players (and beyond, to 24): equities sum to the prizes."""
    rng = np.random.default_rng(20)
    stacks = [int(x) for x in rng.integers(1_000, 100_000, 20)]
    prizes = list(range(2000, 0, -100))
    eq = icm_equities(stacks, prizes, method="exact")
    assert sum(eq) == pytest.approx(sum(prizes))
    order = np.argsort(stacks)
    assert all(np.diff(np.asarray(eq)[order]) >= -1e-9)


# --- properties ---------------------------------------------------------------------------

stacks_st = st.lists(st.integers(1, 10**6), min_size=2, max_size=9)


@settings(max_examples=150, deadline=None)
@given(stacks=stacks_st, data=st.data())
def test_icm_properties(stacks, data):
    """Sums to the prize pool; equal stacks equal equity; monotone in stack; bounded by the
    first and the last prize paid to every place."""
    n = len(stacks)
    prizes = sorted(data.draw(st.lists(st.integers(0, 10**5), min_size=1, max_size=n)), reverse=True)
    eq = icm_equities(stacks, prizes)
    assert sum(eq) == pytest.approx(sum(prizes), rel=1e-9, abs=1e-6)
    lowest = prizes[-1] if len(prizes) == n else 0
    for i in range(n):
        assert lowest - 1e-6 <= eq[i] <= prizes[0] + 1e-6
        for j in range(n):
            if stacks[i] == stacks[j]:
                assert eq[i] == pytest.approx(eq[j], rel=1e-9, abs=1e-6)
            elif stacks[i] < stacks[j]:
                assert eq[i] <= eq[j] + 1e-6


# --- Monte Carlo --------------------------------------------------------------------------

def test_icm_monte_carlo_close_to_exact_at_12_players():
    """The exponential race samples Harville's distribution: every finishing probability within
    five standard errors of the exact one (fixed seed, so the test is deterministic)."""
    rng = np.random.default_rng(12)
    stacks = [int(x) for x in rng.integers(500, 20_000, 12)]
    samples = 200_000
    exact = finish_probabilities(stacks, 8, method="exact")
    mc = finish_probabilities(stacks, 8, method="monte-carlo", samples=samples, seed=7)
    se = np.sqrt(exact * (1 - exact) / samples)
    assert np.all(np.abs(mc - exact) <= 5 * se + 1e-12)
    prizes = [400, 250, 150, 100, 80, 60, 40, 20]
    eq_mc = icm_equities(stacks, prizes, method="monte-carlo", samples=samples, seed=7)
    assert sum(eq_mc) == pytest.approx(sum(prizes))
    assert eq_mc == pytest.approx(icm_equities(stacks, prizes), abs=2.0)


def test_icm_monte_carlo_is_reproducible_by_seed_and_used_beyond_20():
    stacks = list(range(1000, 31_000, 1000))   # 30 players
    prizes = [300, 200, 100]
    a = icm_equities(stacks, prizes, samples=20_000, seed=1)
    b = icm_equities(stacks, prizes, method="monte-carlo", samples=20_000, seed=1)
    assert a == b
    assert sum(a) == pytest.approx(600)
    with pytest.raises(ICMError, match="exact ICM is limited to 24"):
        icm_equities(list(range(1, 26)), [1], method="exact")


# --- input checks -------------------------------------------------------------------------

@pytest.mark.parametrize("stacks, prizes, message", [
    ([100, -5], [10], "entry 2 is -5"),
    ([100, 0], [10], "entry 2 is 0"),
    ([100, 50], [10, 5, 1], "3 prizes for 2 players"),
    ([100, 50], [5, 10], "may not increase"),
    ([100, 50.0], [10], "not a whole number"),
    ([], [], "at least one stack"),
])
def test_icm_bad_input_is_refused(stacks, prizes, message):
    with pytest.raises(ICMError, match=message):
        icm_equities(stacks, prizes)


# --- chip equity and integer money --------------------------------------------------------

def test_chip_equities_are_exact_shares():
    assert chip_equities([5000, 3000, 2000], 100) == (50, 30, 20)
    assert chip_equities([1, 1, 1], 100) == (Fraction(100, 3),) * 3


def test_integer_amounts_largest_remainder_keeps_the_sum():
    """Floor each, then the units left go to the largest fractional parts (ties: larger stack,
    then listed first)."""
    eq = icm_equities([5000, 3000, 2000], [50, 30, 20])       # 38.39, 32.75, 28.86
    assert integer_amounts(eq, 100) == (38, 33, 29)
    assert integer_amounts(chip_equities([1, 1, 1], 100), 100) == (34, 33, 33)
    assert integer_amounts(chip_equities([1, 2, 1], 100), 100, stacks=[1, 2, 1]) == (25, 50, 25)
    assert integer_amounts(chip_equities([2, 1, 1], 101), 101, stacks=[2, 1, 1]) == (51, 25, 25)
    assert integer_amounts([Fraction(201, 4)] * 2, 101, stacks=[1, 2]) == (50, 51)
    assert integer_amounts([Fraction(5050)] * 2, 10_100, unit=100) == (5_100, 5_000)


# --- deals: IFP 62 ------------------------------------------------------------------------

PLAYERS = {"ann": 5000, "bob": 3000, "cy": 2000}
PRIZES = [500, 300, 200]


def test_ifp_62_deal_needs_every_remaining_players_agreement():
    """IFP 62: 'Agreement must be unanimous.' A deal without every remaining player is refused,
    and so is a deal 'agreed' by someone who is not a remaining player."""
    with pytest.raises(DealError, match="IFP 62: agreement must be unanimous; not agreed: cy"):
        make_deal(PLAYERS, PRIZES, method="chip-chop", agreed_by=["ann", "bob"])
    with pytest.raises(DealError, match="not remaining: dee"):
        make_deal(PLAYERS, PRIZES, method="chip-chop", agreed_by=["ann", "bob", "cy", "dee"])
    record = make_deal(PLAYERS, PRIZES, method="chip-chop", agreed_by=["cy", "bob", "ann"])
    assert record.agreed_by == ("ann", "bob", "cy")
    assert record.rule == "IFP 62"


def test_icm_deal():
    record = make_deal(PLAYERS, PRIZES, method="icm", agreed_by=list(PLAYERS))
    assert record.amounts == (384, 327, 289)     # 383.93, 327.5, 288.57
    assert sum(record.amounts) == record.pool == 1000
    assert record.valuation == "icm exact"


def test_chip_chop_deal():
    record = make_deal(PLAYERS, PRIZES, method="chip-chop", agreed_by=list(PLAYERS))
    assert record.amounts == (500, 300, 200)
    odd = make_deal({"a": 1, "b": 1, "c": 1}, [60, 30, 10], method="chip-chop", agreed_by=["a", "b", "c"])
    assert odd.amounts == (34, 33, 33)


def test_chip_chop_with_lowest_prize_locked():
    """Each player first gets the lowest remaining prize (200), the other 400 by chips."""
    record = make_deal(PLAYERS, PRIZES, method="chip-chop-lowest-locked", agreed_by=list(PLAYERS))
    assert record.amounts == (400, 320, 280)
    # Fewer prizes than players: the lowest place pays nothing, so it is a plain chip chop.
    four = dict(PLAYERS, dee=10_000)
    rec4 = make_deal(four, PRIZES, method="chip-chop-lowest-locked", agreed_by=list(four))
    assert rec4.amounts == (250, 150, 100, 500)


def test_custom_deal_must_sum_to_the_pool():
    with pytest.raises(DealError, match="custom amounts sum to 990 but the deal must divide exactly 1000"):
        make_deal(PLAYERS, PRIZES, method="custom", custom={"ann": 450, "bob": 300, "cy": 240},
                  agreed_by=list(PLAYERS))
    with pytest.raises(DealError, match="missing: cy"):
        make_deal(PLAYERS, PRIZES, method="custom", custom={"ann": 700, "bob": 300}, agreed_by=list(PLAYERS))
    record = make_deal(PLAYERS, PRIZES, method="custom", custom={"ann": 450, "bob": 300, "cy": 250},
                       agreed_by=list(PLAYERS))
    assert record.amounts == (450, 300, 250)


def test_deal_with_an_amount_left_to_play_for():
    """100 comes off first prize and is played for; the deal divides the other 900."""
    record = make_deal(PLAYERS, PRIZES, method="icm", left_to_play_for=100, agreed_by=list(PLAYERS))
    assert sum(record.amounts) == 900 and record.left_to_play_for == 100
    assert record.amounts == tuple(integer_amounts(icm_equities([5000, 3000, 2000], [400, 300, 200]), 900,
                                                   stacks=[5000, 3000, 2000]))
    chop = make_deal(PLAYERS, PRIZES, method="chip-chop", left_to_play_for=200, agreed_by=list(PLAYERS))
    assert chop.amounts == (400, 240, 160)
    with pytest.raises(DealError, match="at most first prize's margin over second \\(200\\)"):
        deal_amounts(PLAYERS, PRIZES, method="icm", left_to_play_for=201)


def test_deal_record_is_frozen_and_json_serialisable():
    record = make_deal(PLAYERS, PRIZES, method="icm", agreed_by=list(PLAYERS))
    data = json.loads(record.to_json())
    assert data["players"] == ["ann", "bob", "cy"] and data["amounts"] == [384, 327, 289]
    assert DealRecord.from_dict(data) == record
    assert json.loads(json.dumps(record.to_dict())) == data
    with pytest.raises(AttributeError):
        record.amounts = (1, 2, 3)
    assert record.amount_for("bob") == 327


def test_deal_bad_input_is_refused():
    with pytest.raises(DealError, match="at least two remaining players"):
        deal_amounts({"ann": 100}, [10], method="chip-chop")
    with pytest.raises(DealError, match="unknown deal method"):
        deal_amounts(PLAYERS, PRIZES, method="coin-flip")
    with pytest.raises(DealError, match="listed twice"):
        deal_amounts([("ann", 1), ("ann", 2)], [10], method="chip-chop")
    with pytest.raises(DealError, match="4 prizes for 3 players"):
        deal_amounts(PLAYERS, [400, 300, 200, 100], method="icm")


@settings(max_examples=60, deadline=None)
@given(stacks=st.lists(st.integers(1, 10**5), min_size=2, max_size=7), data=st.data())
def test_deal_amounts_always_sum_to_what_is_dealt(stacks, data):
    prizes = sorted(data.draw(st.lists(st.integers(0, 10**4), min_size=1, max_size=len(stacks))), reverse=True)
    players = {f"p{i}": s for i, s in enumerate(stacks)}
    margin = prizes[0] - (prizes[1] if len(prizes) > 1 else 0)
    x = data.draw(st.integers(0, margin))
    for method in ("icm", "chip-chop", "chip-chop-lowest-locked"):
        record = deal_amounts(players, prizes, method=method, left_to_play_for=x)
        assert sum(record.amounts) + x == sum(prizes)
        assert all(isinstance(a, int) and a >= 0 for a in record.amounts)
        assert math.isclose(sum(record.amounts), sum(prizes) - x)
