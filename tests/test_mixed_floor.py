"""The floor's rulings on hands of the mixed games (pokertd.engine.mixed_floor): misdeals and
the initial deal by game and preset, a fouled deck, dead hands, the clock, and stud's
seventh-street card exposed (TDA RP-10-B); one test per rule, named after it."""

from __future__ import annotations

import random

import pytest

from pokertd.engine import IllegalAction
from pokertd.engine.mixed import MixedHand
from pokertd.rules import IFP_2012 as IFP
from pokertd.rules.declarations import LeftToDirector
from pokertd.rules.irregularities import deal_ruling

CLUB = IFP.override("club", dealing_irregularities="club", board_errors="irregularities",
                    substantial_action="two-players-acted")
STUD = dict(antes=2, bring_in=5, small_bet=10, big_bet=20)
DRAW = dict(blinds=[5, 10, 0], small_bet=10, big_bet=20, min_bet=10)


def stud_hand(rules="tda-2024", stacks=(1000, 1000, 1000), seed=3, variant="F7S", **kw):
    return MixedHand(variant, list(stacks), rules=rules, rng=random.Random(seed), **STUD, **kw)


def act_passively(h):
    """The player to act brings it in, checks or calls."""
    if h.legal_actions()["bring_in"]:
        h.post_bring_in()
    else:
        h.check_call()


def to_seventh(h):
    while not h.done and not (h.street == 4 and h.phase in ("betting", "showdown")):
        act_passively(h)
    return h


def cards_of(h):
    """The cards the hand drew, each once: in a hand, the board, the burns, out of play or the
    stub (the shuffle draws the cards a hand can use: a stud hand seven a player and four)."""
    cards = [c for hole in h.holes for c in hole] + h.board + h.burns + h.out_of_play + h._stub
    assert len(set(cards)) == len(cards)
    return sorted(cards)


def same_as_replay(h):
    r = MixedHand.replay(h.events())
    return (r.stacks, r.holes, r.phase, r.actor, r.done) == (h.stacks, h.holes, h.phase, h.actor,
                                                             h.done)


# --- TDA RP-10-B: the seventh-street card exposed ----------------------------------------------

def test_tda_rp_10_b_exposed_seventh_street_card_is_replaced_when_betting_remains():
    h = to_seventh(stud_hand())
    assert h.phase == "betting"
    p = h.actor
    exposed, top, drawn = h.holes[p][6], h._stub[0], cards_of(h)
    r = h.seventh_street_exposed(p)
    assert (r.decision, r.rule) == ("replace", "TDA RP-10-B")
    assert h.holes[p][6] == top and h.up[p][6] is False
    assert exposed in h.out_of_play and exposed not in h._stub
    assert set(drawn) <= set(cards_of(h))          # every card still accounted for, once
    assert same_as_replay(h)
    while not h.done:
        act_passively(h)
    assert sum(h.stacks) == 3000


def _all_in_heads_up(rules, auto_showdown=False):
    """Heads-up stud: player 0 (short) all-in on third street and called: no betting remains."""
    h = MixedHand("F7S", [20, 1000], rules=rules, rng=random.Random(11), antes=2, bring_in=5,
                  small_bet=40, big_bet=80, auto_showdown=auto_showdown)
    while h.street == 0 and not h.done:
        la = h.legal_actions()
        if la["player"] == 0 and la["min_raise_to"] is not None:
            h.raise_to(la["max_raise_to"])         # all-in: the last aggressor
        elif la["bring_in"]:
            h.post_bring_in()
        else:
            h.check_call()
    return h


def test_tda_rp_10_b_seventh_street_is_dealt_down_with_no_betting_left():
    h = _all_in_heads_up("tda-2024")
    assert h.faced_up and h.phase == "showdown" and h.street == 4
    assert [len(x) for x in h.holes] == [7, 7]
    assert [u[6] for u in h.up] == [False, False]
    r = h.seventh_street_exposed(1)
    assert (r.decision, r.rule) == ("stands", "TDA RP-10-B")


def test_tda_rp_10_b_in_all_in_situations_the_player_not_at_risk_exposes_first():
    tda, ifp = _all_in_heads_up("tda-2024"), _all_in_heads_up("ifp-2012")
    assert tda.status[0] == ifp.status[0] == 1     # player 0 at risk (all-in)
    assert ifp._sd_order[0] == 0                   # IFP 42: the last aggressor first
    assert tda._sd_order == [1, 0]                 # TDA RP-10-B: the covering player first
    tda.finish_showdown()
    shown = [e["player"] for e in tda.events() if e["type"] == "shown"]
    assert shown == [1, 0]


@pytest.mark.parametrize("rules", ["ifp-2012", "wpa"])
def test_ifp_wpa_have_no_seventh_street_procedure_the_td_decides(rules):
    h = to_seventh(stud_hand(rules=rules))
    before = h.state()
    with pytest.raises(LeftToDirector) as e:
        h.seventh_street_exposed(h.actor)
    assert e.value.rule == "IFP 1"
    assert h.state() == before


def test_tda_rp_10_b_is_ruled_as_the_card_is_dealt_before_seventh_street_betting():
    h = to_seventh(stud_hand())
    h.check_call()
    before = h.state()
    with pytest.raises(IllegalAction):
        h.seventh_street_exposed(h.actor)
    assert h.state() == before
    with pytest.raises(IllegalAction):
        stud_hand().seventh_street_exposed(0)      # third street: not seventh


# --- misdeals and the initial deal by game ----------------------------------------------------

def test_ifp_64a_stud_first_downcard_exposed_is_a_misdeal_and_redeal_replays_the_hand():
    h = stud_hand(rules="ifp-2012")
    first = h.holes[0][0]
    r = h.deal_error("first-card-exposed", card=first)
    assert (r.decision, r.rule) == ("misdeal", "IFP 64a")
    assert h.done and h.voided and h.stacks == h.starting and h.total_pot() == 0
    assert same_as_replay(h)
    again = h.redeal(rng=random.Random(4))
    assert (again.starting, again.antes, again.bring_in, again.rules) == (
        h.starting, h.antes, h.bring_in, h.rules)
    assert not again.done


def test_tda_rp_10_a_stud_exposed_downcard_becomes_the_upcard_through_deal_error():
    h = stud_hand()
    card = h.holes[2][1]
    r = h.deal_error("exposed-card", card=card)
    assert (r.decision, r.rule) == ("upcard", "TDA RP-10-A")
    assert h.up[2] == [False, True, False]
    assert same_as_replay(h)


def test_tda_35_a7_two_downcards_exposed_is_a_misdeal_in_flop_games_the_td_decides_in_stud():
    assert deal_ruling("tda-2024", "two-exposed", game="flop").rule == "TDA 35-A7"
    h = stud_hand()
    with pytest.raises(LeftToDirector):
        h.deal_error("two-exposed")
    assert not h.done


def test_club_80_3_any_stud_downcard_exposed_is_a_misdeal():
    h = stud_hand(rules=CLUB)
    r = h.deal_error("exposed-card", card=h.holes[1][1])
    assert (r.decision, r.rule) == ("misdeal", "club 80.3")
    assert h.voided and h.stacks == h.starting
    # In a flop game one exposed card (not the first two) is replaced and burned (club 80.3).
    assert deal_ruling(CLUB, "exposed-card", game="flop").decision == "replace"


def test_ifp_64f_an_exposed_stud_downcard_is_replaced_and_becomes_the_burn_card():
    h = stud_hand(rules="ifp-2012")
    card, top, drawn = h.holes[2][1], h._stub[0], cards_of(h)
    r = h.deal_error("exposed-card", card=card)
    assert (r.decision, r.rule) == ("replace", "IFP 64f")
    assert h.holes[2][1] == top and h._stub[0] == card
    assert set(drawn) <= set(cards_of(h))          # every card still accounted for, once
    assert same_as_replay(h)
    while h.street == 0:
        act_passively(h)
    assert h.burns == [card]                       # the fourth-street burn


def test_ifp_64f_in_draw_the_exposed_card_is_out_of_play_with_the_burns():
    h = MixedHand("F2L3D", [1000] * 3, rules="ifp-2012", rng=random.Random(2), **DRAW)
    card, top = h.holes[1][3], h._stub[0]
    h.deal_error("exposed-card", card=card)
    assert h.holes[1][3] == top and card in h.burns and cards_of(h) == list(range(52))


def test_wpa_30_two_exposed_cards_a_misdeal_in_holdem_and_stud_ifp_64b_in_draw():
    assert deal_ruling("wpa", "two-exposed", game="stud").rule == "WPA 30"
    assert deal_ruling("wpa", "two-exposed", game="draw").rule == "IFP 64b"
    # WPA 30's "first two cards" is for flop games: stud falls back to IFP 64a.
    assert deal_ruling("wpa", "first-card-exposed", game="stud").rule == "IFP 64a"
    h = MixedHand("N2L1D", [1000] * 3, rules="wpa", rng=random.Random(2), **DRAW)
    assert h.deal_error("two-exposed").rule == "IFP 64b" and h.voided


def test_tda_35_a_house_rules_apply_to_exposed_cards_in_draw_games():
    h = MixedHand("F2L3D", [1000] * 3, rules="tda-2024", rng=random.Random(2), **DRAW)
    before = h.state()
    with pytest.raises(LeftToDirector) as e:
        h.deal_error("exposed-card", card=h.holes[0][0])
    assert "House rules apply for draw games" in e.value.text
    assert h.state() == before


def test_tda_36_the_stud_bring_in_is_not_substantial_action():
    h = stud_hand(rules="tda-2024")
    act_passively(h)                               # the bring-in
    act_passively(h)                               # one call: one action in turn
    r = h.deal_error("wrong-count", player=0)
    assert (r.decision, r.rule) == ("misdeal", "TDA 35-A5")
    h = stud_hand(rules="tda-2024")
    for _ in range(3):                             # bring-in, call, call: two actions with chips
        act_passively(h)
    r = h.deal_error("wrong-count", player=h.actor)
    assert (r.decision, r.rule) == ("dead", "TDA 38") and not h.voided


def test_club_80_4_stud_action_is_two_players_after_the_forced_bet():
    h = stud_hand(rules=CLUB)
    act_passively(h)                               # the bring-in does not count
    act_passively(h)
    assert h.deal_error("two-exposed").decision == "misdeal"
    h = stud_hand(rules=CLUB)
    for _ in range(3):
        act_passively(h)
    r = h.deal_error("two-exposed")
    assert (r.decision, r.rule) == ("play-on", "club 80.4") and not h.done


def test_stud_is_dealt_without_a_button_its_causes_are_refused():
    h = stud_hand()
    with pytest.raises(IllegalAction):
        h.deal_error("button-short", player=2)
    with pytest.raises(IllegalAction):
        h.deal_error("button-wrong")
    assert not h.done


def test_ifp_63_tda_35_e_a_fouled_deck_voids_a_mixed_hand_after_substantial_action():
    for rules, rule in (("ifp-2012", "IFP 63c"), ("tda-2024", "TDA 35-E")):
        h = MixedHand("PO", [1000] * 3, rules=rules, rng=random.Random(5), **DRAW)
        for _ in range(3):
            h.check_call()
        assert h.fouled_deck().rule == rule
        assert h.voided and h.stacks == h.starting and same_as_replay(h)


# --- dead hands and the clock ---------------------------------------------------------------------

@pytest.mark.parametrize("rules, rule", [("ifp-2012", "IFP 27"), ("wpa", "WPA 31"),
                                         ("tda-2024", "TDA 65-A")])
def test_killed_stud_hand_an_uncalled_raise_is_returned(rules, rule):
    h = stud_hand(rules=rules, stacks=(1000, 1000, 1000, 1000))
    act_passively(h)                               # bring-in
    raiser = h.actor
    h.raise_to(h.legal_actions()["min_raise_to"])  # the completion
    stack = h.stacks[raiser]
    r = h.kill_hand(raiser)
    assert (r.decision, r.rule) == ("dead", rule)
    assert h.status[raiser] == 2
    assert h.stacks[raiser] > stack                # his uncalled completion back
    assert h.current == h.bring_in                 # the others face the bring-in again
    assert same_as_replay(h)
    while not h.done:
        act_passively(h)
    assert sum(h.stacks) == 4000


def test_tda_rp_10_the_bring_in_is_posted_before_a_hand_is_killed():
    h = stud_hand()
    with pytest.raises(IllegalAction):
        h.kill_hand(h.actor)
    assert not h.done


def test_ifp_27_killed_omaha_hand_last_live_hand_wins():
    h = MixedHand("PO", [1000, 1000], rules="ifp-2012", rng=random.Random(5),
                  blinds=[10, 5], min_bet=10)
    h.check_call()
    r = h.kill_hand(h.actor)
    assert r.rule == "IFP 27" and h.done and sum(h.stacks) == 2000
    assert same_as_replay(h)


def test_killed_draw_hand_during_the_draw():
    h = MixedHand("F2L3D", [1000] * 3, rules="ifp-2012", rng=random.Random(8), **DRAW)
    while h.phase != "drawing":
        h.check_call()
    waiting = [p for p in range(3) if p != h.actor][0]
    h.kill_hand(waiting)
    while h.phase == "drawing":
        h.discard([])
    assert h.phase == "betting" and h.status[waiting] == 2
    assert same_as_replay(h)


@pytest.mark.parametrize("rules, facing, decision, rule", [
    ("ifp-2012", False, "dead", "IFP 55"), ("tda-2024", False, "checked", "TDA 29"),
    ("tda-2024", True, "dead", "TDA 29")])
def test_clock_expired_in_razz(rules, facing, decision, rule):
    h = stud_hand(rules=rules, variant="FR")
    for _ in range(4):
        act_passively(h)                           # third street: bring-in and calls
    if facing:
        h.raise_to(h.legal_actions()["min_raise_to"])
    p = h.actor
    r = h.clock_expired()
    assert (r.decision, r.rule) == (decision, rule)
    assert h.status[p] == (0 if decision == "checked" else 2)
    assert same_as_replay(h)


def test_tda_rp_10_a_forced_bring_in_is_not_put_on_the_clock():
    h = stud_hand()
    with pytest.raises(IllegalAction):
        h.clock_expired()


# --- a premature stud card and an exposed downcard, by preset -------------------------------------

@pytest.mark.parametrize("rules, rule", [("ifp-2012", "IFP 1"), ("wpa", "IFP 1")])
def test_tda_rp_5_d_is_the_tdas_a_premature_stud_card_is_the_tds_under_ifp_and_wpa(rules, rule):
    h = stud_hand(rules=rules)
    h.post_bring_in()
    before = h.state()
    with pytest.raises(LeftToDirector) as e:
        h.premature_card()
    assert e.value.rule == rule and h.state() == before


def test_gananda_irregularities_15_premature_stud_cards_do_not_play_the_td_deals_the_street():
    from pokertd.tournament.house import GANANDA_RULES
    h = stud_hand(rules=GANANDA_RULES)
    h.post_bring_in()
    with pytest.raises(LeftToDirector) as e:
        h.premature_card()
    assert e.value.rule == "Gananda: Irregularities 15"


def test_tda_rp_10_a_is_the_tdas_under_ifp_an_exposed_downcard_goes_through_deal_error():
    h = stud_hand(rules="ifp-2012")
    with pytest.raises(IllegalAction) as e:
        h.exposed_downcard(0, h.holes[0][1])
    assert "deal_error" in str(e.value)
    assert h.up[0] == [False, False, True]


# --- board errors in Omaha ---------------------------------------------------------------------

def omaha_hand(rules, seed=21, variant="PO"):
    return MixedHand(variant, [1000] * 3, rules=rules, rng=random.Random(seed), **DRAW)


def test_tda_rp_5_a_premature_omaha_flop_reshuffled_and_dealt_without_another_burn():
    h = omaha_hand("tda-2024")
    h.check_call()                                 # the preflop betting still open
    burn = h._stub[0]
    r = h.board_error("premature", rng=random.Random(1))
    assert r.rule == "TDA RP-5-A" and r.burns == (burn,)
    assert same_as_replay(h)
    while h.street == 0:
        h.check_call()
    assert h.burns == [burn] and h.board == list(r.stub[:3])   # no second burn
    assert cards_of(h) == list(range(52))
    while not h.done:
        h.check_call()
    assert sum(h.stacks) == 3000


@pytest.mark.parametrize("rules", ["ifp-2012", "tda-2024"])
def test_omaha_flop_dealt_without_a_burn_before_action_ifp_appendix_1_tda_39_b(rules):
    h = omaha_hand(rules, variant="FO/8")
    while h.street == 0:
        h.check_call()
    r = h.board_error("no-burn", rng=random.Random(2))
    assert r.rule.startswith("IFP Appendix 1" if rules == "ifp-2012" else "TDA 39-B")
    assert h.board == list(r.board) and h.burns == list(r.burns)
    assert cards_of(h) == list(range(52))
    assert same_as_replay(h)
    with pytest.raises(IllegalAction):
        h.board_error("no-burn")                   # one ruling per street
    while not h.done:
        h.check_call()
    assert sum(h.stacks) == 3000


def test_board_errors_are_for_flop_games_stud_and_draw_are_refused():
    for h in (stud_hand(), MixedHand("F2L3D", [1000] * 3, rng=random.Random(2), **DRAW)):
        before = h.state()
        with pytest.raises(IllegalAction):
            h.board_error("premature")
        assert h.state() == before


# --- absent players ------------------------------------------------------------------------------

def test_tda_30_rp_10_c_absent_stud_hands_killed_at_the_deal_the_bring_in_posted_first():
    low = stud_hand(stacks=(1000,) * 4).actor       # who holds the bring-in card
    other = (low + 2) % 4
    h = stud_hand(stacks=(1000,) * 4, absent=[low, other])
    dead = [e for e in h.events() if e["type"] == "dead"]
    assert [(e["player"], e["rule"]) for e in dead] == [
        (p, "TDA 30, RP-10-C") for p in sorted([low, other])]
    posted = [e for e in h.events() if e["type"] == "acted"]
    assert (posted[0]["player"], posted[0]["action"]) == (low, "bring-in")
    assert h.status[low] == h.status[other] == 2
    assert h.total_pot() == 4 * 2 + 5              # their antes and the bring-in stay in the pot
    while h.street == 0:
        act_passively(h)
    assert len(h.holes[low]) == len(h.holes[other]) == 3   # RP-10-C: no fourth-street card
    assert same_as_replay(h)


def test_ifp_8_absent_stud_player_dealt_in_only_his_all_in_hand_is_mucked():
    h = stud_hand(rules="ifp-2012", stacks=(2, 1000, 1000, 1000), absent=[0, 2])
    assert h.status[0] == 2 and h.status[2] == 0   # all-in for the ante: mucked; 2 plays on
    assert [e["rule"] for e in h.events() if e["type"] == "dead"] == ["IFP 8"]
    assert same_as_replay(h)


def test_tda_30_absent_omaha_big_blind_forfeits_it_to_the_pot():
    h = MixedHand("PO", [1000] * 3, rules="tda-2024", rng=random.Random(5), absent=[1], **DRAW)
    assert h.status[1] == 2 and h.total_pot() == 15
    h.fold()                                       # the button folds: the small blind's pot
    assert h.done and h.stacks == [1000 - 5 + 15, 1000 - 10, 1000]


def test_absent_players_must_be_players_of_the_hand():
    with pytest.raises(ValueError, match="absent player 7"):
        stud_hand(absent=[7])


def test_tda_30_a_simulated_horse_event_with_absent_players_plays_to_a_winner():
    from pokertd.sim import simulate
    r = simulate(9, preset="tda-2024", seed=3, structure="horse", absent=2, check=True)
    assert [x["place"] for x in r.results] == list(range(1, len(r.results) + 1))
    assert r.results[0]["place"] == 1 and r.hands > 0


# --- action out of turn (IFP 26, WPA 33, TDA 53-A, Gananda Betting 7) ----------------------------

def plo4(rules):
    return MixedHand("PO", [1000] * 4, rules=rules, rng=random.Random(9), blinds=[5, 10, 0, 0],
                     min_bet=10)


@pytest.mark.parametrize("rules, rule", [("ifp-2012", "IFP 26"), ("wpa", "WPA 33"),
                                         ("tda-2024", "TDA 53-A")])
def test_omaha_call_out_of_turn_binds_when_the_action_does_not_change(rules, rule):
    h = plo4(rules)
    assert h.actor == 2
    h.out_of_turn(3, "call")
    h.check_call()                                 # player 2 calls: nothing changed
    ruled = [e for e in h.events() if e["type"] == "out_of_turn_ruled"]
    assert [(e["player"], e["ruling"], e["rule"]) for e in ruled] == [(3, "binding", rule)]
    assert h.bets[3] == 10 and h.actor == 0
    assert same_as_replay(h)


def test_ifp_26_a_raise_in_between_releases_the_call_out_of_turn_with_every_option():
    h = plo4("ifp-2012")
    h.out_of_turn(3, "call")
    h.raise_to(30)                                 # player 2 raises: the action changed
    assert h.actor == 3 and h.bets[3] == 0
    assert h.legal_actions()["min_raise_to"] is not None
    assert h.events()[-1]["ruling"] == "released"
    assert same_as_replay(h)


def test_ifp_26_a_fold_out_of_turn_binds_even_after_a_raise():
    h = plo4("ifp-2012")
    h.out_of_turn(3, "fold")
    h.raise_to(30)
    assert h.status[3] == 2 and h.actor == 0
    assert same_as_replay(h)


def test_gananda_betting_7_a_released_call_out_of_turn_may_not_raise():
    from pokertd.tournament.house import GANANDA_RULES
    h = plo4(GANANDA_RULES)
    h.out_of_turn(3, "call")
    h.raise_to(30)
    assert h.actor == 3 and h.legal_actions()["min_raise_to"] is None
    with pytest.raises(IllegalAction) as e:
        h.raise_to(60)
    assert e.value.rule == "Gananda: Betting 7"
    h.check_call()
    assert same_as_replay(h)


def test_tda_53_a_stud_raise_out_of_turn_in_fixed_limit_binds_at_the_one_raise():
    h = stud_hand(stacks=(1000,) * 4)
    with pytest.raises(IllegalAction) as e:
        h.out_of_turn((h.actor + 2) % 4, "call")   # nobody acts before the bring-in
    assert e.value.rule == "TDA RP-10"
    h.post_bring_in()
    nxt, later = h.actor, (h.actor + 1) % 4
    h.out_of_turn(later, "raise")                  # completes to the small bet
    h.check_call()                                 # nxt calls the bring-in: nothing changed
    assert h.bets[later] == 10 and h.aggressor == later
    assert [e["ruling"] for e in h.events() if e["type"] == "out_of_turn_ruled"] == ["binding"]
    assert nxt != later and same_as_replay(h)


# --- bets made with chips and words (IFP 31-39, TDA 40-54) --------------------------------------

@pytest.mark.parametrize("rules, rule", [("ifp-2012", "IFP 34"), ("tda-2024", "TDA 44")])
def test_omaha_single_oversized_chip_without_a_word_is_a_call(rules, rule):
    h = plo4(rules)
    r = h.physical_bet([100])
    assert (r.action, r.total, r.rule) == ("call", 10, rule)
    assert h.bets[2] == 10 and h.actor == 3
    assert [e["type"] for e in h.events()[-2:]] == ["ruled", "acted"]
    assert same_as_replay(h)


@pytest.mark.parametrize("rules, rule", [("ifp-2012", "IFP 39"), ("tda-2024", "TDA 54")])
def test_pot_limit_omaha_a_declared_raise_above_the_pot_is_the_pot(rules, rule):
    h = plo4(rules)
    pot_raise = h.legal_actions()["max_raise_to"]
    r = h.physical_bet([500, 500], "raise 1000")
    assert (r.total, r.rule) == (pot_raise, rule)
    assert h.bets[2] == pot_raise and same_as_replay(h)


def test_ifp_32_physical_bets_are_refused_in_fixed_limit_stud():
    h = stud_hand()
    h.post_bring_in()
    before = h.state()
    with pytest.raises(IllegalAction) as e:
        h.physical_bet([25])
    assert e.value.rule == "IFP 32" and h.state() == before


def test_tda_rp_17_limping_is_allowed_in_single_draw():
    h = MixedHand("N2L1D", [1000] * 3, rules="tda-2024", rng=random.Random(4), **DRAW)
    assert h.legal_actions()["call"] == 10         # the button may just call the big blind
    h.check_call()
    h.check_call()
    h.check_call()                                 # the big blind checks: the draw
    assert h.phase == "drawing" and h.totals == [10, 10, 10]


def test_ifp_64a_the_first_or_second_card_off_the_deck_exposed_in_omaha_is_a_misdeal():
    h = MixedHand("PO", [1000] * 3, rules="ifp-2012", rng=random.Random(5), **DRAW)
    r = h.deal_error("exposed-card", card=h.holes[1][0])    # the second card dealt
    assert (r.situation, r.decision, r.rule) == ("first-card-exposed", "misdeal", "IFP 64a")
    h = MixedHand("PO", [1000] * 3, rules="ifp-2012", rng=random.Random(5), **DRAW)
    assert h.deal_error("exposed-card", card=h.holes[1][1]).decision == "replace"   # IFP 64f


def test_phh_export_refuses_a_mixed_hand_with_a_floor_ruling():
    from pokertd.formats.phh import PHHError
    from pokertd.formats.phh_mixed import export_mixed
    h = to_seventh(stud_hand())
    export_mixed(h)                                # a plain hand exports
    h.seventh_street_exposed(h.actor)
    with pytest.raises(PHHError, match="TDA RP-10-B"):
        export_mixed(h)
    h = stud_hand(rules="ifp-2012")
    h.deal_error("first-card-exposed", card=h.holes[0][0])
    with pytest.raises(PHHError, match="void"):
        export_mixed(h)


def test_ifp_64f_a_card_exposed_after_the_draw_is_refused_and_the_deck_unchanged():
    """IFP 64f replaces an exposed card at the deal, before anyone acts: in a triple draw whose
    players are all in from the blinds, once the first draw has begun the claim is refused and
    the refusal changes nothing (the stub was once completed before the check, counting the
    discards as unseen: cards came twice)."""
    h = MixedHand("F2L3D", [10, 5], rng=random.Random(0), small_bet=10, big_bet=20,
                  blinds=[10, 5], min_bet=10, rules="ifp-2012")
    assert h.legal_actions()["phase"] == "drawing"
    h.discard([c for c in h.holes[h.legal_actions()["player"]] if c is not None][:2])
    before, stub = h.state(), list(h._stub)
    card = [c for c in h.holes[1] if c is not None][-1]
    with pytest.raises(IllegalAction, match="replaced at the deal, before anyone acts"):
        h.deal_error("exposed-card", card=card)
    assert h.state() == before and h._stub == stub
    cards = [c for hole in h.holes for c in hole if c is not None] + h.board + h.burns + \
        h.discards + h.out_of_play + h._stub
    assert len(cards) == len(set(cards))
