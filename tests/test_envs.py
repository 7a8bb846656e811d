"""pokertd.envs as a PettingZoo AEC environment (issue 25): PettingZoo's own api_test on every
game the engine deals, a 10,000-hand random-policy run whose chips are conserved and whose
every hand replays in the engine to the same stacks, and the action set and observation as
the docs (docs/envs.md) describe them."""

from __future__ import annotations

import random

import numpy as np
import pytest
from pettingzoo.test import api_test

from pokertd.engine import IllegalAction
from pokertd.envs import PokerEnv, env

GAMES = [("NT", 2), ("NT", 6), ("NT", 10), ("PT", 3), ("FT", 4), ("PO", 4), ("FO/8", 3),
         ("F7S", 5), ("F7S/8", 8), ("FR", 3), ("N2L1D", 2), ("F2L3D", 3)]


@pytest.mark.parametrize(("game", "n"), GAMES)
def test_pettingzoo_api_test_passes_on_every_game(game: str, n: int) -> None:
    api_test(env(game=game, n_players=n, ante=1 if game[1:] in ("7S", "7S/8", "R") else 0),
             num_cycles=200)


def _play_random(e: PokerEnv, hands: int, rng: random.Random) -> int:
    """Random legal actions over ``hands`` hands; each hand's chips and its replay checked."""
    steps = 0
    total = sum(e.config.stacks)
    for _ in range(hands):
        e.reset()
        while not e.table.done:
            e.step(rng.choice(np.flatnonzero(e.action_mask()).tolist()))
            steps += 1
            h = e.table.hand
            pots = e.table.pots()
            # IFP 51: the main and side pots, as the engine itself counts them.
            if h.done:
                assert pots == []                   # the pots are in the winners' stacks
            elif e.config.holdem:
                assert pots == [(a, w) for a, w in h._pots() if a]
            else:
                assert sum(a for a, _ in pots) == h.dead + sum(h.totals)
        stacks = list(e.table.hand.stacks)
        assert sum(stacks) == total, "chips were created or lost"
        assert e.table.replay_stacks() == stacks, "the hand's events replay to other stacks"
        rewards = [e.rewards[a] for a in e.possible_agents]
        assert abs(sum(rewards)) < 1e-9
        for a in e.possible_agents:
            pos = e.table.position(e._index[a])
            assert e.rewards[a] == (stacks[pos] - e.config.stacks[pos]) / e.config.big
    return steps


def test_ten_thousand_random_hands_conserve_chips_and_replay_in_the_engine() -> None:
    rng = random.Random(25)
    hands = 0
    for n, count in ((2, 5000), (6, 5000)):
        e = PokerEnv(game="NT", n_players=n, stacks=[rng.randint(10, 300) for _ in range(n)])
        e.reset(seed=n)
        _play_random(e, count, rng)
        hands += count
    assert hands == 10_000


@pytest.mark.parametrize(("game", "n"), [("PT", 4), ("FT", 3), ("PO", 5), ("FO/8", 4),
                                         ("F7S", 6), ("FR", 4), ("F7S/8", 3), ("N2L1D", 3),
                                         ("F2L3D", 4)])
def test_random_hands_of_the_mixed_games_conserve_chips_and_replay(game: str, n: int) -> None:
    e = PokerEnv(game=game, n_players=n, ante=1, stacks=60)
    e.reset(seed=3)
    assert _play_random(e, 300, random.Random(game)) > 300


def test_rewards_are_big_blinds_at_the_hand_end_and_the_button_moves() -> None:
    e = PokerEnv(game="NT", n_players=3, blinds=(5, 10), stacks=1000)
    e.reset(seed=1)
    positions = [e.table.position(i) for i in range(3)]
    first = e.agent_selection
    e.step(0)                                       # the first to act folds
    assert e.rewards[first] == 0 and not e.terminations[first]
    while not e.table.done:
        e.step(0)
    # The blinds: the small blind folds to the big blind, who wins 5 chips, half a big blind.
    agent = {e.table.position(i): f"player_{i}" for i in range(3)}
    assert e._cumulative_rewards[agent[1]] == 0.5 and e._cumulative_rewards[agent[0]] == -0.5
    assert all(e.terminations.values())
    e.reset()
    assert [e.table.position(i) for i in range(3)] == [(p - 1) % 3 for p in positions]


def test_a_pot_fraction_raise_is_the_pot_after_calling() -> None:
    """Heads-up the button posts the small blind and acts first (IFP 18): calling 1 makes the
    pot 4; a pot raise is to 2 + 4 = 6, half the pot to 4."""
    e = PokerEnv(game="NT", n_players=2, blinds=(1, 2), raise_fractions=(0.5, 1.0))
    e.reset(seed=0)
    d = e.observe_dict(e.agent_selection)
    assert d["position"] == 1 and d["to_call"] == 1
    e.step(3)                                       # raise 1 pot
    h = e.table.hand
    assert h.bets[1] == 6
    assert e.observe_dict("player_0")["history"][-1] == {"player": 1, "street": 0,
                                                         "action": "raise", "to": 6}


def test_a_masked_action_is_refused_with_the_legal_ones_and_changes_nothing() -> None:
    """Fixed limit: the raise sizes by the pot are not in it (the one raise is 'raise max')."""
    e = PokerEnv(game="FT", n_players=2)
    e.reset(seed=0)
    before = e.table.hand.state()
    with pytest.raises(IllegalAction) as err:
        e.step(2)
    assert "raise 0.5 pot" in str(err.value) and "1 (check/call)" in str(err.value)
    assert e.table.hand.state() == before
    with pytest.raises(IllegalAction, match="an action is an index"):
        e.step("call")


def test_the_continuous_raise_goes_from_the_minimum_to_all_in() -> None:
    e = PokerEnv(game="NT", n_players=2, continuous=True, stacks=200)
    assert e.action_space("player_0").contains((6, np.array([0.5], np.float32)))
    for x, to in ((0.0, 4), (1.0, 200), (0.5, 102)):
        e.reset(seed=0)
        e.step((e.config.raise_to, np.array([x], np.float32)))
        assert e.table.hand.bets[1] == to


def test_the_vector_holds_what_the_dict_says() -> None:
    e = PokerEnv(game="NT", n_players=4, blinds=(1, 2), stacks=[100, 150, 200, 250], history=4)
    e.reset(seed=5)
    for a in (1, 1, 2):
        e.step(a)
    agent = e.agent_selection
    d = e.observe_dict(agent)
    v = e.observe(agent)["observation"]
    o = e.config.offsets
    from pokertd.cards import parse_cards
    assert sorted(np.flatnonzero(v[o["hole"]])) == sorted(int(c) for c in parse_cards(d["hole"]))
    assert v[o["position"]][d["position"]] == 1
    me = d["position"]
    assert list(v[o["stacks"]]) == [d["stacks"][(me + k) % 4] / 2 for k in range(4)]
    assert v[o["to_call"]][0] == d["to_call"] / 2
    assert v[o["min_raise_to"]][0] == d["min_raise_to"] / 2
    assert v.shape == (e.config.size,)
    # The last entry of the history: the raise, its size in big blinds.
    last = v[o["history"]][-e.config.entry:]
    n = 4
    assert last[n + 3] == 1 and last[n + 6] == d["history"][-1]["to"] / 2


def test_stud_brings_it_in_by_check_call_and_draws_discard_by_bits() -> None:
    """TDA RP-10: the low card brings it in (the check/call action); a draw's action k
    discards the cards whose bits are set in k."""
    e = PokerEnv(game="F7S", n_players=3, ante=1, blinds=(1, 2), stacks=100)
    e.reset(seed=2)
    e.step(1)
    assert e.observe_dict("player_0")["history"][0]["action"] == "bring-in"
    e = PokerEnv(game="F2L3D", n_players=2, stacks=100)
    e.reset(seed=4)
    while e.table.legal()[1] != "drawing":
        e.step(1)
    m = e.action_mask()
    assert m[:e.config.discard0].sum() == 0 and m[e.config.discard0:].all()
    p = e.table.legal()[0]
    held = list(e.table.hand.holes[p])
    e.step(e.config.discard0 + 0b00101)             # the first and the third card
    kept = e.table.hand.holes[p]
    assert held[1] in kept and held[3] in kept and held[0] not in kept and held[2] not in kept


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"n_players": 11}, "n_players must be 2 to 10"),
    ({"game": "XT"}, "unknown variant"),
    ({"stacks": 2}, "every stack must cover more than its forced bets"),
    ({"game": "FT", "continuous": True}, "continuous raise amount is for no-limit"),
    ({"raise_fractions": (0.5, -1)}, "positive fractions of the pot"),
    ({"rules": "house"}, "preset name"),
])
def test_bad_settings_are_refused_by_name(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        PokerEnv(**kwargs)


def test_stud_shows_every_opponents_up_cards_and_hides_their_down_cards() -> None:
    """TDA RP-10: third street deals two cards down and one up to each player."""
    from pokertd.cards import parse_cards
    e = PokerEnv(game="F7S", n_players=4, ante=1, stacks=100)
    e.reset(seed=9)
    agent = e.agent_selection
    d = e.observe_dict(agent)
    me = d["position"]
    assert len(parse_cards(d["hole"])) == 3
    assert all(len(parse_cards(d["up"][q])) == 1 for q in range(4))
    v = e.observe(agent)["observation"]
    up = v[e.config.offsets["up"]].reshape(3, 52)
    for k in range(1, 4):
        q = (me + k) % 4
        assert list(np.flatnonzero(up[k - 1])) == [int(c) for c in parse_cards(d["up"][q])]
    hidden = set(range(52)) - {int(c) for c in parse_cards(d["hole"])}
    for q in range(4):
        if q != me:
            down = [c for c, u in zip(e.table.hand.holes[q], e.table.hand.up[q]) if not u]
            assert not any(v[c] for c in down) and all(c in hidden for c in down)


def test_an_edited_mask_opens_no_action_on_the_engine_path() -> None:
    """The engine's games hand out copies of the mask too: in fixed-limit Omaha the raises by
    the pot are never open, however the caller edits what he was given."""
    e = PokerEnv(game="FO/8", n_players=3)
    e.reset(seed=5)
    e.action_mask()[:] = 1
    e.observe(e.agent_selection)["action_mask"][:] = 1
    before = e.table.hand.state()
    with pytest.raises(IllegalAction, match="raise 0.5 pot"):
        e.step(2)
    assert e.table.hand.state() == before
