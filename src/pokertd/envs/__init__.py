"""Reinforcement-learning environments over pokertd's engine (``pip install pokertd[envs]``).

- :class:`PokerEnv` (:mod:`.aec`): a PettingZoo AEC environment, a hand per episode, for
  every game the engine deals.
- :class:`PokerGymEnv` (:mod:`.single`): one seat against pokertd's bots, for Gymnasium.
- :class:`VectorPokerEnv` (:mod:`.vector`): N tables stepped by one call on arrays.

The environments are thin adapters: the engine decides what is legal and what a hand pays.
"""

from .aec import PokerEnv, env, raw_env
from .core import ACTION_KINDS, Config, Table
from .single import PokerGymEnv
from .vector import VectorPokerEnv

__all__ = ["ACTION_KINDS", "Config", "PokerEnv", "PokerGymEnv", "Table", "VectorPokerEnv", "env",
           "raw_env"]
