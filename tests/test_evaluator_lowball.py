"""Low hands and Omaha (pokertd.evaluator.lowball), checked over every five-card hand against
counts derived in the module's docstring and against the high evaluator."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from pokertd.cards import parse_cards
from pokertd.evaluator import evaluate, evaluate_batch, kernels
from pokertd.evaluator.lowball import (A5_VALUES, D27_VALUES, LOW8_FLOOR, LOW8_VALUES, deuce_seven,
                                       deuce_seven_batch, low, low8, low8_batch, low_batch,
                                       omaha_high, omaha_low8)


@pytest.fixture(scope="module")
def all_fives():
    return kernels.combinations(np.arange(52, dtype=np.int64), 5).astype(np.uint8)


def test_ace_to_five_over_every_five_card_hand(all_fives):
    """6,175 values (the rank multisets of five cards, at most four of a rank: C(17,5) - 13);
    the 1,287 unpaired rank sets (C(13,5)) are the best values; 56 values (C(8,5)) and
    57,344 hands (56 * 4**5) qualify for eight-or-better."""
    v = low_batch(all_fives)
    assert len(np.unique(v)) == A5_VALUES == 6175
    ranks = (all_fives >> 2).astype(np.int64)
    unpaired = np.array([len(set(r)) == 5 for r in ranks.tolist()])
    assert v[unpaired].min() > v[~unpaired].max()
    assert len(np.unique(v[unpaired])) == 1287
    q = low8_batch(all_fives)
    assert int((q > 0).sum()) == 57_344 and len(np.unique(q[q > 0])) == LOW8_VALUES == 56
    assert q[q > 0].min() == LOW8_FLOOR + 1


def test_deuce_to_seven_over_every_five_card_hand_is_the_high_order_upside_down(all_fives):
    """7,462 values; apart from A-2-3-4-5 (a straight high, ace-high in deuce-to-seven) the
    order is exactly the high evaluator's, reversed."""
    d = deuce_seven_batch(all_fives)
    assert len(np.unique(d)) == D27_VALUES == 7462
    h = evaluate_batch(all_fives)
    ranks = np.sort(all_fives >> 2, axis=1)
    wheel = (ranks == np.array([0, 1, 2, 3, 12])).all(axis=1)
    pairs = np.unique(np.stack([h[~wheel], d[~wheel]], axis=1), axis=0)
    # One deuce-to-seven value per high value, and a higher high is a worse low.
    assert len(pairs) == len(np.unique(h[~wheel]))
    order = pairs[np.argsort(pairs[:, 0])]
    assert (np.diff(order[:, 1]) < 0).all()
    # The wheel is ace-high: worse than every king-high hand, better than every pair.
    assert deuce_seven("As2d3c4h5s") < deuce_seven("Ks8d6c4h3s")
    assert deuce_seven("As2d3c4h5s") > deuce_seven("2s2d3c4h5s")


def test_known_lows():
    assert low("As2d3c4h5s") == 6175                       # the wheel: the best ace-to-five low
    assert low("6s4d3c2hAs") > low("6s5d3c2hAs")            # 6-4 beats 6-5
    assert low8("8s7d6c5h4s") == LOW8_FLOOR + 1             # the worst qualifying low
    assert low8("9s7d6c5h4s") == 0 and low8("8s8d6c5h4s") == 0
    assert low("AsAd2c3h4s") > low("2s2d3cAh4s")             # a pair of aces is the lower pair
    assert low("Ks5s4s3s2s") > low("KsQdJcTh9s") == low("KcQdJsTh9c")   # suits never matter
    assert deuce_seven("7s5d4c3h2s") == 7462                 # the best deuce-to-seven
    assert deuce_seven("7s5s4s3s2s") < deuce_seven("As Kd Qc Jh 9s")    # a flush counts
    assert deuce_seven("6s5d4c3h2s") < deuce_seven("8s6d4c3h2s")        # a straight counts


def test_seven_card_lows_match_the_best_five_and_the_batch():
    rng = random.Random(7)
    hands = [rng.sample(range(52), 7) for _ in range(300)]
    batch = low_batch(np.array(hands, np.uint8)).tolist()
    for h, b in zip(hands, batch):
        best = max(low(list(f)) for f in itertools.combinations(h, 5))
        assert low(h) == best == b
        assert low8(h) == (best if best > LOW8_FLOOR else 0)


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="twice"):
        low("AsAs2c3d4h")
    with pytest.raises(ValueError, match="5 cards"):
        deuce_seven("As2c3d4h")
    with pytest.raises(ValueError, match="duplicate"):
        low_batch(np.array([[0, 0, 1, 2, 3]], np.uint8))


def test_omaha_uses_exactly_two_hole_cards_and_three_board_cards():
    """Omaha: exactly two of the four hole cards with three of the board."""
    hole, board = "AcAdAhAs", "KsQsJsTs2c"
    naive = max(evaluate(list(f)) for f in itertools.combinations(parse_cards(hole + board), 5))
    assert naive == evaluate("AsKsQsJsTs")                  # best five of nine: a royal flush
    assert omaha_high(hole, board) == evaluate("AcAdKsQsJs")  # Omaha: a pair of aces
    # One heart in the hand cannot make a flush with four hearts on the board.
    nine = parse_cards("AhKdQc2s9h8h7h3h2d")
    assert max(evaluate(list(f)) for f in itertools.combinations(nine, 5)) == evaluate("Ah9h8h7h3h")
    assert omaha_high("AhKdQc2s", "9h8h7h3h2d") == evaluate("Ah2s2d9h8h")  # Omaha: deuces
    # A low needs two low hole cards: A-2 with three low board cards; an A-K hand has none.
    assert omaha_low8("As2dKcKh", "3c4d8h9sTs") == low8("As2d3c4d8h")
    assert omaha_low8("AsKdKcQh", "3c4d8h5s2s") == 0
    assert low8("As3c4d8h5s") > 0                            # ... though the ace and the board make one
    # Counterfeited: the board pairs the hand's deuce; the best low uses A-3.
    assert omaha_low8("As2d3cKh", "2c4d8hQsJs") == low8("As3c2c4d8h")
