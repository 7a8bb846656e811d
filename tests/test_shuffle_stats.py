"""Statistical checks of the shuffles (issue 13: fair deal), each at significance 0.001 with a
fixed seed budget, so every result is reproducible:

- each card's position uniform over the 52 positions: Pearson's chi-square of the 52 x 52 table
  of (card, position) counts over N shuffles, (52 - 1)^2 = 2601 degrees of freedom;
- all 120 orders of five cards equally likely: chi-square of the 120 counts, 119 degrees.

They run on the engine's deal (the partial Fisher-Yates of every hand, here taken to all 52
cards; the relative order of five cards in it for the small deck), the provably fair mixing
(:func:`pokertd.engine.fair.dealt_order`) and :class:`pokertd.cards.Deck`; and they are shown
to reject a deliberately biased shuffle (each card swapped with any position: the classic
naive shuffle, whose n^n outcomes cannot spread evenly over n! orders).
"""

from __future__ import annotations

import itertools
import math
import random

import pytest

from pokertd.cards import Deck
from pokertd.engine import hand as engine
from pokertd.engine.fair import dealt_order

ALPHA = 0.001


def chi2_sf(x: float, df: int) -> float:
    """P(chi-square with ``df`` degrees > ``x``): the regularized upper incomplete gamma
    Q(df/2, x/2) (series below a + 1, continued fraction above; Numerical Recipes 6.2)."""
    a, z = df / 2.0, x / 2.0
    if z <= 0:
        return 1.0
    log_front = a * math.log(z) - z - math.lgamma(a)
    if z < a + 1:
        term = total = 1.0 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= z / n
            total += term
        return 1.0 - total * math.exp(log_front)
    b = z + 1 - a
    c, d = 1e300, 1 / b
    h = d
    i = 1
    while True:
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1e-300 if abs(d) < 1e-300 else d
        c = b + an / c
        c = 1e-300 if abs(c) < 1e-300 else c
        d = 1 / d
        delta = d * c
        h *= delta
        i += 1
        if abs(delta - 1) < 1e-15:
            return math.exp(log_front) * h


def test_chi2_sf_matches_known_quantiles():
    # Tabulated upper quantiles of the chi-square distribution.
    assert chi2_sf(3.841, 1) == pytest.approx(0.05, abs=1e-4)
    assert chi2_sf(18.307, 10) == pytest.approx(0.05, abs=1e-4)
    assert chi2_sf(149.885, 119) == pytest.approx(0.03, abs=0.005)
    assert chi2_sf(2601, 2601) == pytest.approx(0.5, abs=0.01)


def engine_deal(rng: random.Random) -> list[int]:
    return engine._deal_compiled(rng.getrandbits, engine._radix_chunks(52))


def fair_mix(rng: random.Random) -> list[int]:
    return dealt_order(range(52), [{"player": 0, "seed": f"{rng.getrandbits(64)}"}])


def deck_shuffle(rng: random.Random) -> list[int]:
    return [int(c) for c in Deck(rng=rng).cards]


def biased(rng: random.Random, n: int = 52) -> list[int]:
    d = list(range(n))
    for i in range(n):
        j = rng.randrange(n)                    # should be randrange(i, n): biased
        d[i], d[j] = d[j], d[i]
    return d


def position_p_value(shuffle, shuffles: int, seed: int) -> float:
    rng = random.Random(seed)
    counts = [[0] * 52 for _ in range(52)]
    for _ in range(shuffles):
        for pos, card in enumerate(shuffle(rng)):
            counts[card][pos] += 1
    e = shuffles / 52
    stat = sum((o - e) ** 2 / e for row in counts for o in row)
    return chi2_sf(stat, 51 * 51)


ORDERS = {p: k for k, p in enumerate(itertools.permutations(range(5)))}


def orders_p_value(order_of_five, shuffles: int, seed: int) -> float:
    rng = random.Random(seed)
    counts = [0] * 120
    for _ in range(shuffles):
        counts[ORDERS[tuple(order_of_five(rng))]] += 1
    e = shuffles / 120
    return chi2_sf(sum((o - e) ** 2 / e for o in counts), 119)


SHUFFLES = {"engine deal": engine_deal, "fair mixing": fair_mix, "Deck": deck_shuffle}


@pytest.mark.parametrize("name", SHUFFLES)
def test_each_card_position_is_uniform_over_52(name):
    assert position_p_value(SHUFFLES[name], 5200, seed=2026) > ALPHA


def test_the_position_check_rejects_a_biased_shuffle():
    assert position_p_value(biased, 5200, seed=2026) < ALPHA


def _relative(shuffle):
    """The order in which cards 0..4 come in a full shuffle of 52."""
    def order(rng):
        return [c for c in shuffle(rng) if c < 5]
    return order


FIVE = {
    "engine deal": _relative(engine_deal),
    "fair mixing": lambda rng: dealt_order(range(5), [{"player": 0, "seed": f"{rng.random()}"}]),
    "Deck": lambda rng: [int(c) for c in Deck(rng=rng, exclude=range(5, 52)).cards],
}


@pytest.mark.parametrize("name", FIVE)
def test_all_120_orders_of_five_cards_are_equally_likely(name):
    assert orders_p_value(FIVE[name], 6000, seed=7) > ALPHA


def test_the_orders_check_rejects_a_biased_shuffle():
    assert orders_p_value(lambda rng: biased(rng, 5), 6000, seed=7) < ALPHA
