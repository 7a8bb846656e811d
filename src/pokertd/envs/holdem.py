"""One hold'em table driven by its own small API: :class:`HoldemTable`.

For loops that need no PettingZoo bookkeeping (rollouts, search, a bot's own match loop), as
OpenSpiel's state is driven: ``reset`` deals a hand, ``step`` plays the action of the player
to act, and ``vector`` and ``mask`` are that player's observation (the AEC environment's
layout, :mod:`.core`). It is the compiled table of :mod:`.fast`, held to the engine action by
action in the tests; ``hand()`` rebuilds the hand in the engine (its events, its PHH).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..engine import IllegalAction
from .core import Config, Table, checked_action
from .fast import FastTable

__all__ = ["HoldemTable"]


class HoldemTable(FastTable):
    """A hold'em table (``NT``, ``PT``, ``FT``) of :class:`~.core.Config` settings, a hand at
    a time from the same stacks, the button one seat further each hand (agent ``i`` at
    position ``(i - hand_no) % n``).

    After ``reset`` and after each ``step``: ``player`` is the agent to act (-1 once the hand
    is over, ``done``), ``vector`` and ``mask`` his observation and legal actions (arrays the
    table never writes again while you hold them; an edited mask opens nothing: actions are
    checked against the table's own ``legal``), and once the hand is over ``payoff`` holds
    each agent's result in big blinds (float64, by agent; the table's own array). (The one-table :meth:`reset` and :meth:`step` replace
    the many-table ones of :class:`~.fast.FastTables`.)"""

    def __init__(self, **settings: Any) -> None:
        c = Config(**settings)
        if not c.holdem:
            raise ValueError(f"HoldemTable deals hold'em (NT, PT, FT), not {c.variant}: "
                             "PokerEnv plays the other games")
        super().__init__(c)

    def reset(self, seed: Any = None) -> int:  # type: ignore[override]
        """Deal the next hand (a seed restarts the deal and the button: the same seed and the
        same actions, the same hands); the agent to act."""
        return self.deal(seed)

    def step(self, action: Any, amount: float | None = None) -> int:  # type: ignore[override]
        """Play action index ``action`` (``amount`` in 0..1 for the continuous raise) for the
        player to act; the agent to act next, or -1 when the hand is over. A masked action is
        refused with the legal ones named, and nothing changes."""
        if self.player < 0:
            raise IllegalAction("the hand is over: reset for the next one" if self.player == -1
                                else "no hand has been dealt: reset first", "none", "DESIGN")
        if type(action) is not int or not 0 <= action < self.n_actions or not self.legal[action]:
            action, amount = checked_action(self.config, action,
                                            np.frombuffer(self.legal, np.int8), amount)
        return self.play(action, amount)

    @property
    def done(self) -> bool:
        return self.player == -1

    def observe(self, agent: int) -> np.ndarray:
        """Agent ``agent``'s vector now (during the hand or at its end)."""
        if isinstance(agent, bool) or not isinstance(agent, (int, np.integer)) \
                or not 0 <= agent < self.config.n:
            raise ValueError(f"agent must be 0..{self.config.n - 1}, not {agent!r}")
        return self.position_vector((agent - self.hand_no) % self.config.n)[0]

    def hand(self) -> Table:
        """The hand rebuilt in the engine (``hand().hand.events()`` replay it; a copy)."""
        if self.player == -2:
            raise ValueError("no hand has been dealt: reset first")
        return self.table(0)
