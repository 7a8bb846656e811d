"""The engine applies the floor's rulings to a dealt hand: misdeals void it and it is redealt with
the button where it was, exposed, extra and boxed cards are handled on the deck as the book says,
board errors leave the cards the book says, fouled decks void the hand, hands are made dead, the
clock runs out; every irregularity replays from the event log and PHH export refuses it."""

import random

import pytest

from pokertd.cards import CARDS
from pokertd.engine import Hand, IllegalAction, replay
from pokertd.formats.phh import PHHError, export_hand
from pokertd.rules.declarations import LeftToDirector
from pokertd.tournament.house import GANANDA_RULES

N = 4


def hand(rules="ifp-2012", seed=11, **kw):
    return Hand([1000] * N, (5, 10), rules=rules, seed=seed, **kw)


def text(c):
    return str(CARDS[c])


def check_all(h, times=N):
    for _ in range(times):
        h.check_call()


def same_after_replay(h):
    assert replay(h.events()).state() == h.state()


# --- misdeals ------------------------------------------------------------------------------

def test_ifp_64a_first_card_exposed_voids_the_hand_every_chip_back():
    h = hand()
    h.raise_to(40)                                   # one action: not substantial (IFP 29)
    r = h.deal_error("exposed-card", card=text(h.holes[0][0]))
    assert (r.decision, r.rule) == ("misdeal", "IFP 64a")
    assert h.is_complete and h.stacks == [1000] * N and h.total_pot == 0
    ev = h.events()
    assert ev[-2] == {"type": "voided", "cause": "first-card-exposed", "rule": "IFP 64a"}
    same_after_replay(h)


def test_tda_35_c_redeal_is_an_exact_replay_button_and_blinds_unchanged():
    h = Hand.at_table([1000, None, 800, 1200, 900], button=3, blinds=(5, 10), rules="tda-2024",
                      seed=2)
    h.deal_error("player-dealt-out")
    again = h.redeal(seed=5)
    assert again.seats == h.seats and again.button_seat == h.button_seat == 3
    assert again.config() == h.config()
    assert again.events()[1:3] == h.events()[1:3]      # the same blinds posted by the same players
    assert h.stacks == h.starting                      # the misdeal gave every chip back
    assert again.holes != h.holes


def test_ifp_64_no_misdeal_after_substantial_action_hand_plays_on():
    h = hand()
    h.fold()
    h.check_call()                                   # two actions, one with chips (IFP 29)
    before = h.state()
    r = h.deal_error("two-exposed")
    assert (r.decision, r.rule) == ("play-on", "IFP 64")
    assert not h.is_complete
    assert {k: v for k, v in h.state().items() if k != "legal"} == \
        {k: v for k, v in before.items() if k != "legal"}
    same_after_replay(h)


def test_gananda_holdem_irregularities_1_exposed_card_replaced_the_flop_unchanged():
    """The exposed card is replaced by the top card and becomes the burn: the board is the one
    the deck held without the error."""
    plain = hand(GANANDA_RULES)
    h = hand(GANANDA_RULES)
    exposed = h.holes[2][1]
    top = h._deck[2 * N]
    r = h.deal_error("exposed-card", card=text(exposed))
    assert r.decision == "replace"
    assert h.holes[2] == (plain.holes[2][0], top)
    check_all(h)
    check_all(plain)
    assert h.burns == [exposed] and h.board == plain.board
    same_after_replay(h)


def test_gananda_holdem_irregularities_2_extra_card_is_the_burn_tda_35_a5_misdeal():
    h = hand(GANANDA_RULES)
    plain = hand(GANANDA_RULES)
    assert h.deal_error("extra-card").decision == "burn"
    check_all(h)
    check_all(plain)
    assert h.board == plain.board and h.burns == plain.burns
    t = hand("tda-2024")
    assert t.deal_error("extra-card").rule == "TDA 35-A5" and t.is_complete


def test_gananda_irregularities_7_boxed_card_in_the_stub_next_card_takes_its_place():
    h = hand(GANANDA_RULES, rng=None)
    d = list(h._deck)
    boxed = d[2 * N + 1]                               # the first flop card, face up in the deck
    h.deal_error("boxed-card", card=text(boxed), rng=random.Random(3))
    check_all(h)
    assert h.burns == [d[2 * N]] and h.board == d[2 * N + 2:2 * N + 5]
    assert boxed in h._floor.mucked and boxed not in h.board
    same_after_replay(h)


def test_ifp_64c_one_boxed_card_left_to_the_director_hand_unchanged():
    h = hand()
    before = h.state()
    with pytest.raises(LeftToDirector) as exc:
        h.deal_error("boxed-card", card=text(h._deck[2 * N + 1]))
    assert exc.value.rule == "IFP 1"
    assert h.state() == before


def test_tda_35_e_fouled_deck_void_even_after_substantial_action():
    h = hand("tda-2024")
    h.raise_to(30)
    h.check_call()
    h.check_call()
    r = h.fouled_deck("duplicate")
    assert (r.decision, r.rule) == ("void", "TDA 35-E")
    assert h.stacks == [1000] * N and h.is_complete
    same_after_replay(h)


def test_deal_error_refuses_a_card_not_dealt_to_a_player():
    h = hand()
    with pytest.raises(IllegalAction, match="not a hole card"):
        h.deal_error("exposed-card", card=text(h._deck[2 * N + 3]))
    with pytest.raises(IllegalAction, match="not a card"):
        h.deal_error("exposed-card", card="Zz")


# --- board errors -----------------------------------------------------------------------------

def test_ifp_appendix_1_no_flop_burn_after_action_flop_stands_turn_as_it_would_have_come():
    plain = hand()
    h = hand()
    d = list(h._deck)
    check_all(h)
    check_all(plain)
    h.check_call()                                    # a player has acted on the flop
    r = h.board_error("no-burn")
    assert (r.decision, r.rule) == ("stands", "IFP Appendix 1 i")
    assert h.board == d[2 * N:2 * N + 3] and h.burns == []
    logged = h.events()[-1]["data"]
    assert logged["dealt"] == {"burns": [], "board": [text(c) for c in d[2 * N:2 * N + 3]]}
    check_all(h, N - 1)
    check_all(plain)
    assert h.board[3] == plain.board[3]                # two burns: the turn that would have come
    assert h.burns == d[2 * N + 3:2 * N + 5]
    same_after_replay(h)


def test_tda_rp_5_b_premature_turn_burn_stands_turn_from_the_reshuffled_stub_no_burn():
    h = hand("tda-2024")
    check_all(h)
    h.check_call()                                    # the flop's betting not complete
    burn, premature = h._deck[h._deck_pos:h._deck_pos + 2]
    r = h.board_error("premature", rng=random.Random(4))
    assert r.rule == "TDA RP-5-B"
    assert h.burns[-1] == burn and premature in h._deck[h._deck_pos:]   # back in the stub
    check_all(h, N - 1)
    assert len(h.board) == 4 and len(h.burns) == 2    # no second burn for the turn
    same_after_replay(h)


def test_gananda_holdem_irregularities_3_premature_flop_redealt_with_a_burn():
    h = hand(GANANDA_RULES)
    h.check_call()
    r = h.board_error("premature", rng=random.Random(9))
    assert r.rule == "Gananda: Holdem Irregularities 3, 7"
    check_all(h, N - 1)
    assert len(h.board) == 3 and len(h.burns) == 1
    same_after_replay(h)


def test_tda_39_a_four_card_flop_scrambled():
    h = hand("tda-2024")
    check_all(h)
    d = list(h._deck)
    h.board_error("extra-card", rng=random.Random(1))
    assert set(h.board) | {h.burns[1]} == set(d[2 * N + 1:2 * N + 5])
    check_all(h)
    assert h.board[3] == d[2 * N + 5] and len(h.burns) == 2
    same_after_replay(h)


def test_tda_turn_missed_burn_left_to_the_director_hand_unchanged():
    h = hand("tda-2024")
    check_all(h)
    check_all(h)
    before = h.state()
    with pytest.raises(LeftToDirector):
        h.board_error("no-burn")
    assert h.state() == before


def test_board_error_refused_before_the_flop():
    with pytest.raises(IllegalAction, match="no board card"):
        hand().board_error("no-burn")


# --- dead hands and the clock -----------------------------------------------------------------

def test_ifp_27_killed_raiser_uncalled_raise_returned():
    h = hand()
    h.raise_to(100)                                   # player 2 (first to act pre-flop) raises
    raiser = 2
    r = h.kill_hand(raiser)
    assert (r.decision, r.rule) == ("dead", "IFP 27")
    # the raise beyond the big blind's 10 is returned; the 10 calling the blind stays
    assert h.stacks[raiser] == 990 and h.bets[raiser] == 10
    assert h.status[raiser] == 2
    same_after_replay(h)


def test_tda_65_a_killed_caller_no_refund_of_called_bets():
    h = hand("tda-2024")
    h.raise_to(100)
    h.check_call()                                    # player 3 calls 100
    h.kill_hand(3)
    assert h.stacks[3] == 900 and h.bets[3] == 100    # his call stays in the pot
    while not h.is_complete:
        h.check_call()
    assert sum(h.stacks) == 4000
    same_after_replay(h)


def test_tda_38_wrong_cards_after_sa_dead_one_burn_off_the_stub():
    h = hand("tda-2024")
    d = list(h._deck)
    h.fold()
    h.check_call()                                    # substantial action (TDA 36)
    r = h.kill_hand(0, "wrong-cards", extra_cards=1)  # the small blind held three cards
    assert r.rule == "TDA 38"
    h.check_call()
    assert h.burns == [d[2 * N + 1]]                  # one burn, off the stub as it is
    assert h.board == d[2 * N + 2:2 * N + 5]
    same_after_replay(h)


def test_ifp_wrong_cards_after_sa_left_to_the_director():
    h = hand()
    h.fold()
    h.check_call()
    with pytest.raises(LeftToDirector):
        h.kill_hand(0, "wrong-cards")


def test_wrong_cards_before_sa_is_a_misdeal_not_a_dead_hand():
    with pytest.raises(IllegalAction, match="misdeal"):
        hand("tda-2024").kill_hand(0, "wrong-cards")


def test_tda_29_clock_not_facing_a_bet_checked_ifp_55_dead():
    t = hand("tda-2024")
    check_all(t)
    actor = t.player_to_act
    assert t.clock_expired().decision == "checked"
    assert t.status[actor] == 0 and t.player_to_act != actor
    same_after_replay(t)
    i = hand()
    check_all(i)
    actor = i.player_to_act
    assert i.clock_expired().rule == "IFP 55"
    assert i.status[actor] == 2
    same_after_replay(i)


def test_phh_export_refuses_a_hand_with_an_irregularity():
    h = hand()
    h.deal_error("button-wrong")
    with pytest.raises(PHHError, match="floor's rulings"):
        export_hand(h)


def test_copy_keeps_the_floor_state_apart():
    h = hand()
    check_all(h)
    h.check_call()
    h.board_error("no-burn")
    c = h.copy()
    check_all(c, N - 1)
    assert len(c.burns) == 2 and len(h.burns) == 0    # two burns before the copy's turn only


def test_tda_37_button_dealt_too_few_gets_his_card_dead_after_acting():
    h = hand("tda-2024")
    assert h.deal_error("button-short", player=N - 1).decision == "complete"
    assert not h.is_complete
    t = hand("tda-2024")
    t.check_call()
    t.check_call()                                    # the button (player 3) calls
    r = t.deal_error("button-short", player=N - 1)
    assert (r.decision, r.rule) == ("dead", "TDA 37") and t.status[N - 1] == 2
    assert t.stacks[N - 1] == 990                     # his call stays in the pot
    same_after_replay(t)
    with pytest.raises(IllegalAction, match="the button is player 3"):
        hand("tda-2024").deal_error("button-short", player=0)


def test_ifp_27_hand_dealt_by_hand_killed_between_streets_last_hand_wins():
    """IFP 27 and IFP 44: the dealer kills a hand while the flop is to be dealt; the last live
    hand takes the pot without a showdown."""
    h = Hand([1000, 1000], (5, 10), manual=True)
    h.deal_hole(0, "AhKh")
    h.deal_hole(1, "2c2d")
    h.check_call()
    h.check_call()                                    # the flop is to be dealt
    h.kill_hand(0)
    assert h.is_complete and h.stacks == [990, 1010]
    same_after_replay(h)


def test_gananda_irregularities_8_joker_after_acting_dead_hand_in_the_engine():
    h = hand(GANANDA_RULES)
    h.check_call()                                    # player 2 acted holding a joker
    r = h.deal_error("non-standard-card", player=2)
    assert r.decision == "dead" and h.status[2] == 2
    same_after_replay(h)
    t = hand("tda-2024")
    assert t.deal_error("non-standard-card", player=1).decision == "misdeal" and t.is_complete


def test_tda_rp_4_stub_dropped_mixed_with_the_burns_scrambled_together():
    h = hand("tda-2024")
    check_all(h)                                      # the flop is out, one burn
    burn = h.burns[0]
    r = h.stub_dropped("mixed", rng=random.Random(2))
    assert r.rule == "TDA RP-4 3" and h.burns == [] and burn in h._deck[h._deck_pos:]
    while not h.is_complete:
        h.check_call()
    assert len(h.board) == 5
    same_after_replay(h)


def test_tda_rp_4_stub_only_reshuffled_board_so_far_stays():
    h = hand("tda-2024")
    check_all(h)
    flop, stub = list(h.board), set(h._deck[h._deck_pos:])
    h.stub_dropped("stub-only", rng=random.Random(3))
    assert h.board == flop and set(h._deck[h._deck_pos:]) >= stub    # the stub cards only
    with pytest.raises(IllegalAction, match="ruled on already"):
        h.board_error("no-burn")                      # the flop's deck order is gone
    with pytest.raises(LeftToDirector):
        hand().stub_dropped("stub-only")              # IFP: the TD


def test_a_seeded_hand_stays_reproducible_through_an_irregularity_without_rng():
    """The deck completed beyond the cards drawn in an order drawn from them (DESIGN:
    determinism): the same seed, the same irregularity, the same cards after."""
    decks = []
    for _ in range(2):
        h = hand(GANANDA_RULES, seed=21)
        h.deal_error("boxed-card", card=text(h._deck[2 * N + 1]))
        decks.append(list(h._deck))
    assert decks[0] == decks[1] and len(decks[0]) == 51      # the scrap is out of the deck


def test_ifp_27_the_others_face_the_betting_as_before_the_returned_raise():
    """UTG's raise to 100 is returned when the dealer kills his hand: the button faces the big
    blind again, the minimum raise-to one more big blind (IFP 37: the largest prior raise)."""
    h = hand()
    h.raise_to(100)
    h.kill_hand(2)
    la = h.legal_actions()
    assert (la.player, la.call, la.min_raise_to) == (3, 10, 20)
    while not h.is_complete:
        h.check_call()
    assert sum(h.stacks) == 4000
    same_after_replay(h)
