"""The floor's rulings on deal and board irregularities, fouled decks, dead hands, the clock,
penalties and action out of turn (pokertd.rules.irregularities): one test per ruling, under each
preset where the books differ."""

import random

import pytest

from pokertd.rules import PRESETS
from pokertd.rules.declarations import LeftToDirector
from pokertd.rules.irregularities import (
    board_ruling, clock_ruling, deal_ruling, fouled_deck_ruling, killed_hand_ruling,
    out_of_turn_ruling, penalty_ruling, substantial_action,
)
from pokertd.rules.catalogue import situations
from pokertd.tournament.house import GANANDA_RULES

IFP, WPA, TDA = PRESETS["ifp-2012"], PRESETS["wpa"], PRESETS["tda-2024"]
CLUB = IFP.override("club", dealing_irregularities="club", board_errors="irregularities",
                    substantial_action="two-players-acted")
SEQ = list(range(10, 40))            # a deck from the street's burn card on


def cards(rules, street, error, **kw):
    return board_ruling(rules, street, error, cards=SEQ, rng=random.Random(7), **kw)


def test_every_procedure_keeps_every_card():
    """Every procedure keeps every card: burns, board, cards set aside and stub are SEQ."""
    for rules in (IFP, TDA, CLUB, GANANDA_RULES):
        for street in ("flop", "turn", "river"):
            for error in ("premature", "no-burn", "extra-burn", "extra-card"):
                for acted in (False, True):
                    for ident in (False, True):
                        r = cards(rules, street, error, acted=acted, identifiable=ident)
                        if r.decision == "director":
                            continue
                        got = [*r.burns, *r.board, *r.set_aside, *r.stub]
                        assert sorted(got) == SEQ, (rules.name, street, error, acted, ident)


# --- substantial action -------------------------------------------------------------------

def test_ifp_29_two_actions_one_with_chips_or_three():
    assert substantial_action(IFP, ["fold", "call"]) == (True, "IFP 29")
    assert substantial_action(IFP, ["fold", "fold"]) == (False, "IFP 29")
    assert substantial_action(IFP, ["check", "check"]) == (False, "IFP 29")
    assert substantial_action(IFP, ["fold", "fold", "fold"]) == (True, "IFP 29")


def test_tda_36_same_definition_posted_blinds_not_counted():
    assert substantial_action(TDA, ["raise"]) == (False, "TDA 36")
    assert substantial_action(TDA, ["fold", "raise"]) == (True, "TDA 36")


def test_gananda_misdeals_1_two_players_after_the_blinds_have_acted():
    assert substantial_action(GANANDA_RULES, ["fold", "fold"]) == (True, "Gananda: Misdeals 1")
    assert substantial_action(GANANDA_RULES, ["raise"]) == (False, "Gananda: Misdeals 1")
    assert substantial_action(CLUB, ["fold", "fold"]) == (True, "club 80.4")


def test_substantial_action_refuses_a_posted_blind():
    with pytest.raises(ValueError, match="not an action in turn"):
        substantial_action(IFP, ["post"])


# --- misdeals -----------------------------------------------------------------------------

@pytest.mark.parametrize("rules,rule", [(IFP, "IFP 64a"), (WPA, "WPA 30"), (TDA, "TDA 35-A7"),
                                        (CLUB, "club 80.3"),
                                        (GANANDA_RULES, "Gananda: Holdem Irregularities 1")])
def test_first_or_second_card_exposed_is_a_misdeal(rules, rule):
    r = deal_ruling(rules, "first-card-exposed")
    assert (r.decision, r.rule) == ("misdeal", rule)
    assert "button where it was" in r.procedure


@pytest.mark.parametrize("rules,rule", [(IFP, "IFP 64b"), (TDA, "TDA 35-A7"),
                                        (GANANDA_RULES, "Gananda: Holdem Irregularities 1")])
def test_two_exposed_hole_cards_misdeal(rules, rule):
    assert deal_ruling(rules, "two-exposed").rule == rule
    assert deal_ruling(rules, "two-exposed").decision == "misdeal"


def test_ifp_64f_gananda_holdem_1_one_exposed_card_replaced_and_burned():
    assert deal_ruling(IFP, "exposed-card").decision == "replace"
    r = deal_ruling(GANANDA_RULES, "exposed-card")
    assert (r.decision, r.rule) == ("replace", "Gananda: Holdem Irregularities 1")
    assert "used for the burncard" in r.text


def test_tda_35_a7_one_other_exposed_downcard_left_to_the_director():
    r = deal_ruling(TDA, "exposed-card")
    assert (r.decision, r.rule) == ("director", "TDA 1")
    assert "Floor decisions are final" in r.text


def test_irregularities_10_gananda_irregularities_7_one_boxed_card_is_a_scrap():
    assert deal_ruling(CLUB, "boxed-card").rule == "irregularities 10"
    r = deal_ruling(GANANDA_RULES, "boxed-card")
    assert (r.decision, r.rule) == ("scrap", "Gananda: Irregularities 7")


def test_ifp_64c_tda_35_a1_one_boxed_card_director_two_a_misdeal():
    assert deal_ruling(IFP, "boxed-card").decision == "director"
    assert deal_ruling(TDA, "boxed-card").decision == "director"
    assert deal_ruling(IFP, "two-boxed").rule == "IFP 64c"
    assert deal_ruling(TDA, "two-boxed").rule == "TDA 35-A1"


def test_extra_card_to_the_first_player_burn_or_misdeal_by_book():
    """irregularities 2, Gananda Holdem Irregularities 2: the burn card; TDA 35-A5 and IFP 64e:
    a player with the wrong number of cards, a misdeal."""
    assert deal_ruling(CLUB, "extra-card").decision == "burn"
    assert deal_ruling(GANANDA_RULES, "extra-card").rule == "Gananda: Holdem Irregularities 2"
    assert deal_ruling(GANANDA_RULES, "extra-card").decision == "burn"
    assert (deal_ruling(TDA, "extra-card").decision, deal_ruling(TDA, "extra-card").rule) == \
        ("misdeal", "TDA 35-A5")
    assert deal_ruling(IFP, "extra-card").rule == "IFP 64e"
    assert deal_ruling(GANANDA_RULES, "extra-cards").decision == "misdeal"


@pytest.mark.parametrize("cause,rule", [("out-of-sequence", "IFP 64f"), ("mixed-cards", "IFP 64g"),
                                        ("button-wrong", "IFP 64h"),
                                        ("first-card-wrong-seat", "IFP 64i"),
                                        ("dealt-to-empty-seat", "IFP 64j"),
                                        ("player-dealt-out", "IFP 64k"),
                                        ("wrong-count", "IFP 64e")])
def test_ifp_64_misdeal_list(cause, rule):
    assert deal_ruling(IFP, cause).decision == "misdeal"
    assert deal_ruling(IFP, cause).rule == rule


def test_tda_34_a_wrong_button_corrected_before_sa_stands_after():
    assert deal_ruling(TDA, "button-wrong").decision == "reset"
    r = deal_ruling(TDA, "button-wrong", actions=["fold", "call"])
    assert (r.decision, r.rule) == ("play-on", "TDA 34-A")


@pytest.mark.parametrize("rules,rule", [(IFP, "IFP 64"), (TDA, "TDA 35-D"),
                                        (CLUB, "club 80.4"), (GANANDA_RULES, "Gananda: Misdeals 1")])
def test_no_misdeal_after_substantial_action(rules, rule):
    r = deal_ruling(rules, "first-card-exposed", actions=["fold", "call", "fold"])
    assert (r.decision, r.rule) == ("play-on", rule)


def test_gananda_misdeals_1_two_folds_are_action_but_not_ifp_29():
    assert deal_ruling(GANANDA_RULES, "two-exposed", actions=["fold", "fold"]).decision == "play-on"
    assert deal_ruling(IFP, "two-exposed", actions=["fold", "fold"]).decision == "misdeal"


def test_unknown_cause_refused():
    with pytest.raises(ValueError, match="unknown deal irregularity"):
        deal_ruling(IFP, "dropped-card")


# --- wrong cards after SA, killed hands ----------------------------------------------------

def test_tda_38_wrong_cards_after_sa_dead_one_burn():
    r = deal_ruling(TDA, "wrong-count", actions=["fold", "call"])
    assert (r.decision, r.rule) == ("dead", "TDA 38")
    assert "one burn" in r.procedure


def test_gananda_dead_hands_1c_wrong_number_of_cards_dead():
    assert killed_hand_ruling(GANANDA_RULES, "wrong-cards").rule == "Gananda: Dead Hands 1c"


def test_ifp_64_wrong_cards_after_sa_left_to_the_director():
    r = killed_hand_ruling(IFP, "wrong-cards")
    assert (r.decision, r.rule) == ("director", "IFP 1")


@pytest.mark.parametrize("rules,rule", [(IFP, "IFP 27"), (WPA, "WPA 31"), (TDA, "TDA 65-A"),
                                        (GANANDA_RULES, "Gananda: Irregularities 2")])
def test_killed_hand_no_redress_uncalled_bet_returned(rules, rule):
    r = killed_hand_ruling(rules, "killed")
    assert (r.decision, r.rule) == ("dead", rule)
    assert "uncalled" in r.procedure


# --- fouled deck -----------------------------------------------------------------------------

def test_ifp_63_fouled_deck_void():
    for defect, letter in (("count", "a"), ("back", "b"), ("duplicate", "c")):
        r = fouled_deck_ruling(IFP, defect)
        assert (r.decision, r.rule) == ("void", f"IFP 63{letter}")


def test_tda_35_e_duplicate_void_other_conditions_house_policy():
    assert fouled_deck_ruling(TDA, "duplicate").decision == "void"
    assert fouled_deck_ruling(TDA, "back").decision == "director"


def test_gananda_irregularities_3_different_back_in_the_stub_action_stands():
    assert fouled_deck_ruling(GANANDA_RULES, "back", "stub").decision == "stands"
    assert fouled_deck_ruling(GANANDA_RULES, "back", "hand").decision == "void"
    assert fouled_deck_ruling(GANANDA_RULES, "duplicate").rule == "Gananda: Irregularities 4"


def test_gananda_irregularities_10_missing_cards_do_not_invalidate():
    assert fouled_deck_ruling(GANANDA_RULES, "count").decision == "stands"


# --- clock -----------------------------------------------------------------------------------

def test_ifp_55_one_minute_ten_seconds_dead():
    r = clock_ruling(IFP, facing_bet=False)
    assert (r.decision, r.rule) == ("dead", "IFP 55")
    assert "60 seconds" in r.procedure and "10-second" in r.procedure


def test_tda_29_dead_facing_a_bet_checked_otherwise():
    assert clock_ruling(TDA, True).decision == "dead"
    r = clock_ruling(TDA, False)
    assert (r.decision, r.rule) == ("checked", "TDA 29")
    assert "25 seconds" in r.procedure and "5-second" in r.procedure


def test_wpa_26_clock_after_two_minutes():
    r = clock_ruling(WPA, True)
    assert r.rule == "WPA 26" and "once 120 seconds" in r.procedure


def test_gananda_no_limit_11_facing_a_bet():
    assert clock_ruling(GANANDA_RULES, True).rule == "Gananda: No Limit 11"


# --- penalties -------------------------------------------------------------------------------

def test_ifp_70_one_hand_per_player_at_the_table_times_rounds():
    r, missed = penalty_ruling(IFP, "rounds", players_at_table=9, rounds=2)
    assert missed == 18 and r.rule == "IFP 70"
    assert penalty_ruling(IFP, "hands", hands=1)[1] == 1


def test_ifp_70_at_most_four_rounds_and_one_hand():
    with pytest.raises(ValueError, match="1 to 4 rounds"):
        penalty_ruling(IFP, "rounds", players_at_table=9, rounds=5)
    with pytest.raises(ValueError, match="at most 1 hand"):
        penalty_ruling(IFP, "hands", hands=3)


def test_wpa_41_rounds_only():
    with pytest.raises(ValueError, match="no missed-hand penalty"):
        penalty_ruling(WPA, "hands", hands=1)
    assert penalty_ruling(WPA, "rounds", players_at_table=6, rounds=4)[1] == 24


def test_tda_71_any_number_of_hands_or_rounds_hand_killed_while_away():
    r, missed = penalty_ruling(TDA, "rounds", players_at_table=8, rounds=6)
    assert missed == 48 and "TDA 71-C" in r.procedure
    assert penalty_ruling(TDA, "hands", hands=3)[1] == 3


def test_penalty_disqualification_chips_removed():
    r, _ = penalty_ruling(TDA, "disqualification")
    assert "removed from play" in r.procedure


def test_penalty_bad_table_size_refused():
    with pytest.raises(ValueError, match="2 to 10"):
        penalty_ruling(IFP, "rounds", players_at_table=1, rounds=1)


# --- out of turn (the pure form of Hand.out_of_turn) -------------------------------------------

def test_ifp_26_out_of_turn_fold_binding_and_unchanged_action_binding():
    assert out_of_turn_ruling(IFP, "fold", "raise").decision == "binding"
    assert out_of_turn_ruling(IFP, "call", "check").decision == "binding"
    assert out_of_turn_ruling(TDA, "bet", "raise").rule == "TDA 53-A"
    assert out_of_turn_ruling(TDA, "bet", "raise").decision == "released"


def test_gananda_betting_7_call_out_of_turn_may_not_raise():
    assert out_of_turn_ruling(GANANDA_RULES, "call", "raise").decision == "no-raise"


def test_irregularities_13_iii_iv_v():
    club = IFP.override("club", out_of_turn="retract")
    assert out_of_turn_ruling(club, "bet", "check", amount=500).rule == "irregularities 13 iii"
    assert out_of_turn_ruling(club, "bet", "bet", amount=500, bet_between=400).decision == \
        "no-raise"
    assert out_of_turn_ruling(club, "bet", "bet", amount=500, bet_between=800).rule == \
        "irregularities 13 v"


# --- board errors: IFP Appendix 1 --------------------------------------------------------------

def test_ifp_appendix_1_i_premature_flop_all_back_reshuffled_burn_and_new_flop():
    r = cards(IFP, "flop", "premature")
    assert r.burns == () and r.next_burns == (1,) and sorted(r.stub) == SEQ


def test_ifp_appendix_1_i_no_burn_after_action_flop_stands_two_burns_before_turn():
    r = cards(IFP, "flop", "no-burn", acted=True)
    assert r.board == (10, 11, 12) and r.next_burns == (2,)
    # the turn that would have come: burn SEQ[4] then SEQ[5] without the error
    assert r.stub[2] == SEQ[5]


def test_ifp_appendix_1_i_no_burn_before_action_reset():
    r = cards(IFP, "flop", "no-burn")
    assert (r.decision, r.burns, r.board) == ("reset", (10,), (11, 12, 13))


def test_ifp_appendix_1_i_too_many_burns_after_action_turn_without_burn():
    r = cards(IFP, "flop", "extra-burn", acted=True)
    assert r.burns == (10, 11) and r.board == (12, 13, 14) and r.next_burns == (0,)
    assert r.stub[0] == SEQ[5]


def test_ifp_appendix_1_i_four_card_flop_identifiable_extra_is_the_burn():
    r = cards(IFP, "flop", "extra-card")
    assert r.board == (11, 12, 13) and 14 in r.burns and r.next_burns == (0,)
    assert r.stub[0] == SEQ[5]


def test_ifp_appendix_1_i_four_card_flop_after_action_director():
    assert cards(IFP, "flop", "extra-card", acted=True).decision == "director"


def test_ifp_appendix_1_ii_premature_turn_set_aside_reshuffled_no_new_burn():
    r = cards(IFP, "turn", "premature")
    assert r.burns == (10,) and r.next_burns == (0,) and 11 in r.stub


def test_ifp_appendix_1_ii_too_many_burns_identifiable_correct_turn_river_without_burn():
    r = cards(IFP, "turn", "extra-burn", identifiable=True)
    assert r.board == (11,) and r.burns == (10, 12) and r.next_burns == (0,)
    assert r.stub[0] == SEQ[3]         # the river that would have come


def test_ifp_appendix_1_ii_two_turn_cards_not_identifiable_reshuffled_no_burn():
    r = cards(IFP, "turn", "extra-card", identifiable=False)
    assert r.burns == (10,) and len(r.board) == 1 and r.next_burns == (1,)


def test_ifp_appendix_1_iii_premature_river_no_burn():
    r = cards(IFP, "river", "premature")
    assert r.burns == (10,) and r.next_burns == (0,)


def test_ifp_appendix_1_iii_two_river_cards_identifiable_wrong_one_discarded():
    r = cards(IFP, "river", "extra-card", acted=True)
    assert r.board == (11,) and r.set_aside == (12,)


def test_wpa_preset_takes_ifp_appendix_1():
    assert cards(WPA, "flop", "no-burn", acted=True).rule == "IFP Appendix 1 i"


# --- board errors: TDA 38, 39, RP-5 ------------------------------------------------------------

def test_tda_39_a_four_card_flop_scrambled_one_is_the_next_burn():
    r = cards(TDA, "flop", "extra-card", acted=True)
    assert r.rule == "TDA 39-A" and set(r.board) | set(r.burns[1:]) == {11, 12, 13, 14}
    assert r.next_burns == (0,) and r.stub[0] == SEQ[5]


def test_tda_39_b_no_burn_before_action_two_of_three_plus_the_next_card():
    r = cards(TDA, "flop", "no-burn")
    assert r.board[2] == SEQ[3] and set(r.board[:2]) | set(r.burns) == {10, 11, 12}


def test_tda_39_b_no_burn_after_action_proceeds_one_burn():
    r = cards(TDA, "flop", "no-burn", acted=True)
    assert r.board == (10, 11, 12) and r.next_burns == (1,)


@pytest.mark.parametrize("street,letter", [("flop", "A"), ("turn", "B"), ("river", "C")])
def test_tda_rp_5_premature_burn_stands_stub_reshuffled_no_other_burn(street, letter):
    r = cards(TDA, street, "premature")
    assert r.rule == f"TDA RP-5-{letter}"
    assert r.burns == (10,) and r.next_burns == (0,) and sorted(r.stub) == SEQ[1:]


def test_tda_turn_burn_errors_left_to_the_director():
    r = cards(TDA, "turn", "no-burn")
    assert (r.decision, r.rule) == ("director", "TDA 1")


# --- board errors: irregularities 3-8, Gananda Holdem Irregularities 3-8 -----------------------

def test_irregularities_7_premature_flop_burn_remains_new_flop_without_burn():
    r = cards(CLUB, "flop", "premature")
    assert r.burns == (10,) and r.next_burns == (0,)


def test_irregularities_3_four_card_flop_redealt_even_if_identifiable():
    r = cards(CLUB, "flop", "extra-card", identifiable=True)
    assert r.decision == "redeal" and r.burns == (10,) and len(r.board) == 3


def test_irregularities_8_premature_turn_the_would_be_river_is_the_turn():
    r = cards(CLUB, "turn", "premature")
    assert r.burns == (10,) and r.next_burns == (1, 0)
    assert r.stub[:2] == (12, 13)          # burn, then what would have been the river
    assert 11 in r.stub[2:]                # the premature card reshuffled for the river


def test_irregularities_5_missed_turn_burn_after_action_stands_two_burns():
    r = cards(CLUB, "turn", "no-burn", acted=True)
    assert r.board == (10,) and r.next_burns == (2,)


def test_gananda_holdem_irregularities_7_premature_flop_burn_mixed_in_burn_again():
    r = cards(GANANDA_RULES, "flop", "premature")
    assert r.burns == () and r.next_burns == (1,) and sorted(r.stub) == SEQ


def test_gananda_holdem_irregularities_8_premature_turn_stub_shuffled_new_card():
    r = cards(GANANDA_RULES, "turn", "premature")
    assert r.burns == (10,) and r.next_burns == (0,) and sorted(r.stub) == SEQ[1:]


def test_gananda_holdem_irregularities_6_double_burn_before_action_corrected():
    r = cards(GANANDA_RULES, "turn", "extra-burn")
    assert r.board == (11,) and r.stub[0] == 12


def test_gananda_silent_two_turn_cards_falls_back_to_ifp_appendix_1():
    assert cards(GANANDA_RULES, "turn", "extra-card").rule == "IFP Appendix 1 ii"


def test_board_ruling_refuses_unknown_street_and_error():
    with pytest.raises(ValueError, match="unknown street"):
        board_ruling(IFP, "fourth", "premature")
    with pytest.raises(ValueError, match="unknown board error"):
        board_ruling(IFP, "flop", "dropped")


# --- the catalogue ---------------------------------------------------------------------------

@pytest.mark.parametrize("rules", [IFP, WPA, TDA, GANANDA_RULES, CLUB], ids=lambda r: r.name)
def test_situations_every_family_each_with_rule_and_text(rules):
    rows = situations(rules)
    assert {r["family"] for r in rows} == {"bet", "misdeal", "board", "stud", "hand",
                                            "out-of-turn", "clock", "penalty", "showdown",
                                            "cards", "button"}
    for row in rows:
        assert row["rule"] and row["text"] and row["procedure"], row


@pytest.mark.parametrize("rules", [IFP, WPA, TDA, GANANDA_RULES,
                                   IFP.override("club", out_of_turn="retract")],
                         ids=lambda r: r.name)
@pytest.mark.parametrize("action,between,to", [("fold", "call", None), ("call", "call", None),
                                               ("call", "raise", 30), ("raise", "call", None),
                                               ("raise", "raise", 30), ("raise", "raise", 60)])
def test_out_of_turn_ruling_is_the_engines(rules, action, between, to):
    """The pure ruling (``pokertd floor out-of-turn``) and Hand.out_of_turn agree: the button
    acts before the player under the gun (raise: to 40), who then calls or raises."""
    from pokertd.engine import Hand
    h = Hand([1000] * 4, (5, 10), rules=rules, seed=1)
    try:
        h.out_of_turn(3, action, 40 if action == "raise" else None)
    except LeftToDirector:
        assert out_of_turn_ruling(rules, action, between).decision == "director"
        return
    if between == "call":
        h.check_call()
    else:
        h.raise_to(to)
    engine = next(e for e in h.events() if e["type"] == "out_of_turn_ruled")
    pure = out_of_turn_ruling(rules, "bet" if action == "raise" else action,
                              "bet" if between == "raise" else "call",
                              amount=40 if action == "raise" else 0, bet_between=to or 0)
    assert (engine["ruling"], engine["rule"]) == (pure.decision, pure.rule)


def test_situations_list_the_bet_fields_with_the_presets_rule():
    tda = {r["situation"]: r for r in situations(TDA) if r["family"] == "bet"}
    assert (tda["raise-completion"]["decision"], tda["raise-completion"]["rule"]) == \
        ("50%-of-raise-increment", "TDA 43")
    ifp = {r["situation"]: r for r in situations(IFP) if r["family"] == "bet"}
    assert ifp["unclear-amount"]["rule"] == "IFP 38"
    gananda = {r["situation"]: r for r in situations(GANANDA_RULES) if r["family"] == "bet"}
    assert gananda["multiple-chips"]["rule"] == "Gananda: Betting 10"


def test_tda_37_button_short_dealt_his_card_even_after_sa_dead_once_he_acted():
    r = deal_ruling(TDA, "button-short", actions=["fold", "call"])
    assert (r.decision, r.rule) == ("complete", "TDA 37")
    r = deal_ruling(TDA, "button-short", actions=["fold", "call"], player_acted=True)
    assert (r.decision, r.rule) == ("dead", "TDA 37")


def test_button_short_wpa_30_club_80_4_gananda_misdeals_2e_ifp_64e():
    assert deal_ruling(WPA, "button-short").rule == "WPA 30"
    assert deal_ruling(CLUB, "button-short").decision == "complete"
    assert deal_ruling(GANANDA_RULES, "button-short").rule == "Gananda: Misdeals 2e"
    assert deal_ruling(IFP, "button-short").decision == "misdeal"


def test_wpa_30_exposed_first_cards_cites_wpa():
    assert deal_ruling(WPA, "first-card-exposed").rule == "WPA 30"
    assert deal_ruling(WPA, "two-boxed").rule == "IFP 64c"        # WPA silent: IFP


def test_tda_35_a6_non_standard_card_misdeal_before_sa_scrap_after():
    assert deal_ruling(TDA, "non-standard-card").rule == "TDA 35-A6"
    assert deal_ruling(TDA, "non-standard-card").decision == "misdeal"
    r = deal_ruling(TDA, "non-standard-card", actions=["fold", "call"])
    assert (r.decision, r.rule) == ("scrap", "TDA 35-D")


def test_gananda_irregularities_8_joker_replaced_unless_its_player_acted_then_dead():
    assert deal_ruling(GANANDA_RULES, "non-standard-card").decision == "scrap"
    r = deal_ruling(GANANDA_RULES, "non-standard-card", player_acted=True)
    assert (r.decision, r.rule) == ("dead", "Gananda: Irregularities 8")
    assert deal_ruling(IFP, "non-standard-card").decision == "director"


def test_tda_rp_4_dropped_stub_reconstructed_or_reshuffled():
    from pokertd.rules.irregularities import stub_ruling
    assert stub_ruling(TDA, "reconstructable").decision == "reconstruct"
    r = stub_ruling(TDA, "stub-only")
    assert (r.decision, r.rule) == ("reshuffle", "TDA RP-4 2") and "not the muck" in r.procedure
    assert stub_ruling(TDA, "mixed").rule == "TDA RP-4 3"


def test_gananda_irregularities_17_dropped_stub_played_out_deck_reconstituted_by_the_td():
    from pokertd.rules.irregularities import stub_ruling
    r = stub_ruling(GANANDA_RULES, "stub-only")
    assert (r.decision, r.rule) == ("director", "Gananda: Irregularities 17")
    assert stub_ruling(IFP, "mixed").decision == "director"
