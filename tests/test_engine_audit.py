"""The three corrections of the outside audit (issue 10): refused raises cite the preset's rule,
straddles are rule-set fields, and TDA 20-A odd chips in a split with two or more of them."""

from __future__ import annotations

import pytest

from pokertd.engine import Hand, IllegalAction
from pokertd.rules import field_rules, get_rules


# --- a refused raise cites the rule of the preset in force ----------------------------------

@pytest.mark.parametrize("rules, rule", [("ifp-2012", "IFP 37"), ("wpa", "WPA 22"),
                                         ("tda-2024", "TDA 43")])
def test_raise_below_the_minimum_cites_the_presets_rule(rules, rule):
    h = Hand([1000] * 3, blinds=(5, 10), seed=1, rules=rules)
    with pytest.raises(IllegalAction) as e:
        h.raise_to(15)
    assert e.value.rule == rule


def test_tda_48_fixed_limit_raise_amount_cites_tda_48():
    h = Hand([1000] * 3, blinds=(5, 10), seed=1, rules="tda-2024", structure="fixed-limit")
    with pytest.raises(IllegalAction) as e:
        h.raise_to(30)
    assert e.value.rule == "TDA 48"


def test_tda_54_pot_limit_raise_above_the_pot_cites_tda_54():
    h = Hand([1000] * 3, blinds=(5, 10), seed=1, rules="tda-2024", structure="pot-limit")
    with pytest.raises(IllegalAction) as e:
        h.raise_to(500)
    assert e.value.rule == "TDA 54"


# --- straddles: two rule-set fields, each preset's value ------------------------------------

def test_straddle_fields_per_preset_with_their_reasons():
    assert [get_rules(p).straddle_min_raise for p in ("ifp-2012", "wpa", "tda-2024")] == \
        ["two-straddles", "two-straddles", "largest-increment"]
    assert [get_rules(p).straddle_to_call for p in ("ifp-2012", "wpa", "tda-2024")] == \
        ["full-straddle", "full-straddle", "posted"]
    assert field_rules("straddle_min_raise")["tda-2024"] == "TDA 43 (with TDA 51-B)"
    assert field_rules("straddle_to_call")["ifp-2012"] == "Gananda: Blinds 1"


def test_gananda_blinds_1_ifp_a_full_straddle_min_raise_is_two_straddles():
    h = Hand([1000] * 5, (5, 10), straddles=(20,), seed=1)
    la = h.legal_actions()
    assert (la.call, la.min_raise_to) == (20, 40)


def test_tda_43_a_with_51_b_a_full_straddle_min_raise_is_straddle_plus_big_blind():
    h = Hand([1000] * 5, (5, 10), straddles=(20,), seed=1, rules="tda-2024")
    la = h.legal_actions()
    assert (la.call, la.min_raise_to) == (20, 30)
    # a double straddle: increments 10 (the straddle) and 20 (the double): raise-to 60
    h = Hand([1000] * 6, (5, 10), straddles=(20, 40), seed=1, rules="tda-2024")
    assert h.legal_actions().min_raise_to == 60


def test_gananda_blinds_1_ifp_a_short_all_in_straddle_is_called_in_full():
    h = Hand([1000, 1000, 15, 1000, 1000], (5, 10), straddles=(20,), seed=1)
    la = h.legal_actions()
    assert (la.call, la.min_raise_to) == (20, 40)


def test_tda_43_addendum_example_2_a_short_all_in_straddle_is_called_for_its_amount():
    # The straddler (under the gun) all-in for 15 at 5-10: 15 to call, raise to at least 25.
    h = Hand([1000, 1000, 15, 1000, 1000], (5, 10), straddles=(20,), seed=1, rules="tda-2024")
    la = h.legal_actions()
    assert (la.call, la.min_raise_to) == (15, 25)
    h.check_call(); h.check_call(); h.check_call()       # two callers and the small blind
    h.check_call()                                       # the big blind calls 15: round over
    assert h.street == 1 and h.pot == 5 * 15


# --- TDA 20-A: two odd chips in a three-way split -------------------------------------------

def three_way_tie(rules: str) -> Hand:
    """4 players at 5-10, the small blind folds: 35 in the pot, a royal flush on the board
    ties the other three (35 = 3 x 11 + 2 odd chips)."""
    h = Hand([1000] * 4, (5, 10), manual=True, rules=rules)
    for p, cards in enumerate(("2c3d", "4c5d", "6c7d", "8c9h")):
        h.deal_hole(p, cards)
    h.check_call()          # UTG (player 2)
    h.check_call()          # the button
    h.fold()                # the small blind
    h.check_call()          # the big blind checks
    h.deal_board("AsKsQs", burn="2h")
    for _ in range(3):
        h.check_call()
    h.deal_board("Js", burn="3h")
    for _ in range(3):
        h.check_call()
    h.deal_board("Ts", burn="4h")
    for _ in range(3):
        h.check_call()
    assert h.done
    return h


def test_tda_20_a_two_odd_chips_go_to_the_first_seat_left_of_the_button():
    h = three_way_tie("tda-2024")
    award = [e for e in h.events() if e["type"] == "awarded"][0]
    assert award["winners"] == [1, 2, 3] and award["shares"] == [13, 11, 11]


def test_wpa_15_two_odd_chips_go_to_the_first_player_after_the_button():
    """WPA 15: "When there are two or more high hands ... the odd chip(s) will go to the first
    player after the button": both odd chips to that player."""
    h = three_way_tie("wpa")
    award = [e for e in h.events() if e["type"] == "awarded"][0]
    assert award["winners"] == [1, 2, 3] and award["shares"] == [13, 11, 11]


def test_ifp_50_two_odd_chips_one_each_clockwise_from_the_button():
    h = three_way_tie("ifp-2012")
    award = [e for e in h.events() if e["type"] == "awarded"][0]
    assert award["winners"] == [1, 2, 3] and award["shares"] == [12, 12, 11]
