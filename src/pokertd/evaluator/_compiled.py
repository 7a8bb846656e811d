"""Which build of a compiled evaluator module runs: the mypyc build or its source.

setup.py compiles one_hand.py and exact.py with mypyc at install time. A build is used
unless POKERTD_PURE_PYTHON=1 asks for the source or the source was edited after the build
(a stale build would run old code: reinstall to recompile), as for the engine.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType


def current_build(name: str) -> bool:
    """True when ``pokertd.evaluator.<name>`` has a mypyc build that is to be used."""
    spec = importlib.util.find_spec(f"{__package__}.{name}")
    origin = spec.origin if spec is not None else None
    if origin is None or origin.endswith(".py") or os.environ.get("POKERTD_PURE_PYTHON") == "1":
        return False
    built = Path(origin)
    source = built.with_name(f"{name}.py")
    # The build is the module's stub and its library (<name>__mypyc), whichever is newer.
    built_at = max(p.stat().st_mtime for p in built.parent.glob(f"{name}*{built.suffix}"))
    return not (source.exists() and source.stat().st_mtime > built_at + 1.0)


def load(name: str) -> ModuleType:
    """``pokertd.evaluator.<name>``: its current mypyc build if there is one, else its source."""
    full = f"{__package__}.{name}"
    if full in sys.modules:
        return sys.modules[full]
    if current_build(name):
        return importlib.import_module(full)
    spec = importlib.util.spec_from_file_location(full, Path(__file__).with_name(f"{name}.py"))
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot find {full}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[full] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[full]
        raise
    return module


def is_compiled(module: ModuleType) -> bool:
    """True for a module loaded from a compiled build (not from its .py source)."""
    return not str(getattr(module, "__file__", "")).endswith(".py")
