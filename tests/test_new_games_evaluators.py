"""Badugi and short-deck hold'em hand values, checked over every hand of their decks (issue 24).

Short deck: all C(36, 5) = 376,992 five-card hands, their category counts computed here by
combinatorics and their order checked against a ranking written here from the rules (not the
module's tables). Badugi: all C(52, 4) = 270,725 four-card hands against a brute-force ranker
written here: every subset of different ranks and suits, the largest, then the lowest.
"""

from __future__ import annotations

import itertools
from math import comb

import pytest

from pokertd.evaluator.badugi import BADUGI_VALUES, badugi, badugi_cards, badugi_describe
from pokertd.evaluator.short_deck import (SHORT_DECK, SHORT_DECK_VALUES, short_deck,
                                          short_deck_category, short_deck_describe)
from pokertd.evaluator.tables import Category

pytestmark = pytest.mark.slow

# ------------------------------------------------------------------------ short deck

RANKS = 9                                   # six .. ace
STRAIGHTS = 6                               # A-6-7-8-9, 6-7-8-9-T .. T-J-Q-K-A


def expected_short_deck_counts() -> dict[Category, int]:
    """Five-card hands of each category in a 36-card deck, by counting."""
    no_pair_ranks = comb(RANKS, 5) - STRAIGHTS          # five ranks that are not a straight
    return {
        Category.STRAIGHT_FLUSH: STRAIGHTS * 4,
        Category.FOUR_OF_A_KIND: RANKS * (36 - 4),
        Category.FLUSH: no_pair_ranks * 4,
        Category.FULL_HOUSE: RANKS * comb(4, 3) * (RANKS - 1) * comb(4, 2),
        Category.STRAIGHT: STRAIGHTS * (4 ** 5 - 4),
        Category.THREE_OF_A_KIND: RANKS * comb(4, 3) * comb(RANKS - 1, 2) * 4 ** 2,
        Category.TWO_PAIR: comb(RANKS, 2) * comb(4, 2) ** 2 * (RANKS - 2) * 4,
        Category.ONE_PAIR: RANKS * comb(4, 2) * comb(RANKS - 1, 3) * 4 ** 3,
        Category.HIGH_CARD: no_pair_ranks * (4 ** 5 - 4),
    }


# The short deck's order, weakest first, as the rules state it: a flush beats a full house.
SD_ORDER = ["high", "pair", "two pair", "trips", "straight", "full house", "flush", "quads",
            "straight flush"]


def independent_key(cards: tuple[int, ...]) -> tuple:
    ranks = [c >> 2 for c in cards]
    flush = len({c & 3 for c in cards}) == 1
    counts = {r: ranks.count(r) for r in ranks}
    by_count = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    distinct = sorted(counts)
    straight_top = None
    if len(distinct) == 5:
        if distinct[4] - distinct[0] == 4:
            straight_top = distinct[4]
        elif distinct == [4, 5, 6, 7, 12]:              # A-6-7-8-9: the ace plays low
            straight_top = 7
    shape = sorted(counts.values(), reverse=True)
    if straight_top is not None:
        return (SD_ORDER.index("straight flush" if flush else "straight"), straight_top)
    if flush:
        return (SD_ORDER.index("flush"), *by_count)
    name = {(4, 1): "quads", (3, 2): "full house", (3, 1, 1): "trips", (2, 2, 1): "two pair",
            (2, 1, 1, 1): "pair", (1, 1, 1, 1, 1): "high"}[tuple(shape)]
    return (SD_ORDER.index(name), *by_count)


def test_short_deck_every_hand_category_counts_and_order():
    """All 376,992 hands: each category's count as combinatorics gives it (flush 480 below
    full house 1,728, so the flush ranks above), and the values order the hands exactly as a
    ranking written from the rules does, 1,404 distinct values."""
    counts = dict.fromkeys(Category, 0)
    value_of_key: dict[tuple, int] = {}
    hands = 0
    for five in itertools.combinations(SHORT_DECK, 5):
        v = short_deck(five)
        counts[short_deck_category(v)] += 1
        k = independent_key(five)
        assert value_of_key.setdefault(k, v) == v, (five, k, v)
        hands += 1
    assert hands == comb(36, 5) == 376_992
    assert counts == expected_short_deck_counts()
    assert sum(expected_short_deck_counts().values()) == comb(36, 5)
    keys = sorted(value_of_key)
    values = [value_of_key[k] for k in keys]
    assert values == sorted(values) and len(set(values)) == len(values) == SHORT_DECK_VALUES
    assert values == list(range(1, SHORT_DECK_VALUES + 1))


def test_short_deck_rules_by_example():
    """A flush beats a full house; A-6-7-8-9 is the lowest straight; a straight still beats
    three of a kind (PHH NS, pokerkit); the best five of seven cards."""
    assert short_deck("Kh9h8h7h6h") > short_deck("AcAdAhKsKd")
    assert short_deck("Ah6c7d8s9h") < short_deck("6c7d8s9hTh")
    assert short_deck("Ah6c7d8s9h") > short_deck("AcAdAhKsQd")
    assert short_deck_describe(short_deck("Ah6c7d8s9h")) == "Straight, Nine high"
    assert short_deck_describe(short_deck("As6s7s8s9s")) == "Straight Flush, Nine high"
    assert short_deck_describe(short_deck("KhKdKc9s9d")) == "Full House, Kings full of Nines"
    assert short_deck_describe(short_deck("AsKsQsJsTs")) == "Royal Flush"
    # Seven cards: the hole 9s9d and board 8h6s7cKsAc make the A-6-7-8-9 straight.
    assert short_deck_describe(short_deck("9s9d8h6s7cKsAc")) == "Straight, Nine high"


def test_short_deck_refuses_cards_of_the_full_deck():
    with pytest.raises(ValueError,
                       match=r"5h is not in the short deck \(sixes to aces, 36 cards\)"):
        short_deck("5h6c7d8s9h")
    with pytest.raises(ValueError, match="5, 6 or 7 cards, not 4"):
        short_deck("6c7d8s9h")
    with pytest.raises(ValueError, match=r"not a short-deck value: 0 \(values are 1..1404\)"):
        short_deck_describe(0)


# ------------------------------------------------------------------------ badugi

def brute_force_badugi(cards: tuple[int, ...]) -> tuple:
    """The hand's rank as a sortable key, larger better: every subset whose cards differ in
    rank and in suit; the most cards, then (aces low) the lowest highest card, then the next."""
    best = None
    for mask in range(1, 16):
        sub = [cards[i] for i in range(4) if mask >> i & 1]
        lows = [((c >> 2) + 1) % 13 for c in sub]
        if len(set(lows)) != len(sub) or len({c & 3 for c in sub}) != len(sub):
            continue
        key = (len(sub), tuple(-r for r in sorted(lows, reverse=True)))
        if best is None or key > best:
            best = key
    return best


def test_badugi_every_four_card_hand_against_a_brute_force_ranker():
    """All 270,725 hands: one value for each rank the brute-force ranker gives, in its
    order, 1,092 values (every set of one to four ranks); the cards played form that rank."""
    value_of_key: dict[tuple, int] = {}
    hands = 0
    for four in itertools.combinations(range(52), 4):
        v = badugi(four)
        k = brute_force_badugi(four)
        assert value_of_key.setdefault(k, v) == v, (four, k, v)
        hands += 1
        if hands % 997 == 0:                    # the cards played, on a sample
            played = badugi_cards(four)
            assert len(played) == k[0]
            assert sorted((((c >> 2) + 1) % 13 for c in played), reverse=True) == [-r for r in k[1]]
    assert hands == comb(52, 4) == 270_725
    keys = sorted(value_of_key)
    assert [value_of_key[k] for k in keys] == list(range(1, BADUGI_VALUES + 1))
    assert BADUGI_VALUES == sum(comb(13, k) for k in range(1, 5))


def test_badugi_rules_by_example():
    """Four cards beat three; the highest card decides, then the next; the ace is low."""
    assert badugi("Kc Qd Jh Ts") > badugi("Ac 2d 3h 3s")
    assert badugi("8s5d3hAc") > badugi("8s6d2hAc")
    assert badugi("3s5d7c8h") > badugi("2s4c6d9h")          # the Wikipedia hand: Carol's 8 wins
    assert badugi_describe(badugi("Ac2d3h4s")) == "Badugi, 4-3-2-A"
    assert badugi_describe(badugi("AcAd2c3h")) == "Three cards, 3-2-A"
    assert badugi_describe(badugi("KcKdKhKs")) == "One card, K"
    with pytest.raises(ValueError, match="a badugi hand is four cards, not 5"):
        badugi("Ac2d3h4s5c")
