"""A minimal-ish perfect hash by row displacement (Tarjan and Yao, 1979).

Keys are split into rows by their high bits; each row is shifted by an offset so that its
occupied columns land on free slots of one shared table. A lookup is then
``table[offsets[key >> SHIFT] + (key & MASK)]``: two loads from small arrays, which keeps
the evaluator's working set in the CPU caches.

Plain Python (no NumPy, no Numba), so the one-hand evaluator can build its tables on a
machine where nothing is cached yet without loading either.
"""

from __future__ import annotations

from collections.abc import Sequence

ROW_SHIFT = 10
ROW_MASK = (1 << ROW_SHIFT) - 1


def build_row_displacement(keys: Sequence[int], values: Sequence[int]) -> tuple[list[int], list[int]]:
    """Return (offsets[rows], table[size]) mapping each (distinct, non-negative) key to its
    value; a slot no key lands on holds 0.

    Rows are placed most keys first (ties: the lower row first), each at the lowest offset
    where all its columns are free (first fit). The free offsets of a row are found for all
    offsets at once with big-integer bit masks: bit ``o`` of ``free >> col`` is set when slot
    ``o + col`` is free, so the AND over the row's columns has bit ``o`` set exactly when the
    row fits at offset ``o``; its lowest set bit is the first fit. Offset ``top`` (past every
    occupied slot) always fits, so only offsets ``0..top`` are looked at.
    """
    rows: dict[int, list[tuple[int, int]]] = {}
    for k, v in zip(keys, values):
        rows.setdefault(k >> ROW_SHIFT, []).append((k & ROW_MASK, v))
    offsets = [0] * (max(rows) + 1 if rows else 0)
    occupied = 0
    top = 0
    for row in sorted(rows, key=lambda r: (-len(rows[r]), r)):
        cols = rows[row]
        free = ((1 << (top + ROW_MASK + 2)) - 1) ^ occupied
        fits = (1 << (top + 1)) - 1
        pattern = 0
        for col, _ in cols:
            fits &= free >> col
            pattern |= 1 << col
        off = (fits & -fits).bit_length() - 1
        occupied |= pattern << off
        top = max(top, off + pattern.bit_length())
        offsets[row] = off
    table = [0] * top
    for row, cols in rows.items():
        off = offsets[row]
        for col, v in cols:
            table[off + col] = v
    return offsets, table
