"""NumPy entry points to the compiled kernels: ``evaluate_batch`` and ``category_batch``."""

from __future__ import annotations

import numpy as np

from ..cards import cards_text
from . import kernels
from .strength import category_starts
from .tables import RANK_KEYS, tables

# Below this many hands, starting the worker threads costs more than it saves.
PARALLEL_THRESHOLD = 20_000

_T = tables()
KEY, BIT = kernels.card_tables(RANK_KEYS)
OFFSETS = _T["hash_offsets"]  # int32: half the cache footprint of int64
TABLE = _T["hash_table"]
FLUSH = _T["flush"]
_STARTS = np.asarray(category_starts(), np.int64)


def as_hands(hands, sizes=(5, 6, 7)) -> np.ndarray:
    """A C-contiguous uint8 array of shape (N, n), n in ``sizes``; a ValueError otherwise."""
    arr = np.asarray(hands)
    if arr.ndim != 2 or arr.shape[1] not in sizes:
        raise ValueError(f"hands must have shape (N, 5), (N, 6) or (N, 7); got {arr.shape}")
    if arr.dtype != np.uint8:
        if not np.issubdtype(arr.dtype, np.integer):
            raise ValueError(f"hands must be integer card indices (uint8); got dtype {arr.dtype}")
        if arr.size and (arr.min() < 0 or arr.max() > 51):
            bad = int(np.argmax(((arr < 0) | (arr > 51)).any(axis=1)))
            raise ValueError(f"hand {bad} has a card index outside 0..51: {arr[bad].tolist()}")
        arr = arr.astype(np.uint8)
    return np.ascontiguousarray(arr)


def evaluate_batch(hands, *, check: bool = True) -> np.ndarray:
    """Strengths (int32, as ``evaluate``) of every row of an (N, 5|6|7) array of card indices.

    Compiled, and parallel over the cores for large batches. A row with a card outside
    0..51 or a repeated card is a ValueError naming the first such row. ``check=False``
    skips that per-row check for input already known to be valid (about a third faster);
    a bad row then gets a meaningless strength, never a crash.
    """
    arr = as_hands(hands)
    n = arr.shape[0]
    out = np.empty(n, np.int32)
    kernel = kernels.row_kernel(arr.shape[1], bool(check), n >= PARALLEL_THRESHOLD)
    if kernel(arr, KEY, BIT, OFFSETS, TABLE, FLUSH, out):
        # The rare path: find the first bad row (a card outside 0..51 or a repeated card).
        ordered = np.sort(arr, axis=1)
        bad = (ordered[:, -1] > 51) | (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
        i = int(np.argmax(bad))
        row = arr[i].tolist()
        why = "a card index outside 0..51" if max(row) > 51 else "a duplicate card"
        shown = row if max(row) > 51 else cards_text(row)
        raise ValueError(f"hand {i} has {why}: {shown}")
    return out


def category_batch(strengths) -> np.ndarray:
    """Categories (int8, values of ``Category``) of an array of strengths."""
    s = np.asarray(strengths)
    if s.size and (s.min() < 1 or s.max() > 7462):
        raise ValueError("strengths must be in 1..7462")
    return (np.searchsorted(_STARTS, s, side="right") - 1).astype(np.int8)
