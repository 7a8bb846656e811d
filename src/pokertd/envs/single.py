"""One seat against pokertd's bots, as a Gymnasium environment: :class:`PokerGymEnv`.

The learner plays ``seat`` (agent ``player_<seat>``, its position moving with the button);
the other seats are played by :mod:`pokertd.bots` (hold'em: ``make_bot`` of ``opponents``;
the other games: ``MixedBot``) until it is the learner's turn again or the hand is over. An
episode is a hand in which the learner has a decision (hands the bots end before his turn are
dealt past, their results in ``info["passed"]``); the reward, in big blinds, comes at its end.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..bots import STYLES, make_bot
from ..bots.mixed import MixedBot
from .core import CALL, Config, Table

__all__ = ["PokerGymEnv"]

ILLEGAL = ("check-call", "raise")


class PokerGymEnv(gym.Env):
    """``opponents``: a bot style (``sensible``, ``tight``, ``loose``, ``random``, ``mix``);
    ``illegal_action``: what a masked-out action does, ``check-call`` (it is played as check
    or call, or while drawing as standing pat, and ``info["illegal"]`` says so: learners that
    ignore the mask still get a legal game) or ``raise`` (refused with ``IllegalAction``).
    The other keywords are :class:`~.core.Config`'s."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, opponents: str = "sensible", seat: int = 0,
                 illegal_action: str = "check-call", render_mode: str | None = None,
                 **settings: Any) -> None:
        self.config = c = Config(**settings)
        if opponents not in (*STYLES, "random", "mix"):
            raise ValueError(f"opponents must be one of {', '.join((*STYLES, 'random', 'mix'))}, "
                             f"not {opponents!r}")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < c.n:
            raise ValueError(f"seat must be 0 to {c.n - 1}, not {seat!r}")
        if illegal_action not in ILLEGAL:
            raise ValueError(f"illegal_action must be one of {', '.join(ILLEGAL)}, not {illegal_action!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.opponents, self.seat, self.illegal_action = opponents, seat, illegal_action
        self.table = Table(c)
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, c.high, (c.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (c.n_actions,), np.int8)})
        self.action_space = spaces.Discrete(c.n_actions)
        self._bots: list[Any] = []
        self._make_bots(0)

    def _make_bots(self, seed: int) -> None:
        c = self.config
        self._bots = [(make_bot(self.opponents, f"{seed}:{i}") if c.holdem else MixedBot(f"{seed}:{i}"))
                      for i in range(c.n)]

    def _obs(self) -> dict[str, np.ndarray]:
        t = self.table
        mine = not t.done and t.agent(t.legal()[0]) == self.seat
        mask = t.mask().copy() if mine else np.zeros(self.config.n_actions, np.int8)
        return {"observation": t.observe_vector(t.position(self.seat)), "action_mask": mask}

    def _bots_play(self) -> None:
        t = self.table
        while not t.done:
            p = t.legal()[0]
            a = t.agent(p)
            if a == self.seat:
                return
            t.play_bot(self._bots[a])

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        super().reset(seed=seed)
        if seed is not None:
            self._make_bots(seed)
        self.table.reset(seed)
        self._bots_play()
        # A hand over before the learner's first decision (the bots folded to his big blind)
        # is dealt past: an episode is a hand he plays. The results he had no say in are
        # given in the info.
        passed: list[float] = []
        while self.table.done:
            passed.append(self.table.payoffs()[self.table.position(self.seat)])
            self.table.reset()
            self._bots_play()
        return self._obs(), {"position": self.table.position(self.seat), "passed": passed}

    def step(self, action: Any) -> tuple[dict, float, bool, bool, dict]:
        t = self.table
        info: dict[str, Any] = {}
        a = int(action)
        m = t.mask()
        if not (0 <= a < len(m) and m[a]):
            if self.illegal_action == "raise":
                t.act(a)                         # refused with the legal actions named
            info["illegal"] = True
            a = CALL if m[CALL] else self.config.discard0     # check/call, or stand pat
        t.act(a)
        self._bots_play()
        done = t.done
        reward = t.payoffs()[t.position(self.seat)] if done else 0.0
        return self._obs(), float(reward), done, False, info

    def observe_dict(self) -> dict[str, Any]:
        """The learner's observation as plain data (see :meth:`.core.Table.observe`)."""
        return self.table.observe(self.table.position(self.seat))

    def render(self) -> str | None:
        return repr(self.table.hand)
