"""The hand evaluator against outside facts: exhaustive counts and a naive reference."""

import itertools
import os
import random
from collections import Counter

import numpy as np
import pytest

from pokertd.cards import Card, parse_cards
from pokertd.evaluator import (Category, category, category_batch, describe, evaluate,
                               evaluate_batch)
from pokertd.evaluator import kernels
from pokertd.evaluator.strength import MAX_STRENGTH, category_starts
from pokertd.evaluator.tables import RANK_KEYS, _build, derive_rank_keys, hand_classes, raw_tables, tables

# --- a deliberately naive reference: rank every 5-card subset by the textbook rules ------


def naive_five(cards):
    """(category, tie-break ranks) of exactly five cards, by the textbook definitions."""
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    suits = {c & 3 for c in cards}
    counts = Counter(ranks)
    by_count = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    distinct = sorted(counts, reverse=True)
    straight_top = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight_top = distinct[0]
        elif distinct == [12, 3, 2, 1, 0]:
            straight_top = 3  # the wheel is five-high
    flush = len(suits) == 1
    if straight_top is not None and flush:
        return (8, (straight_top,))
    if by_count[0][1] == 4:
        return (7, (by_count[0][0], by_count[1][0]))
    if by_count[0][1] == 3 and by_count[1][1] == 2:
        return (6, (by_count[0][0], by_count[1][0]))
    if flush:
        return (5, tuple(ranks))
    if straight_top is not None:
        return (4, (straight_top,))
    if by_count[0][1] == 3:
        return (3, tuple(r for r, _ in by_count))
    if by_count[0][1] == 2 and by_count[1][1] == 2:
        return (2, tuple(r for r, _ in by_count))
    if by_count[0][1] == 2:
        return (1, tuple(r for r, _ in by_count))
    return (0, tuple(ranks))


def naive_best(cards):
    return max(naive_five(c) for c in itertools.combinations(cards, 5))


def random_hands(n, size, seed):
    rng = random.Random(seed)
    return [tuple(rng.sample(range(52), size)) for _ in range(n)]


@pytest.mark.parametrize("size", [5, 6, 7])
def test_evaluate_agrees_with_naive_reference(size):
    hands = random_hands(3000, size, seed=size)
    ours = [evaluate(h) for h in hands]
    ref = [naive_best(h) for h in hands]
    for i in range(len(hands) - 1):
        assert category(ours[i]) == ref[i][0], hands[i]
        assert (ours[i] > ours[i + 1]) == (ref[i] > ref[i + 1]), (hands[i], hands[i + 1])
        assert (ours[i] == ours[i + 1]) == (ref[i] == ref[i + 1]), (hands[i], hands[i + 1])


@pytest.mark.parametrize("size", [5, 6, 7])
def test_evaluate_and_evaluate_batch_agree(size):
    hands = random_hands(20000, size, seed=100 + size)
    batch = evaluate_batch(np.array(hands, np.uint8))
    assert batch.tolist() == [evaluate(h) for h in hands]
    assert evaluate_batch(np.array(hands, np.uint8), check=False).tolist() == batch.tolist()
    big = np.array(hands * 2, np.uint8)  # large enough for the parallel kernel
    assert evaluate_batch(big).tolist() == batch.tolist() * 2


def test_all_five_card_hands_give_7462_strengths_and_known_counts():
    hands = kernels.combinations(np.arange(52, dtype=np.int64), 5).astype(np.uint8)
    assert len(hands) == 2_598_960
    s = evaluate_batch(hands)
    assert len(np.unique(s)) == 7462
    counts = np.bincount(category_batch(s), minlength=9)
    assert counts.tolist() == [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40]


@pytest.mark.slow
def test_all_133784560_seven_card_hands_category_counts():
    """The exhaustive count over every seven-card hand, through evaluate_batch."""
    deck = np.arange(52, dtype=np.int64)
    counts = np.zeros(9, np.int64)
    total = 0
    for a in range(52):
        for b in range(a + 1, 52):
            rest = kernels.combinations(deck[b + 1:], 5)
            if len(rest) == 0:
                continue
            chunk = np.empty((len(rest), 7), np.uint8)
            chunk[:, 0] = a
            chunk[:, 1] = b
            chunk[:, 2:] = rest
            counts += np.bincount(category_batch(evaluate_batch(chunk, check=False)), minlength=9)
            total += len(rest)
    assert total == 133_784_560
    expected = {
        Category.STRAIGHT_FLUSH: 41_584, Category.FOUR_OF_A_KIND: 224_848,
        Category.FULL_HOUSE: 3_473_184, Category.FLUSH: 4_047_644, Category.STRAIGHT: 6_180_020,
        Category.THREE_OF_A_KIND: 6_461_620, Category.TWO_PAIR: 31_433_400,
        Category.ONE_PAIR: 58_627_800, Category.HIGH_CARD: 23_294_460,
    }
    assert {Category(i): int(n) for i, n in enumerate(counts)} == expected


@pytest.mark.parametrize("cards, name, cat", [
    ("KcKdKh7s7c2d3h", "Full House, Kings full of Sevens", Category.FULL_HOUSE),
    ("5s4s3s2sAd", "Straight, Five high", Category.STRAIGHT),
    ("AsKsQsJsTs", "Royal Flush", Category.STRAIGHT_FLUSH),
    ("9h8h7h6h5h2c", "Straight Flush, Nine high", Category.STRAIGHT_FLUSH),
    ("AcAdAhAsKc2d", "Four of a Kind, Aces, King kicker", Category.FOUR_OF_A_KIND),
    ("Ah9h7h4h2hKc", "Flush, Ace-Nine-Seven-Four-Two", Category.FLUSH),
    ("QcQd7h7s2c", "Two Pair, Queens and Sevens, Two kicker", Category.TWO_PAIR),
    ("8c8d8hAsKd", "Three of a Kind, Eights, Ace-King kickers", Category.THREE_OF_A_KIND),
    ("JcJdAhKs9c", "One Pair, Jacks, Ace-King-Nine kickers", Category.ONE_PAIR),
    ("7c5d4h3s2c", "High Card, Seven-Five-Four-Three-Two", Category.HIGH_CARD),
])
def test_describe_and_category(cards, name, cat):
    s = evaluate(cards)
    assert describe(s) == name
    assert category(s) == cat
    assert category_batch(np.array([s]))[0] == cat


def test_extremes_of_the_strength_scale():
    assert evaluate("7c5d4h3s2c") == 1
    assert evaluate("AsKsQsJsTs") == 7462


def test_wheel_loses_to_six_high_straight():
    assert evaluate("5c4d3h2sAc") < evaluate("6c5d4h3s2c")


def test_evaluate_accepts_indices_cards_and_text():
    text = "AsKsQsJsTs9c2d"
    cards = parse_cards(text)
    assert evaluate(text) == evaluate(cards) == evaluate([int(c) for c in cards]) == evaluate(
        [str(c) for c in cards]) == evaluate(np.array(cards, np.uint8))


def test_evaluate_refuses_an_iterator_clearly():
    with pytest.raises(ValueError, match="a sequence"):
        evaluate(iter(parse_cards("AsKsQsJsTs")))


@pytest.mark.parametrize("bad, message", [
    ("AsKsQsJsAs", "duplicate card: As"),
    ("AsKsQsJs", "wrong number of cards: got 4"),
    ("AsKsQsJsTs9s8s7s", "wrong number of cards: got 8"),
    ("AsKsQsJs1x", "not a card: '1x'"),
    ([51, 50, 49, 48, -1], "not a card index: -1"),
    ([51, 50, 49, 48, 52], "not a card index: 52"),
])
def test_evaluate_refuses_bad_hands(bad, message):
    with pytest.raises(ValueError, match=message):
        evaluate(bad)


def test_evaluate_batch_refuses_bad_rows_naming_them():
    hands = np.array(random_hands(10, 7, seed=3), np.uint8)
    hands[4, 6] = hands[4, 0]
    with pytest.raises(ValueError, match=f"hand 4 has a duplicate card: {Card(int(hands[4, 0]))}"):
        evaluate_batch(hands)
    hands[4, 6] = 60
    with pytest.raises(ValueError, match="hand 4 has a card index outside 0..51"):
        evaluate_batch(hands)
    with pytest.raises(ValueError, match=r"shape \(N, 5\), \(N, 6\) or \(N, 7\); got \(10, 4\)"):
        evaluate_batch(hands[:, :4])
    with pytest.raises(ValueError, match="integer card indices"):
        evaluate_batch(hands.astype(float))
    with pytest.raises(ValueError, match="outside 0..51"):
        evaluate_batch(np.full((2, 5), -3))


def test_describe_refuses_a_non_strength():
    for bad in (0, 7463, "x"):
        with pytest.raises(ValueError, match="not a hand strength"):
            describe(bad)


def test_rank_keys_give_distinct_sums_for_every_multiset_up_to_seven_cards():
    # Enumerate the multisets (count <= 4 per rank, size <= 7) and their sums.
    seen = set()
    total = 0

    def rec(r, left, s):
        nonlocal total
        if r == 13:
            seen.add(s)
            total += 1
            return
        for c in range(min(4, left) + 1):
            rec(r + 1, left - c, s + c * RANK_KEYS[r])

    rec(0, 7, 0)
    assert len(seen) == total


def test_rank_keys_come_from_the_greedy_search():
    """The first keys re-derived here (the full search takes many minutes)."""
    assert derive_rank_keys(ranks=6) == RANK_KEYS[:6]


def test_tables_are_generated_by_the_package():
    cached, built = raw_tables(), _build()
    for name in built:
        assert cached[name].tolist() == built[name], name
    for name, array in tables().items():   # the kernels' NumPy views of the same tables
        assert array.tolist() == built[name], name


def test_table_cache_is_rebuilt_when_missing_or_damaged_and_works_read_only(tmp_path, monkeypatch):
    """The cache file is written on first use, refused (and rebuilt) when damaged, and a
    cache directory that cannot be written only means building the tables again."""
    from pokertd.evaluator import tables as tables_module

    monkeypatch.setenv("POKERTD_CACHE", str(tmp_path / "cache"))
    built = {name: a.tolist() for name, a in raw_tables().items()}

    def fresh():
        tables_module.raw_tables.cache_clear()
        try:
            return {name: a.tolist() for name, a in tables_module.raw_tables().items()}
        finally:
            tables_module.raw_tables.cache_clear()

    assert fresh() == built
    path = tables_module._cache_path()
    assert path.exists()
    path.write_bytes(path.read_bytes()[:-7])        # truncated: refused, rebuilt, rewritten
    assert fresh() == built
    assert tables_module._decode(path.read_bytes()).keys() == built.keys()
    path.unlink()
    path.parent.chmod(0o500)                         # read-only: built, nothing written
    try:
        assert fresh() == built
        assert not path.exists() or os.geteuid() == 0
    finally:
        path.parent.chmod(0o700)


def test_category_starts_count_the_hand_classes():
    """The category starts, counted combinatorially, are those of the 7,462 classes."""
    starts = [0] * 9
    for s, (cat, _) in reversed(list(enumerate(hand_classes(), start=1))):
        starts[cat] = s
    assert list(category_starts()) == starts
    assert MAX_STRENGTH == len(hand_classes()) == 7462
