"""A minimal-ish perfect hash by row displacement (Tarjan and Yao, 1979).

Keys are split into rows by their high bits; each row is shifted by an offset so that its
occupied columns land on free slots of one shared table. A lookup is then
``table[offsets[key >> SHIFT] + (key & MASK)]``: two loads from small arrays, which keeps
the compiled evaluator's working set in the CPU caches.
"""

from __future__ import annotations

import numpy as np
from numba import njit

ROW_SHIFT = 10
ROW_MASK = (1 << ROW_SHIFT) - 1


@njit(cache=True)
def _place(row_order, row_start, cols, occupied):
    n_rows = row_start.shape[0] - 1
    offsets = np.zeros(n_rows, np.int64)
    top = 0
    for i in range(row_order.shape[0]):
        row = row_order[i]
        a, b = row_start[row], row_start[row + 1]
        if a == b:
            continue
        off = 0
        while True:
            ok = True
            for j in range(a, b):
                if occupied[off + cols[j]]:
                    ok = False
                    break
            if ok:
                break
            off += 1
        for j in range(a, b):
            occupied[off + cols[j]] = True
            if off + cols[j] + 1 > top:
                top = off + cols[j] + 1
        offsets[row] = off
    return offsets, top


def build_row_displacement(keys: np.ndarray, values: np.ndarray):
    """Return (offsets int32[rows], table uint16[size]) mapping each key to its value."""
    order = np.argsort(keys, kind="stable")
    keys, values = keys[order], values[order]
    rows = keys >> ROW_SHIFT
    n_rows = int(rows.max()) + 1
    row_start = np.searchsorted(rows, np.arange(n_rows + 1)).astype(np.int64)
    cols = (keys & ROW_MASK).astype(np.int64)
    counts = np.diff(row_start)
    row_order = np.argsort(-counts, kind="stable").astype(np.int64)
    # First fit never goes past the current top, so each row adds at most one row width.
    occupied = np.zeros((int((counts > 0).sum()) + 1) << ROW_SHIFT, np.bool_)
    offsets, top = _place(row_order, row_start, cols, occupied)
    table = np.zeros(top, np.uint16)
    table[offsets[rows] + cols] = values
    return offsets.astype(np.int32), table
