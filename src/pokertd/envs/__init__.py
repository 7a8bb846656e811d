"""Reinforcement-learning environments over pokertd's engine (``pip install pokertd[envs]``).

- :class:`PokerEnv` (:mod:`.aec`): a PettingZoo AEC environment, a hand per episode, for
  every game the engine deals.

The environments are thin adapters: the engine decides what is legal and what a hand pays.
"""

from .aec import PokerEnv, env, raw_env
from .core import ACTION_KINDS, Config, Table

__all__ = ["ACTION_KINDS", "Config", "PokerEnv", "Table", "env", "raw_env"]
