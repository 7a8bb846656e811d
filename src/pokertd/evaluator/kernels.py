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

    def evaluate_rows(hands, key, bit, offsets, table, flush, out):
        # Returns the number of bad rows (a card outside 0..51 or a repeated card; their
        # strength is 0): a reduction, not a per-row flag array, which cost a fresh array's
        # page faults and kept the parallel loop from running at full speed.
        n_bad = 0
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
                n_bad += 1
                out[i] = 0
            else:
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
        return n_bad

    return njit(cache=True, parallel=parallel)(evaluate_rows)


_ROW_KERNELS: dict = {}


def row_kernel(m: int, check: bool, parallel: bool):
    """The compiled batch kernel for this row size and mode (built on first use)."""
    spec = (m, check, parallel)
    if spec not in _ROW_KERNELS:
        _ROW_KERNELS[spec] = _make_evaluate_rows(*spec)
    return _ROW_KERNELS[spec]


@njit(cache=True, inline="always")
def _hand_strength(hk, hole, h, board, offsets, table, flush):
    """Strength of hand h: hk is its packed key sum (suit bias included), board the five
    board cards. The flush mask is rebuilt from the cards only when a flush is there."""
    if hk & FLUSH_TEST:
        s = _flush_suit(hk)
        mask = 0
        for j in range(2):
            c = hole[h, j]
            if (c & 3) == s:
                mask |= 1 << (c >> 2)
        for j in range(5):
            c = board[j]
            if (c & 3) == s:
                mask |= 1 << (c >> 2)
        return np.int64(flush[mask])
    return np.int64(_nonflush(hk, offsets, table))


@njit(cache=True, inline="always")
def _score(acc, strengths, hole, base_key, k, board, offsets, table, flush):
    """Score one complete board for every hand into acc (strengths is scratch space)."""
    for h in range(base_key.shape[0]):
        strengths[h] = _hand_strength(base_key[h] + k, hole, h, board, offsets, table, flush)
    _outcome(acc, strengths, 1)


@njit(cache=True, inline="always")
def _outcome(acc, strengths, weight):
    """Add ``weight`` showdowns with these strengths to acc (weight may be negative).

    acc[h] = [wins, ties, showdowns won alone, shared by 2, ..., shared by n_hands].
    """
    n_hands = strengths.shape[0]
    best = -1
    n_best = 0
    for h in range(n_hands):
        v = strengths[h]
        if v > best:
            best = v
            n_best = 1
        elif v == best:
            n_best += 1
    for h in range(n_hands):
        if strengths[h] == best:
            acc[h, 0 if n_best == 1 else 1] += weight
            acc[h, 1 + n_best] += weight


@njit(cache=True)
def rank_multiset_showdowns(base_rank, multiset_counts, multiset_rank, avail, comb, offsets, table, acc):
    """The rank-only pass of exact enumeration.

    Every board completion with the same rank multiset gives every hand the same
    non-flush strength, so each multiset is scored once, weighted by the number of boards
    that share it: the product over ranks of C(unseen cards of that rank, count).
    Boards where someone makes a flush are corrected by flush_showdowns.
    base_rank: rank-key sum of each hand's hole cards plus the known board.
    """
    n_hands = base_rank.shape[0]
    strengths = np.empty(n_hands, np.int64)
    for i in range(multiset_rank.shape[0]):
        w = 1
        for r in range(13):
            w *= comb[avail[r], multiset_counts[i, r]]
        if w == 0:
            continue
        for h in range(n_hands):
            rk = base_rank[h] + multiset_rank[i]
            strengths[h] = table[offsets[rk >> ROW_SHIFT] + (rk & ROW_MASK)]
        _outcome(acc, strengths, w)


@njit(cache=True, parallel=True)
def flush_showdowns(hole, board, suit, suited, other_counts, other_rank, other_avail, comb,
                    key, offsets, table, flush):
    """The flush correction of exact enumeration, for one suit and one count of it.

    The boards drawn here are ``suited[i]`` (cards of ``suit``) plus cards of other suits,
    which count only by their ranks: ``other_counts``/``other_rank`` list the rank
    multisets they can form and ``other_avail`` how many such cards each rank has, so a
    multiset stands for the product of C(avail, count) boards. The board then holds at
    least three cards of ``suit``, so no other suit can make a flush, and whether a hand
    has a flush (and which) depends on ``suited[i]`` alone. The rank pass scored these
    boards without flushes; here that outcome is taken back and the true one added.
    Returns int64[len(suited), k, 2 + k] for the caller to sum.
    """
    n_hands = hole.shape[0]
    nb = board.shape[0]
    ms = suited.shape[1]
    n_other = other_rank.shape[0]
    out = np.zeros((suited.shape[0], n_hands, 2 + n_hands), np.int64)
    weights = np.empty(n_other, np.int64)
    for j in range(n_other):
        w = 1
        for r in range(13):
            w *= comb[other_avail[r], other_counts[j, r]]
        weights[j] = w
    base_rank = np.empty(n_hands, np.int64)
    base_mask = np.zeros(n_hands, np.int64)
    for h in range(n_hands):
        base_rank[h] = 0
        for t in range(2 + nb):
            c = hole[h, t] if t < 2 else board[t - 2]
            base_rank[h] += key[c] >> 16
            if (c & 3) == suit:
                base_mask[h] |= 1 << (c >> 2)
    # Scratch rows per i, allocated once (an allocation per iteration costs more than a board).
    scratch = np.empty((suited.shape[0], 3, n_hands), np.int64)
    for i in prange(suited.shape[0]):
        acc = out[i]
        true_s = scratch[i, 0]
        rank_s = scratch[i, 1]
        flush_s = scratch[i, 2]
        ri = 0
        suited_mask = 0
        for t in range(ms):
            c = suited[i, t]
            ri += key[c] >> 16
            suited_mask |= 1 << (c >> 2)
        any_flush = False
        for h in range(n_hands):
            flush_s[h] = -1
            mask = base_mask[h] | suited_mask
            # Five or more cards of the suit: popcount of the 13-bit rank mask.
            n_suited = 0
            x = mask
            while x:
                x &= x - 1
                n_suited += 1
            if n_suited >= 5:
                flush_s[h] = flush[mask]
                any_flush = True
        if not any_flush:
            continue  # the rank pass already scored these boards right
        for j in range(n_other):
            w = weights[j]
            if w == 0:
                continue
            for h in range(n_hands):
                rk = base_rank[h] + ri + other_rank[j]
                v = np.int64(table[offsets[rk >> ROW_SHIFT] + (rk & ROW_MASK)])
                rank_s[h] = v
                true_s[h] = flush_s[h] if flush_s[h] >= 0 else v
            _outcome(acc, true_s, w)
            _outcome(acc, rank_s, -w)
    return out


@njit(cache=True)
def combinations(cards, m):
    """All m-card combinations of ``cards`` (increasing positions), as int64[C(n, m), m]."""
    n = cards.shape[0]
    total = 1
    for i in range(m):
        total = total * (n - i) // (i + 1)
    if m > n:
        total = 0
    out = np.empty((total, m), np.int64)
    idx = np.arange(m)
    for row in range(total):
        for t in range(m):
            out[row, t] = cards[idx[t]]
        t = m - 1
        while t >= 0 and idx[t] == n - m + t:
            t -= 1
        if t < 0:
            break
        idx[t] += 1
        for u in range(t + 1, m):
            idx[u] = idx[u - 1] + 1
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
    """A uniform integer in [0, n) for n < 2**32: Lemire's multiply-shift on 32 random bits,
    rejecting the few low products that would bias it. The division that finds the
    rejection threshold runs only when the low product is below n (rarely)."""
    mask = np.uint64(0xFFFFFFFF)
    un = np.uint64(n)
    m = (_next(state) >> np.uint64(32)) * un
    if (m & mask) < un:
        threshold = (np.uint64(1 << 32) - un) % un
        while (m & mask) < threshold:
            m = (_next(state) >> np.uint64(32)) * un
    return np.int64(m >> np.uint64(32))


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
    fixed = True
    for p in range(n_players):
        if starts[p + 1] - starts[p] != 1:
            fixed = False
    per_chunk = samples // n_chunks
    extra = samples - per_chunk * n_chunks
    nb = board.shape[0]
    board_key = 0
    board_bits = np.uint64(0)
    for j in range(nb):
        board_key += key[board[j]]
        board_bits |= np.uint64(1) << np.uint64(board[j])
    for chunk in prange(n_chunks):
        state = np.empty(1, np.uint64)
        # SplitMix64 finaliser: distinct, well-mixed streams per (seed, chunk).
        z = np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(chunk + 1) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        z = z ^ (z >> np.uint64(31))
        state[0] = z if z != 0 else np.uint64(0x2545F4914F6CDD1D)
        hole = np.empty((n_players, 2), np.int64)
        base_key = np.empty(n_players, np.int64)
        cards = np.empty(5, np.int64)
        for j in range(nb):
            cards[j] = board[j]
        scratch = np.empty(n_players, np.int64)
        acc = out[chunk]
        todo = per_chunk + (1 if chunk < extra else 0)
        done = 0
        if fixed:
            # Every player holds one known hand: the unseen cards never change, so the board
            # is a partial Fisher-Yates shuffle of them (no rejected draws).
            used = dead_bits | board_bits
            for p in range(n_players):
                a = combos[starts[p], 0]
                b = combos[starts[p], 1]
                used |= (np.uint64(1) << np.uint64(a)) | (np.uint64(1) << np.uint64(b))
                hole[p, 0] = a
                hole[p, 1] = b
                base_key[p] = SUIT_BIAS + key[a] + key[b]
            deck = np.empty(52, np.int64)
            d = 0
            for c in range(52):
                if not (used & (np.uint64(1) << np.uint64(c))):
                    deck[d] = c
                    d += 1
            for _ in range(todo):
                k = board_key
                for j in range(nb, 5):
                    t = j - nb
                    r = t + _below(state, d - t)
                    c = deck[r]
                    deck[r] = deck[t]
                    deck[t] = c
                    cards[j] = c
                    k += key[c]
                _score(acc, scratch, hole, base_key, k, cards, offsets, table, flush)
            continue
        while done < todo:
            used = dead_bits | board_bits
            ok = True
            for p in range(n_players):
                lo = starts[p]
                n = starts[p + 1] - lo
                i = lo if n == 1 else lo + _below(state, n)
                a = combos[i, 0]
                b = combos[i, 1]
                ab = (np.uint64(1) << np.uint64(a)) | (np.uint64(1) << np.uint64(b))
                if used & ab:
                    ok = False
                    break
                used |= ab
                hole[p, 0] = a
                hole[p, 1] = b
                base_key[p] = SUIT_BIAS + key[a] + key[b]
            if not ok:
                continue
            k = board_key
            for j in range(nb, 5):
                while True:
                    c = _below(state, 52)
                    bc = np.uint64(1) << np.uint64(c)
                    if not (used & bc):
                        break
                used |= bc
                cards[j] = c
                k += key[c]
            _score(acc, scratch, hole, base_key, k, cards, offsets, table, flush)
            done += 1
    return out
