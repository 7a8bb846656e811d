"""Hand evaluation: strength, categories and names; batch kernels; equity; ranges.

``evaluate``, ``category`` and ``describe`` are plain Python and import fast; the compiled
batch functions load Numba on first use, so the engine and the command line do not pay for
it unless they evaluate in batches.
"""

from .strength import MAX_STRENGTH, category, describe, evaluate
from .tables import Category

__all__ = ["Category", "MAX_STRENGTH", "category", "category_batch", "describe", "evaluate",
           "evaluate_batch"]


def __getattr__(name: str):
    if name in ("evaluate_batch", "category_batch"):
        from . import batch

        return getattr(batch, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
