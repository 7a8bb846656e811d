"""The evaluator's tables, generated here from first principles (never downloaded).

Strength is the dense rank of the best five-card high hand among all 7,462 distinct
five-card hand values: 1 is 7-5-4-3-2 offsuit, 7,462 is a royal flush.

A hand's rank multiset is keyed by the sum of one key per card rank. ``RANK_KEYS`` were
found by a greedy search (``derive_rank_keys``): each is the smallest value above the
previous one such that no two multisets of at most seven cards (at most four of a rank),
of any size, have the same sum. So one lookup by sum serves 5-, 6- and 7-card hands.
The search takes minutes, so its result is written here and re-checked by the tests;
the tables built from it take about a second and are cached on disk.
"""

from __future__ import annotations

import itertools
import os
from enum import IntEnum
from functools import lru_cache
from pathlib import Path

import numpy as np

from ..cards import RANK_NAMES, RANK_PLURALS

RANK_KEYS = (1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520)
MAX_CARDS = 7
TABLE_VERSION = 1


class Category(IntEnum):
    """Hand categories, weakest first."""

    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        return _CATEGORY_LABELS[self]


_CATEGORY_LABELS = ("High Card", "One Pair", "Two Pair", "Three of a Kind", "Straight", "Flush",
                    "Full House", "Four of a Kind", "Straight Flush")

# Straights by their top card; the wheel A-2-3-4-5 is five-high (top rank index 3).
_STRAIGHT_MASKS = tuple((top, (0b11111 << (top - 4)) if top >= 4 else 0b1000000001111)
                        for top in range(12, 2, -1))


def _straight_top(mask: int) -> int:
    for top, m in _STRAIGHT_MASKS:
        if mask & m == m:
            return top
    return -1


@lru_cache(maxsize=1)
def hand_classes() -> tuple[tuple[int, tuple[int, ...]], ...]:
    """All 7,462 five-card hand values as (category, tie-break ranks), weakest first."""
    classes: list[tuple[int, tuple[int, ...]]] = []
    ranks = range(13)
    for combo in itertools.combinations(range(12, -1, -1), 5):
        mask = sum(1 << r for r in combo)
        top = _straight_top(mask)
        if top >= 0:
            classes.append((Category.STRAIGHT, (top,)))
            classes.append((Category.STRAIGHT_FLUSH, (top,)))
        else:
            classes.append((Category.HIGH_CARD, combo))
            classes.append((Category.FLUSH, combo))
    for a in ranks:
        others = [r for r in range(12, -1, -1) if r != a]
        for k in others:
            classes.append((Category.FOUR_OF_A_KIND, (a, k)))
            classes.append((Category.FULL_HOUSE, (a, k)))
        for ks in itertools.combinations(others, 2):
            classes.append((Category.THREE_OF_A_KIND, (a,) + ks))
        for ks in itertools.combinations(others, 3):
            classes.append((Category.ONE_PAIR, (a,) + ks))
    for hi, lo in itertools.combinations(range(12, -1, -1), 2):
        for k in range(12, -1, -1):
            if k not in (hi, lo):
                classes.append((Category.TWO_PAIR, (hi, lo, k)))
    classes.sort()
    assert len(classes) == 7462
    return tuple(classes)


@lru_cache(maxsize=1)
def strength_of_class() -> dict[tuple[int, tuple[int, ...]], int]:
    return {c: i + 1 for i, c in enumerate(hand_classes())}


def best_nonflush_class(counts: list[int]) -> tuple[int, tuple[int, ...]]:
    """The best five-card value (ignoring suits) of a rank multiset given as 13 counts."""
    desc = [r for r in range(12, -1, -1) if counts[r]]
    quads = [r for r in desc if counts[r] == 4]
    trips = [r for r in desc if counts[r] == 3]
    pairs = [r for r in desc if counts[r] == 2]
    if quads:
        q = quads[0]
        return Category.FOUR_OF_A_KIND, (q, next(r for r in desc if r != q))
    if trips and (len(trips) > 1 or pairs):
        t = trips[0]
        p = max([r for r in trips[1:]] + pairs)
        return Category.FULL_HOUSE, (t, p)
    top = _straight_top(sum(1 << r for r in desc))
    if top >= 0:
        return Category.STRAIGHT, (top,)
    if trips:
        t = trips[0]
        return Category.THREE_OF_A_KIND, (t,) + tuple(r for r in desc if r != t)[:2]
    if len(pairs) >= 2:
        hi, lo = pairs[0], pairs[1]
        return Category.TWO_PAIR, (hi, lo, next(r for r in desc if r not in (hi, lo)))
    if pairs:
        p = pairs[0]
        return Category.ONE_PAIR, (p,) + tuple(r for r in desc if r != p)[:3]
    return Category.HIGH_CARD, tuple(desc[:5])


def best_flush_class(mask: int) -> tuple[int, tuple[int, ...]]:
    """The best five-card value of five or more suited cards with these ranks (13-bit mask)."""
    top = _straight_top(mask)
    if top >= 0:
        return Category.STRAIGHT_FLUSH, (top,)
    return Category.FLUSH, tuple(r for r in range(12, -1, -1) if mask >> r & 1)[:5]


def rank_multisets(sizes=(5, 6, 7)):
    """Yield every rank multiset (13 counts, at most 4 each) whose size is in ``sizes``."""
    biggest = max(sizes)
    counts = [0] * 13

    def rec(r: int, left: int):
        if r == 13:
            if biggest - left in sizes:
                yield counts
            return
        for c in range(min(4, left) + 1):
            counts[r] = c
            yield from rec(r + 1, left - c)
        counts[r] = 0

    yield from rec(0, biggest)


def _build() -> dict[str, np.ndarray]:
    strength = strength_of_class()
    keys, values = [], []
    for counts in rank_multisets():
        keys.append(sum(c * k for c, k in zip(counts, RANK_KEYS)))
        values.append(strength[best_nonflush_class(counts)])
    flush = np.zeros(1 << 13, np.uint16)
    for mask in range(1 << 13):
        if mask.bit_count() >= 5:
            flush[mask] = strength[best_flush_class(mask)]
    nf_keys = np.asarray(keys, np.int64)
    nf_values = np.asarray(values, np.uint16)
    if len(np.unique(nf_keys)) != len(nf_keys):
        raise AssertionError("RANK_KEYS do not give distinct sums")
    from .perfect_hash import build_row_displacement
    offsets, table = build_row_displacement(nf_keys, nf_values)
    return {"nf_keys": nf_keys, "nf_values": nf_values, "flush": flush,
            "hash_offsets": offsets, "hash_table": table}


def _cache_dir() -> Path:
    base = os.environ.get("POKERTD_CACHE") or os.environ.get("XDG_CACHE_HOME") or "~/.cache"
    path = Path(base).expanduser()
    return path if os.environ.get("POKERTD_CACHE") else path / "pokertd"


@lru_cache(maxsize=1)
def tables() -> dict[str, np.ndarray]:
    """The evaluator's tables: from the disk cache when valid, otherwise built (and cached)."""
    name = f"evaluator-v{TABLE_VERSION}-{abs(hash(RANK_KEYS)) % 10**8}.npz"
    path = _cache_dir() / name
    try:
        with np.load(path) as f:
            data = {k: f[k] for k in f.files}
        if {"nf_keys", "nf_values", "flush", "hash_offsets", "hash_table"} <= data.keys():
            return data
    except (OSError, ValueError):
        pass
    data = _build()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp.npz")
        np.savez(tmp, **data)
        os.replace(tmp, path)
    except OSError:
        pass  # a read-only home still evaluates, it just rebuilds next time
    return data


def derive_rank_keys(max_cards: int = MAX_CARDS, ranks: int = 13) -> tuple[int, ...]:
    """Re-run the greedy search that produced RANK_KEYS[:ranks] (all 13 take many minutes)."""
    keys: list[int] = []
    multisets = [(0, 0)]  # (sum, size)
    for _ in range(ranks):
        k = keys[-1] + 1 if keys else 1
        while True:
            sums = set()
            ok = True
            for s, n in multisets:
                for j in range(min(4, max_cards - n) + 1):
                    v = s + j * k
                    if v in sums:
                        ok = False
                        break
                    sums.add(v)
                if not ok:
                    break
            if ok:
                break
            k += 1
        keys.append(k)
        multisets = [(s + j * k, n + j) for s, n in multisets for j in range(min(4, max_cards - n) + 1)]
    return tuple(keys)


def class_name(cls: tuple[int, tuple[int, ...]]) -> str:
    """The name people use for a five-card value."""
    cat, r = cls
    n, p = RANK_NAMES, RANK_PLURALS
    if cat == Category.STRAIGHT_FLUSH:
        return "Royal Flush" if r[0] == 12 else f"Straight Flush, {n[r[0]]} high"
    if cat == Category.FOUR_OF_A_KIND:
        return f"Four of a Kind, {p[r[0]]}, {n[r[1]]} kicker"
    if cat == Category.FULL_HOUSE:
        return f"Full House, {p[r[0]]} full of {p[r[1]]}"
    if cat == Category.FLUSH:
        return f"Flush, {'-'.join(n[x] for x in r)}"
    if cat == Category.STRAIGHT:
        return f"Straight, {n[r[0]]} high"
    if cat == Category.THREE_OF_A_KIND:
        return f"Three of a Kind, {p[r[0]]}, {'-'.join(n[x] for x in r[1:])} kickers"
    if cat == Category.TWO_PAIR:
        return f"Two Pair, {p[r[0]]} and {p[r[1]]}, {n[r[2]]} kicker"
    if cat == Category.ONE_PAIR:
        return f"One Pair, {p[r[0]]}, {'-'.join(n[x] for x in r[1:])} kickers"
    return f"High Card, {'-'.join(n[x] for x in r)}"
