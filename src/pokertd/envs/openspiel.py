"""pokertd's no-limit hold'em registered as an OpenSpiel Python game, ``python_pokertd_holdem``.

Importing this module registers the game with ``pyspiel``; load it with
``pyspiel.load_game("python_pokertd_holdem", {"players": 6})``. Parameters: ``players`` (2 to
10), ``stack``, ``small_blind``, ``big_blind`` (chips). Chance nodes deal the cards one at a
time (the hole cards player by player, then the flop, the turn and the river) into a hand
dealt by hand (``Hand(manual=True)``); the players' actions are :mod:`.core`'s discrete set
with raises of half the pot and the pot (fold, check/call, half pot, pot, all-in), every rule
the engine's. Returns are the hand's results in chips.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from ..cards import cards_text
from ..engine import Hand
from .core import Config, Table

__all__ = ["GAME_NAME", "PokertdGame"]

GAME_NAME = "python_pokertd_holdem"
_DEFAULTS = {"players": 2, "stack": 200, "small_blind": 1, "big_blind": 2}
_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="pokertd no-limit hold'em",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=10,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS)


class PokertdGame(pyspiel.Game):
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {**_DEFAULTS, **(params or {})}
        n, stack, big = int(p["players"]), int(p["stack"]), int(p["big_blind"])
        self.config = Config("NT", n, stacks=stack, blinds=(int(p["small_blind"]), big),
                             raise_fractions=(0.5, 1.0), history=8)
        # Every decision is a fold, a call or a raise of at least a big blind: at most a
        # raise per big blind of the stack and one answer per player and raise, per street.
        longest = 4 * n * (stack // big + 2) + 2 * n + 5
        info = pyspiel.GameInfo(num_distinct_actions=self.config.n_actions, max_chance_outcomes=52,
                                num_players=n, min_utility=-float(stack),
                                max_utility=float(stack * (n - 1)), utility_sum=0.0,
                                max_game_length=longest)
        super().__init__(_GAME_TYPE, info, p)

    def new_initial_state(self) -> PokertdState:
        return PokertdState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        return _Observer(self.config, iig_obs_type)


class PokertdState(pyspiel.State):
    def __init__(self, game: PokertdGame) -> None:
        super().__init__(game)
        c = self._c = game.config
        self._table = Table(c)
        self._table.hand = Hand(c.stacks, c.blinds, rules=c.rules, manual=True)
        self._cards: list[int] = []          # every card dealt, in order
        self._pending: list[int] = []        # cards of the deal under way
        self._dealt_holes = 0

    def __deepcopy__(self, memo: Any) -> PokertdState:
        s = PokertdState.__new__(PokertdState)
        pyspiel.State.__init__(s, self.get_game())
        s._c = self._c
        s._table = Table(self._c)
        s._table.hand = self._table.hand.copy()
        s._table.log = list(self._table.log)
        s._cards, s._pending, s._dealt_holes = list(self._cards), list(self._pending), self._dealt_holes
        return s

    def _need(self) -> int:
        la = self._table.hand.legal_actions()
        if la.phase != "dealing":
            return 0
        return {"hole": 2, "flop": 3, "turn": 1, "river": 1}[la.deal]

    def current_player(self) -> int:
        h = self._table.hand
        if h.done:
            return pyspiel.PlayerId.TERMINAL
        if self._need():
            return pyspiel.PlayerId.CHANCE
        return h.legal_actions().player

    def _legal_actions(self, player: int) -> list[int]:
        return np.flatnonzero(self._table.mask()).tolist()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        used = set(self._cards)
        left = [x for x in range(52) if x not in used]
        return [(x, 1.0 / len(left)) for x in left]

    def _apply_action(self, action: int) -> None:
        h = self._table.hand
        if self.is_chance_node():
            self._cards.append(action)
            self._pending.append(action)
            if len(self._pending) == self._need():
                cards, self._pending = self._pending, []
                if h.legal_actions().deal == "hole":
                    h.deal_hole(self._dealt_holes, cards)
                    self._dealt_holes += 1
                else:
                    h.deal_board(cards)
            return
        self._table.act(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return "deal " + cards_text([action])
        return self._c.action_names[action]

    def is_terminal(self) -> bool:
        return bool(self._table.hand.done)

    def returns(self) -> list[float]:
        h = self._table.hand
        if not h.done:
            return [0.0] * self._c.n
        return [float(s - t) for s, t in zip(h.stacks, h.starting)]

    def __str__(self) -> str:
        h = self._table.hand
        return f"{h!r} board {cards_text(list(h.board))} actions {self._table.log}"


class _Observer:
    """OpenSpiel's observer: the tensor is :mod:`.core`'s vector of the player, the string his
    cards, the board and the actions so far."""

    def __init__(self, config: Config, iig_obs_type: Any) -> None:
        self.tensor = np.zeros(config.size, np.float32)
        self.dict = {"observation": self.tensor}
        self.perfect_recall = bool(iig_obs_type and iig_obs_type.perfect_recall)

    def set_from(self, state: PokertdState, player: int) -> None:
        t = state._table
        if t.hand.holes[player] is None:
            self.tensor.fill(0)              # his cards are still being dealt
            return
        t.observe_vector(player, self.tensor)

    def string_from(self, state: PokertdState, player: int) -> str:
        t = state._table
        hole = [x for x in t.hand.holes[player] or () if x is not None]
        acts = " ".join(f"{q}:{k}:{x}" for q, _, k, x in t.log)
        return (f"p{player} {cards_text(hole)} | {cards_text(list(t.hand.board))} | {acts}")


pyspiel.register_game(_GAME_TYPE, PokertdGame)
