"""Compiled kernels (Numba): batch evaluation, exact enumeration and Monte Carlo equity.

Every kernel takes the tables as arguments (never as frozen globals), so the on-disk
Numba cache stays valid whatever the table build produced.

Each card has one packed key: its rank key shifted left by 16 (rank-key sums identify the
rank multiset, see tables.py) plus a 4-bit suit counter ``1 << 4*suit`` in the low 16 bits.
Seven cards never carry out of the counters. Adding the bias 0x3333 sets bit 3 of a
counter exactly when that suit holds five or more cards: then the hand is a flush (or
straight flush), and nothing else in it can beat that. The key table has 256 entries so a
uint8 can never read outside it; indices 52..255 carry a poison bit (POISON).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from .perfect_hash import ROW_MASK, ROW_SHIFT

SUIT_BIAS = 0x3333
FLUSH_TEST = 0x8888
POISON = 1 << 60


def card_tables(rank_keys) -> tuple[np.ndarray, np.ndarray]:
    """(packed key int64[256], card bit uint64[256]) for the kernels."""
    key = np.full(256, POISON, np.int64)
    bit = np.zeros(256, np.uint64)
    for c in range(52):
        key[c] = (int(rank_keys[c >> 2]) << 16) | (1 << (4 * (c & 3)))
        bit[c] = np.uint64(1) << np.uint64(c)
    return key, bit


@njit(cache=True, inline="always")
def _flush_suit(sc):
    t = sc & FLUSH_TEST
    s = 0
    while not (t >> (4 * s + 3)) & 1:
        s += 1
    return s


@njit(cache=True, inline="always")
def _nonflush(k, offsets, table):
    rk = k >> 16
    return table[offsets[rk >> ROW_SHIFT] + (rk & ROW_MASK)]


def _make_evaluate_rows(m: int, check: bool, parallel: bool):
    """A batch kernel for m-card rows; m and check are compile-time constants, so the
    card loop unrolls and the unchecked kernel carries no checking code at all."""

    def evaluate_rows(hands, key, bit, offsets, table, flush, out, bad):
        for i in prange(hands.shape[0]):
            k = 0
            o = np.uint64(0)
            total = np.uint64(0)
            for j in range(m):
                c = hands[i, j]
                k += key[c]
                if check:
                    b = bit[c]
                    o |= b
                    total += b
            # A repeated card makes the sum of the card bits differ from their union.
            if check and (o != total or k >= POISON):
                bad[i] = True
                out[i] = 0
                continue
            sc = (k & 0xFFFF) + SUIT_BIAS
            if sc & FLUSH_TEST:
                s = _flush_suit(sc)
                mask = 0
                for j in range(m):
                    c = hands[i, j]
                    if (c & 3) == s:
                        mask |= 1 << (c >> 2)
                out[i] = flush[mask]
            else:
                out[i] = _nonflush(k, offsets, table)

    return njit(cache=True, parallel=parallel)(evaluate_rows)


_ROW_KERNELS: dict = {}


def row_kernel(m: int, check: bool, parallel: bool):
    """The compiled batch kernel for this row size and mode (built on first use)."""
    spec = (m, check, parallel)
    if spec not in _ROW_KERNELS:
        _ROW_KERNELS[spec] = _make_evaluate_rows(*spec)
    return _ROW_KERNELS[spec]


@njit(cache=True, inline="always")
def _score(acc, strengths, base_key, base_masks, k, masks, offsets, table, flush):
    """Score one complete board for every hand into acc (strengths is scratch space).

    acc[h] = [wins, ties, boards won alone, boards shared by 2, ..., shared by n_hands].
    """
    n_hands = base_key.shape[0]
    best = -1
    n_best = 0
    for h in range(n_hands):
        hk = base_key[h] + k
        sc = (hk & 0xFFFF) + SUIT_BIAS
        if sc & FLUSH_TEST:
            s = _flush_suit(sc)
            v = np.int64(flush[base_masks[h, s] | masks[s]])
        else:
            v = np.int64(_nonflush(hk, offsets, table))
        strengths[h] = v
        if v > best:
            best = v
            n_best = 1
        elif v == best:
            n_best += 1
    for h in range(n_hands):
        if strengths[h] == best:
            if n_best == 1:
                acc[h, 0] += 1
            else:
                acc[h, 1] += 1
            acc[h, 1 + n_best] += 1


@njit(cache=True)
def _hand_bases(hole, board, key):
    n_hands = hole.shape[0]
    base_key = np.zeros(n_hands, np.int64)
    base_masks = np.zeros((n_hands, 4), np.int64)
    for h in range(n_hands):
        for j in range(2 + board.shape[0]):
            c = hole[h, j] if j < 2 else board[j - 2]
            base_key[h] += key[c]
            base_masks[h, c & 3] |= 1 << (c >> 2)
    return base_key, base_masks


@njit(cache=True, parallel=True)
def enumerate_showdowns(hole, board, deck, key, offsets, table, flush):
    """Exact equity: every completion of ``board`` from ``deck`` for each hand in ``hole``.

    hole: int64[k, 2]; board: int64[b] (0..5 known cards); deck: int64[d] the cards that
    can still come. Returns int64[max(d, 1), k, 2 + k], per first card drawn (the caller
    sums them), laid out as ``_score`` describes.
    """
    n_hands = hole.shape[0]
    r = 5 - board.shape[0]
    d = deck.shape[0]
    out = np.zeros((max(d, 1), n_hands, 2 + n_hands), np.int64)
    base_key, base_masks = _hand_bases(hole, board, key)
    if r == 0:
        _score(out[0], np.empty(n_hands, np.int64), base_key, base_masks, 0,
               np.zeros(4, np.int64), offsets, table, flush)
        return out
    for first in prange(d - r + 1):
        scratch = np.empty(n_hands, np.int64)
        idx = np.zeros(5, np.int64)
        lvl_key = np.zeros(6, np.int64)
        lvl_masks = np.zeros((6, 4), np.int64)
        c = deck[first]
        lvl_key[1] = key[c]
        lvl_masks[1, c & 3] = 1 << (c >> 2)
        if r == 1:
            _score(out[first], scratch, base_key, base_masks, lvl_key[1], lvl_masks[1],
                   offsets, table, flush)
            continue
        # Iterative combinations of the other r - 1 cards, partial sums kept per level.
        level = 1
        idx[1] = first
        while level >= 1:
            idx[level] += 1
            if idx[level] > d - r + level:
                level -= 1
                continue
            c = deck[idx[level]]
            lvl_key[level + 1] = lvl_key[level] + key[c]
            for s in range(4):
                lvl_masks[level + 1, s] = lvl_masks[level, s]
            lvl_masks[level + 1, c & 3] |= 1 << (c >> 2)
            if level + 1 == r:
                _score(out[first], scratch, base_key, base_masks, lvl_key[r], lvl_masks[r],
                       offsets, table, flush)
            else:
                level += 1
                idx[level] = idx[level - 1]
    return out


@njit(cache=True, inline="always")
def _next(state):
    """xorshift64* (Vigna): one 64-bit draw; the state lives in a 1-element array."""
    x = state[0]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    state[0] = x
    return x * np.uint64(0x2545F4914F6CDD1D)


@njit(cache=True, inline="always")
def _below(state, n):
    """A uniform integer in [0, n) by Lemire's multiply-shift with rejection (no bias)."""
    threshold = (np.uint64(0) - np.uint64(n)) % np.uint64(n)
    while True:
        x = _next(state)
        lo = (x & np.uint64(0xFFFFFFFF)) * np.uint64(n)
        if (lo & np.uint64(0xFFFFFFFF)) >= (threshold & np.uint64(0xFFFFFFFF)) or n <= 1:
            return np.int64(lo >> np.uint64(32))


@njit(cache=True, parallel=True)
def monte_carlo_showdowns(combos, starts, board, dead_bits, samples, seed, n_chunks,
                          key, offsets, table, flush):
    """Monte Carlo equity over ranges.

    combos: int64[M, 2], player p's combinations being rows starts[p]..starts[p+1]. A sample
    draws one combination per player uniformly; if any cards collide (with each other, the
    board or the dead cards) it draws them all again, so samples are uniform over the
    consistent deals. Then it completes the board uniformly from the unseen cards.
    Returns int64[n_chunks, k, 2 + k] laid out as ``_score`` describes.
    """
    n_players = starts.shape[0] - 1
    out = np.zeros((n_chunks, n_players, 2 + n_players), np.int64)
    per_chunk = samples // n_chunks
    extra = samples - per_chunk * n_chunks
    nb = board.shape[0]
    board_key = 0
    board_masks = np.zeros(4, np.int64)
    board_bits = np.uint64(0)
    for j in range(nb):
        c = board[j]
        board_key += key[c]
        board_masks[c & 3] |= 1 << (c >> 2)
        board_bits |= np.uint64(1) << np.uint64(c)
    for chunk in prange(n_chunks):
        state = np.empty(1, np.uint64)
        # SplitMix-style seeding: distinct, well-mixed streams per (seed, chunk).
        z = np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(chunk + 1) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        z = z ^ (z >> np.uint64(31))
        state[0] = z if z != 0 else np.uint64(0x2545F4914F6CDD1D)
        base_key = np.zeros(n_players, np.int64)
        base_masks = np.zeros((n_players, 4), np.int64)
        masks = np.zeros(4, np.int64)
        scratch = np.empty(n_players, np.int64)
        todo = per_chunk + (1 if chunk < extra else 0)
        done = 0
        while done < todo:
            used = dead_bits | board_bits
            ok = True
            for p in range(n_players):
                lo = starts[p]
                i = lo + _below(state, starts[p + 1] - lo)
                a = combos[i, 0]
                b = combos[i, 1]
                ab = (np.uint64(1) << np.uint64(a)) | (np.uint64(1) << np.uint64(b))
                if used & ab:
                    ok = False
                    break
                used |= ab
                base_key[p] = key[a] + key[b]
                for s in range(4):
                    base_masks[p, s] = 0
                base_masks[p, a & 3] |= 1 << (a >> 2)
                base_masks[p, b & 3] |= 1 << (b >> 2)
            if not ok:
                continue
            k = board_key
            for s in range(4):
                masks[s] = board_masks[s]
            for _ in range(5 - nb):
                while True:
                    c = _below(state, 52)
                    bc = np.uint64(1) << np.uint64(c)
                    if not (used & bc):
                        break
                used |= bc
                k += key[c]
                masks[c & 3] |= 1 << (c >> 2)
            _score(out[chunk], scratch, base_key, base_masks, k, masks, offsets, table, flush)
            done += 1
    return out
