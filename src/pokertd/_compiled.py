"""Which build of a compiled module runs: its mypyc build or its source.

setup.py compiles the hot modules with mypyc at install time (the hand engine, the mixed
games' hand, the one-hand evaluator, exact equity, the bots and the dealt-tournament loop;
``COMPILED`` there). A build
is used unless POKERTD_PURE_PYTHON=1 asks for the sources or the source was edited after the
build (a stale build would run old code: reinstall to recompile). A compiled module never
relies on another one being compiled: each runs alike with its neighbours built or not.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType


def current_build(name: str) -> bool:
    """True when module ``name`` (e.g. ``pokertd.bots.players``) has a mypyc build to use."""
    spec = importlib.util.find_spec(name)
    origin = spec.origin if spec is not None else None
    if origin is None or origin.endswith(".py") or os.environ.get("POKERTD_PURE_PYTHON") == "1":
        return False
    built = Path(origin)
    short = name.rpartition(".")[2]
    source = built.with_name(f"{short}.py")
    # The build is the module's stub and its library (<name>__mypyc), whichever is newer.
    built_at = max(p.stat().st_mtime for p in built.parent.glob(f"{short}*{built.suffix}"))
    return not (source.exists() and source.stat().st_mtime > built_at + 1.0)


def load(name: str) -> ModuleType:
    """Module ``name``: its current mypyc build if there is one, else its source."""
    if name in sys.modules:
        return sys.modules[name]
    if current_build(name):
        return importlib.import_module(name)
    parent = importlib.import_module(name.rpartition(".")[0])
    source = Path(parent.__file__ or "").with_name(f"{name.rpartition('.')[2]}.py")
    spec = importlib.util.spec_from_file_location(name, source)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot find {name}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def is_compiled(module: ModuleType) -> bool:
    """True for a module loaded from a compiled build (not from its .py source)."""
    return not str(getattr(module, "__file__", "")).endswith(".py")
