"""The hand engine's public API: creating hands, acting, events and replay."""

from __future__ import annotations

import json
import random

import pytest

from pokertd.engine import Hand, IllegalAction, LegalActions, replay


def random_play(h: Hand, rnd: random.Random) -> Hand:
    while not h.done:
        la = h.legal_actions()
        if la.min_raise_to is not None and rnd.random() < 0.3:
            h.raise_to(rnd.randint(la.min_raise_to, la.max_raise_to))
        elif la.call and rnd.random() < 0.2:
            h.fold()
        else:
            h.check_call()
    return h


def test_quick_start_example():
    h = Hand([1000] * 6, blinds=(5, 10), seed=1)
    la = h.legal_actions()
    assert isinstance(la, LegalActions)
    assert la.phase == "betting" and la.player == 2 and la.fold and not la.check
    assert la.call == 10 and la.min_raise_to == 20 and la.max_raise_to == 1000
    random_play(h, random.Random(2))
    assert h.done and sum(h.finishing_stacks) == 6000
    assert h.legal_actions().phase == "complete"


def test_same_seed_same_cards_and_given_deck():
    a = Hand([1000] * 4, (5, 10), seed=42)
    b = Hand([1000] * 4, (5, 10), seed=42)
    assert a.holes == b.holes
    rng = random.Random(3)
    c = Hand([1000] * 4, (5, 10), rng=rng)
    d = Hand([1000] * 4, (5, 10), rng=rng)
    assert c.holes != d.holes
    deck = list(range(51, -1, -1))
    e = Hand([1000] * 3, (5, 10), deck=deck)
    assert e.holes == [(51, 48), (50, 47), (49, 46)]   # one card at a time round the table


def test_cards_are_distinct_and_uniformly_dealt():
    counts = [0] * 52
    rng = random.Random(7)
    for _ in range(2000):
        h = Hand([1000] * 2, (5, 10), rng=rng)
        cards = [c for hole in h.holes for c in hole]
        assert len(set(cards)) == 4
        for c in cards:
            counts[c] += 1
    assert min(counts) > 100 and max(counts) < 220       # 8000 draws, 154 expected each


def test_check_call_and_act_by_name():
    h = Hand([1000] * 3, (5, 10), seed=3)
    h.act("cc")
    h.act("call")
    h.act("check")
    assert h.street == 1
    h.act("bet", 30)
    h.act("raise", 90)
    h.act("f")
    h.act("cc")
    with pytest.raises(IllegalAction, match="unknown action"):
        h.act("dance")


def test_illegal_action_names_what_legal_and_rule():
    h = Hand([1000] * 3, (5, 10), seed=4)
    with pytest.raises(IllegalAction) as e:
        h.raise_to(15)
    err = e.value
    assert "below the minimum raise-to 20" in err.what
    assert "raise to 20..1000" in err.legal
    assert err.rule == "IFP 37"
    assert "IFP 37" in str(err)


def test_events_are_json_serialisable_and_replay():
    h = random_play(Hand([500, 800, 300, 1200], (10, 20), ante=2, seed=5), random.Random(5))
    events = h.events()
    text = json.dumps(events)
    assert events[0]["type"] == "started" and events[-1]["type"] == "ended"
    assert {e["type"] for e in events} >= {"started", "posted", "dealt", "acted", "awarded", "ended"}
    again = replay(json.loads(text))
    assert again.state() == h.state()
    assert Hand.replay(events).finishing_stacks == h.finishing_stacks


def test_replay_detects_a_tampered_log():
    h = random_play(Hand([1000] * 3, (5, 10), seed=6), random.Random(6))
    events = h.events()
    for e in events:
        if e["type"] == "awarded":
            e["shares"] = [s + 1 for s in e["shares"]]
            break
    with pytest.raises(ValueError, match="event"):
        replay(events)


def test_manual_dealing_from_hand_histories():
    h = Hand([1000, 1000], (5, 10), manual=True)
    assert h.legal_actions().deal == "hole"
    h.deal_hole(0, "AsAh")
    h.deal_hole(1, None)                       # unknown cards
    h.check_call(); h.check_call()
    assert h.legal_actions().deal == "flop"
    h.deal_board("2c3d4h")
    assert h.legal_actions().phase == "betting"


def test_at_table_keeps_seat_numbers():
    h = Hand.at_table([1000, None, 2000, 3000, None], button=3, blinds=(5, 10), seed=8)
    assert h.seats == [0, 2, 3] and h.button_seat == 3
    assert h.starting == [1000, 2000, 3000]


def test_all_in_and_payoffs():
    h = Hand([100, 100], (5, 10), seed=9)
    h.all_in()
    h.all_in()
    assert h.done and sorted(h.payoffs) in ([-100, 100], [0, 0])


def test_bad_setups_refused():
    with pytest.raises(ValueError):
        Hand([1000], (5, 10))
    with pytest.raises(ValueError):
        Hand([1000, 0], (5, 10))
    with pytest.raises(ValueError):
        Hand([1000, 10.5], (5, 10))
    with pytest.raises(ValueError):
        Hand([1000, 1000], (5, 10), structure="spread-limit")
    with pytest.raises(ValueError):
        Hand([1000, 1000], (5, 10), rules="robert")


def test_copy_is_independent_and_plays_on_like_the_original():
    """Hand.copy() (and copy.copy/deepcopy): a bot can try actions on a copy; the original
    is untouched, and the same actions on both give the same hand."""
    import copy as copy_module
    import random as random_module
    h = Hand([1000, 800, 1200, 600], (10, 20), rng=random_module.Random(11))
    h.raise_to(60)
    h.check_call()
    before = h.state()
    events = h.events()
    for clone in (h.copy(), copy_module.copy(h), copy_module.deepcopy(h)):
        assert clone.state() == before and clone.events() == events
        clone.fold()
        clone.fold()
        assert h.state() == before and h.events() == events
    twin = h.copy()
    while not h.done:
        la = h.legal_actions()
        assert twin.legal_actions() == la
        if la.min_raise_to is not None:
            h.raise_to(la.min_raise_to)
            twin.raise_to(la.min_raise_to)
        else:
            h.check_call()
            twin.check_call()
    assert twin.done and twin.stacks == h.stacks and twin.events() == h.events()


def test_showdown_awards_each_pot_to_the_best_hand_by_the_evaluator():
    """IFP 48 (cards speak): on random deals played to a showdown, flush-heavy boards
    included, the pot goes to the players whose seven cards ``evaluate`` scores highest, split
    among equal ones."""
    import random as random_module

    from pokertd.evaluator import evaluate
    rng = random_module.Random(48)
    for k in range(3000):
        n = 2 + k % 3
        if k % 2:
            deck = rng.sample(range(52), 52)
        else:   # many cards of one suit: flushes on the board, with one or two hole cards
            suit = rng.randrange(4)
            same = [c for c in range(52) if c & 3 == suit]
            deck = rng.sample(same, 13) + rng.sample([c for c in range(52) if c & 3 != suit], 39)
            rng.shuffle(deck)
        h = Hand([1000] * n, (5, 10), deck=deck)
        while not h.done:
            h.check_call()
        scores = [evaluate(tuple(h.board) + tuple(hole)) for hole in h.holes]
        best = max(scores)
        winners = [i for i in range(n) if scores[i] == best]
        assert [i for i in range(n) if h.winnings[i]] == winners, (h.board, h.holes)
