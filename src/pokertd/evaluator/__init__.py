"""Hand evaluation: strength, categories and names; batch kernels; equity; ranges."""

from .batch import category_batch, evaluate_batch
from .strength import MAX_STRENGTH, category, describe, evaluate
from .tables import Category

__all__ = ["Category", "MAX_STRENGTH", "category", "category_batch", "describe", "evaluate",
           "evaluate_batch"]
