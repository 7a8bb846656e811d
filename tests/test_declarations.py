"""Bets made with chips and words (pokertd.rules.declarations): one test per example of the TDA
Illustration Addendum for rules 40-47 and of IFP 34-38, named after the rule and example."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.rules import get_rules
from pokertd.rules.declarations import (
    ACTIONS, BetRuling, ImpossibleBet, LeftToDirector, parse_amount, rule_bet,
)
from pokertd.tournament.house import GANANDA_RULES

BIG = 100_000      # "remaining chips behind in large chip stack"


def ruled(action: str, total: int, returned: int = 0, owed: int = 0, rule: str = "") -> tuple:
    return (action, total, returned, owed, rule)


def as_tuple(r: BetRuling) -> tuple:
    return (r.action, r.total, r.returned, r.owed, r.rule)


def tda(**kw) -> tuple:
    return as_tuple(rule_bet("tda-2024", **kw))


def ifp(**kw) -> tuple:
    return as_tuple(rule_bet("ifp-2012", **kw))


# --- TDA 40: verbal and chips ---------------------------------------------------------------

def test_tda_40_a_addendum_example_1_contradictory_words_and_chips_left_to_the_td():
    # "forty-two thousand" said, only a 5k chip pushed: the TD decides (Rule 1).
    with pytest.raises(LeftToDirector) as e:
        rule_bet("tda-2024", to_call=0, last_raise=4000, behind=BIG, chips=[5000],
                 declared="forty-two thousand")
    assert e.value.rule == "TDA 40-A" and "contradictory" in e.value.text


def test_ifp_31_first_declaration_binds_over_the_chips():
    # The same situation under IFP 31: the words came first and bind: 42000, 37000 still owed.
    assert ifp(to_call=0, last_raise=4000, behind=BIG, chips=[5000],
               declared="forty-two thousand") == ruled("bet", 42000, 0, 37000, "IFP 31")


def test_tda_40_c_an_amount_said_is_the_same_as_those_chips_pushed():
    said = rule_bet("tda-2024", to_call=0, last_raise=100, behind=BIG, declared="two hundred")
    pushed = rule_bet("tda-2024", to_call=0, last_raise=100, behind=BIG, chips=[100, 100])
    assert (said.action, said.total) == (pushed.action, pushed.total) == ("bet", 200)
    assert said.owed == 200 and pushed.owed == 0


# --- TDA 43: raise amounts (Addendum examples 1-4) ------------------------------------------

def test_tda_43_addendum_example_1_min_reraise_is_the_last_raise_not_the_total():
    # A 600, B to 1600, C to 3600 (a 2000 raise): D's minimum is 5600.
    assert tda(to_call=3600, last_raise=2000, behind=BIG, declared="raise")[:2] == ("raise", 5600)


def test_tda_43_addendum_example_2_short_all_in_does_not_change_the_min_raise():
    # Blinds 50-100, A all-in for 150: B must raise at least 100, to 250.
    assert tda(to_call=150, last_raise=100, behind=BIG, declared="raise")[:2] == ("raise", 250)


def test_tda_43_addendum_example_3_two_500s_over_a_300_bet_raise_to_1000():
    # Turn: A bets 300, B pushes two 500 chips: a raise to 1000 (700); C's minimum is 1700.
    assert tda(to_call=300, last_raise=300, behind=BIG, chips=[500, 500]) == \
        ruled("raise", 1000, 0, 0, "TDA 45-B")
    assert tda(to_call=1000, last_raise=700, behind=BIG, declared="raise")[:2] == ("raise", 1700)


def test_tda_43_addendum_example_4a_min_reraise_after_raises_of_75_75_300():
    assert tda(to_call=500, last_raise=300, behind=BIG, declared="raise")[:2] == ("raise", 800)


def test_tda_43_addendum_example_4b_min_reraise_after_one_raise_of_450():
    assert tda(to_call=500, last_raise=450, behind=BIG, declared="raise")[:2] == ("raise", 950)


def test_tda_43_a_example_fourteen_hundred_facing_1000_is_a_call():
    assert tda(to_call=1000, last_raise=1000, behind=BIG, declared="fourteen hundred") == \
        ruled("call", 1000, 0, 1000, "TDA 43-A")
    # ... and so is silently pushing out 1400 in chips (one 1000, four 100s).
    assert tda(to_call=1000, last_raise=1000, behind=BIG, chips=[1000, 100, 100, 100, 100]) == \
        ruled("call", 1000, 400, 0, "TDA 45-B")


def test_tda_43_a_50_percent_of_the_raise_must_complete_a_full_raise():
    # Opening bet 1000: 1500 put in (half the minimum raise on top of the call): raise to 2000.
    assert tda(to_call=1000, last_raise=1000, behind=BIG, declared="1500") == \
        ruled("raise", 2000, 0, 2000, "TDA 43")


def test_tda_43_b_raise_and_an_amount_is_the_total():
    # A opens 2000, B: "Raise, eight thousand": the total bet is 8000.
    assert tda(to_call=2000, last_raise=2000, behind=BIG, declared="raise, eight thousand") == \
        ruled("raise", 8000, 0, 8000, "TDA 43-B")


# --- TDA 44: oversized chip -----------------------------------------------------------------

def test_tda_44_overchip_facing_a_bet_is_a_call():
    assert tda(to_call=500, last_raise=500, behind=BIG, chips=[5000]) == \
        ruled("call", 500, 4500, 0, "TDA 44")


def test_tda_44_overchip_includes_a_last_chip():
    assert tda(to_call=500, last_raise=500, behind=0, chips=[5000]) == \
        ruled("call", 500, 4500, 0, "TDA 44")


def test_tda_44_raise_declared_then_overchip_is_the_chips_maximum():
    assert tda(to_call=500, last_raise=500, behind=BIG, chips=[5000], declared="raise") == \
        ruled("raise", 5000, 0, 0, "TDA 44")


def test_tda_44_overchip_not_facing_a_bet_is_a_bet_of_the_chip():
    assert tda(to_call=0, last_raise=100, behind=BIG, chips=[5000]) == \
        ruled("bet", 5000, 0, 0, "TDA 44")


# --- TDA 45: multiple chips (rule examples and Addendum examples) ---------------------------

def test_tda_45_a_ex_1_500_and_1000_over_1100_is_a_call():
    assert tda(to_call=1100, last_raise=700, behind=BIG, chips=[500, 1000]) == \
        ruled("call", 1100, 400, 0, "TDA 45-A")


def test_tda_45_a_ex_2_last_chips_all_needed_is_a_call_not_all_in():
    # 25-50, A opens 1050, B puts out his last chips (two 1000s): a call.
    assert tda(to_call=1050, last_raise=1050, behind=0, chips=[1000, 1000]) == \
        ruled("call", 1050, 950, 0, "TDA 45-A")


def test_tda_45_addendum_example_1a_two_1000s_over_1200_is_a_call():
    assert tda(to_call=1200, last_raise=1200, behind=BIG, chips=[1000, 1000]) == \
        ruled("call", 1200, 800, 0, "TDA 45-A")


def test_tda_45_addendum_example_1b_500_and_1000_over_1100_is_a_call():
    assert tda(to_call=1100, last_raise=600, behind=BIG, chips=[500, 1000]) == \
        ruled("call", 1100, 400, 0, "TDA 45-A")


def test_tda_45_addendum_example_2_1000_and_five_100s_must_raise_to_1700():
    assert tda(to_call=1100, last_raise=600, behind=BIG, chips=[1000] + [100] * 5) == \
        ruled("raise", 1700, 0, 200, "TDA 45-B")


def test_tda_45_addendum_example_3_1000_and_three_100s_is_a_call_200_returned():
    assert tda(to_call=1100, last_raise=600, behind=BIG, chips=[1000, 100, 100, 100]) == \
        ruled("call", 1100, 200, 0, "TDA 45-B")


def test_tda_45_addendum_example_4a_1000_and_three_500s_min_raise_to_2800():
    assert tda(to_call=1400, last_raise=1400, behind=BIG, chips=[1000, 500, 500, 500]) == \
        ruled("raise", 2800, 0, 300, "TDA 45-B")


def test_tda_45_addendum_example_4b_1000_and_two_500s_is_a_call():
    assert tda(to_call=1400, last_raise=1400, behind=BIG, chips=[1000, 500, 500]) == \
        ruled("call", 1400, 600, 0, "TDA 45-B")


def test_tda_45_addendum_example_4_note_last_chips_are_all_in():
    # Examples 4-A and 4-B with the player's last chips: all-in either way (TDA 45-B-2).
    assert tda(to_call=1400, last_raise=1400, behind=0, chips=[1000, 500, 500, 500]) == \
        ruled("all-in", 2500, 0, 0, "TDA 45-B")
    assert tda(to_call=1400, last_raise=1400, behind=0, chips=[1000, 500, 500]) == \
        ruled("all-in", 2000, 0, 0, "TDA 45-B")


def test_tda_45_example_betting_for_change_325_with_500_and_25_is_a_raise_to_650():
    # "Betting should not be used to obtain change": 525 over 325 is a raise to 650.
    assert tda(to_call=325, last_raise=325, behind=BIG, chips=[500, 25]) == \
        ruled("raise", 650, 0, 125, "TDA 45-B")


# --- TDA 46: prior-bet chips not pulled in (Addendum situations 1-4) ------------------------
# THE 25-50, the BB posted two 25s, the button raises to 600 (550 more to the BB).

def test_tda_46_addendum_situation_1_1_overchip_onto_prior_chips_is_a_call():
    assert tda(to_call=600, last_raise=550, in_front=50, behind=BIG, chips=[1000]) == \
        ruled("call", 600, 450, 0, "TDA 46-C (situation 1)")


def test_tda_46_addendum_situation_1_2a_two_500s_all_needed_is_a_call():
    assert tda(to_call=600, last_raise=550, in_front=50, behind=BIG, chips=[500, 500])[:3] == \
        ("call", 600, 450)


def test_tda_46_addendum_situation_1_2b_100_and_500_all_needed_is_a_call():
    assert tda(to_call=600, last_raise=550, in_front=50, behind=BIG, chips=[100, 500])[:3] == \
        ("call", 600, 50)


def test_tda_46_addendum_situation_1_3_1000_and_500_is_a_rule_45_bet_of_1550():
    assert tda(to_call=600, last_raise=550, in_front=50, behind=BIG, chips=[1000, 500]) == \
        ruled("raise", 1550, 0, 0, "TDA 46-C (situation 1)")


def test_tda_46_addendum_situation_2_1_pulled_back_then_overchip_is_a_call():
    assert tda(to_call=600, last_raise=550, pulled_back=50, behind=BIG, chips=[1000]) == \
        ruled("call", 600, 400, 0, "TDA 46-C (situation 2)")


def test_tda_46_addendum_situation_2_2_pulled_back_then_several_chips_is_a_rule_45_bet():
    assert tda(to_call=600, last_raise=550, pulled_back=50, behind=BIG, chips=[1000, 500]) == \
        ruled("raise", 1500, 0, 0, "TDA 46-C (situation 2)")
    # all new chips needed: a call
    assert tda(to_call=600, last_raise=550, pulled_back=50, behind=BIG, chips=[500, 100])[:2] == \
        ("call", 600)


def test_tda_46_addendum_situation_3_1_partly_pulled_back_is_a_rule_45_bet():
    # One 25 pulled back, one left out, a 1000 added: 1025 reaches 50% of the 550 raise.
    assert tda(to_call=600, last_raise=550, in_front=25, pulled_back=25, behind=BIG,
               chips=[1000]) == ruled("raise", 1150, 0, 125, "TDA 46-C (situation 3)")
    # a 500 added: 525 is short of the call; heads-up the full call is owed (TDA 51-B)
    assert tda(to_call=600, last_raise=550, in_front=25, pulled_back=25, behind=BIG,
               chips=[500], undercall_binds=True)[:2] == ("call", 600)


def test_tda_46_addendum_situation_4_prior_1k_chip_covers_the_call_rule_45_bet_of_all():
    # THE 50-100, the BB posted one 1k chip; raise to 700. Any new chip: a bet of all chips.
    assert tda(to_call=700, last_raise=600, in_front=1000, prior_bet=100, behind=BIG,
               chips=[500]) == ruled("raise", 1500, 0, 0, "TDA 46-C (situation 4)")
    # the same whether the 1k chip was pulled back or left alone
    assert tda(to_call=700, last_raise=600, pulled_back=1000, prior_bet=100, behind=BIG,
               chips=[1000, 500]) == ruled("raise", 1500, 0, 0, "TDA 46-C (situation 4)")


# --- TDA 47: re-opening the bet (Addendum examples; the function's side: may_raise) ----------

def test_tda_47_addendum_example_1_cumulative_short_all_ins_reopen_for_a():
    # A 100, B all-in 125, D all-in 200: A faces a full raise of 100 and may raise (to 300).
    assert tda(to_call=200, last_raise=100, in_front=100, behind=BIG, declared="raise")[:2] == \
        ("raise", 300)


def test_tda_47_addendum_example_1a_c_faces_75_more_and_cannot_raise():
    assert tda(to_call=200, last_raise=100, in_front=125, behind=BIG, chips=[500],
               may_raise=False) == ruled("call", 200, 425, 0, "TDA 47")
    with pytest.raises(ImpossibleBet, match="not reopened"):
        rule_bet("tda-2024", to_call=200, last_raise=100, in_front=125, behind=BIG,
                 declared="raise", may_raise=False)


def test_tda_47_addendum_example_1b_c_faces_a_full_raise_and_may_reraise():
    assert tda(to_call=300, last_raise=100, in_front=125, behind=BIG, declared="raise")[:2] == \
        ("raise", 400)


def test_tda_47_addendum_example_2_min_raise_stays_the_last_full_bet():
    # A 300, all-ins to 500, 650, 800: F calls 800 or raises to at least 1100.
    assert tda(to_call=800, last_raise=300, behind=BIG, declared="raise")[:2] == ("raise", 1100)


def test_tda_47_addendum_example_3a_bb_may_raise_to_11500_a_may_not():
    assert tda(to_call=7500, last_raise=4000, in_front=4000, behind=BIG,
               declared="raise")[:2] == ("raise", 11500)
    assert tda(to_call=7500, last_raise=4000, in_front=4000, behind=BIG, chips=[5000],
               may_raise=False)[:3] == ("call", 7500, 1500)


def test_tda_47_addendum_example_3b_after_the_bb_reraise_a_may_reraise():
    assert tda(to_call=11500, last_raise=4000, in_front=4000, behind=BIG,
               declared="raise")[:2] == ("raise", 15500)


# --- IFP 34-38 ------------------------------------------------------------------------------

def test_ifp_34_single_oversized_chip_facing_a_bet_is_a_call():
    assert ifp(to_call=400, last_raise=400, behind=BIG, chips=[1000]) == \
        ruled("call", 400, 600, 0, "IFP 34")


def test_ifp_34_facing_a_blind_too():
    # the small blind (100 in) facing the 200 big blind with a 1000 chip: a call
    assert ifp(to_call=200, last_raise=200, in_front=100, behind=BIG, chips=[1000]) == \
        ruled("call", 200, 900, 0, "IFP 34")


def test_ifp_34_raise_declared_is_the_maximum_for_the_chip():
    assert ifp(to_call=400, last_raise=400, behind=BIG, chips=[1000], declared="raise") == \
        ruled("raise", 1000, 0, 0, "IFP 34")


def test_ifp_34_not_facing_a_bet_an_oversized_chip_is_a_bet_of_its_maximum():
    assert ifp(to_call=0, last_raise=400, behind=BIG, chips=[1000]) == \
        ruled("bet", 1000, 0, 0, "IFP 34")


def test_ifp_35_example_two_1000s_over_1200_is_just_a_call():
    assert ifp(to_call=1200, last_raise=800, behind=BIG, chips=[1000, 1000]) == \
        ruled("call", 1200, 800, 0, "IFP 35")


def test_ifp_35_mixed_denominations_go_to_the_raise_requirements_rule_37():
    # 500 + 1000 over 1100 would be a call by the TDA 45 test; IFP 37: 1500 < 1650 is a call,
    # 1000 + 500 + 500 (2000 >= 150% of 1200 = 1800) must complete a raise to 2000.
    assert ifp(to_call=1200, last_raise=800, behind=BIG, chips=[1000, 500, 500]) == \
        ruled("raise", 2000, 0, 0, "IFP 37")
    assert ifp(to_call=1200, last_raise=800, behind=BIG, chips=[1000, 500, 100, 100, 100]) == \
        ruled("raise", 2000, 0, 200, "IFP 37")


def test_ifp_36_string_bet_only_the_first_motion_counts():
    # 300 to call, a 500 pushed, then back to the stack for 1000 more: only the 500 counts.
    r = rule_bet("ifp-2012", to_call=300, last_raise=300, behind=BIG, chips=[500],
                 later_motions=[[500, 500]])
    assert as_tuple(r) == ruled("call", 300, 1200, 0, "IFP 36")


def test_tda_56_string_bet_first_motion_only():
    r = rule_bet("tda-2024", to_call=0, last_raise=200, behind=BIG, chips=[500],
                 later_motions=[[1000]])
    assert as_tuple(r) == ruled("bet", 500, 1000, 0, "TDA 56")


def test_ifp_32c_two_motion_raise_counts_the_second_motion():
    # "raise" said, the 300 call put in, then one more motion of 1000: a raise to 1300.
    r = rule_bet("ifp-2012", to_call=300, last_raise=300, behind=BIG, chips=[100, 100, 100],
                 later_motions=[[1000]], declared="raise")
    assert as_tuple(r) == ruled("raise", 1300, 0, 0, "IFP 32c")


def test_tda_42_two_motion_raise_abolished_first_motion_and_a_minimum_raise():
    r = rule_bet("tda-2024", to_call=300, last_raise=300, behind=BIG, chips=[100, 100, 100],
                 later_motions=[[1000]], declared="raise")
    # "raise" commits to at least the minimum (600); the second motion does not count.
    assert as_tuple(r) == ruled("raise", 600, 700, 0, "TDA 43")


def test_ifp_37_150_percent_of_the_previous_bet_must_make_a_full_raise():
    assert ifp(to_call=1000, last_raise=1000, behind=BIG, declared="1500") == \
        ruled("raise", 2000, 0, 2000, "IFP 37")
    assert ifp(to_call=1000, last_raise=1000, behind=BIG, declared="1400")[:2] == ("call", 1000)


def test_ifp_37_and_tda_43_thresholds_differ_facing_a_reraise():
    # 2000 faced after a 1000 raise: TDA 43 needs 2500 (half the 1000 raise), IFP 37 3000.
    assert ifp(to_call=2000, last_raise=1000, behind=BIG, declared="2600")[:2] == ("call", 2000)
    assert tda(to_call=2000, last_raise=1000, behind=BIG, declared="2600")[:2] == ("raise", 3000)


def test_ifp_37a_short_all_in_does_not_reopen_for_a_player_who_acted():
    assert ifp(to_call=450, last_raise=400, in_front=400, behind=BIG, chips=[1000],
               may_raise=False) == ruled("call", 450, 950, 0, "IFP 37a")


def test_ifp_38_example_i_bet_five_is_500_not_5000():
    assert ifp(to_call=0, last_raise=400, behind=BIG, declared="five") == \
        ruled("bet", 500, 0, 500, "IFP 38")
    assert ifp(to_call=0, last_raise=400, behind=BIG, declared="bet five") == \
        ruled("bet", 500, 0, 500, "IFP 38")


def test_tda_57_example_i_bet_five_is_the_highest_reasonable_not_over_the_pot():
    assert tda(to_call=0, last_raise=400, behind=BIG, declared="five", pot=4000) == \
        ruled("bet", 500, 0, 500, "TDA 57")
    assert tda(to_call=0, last_raise=400, behind=BIG, declared="five", pot=5000) == \
        ruled("bet", 5000, 0, 5000, "TDA 57")
    with pytest.raises(ImpossibleBet, match="needs the pot"):
        rule_bet("tda-2024", to_call=0, last_raise=400, behind=BIG, declared="five")


def test_tda_51_b_undercall_heads_up_or_facing_the_opening_bet_is_a_full_call():
    assert tda(to_call=1000, last_raise=1000, behind=BIG, chips=[500], undercall_binds=True) == \
        ruled("call", 1000, 0, 500, "TDA 51-B")


def test_tda_51_b_undercall_in_other_situations_is_left_to_the_td():
    with pytest.raises(LeftToDirector) as e:
        rule_bet("tda-2024", to_call=3000, last_raise=2000, behind=BIG, chips=[500])
    assert e.value.rule == "TDA 51-B" and "discretion" in e.value.text


def test_tda_51_b_undercall_with_his_last_chips_is_all_in():
    assert tda(to_call=3000, last_raise=2000, behind=0, chips=[500]) == \
        ruled("all-in", 500, 0, 0, "TDA 51-B")


def test_ifp_25_chips_moved_in_bind_an_undercall_is_completed_to_a_call():
    assert ifp(to_call=3000, last_raise=2000, behind=BIG, chips=[500]) == \
        ruled("call", 3000, 0, 2500, "IFP 25")


def test_tda_55_a_call_facing_no_bet_is_a_check():
    assert tda(to_call=0, last_raise=100, behind=BIG, declared="call") == \
        ruled("check", 0, 0, 0, "TDA 55-A")


# --- Gananda and WPA ------------------------------------------------------------------------

def test_gananda_betting_11_overchip_example_1000_over_500_is_a_call():
    r = rule_bet(GANANDA_RULES, to_call=500, last_raise=500, behind=BIG, chips=[1000])
    assert as_tuple(r) == ruled("call", 500, 500, 0, "Gananda: Betting 11")


def test_gananda_betting_10_full_bet_and_a_half_bet_is_a_raise():
    # 500 bet, 800 in several chips (a full bet plus more than a half-bet): a raise to 1000.
    r = rule_bet(GANANDA_RULES, to_call=500, last_raise=500, behind=BIG,
                 chips=[500, 100, 100, 100])
    assert as_tuple(r) == ruled("raise", 1000, 0, 200, "Gananda: Betting 10")
    # No "remove one chip" test (IFP 35 would call): two 500s over 600 reach 150% (900).
    r = rule_bet(GANANDA_RULES, to_call=600, last_raise=600, behind=BIG, chips=[500, 500])
    assert as_tuple(r) == ruled("raise", 1200, 0, 200, "Gananda: Betting 10")


def test_wpa_20_half_the_previous_bet_completes_a_raise():
    r = rule_bet("wpa", to_call=600, last_raise=600, behind=BIG, chips=[500, 500])
    assert as_tuple(r) == ruled("raise", 1200, 0, 200, "WPA 20")


# --- impossible input -----------------------------------------------------------------------

@pytest.mark.parametrize("kw, message", [
    (dict(to_call=-1, last_raise=100, behind=0, chips=[100]), "cannot be negative"),
    (dict(to_call=100, last_raise=100, behind=-5, chips=[100]), "cannot be negative"),
    (dict(to_call=100, last_raise=100, behind=0, chips=[300], chip_set=[25, 100, 500]),
     "no 300 chip in the chip set"),
    (dict(to_call=100, last_raise=100, behind=500, declared="raise 5000"), "more than his stack"),
    (dict(to_call=100, last_raise=100, behind=500), "no action"),
    (dict(to_call=100, last_raise=100, in_front=200, behind=500, chips=[100]), "not on him"),
    (dict(to_call=100, last_raise=0, behind=500, chips=[100]), "big blind"),
    (dict(to_call=100, last_raise=100, behind=500, declared="maybe"), "unknown declaration"),
])
def test_impossible_input_is_refused_by_name(kw, message):
    with pytest.raises(ImpossibleBet, match=message):
        rule_bet("tda-2024", **kw)


def test_parse_amount_words_and_scale():
    assert parse_amount("fourteen hundred") == (1400, True)
    assert parse_amount("forty-two thousand") == (42000, True)
    assert parse_amount("8k") == (8000, True)
    assert parse_amount("1,400") == (1400, True)
    assert parse_amount("five") == (5, False)


# --- properties -----------------------------------------------------------------------------

DENOMS = (25, 100, 500, 1000, 5000)


@st.composite
def situations(draw):
    last_raise = draw(st.sampled_from((50, 100, 200, 400, 600, 1000)))
    to_call = draw(st.sampled_from((0, last_raise)) | st.integers(last_raise, 5000))
    prior = draw(st.integers(0, to_call))
    pulled_back = draw(st.sampled_from((0, 0, 0)) | st.integers(0, to_call - prior))
    chips = draw(st.lists(st.sampled_from(DENOMS), min_size=0, max_size=6))
    behind = draw(st.sampled_from((0, 10, 500, 100_000)))
    declared = draw(st.sampled_from((None, "call", "raise", "all-in", "1400", "raise 3000",
                                     "five", "two hundred")))
    if not chips and declared is None:
        chips = [draw(st.sampled_from(DENOMS))]
    later = draw(st.lists(st.lists(st.sampled_from(DENOMS), min_size=1, max_size=3), max_size=2))
    rules = draw(st.sampled_from(("ifp-2012", "wpa", "tda-2024")))
    may_raise = draw(st.booleans())
    return dict(rules=rules, to_call=to_call, last_raise=last_raise, in_front=prior,
                pulled_back=pulled_back, behind=behind, chips=chips, declared=declared, later_motions=later,
                pot=draw(st.integers(0, 20000)), may_raise=may_raise)


@settings(max_examples=400, deadline=None)
@given(situations())
def test_property_ruling_is_a_legal_action_within_the_stack(kw):
    rules = kw.pop("rules")
    try:
        r = rule_bet(rules, **kw)
    except (ImpossibleBet, LeftToDirector):
        return
    put = kw["in_front"] + sum(kw["chips"]) + sum(sum(m) for m in kw["later_motions"])
    stack = put + kw["behind"]
    to_call, prior = kw["to_call"], kw["in_front"] + kw["pulled_back"]
    assert r.action in ACTIONS
    assert prior <= r.total <= stack                     # never more than his stack
    assert r.returned == 0 or r.owed == 0                # handed back or owed, not both
    assert put - r.returned + r.owed == r.total          # the chips add up to the total
    assert r.rule
    if r.action == "check":
        assert r.total == prior == to_call
    elif r.action == "call":
        assert to_call > prior and r.total == to_call < stack + 1
    elif r.action == "bet":
        assert to_call == 0 and r.total >= kw["last_raise"]
    elif r.action == "raise":
        assert to_call > 0 and r.total >= to_call + kw["last_raise"]
        assert kw["may_raise"] or to_call <= prior
    else:                                                # all-in: every chip he has
        assert r.total == stack
        assert kw["may_raise"] or to_call <= prior or stack <= to_call


def test_every_preset_field_for_bets_cites_a_rule():
    for preset in ("ifp-2012", "wpa", "tda-2024"):
        rules = get_rules(preset)
        assert rules.multiple_chips in ("remove-one-chip-same-denomination",
                                        "remove-one-smallest-chip", "threshold-only")
        assert rules.contradictory_bet in ("first-binds", "director")
