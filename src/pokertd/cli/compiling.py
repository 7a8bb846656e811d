"""The Numba kernels' first compilation, said out loud.

The batch evaluator and the range equities run in Numba kernels (``evaluator/kernels.py``)
compiled on first use and cached on disk: the first run takes some 15 s, later ones load them
in a fraction of a second. A command that is about to compile them says so on standard error,
with a spinner on a terminal, instead of sitting silent; ``make setup`` compiles them once
(``python -m pokertd.cli.compiling``) so a user of the two commands never waits.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

NOTICE = ("pokertd: compiling the evaluator's Numba kernels (first run only, about 15 s; "
          "later runs load them from the cache)")


def _cache_dirs() -> list[Path]:
    """Where Numba keeps the kernels' cache: beside the source (when writable), under
    NUMBA_CACHE_DIR, or in the user's cache folder."""
    from pokertd.evaluator import kernels

    configured = os.environ.get("NUMBA_CACHE_DIR")
    if configured:  # Numba then caches there alone
        return [Path(configured)]
    source = Path(kernels.__file__).resolve().parent
    return [source / "__pycache__",
            Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "numba"]


def kernels_cached() -> bool:
    """Whether the kernels have been compiled into a cache this run can load."""
    for folder in _cache_dirs():
        if folder.is_dir() and next(folder.rglob("kernels.*.nbi"), None) is not None:
            return True
    return False


@contextmanager
def compiling_notice() -> Iterator[None]:
    """Around work that runs the kernels: the notice and a spinner if they are not cached."""
    if kernels_cached():
        yield
        return
    from rich.console import Console

    console = Console(stderr=True)
    console.print(NOTICE, highlight=False, soft_wrap=True)
    with console.status("compiling ...", spinner="dots"):
        yield


def warm() -> None:
    """Compile (or load) every kernel the commands use: batch evaluation of 5, 6 and 7 cards,
    exact equities whose deals go to the kernels, Monte Carlo over a range, and the
    environments' hold'em tables (the vector environment's and the AEC environment's)."""
    import numpy as np

    from pokertd.evaluator import evaluate_batch
    from pokertd.evaluator.equity import exact_equity, monte_carlo_equity

    rng = np.random.default_rng(0)
    for size in (5, 6, 7):
        hands = np.array([rng.permutation(52)[:size] for _ in range(64)], np.uint8)
        evaluate_batch(hands)
    exact_equity(["AhAs", "QQ+"], board="2c7d9h")
    monte_carlo_equity(["AhAs", "QQ+,AKs"], samples=2_000, seed=1)
    try:
        from pokertd.envs import PokerEnv, VectorPokerEnv
    except ImportError:          # the environments' extra (PettingZoo, Gymnasium) is not installed
        return
    env = VectorPokerEnv(2, game="NT", n_players=2)    # its compiled hold'em tables
    _, masks, _ = env.reset(seed=0)
    env.step(masks.argmax(1))
    PokerEnv(game="NT", n_players=2).reset(seed=0)      # its table compiles on construction


if __name__ == "__main__":
    with compiling_notice():
        warm()
    print("pokertd: the Numba kernels are compiled and cached", file=sys.stderr)
