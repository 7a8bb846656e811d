"""Property tests over random irregularities and their rulings in random hands (every preset,
the Gananda house and a club house): after every step the chips are conserved and the cards are
52 distinct ones (hands, board, burns, cards out of play and stub); a refused or director's
irregularity changes nothing; every hand ends with every pot awarded; replaying the event log
gives the same hand."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokertd.cards import CARDS
from pokertd.engine import Hand, IllegalAction, replay
from pokertd.rules import PRESETS
from pokertd.rules.declarations import LeftToDirector
from pokertd.rules.irregularities import BOARD_ERRORS, DEAL_CAUSES
from pokertd.tournament.house import GANANDA_RULES

CLUB = PRESETS["ifp-2012"].override("club", dealing_irregularities="club",
                                    board_errors="irregularities",
                                    substantial_action="two-players-acted")
RULES = [PRESETS["ifp-2012"], PRESETS["wpa"], PRESETS["tda-2024"], GANANDA_RULES, CLUB]


def chips(h):
    return sum(h.stacks) + sum(h.bets) + h.pot


def cards_in_play(h):
    out = [c for hole in h.holes for c in hole]
    out += h.board + h.burns
    if h._floor is not None:
        out += h._floor.mucked
    return out


def check_cards(h):
    used = cards_in_play(h)
    assert len(set(used)) == len(used), "a card in two places"
    stub = h._deck[h._deck_pos:]
    deck = set(h._deck) | set(h._floor.mucked if h._floor is not None else ())
    assert sorted(used + stub) == sorted(deck), "a card lost or made up"
    if h._floor is not None and (h._floor.ruled or h._floor.premature):
        assert len(deck) == 52, "a board procedure left the deck short of 52 cards"


def irregularity(h, g):
    kind = g.choices(["deal", "board", "kill", "clock", "fouled", "stub"], [3, 5, 1, 1, 0.2, 1])[0]
    n = h.n
    if kind == "deal":
        cause = g.choice(list(DEAL_CAUSES))
        card = None
        if cause == "exposed-card":
            card = str(CARDS[g.choice([c for hole in h.holes for c in hole])])
        elif cause == "boxed-card":
            card = str(CARDS[g.choice(h._deck[h._deck_pos:] + [c for x in h.holes for c in x])])
        h.deal_error(cause, card=card, player=g.randrange(n), rng=g)
    elif kind == "board":
        h.board_error(g.choice(list(BOARD_ERRORS)), identifiable=g.random() < 0.5, rng=g)
    elif kind == "kill":
        h.kill_hand(g.randrange(n), g.choice(["killed", "wrong-cards"]),
                    extra_cards=g.choice([0, 0, 1]))
    elif kind == "clock":
        h.clock_expired()
    elif kind == "stub":
        h.stub_dropped(g.choice(["reconstructable", "stub-only", "mixed"]), rng=g)
    else:
        h.fouled_deck(g.choice(["duplicate", "count", "back"]), g.choice(["hand", "stub"]))


def act(h, g):
    la = h.legal_actions()
    r = g.random()
    if la.min_raise_to is not None and r < 0.25:
        h.raise_to(g.randint(la.min_raise_to, la.max_raise_to))
    elif r < 0.35:
        h.fold()
    else:
        h.check_call()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2 ** 32), st.integers(2, 9), st.integers(0, len(RULES) - 1))
def test_random_irregularities_conserve_chips_and_cards_and_replay(seed, n, which):
    g = random.Random(seed)
    h = Hand([g.randint(50, 3000) for _ in range(n)], (5, 10), rules=RULES[which], seed=seed)
    total = sum(h.starting)
    for step in range(60):
        if h.is_complete:
            break
        if g.random() < (0.5 if step == 0 else 0.3):
            before = h.state()
            try:
                irregularity(h, g)
            except (IllegalAction, LeftToDirector):
                assert h.state() == before, "a refused ruling changed the hand"
        else:
            act(h, g)
        assert chips(h) == total
        check_cards(h)
    while not h.is_complete:
        h.check_call()
    assert h.pot == 0 and sum(h.bets) == 0 and sum(h.stacks) == total   # every pot awarded
    assert min(h.stacks) >= 0
    assert replay(h.events()).state() == h.state()
