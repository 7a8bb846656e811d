"""Exact showdown counts for one deal of hole cards, in plain typed Python (no NumPy).

setup.py compiles this module with mypyc (as it does the engine and one_hand.py); the same
source runs uncompiled when no build is there, only slower. equity.py calls it for every
deal, so exact equity loads neither NumPy nor Numba for hands given card for card.

Two passes instead of visiting every board (1,712,304 of them before the flop):

1. Rank pass: every rank multiset the undealt cards can add to the board, scored without
   flushes and weighted by the number of boards that share it: the product over ranks of
   C(undealt cards of that rank, count). Every such board gives every hand the same
   non-flush strength.
2. Flush pass, suit by suit: every board on which someone can make a flush in that suit,
   its rank-pass outcome taken back and the true one added. The board's cards of the suit
   are enumerated; its other cards count only by their ranks (weighted as above). Two suits
   can never both give a flush on one board (with two hole cards each, that needs three
   board cards of each suit: six), so no board is corrected twice.

Strengths come from the evaluator's tables (tables.py): the perfect hash of rank-key sums
for hands without a flush, the 13-bit rank mask of the flush suit for flushes. The hash is
read from ``bytes`` (compiled, an index into bytes is a plain load from 350 kB that stays in
the CPU caches; a list of int objects spreads over megabytes). Each scored board adds its
weight to its winners, a bit mask of the hands that share the best strength: hands' counts
are made from these totals at the end, and a flush correction that leaves the winners as
they were is skipped.
"""

from __future__ import annotations

from itertools import combinations
from math import comb
from typing import Final

from .perfect_hash import ROW_MASK, ROW_SHIFT
from .tables import RANK_KEYS, raw_tables

ROWS: Final = ROW_SHIFT
COLUMNS: Final = ROW_MASK

_T: Final = raw_tables()
OFFSETS: Final[bytes] = _T["hash_offsets"].tobytes()   # int32, little-endian (tables.py)
TABLE: Final[bytes] = _T["hash_table"].tobytes()       # uint16, little-endian
FLUSH: Final[list[int]] = _T["flush"].tolist()   # 0 for a mask of fewer than five ranks
if _T["hash_offsets"].itemsize != 4 or _T["hash_table"].itemsize != 2 or max(_T["hash_offsets"]) >= 1 << 24:
    raise RuntimeError("exact.py reads the hash offsets as 3-byte and the table as 2-byte integers")
RANK_KEY: Final[list[int]] = list(RANK_KEYS)
CHOOSE: Final[list[list[int]]] = [[comb(n, k) for k in range(5)] for n in range(5)]

# Rank multisets of r cards (r = 0..5): (rank-key sum, [(rank, count), ...]), built on first use.
_MULTISETS: Final[dict[int, list[tuple[int, list[tuple[int, int]]]]]] = {}


def _multisets(r: int) -> list[tuple[int, list[tuple[int, int]]]]:
    found = _MULTISETS.get(r)
    if found is None:
        found = []
        _collect(found, [], 0, r, 0)
        _MULTISETS[r] = found
    return found


def _collect(out: list[tuple[int, list[tuple[int, int]]]], parts: list[tuple[int, int]], rank: int,
             left: int, key: int) -> None:
    """Every way to take ``left`` more cards from ranks ``rank``..12, at most 4 of a rank."""
    if left == 0:
        out.append((key, list(parts)))
        return
    if rank == 13:
        return
    _collect(out, parts, rank + 1, left, key)
    for n in range(1, min(4, left) + 1):
        parts.append((rank, n))
        _collect(out, parts, rank + 1, left - n, key + n * RANK_KEY[rank])
        parts.pop()


def _weighted(r: int, avail: list[int]) -> list[tuple[int, int]]:
    """(rank-key sum, boards) of every rank multiset of r cards that ``avail`` cards per rank
    can form, boards being the number of ways to draw it: prod C(avail[rank], count)."""
    out: list[tuple[int, int]] = []
    for key, parts in _multisets(r):
        w = 1
        for rank, n in parts:
            w *= CHOOSE[avail[rank]][n]
        if w:
            out.append((key, w))
    return out


def _nonflush(rk: int) -> int:
    """Strength of a hand without a flush, by its rank-key sum (the perfect hash)."""
    o = 4 * (rk >> ROWS)
    j = 2 * ((OFFSETS[o] | (OFFSETS[o + 1] << 8) | (OFFSETS[o + 2] << 16)) + (rk & COLUMNS))
    return TABLE[j] | (TABLE[j + 1] << 8)


def _counts(showdowns: list[int], n_hands: int) -> list[list[int]]:
    """Per-hand counts from showdowns[winners] (winners: a bit mask of the hands sharing the
    best strength): [won alone, shared, shared by 1 (won alone), shared by 2, ..., by n]."""
    acc = [[0] * (2 + n_hands) for _ in range(n_hands)]
    for winners in range(1, len(showdowns)):
        w = showdowns[winners]
        if w:
            n_best = winners.bit_count()
            for h in range(n_hands):
                if winners >> h & 1:
                    row = acc[h]
                    row[0 if n_best == 1 else 1] += w
                    row[1 + n_best] += w
    return acc


def showdown_counts(holes: list[tuple[int, int]], board: list[int], dead: list[int]) -> list[list[int]]:
    """Exact showdown counts of one deal: for each hand, [won alone, shared, shared by 1,
    ..., shared by n] over every completion of the board. Cards must be valid and distinct
    (equity.py has checked them)."""
    n_hands = len(holes)
    used = set(board) | set(dead)
    for a, b in holes:
        used.add(a)
        used.add(b)
    deck = [c for c in range(52) if c not in used]
    r = 5 - len(board)
    showdowns = [0] * (1 << n_hands)   # by winners
    board_rank = 0
    for c in board:
        board_rank += RANK_KEY[c >> 2]
    base_rank = [RANK_KEY[a >> 2] + RANK_KEY[b >> 2] + board_rank for a, b in holes]

    avail = [0] * 13
    for c in deck:
        avail[c >> 2] += 1
    for key, w in _weighted(r, avail):
        best = -1
        winners = 0
        for h in range(n_hands):
            v = _nonflush(base_rank[h] + key)
            if v > best:
                best = v
                winners = 1 << h
            elif v == best:
                winners |= 1 << h
        showdowns[winners] += w

    flush_s = [0] * n_hands
    for suit in range(4):
        base_mask = [0] * n_hands
        most = 0
        for h in range(n_hands):
            mask = 0
            for c in (holes[h][0], holes[h][1], *board):
                if c & 3 == suit:
                    mask |= 1 << (c >> 2)
            base_mask[h] = mask
            most = max(most, mask.bit_count())
        need = 5 - most
        if need > r:
            continue
        suited = [c for c in deck if c & 3 == suit]
        other_avail = [0] * 13
        for c in deck:
            if c & 3 != suit:
                other_avail[c >> 2] += 1
        for m in range(max(need, 0), r + 1):
            others = _weighted(r - m, other_avail)
            for drawn in combinations(suited, m):
                drawn_rank = 0
                drawn_mask = 0
                for c in drawn:
                    drawn_rank += RANK_KEY[c >> 2]
                    drawn_mask |= 1 << (c >> 2)
                any_flush = False
                for h in range(n_hands):
                    f = FLUSH[base_mask[h] | drawn_mask]
                    flush_s[h] = f
                    if f:
                        any_flush = True
                if not any_flush:
                    continue  # the rank pass already scored these boards right
                for key, w in others:
                    best_rank = best_true = -1
                    by_rank = by_true = 0
                    for h in range(n_hands):
                        v = _nonflush(base_rank[h] + drawn_rank + key)
                        if v > best_rank:
                            best_rank = v
                            by_rank = 1 << h
                        elif v == best_rank:
                            by_rank |= 1 << h
                        f = flush_s[h]
                        if f:
                            v = f
                        if v > best_true:
                            best_true = v
                            by_true = 1 << h
                        elif v == best_true:
                            by_true |= 1 << h
                    if by_true != by_rank:   # the rank pass counted these boards for by_rank
                        showdowns[by_true] += w
                        showdowns[by_rank] -= w
    return _counts(showdowns, n_hands)
