"""Hand.physical_bet: a bet made with chips and words, ruled under the hand's rules and
performed as the legal action it is; the log keeps what was done and what it was ruled."""

from __future__ import annotations

import pytest

from pokertd.engine import Hand, IllegalAction, replay
from pokertd.formats.phh import export_hand
from pokertd.rules.declarations import LeftToDirector


def ruled_and_acted(h: Hand) -> list[tuple]:
    return [(e["type"], e["player"], e.get("action"), e.get("total", e.get("to")), e.get("rule"))
            for e in h.events() if e["type"] in ("ruled", "acted")]


def test_tda_45_addendum_example_2_in_a_dealt_hand_raise_to_1700_owed_200():
    # NLHE 250-500: UTG raises to 1100; UTG+1 silently puts out one 1000 and five 100s.
    h = Hand([50_000] * 5, blinds=(250, 500), seed=3, rules="tda-2024")
    h.raise_to(1100)                                    # player 2, UTG
    r = h.physical_bet([1000, 100, 100, 100, 100, 100])  # player 3, UTG+1
    assert (r.action, r.total, r.returned, r.owed, r.rule) == ("raise", 1700, 0, 200, "TDA 45-B")
    assert h.bets[3] == 1700 and h.stacks[3] == 50_000 - 1700
    assert ruled_and_acted(h)[-2:] == [("ruled", 3, "raise", 1700, "TDA 45-B"),
                                       ("acted", 3, "raise", 1700, None)]


def test_ifp_35_in_a_dealt_hand_two_1000s_over_1200_is_a_call():
    h = Hand([50_000] * 4, blinds=(200, 400), seed=4)
    h.raise_to(1200)
    r = h.physical_bet([1000, 1000])
    assert (r.action, r.total, r.returned, r.rule) == ("call", 1200, 800, "IFP 35")
    assert h.bets[3] == 1200 and h.stacks[3] == 50_000 - 1200


def test_tda_46_situation_1_small_blind_chips_left_alone_overchip_calls():
    h = Hand([10_000] * 3, blinds=(50, 100), seed=1, rules="tda-2024")
    h.raise_to(625)
    r = h.physical_bet([1000])                         # the small blind, 50 in front
    assert (r.action, r.total, r.returned, r.rule) == ("call", 625, 425, "TDA 46-C (situation 1)")
    assert h.bets[0] == 625


def test_tda_46_situation_4_big_blind_posted_with_a_1k_chip():
    # THE 50-100, the BB posted one 1k chip; a raise to 700; the BB adds a 500: a raise to 1500.
    h = Hand([10_000] * 3, blinds=(50, 100), seed=1, rules="tda-2024")
    h.raise_to(700)
    h.fold()
    r = h.physical_bet([500], prior_chips=1000)
    assert (r.action, r.total, r.rule) == ("raise", 1500, "TDA 46-C (situation 4)")
    assert h.bets[1] == 1500 and h.stacks[1] == 8500


def test_tda_47_addendum_example_1a_engine_c_cannot_raise_his_chips_are_a_call():
    # NLHE 50-100, post-flop: A bets 100, B all-in 125, C calls 125, D all-in 200, E calls 200;
    # A calls 200; C faces 75 (not a full raise): his 500 chip is a call, 425 back.
    h = Hand([10_000, 225, 10_000, 300, 10_000], blinds=(50, 100), seed=5, rules="tda-2024")
    h.check_call(); h.check_call(); h.check_call(); h.check_call(); h.check_call()
    assert h.street == 1
    h.raise_to(100)          # A
    h.all_in()               # B 125
    h.check_call()           # C 125
    h.all_in()               # D 200
    h.check_call()           # E 200
    h.check_call()           # A calls 200 (the betting was reopened for him: TDA 47)
    with pytest.raises(IllegalAction, match="not reopened"):
        h.physical_bet([500], "raise")
    r = h.physical_bet([500])
    assert (r.action, r.total, r.returned, r.rule) == ("call", 200, 425, "TDA 47")
    assert h.bets[2] == 200 or h.street == 2


def test_physical_bet_facing_all_in_opponents_is_a_call_ifp_41():
    # Heads-up, the opponent all-in: chips beyond the call come back (nobody could call more);
    # the big blind has 100 in front.
    h = Hand([10_000, 1000], blinds=(50, 100), seed=2)
    h.all_in()                                         # the button (small blind) all-in 1000
    r = h.physical_bet([5000])
    assert (r.action, r.total, r.returned, r.rule) == ("call", 1000, 4100, "IFP 34")
    r2 = Hand([10_000, 1000], blinds=(50, 100), seed=2)
    r2.all_in()
    r = r2.physical_bet([1000, 1000, 1000])
    assert (r.action, r.total, r.returned, r.rule) == ("call", 1000, 2100, "IFP 41")


def test_pot_limit_physical_bet_above_the_pot_is_the_pot():
    h = Hand([10_000] * 3, blinds=(50, 100), seed=2, structure="pot-limit", rules="tda-2024")
    r = h.physical_bet([5000], "raise")                # UTG: the pot-limit raise is to 350
    assert (r.action, r.total, r.returned, r.rule) == ("raise", 350, 4650, "TDA 54")


def test_physical_bet_refused_input_leaves_the_hand_unchanged():
    h = Hand([1000] * 3, blinds=(50, 100), seed=2, rules="tda-2024")
    before = h.events()
    with pytest.raises(IllegalAction, match="fewer than these"):
        h.physical_bet([5000])
    with pytest.raises(IllegalAction, match="cannot be negative"):
        h.physical_bet([-5])
    with pytest.raises(LeftToDirector):
        h.physical_bet([100], "five hundred")
    assert h.events() == before and h.actor == 2


def test_tda_51_b_engine_undercall_facing_a_reraise_multiway_is_left_to_the_td():
    h = Hand([20_000] * 4, blinds=(100, 200), seed=9, rules="tda-2024")
    h.raise_to(600); h.raise_to(1800)
    before = h.events()
    with pytest.raises(LeftToDirector):
        h.physical_bet([500])                          # 500 facing 1800, four players
    assert h.events() == before
    h.fold()
    h.fold()
    r = h.physical_bet([500])                         # now heads-up: a mandatory full call
    assert (r.action, r.total, r.owed, r.rule) == ("call", 1800, 700, "TDA 51-B")   # 600 in front


def test_physical_bet_replays_and_exports_to_phh_as_its_resulting_action():
    h = Hand([20_000] * 4, blinds=(100, 200), seed=9, rules="tda-2024")
    h.physical_bet([500, 100, 100])                    # UTG 700 over 200: a raise to 700
    h.physical_bet([1000])                             # overchip: call 700
    h.physical_bet([], "call")
    h.physical_bet([], "raise 3000")
    h.fold(); h.fold(); h.fold()
    assert h.done
    events = h.events()
    again = replay(events)
    assert again.events() == events and again.stacks == h.stacks
    actions = export_hand(h)["actions"]
    assert "p3 cbr 700" in actions and "p4 cc" in actions and "p2 cbr 3000" in actions
    assert sum(h.stacks) == 80_000


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(("ifp-2012", "wpa", "tda-2024")),
       st.sampled_from(("no-limit", "pot-limit")), st.data())
def test_property_physical_bets_conserve_chips_and_replay(seed, rules, structure, data):
    stacks = data.draw(st.lists(st.integers(150, 20_000), min_size=2, max_size=6))
    h = Hand(stacks, blinds=(50, 100), seed=seed, rules=rules, structure=structure)
    while not h.done:
        p = h.actor
        behind = h.stacks[p]
        choice = data.draw(st.sampled_from(("chips", "chips", "declared", "fold", "call")))
        if choice == "fold":
            h.fold()
        elif choice == "call":
            h.check_call()
        else:
            chips: list[int] = []
            for c in data.draw(st.lists(st.sampled_from((25, 100, 500, 1000, 5000)), max_size=5)):
                if sum(chips) + c <= behind:
                    chips.append(c)
            said = data.draw(st.sampled_from(("call", "raise", "all-in"))) if choice == "declared" else None
            if not chips and said is None:
                h.check_call()
                continue
            try:
                r = h.physical_bet(chips, said)
            except (IllegalAction, LeftToDirector):
                h.check_call()                        # "raise" when closed; an undercall the TD rules
                continue
            assert r.returned == 0 or r.owed == 0
    assert sum(h.stacks) == sum(stacks)
    assert min(h.stacks) >= 0
    assert replay(h.events()).events() == h.events()
