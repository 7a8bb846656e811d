"""pokertd's engine as a PettingZoo AEC environment: one hand per episode.

Agents ``player_0 .. player_{n-1}`` take turns as the engine says; the button moves one seat
each episode, so each agent plays every position. The observation of an agent is PettingZoo's
masked form, ``{"observation": vector, "action_mask": mask}`` (:mod:`.core` lays the vector
out, ``observe_dict`` gives the same in plain data); rewards are each agent's result of the
hand in big blinds, given when the hand ends, when every agent terminates.

Hold'em (``NT``, ``PT``, ``FT``) is played by the compiled table of :mod:`.fast` (held to the
engine action by action in the tests), the other games by the engine's hands
(:class:`~.core.Table`); ``table`` gives the hand in the engine either way.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..cards import cards_text
from .core import Config, Table, checked_action
from .fast import FastTable

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
        # Hold'em's hands are played in compiled code; the other games by the engine.
        self._fast: FastTable | None = FastTable(c) if c.holdem else None
        self._table = Table(c)
        self._seen: Any = None               # (what the rebuilt table was built from, it)
        self.possible_agents = [f"player_{i}" for i in range(c.n)]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        self._zero = dict.fromkeys(self.possible_agents, 0.0)
        self._no = dict.fromkeys(self.possible_agents, False)
        vec = spaces.Box(0.0, c.high, (c.size,), np.float32)
        mask = spaces.Box(0, 1, (c.n_actions,), np.int8)
        self._obs_space = spaces.Dict({"observation": vec, "action_mask": mask})
        self._act_space: spaces.Space = spaces.Discrete(c.n_actions)
        if c.continuous:
            self._act_space = spaces.Tuple((spaces.Discrete(c.n_actions),
                                            spaces.Box(0.0, 1.0, (1,), np.float32)))
        self.agents: list[str] = []

    @property
    def table(self) -> Table:
        """The hand as the engine's :class:`~.core.Table` (its ``hand`` gives the state, the
        events and the PHH). For hold'em it is rebuilt from the compiled table's deck and
        actions (a replay: read it when needed, not at every step)."""
        f = self._fast
        if f is None or f.player == -2:
            return self._table
        key = (f.deals, f.moves)
        seen = self._seen
        # (Rebuilt again if it was played on: it is a copy, and stays the environment's.)
        if seen is None or seen[0] != key or len(seen[1].log) != f.moves:
            seen = self._seen = (key, f.table(0))
        return seen[1]

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_space

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if self._fast is not None:
            self._fast.deal(seed)
        else:
            self._table.reset(seed)
        self.agents = self.possible_agents[:]
        zero, no = self._zero, self._no        # (copies of a dict: cheaper than new ones)
        self.rewards = zero.copy()
        self._cumulative_rewards = zero.copy()
        self.terminations = no.copy()
        self.truncations = no.copy()
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        f = self._fast
        if f is not None:
            if f.player >= 0:
                self.agent_selection = self.possible_agents[f.player]
                return
            pay = f.payoff.tolist()
        else:
            t = self._table
            if not t.done:
                self.agent_selection = self.possible_agents[t.agent(t.legal()[0])]
                return
            pos = t.payoffs()
            pay = [pos[t.position(i)] for i in range(self.config.n)]
        # Every agent's result at once (a hand is one episode).
        for a, x in zip(self.possible_agents, pay):
            self.rewards[a] = x
            self.terminations[a] = True
        self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        f = self._fast
        if f is not None:
            if f.player >= 0 and agent == self.agent_selection:
                row, mask = f.decision()
                return {"observation": row, "action_mask": mask}
            row, zeros = f.position_vector((self._index[agent] - f.hand_no) % self.config.n)
            return {"observation": row, "action_mask": zeros}
        t = self._table
        pos = t.position(self._index[agent])
        mine = not t.done and agent == self.agent_selection
        mask = t.mask().copy() if mine else np.zeros(self.config.n_actions, np.int8)
        return {"observation": t.observe_vector(pos), "action_mask": mask}

    def observe_dict(self, agent: str) -> dict[str, Any]:
        """The agent's observation as plain data: chips, card names and the action history."""
        t = self.table
        return t.observe(t.position(self._index[agent]))

    def action_mask(self, agent: str | None = None) -> np.ndarray:
        """The mask of the agent to act (cheaper than a whole observation)."""
        f = self._fast
        if f is None:
            return self._table.mask().copy()
        return np.frombuffer(f.legal, np.int8).copy() if f.player >= 0 else np.zeros(
            self.config.n_actions, np.int8)

    def step(self, action: Any) -> None:
        a = self.agent_selection
        if self.terminations[a] or self.truncations[a]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[a] = 0.0
        f = self._fast
        if f is not None:
            # The rewards stay zero until the hand's end: only then are they given.
            amount = 0.0
            if type(action) is not int or not 0 <= action < f.n_actions or not f.legal[action]:
                action, amount = checked_action(self.config, action,
                                                np.frombuffer(f.legal, np.int8), amount)
            p = f.play(action, amount)
            if p >= 0:
                self.agent_selection = self.possible_agents[p]
            else:
                self._select()
                self._accumulate_rewards()
        else:
            self._table.act(action)
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
