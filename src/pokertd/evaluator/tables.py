"""The evaluator's tables, generated here from first principles (never downloaded).

Strength is the dense rank of the best five-card high hand among all 7,462 distinct
five-card hand values: 1 is 7-5-4-3-2 offsuit, 7,462 is a royal flush.

A hand's rank multiset is keyed by the sum of one key per card rank. ``RANK_KEYS`` were
found by a greedy search (``derive_rank_keys``): each is the smallest value above the
previous one such that no two multisets of at most seven cards (at most four of a rank),
of any size, have the same sum. So one lookup by sum serves 5-, 6- and 7-card hands.
The search takes minutes, so its result is written here and re-checked by the tests;
the tables built from it take a second or two and are cached on disk.

Plain Python: building, caching and loading the tables needs neither NumPy nor Numba (the
one-hand evaluator imports this module); :func:`tables` gives NumPy views for the kernels.
"""

from __future__ import annotations

import itertools
import os
import struct
import sys
from array import array
from enum import IntEnum
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from ..cards import RANK_NAMES, RANK_PLURALS

if TYPE_CHECKING:
    import numpy as np

RANK_KEYS = (1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359, 3453520)
MAX_CARDS = 7
TABLE_VERSION = 2


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


# The tables, in file order: name, array typecode, the NumPy dtype of the same item size.
_LAYOUT = (("nf_keys", "q", "int64"), ("nf_values", "H", "uint16"), ("flush", "H", "uint16"),
           ("hash_offsets", "i", "int32"), ("hash_table", "H", "uint16"))
_ITEM_SIZES = {"q": 8, "H": 2, "i": 4}
_MAGIC = b"pokertd evaluator tables %d\n" % TABLE_VERSION


def _build() -> dict[str, list[int]]:
    """Every table, from first principles: non-flush strengths by rank-key sum (as key and
    value lists, in the order of ``rank_multisets``, and as a perfect hash), and flush strengths by 13-bit rank mask."""
    strength = strength_of_class()
    keys, values = [], []
    for counts in rank_multisets():
        keys.append(sum(c * k for c, k in zip(counts, RANK_KEYS)))
        values.append(strength[best_nonflush_class(counts)])
    if len(set(keys)) != len(keys):
        raise AssertionError("RANK_KEYS do not give distinct sums")
    flush = [strength[best_flush_class(mask)] if mask.bit_count() >= 5 else 0 for mask in range(1 << 13)]
    from .perfect_hash import build_row_displacement
    offsets, table = build_row_displacement(keys, values)
    return {"nf_keys": keys, "nf_values": values, "flush": flush,
            "hash_offsets": offsets, "hash_table": table}


def _cache_dir() -> Path:
    base = os.environ.get("POKERTD_CACHE") or os.environ.get("XDG_CACHE_HOME") or "~/.cache"
    path = Path(base).expanduser()
    return path if os.environ.get("POKERTD_CACHE") else path / "pokertd"


def _cache_path() -> Path:
    return _cache_dir() / f"evaluator-v{TABLE_VERSION}-{abs(hash(RANK_KEYS)) % 10**8}.bin"


def _encode(data: dict[str, array]) -> bytes:
    parts = [_MAGIC]
    for name, _, _ in _LAYOUT:
        a = data[name]
        if sys.byteorder == "big":
            a = array(a.typecode, a)
            a.byteswap()
        parts.append(struct.pack("<Q", len(a)))
        parts.append(a.tobytes())
    return b"".join(parts)


def _decode(raw: bytes) -> dict[str, array]:
    """The tables of a cache file; a ValueError if it is not one, whole and of this version."""
    if not raw.startswith(_MAGIC):
        raise ValueError("not a table file of this version")
    pos = len(_MAGIC)
    data = {}
    for name, code, _ in _LAYOUT:
        (n,) = struct.unpack_from("<Q", raw, pos)
        pos += 8
        a = array(code)
        end = pos + n * a.itemsize
        if end > len(raw):
            raise ValueError("table file is truncated")
        a.frombytes(raw[pos:end])
        if sys.byteorder == "big":
            a.byteswap()
        data[name] = a
        pos = end
    if pos != len(raw):
        raise ValueError("table file has trailing bytes")
    return data


@lru_cache(maxsize=1)
def raw_tables() -> dict[str, array]:
    """The evaluator's tables as arrays (no NumPy): from the disk cache when it is valid,
    otherwise built and cached (a read-only cache directory only means building again)."""
    for _, code, dtype in _LAYOUT:
        if array(code).itemsize != _ITEM_SIZES[code]:
            raise RuntimeError(f"array typecode {code!r} is not {dtype} on this platform")
    path = _cache_path()
    try:
        return _decode(path.read_bytes())
    except (OSError, ValueError, struct.error):
        pass
    built = _build()
    data = {name: array(code, built[name]) for name, code, _ in _LAYOUT}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_bytes(_encode(data))
        os.replace(tmp, path)
    except OSError:
        pass  # a read-only home still evaluates, it just rebuilds next time
    return data


@lru_cache(maxsize=1)
def tables() -> dict[str, np.ndarray]:
    """The tables as NumPy arrays (views of :func:`raw_tables`), for the compiled kernels."""
    import numpy as np

    raw = raw_tables()
    return {name: np.frombuffer(raw[name], dtype) for name, _, dtype in _LAYOUT}


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
