"""Action out of turn (IFP 26; WPA 33; TDA 53-A and its Addendum; Gananda Betting 7;
holdem-dealing-irregularities 13): the engine holds the action and rules it as the action
comes round."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.engine import Hand, IllegalAction, replay
from pokertd.formats.phh import export_hand
from pokertd.rules import get_rules
from pokertd.rules.declarations import LeftToDirector
from pokertd.tournament.house import GANANDA_RULES

CLUB = get_rules("ifp-2012").override(name="club", out_of_turn="retract")


def flop(rules, n=6) -> Hand:
    """THE 50-100, everyone in to the flop; player 0 acts first on the flop."""
    h = Hand([10_000] * n, blinds=(50, 100), seed=1, rules=rules)
    while h.street == 0:
        h.check_call()
    assert h.actor == 0
    return h


def last_ruling(h: Hand) -> dict:
    return [e for e in h.events() if e["type"] == "out_of_turn_ruled"][-1]


# --- TDA 53-A Addendum ----------------------------------------------------------------------
# Seats 3, 4, 5, 6 of the Addendum are players 0, 1, 2, 3 here.

def test_tda_53_a_addendum_example_1_correct_player_calls_oot_raise_binds():
    h = flop("tda-2024")
    h.raise_to(300); h.fold()
    h.out_of_turn(3, "raise", 800)                    # "raise to eight hundred" out of turn
    assert h.actor == 2                                # action backs up to the correct player
    h.check_call()                                     # Seat 5 calls: the action has not changed
    assert last_ruling(h)["ruling"] == "binding" and last_ruling(h)["rule"] == "TDA 53-A"
    assert h.bets[3] == 800 and h.actor == 4


def test_tda_53_a_addendum_example_1_correct_player_folds_oot_raise_binds():
    h = flop("tda-2024")
    h.raise_to(300); h.fold()
    h.out_of_turn(3, "raise", 800)
    h.fold()
    assert h.bets[3] == 800


def test_tda_53_a_addendum_example_1_correct_player_raises_oot_player_has_all_options():
    h = flop("tda-2024")
    h.raise_to(300); h.fold()
    h.out_of_turn(3, "raise", 800)
    h.raise_to(600)                                    # the action to Seat 6 changed
    assert last_ruling(h)["ruling"] == "released"
    la = h.legal_actions()
    assert la.player == 3 and h.bets[3] == 0           # his 800 came back
    assert (la.call, la.min_raise_to) == (600, 900)    # call 600, re-raise to 900, or fold


def test_tda_53_a_addendum_example_2_oot_check_binds_if_correct_player_checks():
    h = flop("tda-2024")
    h.check_call(); h.check_call()
    h.out_of_turn(3, "check")
    h.check_call()
    assert last_ruling(h)["ruling"] == "binding" and h.actor == 4
    assert [e["action"] for e in h.events() if e["type"] == "acted"][-2:] == ["check", "check"]


def test_tda_53_a_addendum_example_2_correct_player_bets_oot_check_released():
    h = flop("tda-2024")
    h.check_call(); h.check_call()
    h.out_of_turn(3, "check")
    h.raise_to(300)
    la = h.legal_actions()
    assert la.player == 3 and (la.call, la.min_raise_to) == (300, 600)


# --- IFP 26 / WPA 33 ------------------------------------------------------------------------

def test_ifp_26_an_out_of_turn_fold_is_binding_even_when_the_action_changes():
    h = flop("ifp-2012")
    h.out_of_turn(2, "fold")
    h.raise_to(300)                                    # player 0 bets
    h.check_call()                                     # player 1 calls; player 2's fold binds
    assert h.status[2] == 2 and h.actor == 3


def test_ifp_26_a_call_in_between_does_not_change_the_action():
    h = flop("ifp-2012")
    h.raise_to(300)
    h.out_of_turn(2, "call")
    h.check_call()                                     # player 1 calls: not action-changing
    assert last_ruling(h)["rule"] == "IFP 26" and h.bets[2] == 300


def test_wpa_33_oot_raise_released_when_raised_in_between():
    h = flop("wpa")
    h.raise_to(300)
    h.out_of_turn(2, "raise", 1000)
    h.raise_to(900)
    assert last_ruling(h) == {"type": "out_of_turn_ruled", "player": 2, "ruling": "released",
                              "rule": "WPA 33"}


# --- Gananda Betting 7 ----------------------------------------------------------------------

def test_gananda_betting_7_who_checks_out_of_turn_may_not_raise_next_turn():
    h = flop(GANANDA_RULES)
    h.out_of_turn(2, "check")
    h.raise_to(300); h.check_call()                    # a bet changes the action to player 2
    la = h.legal_actions()
    assert la.player == 2 and la.call == 300 and la.min_raise_to is None
    with pytest.raises(IllegalAction, match="Gananda: Betting 7"):
        h.raise_to(900)
    h.check_call()                                     # he may call (or fold)
    assert h.actor == 3 and h.legal_actions().min_raise_to == 600   # the limit is spent


# --- irregularities 13 (a house that follows the club procedure) ----------------------------

def test_irregularities_13_iii_correct_player_checks_oot_bettor_must_check():
    h = flop(CLUB)
    h.out_of_turn(2, "bet", 500)
    assert h.bets[2] == 0                              # 13 i: the bet is retracted
    h.check_call(); h.check_call()                     # the correct player and the next check
    assert last_ruling(h)["ruling"] == "check" and last_ruling(h)["rule"] == "irregularities 13 iii"
    assert h.actor == 3


def test_irregularities_13_iii_a_later_player_bets_everyone_has_normal_options():
    h = flop(CLUB)
    h.out_of_turn(2, "bet", 500)
    h.check_call(); h.raise_to(300)                    # player 1, after the correct player, bets
    assert last_ruling(h)["rule"] == "irregularities 13 iii"
    assert h.legal_actions().min_raise_to == 600


def test_irregularities_13_iv_correct_player_bets_no_more_oot_player_calls_or_folds():
    h = flop(CLUB)
    h.out_of_turn(1, "bet", 500)
    h.raise_to(400)                                    # the correct player bets 400 <= 500
    assert last_ruling(h)["rule"] == "irregularities 13 iv"
    assert h.legal_actions().min_raise_to is None


def test_irregularities_13_v_correct_player_bets_more_all_options():
    h = flop(CLUB)
    h.out_of_turn(1, "bet", 500)
    h.raise_to(600)
    assert last_ruling(h)["rule"] == "irregularities 13 v"
    assert h.legal_actions().min_raise_to == 1200


def test_irregularities_13_leaves_a_check_out_of_turn_to_the_director():
    h = flop(CLUB)
    with pytest.raises(LeftToDirector):
        h.out_of_turn(2, "check")


# --- refusals, replay, PHH ------------------------------------------------------------------

@pytest.mark.parametrize("args, message", [
    ((0, "check"), "turn"),
    ((2, "call"), "no bet to call"),
    ((2, "raise", 50), "could not raise"),
    ((9, "fold"), "no player"),
    ((2, "dance"), "unknown action"),
])
def test_out_of_turn_refusals_leave_the_hand_unchanged(args, message):
    h = flop("tda-2024")
    before = h.events()
    with pytest.raises(IllegalAction, match=message):
        h.out_of_turn(*args)
    assert h.events() == before


def test_out_of_turn_replays_copies_and_exports_to_phh():
    h = flop("tda-2024")
    h.raise_to(300); h.fold()
    h.out_of_turn(3, "raise", 800)
    h.out_of_turn(4, "fold")
    trial = h.copy()
    assert trial.state() == h.state()
    assert h.state()["out_of_turn"]["held"] == {"3": ["raise", 800], "4": ["fold", 0]}
    h.check_call()
    trial.check_call()
    assert trial.events() == h.events()
    while not h.done:
        h.check_call()
    events = h.events()
    assert replay(events).events() == events
    actions = export_hand(h)["actions"]
    assert "p4 cbr 800" in actions and "p5 f" in actions


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(("ifp-2012", "wpa", "tda-2024", "gananda", "club")))
def test_property_out_of_turn_conserves_chips_and_replays(seed, rules):
    rnd = random.Random(seed)
    rule_set = {"gananda": GANANDA_RULES, "club": CLUB}.get(rules, rules)
    stacks = [rnd.randint(200, 5000) for _ in range(rnd.randint(3, 7))]
    h = Hand(stacks, blinds=(25, 50), seed=seed, rules=rule_set)
    while not h.done:
        if rnd.random() < 0.3:
            p = rnd.randrange(h.n)
            la = h.legal_actions()
            act = rnd.choice(("fold", "check", "call", "raise"))
            try:
                h.out_of_turn(p, act, (la.min_raise_to or 0) + rnd.randint(0, 200))
            except (IllegalAction, LeftToDirector):
                pass
            continue
        la = h.legal_actions()
        if la.min_raise_to is not None and rnd.random() < 0.3:
            h.raise_to(rnd.randint(la.min_raise_to, la.max_raise_to))
        elif la.call and rnd.random() < 0.3:
            h.fold()
        else:
            h.check_call()
    assert sum(h.stacks) == sum(stacks) and min(h.stacks) >= 0
    assert replay(h.events()).events() == h.events()
