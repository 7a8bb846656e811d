"""The vector environment's compiled hold'em tables (``pokertd.envs.fast``) held to the engine
(issue 25): every step of random play, on the same decks, gives the observation vector, the
action mask, the player to act and the rewards that :class:`pokertd.envs.core.Table` (the
engine's :class:`~pokertd.engine.Hand`) gives for the same action index, for each betting
structure and rules preset, 2 to 10 players, antes and big-blind antes, short and uneven
stacks (side pots, short all-ins: IFP 37a, TDA 47), raise sizes and the continuous raise; and
every finished hand rebuilt from its log replays in the engine to the same stacks."""

from __future__ import annotations

import random

import numpy as np
import pytest

from pokertd.engine import Hand, IllegalAction
from pokertd.envs import HoldemTable, PokerEnv, VectorPokerEnv
from pokertd.envs.core import Table


def _mirror(v: VectorPokerEnv, i: int, hand_no: int) -> Table:
    """An engine table dealt the deck table ``i`` of ``v`` holds for hand ``hand_no``."""
    t = Table(v.config)
    t.reset(deck=v.fast.deck[2 * i + (hand_no & 1), :2 * v.config.n + 8].tolist())
    t.hand_no = hand_no
    return t


def _play_against_the_engine(seed: int, steps: int, tables: int = 6, **settings) -> dict:
    """Random legal actions at ``tables`` tables for ``steps`` steps, each compared with an
    engine table given the same deck and the same action index."""
    v = VectorPokerEnv(tables, **settings)
    c = v.config
    v.reset(seed=seed)
    refs = [_mirror(v, i, 0) for i in range(tables)]
    rng = np.random.default_rng(seed)
    seen = {"hands": 0, "side_pots": 0, "short_all_ins": 0, "splits": 0}
    for step in range(steps):
        for i, t in enumerate(refs):
            p = t.legal()[0]
            where = (step, i, settings)
            assert v.players[i] == t.agent(p), where
            assert (v.masks[i] == t.mask()).all(), (where, v.masks[i], t.mask())
            expected = t.observe_vector(p)
            differ = np.flatnonzero(v.obs[i] != expected)
            assert differ.size == 0, (where, differ, v.obs[i][differ], expected[differ])
        acts = (rng.random(v.masks.shape) * v.masks).argmax(1)
        amounts = rng.random(tables)
        for i, t in enumerate(refs):
            t.act(int(acts[i]), float(amounts[i]) if c.continuous else None)
        v.step(np.column_stack([acts, amounts]) if c.continuous else acts)
        for i, t in enumerate(refs):
            if not t.done:
                assert not v.dones[i] and not v.rewards[i].any(), (step, i)
                continue
            assert v.dones[i], (step, i)
            expected = np.zeros(c.n, np.float32)
            for pos, x in enumerate(t.payoffs()):
                expected[t.agent(pos)] = x
            assert np.allclose(v.rewards[i], expected), (step, i, v.rewards[i], expected)
            last = v.last_hand(i)
            assert last.hand.stacks == t.hand.stacks
            assert Hand.replay(last.hand.events()).stacks == t.hand.stacks
            seen["hands"] += 1
            live = {x for x, s in zip(t.hand.totals, t.hand.status) if s != 2}
            seen["side_pots"] += len(live) > 1
            seen["splits"] += any(len(e.get("winners", ())) > 1 for e in t.events())
            refs[i] = _mirror(v, i, t.hand_no + 1)
    return seen


SETTINGS = [
    dict(game="NT", n_players=2),
    dict(game="NT", n_players=6, stacks=[30, 9, 200, 61, 18, 400], ante=1, rules="tda-2024",
         raise_fractions=(0.33, 0.75, 1.5, 3.0)),
    dict(game="NT", n_players=10, stacks=[11, 40, 13, 60, 15, 24, 9, 300, 70, 17], ante=1,
         bb_ante=True, rules="wpa", continuous=True, history=4),
    dict(game="NT", n_players=3, stacks=[19, 10, 23], blinds=(1, 3), rules="tda-2024",
         raise_fractions=(1.0,), history=0),
    dict(game="PT", n_players=4, stacks=[20, 41, 100, 9], ante=1),
    dict(game="PT", n_players=2, stacks=[15, 33], rules="tda-2024"),
    dict(game="FT", n_players=5, stacks=[9, 30, 14, 60, 11], rules="tda-2024"),
    dict(game="FT", n_players=3, stacks=[21, 8, 50], rules="wpa", bb_ante=True, ante=1),
]


@pytest.mark.parametrize("settings", SETTINGS, ids=lambda s: f"{s['game']}-{s['n_players']}")
def test_the_compiled_tables_step_as_the_engine_on_the_same_decks(settings: dict) -> None:
    seen = _play_against_the_engine(sum(map(ord, repr(settings))), 400, **settings)
    assert seen["hands"] >= 60, seen


def test_random_settings_step_as_the_engine() -> None:
    """Settings drawn at random (a fixed seed): structure, preset, players, stacks, antes,
    raise sizes, history length."""
    r = random.Random(25)
    seen = {"side_pots": 0, "splits": 0}
    for _ in range(12):
        n = r.randint(2, 10)
        game = r.choice(["NT", "PT", "FT"])
        settings = dict(game=game, n_players=n, rules=r.choice(["ifp-2012", "wpa", "tda-2024"]),
                        stacks=[r.choice([3, 5, 9, 30, 200]) * 2 + r.randint(1, 3)
                                for _ in range(n)],
                        raise_fractions=r.choice([(0.5, 1.0), (0.25, 0.5, 2.0), (1.0,)]),
                        history=r.choice([0, 3, 16]))
        if r.random() < 0.5:
            settings.update(ante=1, bb_ante=r.random() < 0.5)
        if game == "NT" and r.random() < 0.4:
            settings["continuous"] = True
        out = _play_against_the_engine(r.randrange(10 ** 6), 150, **settings)
        for k in seen:
            seen[k] += out[k]
    # (Random play reaches side pots often and split pots now and then.)
    assert seen["side_pots"] > 20 and seen["splits"] > 0, seen


def test_the_same_seed_deals_the_same_hands_and_chips_are_conserved() -> None:
    def run(seed: int) -> tuple[list, float]:
        v = VectorPokerEnv(32, game="NT", n_players=6, stacks=[40, 100, 25, 300, 60, 12])
        v.reset(seed=seed)
        rng = np.random.default_rng(0)
        total = np.zeros(6)
        for _ in range(300):
            _, masks, rewards, _, _ = v.step((rng.random(v.masks.shape) * v.masks).argmax(1))
            total += rewards.sum(0)
        return v.fast.deck.tolist(), float(total.sum())

    a, chips = run(7)
    assert a == run(7)[0] and a != run(8)[0]
    assert abs(chips) < 1e-3, "the rewards of every hand add up to nothing"


def test_a_refused_action_names_the_table_and_moves_nothing() -> None:
    v = VectorPokerEnv(4, game="NT", n_players=3)
    v.reset(seed=3)
    before = v.fast.st.copy(), v.fast.pl.copy(), v.obs.copy()
    acts = np.ones(4, np.int64)
    acts[2] = 9
    with pytest.raises(IllegalAction, match="table 2: action 9 is not legal now"):
        v.step(acts)
    acts[2] = -1
    with pytest.raises(IllegalAction, match="table 2: action -1"):
        v.step(acts)
    assert (v.fast.st == before[0]).all() and (v.fast.pl == before[1]).all()
    assert (v.obs == before[2]).all()
    with pytest.raises(ValueError, match="action indices"):
        v.step(np.full(4, 1.5))
    with pytest.raises(ValueError, match="one entry per table"):
        v.step(np.ones(3, np.int64))
    with pytest.raises(ValueError, match="has not finished a hand"):
        v.last_hand(0)


def test_the_deal_is_a_permutation_and_every_card_is_as_likely_in_every_place() -> None:
    """Each table's deck row stays a permutation of the 52 cards, and over 20,000 deals each
    card falls into each of the first places about equally often (a chi-square test at
    p = 1e-6 with a fixed seed: the draw below 52, 51, ... has no bias)."""
    v = VectorPokerEnv(20_000, game="NT", n_players=2, history=0)
    v.reset(seed=2026)
    deck = v.fast.deck[0::2]                 # each table's first hand
    assert (np.sort(deck, axis=1) == np.arange(52)).all()
    expected = len(deck) / 52
    for place in range(2 * 2 + 8):
        counts = np.bincount(deck[:, place], minlength=52)
        chi2 = float(((counts - expected) ** 2 / expected).sum())
        assert chi2 < 115.0, (place, chi2)   # 51 degrees of freedom: p(chi2 > 115) < 1e-6


def _aec_against_the_engine(seed: int, steps: int, **settings) -> dict:
    """The AEC environment's hold'em (the compiled table, one hand per episode) against an
    engine table dealt the same deck, for the same action: every agent's observation and
    mask at every decision and at the hand's end, the agent to act, the rewards."""
    e = PokerEnv(**settings)
    c = e.config
    f = e._fast
    assert f is not None
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen = {"hands": 0, "checked": 0}
    t = _mirror_one(f, c)
    for step in range(steps):
        for agent in e.possible_agents:
            pos = t.position(e._index[agent])
            got = e.observe(agent)
            expected = t.observe_vector(pos)
            differ = np.flatnonzero(got["observation"] != expected)
            assert differ.size == 0, (step, agent, settings, differ)
            mine = not t.done and t.legal()[0] == pos
            assert (got["action_mask"] == (t.mask() if mine else 0)).all(), (step, agent)
            seen["checked"] += 1
        if t.done:
            for pos, x in enumerate(t.payoffs()):
                agent = f"player_{t.agent(pos)}"
                assert e.rewards[agent] == x and e.terminations[agent], (step, agent)
            assert e.table.hand.stacks == t.hand.stacks
            assert Hand.replay(e.events()).stacks == t.hand.stacks
            seen["hands"] += 1
            e.reset()
            t = _mirror_one(f, c)
            continue
        assert e.agent_selection == f"player_{t.agent(t.legal()[0])}", step
        mask = e.observe(e.agent_selection)["action_mask"]
        a = int(rng.choice(np.flatnonzero(mask)))
        x = float(rng.random())
        t.act(a, x if c.continuous else None)
        e.step((a, np.array([x], np.float32)) if c.continuous else a)
    return seen


def _mirror_one(f, c) -> Table:
    t = Table(c)
    t.reset(deck=f.deck[f.hand_no & 1, :2 * c.n + 8].tolist())
    t.hand_no = f.hand_no
    return t


@pytest.mark.parametrize("settings", SETTINGS, ids=lambda s: f"{s['game']}-{s['n_players']}")
def test_the_aec_environment_plays_holdem_as_the_engine_on_the_same_decks(settings: dict) -> None:
    seen = _aec_against_the_engine(sum(map(ord, repr(settings))), 600, **settings)
    assert seen["hands"] >= 40, seen


def test_a_kept_observation_is_never_written_again() -> None:
    """The AEC table writes each decision into arrays of its own, reused only once nobody
    else holds them: an observation kept over many steps stays as it was."""
    e = PokerEnv(game="NT", n_players=3)
    e.reset(seed=4)
    kept = []
    rng = random.Random(4)
    for _ in range(300):
        obs, _, term, _, _ = e.last()
        if term:
            e.reset()
            continue
        if rng.random() < 0.3:
            kept.append((obs, obs["observation"].copy(), obs["action_mask"].copy()))
        e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    assert len(kept) > 50
    for obs, vector, mask in kept:
        assert (obs["observation"] == vector).all() and (obs["action_mask"] == mask).all()


def test_the_aec_environment_refuses_a_masked_action_and_changes_nothing() -> None:
    e = PokerEnv(game="NT", n_players=2, stacks=[5, 100])
    e.reset(seed=0)
    before = e.table.hand.state(), e.observe(e.agent_selection)["observation"].copy()
    for bad, what in ((99, "no such action"), (-1, "no such action"), ("x", "an action is an index"),
                      (True, "an action is an index"), (2.0, "an action is an index")):
        with pytest.raises(IllegalAction, match=what) as err:
            e.step(bad)
        assert "1 (check/call)" in str(err.value)
    assert e.table.hand.state() == before[0]
    assert (e.observe(e.agent_selection)["observation"] == before[1]).all()
    e.step(np.int64(1))                              # a NumPy integer is an index too
    assert e.table.hand.state() != before[0]


def test_an_unseeded_first_reset_deals_from_the_operating_system() -> None:
    """A fresh environment reset without a seed deals a real deck (the generator seeded from
    the operating system), the first hand number 0, as the engine's tables do."""
    hands = []
    for _ in range(2):
        e = PokerEnv(game="NT", n_players=3)
        e.reset()
        f = e._fast
        assert f.hand_no == 0
        cards = f.deck[0, :2 * 3 + 8].tolist()
        assert len(set(cards)) == len(cards)
        hands.append(cards)
        assert len(e.table.hand.holes) == 3            # the engine rebuilds it
    assert hands[0] != hands[1]


def test_seeds_are_taken_as_random_random_takes_them() -> None:
    def first(seed) -> list:
        e = PokerEnv(game="NT", n_players=2)
        e.reset(seed=seed)
        return e._fast.deck[0, :12].tolist()

    assert first(np.int64(7)) == first(7) != first(8)
    assert first(2 ** 64 + 5) != first(5) and first(-1) != first(2 ** 64 - 1)
    assert first("night") == first("night") != first("day")
    e = PokerEnv(game="NT", n_players=2)
    e.reset(seed=1)
    e.step(e.config.max_raise)                          # all-in: no raise is open now
    state, mask = e.table.hand.state(), e.action_mask()
    with pytest.raises(TypeError):
        e.reset(seed=[1])                               # refused before anything changes
    assert e.table.hand.state() == state and (e.action_mask() == mask).all()
    with pytest.raises(IllegalAction):
        e.step(e.config.max_raise)


def test_an_edited_mask_opens_no_action() -> None:
    """The masks handed out are copies: a caller's edit of one never makes an illegal action
    legal (IFP 41: no raise against an all-in), at the AEC table or the vector's."""
    e = PokerEnv(game="NT", n_players=2)
    e.reset(seed=1)
    e.step(e.config.max_raise)
    state = e.table.hand.state()
    e.last()[0]["action_mask"][:] = 1
    e.action_mask()[:] = 1
    with pytest.raises(IllegalAction, match="not legal now"):
        e.step(e.config.max_raise)
    assert e.table.hand.state() == state
    v = VectorPokerEnv(4, game="NT", n_players=2)
    _, masks, _ = v.reset(seed=1)
    v.step(np.full(4, v.config.max_raise))
    masks[:] = 1
    with pytest.raises(IllegalAction, match="table 0"):
        v.step(np.full(4, v.config.max_raise))
    assert (v.masks[:, v.config.max_raise] == 0).all()   # the next step's copy is true again


def test_each_observation_of_a_decision_is_its_askers_own() -> None:
    e = PokerEnv(game="NT", n_players=3)
    e.reset(seed=2)
    a = e.observe(e.agent_selection)
    b = e.observe(e.agent_selection)
    assert a["observation"] is not b["observation"] and a["action_mask"] is not b["action_mask"]
    a["observation"][:] = 9
    a["action_mask"][:] = 0
    assert (b["observation"] != 9).any() and b["action_mask"].any()
    assert (e.observe(e.agent_selection)["observation"] == b["observation"]).all()


def test_the_table_is_a_copy_rebuilt_when_played_on() -> None:
    e = PokerEnv(game="NT", n_players=3)
    e.reset(seed=2)
    e.table.act(0)                                      # a fold on the copy
    assert e.table.hand.status == [0, 0, 0]             # not the environment's hand
    assert e.observe_dict("player_0")["folded"] == [False, False, False]


def test_observing_before_the_first_reset_is_refused() -> None:
    e = PokerEnv(game="NT", n_players=2)
    with pytest.raises(ValueError, match="reset the environment first"):
        e.observe("player_1")


def test_actions_of_any_layout_and_integer_type_play_the_same() -> None:
    """The compiled step reads C-ordered int64 actions: a strided view or int32 actions are
    made so first, and play the same hands as the plain array."""
    def run(shape) -> tuple:
        v = VectorPokerEnv(8, game="NT", n_players=3)
        v.reset(seed=9)
        rng = np.random.default_rng(9)
        for _ in range(60):
            acts = (rng.random(v.masks.shape) * v.masks).argmax(1)
            v.step(shape(acts))
        return v.obs.copy(), v.fast.st.copy()

    plain = run(lambda a: a.astype(np.int64))
    for shape in (lambda a: np.repeat(a, 2)[::2], lambda a: a.astype(np.int32)):
        obs, st = run(shape)
        assert (obs == plain[0]).all() and (st == plain[1]).all()


@pytest.mark.parametrize("settings", SETTINGS[:4] + SETTINGS[5:7],
                         ids=lambda s: f"{s['game']}-{s['n_players']}")
def test_the_holdem_table_plays_as_the_engine_on_the_same_decks(settings: dict) -> None:
    """HoldemTable, the one-table API: the player to act, his vector and mask, every agent's
    vector, and the results in big blinds, against an engine table dealt the same deck."""
    t = HoldemTable(**settings)
    c = t.config
    seed = sum(map(ord, repr(settings)))
    t.reset(seed)
    rng = np.random.default_rng(seed)
    ref = _mirror_one(t, c)
    hands = 0
    for step in range(500):
        for agent in range(c.n):
            assert (t.observe(agent) == ref.observe_vector(ref.position(agent))).all(), step
        if ref.done:
            assert t.done and t.player == -1
            for pos, x in enumerate(ref.payoffs()):
                assert t.payoff[ref.agent(pos)] == x
            assert Hand.replay(t.hand().events()).stacks == ref.hand.stacks
            hands += 1
            t.reset()
            ref = _mirror_one(t, c)
            continue
        p = ref.legal()[0]
        assert t.player == ref.agent(p) and not t.done
        assert (t.mask == ref.mask()).all() and (t.vector == ref.observe_vector(p)).all()
        a = int(rng.choice(np.flatnonzero(t.mask)))
        x = float(rng.random())
        ref.act(a, x if c.continuous else None)
        t.step(a, x if c.continuous else None)
    assert hands >= 30


def test_the_holdem_table_refuses_what_it_cannot_play() -> None:
    with pytest.raises(ValueError, match="HoldemTable deals hold'em"):
        HoldemTable(game="PO", n_players=3)
    t = HoldemTable(game="NT", n_players=2, stacks=[50, 50])
    with pytest.raises(IllegalAction, match="reset first"):
        t.step(1)
    with pytest.raises(ValueError, match="reset first"):
        t.hand()
    t.reset(3)
    first = t.vector.copy()
    t.mask[:] = 1                                     # an edit of the mask opens nothing
    t.step(t.config.max_raise)                         # all-in
    state = t.hand().hand.state()
    with pytest.raises(IllegalAction, match="not legal now"):
        t.step(t.config.max_raise)
    with pytest.raises(ValueError, match="agent must be 0..1"):
        t.observe(2)
    assert t.hand().hand.state() == state
    t.step(0)                                          # fold: the hand is over
    assert t.done and t.payoff.tolist() in ([1.0, -1.0], [-1.0, 1.0])
    with pytest.raises(IllegalAction, match="the hand is over"):
        t.step(1)
    u = HoldemTable(game="NT", n_players=2, stacks=[50, 50])
    u.reset(3)
    assert (u.vector == first).all()                   # the same seed, the same hand
