"""The Numba kernel of exact ICM for more players than plain Python handles quickly.

icm.py imports this module only for more than ``PYTHON_MAX_PLAYERS`` players, so valuing a
final table loads neither NumPy nor Numba. The programme and its arithmetic, in the same
order, are those of ``icm._harville_python``: both give the same floats.
"""

from __future__ import annotations

import numpy as np
from numba import njit


def harville_exact(stacks: list[int], places: int) -> list[list[float]]:
    """P[i][k]: probability that player i finishes in place k+1, for k < places."""
    return _harville(np.asarray(stacks, np.int64), places).tolist()


@njit(cache=True)
def _harville(stacks, places):  # pragma: no cover - compiled
    n = stacks.shape[0]
    size = 1 << n
    total = 0
    for i in range(n):
        total += stacks[i]
    prob = np.zeros(size, np.float64)
    used = np.zeros(size, np.int64)     # chips of the players in the subset (exact integers)
    count = np.zeros(size, np.uint8)    # players in the subset
    out = np.zeros((n, places), np.float64)
    prob[0] = 1.0
    for mask in range(size):
        if mask:
            low = mask & -mask
            j = 0
            while (low >> j) != 1:
                j += 1
            used[mask] = used[mask ^ low] + stacks[j]
            count[mask] = count[mask ^ low] + 1
        k = count[mask]
        if k >= places:
            continue
        p = prob[mask]
        if p == 0.0:
            continue
        scale = p / (total - used[mask])
        for i in range(n):
            if not (mask >> i) & 1:
                q = scale * stacks[i]
                out[i, k] += q
                prob[mask | (1 << i)] += q
    return out
