"""Property tests over random legal play: every preset, 2-10 players, random stacks and
forced bets, all three betting structures."""

from __future__ import annotations

import copy
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokertd.engine import Hand, IllegalAction, replay

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def hands(draw):
    n = draw(st.integers(2, 10))
    stacks = draw(st.lists(st.integers(1, 5000), min_size=n, max_size=n))
    bb = draw(st.integers(1, 200))
    sb = draw(st.integers(0, bb))
    kwargs = dict(
        rules=draw(st.sampled_from(["ifp-2012", "wpa", "tda-2024"])),
        structure=draw(st.sampled_from(["no-limit", "pot-limit", "fixed-limit"])),
        ante=draw(st.sampled_from([0, 0, 1, bb // 4])),
        bb_ante=draw(st.sampled_from([0, 0, bb])),
        auto_showdown=draw(st.booleans()),
        chip_unit=draw(st.sampled_from([1, 1, 5])),
    )
    if n > 3 and draw(st.booleans()):
        kwargs["straddles"] = (2 * bb,)
    if n > 2 and draw(st.integers(0, 5)) == 0:
        kwargs["single_big_blind"] = True
    if draw(st.integers(0, 3)) == 0:
        # IFP 8: absent players (their all-in hands killed by the dealer)
        kwargs["absent"] = draw(st.lists(st.integers(0, n - 1), max_size=n, unique=True))
    seed = draw(st.integers(0, 2**32))
    return stacks, (sb, bb), kwargs, seed


def play(stacks, blinds, kwargs, seed, probe=None):
    """Play a hand with random legal actions; ``probe(h, rnd)`` runs before each action."""
    rnd = random.Random(seed)
    h = Hand(stacks, blinds, rng=random.Random(seed ^ 0x5EED), **kwargs)
    while not h.done:
        if probe is not None:
            probe(h, rnd)
        la = h.legal_actions()
        if la.phase == "showdown":
            if la.muck and rnd.random() < 0.4:
                h.muck()
            else:
                h.show()
            continue
        r = rnd.random()
        if la.min_raise_to is not None and r < 0.35:
            h.raise_to(rnd.randint(la.min_raise_to, la.max_raise_to))
        elif r < 0.85:
            h.check_call()
        else:
            h.fold()
        assert min(h.stacks) >= 0
        assert sum(h.stacks) + h.total_pot == sum(stacks)
    return h


@SETTINGS
@given(hands())
def test_chips_conserved_no_negative_stack_every_pot_awarded(case):
    stacks, blinds, kwargs, seed = case
    h = play(stacks, blinds, kwargs, seed)
    assert sum(h.stacks) == sum(stacks)
    assert min(h.stacks) >= 0
    assert h.pot == 0 and sum(h.bets) == 0
    awards = [e for e in h.events() if e["type"] == "awarded"]
    assert awards and sum(a["amount"] for a in awards) == sum(h.winnings)
    assert all(sum(a["shares"]) == a["amount"] for a in awards)
    assert sum(h.winnings) == sum(h.totals) + h.dead


@SETTINGS
@given(hands())
def test_events_are_json_and_replay_to_the_same_state(case):
    stacks, blinds, kwargs, seed = case
    h = play(stacks, blinds, kwargs, seed)
    events = json.loads(json.dumps(h.events()))
    again = replay(events)
    assert again.state() == h.state()
    assert again.events() == h.events()


def _attempts(h: Hand, rnd: random.Random):
    """Random actions, legal or not, as (name, call) pairs."""
    la = h.legal_actions()
    p = la.player if la.player is not None else 0
    other = (p + rnd.randint(1, h.n - 1)) % h.n if h.n > 1 else p
    amount = rnd.choice([0, 1, -5, h.current, h.current + 1, h.stacks[p] + h.bets[p],
                         h.stacks[p] + h.bets[p] + 1, rnd.randint(0, 20000), 10**9])
    if la.min_raise_to is not None:
        amount = rnd.choice([amount, la.min_raise_to - 1, la.max_raise_to + 1, la.min_raise_to,
                             la.max_raise_to])
    return [
        ("fold", lambda: h.fold()), ("fold other", lambda: h.fold(player=other)),
        ("check", lambda: h.check()), ("call", lambda: h.call()),
        ("check_call", lambda: h.check_call()),
        ("check_call other", lambda: h.check_call(player=other)),
        (f"raise {amount}", lambda: h.raise_to(amount)),
        ("raise float", lambda: h.raise_to(float(amount))),
        (f"raise other {amount}", lambda: h.raise_to(amount, player=other)),
        ("show", lambda: h.show()), ("muck", lambda: h.muck()),
        ("deal board", lambda: h.deal_board("2c3c4c")),
        ("deal hole", lambda: h.deal_hole(0, "AsAh")),
    ]


def _allowed(la, name: str, amount_ok) -> bool:
    if la.phase == "betting":
        if name in ("fold", "check_call"):
            return True
        if name == "check":
            return la.check
        if name == "call":
            return not la.check
        if name.startswith("raise ") and not name.startswith("raise other") and name != "raise float":
            return la.min_raise_to is not None and amount_ok(la)
        return False
    if la.phase == "showdown":
        return name == "show" or (name == "muck" and la.muck)
    return False


@SETTINGS
@given(hands())
def test_listed_actions_accepted_everything_else_refused_state_unchanged(case):
    """Every legal action listed is accepted; anything else raises IllegalAction naming a
    rule, and the state is unchanged."""
    stacks, blinds, kwargs, seed = case

    def probe(h: Hand, rnd: random.Random):
        la = h.legal_actions()
        for name, do in rnd.sample(_attempts(h, rnd), 4):
            amount = int(name.split()[-1]) if name.startswith("raise ") and name.split()[-1].lstrip("-").isdigit() else None
            ok = _allowed(la, name, lambda la: amount is not None and la.min_raise_to <= amount <= la.max_raise_to)
            if ok:
                trial = copy.deepcopy(h)
                # The same call on a copy must succeed.
                if name == "fold":
                    trial.fold()
                elif name == "check_call":
                    trial.check_call()
                elif name == "check":
                    trial.check()
                elif name == "call":
                    trial.call()
                elif name.startswith("raise "):
                    trial.raise_to(amount)
                elif name == "show":
                    trial.show()
                elif name == "muck":
                    trial.muck()
                continue
            before = h.state()
            events = len(h.raw_events())
            try:
                do()
            except IllegalAction as e:
                assert e.rule and e.legal and e.what
            else:
                raise AssertionError(f"{name} was accepted but not listed as legal: {la}")
            assert h.state() == before
            assert len(h.raw_events()) == events

    h = play(stacks, blinds, kwargs, seed, probe)
    assert sum(h.stacks) == sum(stacks)
