"""N independent tables stepped by one call on arrays: :class:`VectorPokerEnv`.

Every seat is the policy's (self-play): each call takes one action per table, for the player
to act there, and returns the next decision of every table as arrays. A table whose hand
ended deals its next hand at once (auto-reset); that step's ``rewards`` row holds the ended
hand's results and ``dones`` is true, the observation already the new hand's.

Hold'em tables (``NT``, ``PT``, ``FT``) are stepped in compiled code (:mod:`.fast`, held to the
engine action by action in the tests); the other games step the engine's hands one table at
a time (:class:`~.core.Table`).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from ..engine import IllegalAction
from .core import Config, Table
from .fast import FastTables

__all__ = ["VectorPokerEnv"]


class VectorPokerEnv:
    """``num_tables`` tables of the same :class:`~.core.Config` settings.

    :meth:`reset` and :meth:`step` return ``(obs, masks, players)`` and ``(obs, masks,
    rewards, dones, players)``: ``obs`` float32 ``(N, size)``, each table's vector for the
    player to act; ``masks`` int8 ``(N, actions)``; ``players`` int ``(N,)``, the agent (seat
    index, as ``player_i`` of the AEC environment) to act; ``rewards`` float32 ``(N, n)`` by
    agent, in big blinds, non-zero only on a table whose hand just ended; ``dones`` bool
    ``(N,)``. The arrays are the environment's own, overwritten by the next call (copy what
    you keep). Actions are checked against the tables' own masks: an edit of ``masks`` opens
    nothing."""

    def __init__(self, num_tables: int, **settings: Any) -> None:
        if isinstance(num_tables, bool) or not isinstance(num_tables, int) or num_tables < 1:
            raise ValueError(f"num_tables must be a whole number of at least 1, "
                             f"not {num_tables!r}")
        self.config = c = Config(**settings)
        self.num_tables = num_tables
        self.hands = 0                       # hands finished since the last reset
        self.fast: FastTables | None = FastTables(c, num_tables) if c.holdem else None
        if self.fast is not None:
            f = self.fast
            self.obs, self.masks, self.players = f.obs, f.masks, f.players
            self.rewards, self.dones = f.rewards, f.dones
            self.tables: list[Table] = []
            return
        self.tables = [Table(c) for _ in range(num_tables)]
        self.obs = np.zeros((num_tables, c.size), np.float32)
        self._flat = memoryview(self.obs.reshape(-1))      # the tables write their rows here
        # The tables' masks, actions are checked against, and the copy handed out.
        self.legal = np.zeros((num_tables, c.n_actions), np.int8)
        self.masks = np.zeros((num_tables, c.n_actions), np.int8)
        self.players = np.zeros(num_tables, np.int64)
        self.rewards = np.zeros((num_tables, c.n), np.float32)
        self.dones = np.zeros(num_tables, bool)

    def table(self, i: int) -> Table:
        """Table ``i`` as a :class:`~.core.Table` (its ``hand`` is the engine's): the live one,
        or for hold'em the hand in progress rebuilt in the engine from its deck and actions."""
        if not 0 <= i < self.num_tables:
            raise IndexError(f"table {i}: there are tables 0..{self.num_tables - 1}")
        return self.fast.table(i) if self.fast is not None else self.tables[i]

    def last_hand(self, i: int) -> Table:
        """Table ``i``'s last finished hand, rebuilt in the engine (hold'em: its events,
        ``table.hand.events()``, replay it)."""
        if self.fast is None:
            raise ValueError("last_hand is kept for hold'em tables; read table(i) after a step")
        return self.fast.table(i, previous=True)

    def _deal(self, i: int, seed: int | None = None) -> None:
        t = self.tables[i]
        t.reset(seed)
        while t.done:                        # no decision in it (cannot happen with the
            t.reset()                        # stacks Config allows; kept for safety)
        self._read(i)

    def _read(self, i: int) -> None:
        t = self.tables[i]
        p = t.legal()[0]
        self.players[i] = t.agent(p)
        t.write_vector(p, self._flat, i * self.config.size)
        self.legal[i] = t.mask()

    def reset(self, seed: int | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Deal a hand at every table (from ``seed``, or at random: the same seed and the
        same actions, the same hands)."""
        base = random.SystemRandom().getrandbits(32) if seed is None else seed
        self.hands = 0
        if self.fast is not None:
            self.fast.reset(int(base))
            return self.obs, self.masks, self.players
        for i in range(self.num_tables):
            self._deal(i, base + i)
        np.copyto(self.masks, self.legal)
        return self.obs, self.masks, self.players

    def _refuse(self, i: int, action: Any) -> None:
        t = self.table(i)
        raise IllegalAction(f"table {i}: action {action} is not legal now", t.describe_legal(),
                            "DESIGN")

    def step(self, actions: Any) -> tuple[np.ndarray, ...]:
        """One action per table (an array of ``N`` indices; with ``continuous``, an ``(N, 2)``
        array of index and amount)."""
        acts = np.asarray(actions)
        if acts.shape[:1] != (self.num_tables,) or acts.ndim > 2:
            raise ValueError(f"actions must have one entry per table ({self.num_tables}), "
                             f"not shape {acts.shape}")
        if acts.dtype.kind not in "iuf" or (acts.dtype.kind == "f" and acts.ndim == 1
                                           and not (acts == np.floor(acts)).all()):
            raise ValueError(f"actions must be action indices (integers), not {acts.dtype}")
        if acts.ndim == 2:
            idx = acts[:, 0].astype(np.int64)
            amounts = acts[:, 1].astype(np.float64)
        else:
            idx = acts if acts.dtype == np.int64 else acts.astype(np.int64)
            amounts = None
        if self.fast is not None:
            ended = self.fast.step(idx, amounts)
            if ended < 0:
                self._refuse(-1 - ended, int(idx[-1 - ended]))
            self.hands += ended
            return self.obs, self.masks, self.rewards, self.dones, self.players
        ok = (idx >= 0) & (idx < self.config.n_actions)
        ok[ok] = self.legal[np.flatnonzero(ok), idx[ok]] == 1
        if not ok.all():
            # Checked before any table moves: a refused step changes nothing.
            i = int(np.flatnonzero(~ok)[0])
            self._refuse(i, int(idx[i]))
        rewards = self.rewards
        rewards[:] = 0
        dones = self.dones
        n = self.config.n
        for i, t in enumerate(self.tables):
            t.act(int(idx[i]), None if amounts is None else float(amounts[i]))
            if t.done:
                pay = t.payoffs()
                for pos in range(n):
                    rewards[i, t.agent(pos)] = pay[pos]
                dones[i] = True
                self.hands += 1
                self._deal(i)
            else:
                dones[i] = False
                self._read(i)
        np.copyto(self.masks, self.legal)
        return self.obs, self.masks, rewards, dones, self.players
