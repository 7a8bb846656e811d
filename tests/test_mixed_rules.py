"""The rules of the mixed games in pokertd.engine.mixed, one test per rule, named after it."""

from __future__ import annotations

import pytest

from pokertd.cards import parse_cards
from pokertd.engine import IllegalAction
from pokertd.engine.games import GAMES, game
from pokertd.engine.mixed import MixedHand


def stud(variant, downs_doors, stacks=None, rules=None, antes=10, bring_in=10, small=20, big=40):
    """A stud hand dealt by hand: each player's two down cards and door card."""
    n = len(downs_doors)
    h = MixedHand(variant, stacks or [1000] * n, antes=antes, bring_in=bring_in, small_bet=small,
                  big_bet=big, manual=True, auto_showdown=False, rules=rules)
    for p, cards in enumerate(downs_doors):
        h.deal_hole(p, cards)
    return h


def deal_street(h, cards_by_player):
    for p, c in cards_by_player.items():
        h.deal_hole(p, c)


def omaha(variant, holes, board, stacks=None, rules=None, blinds=(5, 10)):
    n = len(holes)
    bl = list(blinds) + [0] * (n - 2)
    if n == 2:
        bl = bl[::-1]
    h = MixedHand(variant, stacks or [1000] * n, blinds=bl, small_bet=10, big_bet=20, min_bet=10,
                  manual=True, rules=rules)
    for p, c in enumerate(holes):
        h.deal_hole(p, c)
    return h, board


def check_down(h, board_parts):
    """Everybody checks or calls to the end, the board dealt in ``board_parts``."""
    parts = list(board_parts)
    while not h.done:
        if h.phase == "dealing":
            h.deal_board(parts.pop(0))
        else:
            h.check_call()


# ------------------------------------------------------------------ games as data

def test_games_as_data_name_every_street_and_the_phh_codes():
    assert game("FO/8") == (GAMES["O/8"], "fixed-limit")
    assert game("N2L1D")[1] == "no-limit" and game("PO")[1] == "pot-limit"
    s = GAMES["7S"].streets
    assert [(x.down, x.up) for x in s] == [(2, 1), (0, 1), (0, 1), (0, 1), (1, 0)]   # TDA RP-10
    assert [x.big for x in s] == [False, False, True, True, True]
    assert sum(x.draw for x in GAMES["2L3D"].streets) == 3
    with pytest.raises(ValueError, match="unknown game"):
        game("FX")


def test_bad_setups_are_refused_with_what_would_be_right():
    with pytest.raises(ValueError, match="bring-in above zero"):
        MixedHand("F7S", [100, 100], antes=1, bring_in=0, small_bet=10, big_bet=20)
    with pytest.raises(ValueError, match="fixed-limit"):
        MixedHand(GAMES["7S"], [100, 100], structure="no-limit", bring_in=1, min_bet=2)
    with pytest.raises(ValueError, match="2 to 8 players"):
        MixedHand("F7S", [100] * 9, antes=1, bring_in=2, small_bet=10, big_bet=20)


# ------------------------------------------------------------------ stud: bring-in and first to act

def test_tda_rp_10_stud_bring_in_is_the_lowest_door_card_by_suit():
    h = stud("F7S", ["AsKs2d", "AhKh2c", "QsQh5c"])
    assert h.legal_actions()["player"] == 1 and h.legal_actions()["bring_in"]   # 2c below 2d


def test_tda_rp_10_stud_aces_are_high_for_the_bring_in():
    h = stud("F7S", ["KsQs3d", "KhQhAc", "JsJh4c"])
    assert h.actor == 0                                          # 3d, not the Ac


def test_tda_rp_10_razz_bring_in_is_the_highest_door_card_aces_low():
    h = stud("FR", ["2s3sKh", "2h3hKs", "4s5sAc"])
    assert h.actor == 1                                          # Ks above Kh; the ace is low


def test_tda_rp_10_the_bring_in_is_forced_it_cannot_fold_or_check():
    h = stud("F7S", ["AsKs2d", "AhKh9c", "QsQh5c"])
    with pytest.raises(IllegalAction) as e:
        h.fold()
    assert e.value.rule == "TDA RP-10"
    with pytest.raises(IllegalAction):
        h.check_call()
    assert h.actor == 0 and h.stacks == [990, 990, 990]          # unchanged


def test_tda_rp_10_completion_to_the_small_bet_then_raises_by_the_small_bet():
    h = stud("F7S", ["AsKs2d", "AhKh9c", "QsQh5c"])
    h.post_bring_in()
    la = h.legal_actions()
    assert la["player"] == 1 and la["call"] == 10 and la["min_raise_to"] == la["max_raise_to"] == 20
    h.raise_to(20)                                               # the completion
    assert h.events()[-1]["action"] == "complete"
    assert h.legal_actions()["min_raise_to"] == 40
    h.raise_to(40)
    h.raise_to(60, 0)                                            # the bring-in raises on


def test_tda_rp_10_the_bring_in_may_complete_instead():
    h = stud("F7S", ["AsKs2d", "AhKh9c", "QsQh5c"])
    h.raise_to(20)
    assert h.current == 20 and h.raises == 1


def test_tda_rp_10_e_bring_in_all_in_for_the_ante_betting_starts_to_his_left():
    """The low card all-in for the ante: the next player must bet at least the bring-in or
    fold; checking is refused."""
    h = stud("F7S", ["AsKs2d", "AhKh9c", "QsQh5c"], stacks=[10, 1000, 1000])
    assert h.status[0] == 1 and h.actor == 1
    la = h.legal_actions()
    assert la["bring_in"] and la["fold"] and not la["check"]   # not forced on him: he may fold
    with pytest.raises(IllegalAction) as e:
        h.check_call()
    assert e.value.rule == "TDA RP-10-E"
    h.bet_bring_in()
    assert h.bets[1] == 10 and h.actor == 2


def _to_fourth(h):
    h.post_bring_in()
    while h.phase == "betting":
        h.check_call()


def test_tda_rp_10_fourth_street_the_high_hand_showing_acts_first():
    h = stud("F7S", ["AsKs2d", "AhKh9c", "QsQh5c"])
    _to_fourth(h)
    deal_street(h, {0: "2h", 1: "Td", 2: "Jd"})                  # 2d2h: a pair showing
    assert h.phase == "betting" and h.actor == 0


def test_tda_rp_10_d_tied_high_hands_showing_the_high_card_by_suit_acts_first():
    h = stud("F7S", ["AsKs9d", "AhKh9c", "QsQh5c"])
    h.post_bring_in()                                           # 5c brings it in (player 2)
    while h.phase == "betting":
        h.check_call()
    deal_street(h, {0: "Tc", 1: "Ts", 2: "3d"})                  # 9-T twice: the Ts decides
    assert h.actor == 1


def test_tda_rp_10_razz_the_low_hand_showing_acts_first():
    h = stud("FR", ["2s3sKh", "2h3h6s", "4s5s7c"])
    _to_fourth(h)
    deal_street(h, {0: "Qd", 1: "Ad", 2: "8c"})                  # 6-A is the best low showing
    assert h.actor == 1


def test_tda_rp_10_f_no_double_bet_on_fourth_street_for_a_pair_showing():
    h = stud("F7S", ["AsKs2d", "AhKh9c", "QsQh5c"])
    _to_fourth(h)
    deal_street(h, {0: "2h", 1: "Td", 2: "Jd"})
    la = h.legal_actions()
    assert la["min_raise_to"] == la["max_raise_to"] == 20         # the small bet, not the big


def test_stud_big_bets_from_fifth_street():
    h = stud("F7S", ["AsKs2d", "AhKh9c", "QsQh5c"])
    _to_fourth(h)
    deal_street(h, {0: "2h", 1: "Td", 2: "Jd"})
    while h.phase == "betting":
        h.check_call()
    deal_street(h, {0: "3h", 1: "4d", 2: "6d"})
    assert h.legal_actions()["min_raise_to"] == 40


# ------------------------------------------------------------------ fixed-limit cap

@pytest.mark.parametrize("preset,rule", [("ifp-2012", "IFP 33"), ("wpa", "WPA 22"), ("tda-2024", "TDA 48")])
def test_limit_cap_one_bet_and_three_raises(preset, rule):
    h = stud("F7S", ["AsKs2d", "AhKh9c", "QsQh5c"], rules=preset)
    h.post_bring_in()
    h.raise_to(20)             # the completion is the bet
    h.raise_to(40)
    h.raise_to(60)
    h.raise_to(80)             # the third raise
    assert h.legal_actions()["min_raise_to"] is None
    with pytest.raises(IllegalAction) as e:
        h.raise_to(100)
    assert e.value.rule == rule


def test_ifp_33_the_cap_is_lifted_when_the_tournament_is_heads_up():
    h = MixedHand("FO/8", [1000, 1000], blinds=[10, 5], small_bet=10, big_bet=20,
                  heads_up_tournament=True, manual=True)
    h.deal_hole(0, "AsKs2d3d")
    h.deal_hole(1, "AhKh2c3c")
    for to in (20, 30, 40, 50, 60):
        h.raise_to(to)
    assert h.legal_actions()["min_raise_to"] == 70


# ------------------------------------------------------------------ pot limit, blinds, antes

def test_ifp_39_pot_limit_omaha_raises_to_at_most_the_pot_after_calling():
    h, _ = omaha("PO", ["AsKs2d3d", "AhKh2c3c", "QsQh5c6c"], "")
    # First to act faces 10: call 10 and raise the pot then (5 + 10 + 10) = 35 in all.
    assert h.actor == 2 and h.legal_actions()["max_raise_to"] == 35


def test_tda_rp_11_big_blind_ante_is_posted_after_the_big_blind():
    h = MixedHand("N2L1D", [1000, 12, 1000], blinds=[5, 10, 0], antes=[0, 10, 0], bb_ante=True,
                  min_bet=10)
    posts = [(e["player"], e["kind"], e["amount"]) for e in h.events() if e["type"] == "posted"]
    assert posts == [(0, "small_blind", 5), (1, "big_blind", 10), (1, "big_blind_ante", 2)]


# ------------------------------------------------------------------ showdown order

@pytest.mark.parametrize("preset", ["ifp-2012", "wpa", "tda-2024"])
def test_ifp_42_wpa_38_tda_17_stud_high_board_shows_first(preset):
    h = stud("F7S", ["AsKs2d", "AhKh9c", "QsQh5c"], rules=preset)
    h.post_bring_in()
    while not h.done and h.phase != "showdown":
        if h.phase == "dealing":
            p = min(h._pending)
            h.deal_hole(p, {0: ["Jc", "8h", "7d", "3s"], 1: ["Tc", "8d", "7c", "4h"],
                            2: ["9h", "9d", "7h", "6s"]}[p][h.street - 1])
        else:
            h.check_call()
    assert h.actor == 2                                          # Qh 5c 9h 9d showing: the pair


def test_ifp_42_razz_lowest_board_shows_first():
    h = stud("FR", ["2s3sKh", "2h3h6s", "4s5s7c"])
    h.post_bring_in()
    cards = {0: ["Qd", "Jd", "Td", "9s"], 1: ["Ad", "8d", "5c", "4c"], 2: ["8c", "9h", "Th", "Jh"]}
    while h.phase != "showdown":
        if h.phase == "dealing":
            p = min(h._pending)
            h.deal_hole(p, cards[p][h.street - 1])
        else:
            h.check_call()
    assert h.actor == 1


def test_ifp_42_the_last_aggressor_shows_first():
    h, board = omaha("FO/8", ["AsKs2d3d", "AhKh2c3c", "QsQh5c6c"], "")
    h.auto_showdown = False
    parts = ["7d8h9s", "Td", "Jc"]
    while h.phase != "showdown":
        if h.phase == "dealing":
            h.deal_board(parts.pop(0))
        elif h.street == 3 and h.actor == 1 and h.current == 0:
            h.raise_to(20)
        else:
            h.check_call()
    assert h.actor == 1


# ------------------------------------------------------------------ splitting the pot

@pytest.mark.parametrize("preset,rule", [("ifp-2012", "IFP 50"), ("wpa", "WPA 15"), ("tda-2024", "TDA 20-C")])
def test_hi_lo_halves_and_the_odd_chip_goes_to_the_high_hand(preset, rule):
    """IFP 50 / WPA 15 / TDA 20-C: the pot is halved between the best high and the best
    qualifying low; an odd chip goes to the high half."""
    h = MixedHand("FO/8", [105, 1000, 1000], blinds=[5, 10, 0], small_bet=10, big_bet=20,
                  antes=[1, 0, 0], manual=True, rules=preset)
    h.deal_hole(0, "KsKdQcJh")          # high: three kings
    h.deal_hole(1, "As2d9c9h")          # low: 8-7-3-2-A with the board
    h.deal_hole(2, "TcTd9s9d")
    check_down(h, ["Kh3c7s", "8h", "Qs"])
    assert h.total_pot() == 31
    assert h.winnings[0] == 16 and h.winnings[1] == 15            # the odd chip high


def test_hi_lo_without_a_qualifying_low_the_high_hand_scoops():
    h, _ = omaha("FO/8", ["KsKdQcJh", "As2d9c9h", "TcTd8c8d"], "")
    check_down(h, ["KhQd9s", "2h", "Js"])                     # one low card on the board
    assert h.winnings == [0, 0, 30]                              # Q-J-T-9-8 takes it all


def test_quartered_pot_two_equal_lows_share_the_low_half():
    """Omaha hi-lo: two players hold the same low and split the low half; the high hand
    takes the other half: each low gets a quarter."""
    h, _ = omaha("FO/8", ["As2d9c9h", "Ah2c9d9s", "KsKdQcJh"], "")
    check_down(h, ["Kh3c4s", "7d", "Qs"])
    assert h.winnings == [8, 7, 15]     # 30: high 15; low 15 split 8 / 7, odd chip left of the button


def test_tda_20_a_flop_game_odd_chip_first_left_of_the_button():
    h, _ = omaha("FO/8", ["As2d9c9h", "Ah2c9d9s", "KsKdQcJh"], "", rules="tda-2024")
    check_down(h, ["Kh3c4s", "7d", "Qs"])
    assert h.winnings[0] == 8


@pytest.mark.parametrize("preset,rule", [("ifp-2012", "IFP 50"), ("wpa", "WPA 15"), ("tda-2024", "TDA 20-B")])
def test_stud_odd_chip_goes_to_the_high_card_by_suit(preset, rule):
    """Two equal stud hands: the odd chip goes to the one whose five-card hand has the high
    card by suit (here the As over the Ah)."""
    h = stud("F7S", ["As9c3c", "Ah9d2d", "QsQh5c"], antes=1, bring_in=1, small=10, big=20,
             rules=preset)
    h.post_bring_in(1)                                          # the 2d brings it in
    h.fold(2)                                                   # the queens fold
    h.check_call(0)
    cards = {0: ["Kc", "Jd", "8s", "4h"], 1: ["Kd", "Jc", "8h", "4d"]}
    while not h.done:
        if h.phase == "dealing":
            p = min(h._pending)
            h.deal_hole(p, cards[p][h.street - 1])
        elif h.phase == "showdown":
            h.show()
        else:
            h.check_call()
    # Pot: antes 3 + bring-in calls 1 + 1 = 5; A-K-J-9-8 each: 3 to the As, 2 to the Ah.
    assert h.winnings[0] == 3 and h.winnings[1] == 2


def test_razz_the_best_low_wins_and_pairs_are_bad():
    h = stud("FR", ["2s3sKh", "2h3h6s", "4s5s7c"])
    h.post_bring_in()
    cards = {0: ["Kd", "Jd", "Td", "9s"], 1: ["Ad", "8d", "5c", "4c"], 2: ["8c", "9h", "Th", "Jh"]}
    while not h.done:
        if h.phase == "dealing":
            p = min(h._pending)
            h.deal_hole(p, cards[p][h.street - 1])
        elif h.phase == "showdown":
            h.show()
        else:
            h.check_call()
    assert h.winnings[1] == h.total_pot() and h.stacks[1] > 1000


def test_stud_hi_lo_an_eight_low_shares_with_the_high():
    h = stud("F7S/8", ["As2s3h", "KhKd9c", "QsQh5c"])
    h.post_bring_in()                                             # 3h brings it in
    cards = {0: ["4d", "8c", "Jd", "Js"], 1: ["Kc", "Td", "Tc", "2d"], 2: ["9h", "9d", "7h", "6s"]}
    while not h.done:
        if h.phase == "dealing":
            p = min(h._pending)
            h.deal_hole(p, cards[p][h.street - 1])
        elif h.phase == "showdown":
            h.show()
        else:
            h.check_call()
    pot = 3 * 10 + 3 * 10
    assert h.winnings[1] == pot // 2 and h.winnings[0] == pot // 2     # kings full / 8-4-3-2-A


# ------------------------------------------------------------------ draw

def test_deuce_to_seven_draw_discards_and_replacements():
    h = MixedHand("N2L1D", [1000, 1000, 1000], blinds=[5, 10, 0], min_bet=10, manual=True,
                  auto_showdown=False)
    for p, c in enumerate(["7s5d4c3h2s", "KsKd9c8h2d", "Ah6d5c4d3d"]):
        h.deal_hole(p, c)
    while h.phase == "betting":
        h.check_call()
    assert h.phase == "drawing" and h.actor == 0                 # the first left of the button
    h.discard()                                                  # stands pat
    h.discard("KsKd", 1)
    with pytest.raises(IllegalAction):
        h.discard("As", 2)                                        # not his card: refused
    h.discard("Ah", 2)
    h.deal_hole(1, "6s3s")
    h.deal_hole(2, "8c")
    assert h.phase == "betting" and sorted(h.holes[2]) == sorted(parse_cards("8c6d5c4d3d"))
    while h.phase == "betting":
        h.check_call()
    h.finish_showdown()
    assert h.winnings[0] == 30                                    # 7-5-4-3-2: the nuts


def test_triple_draw_small_bets_then_big_bets():
    h = MixedHand("F2L3D", [1000, 1000], blinds=[10, 5], small_bet=10, big_bet=20, seed=1)
    sizes = {}
    while not h.done:
        la = h.legal_actions()
        if la["phase"] == "drawing":
            h.discard()
        elif la["phase"] == "betting":
            if h.current == 0 and la["min_raise_to"]:
                sizes[h.street] = la["min_raise_to"]
            h.check_call()
        else:
            h.show()
    assert sizes == {1: 10, 2: 20, 3: 20}     # after the first draw small, then big


def test_draw_reshuffle_when_the_stub_runs_out_never_deals_a_player_his_own_discards():
    """TDA 35-A leaves draw games to the house; the stub's last card is not dealt, and the
    discards and burns are shuffled face down (TDA 39-D) into a new stub."""
    h = MixedHand("F2L3D", [1000] * 6, blinds=[5, 10, 0, 0, 0, 0], small_bet=10, big_bet=20, seed=3)
    own: dict[int, set[int]] = {}
    while not h.done:
        la = h.legal_actions()
        if la["phase"] == "drawing":
            p = la["player"]
            thrown = list(h.holes[p])
            h.discard(thrown)
            assert not set(h.holes[p]) & set(thrown)
            own[p] = set(thrown)
        elif la["phase"] == "betting":
            h.check_call()
        else:
            h.show()
        live = [c for hole in h.holes for c in hole]
        assert len(live) == len(set(live))
    assert any(e["type"] == "reshuffled" for e in h.events())
    assert sum(h.stacks) == 6000


# ------------------------------------------------------------------ the seventh-street short stub

def _stud_to_the_end(h):
    while not h.done:
        la = h.legal_actions()
        if la.get("bring_in"):
            h.post_bring_in()
        elif la["phase"] == "showdown":
            h.show()
        else:
            h.check_call()


def test_tda_rp_10_h_short_stub_community_card_for_eight_players():
    """Eight players to seventh street leave one card: with the three prior burns too few,
    it is scrambled with them, a card burned and one community card dealt (RP-10-H C)."""
    h = MixedHand("F7S", [1000] * 8, antes=1, bring_in=2, small_bet=10, big_bet=20, seed=5)
    _stud_to_the_end(h)
    assert len(h.board) == 1 and all(len(x) == 6 for x in h.holes)
    assert any(e.get("rule") == "TDA RP-10-H" for e in h.events())


def test_tda_rp_10_h_short_stub_prior_burns_complete_seventh_street():
    """Seven players leave seven cards, two short of seven cards, a burn and an undealt
    card: the three prior burns make it up (RP-10-H A), and everyone gets a seventh card."""
    h = MixedHand("F7S", [1000] * 7, antes=1, bring_in=2, small_bet=10, big_bet=20, seed=5)
    _stud_to_the_end(h)
    assert not h.board and all(len(x) == 7 for x in h.holes)
    cards = [c for x in h.holes for c in x]
    assert len(set(cards)) == 49


@pytest.mark.parametrize("players", [2, 4, 6])
def test_tda_rp_10_h_six_or_fewer_players_never_meet_a_short_stub(players):
    """A deck holds seven cards each for six players, the four burns and an undealt last card
    to spare: the short-stub procedure is for seven and eight players only."""
    h = MixedHand("F7S", [1000] * players, antes=1, bring_in=2, small_bet=10, big_bet=20, seed=5)
    _stud_to_the_end(h)
    assert not h.board and all(len(x) == 7 for x in h.holes)
    assert not any(e.get("rule") == "TDA RP-10-H" for e in h.events())
    assert len(h.burns) == 4


# ------------------------------------------------------------------ hold'em: the same betting

def test_mixed_engine_plays_holdem_as_the_holdem_engine_does():
    """The shared betting core: the same deck and the same actions give the same chips."""
    import random
    from pokertd.engine import Hand
    rng = random.Random(2)
    for k in range(200):
        n = rng.randint(2, 6)
        stacks = [rng.randint(5, 400) for _ in range(n)]
        deck = rng.sample(range(52), 52)
        fl = k % 2 == 1
        blinds = [5, 10] + [0] * (n - 2) if n > 2 else [10, 5]
        a = Hand(stacks, (5, 10), deck=deck, structure="fixed-limit" if fl else "no-limit")
        b = MixedHand("FT" if fl else "NT", stacks, blinds=blinds, deck=deck, small_bet=10,
                      big_bet=20, min_bet=10)
        while not a.done:
            la = a.legal_actions()
            r = rng.random()
            if la.min_raise_to is not None and r < 0.3:
                to = rng.randint(la.min_raise_to, la.max_raise_to)
                assert b.legal_actions()["min_raise_to"] <= to <= b.legal_actions()["max_raise_to"]
                a.raise_to(to)
                b.raise_to(to)
            elif la.call and r < 0.45:
                a.fold()
                b.fold()
            else:
                a.check_call()
                b.check_call()
        assert b.done and b.stacks == a.stacks, (k, a.stacks, b.stacks)


# ------------------------------------------------------------------ stud irregularities

@pytest.mark.parametrize("preset,rule", [("ifp-2012", "IFP 53"), ("tda-2024", "TDA 66")])
def test_upcards_picked_up_facing_action_kill_the_hand(preset, rule):
    h = stud("F7S", ["AsKs2d", "AhKh9c", "QsQh5c"], rules=preset)
    h.post_bring_in()
    h.raise_to(20)                                      # player 1 completes
    assert h.upcards_picked_up(0) == "live"             # not his turn: nothing is ruled
    assert h.upcards_picked_up(2) == "dead"             # facing the completion
    assert h.status[2] == 2 and h.actor == 0
    assert [e for e in h.events() if e["type"] == "killed"] == [
        {"type": "killed", "player": 2, "rule": rule}]
    assert MixedHand.replay(h.events()).state() == h.state()


def test_tda_rp_5_d_premature_stud_card_returned_and_the_stub_reshuffled():
    h = MixedHand("F7S", [1000] * 3, antes=10, bring_in=10, small_bet=20, big_bet=40, seed=8,
                  rules="tda-2024")
    h.post_bring_in()
    before = list(h._stub)
    h.premature_card()                                  # fourth street turned too soon
    h.check_call()
    h.check_call()
    burned = [e for e in h.events() if e["type"] == "burned"]
    assert len(burned) == 1 and h.street == 1           # no second burn for fourth street
    assert sorted(h._stub + [c for x in h.holes for c in x[3:]]) == sorted(before[1:])
    assert any(e.get("rule") == "TDA RP-5-D" for e in h.events())


def test_tda_rp_10_a_an_exposed_downcard_becomes_the_upcard_and_may_bring_in():
    h = stud("F7S", ["AsKs9d", "Ah2cKh", "QsQh5c"], rules="tda-2024")
    assert h.actor == 2                                 # 5c is the lowest upcard
    h.exposed_downcard(1, "2c")
    assert h.up[1] == [False, True, False] and h.actor == 1   # now the 2c brings it in
    with pytest.raises(IllegalAction) as e:
        h.exposed_downcard(1, "As")
    assert e.value.rule == "TDA RP-10-A"
    h.post_bring_in()
    assert MixedHand.replay(h.events()).state() == h.state()


def test_a_house_rule_set_travels_with_the_events():
    """Gananda: Showdown 7 (largest stacks' pot first) is a house field: the events keep the
    whole rule set, so the replay settles the pots the same way."""
    import json
    import random
    from pokertd.bots.mixed import play_random
    from pokertd.tournament.house import GANANDA_RULES
    h = MixedHand("FO/8", [300, 800, 1500, 2000], blinds=[5, 10, 0, 0], small_bet=10, big_bet=20,
                  rules=GANANDA_RULES, seed=9)
    play_random(h, random.Random(9))
    events = json.loads(json.dumps(h.events()))
    again = MixedHand.replay(events)
    assert again.rules == GANANDA_RULES and again.state() == h.state()


def test_the_best_low_of_seven_is_the_best_of_every_five():
    """The engine's shortcut (five different ranks: the five lowest) against every five."""
    import itertools
    import random
    from pokertd.engine.mixed import _best_low
    from pokertd.evaluator.lowball import _low5
    rng = random.Random(12)
    for _ in range(3000):
        cards = rng.sample(range(52), rng.choice((5, 6, 7)))
        assert _best_low(cards) == max(_low5(f) for f in itertools.combinations(cards, 5))
