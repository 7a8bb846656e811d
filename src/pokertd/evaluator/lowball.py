"""Low hands and Omaha: ace-to-five low (razz, the low half of the eight-or-better games),
deuce-to-seven low (deuce-to-seven draw) and Omaha's two-plus-three.

Every value here follows :func:`~pokertd.evaluator.evaluate`'s convention: an int, higher
wins, equal ties, so one showdown compares all games alike.

* Ace-to-five low: aces are low, straights and flushes do not count; a hand with no pair
  beats every paired hand, then the highest card decides, then the next (a pair: the
  lower pair first, then the kickers). Suits never matter, so the values are the rank
  multisets of five cards with at most four of a rank: C(17, 5) - 13 = 6,175 values;
  A-2-3-4-5 is 6,175.
* Eight-or-better: a low qualifies with five different ranks of eight or lower: C(8, 5) =
  56 values, exactly the 56 best ace-to-five values (any ninth rank or pair is worse than
  8-7-6-5-4), and 56 * 4**5 = 57,344 of the 2,598,960 five-card hands.
  :func:`low8` gives 0 to a hand without a qualifying low.
* Deuce-to-seven low: the high hand ranking upside down, aces high only (A-2-3-4-5 is
  ace-high, not a straight): 9 straights and 9 straight flushes instead of 10, and 1,278
  no-pair and 1,278 flush values instead of 1,277: 7,462 values; 7-5-4-3-2 of mixed suits
  is 7,462.

Plain Python tables (built once on first use); :func:`low_batch`, :func:`low8_batch` and
:func:`deuce_seven_batch` take NumPy arrays as ``evaluate_batch`` does (imported when used).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from ..cards import parse_cards
from .strength import evaluate

__all__ = ["A5_VALUES", "D27_VALUES", "LOW8_VALUES", "deuce_seven", "deuce_seven_batch", "low",
           "low8", "low8_batch", "low_batch", "omaha_high", "omaha_low8"]

A5_VALUES = 6175
LOW8_VALUES = 56
D27_VALUES = 7462
LOW8_FLOOR = A5_VALUES - LOW8_VALUES      # values above this qualify for eight-or-better

# A multiset of ranks keyed by the sum of 5**rank (at most four of a rank: no carries).
_POW5 = tuple(5 ** r for r in range(13))


def _a5_lowness(ranks: Sequence[int]) -> tuple[int, ...]:
    """Ace-to-five order key of five ranks (0 = deuce .. 12 = ace); smaller is better."""
    lows = [(r + 1) % 13 for r in ranks]           # the ace is the lowest card
    counts = {r: lows.count(r) for r in set(lows)}
    pattern = sorted(counts.values(), reverse=True)
    category = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4,
                (4, 1): 5}[tuple(pattern)]
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    return (category, *order)


def _d27_lowness(ranks: Sequence[int], flush: bool) -> tuple[int, ...]:
    """Deuce-to-seven order key (0 = deuce .. 12 = ace, the ace high only); smaller is better."""
    counts = {r: list(ranks).count(r) for r in set(ranks)}
    pattern = tuple(sorted(counts.values(), reverse=True))
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    straight = len(counts) == 5 and max(ranks) - min(ranks) == 4
    if straight:
        category = 8 if flush else 4
    elif flush:
        category = 5
    else:
        category = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 6,
                    (4, 1): 7}[pattern]
    return (category, *order)


@lru_cache(maxsize=1)
def _tables() -> tuple[dict[int, int], dict[int, int]]:
    """(ace-to-five value by rank key, deuce-to-seven value by rank key * 2 + flush)."""
    multisets = [m for m in itertools.combinations_with_replacement(range(13), 5)
                 if max(m.count(r) for r in m) <= 4]
    a5 = sorted(multisets, key=_a5_lowness, reverse=True)       # worst first: value 1
    a5_value = {sum(_POW5[r] for r in m): v for v, m in enumerate(a5, 1)}
    keyed = [(m, False) for m in multisets] + [(m, True) for m in multisets if len(set(m)) == 5]
    d27 = sorted(keyed, key=lambda mf: _d27_lowness(*mf), reverse=True)
    d27_value = {2 * sum(_POW5[r] for r in m) + f: v for v, (m, f) in enumerate(d27, 1)}
    return a5_value, d27_value


def _ints(cards: Any, sizes: Iterable[int], what: str) -> list[int]:
    if isinstance(cards, str):
        cs = [int(c) for c in parse_cards(cards)]
    else:
        cs = [int(c) for c in parse_cards(list(cards))]
    if len(set(cs)) != len(cs):
        raise ValueError(f"{what}: a card appears twice in {cards!r}")
    if len(cs) not in sizes:
        raise ValueError(f"{what} takes {' or '.join(map(str, sizes))} cards, not {len(cs)}")
    return cs


def _low5(cs: Sequence[int]) -> int:
    return _tables()[0][sum(_POW5[c >> 2] for c in cs)]


def _low5_ranks(ranks: Sequence[int]) -> int:
    """Ace-to-five low of five ranks (0 = deuce .. 12 = ace)."""
    return _tables()[0][sum(_POW5[r] for r in ranks)]


def low(cards: Any) -> int:
    """Ace-to-five low of the best five of 5 to 7 cards (1..6175, higher is the better low)."""
    cs = _ints(cards, (5, 6, 7), "an ace-to-five low")
    if len(cs) == 5:
        return _low5(cs)
    return max(_low5(five) for five in itertools.combinations(cs, 5))


def low8(cards: Any) -> int:
    """The eight-or-better low of the best five of 5 to 7 cards: 0 without one, else its
    ace-to-five value (6120..6175)."""
    v = low(cards)
    return v if v > LOW8_FLOOR else 0


def deuce_seven(cards: Any) -> int:
    """Deuce-to-seven low of five cards (1..7462, higher is the better low)."""
    return _d27_5(_ints(cards, (5,), "a deuce-to-seven low"))


def _d27_5(cs: Sequence[int]) -> int:
    """Deuce-to-seven low of five distinct card indices (unchecked: the engine's)."""
    flush = len({c & 3 for c in cs}) == 1
    return _tables()[1][2 * sum(_POW5[c >> 2] for c in cs) + flush]


def _omaha_split(hole: Any, board: Any) -> tuple[list[int], list[int]]:
    h = _ints(hole, (4, 5, 6), "an Omaha hand")
    b = _ints(board, (3, 4, 5), "an Omaha board")
    if set(h) & set(b):
        raise ValueError("a card is both in the hand and on the board")
    return h, b


def omaha_high(hole: Any, board: Any) -> int:
    """The best high hand of exactly two hole cards and three board cards (Omaha)."""
    h, b = _omaha_split(hole, board)
    return max(evaluate(two + three) for two in itertools.combinations(h, 2)
               for three in itertools.combinations(b, 3))


def omaha_low8(hole: Any, board: Any) -> int:
    """The best eight-or-better low of exactly two hole and three board cards; 0 if none."""
    h, b = _omaha_split(hole, board)
    best = max(_low5(two + three) for two in itertools.combinations(h, 2)
               for three in itertools.combinations(b, 3))
    return best if best > LOW8_FLOOR else 0


# ------------------------------------------------------------------ NumPy batch interfaces

@lru_cache(maxsize=2)
def _batch_tables(which: int) -> tuple[Any, Any]:
    """(sorted keys, values) as arrays, built once: equity calls the batch functions often."""
    import numpy as np

    table = _tables()[which]
    keys = np.array(sorted(table), np.int64)
    values = np.array([table[k] for k in sorted(table)], np.int32)
    return keys, values


def _rows(hands: Any, sizes: tuple[int, ...]) -> Any:
    import numpy as np

    from .batch import as_hands

    arr = as_hands(hands, sizes)
    ordered = np.sort(arr, axis=1)
    bad = (ordered[:, -1] > 51) | (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
    if bad.any():
        raise ValueError(f"hand {int(np.argmax(bad))} has a duplicate card")
    return arr.astype(np.int64)


def low_batch(hands: Any) -> Any:
    """Ace-to-five lows (int32, as :func:`low`) of every row of an (N, 5|6|7) card array."""
    import numpy as np

    arr = _rows(hands, (5, 6, 7))
    keys, values = _batch_tables(0)
    pow5 = np.array(_POW5, np.int64)
    best = np.zeros(len(arr), np.int32)
    for five in itertools.combinations(range(arr.shape[1]), 5):
        k = pow5[arr[:, five] >> 2].sum(axis=1)
        best = np.maximum(best, values[np.searchsorted(keys, k)])
    return best


def low8_batch(hands: Any) -> Any:
    """Eight-or-better lows (int32, as :func:`low8`: 0 for no low) of an (N, 5|6|7) array."""
    import numpy as np

    v = low_batch(hands)
    return np.where(v > LOW8_FLOOR, v, 0).astype(np.int32)


def deuce_seven_batch(hands: Any) -> Any:
    """Deuce-to-seven lows (int32, as :func:`deuce_seven`) of every row of an (N, 5) array."""
    import numpy as np

    arr = _rows(hands, (5,))
    keys, values = _batch_tables(1)
    pow5 = np.array(_POW5, np.int64)
    suits = arr & 3
    flush = (suits == suits[:, :1]).all(axis=1).astype(np.int64)
    k = 2 * pow5[arr >> 2].sum(axis=1) + flush
    return values[np.searchsorted(keys, k)]
