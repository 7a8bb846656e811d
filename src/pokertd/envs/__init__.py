"""Reinforcement-learning environments over pokertd's engine (``pip install pokertd[envs]``).

- :class:`PokerEnv` (:mod:`.aec`): a PettingZoo AEC environment, a hand per episode, for
  every game the engine deals.
- :class:`PokerGymEnv` (:mod:`.single`): one seat against pokertd's bots, for Gymnasium.
- :class:`VectorPokerEnv` (:mod:`.vector`): N tables stepped by one call on arrays.
- :class:`HoldemTable` (:mod:`.holdem`): one hold'em table driven by its own small API.

The environments are thin adapters: the engine decides what is legal and what a hand pays.
"""

try:
    import gymnasium  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as exc:          # an optional extra: say which and how to get it
    raise ImportError(f"pokertd.envs needs PettingZoo and Gymnasium ({exc.name} is missing): "
                      "pip install 'pokertd[envs]'") from exc

from .aec import PokerEnv, env, raw_env  # noqa: E402
from .core import ACTION_KINDS, Config, Table  # noqa: E402
from .holdem import HoldemTable  # noqa: E402
from .single import PokerGymEnv  # noqa: E402
from .vector import VectorPokerEnv  # noqa: E402

__all__ = ["ACTION_KINDS", "Config", "HoldemTable", "PokerEnv", "PokerGymEnv", "Table", "VectorPokerEnv", "env",
           "raw_env"]
