"""The evaluator's compiled modules (one_hand.py, exact.py), by their short names: which
build runs is decided by :mod:`pokertd._compiled`, as for the engine."""

from __future__ import annotations

from types import ModuleType

from .. import _compiled
from .._compiled import is_compiled

__all__ = ["current_build", "is_compiled", "load"]


def current_build(name: str) -> bool:
    """True when ``pokertd.evaluator.<name>`` has a mypyc build that is to be used."""
    return _compiled.current_build(f"{__package__}.{name}")


def load(name: str) -> ModuleType:
    """``pokertd.evaluator.<name>``: its current mypyc build if there is one, else its source."""
    return _compiled.load(f"{__package__}.{name}")
