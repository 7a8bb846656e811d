"""Property tests of the floor's rulings on random mixed hands: at random moments a random
irregularity (a deal error, a fouled deck, a board error, a dead hand, the clock, an action out
of turn, a bet made with chips, stud's seventh-street card), then random legal play to the end.
Chips are conserved, no card is in two places, a refused ruling changes nothing, and the events
replay to the same hand."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokertd.engine import IllegalAction
from pokertd.engine.mixed import MixedHand
from pokertd.rules.declarations import LeftToDirector
from pokertd.rules.irregularities import DEAL_CAUSES

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
VARIANTS = ["PO", "FO/8", "F7S", "F7S/8", "FR", "N2L1D", "F2L3D"]


def _cards(h):
    cards = [c for hole in h.holes for c in hole if c is not None]
    return cards + h.board + h.burns + h.discards + h.out_of_play + h._stub


def _irregularity(h, rng):
    """One random floor call; returns whether it was refused."""
    kind = rng.randrange(8)
    p = rng.randrange(h.n)
    hole = [c for c in h.holes[p] if c is not None]
    try:
        if kind == 0:
            h.deal_error(rng.choice(list(DEAL_CAUSES)), card=rng.choice(hole) if hole else None,
                         player=p if rng.random() < 0.7 else None)
        elif kind == 1:
            h.fouled_deck()
        elif kind == 2:
            h.board_error(rng.choice(["premature", "no-burn", "extra-burn", "extra-card"]),
                          identifiable=rng.random() < 0.5, rng=random.Random(rng.random()))
        elif kind == 3:
            h.kill_hand(p, rng.choice(["killed", "wrong-cards"]))
        elif kind == 4:
            h.clock_expired()
        elif kind == 5:
            h.out_of_turn(p, rng.choice(["fold", "check", "call", "raise", "all-in"]))
        elif kind == 6:
            h.physical_bet([rng.choice([5, 25, 100, 500])] * rng.randint(1, 3))
        else:
            h.seventh_street_exposed(p)
    except (IllegalAction, LeftToDirector):
        return True
    return False


@st.composite
def hands(draw):
    variant = draw(st.sampled_from(VARIANTS))
    stud = variant[1:] in ("7S", "7S/8", "R")
    n = draw(st.integers(2, 7 if stud else 6))
    stacks = draw(st.lists(st.integers(20, 3000), min_size=n, max_size=n))
    rules = draw(st.sampled_from(["ifp-2012", "wpa", "tda-2024"]))
    kw = dict(small_bet=10, big_bet=20, rules=rules)
    if stud:
        kw.update(antes=2, bring_in=5)
    else:
        kw.update(blinds=[5, 10] + [0] * (n - 2) if n > 2 else [10, 5], min_bet=10)
    absent = draw(st.lists(st.integers(0, n - 1), max_size=2, unique=True))
    return variant, stacks, kw, absent, draw(st.integers(0, 2**32))


@SETTINGS
@given(hands())
def test_random_irregularities_keep_chips_cards_and_the_replay(case):
    variant, stacks, kw, absent, seed = case
    rng = random.Random(seed)
    h = MixedHand(variant, stacks, rng=random.Random(seed + 1), absent=absent, **kw)
    total = sum(stacks)
    drawn = set(_cards(h))
    while not h.done:
        if rng.random() < 0.15:
            before = h.state()
            if _irregularity(h, rng):
                assert h.state() == before
            cards = _cards(h)
            assert len(cards) == len(set(cards)) and drawn <= set(cards)
            drawn = set(cards)
            if h.done:
                break
        la = h.legal_actions()
        if la["phase"] == "drawing":
            held = [c for c in h.holes[la["player"]] if c is not None]
            h.discard(rng.sample(held, rng.randint(0, len(held))))
        elif la["bring_in"]:
            if la["min_raise_to"] is not None and rng.random() < 0.3:
                h.raise_to(la["min_raise_to"])
            elif la["fold"] and rng.random() < 0.2:
                h.fold()
            else:
                h.post_bring_in()
        elif la["min_raise_to"] is not None and rng.random() < 0.25:
            h.raise_to(rng.randint(la["min_raise_to"], la["max_raise_to"]))
        elif la["call"] and rng.random() < 0.2:
            h.fold()
        else:
            h.check_call()
        if not h.done:
            assert sum(h.stacks) + h.total_pot() == total
    assert sum(h.stacks) == total and min(h.stacks) >= 0
    r = MixedHand.replay(h.events())
    assert r.stacks == h.stacks
