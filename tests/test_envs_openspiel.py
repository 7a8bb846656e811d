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


def test_openspiels_mccfr_learns_a_policy_over_the_engines_legal_actions() -> None:
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    game = pyspiel.load_game("python_pokertd_holdem", {"players": 2, "stack": 20})
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(100):
        solver.iteration()
    policy = solver.average_policy()
    state = game.new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    probs = policy.action_probabilities(state)
    assert set(probs) == set(state.legal_actions())
    assert abs(sum(probs.values()) - 1) < 1e-9
