"""Exact showdown counts of many deals (ranges) with the Numba kernels of kernels.py.

One deal of known hands is counted by exact.py (compiled Python, no NumPy). A range
enumerates many deals, and there the Numba kernels, once loaded, count each in a few
milliseconds: loading them (NumPy, Numba and the on-disk kernel cache) is worth it.
The two passes are those of exact.py; both give the same counts (the tests compare them).
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

import numpy as np

from . import kernels
from .batch import FLUSH, KEY, OFFSETS, TABLE
from .tables import RANK_KEYS, rank_multisets

_COMB = np.array([[comb(n, k) for k in range(5)] for n in range(5)], np.int64)
_RANK_KEY_ARR = np.asarray(RANK_KEYS, np.int64)


@lru_cache(maxsize=6)
def _rank_multisets(r: int) -> tuple[np.ndarray, np.ndarray]:
    """(counts int64[M, 13], rank-key sums int64[M]) of every multiset of r ranks."""
    counts = np.array([list(c) for c in rank_multisets((r,))], np.int64).reshape(-1, 13)
    return counts, counts @ _RANK_KEY_ARR


def deals_showdown_counts(deals: list[list[tuple[int, int]]], board: list[int], dead: list[int]
                          ) -> list[list[int]]:
    """The showdown counts of exact.py summed over every deal of hole cards."""
    board_arr = np.asarray(board, np.int64)
    known = set(board) | set(dead)
    total = sum(_exact_deal(np.asarray(deal, np.int64), board_arr, known) for deal in deals)
    return total.tolist()


def _exact_deal(hole: np.ndarray, board: np.ndarray, known: set[int]) -> np.ndarray:
    """Exact showdown counts for one deal of hole cards: int64[k, 2 + k] (see exact.py)."""
    n_hands = hole.shape[0]
    used = known | set(hole.ravel().tolist())
    deck = np.asarray([c for c in range(52) if c not in used], np.int64)
    r = 5 - board.shape[0]
    acc = np.zeros((n_hands, 2 + n_hands), np.int64)
    counts, sums = _rank_multisets(r)
    avail = np.bincount(deck >> 2, minlength=13)
    base_rank = _RANK_KEY_ARR[hole >> 2].sum(axis=1) + int(_RANK_KEY_ARR[board >> 2].sum())
    kernels.rank_multiset_showdowns(base_rank, counts, sums, avail, _COMB, OFFSETS, TABLE, acc)
    for suit in range(4):
        have = ((hole & 3) == suit).sum(axis=1) + int(((board & 3) == suit).sum())
        need = 5 - int(have.max())
        if need > r:
            continue
        suited_deck = deck[(deck & 3) == suit]
        other_avail = np.bincount(deck[(deck & 3) != suit] >> 2, minlength=13)
        for m in range(max(need, 0), r + 1):
            other_counts, other_sums = _rank_multisets(r - m)
            acc += kernels.flush_showdowns(hole, board, suit, kernels.combinations(suited_deck, m),
                                           other_counts, other_sums, other_avail, _COMB, KEY, OFFSETS,
                                           TABLE, FLUSH).sum(axis=0)
    return acc
