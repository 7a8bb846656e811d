"""The engine as an OpenSpiel Python game (issue 25): OpenSpiel's own random-simulation check
(pyspiel.random_sim_test: legal actions, clones, observations, returns on random playouts)
heads-up and four-handed, and the chips an OpenSpiel playout settles are the engine's."""

from __future__ import annotations

import random

import pyspiel
import pytest

import pokertd.envs.openspiel  # noqa: F401 - registers python_pokertd_holdem
from pokertd.engine import Hand


@pytest.mark.parametrize("players", [2, 4])
def test_openspiel_random_sim_test_passes(players: int) -> None:
    game = pyspiel.load_game("python_pokertd_holdem", {"players": players})
    pyspiel.random_sim_test(game, num_sims=8, serialize=False, verbose=False)


def test_an_openspiel_playout_is_a_hand_the_engine_replays_to_the_same_chips() -> None:
    game = pyspiel.load_game("python_pokertd_holdem", {"players": 3, "stack": 100})
    rng = random.Random(25)
    for _ in range(30):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))
            else:
                s.apply_action(rng.choice(s.legal_actions()))
        returns = s.returns()
        assert sum(returns) == 0
        h = Hand.replay(s._table.hand.events())
        assert [float(a - b) for a, b in zip(h.stacks, h.starting)] == returns
