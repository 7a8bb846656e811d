"""A whole dealt tournament played by bots, to a winner (:func:`simulate`).

The loop lives in :mod:`pokertd.sim.run`, compiled with mypyc at install time (its source runs
alike when it is not: :mod:`pokertd._compiled`).
"""

from pokertd._compiled import load as _load

_run = _load("pokertd.sim.run")

SimResult = _run.SimResult
knockouts = _run.knockouts
play_hand = _run.play_hand
simulate = _run.simulate

__all__ = ["SimResult", "knockouts", "play_hand", "simulate"]
