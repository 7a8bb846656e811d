"""pokertd.envs' single-agent Gymnasium wrapper and vector environment (issue 25): Gymnasium's
own check_env on the wrapper, hands against pokertd's bots that conserve chips and replay in
the engine, and the vector environment's arrays, auto-reset and rewards."""

from __future__ import annotations

import random

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from pokertd.engine import IllegalAction
from pokertd.envs import PokerGymEnv, VectorPokerEnv


@pytest.mark.parametrize(("game", "n", "opponents"), [("NT", 2, "sensible"), ("NT", 6, "mix"),
                                                       ("PO", 4, "random"), ("F7S", 4, "random"),
                                                       ("F2L3D", 3, "random")])
def test_gymnasium_check_env_passes_and_hands_against_the_bots_replay(game: str, n: int,
                                                                      opponents: str) -> None:
    e = PokerGymEnv(game=game, n_players=n, opponents=opponents, ante=1)
    check_env(e, skip_render_check=True)
    rng = random.Random(game)
    total = sum(e.config.stacks)
    for i in range(150):
        obs, info = e.reset(seed=i)
        assert obs["action_mask"].any(), "an episode starts at one of the learner's decisions"
        done = False
        while not done:
            obs, reward, done, truncated, info = e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
            assert "illegal" not in info and not truncated
        h = e.table.hand
        assert sum(h.stacks) == total
        assert e.table.replay_stacks() == list(h.stacks)
        pos = e.table.position(e.seat)
        assert reward == (h.stacks[pos] - h.starting[pos]) / e.config.big


def test_the_bots_actions_are_in_the_learners_history() -> None:
    e = PokerGymEnv(game="NT", n_players=6, opponents="random", seat=3)
    obs, _ = e.reset(seed=11)
    d = e.observe_dict()
    assert d["history"], "the bots before the learner acted"
    assert all(a["player"] != d["position"] for a in d["history"])
    assert d["to_act"] == d["position"]


def test_a_masked_action_is_check_call_or_refused_as_asked() -> None:
    e = PokerGymEnv(game="FT", n_players=2, opponents="random")
    e.reset(seed=0)
    _, _, _, _, info = e.step(2)                    # a pot raise: not in fixed limit
    assert info["illegal"] is True
    assert e.observe_dict()["history"][0]["action"] in ("call", "check")
    e = PokerGymEnv(game="FT", n_players=2, opponents="random", illegal_action="raise")
    e.reset(seed=0)
    with pytest.raises(IllegalAction, match="raise 0.5 pot"):
        e.step(2)
    with pytest.raises(ValueError, match="opponents must be one of"):
        PokerGymEnv(opponents="shark")


def test_the_vector_env_steps_every_table_and_deals_the_next_hand() -> None:
    # Omaha steps the engine's tables (hold'em's compiled path: tests/test_envs_fast.py).
    v = VectorPokerEnv(16, game="PO", n_players=3, stacks=100)
    assert v.fast is None and len(v.tables) == 16
    obs, masks, players = v.reset(seed=1)
    assert obs.shape == (16, v.config.size) and masks.shape == (16, v.config.n_actions)
    rng = np.random.default_rng(1)
    totals = np.zeros(3)
    ended = 0
    for _ in range(400):
        acts = (rng.random(masks.shape) * masks).argmax(1)
        for i in range(16):
            assert masks[i, acts[i]] == 1
        before = [t.hand_no for t in v.tables]
        obs, masks, rewards, dones, players = v.step(acts)
        for i, t in enumerate(v.tables):
            assert (t.hand_no == before[i] + 1) == bool(dones[i]), "a finished table deals again"
            if not dones[i]:
                assert not rewards[i].any()
            assert players[i] == t.agent(t.legal()[0])
            assert (obs[i] == t.observe_vector(t.legal()[0])).all()
        totals += rewards.sum(0)
        ended += int(dones.sum())
    assert ended == v.hands > 100
    assert abs(totals.sum()) < 1e-3                  # chips move between agents only


def test_the_vector_env_refuses_a_masked_action_by_table() -> None:
    v = VectorPokerEnv(3, game="FO/8", n_players=2)
    v.reset(seed=0)
    before = [t.hand.state() for t in v.tables]
    with pytest.raises(IllegalAction, match="table 2: action 2"):
        v.step(np.array([1, 1, 2]))
    assert [t.hand.state() for t in v.tables] == before, "a refused step moves no table"
    with pytest.raises(ValueError, match="one entry per table"):
        v.step(np.array([1, 1]))
    with pytest.raises(ValueError, match="num_tables"):
        VectorPokerEnv(0)


def test_the_gym_environment_hands_out_a_copy_of_the_mask() -> None:
    """An edit of the mask the learner was given opens nothing: in fixed-limit hold'em the
    raises by the pot stay closed and are refused (illegal_action="raise")."""
    e = PokerGymEnv(game="FT", n_players=3, illegal_action="raise")
    obs, _ = e.reset(seed=3)
    obs["action_mask"][:] = 1
    with pytest.raises(IllegalAction, match="raise 0.5 pot"):
        e.step(2)
