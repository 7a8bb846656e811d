"""Hold'em tables stepped in compiled code (Numba): the vector environment's fast path.

:class:`FastTables` holds N hold'em tables (no-limit, pot-limit or fixed-limit) as arrays and
steps all of them in one compiled call: the action of each table's player to act, its end of
round, its showdown, the next hand's deal, and the next decision's observation vector and
action mask, written in place. It plays the engine's betting exactly as
:class:`pokertd.engine.Hand` does for the hands an environment deals (no straddles, no
irregularities, every stack above its forced bets): the same forced bets (IFP 18 heads-up),
the same minimum raise (IFP 37), short all-ins that do not reopen the betting (IFP 37a, or
TDA 47's accumulation under ``tda-2024``), the pot-limit maximum (IFP 39), the fixed-limit cap
(IFP 33) and TDA 47-B's half bet, the uncalled bet returned (IFP 27), side pots with the
antes dead in the main pot (IFP 51), and odd chips by position (IFP 50 or TDA 20-A). The
vectors are :meth:`~.core.Table.write_vector`'s layout to the float.

``tests/test_envs_fast.py`` holds every step of random play against the engine on the same
decks: the observation, the mask, the player to act and the rewards, for every setting the
environments take; :meth:`FastTables.table` rebuilds a table's hand in the engine (its
events, for a replay or a PHH file), the one in progress or the last one finished.

Each table deals from its own generator (splitmix64, seeded from the reset's seed and the
table's index; Lemire's unbiased draw below 52, 51, ...): the same seed and the same actions,
the same hands. The environments are for training and research, not for dealing money games
(the served tables deal from the operating system's CSPRNG).
"""

from __future__ import annotations

import operator
import random
from sys import getrefcount
from typing import Any

import numpy as np
from numba import typeof

from ..evaluator.batch import FLUSH, KEY, OFFSETS, TABLE
from .holdem_kernel import (
    C_ACCUM, C_ANTE, C_BBANTE, C_BBPLAYER, C_BIG, C_BIGBET, C_BOARD_AT, C_CAP, C_CONT, C_ENTRY,
    C_FIRST, C_FOLDED_AT, C_H, C_HALF, C_HIST_AT, C_MAXRAISE, C_MINBET, C_N, C_NACT,
    C_NFR, C_NPOST, C_ODDFIRST, C_POS_AT, C_POSTS, C_POTS_AT, C_PREMIN, C_PRERAISES, C_RAISETO,
    C_SIZE_CFG, C_SMALLBET, C_STACKS0, C_STACKS_AT, C_STREET_AT, C_STREETS, C_STRUCT,
    C_TOCALL_AT, C_TOP, FL, K_FOLD, K_RAISE, NL, PL, T_ACTOR, T_FIELDS, T_HANDNO, T_NLOG,
    T_PREVNLOG, deal_one, observe_one, play_one, reset_all, step)

__all__ = ["FastTable", "FastTables", "config_array"]

_M64 = (1 << 64) - 1


def config_array(c: Any) -> np.ndarray:
    """The cfg array of a hold'em Config: its fields, the stacks, the posting order. The
    forced bets, who acts first, the bet sizes and the limit cap are the engine's own (its
    table set-up for these settings: IFP 18, 33, 37), not derived again here."""
    from .core import Table

    probe = Table(c)
    probe.reset(0)
    t = probe.hand.t
    st = {"no-limit": NL, "pot-limit": PL, "fixed-limit": FL}[c.structure]
    cfg = np.zeros(C_SIZE_CFG, np.int64)
    cfg[C_N] = c.n
    cfg[C_BIG] = c.big
    cfg[C_TOP] = t.top
    cfg[C_ANTE] = 0 if c.bb_ante else c.ante
    cfg[C_BBANTE] = t.bb_ante
    cfg[C_BBPLAYER] = t.bb_player
    cfg[C_FIRST] = t.first_actor
    cfg[C_STRUCT] = st
    cfg[C_SMALLBET] = t.small_bet
    cfg[C_BIGBET] = t.big_bet
    cfg[C_MINBET] = t.min_bet
    cfg[C_PREMIN] = t.pre_min_raise
    cfg[C_PRERAISES] = t.pre_raises
    cfg[C_CAP] = t.limit_cap
    cfg[C_ACCUM] = int(t.accumulate)
    cfg[C_HALF] = int(t.half_reopens)
    cfg[C_ODDFIRST] = int(t.rules.odd_chips == "first-left-of-button")
    cfg[C_NFR] = len(c.fractions)
    cfg[C_CONT] = int(c.continuous)
    cfg[C_H] = c.history
    cfg[C_ENTRY] = c.entry
    cfg[C_BOARD_AT] = c.board_at
    cfg[C_POS_AT] = c.position_at
    cfg[C_STREET_AT] = c.street_at
    cfg[C_STACKS_AT] = c.stacks_at
    cfg[C_FOLDED_AT] = c.folded_at
    cfg[C_POTS_AT] = c.pots_at
    cfg[C_TOCALL_AT] = c.to_call_at
    cfg[C_HIST_AT] = c.history_at
    cfg[C_NACT] = c.n_actions
    cfg[C_MAXRAISE] = c.max_raise
    cfg[C_RAISETO] = c.raise_to
    cfg[C_STREETS] = c.streets
    cfg[C_NPOST] = len(t.posters)
    for k, stack in enumerate(c.stacks):
        cfg[C_STACKS0 + k] = stack
    for j, (i, _, amount) in enumerate(t.posters):
        cfg[C_POSTS + 2 * j] = i
        cfg[C_POSTS + 2 * j + 1] = amount
    return cfg


class FastTables:
    """``num_tables`` hold'em tables of one :class:`~.core.Config` as arrays, stepped by
    compiled code. ``obs``, ``masks``, ``players``, ``rewards`` and ``dones`` are written in
    place by :meth:`reset` and :meth:`step` (the vector environment returns them)."""

    def __init__(self, config: Any, num_tables: int) -> None:
        c = config
        if not c.holdem:
            raise ValueError(f"FastTables deals hold'em, not {c.game.name}")
        self.config = c
        self.num_tables = N = num_tables
        n = c.n
        # The log's size bounds the actions of a hand: every full bet or raise adds at least
        # the minimum bet to what its player puts in (at most his stack), a short one puts a
        # player all-in (at most n), and between two of them or in a round without one each
        # player acts at most once.
        least = (c.small_bet if c.structure == "fixed-limit" and c.small_bet
                 else min(c.blinds[1], c.big))
        raises = max(c.stacks) // max(1, least) + n + 4
        log_cap = n * (raises + 4) + n
        self.cfg = config_array(c)
        self.fr = np.asarray(c.fractions, np.float64)
        self.st = np.zeros((N, T_FIELDS), np.int64)
        self.pl = np.zeros((N, 8, n), np.int64)
        self.log = np.zeros((2 * N, log_cap, 4), np.int64)
        self.deck = np.tile(np.arange(52, dtype=np.int64), (2 * N, 1))
        self.rng = np.zeros(N, np.uint64)
        self.obs = np.zeros((N, c.size), np.float32)
        # The masks the kernels write and check actions against, and the copy handed out (a
        # caller's edit of his copy never opens an action).
        self.legal = np.zeros((N, c.n_actions), np.int8)
        self.masks = np.zeros((N, c.n_actions), np.int8)
        self.players = np.zeros(N, np.int64)
        self.rewards = np.zeros((N, n), np.float32)
        self.dones = np.zeros(N, bool)
        self._amounts = np.zeros(N, np.float64)
        self._step: Any = None               # the compiled step, made on first use
        self._args: tuple = ()

    def _tables(self) -> tuple:
        return (self.cfg, self.fr, self.st, self.pl, self.log, self.deck, self.rng, KEY,
                OFFSETS, TABLE, FLUSH, self.obs, self.legal, self.players)

    def _stepper(self) -> Any:
        """The compiled step for this many tables, called past the dispatcher (``_compiled``:
        its type checks of the twenty arguments cost some 5 % of a step of 256 tables)."""
        if self._step is None:
            self._args = self._tables() + (self.rewards, self.dones)
            self._step = _compiled(step, 0, self.num_tables, np.zeros(self.num_tables, np.int64),
                                   self._amounts, *self._args)
        return self._step

    def reset(self, seed: int) -> None:
        """Deal a hand at every table, table ``i``'s generator seeded from ``seed`` and ``i``."""
        seeds = (np.arange(self.num_tables, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
                 + np.uint64(seed & _M64))
        reset_all(seeds, *self._tables())
        np.copyto(self.masks, self.legal)

    def step(self, actions: np.ndarray, amounts: np.ndarray | None = None) -> int:
        """Play one action per table (int64 indices); the number of hands that ended, or
        ``-1 - i``: table ``i``'s action is not legal, and no table moved."""
        # (The compiled step reads them as C-ordered arrays of these types: made so here.)
        actions = np.ascontiguousarray(actions, np.int64)
        amounts = (self._amounts if amounts is None
                   else np.ascontiguousarray(amounts, np.float64))
        if actions.shape != (self.num_tables,) or amounts.shape != (self.num_tables,):
            raise ValueError(f"one action and one amount per table ({self.num_tables})")
        ended = self._stepper()(0, self.num_tables, actions, amounts, *self._args)
        np.copyto(self.masks, self.legal)
        return ended

    def table(self, i: int, previous: bool = False) -> Any:
        """Table ``i``'s hand in progress (or, ``previous``, the last one it finished) rebuilt
        in the engine from its deck and its actions: a :class:`~.core.Table` whose ``hand``
        gives the events, the state and the PHH of the hand."""
        from .core import Table

        hand_no = int(self.st[i, T_HANDNO]) - (1 if previous else 0)
        count = int(self.st[i, T_PREVNLOG] if previous else self.st[i, T_NLOG])
        if hand_no < 0 or count < 0:
            raise ValueError(f"table {i} has not finished a hand since the reset")
        row = 2 * i + (hand_no & 1)
        t = Table(self.config)
        t.reset(deck=self.deck[row, :2 * self.config.n + 8].tolist())
        t.hand_no = hand_no
        h = t.hand
        for p, street, kind, to in self.log[row, :count].tolist():
            if kind == K_FOLD:
                h.fold()
            elif kind == K_RAISE:
                h.raise_to(to)
            else:
                h.check_call()
            t.log.append((p, street, kind, to))
        t.changed()
        return t


def _seed64(seed: Any) -> int:
    """A generator's 64-bit seed from a seed as ``random.Random`` takes it: a whole number
    below 2**64 as it is (the vector environment's table 0 deals the same), any other (a
    larger or negative one, a float, a string) through ``random.Random``, whose refusal of
    other types is raised before anything changes."""
    try:
        s = operator.index(seed)
    except TypeError:
        return random.Random(seed).getrandbits(64)
    return s if 0 <= s <= _M64 else random.Random(s).getrandbits(64)


def _compiled(kernel: Any, *args: Any) -> Any:
    """The kernel's compiled function for these arguments' types, called without Numba's
    dispatcher: its type checks of a dozen arrays cost more than the step itself (about a
    microsecond). The arguments of every later call must have the same types."""
    return kernel.compile(tuple(typeof(a) for a in args))


class FastTable(FastTables):
    """One compiled hold'em table played an action at a time: the AEC environment's hold'em
    path. An episode is a hand: its end is not followed by the next deal (:meth:`deal`).

    Each decision's ``vector`` and ``mask`` (of the agent ``player``) are never written again
    while anyone but this table holds them: what a caller keeps stays as it was. Actions are
    checked against ``legal`` (the mask as bytes, the table's own). ``payoff`` holds each
    agent's result in big blinds once the hand is over (``player`` is then -1; -2 before the
    first deal)."""

    def __init__(self, config: Any) -> None:
        super().__init__(config, 1)
        c = config
        self.size, self.n_actions = c.size, c.n_actions
        self._w = (self.cfg, self.fr, self.st, self.pl, self.log, self.deck, self.rng, KEY,
                   OFFSETS, TABLE, FLUSH)
        self.payoff = np.zeros(c.n, np.float64)
        # The (vector, mask) pairs decisions are written in, each reused once nobody else
        # holds it (allocating two arrays costs as much as the step).
        self._pool = [[np.zeros(c.size, np.float32), np.zeros(c.n_actions, np.int8)]]
        self._spill = 0
        row, mrow = self._pool[0]
        self._deal = _compiled(deal_one, np.uint64(0), True, row, mrow, self._w)
        self._play = _compiled(play_one, 0, 0.0, row, mrow, self.payoff, self._w)
        self._observe = _compiled(observe_one, 0, row, mrow, self._w)
        self.vector, self.mask = row, mrow
        self.legal = bytes(c.n_actions)
        self._given = False                  # the decision's arrays handed out once already
        self.player = -2                     # -2: no hand dealt yet; -1: the hand is over
        self.deals = self.moves = 0          # (what a rebuilt table was rebuilt from)

    def _buffers(self) -> list:
        """A pair nobody holds (no reference to either array besides the pool's and the
        call's: not the decision in hand, nor one a caller kept), or a new one."""
        pool = self._pool
        for pair in pool:
            if getrefcount(pair[0]) == 2 and getrefcount(pair[1]) == 2:
                return pair
        pair = [np.empty(self.size, np.float32), np.empty(self.n_actions, np.int8)]
        if len(pool) < 8:
            pool.append(pair)
        else:                                # a caller keeps many: let his be his
            pool[self._spill] = pair
            self._spill = (self._spill + 1) % 8
        return pair

    @property
    def hand_no(self) -> int:
        return int(self.st[0, T_HANDNO])

    @property
    def actor(self) -> int:
        """The position to act, -1 when the hand is over."""
        return int(self.st[0, T_ACTOR]) if self.player >= 0 else -1

    def deal(self, seed: Any = None) -> int:
        """The next hand (a seed restarts the deal and the button; the first deal without one
        seeds from the operating system); the agent to act."""
        if seed is None and self.player == -2:
            seed = random.SystemRandom().getrandbits(64)
        s = 0 if seed is None else _seed64(seed)
        row, mrow = self._buffers()
        p = self._deal(s, seed is not None, row, mrow, self._w)
        self.vector, self.mask, self.legal, self.player = row, mrow, mrow.tobytes(), p
        self._given = False
        self.deals += 1
        self.moves = 0
        return p

    def play(self, action: int, amount: float | None = 0.0) -> int:
        """Play an action index for the player to act, checked legal by the caller against
        ``legal`` (the kernel does not check it again): the agent to act next, or -1 when the
        hand is over."""
        row, mrow = self._buffers()
        p = self._play(action, 0.0 if amount is None else amount, row, mrow, self.payoff, self._w)
        self.vector, self.mask, self.player = row, mrow, p
        self.legal = mrow.tobytes()
        self._given = False
        self.moves += 1
        return p

    def decision(self) -> tuple[np.ndarray, np.ndarray]:
        """The vector and mask of the decision in hand, in arrays no one else was given: the
        first asker gets those the step wrote, a later one the same written again (one's edit
        never reaches another)."""
        if self._given:
            row, mrow = self.position_vector(int(self.st[0, T_ACTOR]))
            mrow[:] = np.frombuffer(self.legal, np.int8)
            return row, mrow
        self._given = True
        return self.vector, self.mask

    def position_vector(self, position: int) -> tuple[np.ndarray, np.ndarray]:
        """``position``'s vector, in the hand or at its end, and a mask of zeros (he is not
        to act), in arrays nobody else holds."""
        if self.player == -2:
            raise ValueError("no hand has been dealt: reset the environment first")
        row, mrow = self._buffers()
        self._observe(position, row, mrow, self._w)
        return row, mrow
