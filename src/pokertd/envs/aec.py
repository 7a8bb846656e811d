"""pokertd's engine as a PettingZoo AEC environment: one hand per episode.

Agents ``player_0 .. player_{n-1}`` take turns as the engine says; the button moves one seat
each episode, so each agent plays every position. The observation of an agent is PettingZoo's
masked form, ``{"observation": vector, "action_mask": mask}`` (:mod:`.core` lays the vector
out, ``observe_dict`` gives the same in plain data); rewards are each agent's result of the
hand in big blinds, given when the hand ends, when every agent terminates.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..cards import cards_text
from .core import Config, Table

__all__ = ["PokerEnv", "env", "raw_env"]


class PokerEnv(AECEnv):
    """A PettingZoo AEC poker table. Keywords are :class:`~.core.Config`'s: ``game`` (a PHH
    variant code: ``NT`` no-limit hold'em, ``PT``, ``FT``, ``PO``, ``FO/8``, ``F7S``,
    ``F7S/8``, ``FR``, ``N2L1D``, ``F2L3D``), ``n_players``, ``stacks``, ``blinds``, ``ante``,
    ``bb_ante``, ``bring_in``, ``small_bet``, ``big_bet``, ``rules``, ``raise_fractions``,
    ``continuous``, ``history``."""

    metadata = {"name": "pokertd_v0", "render_modes": ["human", "ansi"], "is_parallelizable": False}

    def __init__(self, render_mode: str | None = None, **config: Any) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, "
                             f"not {render_mode!r}")
        self.render_mode = render_mode
        self.config = c = config if isinstance(config, Config) else Config(**config)
        self.table = Table(c)
        self.possible_agents = [f"player_{i}" for i in range(c.n)]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        vec = spaces.Box(0.0, c.high, (c.size,), np.float32)
        mask = spaces.Box(0, 1, (c.n_actions,), np.int8)
        self._obs_space = spaces.Dict({"observation": vec, "action_mask": mask})
        self._act_space: spaces.Space = spaces.Discrete(c.n_actions)
        if c.continuous:
            self._act_space = spaces.Tuple((spaces.Discrete(c.n_actions),
                                            spaces.Box(0.0, 1.0, (1,), np.float32)))
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_space

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self.table.reset(seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        t = self.table
        if t.done:
            # Every agent's result at once (a hand is one episode).
            pay = t.payoffs()
            for a in self.agents:
                self.rewards[a] = pay[t.position(self._index[a])]
                self.terminations[a] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[t.agent(t.legal()[0])]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        t = self.table
        pos = t.position(self._index[agent])
        mine = not t.done and agent == self.agent_selection
        mask = t.mask() if mine else np.zeros(self.config.n_actions, np.int8)
        return {"observation": t.observe_vector(pos), "action_mask": mask}

    def observe_dict(self, agent: str) -> dict[str, Any]:
        """The agent's observation as plain data: chips, card names and the action history."""
        return self.table.observe(self.table.position(self._index[agent]))

    def action_mask(self, agent: str | None = None) -> np.ndarray:
        """The mask of the agent to act (cheaper than a whole observation)."""
        return self.table.mask()

    def step(self, action: Any) -> None:
        a = self.agent_selection
        if self.terminations[a] or self.truncations[a]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[a] = 0.0
        self.table.act(action)
        for k in self.rewards:
            self.rewards[k] = 0.0
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def events(self) -> list[dict[str, Any]]:
        """The hand's events as the engine logs them (its replay rebuilds the hand)."""
        return self.table.events()

    def render(self) -> str | None:
        h = self.table.hand
        text = f"{h!r} board {cards_text(list(h.board))}"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def raw_env(**config: Any) -> PokerEnv:
    return PokerEnv(**config)


def env(**config: Any) -> Any:
    """The environment with PettingZoo's order-enforcing wrapper (what ``api_test`` runs)."""
    from pettingzoo.utils import wrappers
    return wrappers.OrderEnforcingWrapper(PokerEnv(**config))
